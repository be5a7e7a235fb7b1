/**
 * Reactions and pinned messages over real HTTP with grammY's Api and the control API: the updates
 * a person's reaction or pin causes and their gating (explicit allowed_updates, administrators),
 * setMessageReaction and the pin methods with the reference's error texts, and that refused calls
 * change nothing.
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
async function setup(allowed?: string[]) {
  counter += 1;
  const user = await server.control.createUser({ phone_number: phone(), first_name: 'Ann' });
  const bot = await server.control.createBot({ username: `rp${counter}_${process.pid % 1000}_bot` });
  const api = new Api(bot.token, { apiRoot: server.url });
  let offset = 0;
  const updates = async (): Promise<Update[]> => {
    const list = await api.getUpdates({
      offset,
      timeout: 5,
      ...(allowed ? { allowed_updates: allowed as never } : {}),
    });
    if (list.length > 0) offset = list[list.length - 1]!.update_id + 1;
    return list;
  };
  // Sets allowed_updates before anything happens (the filter applies when updates are created).
  if (allowed) await api.getUpdates({ timeout: 0, allowed_updates: allowed as never });
  // The person opens the chat (a bot cannot write first); its /start is confirmed away.
  await server.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: '/start' });
  const started = await api.getUpdates({ timeout: 0 });
  if (started.length > 0) offset = started[started.length - 1]!.update_id + 1;
  return { user, bot, api, updates, me: user.phone_number, chat: `@${bot.username}` };
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

describe('a person reacts', () => {
  it('gives message_reaction to a bot that asked for it explicitly, with old and new reactions', async () => {
    const s = await setup(['message', 'message_reaction']);
    const sent = await s.api.sendMessage(s.user.id, 'rate me');
    const react = (e: string[]) =>
      server.control.react({ user: s.me, chat: s.chat, message_id: sent.message_id, emoji: e });
    expect(await react(['👍'])).toMatchObject({
      message_id: sent.message_id,
      reactions: [{ type: emoji('👍'), total_count: 1 }],
      chosen: [emoji('👍')],
    });
    const [first] = await s.updates();
    expect(first!.message_reaction).toEqual({
      chat: { id: s.user.id, type: 'private', first_name: 'Ann' },
      message_id: sent.message_id,
      user: { id: s.user.id, is_bot: false, first_name: 'Ann' },
      date: expect.any(Number),
      old_reaction: [],
      new_reaction: [emoji('👍')],
    });
    // "❤️" with its variation selector is the listed "❤".
    await react(['🔥', '❤️']);
    await react(['🔥', '❤']); // no change: no update
    await react([]);
    const [second, third] = await s.updates();
    expect(second!.message_reaction).toMatchObject({
      old_reaction: [emoji('👍')],
      new_reaction: [emoji('🔥'), emoji('❤')],
    });
    expect(third!.message_reaction).toMatchObject({
      old_reaction: [emoji('🔥'), emoji('❤')],
      new_reaction: [],
    });

    await expect(react(['🫠'])).rejects.toMatchObject({ status: 400, error: 'REACTION_INVALID' });
    await expect(react(['👍', '🔥', '❤', '🎉'])).rejects.toMatchObject({
      status: 400,
      error: 'REACTION_INVALID',
    });
    await expect(
      server.control.react({ user: s.me, chat: s.chat, message_id: 999, emoji: '👍' }),
    ).rejects.toMatchObject({ status: 404, error: 'MESSAGE_NOT_FOUND' });
    expect(
      (await server.control.getReactions({ user: s.me, chat: s.chat, message_id: sent.message_id }))
        .reactions,
    ).toEqual([]);
  });

  it('gives nothing to a bot with the default allowed_updates', async () => {
    const s = await setup();
    const sent = await s.api.sendMessage(s.user.id, 'rate me');
    await server.control.react({ user: s.me, chat: s.chat, message_id: sent.message_id, emoji: '👍' });
    await server.control.sendMessage({ from: s.me, chat: s.chat, text: 'after' });
    const list = await s.updates();
    expect(list.map((u) => Object.keys(u)[1])).toEqual(['message']);
  });

  it('reaches administrator bots of a supergroup only, and as counts in a channel', async () => {
    const admin = await setup(['message_reaction', 'message_reaction_count']);
    const member = await setup(['message', 'message_reaction']);
    const group = await chatInStorage(server, 'supergroup', [
      [admin.user.id, 'creator'],
      [admin.bot.id, 'administrator', { rights: { can_pin_messages: true } }],
      [member.bot.id, 'member'],
    ]);
    const posted = await server.control.sendMessage({ from: admin.me, chat: group, text: 'hello team' });
    await server.control.react({ user: admin.me, chat: group, message_id: posted.message_id, emoji: '🎉' });
    const [update] = await admin.updates();
    expect(update!.message_reaction).toMatchObject({
      chat: { id: group, type: 'supergroup' },
      user: { id: admin.user.id },
      new_reaction: [emoji('🎉')],
    });
    await server.control.sendMessage({ from: member.me, chat: member.chat, text: 'marker' });
    const seen = await member.updates();
    expect(seen.at(-1)!.message).toMatchObject({ text: 'marker' });
    expect(seen.some((u) => u.message_reaction)).toBe(false);

    const reader = await server.control.createUser({ phone_number: phone() });
    const channel = await chatInStorage(server, 'channel', [
      [admin.user.id, 'creator'],
      [reader.id, 'member'],
      [admin.bot.id, 'administrator', { can_post_messages: true }],
    ]);
    const post = await server.control.sendMessage({ from: admin.me, chat: channel, text: 'news' });
    const state = await server.control.react({
      user: reader.id,
      chat: channel,
      message_id: post.message_id,
      emoji: '👍',
    });
    expect(state).not.toHaveProperty('recent');
    const [count] = await admin.updates();
    expect(count!.message_reaction_count).toEqual({
      chat: expect.objectContaining({ id: channel, type: 'channel' }),
      message_id: post.message_id,
      date: expect.any(Number),
      reactions: [{ type: emoji('👍'), total_count: 1 }],
    });
  });
});

describe('setMessageReaction', () => {
  it('sets one reaction that the person sees, with no update, and the reference texts for refusals', async () => {
    const s = await setup(['message', 'message_reaction']);
    const hello = await server.control.sendMessage({ from: s.me, chat: s.chat, text: 'hello' });
    await s.updates();
    const ref = { user: s.me, chat: s.chat, message_id: hello.message_id };
    expect(await s.api.setMessageReaction(s.user.id, hello.message_id, [emoji('👌')], { is_big: true })).toBe(
      true,
    );
    expect(await server.control.getReactions(ref)).toMatchObject({
      reactions: [{ type: emoji('👌'), total_count: 1 }],
      chosen: [],
      recent: [{ user: { id: s.bot.id, is_bot: true }, reaction: [emoji('👌')] }],
    });

    const set = (reaction: unknown, messageId = hello.message_id) =>
      errorOf(
        s.api.raw.setMessageReaction({
          chat_id: s.user.id,
          message_id: messageId,
          reaction: reaction as never,
        }),
      );
    expect(await set([emoji('🫠')])).toBe('Bad Request: REACTION_INVALID');
    expect(await set([emoji('👍'), emoji('🔥')])).toBe('Bad Request: REACTIONS_TOO_MANY');
    expect(await set([{ type: 'custom_emoji', custom_emoji_id: '5368324170671202286' }])).toBe(
      'Bad Request: REACTION_INVALID',
    );
    expect(await set([{ type: 'paid' }])).toBe(
      "Bad Request: can't parse ReactionType: invalid reaction type specified",
    );
    expect(await set([{ type: 'emoji' }])).toBe(
      `Bad Request: can't parse ReactionType: Can't find field "emoji"`,
    );
    expect(await set([emoji('')])).toBe('Bad Request: invalid reaction type specified');
    expect(await set({ type: 'emoji' })).toBe('Bad Request: expected an Array of ReactionType');
    expect(await set([emoji('👍')], 999)).toBe('Bad Request: message to react not found');
    expect((await server.control.getReactions(ref)).reactions).toEqual([
      { type: emoji('👌'), total_count: 1 },
    ]);

    // A custom emoji already on the message may be used; no reaction list removes the bot's.
    const custom: ReactionType = { type: 'custom_emoji', custom_emoji_id: '5368324170671202286' };
    await server.control.react({ ...ref, reaction: [custom] });
    await s.updates();
    expect(await s.api.setMessageReaction(s.user.id, hello.message_id, [custom])).toBe(true);
    expect((await server.control.getReactions(ref)).reactions).toEqual([{ type: custom, total_count: 2 }]);
    expect(await s.api.setMessageReaction(s.user.id, hello.message_id, [])).toBe(true);
    expect((await server.control.getReactions(ref)).reactions).toEqual([{ type: custom, total_count: 1 }]);
    // The bot's own reactions caused no update.
    await server.control.sendMessage({ from: s.me, chat: s.chat, text: 'marker' });
    expect((await s.updates()).map((u) => Object.keys(u)[1])).toEqual(['message']);
  });
});

describe('pinned messages', () => {
  it('pins and unpins in a private chat, with the service message the person sees', async () => {
    const s = await setup();
    const first = await server.control.sendMessage({ from: s.me, chat: s.chat, text: 'first' });
    const second = await s.api.sendMessage(s.user.id, 'second');
    await server.control.waitForMessage({ user: s.me, chat: s.chat, timeout: 5 });
    expect(await s.api.pinChatMessage(s.user.id, first.message_id)).toBe(true);
    expect(await s.api.pinChatMessage(s.user.id, second.message_id, { disable_notification: true })).toBe(
      true,
    );
    const service = await server.control.waitForMessage({ user: s.me, chat: s.chat, timeout: 5 });
    expect(service).toMatchObject({
      from: { id: s.bot.id },
      pinned_message: { message_id: first.message_id, text: 'first', chat: { id: s.bot.id } },
    });
    const pins = () => server.control.listPinnedMessages({ user: s.me, chat: s.chat });
    expect((await pins()).map((m) => m.message_id)).toEqual([second.message_id, first.message_id]);

    expect(await errorOf(s.api.pinChatMessage(s.user.id, 999))).toBe('Bad Request: message to pin not found');
    expect(await errorOf(s.api.unpinChatMessage(s.user.id, 999))).toBe(
      'Bad Request: message to unpin not found',
    );
    expect(await s.api.unpinChatMessage(s.user.id)).toBe(true);
    expect((await pins()).map((m) => m.message_id)).toEqual([first.message_id]);
    expect(await s.api.unpinAllChatMessages(s.user.id)).toBe(true);
    expect(await pins()).toEqual([]);
    expect(await errorOf(s.api.unpinChatMessage(s.user.id))).toBe('Bad Request: message to unpin not found');
  });

  it("gives the bot the person's pin as a message with pinned_message", async () => {
    const s = await setup();
    const sent = await s.api.sendMessage(s.user.id, 'keep this');
    const service = await server.control.pinMessage({
      user: s.me,
      chat: s.chat,
      message_id: sent.message_id,
    });
    expect(service.pinned_message).toMatchObject({ message_id: sent.message_id, chat: { id: s.bot.id } });
    const [update] = await s.updates();
    expect(update!.message).toMatchObject({
      message_id: service.message_id,
      from: { id: s.user.id },
      chat: { id: s.user.id },
      pinned_message: { message_id: sent.message_id, text: 'keep this', chat: { id: s.user.id } },
    });
    await server.control.unpinMessage({ user: s.me, chat: s.chat, message_id: sent.message_id });
    expect(await server.control.listPinnedMessages({ user: s.me, chat: s.chat })).toEqual([]);
  });

  it('needs the can_pin_messages right in a supergroup', async () => {
    const s = await setup();
    const group = await chatInStorage(server, 'supergroup', [
      [s.user.id, 'creator'],
      [s.bot.id, 'member'],
    ]);
    const posted = await server.control.sendMessage({ from: s.me, chat: group, text: 'rules' });
    const refused = 'Bad Request: not enough rights to manage pinned messages in the chat';
    expect(await errorOf(s.api.pinChatMessage(group, posted.message_id))).toBe(refused);
    expect(await errorOf(s.api.unpinAllChatMessages(group))).toBe(refused);
    expect(await server.control.listPinnedMessages({ user: s.me, chat: group })).toEqual([]);
    // An administrator without the right is refused too; promoted with it, the bot pins.
    await server.control.promoteChatMember({
      by: s.me,
      chat: group,
      user: s.bot.id,
      rights: { can_delete_messages: true },
    });
    expect(await errorOf(s.api.pinChatMessage(group, posted.message_id))).toBe(refused);
    await server.control.promoteChatMember({
      by: s.me,
      chat: group,
      user: s.bot.id,
      rights: { can_pin_messages: true },
    });
    expect(await s.api.pinChatMessage(group, posted.message_id)).toBe(true);
    expect((await server.control.listPinnedMessages({ user: s.me, chat: group })).map((m) => m.text)).toEqual(
      ['rules'],
    );
  });
});
