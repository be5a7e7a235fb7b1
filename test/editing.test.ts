/**
 * Editing and deleting messages, and callback queries, over HTTP with grammY's Api and the control
 * API: the rules, the reference's error texts, and the updates a person's actions cause.
 */
import { Api, GrammyError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

async function errorOf(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof GrammyError) return error.description;
    throw error;
  }
  throw new Error('the call succeeded');
}

async function setup() {
  const made = await userAndBot(server, 'edit');
  const api = new Api(made.token, { apiRoot: server.url });
  const chat = `@${made.bot.username}`;
  const me = made.user.phone_number;
  const hello = await server.control.sendMessage({ from: me, chat, text: 'hello' });
  return { ...made, api, chat, me, hello };
}

type Update = {
  update_id: number;
  edited_message?: { text: string; edit_date: number };
  callback_query?: { id: string; data: string; chat_instance: string; message: { message_id: number } };
};
const updatesOf = async (token: string) =>
  (await callBotApi(server, token, 'getUpdates')).body.result as Update[];

describe('editing by the bot', () => {
  it('edits text and keyboard, refuses an identical edit, and removes a keyboard left out', async () => {
    const { api, user } = await setup();
    const sent = await api.sendMessage(user.id, 'draft', {
      reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] },
    });
    const edited = await api.editMessageText(user.id, sent.message_id, '*final*', {
      parse_mode: 'MarkdownV2',
      reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] },
    });
    expect(edited).toMatchObject({ text: 'final', entities: [{ type: 'bold', offset: 0, length: 5 }] });
    expect(typeof (edited as { edit_date?: number }).edit_date).toBe('number');
    expect(
      await errorOf(
        api.editMessageText(user.id, sent.message_id, '*final*', {
          parse_mode: 'MarkdownV2',
          reply_markup: { inline_keyboard: [[{ text: 'Go', callback_data: 'go' }]] },
        }),
      ),
    ).toBe(
      'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message',
    );
    const bare = await api.editMessageText(user.id, sent.message_id, 'final');
    expect(bare).not.toHaveProperty('reply_markup');
    const marked = await api.editMessageReplyMarkup(user.id, sent.message_id, {
      reply_markup: { inline_keyboard: [[{ text: 'Again', callback_data: 'again' }]] },
    });
    expect((marked as { reply_markup: unknown }).reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Again', callback_data: 'again' }]],
    });
  });

  it('answers the reference texts for edits it cannot make, and changes nothing', async () => {
    const { api, user, hello, chat, me } = await setup();
    expect(await errorOf(api.editMessageText(user.id, 999, 'x'))).toBe(
      'Bad Request: message to edit not found',
    );
    expect(await errorOf(api.editMessageText(user.id, hello.message_id, 'x'))).toBe(
      "Bad Request: message can't be edited",
    );
    const text = await api.sendMessage(user.id, 'plain');
    expect(await errorOf(api.editMessageCaption(user.id, text.message_id, { caption: 'c' }))).toBe(
      'Bad Request: there is no caption in the message to edit',
    );
    expect(
      await errorOf(api.editMessageText(user.id, text.message_id, 'Bad.', { parse_mode: 'MarkdownV2' })),
    ).toContain("can't parse entities");
    const after = await server.control.listMessages({ user: me, chat });
    expect(after.find((m) => m.message_id === text.message_id)).toMatchObject({ text: 'plain' });
    expect(after.find((m) => m.message_id === text.message_id)).not.toHaveProperty('edit_date');
  });

  it('deletes messages in a private chat, and says when there is none', async () => {
    const { api, user, hello, chat, me } = await setup();
    const mine = await api.sendMessage(user.id, 'to delete');
    expect(await api.deleteMessage(user.id, mine.message_id)).toBe(true);
    expect(await api.deleteMessages(user.id, [hello.message_id, 999])).toBe(true);
    expect(await server.control.listMessages({ user: me, chat })).toEqual([]);
    expect(await errorOf(api.deleteMessage(user.id, mine.message_id))).toBe(
      'Bad Request: message to delete not found',
    );
    const old = await api.sendMessage(user.id, 'old');
    await server.control.advanceClock(48 * 3600 + 1);
    expect(await errorOf(api.deleteMessage(user.id, old.message_id))).toBe(
      "Bad Request: message can't be deleted",
    );
  });
});

describe('a person edits and deletes', () => {
  it('gives the bot edited_message', async () => {
    const { token, hello, chat, me } = await setup();
    const edited = await server.control.editMessage({
      user: me,
      chat,
      message_id: hello.message_id,
      text: 'hello again',
    });
    expect(edited.text).toBe('hello again');
    const updates = await updatesOf(token);
    expect(updates.map((u) => Object.keys(u)[1])).toEqual(['message', 'edited_message']);
    expect(updates[1]!.edited_message).toMatchObject({ text: 'hello again', edit_date: edited.edit_date });
    await server.control.deleteMessage({ user: me, chat, message_id: hello.message_id });
    expect(await server.control.listMessages({ user: me, chat })).toEqual([]);
    await expect(
      server.control.deleteMessage({ user: me, chat, message_id: hello.message_id }),
    ).rejects.toMatchObject({
      status: 404,
      error: 'MESSAGE_NOT_FOUND',
    });
  });
});

describe('callback queries', () => {
  it('reaches the bot as callback_query and accepts one answer within 150 s', async () => {
    const { api, user, token, chat, me } = await setup();
    const sent = await api.sendMessage(user.id, 'pick', {
      reply_markup: {
        inline_keyboard: [
          [
            { text: 'A', callback_data: 'a' },
            { text: 'Site', url: 'https://example.com/' },
          ],
        ],
      },
    });
    const site = await server.control.pressButton({
      user: me,
      chat,
      message_id: sent.message_id,
      button: 'Site',
    });
    expect(site).toEqual({ answered: false, url: 'https://example.com/' });

    const pressed = await server.control.pressButton({
      user: me,
      chat,
      message_id: sent.message_id,
      button: 'A',
      timeout: 0,
    });
    expect(pressed.answered).toBe(false);
    const query = (await updatesOf(token)).find((u) => u.callback_query)!.callback_query!;
    expect(query).toMatchObject({
      id: pressed.query_id,
      data: 'a',
      message: { message_id: sent.message_id },
    });
    expect(query.chat_instance).not.toBe(String(user.id));

    expect(await errorOf(api.answerCallbackQuery(query.id, { text: 'x'.repeat(201) }))).toBe(
      'Bad Request: MESSAGE_TOO_LONG',
    );
    expect(await api.answerCallbackQuery(query.id, { text: 'ok' })).toBe(true);
    const invalid = 'Bad Request: query is too old and response timeout expired or query ID is invalid';
    expect(await errorOf(api.answerCallbackQuery(query.id, { text: 'again' }))).toBe(invalid);
    expect(await errorOf(api.answerCallbackQuery('12345'))).toBe(invalid);

    const late = await server.control.pressButton({
      user: me,
      chat,
      message_id: sent.message_id,
      button: 'A',
      timeout: 0,
    });
    await server.control.advanceClock(151);
    expect(await errorOf(api.answerCallbackQuery(late.query_id!))).toBe(invalid);
  });

  it('refuses a button that is not there', async () => {
    const { api, user, chat, me } = await setup();
    const sent = await api.sendMessage(user.id, 'no buttons');
    await expect(
      server.control.pressButton({ user: me, chat, message_id: sent.message_id, button: 'A' }),
    ).rejects.toMatchObject({
      status: 404,
      error: 'BUTTON_NOT_FOUND',
    });
  });
});
