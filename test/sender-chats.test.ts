/**
 * Sender chats over real HTTP (ADR 0052): people write in a supergroup on behalf of a channel they
 * own or administer (or of the supergroup, as an anonymous administrator) through the control API;
 * bots see `sender_chat` and the placeholder `from` through grammY, and ban and unban such channels
 * with banChatSenderChat / unbanChatSenderChat.
 */
import { Bot, type Context } from 'grammy';
import type { Message } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliRunner } from './helpers/cli-runner.js';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit, type TestBot } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const { person, bot } = groupKit(() => server);
const control = () => server.control;
const cli = cliRunner(() => server);

const CHANNEL_BOT = { id: 136817688, is_bot: true, first_name: 'Channel', username: 'Channel_Bot' };
const GROUP_ANONYMOUS_BOT = {
  id: 1087968824,
  is_bot: true,
  first_name: 'Group',
  username: 'GroupAnonymousBot',
};

let unique = 0;
const username = (prefix: string) => `${prefix}${Date.now() % 100000}${(unique += 1)}`;

/**
 * A supergroup owned by `owner` with a moderator bot (can_restrict_members) and a helper bot (an
 * administrator without it); `writer` is a member who owns the channel `channel`.
 */
async function scene() {
  const owner = await person('Owner');
  const writer = await person('Writer');
  const moderator = await bot('mod');
  const helper = await bot('helper');
  const group = await control().createChat({ owner: owner.id, title: 'Talk', type: 'supergroup' });
  await control().addChatMember({ by: owner.id, chat: group.id, user: writer.id });
  await control().promoteChatMember({
    by: owner.id,
    chat: group.id,
    user: moderator.record.id,
    rights: { can_restrict_members: true, can_delete_messages: true },
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: group.id,
    user: helper.record.id,
    rights: { can_invite_users: true },
  });
  const channel = await control().createChat({
    owner: writer.id,
    title: 'Writer News',
    type: 'channel',
    username: username('wnews'),
  });
  await moderator.updates();
  await helper.updates();
  return { owner, writer, moderator, helper, group, channel };
}

/** The texts of the chat's messages as the person sees them (service messages left out). */
async function textsIn(user: number, chat: number): Promise<unknown[]> {
  const messages = await control().listMessages({ user, chat });
  return messages.filter((m) => m.text !== undefined).map((m) => m.text);
}

/** The text messages the bot gets next (getUpdates through grammY's Api). */
async function messagesOf(b: TestBot): Promise<Message[]> {
  return (await b.updates()).flatMap((update) =>
    update.message ? [update.message as unknown as Message] : [],
  );
}

