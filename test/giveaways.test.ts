/**
 * Giveaways over real HTTP with grammY (ADR 0056): a person who administers a channel or supergroup
 * starts one through the control API; the chat's bots get giveaway_created and giveaway; at
 * winners_selection_date on the virtual clock the winners are drawn among the people of the chat,
 * Stars prizes reach their balances, each winner's boost reaches the administrator bots as
 * chat_boost (source `giveaway`), and the chat gets giveaway_winners or giveaway_completed.
 */
import { Bot } from 'grammy';
import type { ChatBoostUpdated, Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { first, groupKit, kinds } from './helpers/groups.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const DAY = 86_400;
const HOUR = 3600;

const balance = async (user: number) => (await control().getStarBalance({ user })).amount;

describe('giveaways', () => {
  it('a Stars giveaway in a channel: the admin bot hears it, the winners get the Stars and boost the chat', async () => {
    const owner = await person('Olga');
    const fans = [await person('Fay'), await person('Finn'), await person('Flo'), await person('Fred')];
    const admin = await bot('giveadmin');
    const channel = await control().createChat({
      owner: owner.id,
      title: 'Prizes',
      type: 'channel',
      members: fans.map((fan) => fan.id),
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: admin.record.id,
      rights: { can_post_messages: true },
    });
    await admin.updates();
    await control().grantStars({ user: owner.id, amount: 1000 });

    const posts: Message[] = [];
    const boosts: ChatBoostUpdated[] = [];
    const grammy = new Bot(admin.token, { client: { apiRoot: server.url } });
    grammy.on('channel_post', (ctx) => void posts.push(ctx.channelPost));
    grammy.on('chat_boost', (ctx) => void boosts.push(ctx.chatBoost));
    await new Promise<void>((resolve) => void grammy.start({ onStart: () => resolve() }));
    try {
      const { now } = await control().getClock();
      const started = await control().startGiveaway({
        user: owner.id,
        chat: channel.id,
        winner_count: 3,
        until_date: now + HOUR,
        prize_star_count: 1000,
        has_public_winners: true,
        prize_description: 'A mug',
        country_codes: ['de'],
      });
      expect(started).toMatchObject({
        chat_id: channel.id,
        state: 'pending',
        winner_count: 3,
        prize_star_count: 1000,
        country_codes: ['DE'],
      });
      expect(await balance(owner.id)).toBe(0);

      await waitFor(() => posts.length === 2, { what: 'giveaway_created and giveaway' });
      expect(posts[0]).toMatchObject({
        chat: { id: channel.id, type: 'channel' },
        sender_chat: { id: channel.id },
        giveaway_created: { prize_star_count: 1000 },
      });
      expect(posts[1]!.message_id).toBe(started.message_id);
      expect(posts[1]!.giveaway).toEqual({
        chats: [{ id: channel.id, type: 'channel', title: 'Prizes' }],
        winners_selection_date: now + HOUR,
        winner_count: 3,
        has_public_winners: true,
        prize_description: 'A mug',
        country_codes: ['DE'],
        prize_star_count: 1000,
      });

      // Not drawn before its date.
      await control().advanceClock(HOUR - 600);
      expect((await control().getGiveaway({ chat: channel.id, message_id: started.message_id })).state).toBe(
        'pending',
      );
      await control().advanceClock(1200);
      const done = await waitFor(
        async () => {
          const record = await control().getGiveaway({ chat: channel.id, message_id: started.message_id });
          return record.state === 'completed' && record;
        },
        { what: 'the draw' },
      );
      const winners = done.winners!;
      expect(winners).toHaveLength(3);
      expect(new Set(winners).size).toBe(3);
      for (const id of winners) expect(fans.map((fan) => fan.id)).toContain(id);
      expect(done.unclaimed_prize_count).toBe(0);

      // 1000 Stars in 3 prizes: 333 each, the Star left over goes back to the creator.
      for (const fan of fans) expect(await balance(fan.id)).toBe(winners.includes(fan.id) ? 333 : 0);
      expect(await balance(owner.id)).toBe(1);

      await waitFor(() => posts.length === 3 && boosts.length === 3, { what: 'giveaway_winners and boosts' });
      expect(posts[2]).toMatchObject({ chat: { id: channel.id }, sender_chat: { id: channel.id } });
      const result = posts[2]!.giveaway_winners!;
      expect(result).toMatchObject({
        chat: { id: channel.id, type: 'channel' },
        giveaway_message_id: started.message_id,
        winners_selection_date: now + HOUR,
        winner_count: 3,
        prize_star_count: 1000,
        prize_description: 'A mug',
      });
      expect(result.winners.map((user) => user.id).sort()).toEqual([...winners].sort());
      for (const update of boosts) {
        expect(update.chat.id).toBe(channel.id);
        expect(update.boost.source).toEqual({
          source: 'giveaway',
          giveaway_message_id: started.message_id,
          prize_star_count: 1000,
        });
        expect(update.boost.expiration_date - update.boost.add_date).toBe(365 * DAY);
      }
      // A winner's boost is theirs (getUserChatBoosts), and leaves their own four boosts free.
      const winner = winners[0]!;
      expect((await admin.api.getUserChatBoosts(channel.id, winner)).boosts).toHaveLength(1);
      for (let i = 0; i < 4; i++) await control().boostChat({ user: winner, chat: channel.id });
    } finally {
      await grammy.stop();
    }
  });

  it('a Premium giveaway in a supergroup for new members only: giveaway_completed replies to the giveaway', async () => {
    const owner = await person('Olga');
    const old = await person('Oscar');
    const admin = await bot('giveadmin');
    const group = await control().createChat({
      owner: owner.id,
      title: 'Club',
      type: 'supergroup',
      members: [old.id, admin.record.id],
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: group.id,
      user: admin.record.id,
      rights: { can_delete_messages: true },
    });
    await admin.updates();
    const { now } = await control().getClock();
    const started = await control().startGiveaway({
      user: owner.id,
      chat: group.id,
      winner_count: 2,
      until_date: now + DAY,
      premium_subscription_month_count: 3,
      only_new_members: true,
    });
    const created = await admin.updates();
    expect(kinds(created)).toEqual(['message', 'message']);
    expect(created[0]!.message).toMatchObject({ from: { id: owner.id }, giveaway_created: {} });
    expect(created[1]!.message).toMatchObject({
      message_id: started.message_id,
      giveaway: { winner_count: 2, only_new_members: true, premium_subscription_month_count: 3 },
    });

    const newcomer = await person('Nina');
    await control().addChatMember({ by: owner.id, chat: group.id, user: newcomer.id });
    await admin.updates();
    await control().advanceClock(DAY + 600);
    const done = await waitFor(
      async () => {
        const record = await control().getGiveaway({ chat: group.id, message_id: started.message_id });
        return record.state === 'completed' && record;
      },
      { what: 'the draw' },
    );
    // Oscar was in the club at the start, the owner started it: only Nina could win.
    expect(done).toMatchObject({ winners: [newcomer.id], unclaimed_prize_count: 1 });
    expect(await balance(owner.id)).toBe(0);

    const updates = await waitFor(
      async () => {
        const list = await admin.updates();
        return list.length > 0 && list;
      },
      { what: 'the end of the giveaway' },
    );
    const boost = first(updates, 'chat_boost') as unknown as ChatBoostUpdated;
    expect(boost.boost.source).toEqual({
      source: 'giveaway',
      giveaway_message_id: started.message_id,
      user: expect.objectContaining({ id: newcomer.id }),
    });
    expect(boost.boost.expiration_date - boost.boost.add_date).toBe(90 * DAY);
    const completed = first(updates, 'message') as unknown as Message;
    expect(completed.giveaway_completed).toMatchObject({
      winner_count: 1,
      unclaimed_prize_count: 1,
      giveaway_message: { message_id: started.message_id, giveaway: { winner_count: 2 } },
    });
    expect(completed.giveaway_completed!.is_star_giveaway).toBeUndefined();
    expect(completed.reply_to_message?.message_id).toBe(started.message_id);
    expect(updates.some((update) => JSON.stringify(update).includes('giveaway_winners'))).toBe(false);
  });

  it('refuses people who do not administer the chat, basic groups, bad prizes and a short balance, changing nothing', async () => {
    const owner = await person('Olga');
    const member = await person('Max');
    const admin = await bot('giveadmin');
    const channel = await control().createChat({
      owner: owner.id,
      title: 'Quiet',
      type: 'channel',
      members: [member.id],
    });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: admin.record.id,
      rights: { can_post_messages: true },
    });
    await admin.updates();
    await control().grantStars({ user: owner.id, amount: 50 });
    const { now } = await control().getClock();
    const valid = { user: owner.id, chat: channel.id, winner_count: 1, until_date: now + HOUR };

    await expect(
      control().startGiveaway({ ...valid, user: member.id, premium_subscription_month_count: 3 }),
    ).rejects.toMatchObject({ status: 403, error: 'CHAT_ADMIN_REQUIRED' });
    await expect(control().startGiveaway({ ...valid, prize_star_count: 100 })).rejects.toMatchObject({
      status: 400,
      error: 'BALANCE_TOO_LOW',
    });
    for (const bad of [
      { ...valid },
      { ...valid, prize_star_count: 10, premium_subscription_month_count: 3 },
      { ...valid, premium_subscription_month_count: 5 },
      { ...valid, until_date: now - 10, premium_subscription_month_count: 3 },
      { ...valid, winner_count: 101, premium_subscription_month_count: 3 },
    ]) {
      await expect(control().startGiveaway(bad), JSON.stringify(bad)).rejects.toMatchObject({ status: 400 });
    }
    const group = await control().createChat({ owner: owner.id, title: 'Basic', type: 'group' });
    await expect(
      control().startGiveaway({ ...valid, chat: group.id, premium_subscription_month_count: 3 }),
    ).rejects.toMatchObject({ status: 400 });

    expect(await balance(owner.id)).toBe(50);
    expect(await admin.updates()).toEqual([]);
    await expect(control().getGiveaway({ chat: channel.id, message_id: 1 })).rejects.toMatchObject({
      status: 404,
      error: 'MESSAGE_NOT_FOUND',
    });
  });
});
