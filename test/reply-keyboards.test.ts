/**
 * Reply keyboards (and their removal, and force_reply) are shown by the recipient's client only
 * (reference: not part of the bot's Message): the person's view carries them as reply_markup, the
 * bot's answer does not.
 */
import { Api, Keyboard } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, phone, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

describe('reply keyboards', () => {
  it('reach the person’s view and not the bot’s', async () => {
    const created = await server.control.createBot({ username: 'keys_view_bot' });
    const api = new Api(created.token, { apiRoot: server.url });
    const person = await server.control.createUser({ phone_number: phone(), first_name: 'Kim' });
    await server.control.sendMessage({ from: person.id, chat: '@keys_view_bot', text: 'hi' });

    const keyboard = new Keyboard().text('Yes').text('No').oneTime().placeholder('Answer');
    const sent = await api.sendMessage(person.id, 'Ready?', { reply_markup: keyboard });
    expect(sent).not.toHaveProperty('reply_markup');
    const removed = await api.sendMessage(person.id, 'Thanks', { reply_markup: { remove_keyboard: true } });
    expect(removed).not.toHaveProperty('reply_markup');

    const [ready, thanks] = await server.control.listMessages({
      user: person.id,
      chat: '@keys_view_bot',
      limit: 2,
    });
    expect(ready).toMatchObject({
      text: 'Ready?',
      reply_markup: {
        keyboard: [[{ text: 'Yes' }, { text: 'No' }]],
        one_time_keyboard: true,
        input_field_placeholder: 'Answer',
      },
    });
    expect(thanks).toMatchObject({ text: 'Thanks', reply_markup: { remove_keyboard: true } });
  });
});
