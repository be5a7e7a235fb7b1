/**
 * The person API's forward (ADR 0103) over HTTP, for the origins the browser test does not reach:
 * a channel post forwarded by a subscriber reaches a bot with a `channel` origin (the channel, the
 * post's id), a person who hides their account in forwards is only a name, and a forward of a
 * forward keeps the first origin; a chat the person is not in cannot be forwarded from.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callBotApi, startServer, type TestServer } from '../helpers/in-process.js';
import { signedInPerson } from '../helpers/person-api.js';
import { forwardsHiddenSetting } from '../../src/platform/messages/forwards.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** A person signed in to the person API, and its POST /web/api/forward. */
async function signedIn(first_name: string) {
  const person = await signedInPerson(server, first_name);
  return {
    user: person.user,
    forward: (input: Record<string, unknown>) => person.call('POST', '/forward', input),
  };
}

/** The messages a bot has received so far (getUpdates), confirmed. */
async function received(token: string) {
  const { body } = await callBotApi(server, token, 'getUpdates', { timeout: 0 });
  const updates = body.result as { update_id: number; message?: Record<string, unknown> }[];
  if (updates.length > 0)
    await callBotApi(server, token, 'getUpdates', { offset: updates.at(-1)!.update_id + 1 });
  return updates.flatMap((update) => (update.message ? [update.message] : []));
}

it('forwards a channel post with its channel origin, and a hidden sender as a name only', async () => {
  const owner = await signedIn('Nora');
  const reader = await signedIn('Rui');
  const bot = await server.control.createBot({ username: `fwd${Date.now() % 100_000}_bot` });
  const channel = await server.control.createChat({
    owner: owner.user.id,
    title: 'Daily News',
    type: 'channel',
    members: [reader.user.id],
  });
  const post = await server.control.sendMessage({
    from: owner.user.id,
    chat: String(channel.id),
    text: 'Rain at noon',
  });

  const sent = await reader.forward({
    from_chat: String(channel.id),
    message_id: post.message_id,
    chat: `@${bot.username}`,
  });
  expect(sent).toMatchObject({
    status: 200,
    ok: true,
    result: {
      text: 'Rain at noon',
      forward_origin: {
        type: 'channel',
        chat: { id: channel.id, title: 'Daily News' },
        message_id: post.message_id,
      },
    },
  });
  const [message] = await received(bot.token);
  expect(message).toMatchObject({
    from: { id: reader.user.id },
    text: 'Rain at noon',
    forward_origin: {
      type: 'channel',
      chat: { id: channel.id, type: 'channel', title: 'Daily News' },
      message_id: post.message_id,
      date: post.date,
    },
    forward_from_chat: { id: channel.id },
    forward_from_message_id: post.message_id,
  });

  // The reader forwards their forward on to Nora: it keeps the channel as its origin.
  const again = await reader.forward({
    from_chat: `@${bot.username}`,
    message_id: (sent.result as { message_id: number }).message_id,
    chat: String(owner.user.id),
  });
  expect(again).toMatchObject({
    status: 200,
    result: { forward_origin: { type: 'channel', message_id: post.message_id } },
  });

  // Nora hides her account in forwards: her own message forwarded is her name only.
  await server.parley.platform.deps.store.write((tx) =>
    tx.setSetting(forwardsHiddenSetting(owner.user.id), '1'),
  );
  const hello = await server.control.sendMessage({
    from: owner.user.id,
    chat: `@${bot.username}`,
    text: 'hello bot',
  });
  await received(bot.token);
  const hidden = await owner.forward({
    from_chat: `@${bot.username}`,
    message_id: hello.message_id,
    chat: `@${bot.username}`,
  });
  expect(hidden).toMatchObject({
    status: 200,
    result: { forward_origin: { type: 'hidden_user', sender_user_name: 'Nora' } },
  });
  const [fromHidden] = await received(bot.token);
  expect(fromHidden).toMatchObject({
    forward_origin: { type: 'hidden_user', sender_user_name: 'Nora' },
    forward_sender_name: 'Nora',
  });
  expect(fromHidden).not.toHaveProperty('forward_from');
});

it('refuses a chat the person is not in, and stores nothing', async () => {
  const owner = await signedIn('Ola');
  const stranger = await signedIn('Sam');
  const group = await server.control.createChat({
    owner: owner.user.id,
    title: 'Private club',
    type: 'group',
  });
  const secret = await server.control.sendMessage({
    from: owner.user.id,
    chat: String(group.id),
    text: 'members only',
  });
  const answer = await stranger.forward({
    from_chat: String(group.id),
    message_id: secret.message_id,
    chat: String(owner.user.id),
  });
  expect(answer).toMatchObject({ status: 404, ok: false, error: 'CHAT_NOT_FOUND' });
  expect(await server.control.listMessages({ user: owner.user.id, chat: String(stranger.user.id) })).toEqual(
    [],
  );
});
