/**
 * Bot API 10.3's replace_callback_query_message (ADR 0096): a grammY 1.46 bot answers a button press
 * with an ephemeral message shown in place of the message the button was on. The receiver's list
 * (control API, and so the CLI) shows the ephemeral message where the original stood and not the
 * original; every other member's list, and the bot's own updates, are unchanged; once the bot
 * deletes the ephemeral message, the receiver sees the original again. Without callback_query_id
 * the flag is refused, storing nothing.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cliRunner } from './helpers/cli-runner.js';
import { callBotApi, startServer, type TestServer } from './helpers/in-process.js';
import { failure, groupKit } from './helpers/groups.js';
import { waitFor } from './helpers/wait-for.js';

let server: TestServer;
let bot: Bot | undefined;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await bot?.stop();
  await server.close();
});
const { person, bot: testBot } = groupKit(() => server);
const control = () => server.control;
const parley = cliRunner(() => server);

const REPLACE_TEXT = 'Bad Request: callback_query_id must be specified to replace the callback query message';

const list = async (user: number, chat: number) =>
  (await control().listMessages({ user: String(user), chat: String(chat), limit: 100 })).map((message) =>
    message.message_id === 0 ? `ephemeral:${message.text}` : message.text,
  );

it('shows the answer to a press in place of the pressed message to the presser alone, until it is deleted', async () => {
  const owner = await person('Owner');
  const bob = await person('Bob');
  const carol = await person('Carol');
  const menu = await testBot('replacemenu');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Menus',
    type: 'supergroup',
    members: [bob.id, carol.id, menu.record.id],
  });
  bot = new Bot(menu.token, { client: { apiRoot: server.url } });
  const sent: Array<{ ephemeral_message_id?: number | undefined; message_id: number }> = [];
  bot.callbackQuery('settings', async (ctx) => {
    const answer = await ctx.reply('your settings', {
      ephemeral_message_parameters: {
        receiver_user_id: ctx.from.id,
        callback_query_id: ctx.callbackQuery.id,
        replace_callback_query_message: true,
      },
    });
    sent.push(answer);
    await ctx.answerCallbackQuery();
  });
  void bot.start({ drop_pending_updates: true });

  await control().sendMessage({ from: owner.id, chat: chat.id, text: 'before' });
  const original = await bot.api.sendMessage(chat.id, 'open your settings', {
    reply_markup: { inline_keyboard: [[{ text: 'Settings', callback_data: 'settings' }]] },
  });
  await control().sendMessage({ from: owner.id, chat: chat.id, text: 'after' });
  const everyone = ['before', 'open your settings', 'after'];
  expect((await list(bob.id, chat.id)).slice(-3)).toEqual(everyone);

  await control().pressButton({
    user: String(bob.id),
    chat: String(chat.id),
    message_id: original.message_id,
    button: 'Settings',
    timeout: 10,
  });
  await waitFor(() => sent.length === 1, { what: 'the ephemeral answer' });
  expect(sent[0]).toMatchObject({ message_id: 0, ephemeral_message_id: 1 });
  // Bob sees the answer where the menu stood; Carol and the owner still see the menu.
  expect((await list(bob.id, chat.id)).slice(-3)).toEqual(['before', 'ephemeral:your settings', 'after']);
  for (const other of [carol, owner]) expect((await list(other.id, chat.id)).slice(-3)).toEqual(everyone);
  // The CLI's list is the control API's: the same for Bob.
  const cli = await parley('messages', '--user', String(bob.id), '--chat', String(chat.id), '--json');
  expect(cli.code).toBe(0);
  const printed = JSON.parse(cli.stdout) as Array<{ text?: string; ephemeral_message_id?: number }>;
  expect(printed.slice(-3).map((message) => [message.text, message.ephemeral_message_id])).toEqual([
    ['before', undefined],
    ['your settings', 1],
    ['after', undefined],
  ]);
  // A message sent afterwards comes after both, as always.
  await control().sendMessage({ from: carol.id, chat: chat.id, text: 'later' });
  expect((await list(bob.id, chat.id)).slice(-4)).toEqual([
    'before',
    'ephemeral:your settings',
    'after',
    'later',
  ]);
  // The bot's own view of its message is unchanged: it still edits it as ever.
  const edited = await bot.api.editMessageText(chat.id, original.message_id, 'open your settings (v2)');
  expect(edited).toMatchObject({ message_id: original.message_id, text: 'open your settings (v2)' });
  expect((await list(bob.id, chat.id)).slice(-4)).toEqual([
    'before',
    'ephemeral:your settings',
    'after',
    'later',
  ]);
  expect((await list(carol.id, chat.id)).slice(-4)).toEqual([
    'before',
    'open your settings (v2)',
    'after',
    'later',
  ]);

  await bot.stop();
  expect(await bot.api.deleteEphemeralMessage(chat.id, bob.id, sent[0]!.ephemeral_message_id!)).toBe(true);
  expect((await list(bob.id, chat.id)).slice(-4)).toEqual([
    'before',
    'open your settings (v2)',
    'after',
    'later',
  ]);
});

it('refuses replace_callback_query_message without callback_query_id, and a flag that is not a Boolean', async () => {
  const owner = await person('Owner');
  const bob = await person('Bob');
  const admin = await testBot('replaceadmin');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Refusals',
    type: 'supergroup',
    members: [bob.id, admin.record.id],
  });
  await control().promoteChatMember({
    by: owner.id,
    chat: chat.id,
    user: admin.record.id,
    rights: { can_delete_messages: true },
  });
  const before = await list(bob.id, chat.id);
  // An administrator bot may send one without a callback query, but not "in place of" none.
  expect(
    await failure(
      admin.api.sendMessage(chat.id, 'nowhere', {
        ephemeral_message_parameters: { receiver_user_id: bob.id, replace_callback_query_message: true },
      }),
    ),
  ).toMatchObject({ code: 400, description: REPLACE_TEXT });
  const notBoolean = await callBotApi(server, admin.token, 'sendMessage', {
    chat_id: chat.id,
    text: 'nowhere',
    ephemeral_message_parameters: JSON.stringify({
      receiver_user_id: bob.id,
      replace_callback_query_message: 'yes',
    }),
  });
  expect(notBoolean.body).toEqual({
    ok: false,
    error_code: 400,
    description:
      'Bad Request: can\'t parse ephemeral message parameters: Field "replace_callback_query_message" must be of type Boolean',
  });
  expect(await list(bob.id, chat.id)).toEqual(before);
  // false is the flag's absence: shown beside the chat's messages.
  const beside = await admin.api.sendMessage(chat.id, 'beside', {
    ephemeral_message_parameters: { receiver_user_id: bob.id, replace_callback_query_message: false },
  });
  expect(beside).toMatchObject({ message_id: 0 });
  expect(await list(bob.id, chat.id)).toEqual([...before, 'ephemeral:beside']);
});

it('sends a rich message ephemerally with the 10.3 object (sendRichMessage), in place of a pressed message too', async () => {
  const owner = await person('Owner');
  const bob = await person('Bob');
  const carol = await person('Carol');
  const rich = await testBot('replacerich');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Rich',
    type: 'supergroup',
    members: [bob.id, carol.id, rich.record.id],
  });
  const menu = await rich.api.sendMessage(chat.id, 'rich menu', {
    reply_markup: { inline_keyboard: [[{ text: 'Show', callback_data: 'show' }]] },
  });
  const pressed = await control().pressButton({
    user: String(bob.id),
    chat: String(chat.id),
    message_id: menu.message_id,
    button: 'Show',
    timeout: 0,
  });
  const sent = await rich.api.sendRichMessage(
    chat.id,
    { html: '<p>rich-for-bob</p>' },
    {
      ephemeral_message_parameters: {
        receiver_user_id: bob.id,
        callback_query_id: pressed.query_id!,
        replace_callback_query_message: true,
      },
    },
  );
  expect(sent).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 1,
    receiver_user: { id: bob.id },
    rich_message: { blocks: [{ type: 'paragraph', text: 'rich-for-bob' }] },
  });
  const bobSees = await control().listMessages({ user: String(bob.id), chat: String(chat.id), limit: 100 });
  expect(bobSees.at(-1)).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 1,
    rich_message: sent.rich_message,
  });
  expect(JSON.stringify(bobSees)).not.toContain('rich menu');
  const carolSees = JSON.stringify(
    await control().listMessages({ user: String(carol.id), chat: String(chat.id), limit: 100 }),
  );
  expect(carolSees).toContain('rich menu');
  expect(carolSees).not.toContain('rich-for-bob');
  expect(JSON.stringify(await rich.updates())).not.toContain('rich-for-bob');
  // 10.2's top-level receiver_user_id is no parameter of sendRichMessage: ignored, the message is for all.
  const plain = await callBotApi(server, rich.token, 'sendRichMessage', {
    chat_id: chat.id,
    rich_message: JSON.stringify({ html: '<p>for-everyone</p>' }),
    receiver_user_id: bob.id,
  });
  expect((plain.body.result as { message_id: number }).message_id).toBeGreaterThan(0);
  const carolNow = await control().listMessages({
    user: String(carol.id),
    chat: String(chat.id),
    limit: 100,
  });
  expect(JSON.stringify(carolNow.at(-1))).toContain('for-everyone');
});
