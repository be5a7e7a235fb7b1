/**
 * deleteMessageReaction and deleteAllMessageReactions over real HTTP with grammY's Api and the
 * control API: people react, an administrator bot with can_delete_messages removes their
 * reactions, the `message_reaction` updates carry the old and new lists, the people see the
 * reactions gone, and refused calls answer the reference's texts and change nothing.
 */
import { Api, GrammyError } from 'grammy';
import type { ReactionType, Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { chatInStorage } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

let counter = 0;
async function setup() {
  counter += 1;
  const user = await server.control.createUser({ phone_number: phone(), first_name: 'Ann' });
  const bot = await server.control.createBot({ username: `rr${counter}_${process.pid % 1000}_bot` });
  const api = new Api(bot.token, { apiRoot: server.url });
  let offset = 0;
  const allowed = ['message', 'message_reaction'];
  const updates = async (): Promise<Update[]> => {
    const list = await api.getUpdates({ offset, timeout: 0, allowed_updates: allowed as never });
    if (list.length > 0) offset = list[list.length - 1]!.update_id + 1;
    return list;
  };
  await api.getUpdates({ timeout: 0, allowed_updates: allowed as never });
  await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: '/start' });
  await updates();
  return { user, bot, api, updates, me: user.phone_number };
}

async function errorOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error('the call succeeded');
}

const emoji = (e: string): ReactionType => ({ type: 'emoji', emoji: e as never });

/** A supergroup: `owner`'s user is the creator, its bot may delete messages, `other`'s bot may not. */
async function team() {
  const owner = await setup();
  const other = await setup();
  const person = await server.control.createUser({ phone_number: phone(), first_name: 'Bo' });
  const group = await chatInStorage(server, 'supergroup', [
    [owner.user.id, 'creator'],
    [person.id, 'member'],
    [owner.bot.id, 'administrator', { rights: { can_manage_chat: true, can_delete_messages: true } }],
    [other.bot.id, 'administrator', { rights: { can_manage_chat: true, can_pin_messages: true } }],
  ]);
  const post = async (text: string) =>
    (await server.control.sendMessage({ from: owner.me, chat: group, text })).message_id;
  const react = (who: string | number, messageId: number, e: string[]) =>
    server.control.react({ user: who, chat: group, message_id: messageId, emoji: e });
  const view = (who: string | number, messageId: number) =>
    server.control.getReactions({ user: who, chat: group, message_id: messageId });
  return { owner, other, person, group, post, react, view };
}

