/**
 * Bot API 10.2's ephemeral messages (ADR 0076), through a grammY 1.46 bot (the 10.3 object
 * ephemeral_message_parameters, its own types) and raw HTTP (the 10.2 parameters receiver_user_id
 * and callback_query_id): who may send one and when (the 15-second window on the virtual clock),
 * the answer (message_id 0, ephemeral_message_id, receiver_user), and that only the receiver sees
 * it: not the other members' lists, waits or transcripts, nor the other bots' updates.
 */
import { InputFile } from 'grammy';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

const TEXTS = {
  FORBIDDEN:
    'Bad Request: the bot must answer a callback query or an ephemeral message of the receiver within 15 seconds or be an administrator',
  RECEIVER: 'Bad Request: the receiver of an ephemeral message must be a member of the chat who is not a bot',
  CHAT: 'Bad Request: ephemeral messages can be sent to group and supergroup chats only',
  LIVE_PERIOD: 'Bad Request: live_period must be 0 for ephemeral messages',
  CALLBACK_QUERY: 'Bad Request: callback query is too old or was not sent by the receiver in this chat',
  REPLY: 'Bad Request: ephemeral message to be replied is not found or is too old',
  NOT_FOUND: 'Bad Request: ephemeral message not found',
};

/** A supergroup with an owner, Bob (the receiver), Carol, an administrator bot, a plain bot and a watching admin bot. */
async function scene() {
  const owner = await person('Owner');
  const bob = await person('Bob');
  const carol = await person('Carol');
  const admin = await bot('ephadmin');
  const plain = await bot('ephplain');
  const watcher = await bot('ephwatch');
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Ephemeral',
    type: 'supergroup',
    members: [bob.id, carol.id, admin.record.id, plain.record.id, watcher.record.id],
  });
  for (const member of [admin, watcher]) {
    await control().promoteChatMember({
      by: owner.id,
      chat: chat.id,
      user: member.record.id,
      rights: { can_delete_messages: true },
    });
  }
  // Every bot confirms what it got so far: later updates are the ones under test.
  for (const each of [admin, plain, watcher]) await each.updates();
  return { owner, bob, carol, admin, plain, watcher, chat };
}

type Scene = Awaited<ReturnType<typeof scene>>;

const list = async (user: number, chat: number) =>
  control().listMessages({ user: String(user), chat: String(chat), limit: 100 });

/** Nothing of `secret` anywhere the others can reach: their lists, transcripts, the bots' updates. */
async function onlyBobSees(s: Scene, secret: string, bots: TestBot[]) {
  for (const other of [s.owner, s.carol]) {
    expect(JSON.stringify(await list(other.id, s.chat.id))).not.toContain(secret);
    const transcript = await control().getTranscript({
      user: String(other.id),
      chat: String(s.chat.id),
      format: 'json',
    });
    expect(JSON.stringify(transcript)).not.toContain(secret);
    const text = await control().getTranscript({ user: String(other.id), chat: String(s.chat.id) });
    expect(text.text).not.toContain(secret);
  }
  for (const each of bots) expect(JSON.stringify(await each.updates())).not.toContain(secret);
}

it('an administrator bot sends one to a member through grammY; only the receiver sees it, in list and wait', async () => {
  const s = await scene();
  const sent = await s.admin.api.sendMessage(s.chat.id, 'secret-for-bob', {
    ephemeral_message_parameters: { receiver_user_id: s.bob.id },
  });
  expect(sent).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 1,
    receiver_user: { id: s.bob.id, is_bot: false, first_name: 'Bob' },
    from: { id: s.admin.record.id },
    chat: { id: s.chat.id, type: 'supergroup' },
    text: 'secret-for-bob',
  });
  const mine = (await list(s.bob.id, s.chat.id)).filter((message) => message.text === 'secret-for-bob');
  expect(mine).toEqual([
    expect.objectContaining({ message_id: 0, ephemeral_message_id: 1, receiver_user: sent.receiver_user }),
  ]);
  // Bob's waits answer the chat's messages in order, the ephemeral one in its place.
  let waited;
  for (let round = 0; round < 20 && waited?.text !== 'secret-for-bob'; round += 1) {
    waited = await control().waitForMessage({ user: String(s.bob.id), chat: String(s.chat.id), timeout: 5 });
  }
  expect(waited).toMatchObject({ message_id: 0, ephemeral_message_id: 1, text: 'secret-for-bob' });
  await onlyBobSees(s, 'secret-for-bob', [s.admin, s.plain, s.watcher]);
});

