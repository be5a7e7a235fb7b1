/**
 * Guest mode (Bot API 10.0; ADR 0047). A bot that supports guest queries (getMe's
 * supports_guest_queries, a setting of the bot) can be summoned by a person who mentions it
 * (`@bot_username`) in a group or supergroup the bot is not a member of. The bot gets a
 * `guest_message` update: the person's Message with a `guest_query_id`. It answers once, within a
 * day, with answerGuestQuery and an inline result: the message goes into that chat from the bot,
 * replying to the summoning message, with `guest_bot_caller_user` the person, and always with an
 * inline_message_id (SentGuestMessage), by which the bot may edit it later.
 */
import { isPresent, memberState } from '../chats/chat-rights.js';
import { PlatformError } from '../core/errors.js';
import type { PlatformDeps } from '../core/platform-deps.js';
import type { Files } from '../files/files.js';
import { inlineMessageContent } from '../inline/inline-content.js';
import type { StoredResult } from '../inline/inline-queries.js';
import type { Messages } from '../messages/messages.js';
import type { EnqueueTx, UpdateQueue } from '../updates/update-queue.js';
import { renderUser, type Users } from '../users/users.js';
import type { MessageContent } from '../core/wire-types.js';
import type { ChatRow, MessageRow } from '../../storage/store.js';
import type { RenderReader } from '../core/store-ports.js';
import type { GuestWriter } from '../../storage/ports/guest.js';
import type { SettingsReader } from '../../storage/ports/settings.js';

/** A guest query may be answered once within a day of the summoning message (ADR 0047). */
export const GUEST_QUERY_LIFETIME = 86_400;

export const guestQueriesKey = (botId: number) => `bot:${botId}:supports_guest_queries`;

/** Whether the bot supports guest queries (getMe). */
export async function supportsGuestQueries(reader: SettingsReader, botId: number): Promise<boolean> {
  return (await reader.getSetting(guestQueriesKey(botId))) === '1';
}

/** The usernames a text mentions (its `mention` entities), without the `@`. */
function mentioned(content: MessageContent): string[] {
  const text = content.text ?? content.caption ?? '';
  const entities = content.text !== undefined ? content.entities : content.caption_entities;
  return (entities ?? [])
    .filter((e) => e.type === 'mention')
    .map((e) => text.slice(e.offset + 1, e.offset + e.length).toLowerCase());
}

export class GuestQueries {
  constructor(
    private readonly deps: PlatformDeps,
    private readonly parts: { users: Users; messages: Messages; updates: UpdateQueue; files: Files },
  ) {}

  /** A bot's own setting: whether it supports guest queries (control API). */
  async setSupported(botRef: string, enabled: boolean): Promise<void> {
    const bot = await this.parts.users.resolve(botRef, 'bot');
    await this.deps.store.write(async (tx) => tx.setSetting(guestQueriesKey(bot.id), enabled ? '1' : ''));
  }

  /**
   * Called in the write of a person's message: the guest bots it summons get `guest_message`.
   * Answers the bots to wake after the commit.
   */
  async onPersonMessage(
    tx: EnqueueTx & GuestWriter & RenderReader,
    chat: ChatRow,
    row: MessageRow,
  ): Promise<number[]> {
    if (chat.type !== 'group' && chat.type !== 'supergroup') return [];
    const content = JSON.parse(row.body) as MessageContent;
    const names = [...new Set(mentioned(content))];
    const woken: number[] = [];
    const now = this.deps.clock.now();
    for (const name of names) {
      const user = await tx.getUserByUsername(name);
      if (!user?.is_bot || !(await supportsGuestQueries(tx, user.id))) continue;
      if (isPresent(memberState(await tx.getMember(chat.pk, user.id), now))) continue;
      const id = this.deps.random.bytes(18).toString('base64url');
      await tx.deleteGuestQueriesBefore(now - GUEST_QUERY_LIFETIME);
      await tx.insertGuestQuery({
        id,
        bot_id: user.id,
        chat_pk: chat.pk,
        message_id: row.message_id,
        caller_id: row.sender_id!,
        created_at: now,
        answered_at: null,
      });
      const payload = { ...(await this.parts.messages.render(tx, chat, row, user.id)), guest_query_id: id };
      const queued = await this.parts.updates.enqueue(tx, user.id, {
        type: 'guest_message',
        payload,
        queueKey: `c${chat.id}`,
        date: row.date,
      });
      if (queued !== null) woken.push(user.id);
    }
    return woken;
  }

  /** answerGuestQuery: the bot's answer goes into the chat, replying to the summoning message. */
  async answer(botId: number, queryId: string, result: StoredResult): Promise<{ inline_message_id: string }> {
    const { store, clock, random, config } = this.deps;
    const { users, messages, updates } = this.parts;
    const invalid = () => new PlatformError('QUERY_INVALID', 'query is too old or query ID is invalid');
    const now = clock.now();
    const row = await store.getGuestQuery(queryId);
    if (!row || row.bot_id !== botId || row.answered_at !== null) throw invalid();
    if (now - row.created_at > GUEST_QUERY_LIFETIME) throw invalid();
    const bot = await users.resolve(botId, 'bot');
    const caller = await users.resolve(row.caller_id, 'user');
    // Files by URL are downloaded before the write: no network I/O inside a transaction.
    const content: MessageContent = {
      ...(await inlineMessageContent(this.parts.files, config.profile, bot.id, result.send)),
      guest_bot_caller_user: renderUser(caller),
    };
    const inlineMessageId = random.bytes(24).toString('base64url');
    content._inline_message_id = inlineMessageId;
    if (result.result.reply_markup !== undefined) content.reply_markup = result.result.reply_markup;
    const sent = await store.write(async (tx) => {
      if (!(await tx.answerGuestQuery(queryId, now))) throw invalid();
      const chat = await tx.getChat(row.chat_pk);
      if (!chat) throw invalid();
      if (await tx.getMessage(chat.pk, row.message_id)) content._reply_to = row.message_id;
      const message = await messages.insertServiceMessage(tx, chat, bot.id, content);
      await tx.insertInlineMessage({
        id: inlineMessageId,
        bot_id: bot.id,
        chat_pk: chat.pk,
        message_id: message.message_id,
      });
      const notified: number[] = [];
      for (const other of await messages.botsOf(tx, chat, bot.id, message)) {
        const payload = await messages.render(tx, chat, message, other);
        const queued = await updates.enqueue(tx, other, {
          type: 'message',
          payload,
          queueKey: `c${payload.chat.id}`,
          date: message.date,
        });
        if (queued !== null) notified.push(other);
      }
      return { chat, message, notified };
    });
    for (const other of sent.notified) updates.notify(other);
    messages.announceServiceMessage(sent.chat, sent.message);
    return { inline_message_id: inlineMessageId };
  }
}
