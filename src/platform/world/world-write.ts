/**
 * Writes a planned world (world-plan.ts) in one write (ADR 0102): all of it or, if anything fails
 * (a row taken by a concurrent call since the plan looked), none of it. Then the bots with a
 * webhook are announced, as setWebhook announces one, so that the webhook worker takes them.
 */
import { UniqueViolation } from '../../storage/store.js';
import type { Platform } from '../assembly/platform.js';
import { PlatformError } from '../core/errors.js';
import type { ChatTarget, WorldPlan } from './world-rows.js';
import type { WorldImported } from './world-types.js';

export async function writeWorld(platform: Platform, plan: WorldPlan): Promise<WorldImported> {
  const { store, bus, clock } = platform.deps;
  const now = clock.now();
  await store
    .write(async (tx) => {
      for (const { user, devices } of plan.people) {
        await tx.insertUser(user);
        for (const device of devices) await tx.gateway.insertDevice({ ...device, user_id: user.id });
      }
      for (const { user, bot } of plan.bots) {
        await tx.insertUser(user);
        await tx.insertBot(bot);
      }
      const pks: number[] = [];
      for (const chat of plan.chats) {
        const pk = await tx.insertChat(chat.row);
        pks.push(pk);
        for (const member of chat.members) await tx.upsertMember({ ...member, chat_pk: pk });
        for (const message of chat.messages) await tx.insertMessage({ ...message, chat_pk: pk });
        for (const topic of chat.topics) await tx.insertForumTopic({ ...topic, chat_pk: pk });
        for (const link of chat.links) await tx.insertInviteLink({ ...link, chat_pk: pk });
        for (const id of chat.pins) await tx.pinMessage(pk, id, now);
        for (const reaction of chat.reactions) await tx.setMessageReaction({ ...reaction, chat_pk: pk });
      }
      const pkOf = (target: ChatTarget) => ('pk' in target ? target.pk : pks[target.index]!);
      for (const { settings } of plan.bots) {
        for (const setting of settings) {
          const key = 'key' in setting ? setting.key : setting.keyOf(pkOf(setting.chat));
          await tx.setSetting(key, setting.value);
        }
      }
      for (const account of plan.accounts) {
        const id = await tx.gateway.insertAccount(account.row);
        if (account.balance > 0) {
          const balance = await tx.gateway.credit(id, account.balance);
          await tx.gateway.insertLedger({
            account_id: id,
            kind: 'top_up',
            amount: account.balance,
            balance_after: balance,
            request_id: null,
            created_at: now,
          });
        }
        for (const [prefix, price] of account.prices) await tx.gateway.setPrice(id, prefix, price);
        account.id = id;
      }
    })
    .catch((error: unknown) => {
      // The plan found the file's ids and names free; a concurrent call took one since.
      if (error instanceof UniqueViolation) {
        throw new PlatformError(
          'BAD_REQUEST',
          `the world could not be imported: ${error.constraint} was taken meanwhile`,
        );
      }
      throw error;
    });
  for (const { bot } of plan.bots) {
    if (bot.webhook_url !== '') bus.emit('webhook.changed', { botId: bot.id });
  }
  return {
    people: plan.people.map(({ user }) => ({ id: user.id, phone_number: user.phone_number! })),
    bots: plan.bots.map(({ user, token }) => ({ id: user.id, username: user.username!, token })),
    chats: plan.chats.map(({ row }) => ({ id: row.id, type: row.type, title: row.title })),
    gateway_accounts: plan.accounts.map((account) => ({
      id: account.id!,
      owner_user_id: account.row.owner_user_id,
      access_token: account.token,
    })),
    messages: plan.chats.reduce((sum, chat) => sum + chat.messages.length, 0),
  };
}