describe('writing on behalf of a channel', () => {
  it('gives the message sender_chat and the Channel_Bot placeholder, for the writer and for bots (grammY)', async () => {
    const { writer, moderator, group, channel } = await scene();
    const sent = await control().sendMessage({
      from: writer.id,
      chat: group.id,
      text: 'Hello from the channel',
      as_chat: channel.id,
    });
    expect(sent).toMatchObject({
      from: CHANNEL_BOT,
      sender_chat: { id: channel.id, type: 'channel', title: 'Writer News', username: channel.username },
      chat: { id: group.id, type: 'supergroup' },
      text: 'Hello from the channel',
    });
    // Key order as the reference: message_id, from, sender_chat, chat, date.
    expect(Object.keys(sent).slice(0, 5)).toEqual(['message_id', 'from', 'sender_chat', 'chat', 'date']);

    // An unmodified grammY Bot sees it as a message from the channel.
    const seen: Array<{ senderChat: unknown; from: unknown; text: unknown }> = [];
    const grammy = new Bot<Context>(moderator.token, {
      client: { apiRoot: server.url },
      botInfo: await moderator.api.getMe(),
    });
    grammy.on('message:text', (ctx) => {
      seen.push({ senderChat: ctx.senderChat, from: ctx.from, text: ctx.msg.text });
    });
    const updates = await moderator.api.getUpdates({ timeout: 0 });
    for (const update of updates) await grammy.handleUpdate(update);
    expect(seen).toEqual([
      {
        senderChat: { id: channel.id, type: 'channel', title: 'Writer News', username: channel.username },
        from: CHANNEL_BOT,
        text: 'Hello from the channel',
      },
    ]);

    // By the channel's @username too; a reply keeps sender_chat on the replied-to message.
    const reply = await control().sendMessage({
      from: writer.id,
      chat: group.id,
      text: 'and again',
      as_chat: `@${channel.username}`,
      reply_to_message_id: sent.message_id,
    });
    expect(reply).toMatchObject({
      sender_chat: { id: channel.id },
      reply_to_message: { message_id: sent.message_id, sender_chat: { id: channel.id }, from: CHANNEL_BOT },
    });

    // A forward names the channel as its origin, never the person behind it.
    const forwarded = await moderator.api.forwardMessage(group.id, group.id, sent.message_id);
    expect(forwarded.forward_origin).toEqual({
      type: 'chat',
      sender_chat: { id: channel.id, type: 'channel', title: 'Writer News', username: channel.username },
      date: sent.date,
    });
    expect(JSON.stringify(forwarded)).not.toContain(String(writer.id));
    // A copy is the bot's own message, with no sender_chat.
    await moderator.api.copyMessage(group.id, group.id, sent.message_id);
    const copies = await control().listMessages({ user: writer.id, chat: group.id, limit: 1 });
    expect(copies[0]).toMatchObject({ from: { id: moderator.record.id }, text: 'Hello from the channel' });
    expect(copies[0]).not.toHaveProperty('sender_chat');
  });

  it('lets an administrator write as the supergroup itself, with GroupAnonymousBot as from', async () => {
    const { owner, writer, group } = await scene();
    const sent = await control().sendMessage({
      from: owner.id,
      chat: group.id,
      text: 'Rules',
      as_chat: group.id,
    });
    expect(sent).toMatchObject({
      from: GROUP_ANONYMOUS_BOT,
      sender_chat: { id: group.id, type: 'supergroup', title: 'Talk' },
    });
    await expect(
      control().sendMessage({ from: writer.id, chat: group.id, text: 'me too', as_chat: group.id }),
    ).rejects.toMatchObject({ status: 403, error: 'CHAT_WRITE_FORBIDDEN' });
  });

  it('refuses a channel the person does not administer, a channel chat, a basic group and an unknown chat', async () => {
    const { owner, writer, moderator, group, channel } = await scene();
    // The group's owner is no administrator of the writer's channel.
    await expect(
      control().sendMessage({ from: owner.id, chat: group.id, text: 'x', as_chat: channel.id }),
    ).rejects.toMatchObject({ status: 403, error: 'CHAT_WRITE_FORBIDDEN' });
    // In a channel every post is the channel's own.
    const other = await control().createChat({ owner: writer.id, title: 'Other', type: 'channel' });
    await expect(
      control().sendMessage({ from: writer.id, chat: other.id, text: 'x', as_chat: channel.id }),
    ).rejects.toMatchObject({ status: 400, error: 'BAD_REQUEST' });
    const basic = await control().createChat({ owner: writer.id, title: 'Basic' });
    await expect(
      control().sendMessage({ from: writer.id, chat: basic.id, text: 'x', as_chat: channel.id }),
    ).rejects.toMatchObject({ status: 400, error: 'BAD_REQUEST' });
    await expect(
      control().sendMessage({ from: writer.id, chat: group.id, text: 'x', as_chat: -1009999999999 }),
    ).rejects.toMatchObject({ status: 404, error: 'CHAT_NOT_FOUND' });
    expect(await messagesOf(moderator)).toEqual([]);
    expect(await textsIn(writer.id, group.id)).toEqual([]);
  });
});

