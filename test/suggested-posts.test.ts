/**
 * Channels' direct messages and suggested posts end to end with grammY (ADR 0053): the owner turns
 * a channel's direct messages on, a person writes and suggests posts with a price in Stars through
 * the control API, administrator bots approve (the price leaves the person's Stars, the post is
 * published now or at its date on the virtual clock, the channel is paid a day later) or decline
 * them; a paid post deleted within the day is refunded. Refusals change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { failure, first, groupKit, kinds, type TestBot, type Update } from './helpers/groups.js';
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

/** approveSuggestedPost / declineSuggestedPost through grammY's raw API. */
const approve = (b: TestBot, chatId: number, messageId: number, sendDate?: number) =>
  b.api.raw.approveSuggestedPost({
    chat_id: chatId,
    message_id: messageId,
    ...(sendDate !== undefined ? { send_date: sendDate } : {}),
  });
const decline = (b: TestBot, chatId: number, messageId: number, comment?: string) =>
  b.api.raw.declineSuggestedPost({
    chat_id: chatId,
    message_id: messageId,
    ...(comment !== undefined ? { comment } : {}),
  });

/** The `message` updates' messages among `updates`. */
const messagesOf = (updates: Update[]) =>
  updates.filter((u) => u.message !== undefined).map((u) => u.message as Record<string, unknown>);
/** The `channel_post` updates among `updates`. */
const channelPosts = (updates: Update[]) => updates.filter((u) => u.channel_post !== undefined);

/** Waits until the bot has an update whose message has `field`; answers that message. */
async function nextWith(b: TestBot, field: string, type = 'message'): Promise<Record<string, unknown>> {
  let seen: Update[] = [];
  return waitFor(
    async () => {
      seen = [...seen, ...(await b.updates())];
      return seen
        .map((u) => u[type] as Record<string, unknown> | undefined)
        .find((m) => m?.[field] !== undefined);
    },
    { what: `${type} with ${field}` },
  );
}

/** A channel with a poster bot (can_post_messages, can_manage_direct_messages) and a watcher bot. */
async function scene(name: string) {
  const owner = await person('Olga');
  const author = await person('Paula');
  const poster = await bot(`${name}p`);
  const watcher = await bot(`${name}w`);
  const channel = await control().createChat({ owner: owner.id, title: `${name} news`, type: 'channel' });
  await control().promoteChatMember({
    by: owner.id,
    chat: channel.id,
    user: poster.record.id,
    rights: { can_post_messages: true, can_manage_direct_messages: true, can_delete_messages: true },
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: channel.id,
    user: watcher.record.id,
    rights: { can_invite_users: true },
  });
  const dm = await control().enableDirectMessages({ by: owner.id, chat: channel.id });
  await poster.updates();
  await watcher.updates();
  return { owner, author, poster, watcher, channel, dm };
}