describe('deleteMessageReaction', () => {
  it("removes a person's reactions to one message and announces it as their own removal", async () => {
    const t = await team();
    const first = await t.post('one');
    const second = await t.post('two');
    await t.react(t.person.id, first, ['👍', '🔥']);
    await t.react(t.person.id, second, ['🎉']);
    await t.react(t.owner.me, first, ['👍']);
    await t.owner.updates();

    // An administrator without can_delete_messages is refused, and nothing changes.
    expect(await errorOf(t.other.api.deleteMessageReactionUser(t.group, first, t.person.id))).toBe(
      'Bad Request: not enough rights',
    );
    expect((await t.view(t.person.id, first)).chosen).toEqual([emoji('👍'), emoji('🔥')]);

    expect(await t.owner.api.deleteMessageReactionUser(t.group, first, t.person.id)).toBe(true);
    const [update, ...rest] = await t.owner.updates();
    expect(rest).toEqual([]);
    expect(update!.message_reaction).toEqual({
      chat: expect.objectContaining({ id: t.group, type: 'supergroup' }),
      message_id: first,
      user: { id: t.person.id, is_bot: false, first_name: 'Bo' },
      date: expect.any(Number),
      old_reaction: [emoji('👍'), emoji('🔥')],
      new_reaction: [],
    });
    expect(await t.view(t.person.id, first)).toMatchObject({
      reactions: [{ type: emoji('👍'), total_count: 1 }],
      chosen: [],
    });
    expect((await t.view(t.person.id, second)).chosen).toEqual([emoji('🎉')]);

    // Nothing left to remove: true, and no update.
    expect(await t.owner.api.deleteMessageReactionUser(t.group, first, t.person.id)).toBe(true);
    expect(await t.owner.updates()).toEqual([]);
  });

  it('counts the rights of a creator bot in a basic group', async () => {
    const s = await setup();
    const group = await chatInStorage(server, 'group', [
      [s.bot.id, 'creator'],
      [s.user.id, 'member'],
    ]);
    const sent = await s.api.sendMessage(group, 'rate me');
    await server.control.react({ user: s.me, chat: group, message_id: sent.message_id, emoji: ['😁'] });
    await s.updates();
    expect(await s.api.deleteMessageReactionUser(group, sent.message_id, s.user.id)).toBe(true);
    const [update] = await s.updates();
    expect(update!.message_reaction).toMatchObject({
      chat: { id: group, type: 'group' },
      old_reaction: [emoji('😁')],
      new_reaction: [],
    });
    expect(
      (await server.control.getReactions({ user: s.me, chat: group, message_id: sent.message_id })).reactions,
    ).toEqual([]);
  });

  it('answers the reference texts for refusals', async () => {
    const t = await team();
    const first = await t.post('one');
    await t.react(t.person.id, first, ['👍']);
    const api = t.owner.api;
    expect(await errorOf(api.deleteMessageReactionUser(t.group, 999, t.person.id))).toBe(
      'Bad Request: message to react not found',
    );
    expect(await errorOf(api.deleteMessageReactionChat(t.group, first, -100123))).toBe(
      'Bad Request: actor_chat_id is not supported: reactions are added by users only; specify user_id',
    );
    expect(await errorOf(api.raw.deleteMessageReaction({ chat_id: t.group, message_id: first }))).toBe(
      'Bad Request: invalid user_id specified',
    );
    expect(await errorOf(api.deleteMessageReactionUser(-1_999_999_999_999, first, t.person.id))).toBe(
      'Bad Request: chat not found',
    );
    // Private chats and channels have no such method.
    const sent = await api.sendMessage(t.owner.user.id, 'hi');
    await server.control.react({
      user: t.owner.me,
      chat: `@${t.owner.bot.username}`,
      message_id: sent.message_id,
      emoji: ['👍'],
    });
    expect(
      await errorOf(api.deleteMessageReactionUser(t.owner.user.id, sent.message_id, t.owner.user.id)),
    ).toBe('Bad Request: method is available for group and supergroup chats only');
    const channel = await chatInStorage(server, 'channel', [
      [t.owner.user.id, 'creator'],
      [t.owner.bot.id, 'administrator', { rights: { can_manage_chat: true, can_delete_messages: true } }],
    ]);
    const news = await server.control.sendMessage({ from: t.owner.me, chat: channel, text: 'news' });
    expect(await errorOf(api.deleteMessageReactionUser(channel, news.message_id, t.owner.user.id))).toBe(
      'Bad Request: method is available for group and supergroup chats only',
    );
    expect((await t.view(t.person.id, first)).chosen).toEqual([emoji('👍')]);
  });
});

describe('deleteAllMessageReactions', () => {
  it("removes a person's reactions in the chat, with one update per message", async () => {
    const t = await team();
    const first = await t.post('one');
    const second = await t.post('two');
    const third = await t.post('three');
    await t.react(t.person.id, first, ['👍']);
    await t.react(t.person.id, second, ['🎉', '❤']);
    await t.react(t.owner.me, third, ['🔥']);
    await t.owner.updates();

    expect(await errorOf(t.other.api.deleteAllMessageReactionsUser(t.group, t.person.id))).toBe(
      'Bad Request: not enough rights',
    );
    expect(await t.owner.api.deleteAllMessageReactionsUser(t.group, t.person.id)).toBe(true);
    const list = (await t.owner.updates()).map((u) => u.message_reaction!);
    expect(list.map((r) => [r.message_id, r.user?.id, r.old_reaction, r.new_reaction])).toEqual(
      expect.arrayContaining([
        [first, t.person.id, [emoji('👍')], []],
        [second, t.person.id, [emoji('🎉'), emoji('❤')], []],
      ]),
    );
    expect(list).toHaveLength(2);
    for (const id of [first, second])
      expect(await t.view(t.person.id, id)).toMatchObject({ reactions: [], chosen: [] });
    // Other people's reactions stay.
    expect((await t.view(t.owner.me, third)).chosen).toEqual([emoji('🔥')]);

    expect(await errorOf(t.owner.api.deleteAllMessageReactionsChat(t.group, -100123))).toBe(
      'Bad Request: actor_chat_id is not supported: reactions are added by users only; specify user_id',
    );
  });
});