it('takes the 10.2 parameters over raw HTTP and numbers the messages per chat', async () => {
  const s = await scene();
  const send = (text: string) =>
    callBotApi(server, s.admin.token, 'sendMessage', {
      chat_id: s.chat.id,
      text,
      receiver_user_id: s.bob.id,
    });
  const first = await send('raw-one');
  expect(first.body.result).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 1,
    receiver_user: { id: s.bob.id },
  });
  expect((await send('raw-two')).body.result).toMatchObject({ ephemeral_message_id: 2 });
  const contact = await callBotApi(server, s.admin.token, 'sendContact', {
    chat_id: s.chat.id,
    phone_number: '+15550100',
    first_name: 'Ann',
    receiver_user_id: String(s.bob.id),
  });
  expect(contact.body.result).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 3,
    contact: { first_name: 'Ann' },
  });
  await onlyBobSees(s, 'raw-', [s.plain, s.watcher]);
  await onlyBobSees(s, '+15550100', [s.plain, s.watcher]);
});

it('refuses what the rules do not allow, and stores nothing', async () => {
  const s = await scene();
  const before = await list(s.bob.id, s.chat.id);
  const to = (receiver_user_id: number) => ({ ephemeral_message_parameters: { receiver_user_id } });
  // A bot that is not an administrator, with no callback query or ephemeral message to answer.
  expect(await failure(s.plain.api.sendMessage(s.chat.id, 'x', to(s.bob.id)))).toMatchObject({
    code: 400,
    description: TEXTS.FORBIDDEN,
  });
  // The receiver must be a member who is a person.
  const stranger = await person('Stranger');
  for (const receiver of [s.plain.record.id, stranger.id]) {
    expect(await failure(s.admin.api.sendMessage(s.chat.id, 'x', to(receiver)))).toMatchObject({
      code: 400,
      description: TEXTS.RECEIVER,
    });
  }
  // Groups and supergroups only.
  await control().sendMessage({ from: String(s.bob.id), chat: `@${s.admin.record.username}`, text: 'hi' });
  expect(await failure(s.admin.api.sendMessage(s.bob.id, 'x', to(s.bob.id)))).toMatchObject({
    code: 400,
    description: TEXTS.CHAT,
  });
  // live_period must be 0.
  expect(
    await failure(s.admin.api.sendLocation(s.chat.id, 1, 2, { live_period: 60, ...to(s.bob.id) })),
  ).toMatchObject({ code: 400, description: TEXTS.LIVE_PERIOD });
  // A reply to an ephemeral message must be ephemeral, and to one the receiver sent the bot.
  const reply = await callBotApi(server, s.admin.token, 'sendMessage', {
    chat_id: s.chat.id,
    text: 'x',
    reply_parameters: { ephemeral_message_id: 1 },
  });
  expect(reply.body).toEqual({ ok: false, error_code: 400, description: TEXTS.REPLY });
  expect(
    (
      await callBotApi(server, s.admin.token, 'sendMessage', {
        chat_id: s.chat.id,
        text: 'x',
        receiver_user_id: s.bob.id,
        reply_parameters: { ephemeral_message_id: 1 },
      })
    ).body.description,
  ).toBe(TEXTS.REPLY);
  expect(await list(s.bob.id, s.chat.id)).toEqual(before);
  // The 10.3 object on a send that does not take it is refused rather than shown to everyone.
  const dice = await callBotApi(server, s.admin.token, 'sendDice', {
    chat_id: s.chat.id,
    ephemeral_message_parameters: { receiver_user_id: s.bob.id },
  });
  expect(dice.status).toBe(501);
  // A send that does not take the 10.2 parameters ignores them, as the reference ignores unknown ones.
  const plainDice = await callBotApi(server, s.admin.token, 'sendDice', {
    chat_id: s.chat.id,
    receiver_user_id: s.bob.id,
  });
  expect(plainDice.status).toBe(200);
});