describe('banChatSenderChat and unbanChatSenderChat', () => {
  it('bans the channel, and any channel of its owner, until unbanned; the person may still write as themselves', async () => {
    const { writer, moderator, group, channel } = await scene();
    const second = await control().createChat({ owner: writer.id, title: 'Second', type: 'channel' });
    await control().sendMessage({ from: writer.id, chat: group.id, text: 'before', as_chat: channel.id });
    expect((await messagesOf(moderator)).map((m) => m.sender_chat?.id)).toEqual([channel.id]);

    expect(await moderator.api.banChatSenderChat(group.id, channel.id)).toBe(true);
    // Banning again is no error.
    expect(await moderator.api.banChatSenderChat(group.id, channel.id)).toBe(true);
    const banned = control().sendMessage({
      from: writer.id,
      chat: group.id,
      text: 'banned',
      as_chat: channel.id,
    });
    await expect(banned).rejects.toMatchObject({ status: 403, error: 'CHAT_WRITE_FORBIDDEN' });
    await expect(banned).rejects.toThrow(/is banned in this chat/);
    await expect(
      control().sendMessage({ from: writer.id, chat: group.id, text: 'via the other', as_chat: second.id }),
    ).rejects.toThrow(/can't write as any of your channels/);
    const own = await control().sendMessage({ from: writer.id, chat: group.id, text: 'as myself' });
    expect(own).toMatchObject({ from: { id: writer.id } });
    expect(own).not.toHaveProperty('sender_chat');
    // The refused messages were never stored nor delivered.
    expect((await messagesOf(moderator)).map((m) => m.text)).toEqual(['as myself']);
    expect(await textsIn(writer.id, group.id)).toEqual(['before', 'as myself']);

    expect(await moderator.api.unbanChatSenderChat(group.id, channel.id)).toBe(true);
    // Unbanning a channel that is not banned is no error either.
    expect(await moderator.api.unbanChatSenderChat(group.id, second.id)).toBe(true);
    await control().sendMessage({ from: writer.id, chat: group.id, text: 'back', as_chat: channel.id });
    await control().sendMessage({ from: writer.id, chat: group.id, text: 'second', as_chat: second.id });
    expect((await messagesOf(moderator)).map((m) => [m.text, m.sender_chat?.id, m.from?.id])).toEqual([
      ['back', channel.id, CHANNEL_BOT.id],
      ['second', second.id, CHANNEL_BOT.id],
    ]);
  });

  it('keeps a ban per chat: the same channel still writes in another supergroup', async () => {
    const { writer, moderator, group, channel, owner } = await scene();
    const elsewhere = await control().createChat({ owner: owner.id, title: 'Elsewhere', type: 'supergroup' });
    await control().addChatMember({ by: owner.id, chat: elsewhere.id, user: writer.id });
    await moderator.api.banChatSenderChat(group.id, channel.id);
    const sent = await control().sendMessage({
      from: writer.id,
      chat: elsewhere.id,
      text: 'still here',
      as_chat: channel.id,
    });
    expect(sent).toMatchObject({ sender_chat: { id: channel.id } });
  });

  it('bans in a channel where the bot can restrict members', async () => {
    const { channel } = await scene();
    const owner = await person('Chan');
    const news = await control().createChat({ owner: owner.id, title: 'Big News', type: 'channel' });
    const admin = await bot('chanmod');
    await control().promoteChatMember({
      by: owner.id,
      chat: news.id,
      user: admin.record.id,
      rights: { can_restrict_members: true, can_post_messages: true },
    });
    expect(await admin.api.banChatSenderChat(news.id, channel.id)).toBe(true);
    expect(await admin.api.unbanChatSenderChat(news.id, channel.id)).toBe(true);
    // A channel can't ban itself.
    expect(await failure(admin.api.banChatSenderChat(news.id, news.id))).toMatchObject({
      description: "Bad Request: can't restrict self",
    });
  });

  it('answers the reference texts and changes nothing when refused', async () => {
    const { writer, moderator, helper, group, channel, owner } = await scene();
    const call = (token: string, method: string, params: Record<string, unknown>) =>
      callBotApi(server, token, method, params).then(({ body }) => body);

    for (const value of ['abc', '12abc', '', ' -100', '007', '-0', '1.5', '99999999999999999999']) {
      for (const method of ['banChatSenderChat', 'unbanChatSenderChat']) {
        expect(await call(moderator.token, method, { chat_id: group.id, sender_chat_id: value })).toEqual({
          ok: false,
          error_code: 400,
          description: 'Bad Request: sender_chat_id is not a valid Integer',
        });
      }
    }
    // sender_chat_id is read before chat_id, as the reference does.
    expect(await call(moderator.token, 'banChatSenderChat', { chat_id: '' })).toMatchObject({
      description: 'Bad Request: sender_chat_id is not a valid Integer',
    });
    expect(await call(moderator.token, 'banChatSenderChat', { sender_chat_id: channel.id })).toMatchObject({
      description: 'Bad Request: chat_id is empty',
    });
    // As a number in a JSON body, and as a string of digits in a form, the id is fine.
    expect(
      await call(moderator.token, 'banChatSenderChat', {
        chat_id: group.id,
        sender_chat_id: String(channel.id),
      }),
    ).toEqual({ ok: true, result: true });
    await moderator.api.unbanChatSenderChat(group.id, channel.id);

    expect(await failure(helper.api.banChatSenderChat(group.id, channel.id))).toMatchObject({
      code: 400,
      description: 'Bad Request: not enough rights to restrict/unrestrict chat member',
    });
    expect(await failure(moderator.api.banChatSenderChat(group.id, -1009999999999))).toMatchObject({
      code: 400,
      description: 'Bad Request: chat not found',
    });
    // A person or a supergroup is no channel to ban.
    expect(await failure(moderator.api.banChatSenderChat(group.id, writer.id))).toMatchObject({
      description: 'Bad Request: chat not found',
    });
    const basic = await control().createChat({ owner: owner.id, title: 'Basic' });
    await control().promoteChatMember({
      by: owner.id,
      chat: basic.id,
      user: moderator.record.id,
      rights: { can_restrict_members: true },
    });
    expect(await failure(moderator.api.banChatSenderChat(basic.id, channel.id))).toMatchObject({
      description: 'Bad Request: method is available for supergroup and channel chats only',
    });
    const stranger = await bot('stranger');
    expect(await failure(stranger.api.banChatSenderChat(group.id, channel.id))).toMatchObject({
      description: 'Bad Request: chat not found',
    });

    // None of the refusals banned anything: the channel still writes in the group.
    const sent = await control().sendMessage({
      from: writer.id,
      chat: group.id,
      text: 'free',
      as_chat: channel.id,
    });
    expect(sent).toMatchObject({ sender_chat: { id: channel.id } });
  });
});

describe('parley send --as-chat', () => {
  it('sends a text on behalf of the channel, and is refused while the channel is banned', async () => {
    const { writer, moderator, group, channel } = await scene();
    const sent = await cli(
      'send',
      '--from',
      String(writer.id),
      '--to',
      String(group.id),
      '--text',
      'from the CLI',
      '--as-chat',
      `@${channel.username}`,
      '--json',
    );
    expect(sent.code).toBe(0);
    expect(JSON.parse(sent.stdout)).toMatchObject({ sender_chat: { id: channel.id }, from: CHANNEL_BOT });
    await moderator.api.banChatSenderChat(group.id, channel.id);
    const refused = await cli(
      'send',
      '--from',
      String(writer.id),
      '--to',
      String(group.id),
      '--text',
      'again',
      '--as-chat',
      String(channel.id),
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/CHAT_WRITE_FORBIDDEN/);
    const misplaced = await cli(
      'send',
      '--from',
      String(writer.id),
      '--to',
      String(group.id),
      '--dice',
      '--as-chat',
      String(channel.id),
    );
    expect(misplaced.stderr).toMatch(/--as-chat goes with --text/);
  });
});