describe('channel direct messages', () => {
  it('makes the direct-messages chat of a channel; people write in topics of their own', async () => {
    const owner = await person('Olga');
    const author = await person('Paula');
    const poster = await bot('dmp');
    const channel = await control().createChat({ owner: owner.id, title: 'Daily', type: 'channel' });
    await control().promoteChatMember({
      by: owner.id,
      chat: channel.id,
      user: poster.record.id,
      rights: { can_post_messages: true, can_manage_direct_messages: true },
    });
    await poster.updates();
    // Before they are on, there is nothing to write to.
    await expect(
      control().sendDirectMessage({ user: author.id, chat: channel.id, text: 'hello?' }),
    ).rejects.toMatchObject({ status: 404, error: 'CHAT_NOT_FOUND' });
    // Only the owner (or an administrator with can_manage_direct_messages) turns them on.
    await expect(control().enableDirectMessages({ by: author.id, chat: channel.id })).rejects.toMatchObject({
      error: 'CHAT_NOT_FOUND',
    });

    const dm = await control().enableDirectMessages({ by: owner.id, chat: channel.id });
    expect(dm).toMatchObject({
      type: 'supergroup',
      title: 'Daily',
      is_direct_messages: true,
      parent_chat: { id: channel.id, type: 'channel', title: 'Daily' },
      enabled: true,
      channel_star_balance: { amount: 0 },
    });
    expect(dm.id).not.toBe(channel.id);
    // The channel hears of it.
    expect(first(await poster.updates(), 'channel_post')).toMatchObject({
      chat: { id: channel.id },
      direct_message_price_changed: { are_direct_messages_enabled: true, direct_message_star_count: 0 },
    });
    // The bot administers the chat: getChat shows its channel.
    const info = (await poster.api.getChat(dm.id)) as unknown as Record<string, unknown>;
    expect(info).toMatchObject({
      id: dm.id,
      type: 'supergroup',
      is_direct_messages: true,
      parent_chat: { id: channel.id, type: 'channel', title: 'Daily' },
    });

    const sent = await control().sendDirectMessage({
      user: author.id,
      chat: channel.id,
      text: 'Love the show',
    });
    const topic = {
      topic_id: author.id,
      user: expect.objectContaining({ id: author.id, first_name: 'Paula' }),
    };
    expect(sent).toMatchObject({
      chat: { id: dm.id, type: 'supergroup', is_direct_messages: true },
      from: { id: author.id },
      direct_messages_topic: topic,
      text: 'Love the show',
    });
    const [got] = messagesOf(await poster.updates());
    expect(got).toMatchObject({
      message_id: sent.message_id,
      chat: { id: dm.id, is_direct_messages: true },
      from: { id: author.id },
      direct_messages_topic: topic,
      text: 'Love the show',
    });
    expect(got).not.toHaveProperty('suggested_post_info');

    // Off again: the channel hears of it, and people can no longer write.
    expect(
      await control().enableDirectMessages({ by: owner.id, chat: channel.id, enabled: false }),
    ).toMatchObject({
      id: dm.id,
      enabled: false,
    });
    expect(first(await poster.updates(), 'channel_post')).toMatchObject({
      direct_message_price_changed: { are_direct_messages_enabled: false },
    });
    await expect(
      control().sendDirectMessage({ user: author.id, chat: dm.id, text: 'still there?' }),
    ).rejects.toMatchObject({ status: 403, error: 'CHAT_WRITE_FORBIDDEN' });
  });
});