it('lets any bot answer a callback query ephemerally within 15 seconds of the virtual clock, and not after', async () => {
  const s = await scene();
  const asked = await s.plain.api.sendMessage(s.chat.id, 'press', {
    reply_markup: { inline_keyboard: [[{ text: 'Me', callback_data: 'me' }]] },
  });
  const pressed = await control().pressButton({
    user: String(s.bob.id),
    chat: String(s.chat.id),
    message_id: asked.message_id,
    button: 'Me',
    timeout: 0,
  });
  const query = pressed.query_id!;
  const answer = await s.plain.api.sendMessage(s.chat.id, 'just-for-bob', {
    ephemeral_message_parameters: { receiver_user_id: s.bob.id, callback_query_id: query },
  });
  expect(answer).toMatchObject({ message_id: 0, receiver_user: { id: s.bob.id } });
  // The 10.2 form of the same, for another person than the one who pressed: refused.
  const carolAnswer = await callBotApi(server, s.plain.token, 'sendMessage', {
    chat_id: s.chat.id,
    text: 'x',
    receiver_user_id: s.carol.id,
    callback_query_id: query,
  });
  expect(carolAnswer.body.description).toBe(TEXTS.CALLBACK_QUERY);
  await control().advanceClock(16);
  expect(
    await failure(
      s.plain.api.sendMessage(s.chat.id, 'too-late', {
        ephemeral_message_parameters: { receiver_user_id: s.bob.id, callback_query_id: query },
      }),
    ),
  ).toMatchObject({ code: 400, description: TEXTS.CALLBACK_QUERY });
  await onlyBobSees(s, 'just-for-bob', [s.admin, s.watcher]);
  expect(JSON.stringify(await list(s.bob.id, s.chat.id))).not.toContain('too-late');
});

it('edits and deletes one by (chat, receiver, ephemeral_message_id), answering True; unknown keys 400', async () => {
  const s = await scene();
  const { api } = s.admin;
  const sent = await api.sendMessage(s.chat.id, 'draft-for-bob', {
    ephemeral_message_parameters: { receiver_user_id: s.bob.id },
  });
  const id = sent.ephemeral_message_id!;
  const bobSees = async () =>
    (await list(s.bob.id, s.chat.id)).filter(
      (message) => message.message_id === 0 && message.ephemeral_message_id === id,
    );
  expect(await api.editEphemeralMessageText(s.chat.id, s.bob.id, id, 'edited-for-bob')).toBe(true);
  const keyboard = { inline_keyboard: [[{ text: 'OK', callback_data: 'ok' }]] };
  expect(await api.editEphemeralMessageReplyMarkup(s.chat.id, s.bob.id, id, { reply_markup: keyboard })).toBe(
    true,
  );
  expect(await bobSees()).toEqual([
    expect.objectContaining({
      text: 'edited-for-bob',
      reply_markup: keyboard,
      edit_date: expect.any(Number),
    }),
  ]);
  // Unknown keys: another receiver, another id, another bot's message.
  for (const call of [
    api.editEphemeralMessageText(s.chat.id, s.carol.id, id, 'x'),
    api.editEphemeralMessageText(s.chat.id, s.bob.id, id + 5, 'x'),
    s.watcher.api.deleteEphemeralMessage(s.chat.id, s.bob.id, id),
    api.deleteEphemeralMessage(s.chat.id, s.bob.id, id + 5),
  ]) {
    expect(await failure(call)).toMatchObject({ code: 400, description: TEXTS.NOT_FOUND });
  }
  // A text has no caption or media to edit; a refused media edit stores nothing.
  expect((await failure(api.editEphemeralMessageCaption(s.chat.id, s.bob.id, id, 'c'))).code).toBe(400);
  const media = await callBotApi(server, s.admin.token, 'editEphemeralMessageMedia', {
    chat_id: s.chat.id,
    receiver_user_id: s.bob.id,
    ephemeral_message_id: id,
    media: JSON.stringify({ type: 'document', media: 'attach://file' }),
  });
  expect(media.body).toMatchObject({ ok: false, error_code: 400 });
  await onlyBobSees(s, 'edited-for-bob', [s.plain, s.watcher]);

  expect(await api.deleteEphemeralMessage(s.chat.id, s.bob.id, id)).toBe(true);
  expect(await bobSees()).toEqual([]);
  expect(await failure(api.deleteEphemeralMessage(s.chat.id, s.bob.id, id))).toMatchObject({
    description: TEXTS.NOT_FOUND,
  });
  // The freed id is the next one's.
  const again = await callBotApi(server, s.admin.token, 'sendMessage', {
    chat_id: s.chat.id,
    text: 'again',
    receiver_user_id: s.bob.id,
  });
  expect(again.body.result).toMatchObject({ ephemeral_message_id: id });
});

