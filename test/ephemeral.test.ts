/**
 * Bot API 10.2's ephemeral messages are not built (ADR 0062): a send that asks for one is refused
 * with 501 and stores nothing, rather than showing every member of the chat what was meant for one;
 * the five ephemeral methods answer 501 like any method Parley does not serve yet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callBotApi } from './helpers/in-process.js';
import { startSendingScene, type SendingScene } from './helpers/sending-scene.js';

let scene: SendingScene;
beforeAll(async () => {
  scene = await startSendingScene('ephemeral');
});
afterAll(async () => {
  await scene.server.close();
});

const REFUSED =
  'Not Implemented: ephemeral messages (receiver_user_id, callback_query_id, ephemeral_message_parameters) are not supported by Parley yet';

it('refuses a send with ephemeral_message_parameters and stores nothing', async () => {
  const { server, token, alice } = scene;
  const ephemeral = { receiver_user_id: alice.id };
  await scene.storesNothing(async () => {
    for (const [method, params] of [
      ['sendMessage', { text: 'only for Alice' }],
      ['sendContact', { phone_number: '+15550100', first_name: 'Ann' }],
      ['sendLocation', { latitude: 1, longitude: 2 }],
    ] as const) {
      const answer = await callBotApi(server, token, method, {
        chat_id: alice.id,
        ...params,
        ephemeral_message_parameters: ephemeral,
      });
      expect({ method, status: answer.status, body: answer.body }).toEqual({
        method,
        status: 501,
        body: { ok: false, error_code: 501, description: REFUSED },
      });
    }
  });
  // Without the parameter the same send goes through.
  const sent = await callBotApi(server, token, 'sendMessage', { chat_id: alice.id, text: 'for everyone' });
  expect(sent.status).toBe(200);
});

it('refuses a 10.2 ephemeral send (receiver_user_id, callback_query_id) in a supergroup: no member sees it', async () => {
  const { server, token, botId, alice, bob } = scene;
  const chat = await server.control.createChat({
    owner: alice.id,
    title: 'Ephemeral',
    type: 'supergroup',
    members: [bob.id, botId],
  });
  const seen = async () =>
    Promise.all(
      [alice, bob].map(async (person) =>
        (await server.control.listMessages({ user: person.phone, chat: String(chat.id), limit: 100 })).map(
          (message) => message.text,
        ),
      ),
    );
  const before = await seen();
  const sends = [
    ['sendMessage', { text: 'secret-for-bob', receiver_user_id: bob.id }],
    ['sendMessage', { text: 'secret-for-bob', callback_query_id: '123' }],
    ['sendContact', { phone_number: '+15550100', first_name: 'Ann', receiver_user_id: bob.id }],
    ['sendLocation', { latitude: 1, longitude: 2, receiver_user_id: String(bob.id) }],
    ['sendVenue', { latitude: 1, longitude: 2, title: 'T', address: 'A', receiver_user_id: bob.id }],
  ] as const;
  for (const [method, params] of sends) {
    const answer = await callBotApi(server, token, method, { chat_id: chat.id, ...params });
    expect({ method, status: answer.status, body: answer.body }).toEqual({
      method,
      status: 501,
      body: { ok: false, error_code: 501, description: REFUSED },
    });
  }
  const after = await seen();
  expect(after).toEqual(before);
  expect(after.flat()).not.toContain('secret-for-bob');
  // A send that does not take the 10.2 parameters ignores them, as the reference ignores unknown ones.
  const dice = await callBotApi(server, token, 'sendDice', { chat_id: chat.id, receiver_user_id: bob.id });
  expect(dice.status).toBe(200);
});

it('answers 501 to the ephemeral methods', async () => {
  const { server, token, alice } = scene;
  for (const method of ['deleteEphemeralMessage', 'editEphemeralMessageText']) {
    const answer = await callBotApi(server, token, method, {
      chat_id: alice.id,
      receiver_user_id: alice.id,
      ephemeral_message_id: 1,
      text: 'x',
    });
    expect(answer.status).toBe(501);
    expect(answer.body.description).toBe(`Not Implemented: method ${method} is not supported by Parley yet`);
  }
});