describe('suggested posts', () => {
  it('approves a paid post: charged at approval, published now, paid out to the channel a day later', async () => {
    const { author, poster, watcher, channel, dm } = await scene('pay');
    const suggestion = await control().suggestPost({
      user: author.id,
      chat: channel.id,
      text: 'Buy *my* book',
      amount: 50,
    });
    const price = { currency: 'XTR', amount: 50 };
    expect(suggestion).toMatchObject({ suggested_post_info: { state: 'pending', price } });
    const [pending] = messagesOf(await poster.updates());
    expect(pending).toMatchObject({
      message_id: suggestion.message_id,
      chat: { id: dm.id },
      direct_messages_topic: { topic_id: author.id },
      suggested_post_info: { state: 'pending', price },
      text: 'Buy *my* book',
    });

    // Without Stars the approval fails: a service message, nothing charged, the post still pending.
    expect(await approve(poster, dm.id, suggestion.message_id)).toBe(true);
    const failed = await nextWith(poster, 'suggested_post_approval_failed');
    expect(failed).toMatchObject({
      chat: { id: dm.id },
      sender_chat: { id: channel.id, type: 'channel' },
      direct_messages_topic: { topic_id: author.id },
      suggested_post_approval_failed: {
        price,
        suggested_post_message: {
          message_id: suggestion.message_id,
          suggested_post_info: { state: 'pending' },
        },
      },
    });
    expect(failed).not.toHaveProperty('from');
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 0 });
    expect(channelPosts(await watcher.updates())).toEqual([]);

    await control().grantStars({ user: author.id, amount: 60 });
    expect(await approve(poster, dm.id, suggestion.message_id)).toBe(true);
    const approved = await nextWith(poster, 'suggested_post_approved');
    const { now } = await control().getClock();
    expect(approved).toMatchObject({
      chat: { id: dm.id },
      suggested_post_approved: {
        price,
        send_date: expect.any(Number),
        suggested_post_message: {
          message_id: suggestion.message_id,
          suggested_post_info: { state: 'approved' },
        },
      },
    });
    const sendDate = (approved.suggested_post_approved as { send_date: number }).send_date;
    expect(Math.abs(sendDate - now)).toBeLessThan(5);
    // The post is in the channel now: the other administrator bot gets it, a paid post.
    const post = await nextWith(watcher, 'is_paid_post', 'channel_post');
    expect(post).toMatchObject({
      chat: { id: channel.id },
      sender_chat: { id: channel.id },
      text: 'Buy *my* book',
    });
    expect(post).not.toHaveProperty('direct_messages_topic');
    expect(post).not.toHaveProperty('suggested_post_info');
    // The person paid; Parley holds the Stars until the post has been up a day.
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 10 });
    const ledger = await control().listStarTransactions({ user: author.id });
    expect(ledger.at(-1)).toMatchObject({ amount: 50, receiver: { type: 'chat', chat: { id: channel.id } } });
    expect((await control().getDirectMessages({ chat: channel.id })).channel_star_balance).toEqual({
      amount: 0,
    });
    // The person sees the state change on their suggestion.
    const [mine] = await control()
      .listMessages({ user: author.id, chat: dm.id, limit: 10 })
      .then((list) => list.filter((m) => m.message_id === suggestion.message_id));
    expect(mine).toMatchObject({ suggested_post_info: { state: 'approved', price } });

    // Approved once: a second approval or a decline is refused and changes nothing.
    expect(await failure(approve(poster, dm.id, suggestion.message_id))).toMatchObject({
      code: 400,
      description: 'Bad Request: suggested post was already approved',
    });
    expect((await failure(decline(poster, dm.id, suggestion.message_id))).description).toBe(
      'Bad Request: suggested post was already approved',
    );
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 10 });

    // Not yet paid out well before the day is over ...
    await control().advanceClock(DAY - 600);
    expect(messagesOf(await poster.updates())).toEqual([]);
    // ... and paid to the channel once it is.
    await control().advanceClock(1200);
    const paid = await nextWith(poster, 'suggested_post_paid');
    expect(paid).toMatchObject({
      chat: { id: dm.id },
      direct_messages_topic: { topic_id: author.id },
      suggested_post_paid: {
        currency: 'XTR',
        star_amount: { amount: 50 },
        suggested_post_message: { message_id: suggestion.message_id },
      },
    });
    expect((await control().getDirectMessages({ chat: channel.id })).channel_star_balance).toEqual({
      amount: 50,
    });
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 10 });
  });

  it('charges once when approvals race', async () => {
    const { author, poster, dm } = await scene('race');
    await control().grantStars({ user: author.id, amount: 100 });
    const suggestion = await control().suggestPost({
      user: author.id,
      chat: dm.id,
      text: 'Race',
      amount: 30,
    });
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => approve(poster, dm.id, suggestion.message_id)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 70 });
    const approvals = messagesOf(await poster.updates()).filter((m) => m.suggested_post_approved);
    expect(approvals).toHaveLength(1);
  });

  it('declines a post with a comment, charging nothing; a declined post is not approved later', async () => {
    const { author, poster, channel, dm } = await scene('decl');
    await control().grantStars({ user: author.id, amount: 100 });
    const suggestion = await control().suggestPost({ user: author.id, chat: dm.id, text: 'Ad', amount: 80 });
    await poster.updates();
    expect((await failure(decline(poster, dm.id, suggestion.message_id, 'x'.repeat(129)))).description).toBe(
      'Bad Request: comment is too long',
    );
    expect(await decline(poster, dm.id, suggestion.message_id, 'Not our style')).toBe(true);
    const declined = await nextWith(poster, 'suggested_post_declined');
    expect(declined).toMatchObject({
      chat: { id: dm.id },
      sender_chat: { id: channel.id },
      suggested_post_declined: {
        comment: 'Not our style',
        suggested_post_message: {
          message_id: suggestion.message_id,
          suggested_post_info: { state: 'declined' },
        },
      },
    });
    expect(await failure(approve(poster, dm.id, suggestion.message_id))).toMatchObject({
      code: 400,
      description: 'Bad Request: suggested post was already declined',
    });
    expect((await failure(decline(poster, dm.id, suggestion.message_id))).description).toBe(
      'Bad Request: suggested post was already declined',
    );
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 100 });
    expect(messagesOf(await poster.updates())).toEqual([]);
  });

  it('publishes at the date on the virtual clock; deleting the post within a day refunds it', async () => {
    const { author, poster, watcher, channel, dm } = await scene('sched');
    await control().grantStars({ user: author.id, amount: 30 });
    const { now } = await control().getClock();
    const suggestion = await control().suggestPost({
      user: author.id,
      chat: channel.id,
      text: 'Tomorrow’s news',
      amount: 20,
      send_date: now + 3600,
    });
    expect(suggestion).toMatchObject({ suggested_post_info: { state: 'pending', send_date: now + 3600 } });
    await poster.updates();
    // The approver may not move a date the person fixed.
    expect((await failure(approve(poster, dm.id, suggestion.message_id, now + 7200))).description).toBe(
      'Bad Request: send_date was already specified for the suggested post',
    );
    expect(await approve(poster, dm.id, suggestion.message_id)).toBe(true);
    expect((await nextWith(poster, 'suggested_post_approved')).suggested_post_approved).toMatchObject({
      send_date: now + 3600,
    });
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 10 });

    // Not before its date ...
    await watcher.updates();
    await control().advanceClock(3000);
    expect(channelPosts(await watcher.updates())).toEqual([]);
    // ... and published once the date has passed.
    await control().advanceClock(1200);
    const post = await nextWith(watcher, 'is_paid_post', 'channel_post');
    expect(post).toMatchObject({ chat: { id: channel.id }, text: 'Tomorrow’s news' });

    // The channel deletes it within the day: the person gets the Stars back.
    await control().advanceClock(3600);
    expect(await poster.api.deleteMessage(channel.id, post.message_id as number)).toBe(true);
    const refunded = await nextWith(poster, 'suggested_post_refunded');
    expect(refunded).toMatchObject({
      chat: { id: dm.id },
      suggested_post_refunded: {
        reason: 'post_deleted',
        suggested_post_message: { message_id: suggestion.message_id },
      },
    });
    expect(await control().getStarBalance({ user: author.id })).toMatchObject({ amount: 30 });
    const ledger = await control().listStarTransactions({ user: author.id });
    expect(ledger.at(-1)).toMatchObject({ amount: 20, source: { type: 'chat', chat: { id: channel.id } } });
    // Nothing is paid out to the channel afterwards.
    await control().advanceClock(DAY + 600);
    await control().getClock();
    expect(kinds(await poster.updates())).toEqual([]);
    expect((await control().getDirectMessages({ chat: channel.id })).channel_star_balance).toEqual({
      amount: 0,
    });
  });

  it('refuses bad prices, bots without the right, and unknown messages, changing nothing', async () => {
    const { author, poster, watcher, channel, dm } = await scene('bad');
    await expect(
      control().suggestPost({
        user: author.id,
        chat: channel.id,
        text: 'x',
        amount: 1_000_000_000,
        currency: 'TON',
      }),
    ).rejects.toMatchObject({ status: 400, error: 'SUGGESTED_POST_INVALID' });
    await expect(
      control().suggestPost({ user: author.id, chat: channel.id, text: 'x', amount: 4 }),
    ).rejects.toMatchObject({ status: 400, error: 'SUGGESTED_POST_INVALID' });
    const { now } = await control().getClock();
    await expect(
      control().suggestPost({ user: author.id, chat: channel.id, text: 'x', send_date: now + 60 }),
    ).rejects.toMatchObject({ status: 400, error: 'SUGGESTED_POST_INVALID' });
    expect(messagesOf(await poster.updates())).toEqual([]);

    // An unpaid suggestion: the watcher lacks can_post_messages and can_manage_direct_messages.
    const suggestion = await control().suggestPost({ user: author.id, chat: channel.id, text: 'Free post' });
    expect(suggestion.suggested_post_info).toEqual({ state: 'pending' });
    await watcher.updates();
    expect((await failure(approve(watcher, dm.id, suggestion.message_id))).description).toBe(
      'Bad Request: CHAT_ADMIN_REQUIRED',
    );
    expect((await failure(decline(watcher, dm.id, suggestion.message_id))).description).toBe(
      'Bad Request: CHAT_ADMIN_REQUIRED',
    );
    expect((await failure(approve(poster, dm.id, suggestion.message_id + 1000))).description).toBe(
      'Bad Request: message not found',
    );
    // A plain message of the chat is not a suggested post.
    const plain = await control().sendDirectMessage({ user: author.id, chat: dm.id, text: 'just saying' });
    expect((await failure(approve(poster, dm.id, plain.message_id))).description).toBe(
      'Bad Request: message not found',
    );
    // The channel itself is not a direct-messages chat.
    expect((await failure(approve(poster, channel.id, suggestion.message_id))).description).toBe(
      'Bad Request: chat is not a direct messages chat',
    );

    // An approver's date is at most 30 days ahead.
    expect((await failure(approve(poster, dm.id, suggestion.message_id, now + 40 * DAY))).description).toBe(
      'Bad Request: send_date is too far in the future',
    );
    // The unpaid post is published at once, without is_paid_post, and nothing is due.
    expect(await approve(poster, dm.id, suggestion.message_id)).toBe(true);
    const approved = await nextWith(poster, 'suggested_post_approved');
    expect(approved.suggested_post_approved).not.toHaveProperty('price');
    const post = await nextWith(watcher, 'text', 'channel_post');
    expect(post).toMatchObject({ text: 'Free post' });
    expect(post).not.toHaveProperty('is_paid_post');
  });
});