it('edits the caption and media of an ephemeral document by file_id', async () => {
  const s = await scene();
  const { api } = s.admin;
  await control().sendMessage({ from: String(s.owner.id), chat: `@${s.admin.record.username}`, text: 'hi' });
  const first = await api.sendDocument(s.owner.id, new InputFile(Buffer.from('first file'), 'one.txt'));
  const second = await api.sendDocument(s.owner.id, new InputFile(Buffer.from('second file'), 'two.txt'));
  const sent = await api.sendDocument(s.chat.id, first.document!.file_id, {
    caption: 'doc-for-bob',
    ephemeral_message_parameters: { receiver_user_id: s.bob.id },
  });
  const id = sent.ephemeral_message_id!;
  expect(await api.editEphemeralMessageCaption(s.chat.id, s.bob.id, id, 'new-caption')).toBe(true);
  expect(
    await api.editEphemeralMessageMedia(s.chat.id, s.bob.id, id, {
      type: 'document',
      media: second.document!.file_id,
      caption: 'replaced',
    }),
  ).toBe(true);
  const seen = (await list(s.bob.id, s.chat.id)).find((message) => message.ephemeral_message_id === id);
  expect(seen).toMatchObject({ caption: 'replaced', document: { file_name: 'two.txt' } });
  await onlyBobSees(s, 'two.txt', [s.plain, s.watcher]);
});

it('edits the text of one into rich content (rich_message, 10.3) and back; a refused rich edit changes nothing', async () => {
  const s = await scene();
  const { api } = s.admin;
  const sent = await api.sendMessage(s.chat.id, 'plain-for-bob', {
    ephemeral_message_parameters: { receiver_user_id: s.bob.id },
  });
  const id = sent.ephemeral_message_id!;
  const seen = async () =>
    (await list(s.bob.id, s.chat.id)).find((message) => message.ephemeral_message_id === id);
  expect(await api.editEphemeralMessageText(s.chat.id, s.bob.id, id, { html: '<p>rich-for-bob</p>' })).toBe(
    true,
  );
  const rich = await seen();
  expect(rich).toMatchObject({ rich_message: { blocks: [{ type: 'paragraph', text: 'rich-for-bob' }] } });
  expect(rich).not.toHaveProperty('text');
  const malformed = await callBotApi(server, s.admin.token, 'editEphemeralMessageText', {
    chat_id: s.chat.id,
    receiver_user_id: s.bob.id,
    ephemeral_message_id: id,
    rich_message: JSON.stringify({ html: '<p>a</p>', markdown: 'b' }),
  });
  expect(malformed.body).toMatchObject({ ok: false, error_code: 400 });
  expect(await seen()).toEqual(rich);
  expect(await api.editEphemeralMessageText(s.chat.id, s.bob.id, id, 'text-again-for-bob')).toBe(true);
  expect(await seen()).toMatchObject({ text: 'text-again-for-bob' });
  expect(await seen()).not.toHaveProperty('rich_message');
  await onlyBobSees(s, 'rich-for-bob', [s.plain, s.watcher]);
});

it('keeps BotCommand.is_ephemeral and returns it', async () => {
  const { api, token } = await bot('ephcommands');
  const commands = [
    { command: 'secret', description: 'Only for you', is_ephemeral: true },
    { command: 'open', description: 'For everyone' },
  ];
  expect(await api.setMyCommands(commands)).toBe(true);
  expect(await api.getMyCommands()).toEqual(commands);
  const wrong = await callBotApi(server, token, 'setMyCommands', {
    commands: JSON.stringify([{ command: 'x', description: 'y', is_ephemeral: 'yes' }]),
  });
  expect(wrong.body).toEqual({
    ok: false,
    error_code: 400,
    description: 'Bad Request: can\'t parse BotCommand: Field "is_ephemeral" must be of type Boolean',
  });
  expect(await api.getMyCommands()).toEqual(commands);
});
