/**
 * Bot API 10.3 keyboards as `@grammyjs/types` 5.0.0 declares them (ADR 0089), through grammY 1.46
 * and its own types: DisabledButton (a button that does nothing: kept in the message, pressing it
 * reaches no bot) and `force_reply` on inline keyboards (kept through edits, as documented: "can't
 * be changed when the inline keyboard is edited") and on reply keyboards (shown to the person).
 */
import type { InlineKeyboardMarkup, ReplyKeyboardMarkup } from 'grammy/types';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { groupKit } from './helpers/groups.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const kit = groupKit(() => server);
const control = () => server.control;

/** The person and the bot talk in private; the bot has confirmed the updates so far. */
async function conversation(prefix: string) {
  const opened = await kit.conversation(prefix);
  await opened.b.updates();
  return opened;
}

it('keeps a disabled button, which sends nothing when pressed', async () => {
  const { alice, b, chat } = await conversation('kbdis');
  const markup: InlineKeyboardMarkup = {
    inline_keyboard: [
      [
        { text: 'Sold out', disabled: {} },
        { text: 'Buy', callback_data: 'buy' },
      ],
    ],
  };
  const sent = await b.api.sendMessage(alice.id, 'Offer', { reply_markup: markup });
  expect(sent.reply_markup).toEqual(markup);
  const [seen] = await control().listMessages({ user: alice.id, chat, limit: 1 });
  expect(seen!.reply_markup).toEqual(markup);

  await expect(
    control().pressButton({
      user: alice.id,
      chat,
      message_id: sent.message_id,
      button: 'Sold out',
      timeout: 0,
    }),
  ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('sends nothing to a bot') });
  expect(await b.updates()).toEqual([]);

  const { body } = await callBotApi(server, b.token, 'sendMessage', {
    chat_id: alice.id,
    text: 'x',
    reply_markup: JSON.stringify({ inline_keyboard: [[{ text: 'x', disabled: true }]] }),
  });
  expect(body.description).toBe(
    `Bad Request: can't parse inline keyboard button: Field "disabled" must be of type Object`,
  );
});

it('keeps force_reply of an inline keyboard through edits, and shows it on a reply keyboard', async () => {
  const { alice, b, chat } = await conversation('kbfr');
  const markup: InlineKeyboardMarkup = {
    inline_keyboard: [[{ text: 'Skip', callback_data: 'skip' }]],
    force_reply: true,
  };
  const sent = await b.api.sendMessage(alice.id, 'Your name?', { reply_markup: markup });
  expect(sent.reply_markup).toEqual(markup);
  const [seen] = await control().listMessages({ user: alice.id, chat, limit: 1 });
  expect(seen!.reply_markup).toEqual(markup);

  // An edit can't change it: dropped from the new keyboard, it stays; given on a keyboard without it, it is not added.
  const edited = await b.api.editMessageReplyMarkup(alice.id, sent.message_id, {
    reply_markup: { inline_keyboard: [[{ text: 'Later', callback_data: 'later' }]] },
  });
  expect(edited !== true && edited.reply_markup).toEqual({
    inline_keyboard: [[{ text: 'Later', callback_data: 'later' }]],
    force_reply: true,
  });
  const plain = await b.api.sendMessage(alice.id, 'Pick', {
    reply_markup: { inline_keyboard: [[{ text: 'A', callback_data: 'a' }]] },
  });
  const added = await b.api.editMessageReplyMarkup(alice.id, plain.message_id, { reply_markup: markup });
  expect(added !== true && added.reply_markup).toEqual({ inline_keyboard: markup.inline_keyboard });

  const keyboard: ReplyKeyboardMarkup = { keyboard: [[{ text: 'Yes' }]], force_reply: true };
  const asked = await b.api.sendMessage(alice.id, 'Sure?', { reply_markup: keyboard });
  expect(asked.reply_markup).toBeUndefined();
  const [question] = await control().listMessages({ user: alice.id, chat, limit: 1 });
  expect(question!.reply_markup).toEqual(keyboard);
});
