/**
 * A person's ephemeral command (Bot API 10.2, ADR 0080): a command a bot declared ephemeral
 * (BotCommand.is_ephemeral), sent as ephemeral by a person through the control API and `parley send
 * --ephemeral`, reaches that bot only as an ephemeral message; the bot answers it ephemerally within
 * 15 s through grammY (reply_parameters.ephemeral_message_id); the person sees both, and no other
 * member or bot sees either.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { failure, groupKit } from './helpers/groups.js';
import { ControlApiError } from '../src/testkit/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const { person, bot } = groupKit(() => server);
const control = () => server.control;

/** `parley ARGS` against this file's server (helpers/cli-runner.ts). */
const parley = cliRunner(() => server);

/** A supergroup with Bob, Carol, a quiz bot that declares /score ephemeral and another bot. */
async function scene() {
  const owner = await person('Owner');
  const bob = await person('Bob');
  const carol = await person('Carol');
  const quiz = await bot('ephcmd');
  const other = await bot('ephcmdother');
  await quiz.api.setMyCommands([
    { command: 'score', description: 'your score, for you only', is_ephemeral: true },
    { command: 'help', description: 'help for everyone' },
  ]);
  const chat = await control().createChat({
    owner: owner.id,
    title: 'Quiz',
    type: 'supergroup',
    members: [bob.id, carol.id, quiz.record.id, other.record.id],
  });
  for (const each of [quiz, other]) await each.updates();
  return { owner, bob, carol, quiz, other, chat };
}

const list = async (user: number, chat: number) =>
  control().listMessages({ user: String(user), chat: String(chat), limit: 100 });

it('reaches the declaring bot only; its ephemeral answer reaches the person only', async () => {
  const s = await scene();
  const sent = await control().sendMessage({
    from: s.bob.id,
    chat: s.chat.id,
    text: '/score please',
    ephemeral: true,
  });
  expect(sent).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 1,
    from: { id: s.bob.id },
    receiver_user: { id: s.quiz.record.id, is_bot: true },
    text: '/score please',
    entities: [{ type: 'bot_command', offset: 0, length: 6 }],
  });

  const updates = await s.quiz.updates();
  expect(updates).toHaveLength(1);
  const incoming = updates[0]!.message as Record<string, unknown>;
  expect(incoming).toMatchObject({
    message_id: 0,
    ephemeral_message_id: 1,
    from: { id: s.bob.id, first_name: 'Bob' },
    chat: { id: s.chat.id, type: 'supergroup' },
    receiver_user: { id: s.quiz.record.id, is_bot: true },
    text: '/score please',
  });

  // The bot is no administrator: only the reply to the person's command lets it answer.
  const answer = await s.quiz.api.sendMessage(s.chat.id, 'score-for-bob: 42', {
    ephemeral_message_parameters: { receiver_user_id: s.bob.id },
    reply_parameters: { ephemeral_message_id: 1 },
  });
  expect(answer).toMatchObject({ message_id: 0, receiver_user: { id: s.bob.id } });

  const bobs = await list(s.bob.id, s.chat.id);
  expect(bobs.map((m) => [m.text, m.ephemeral_message_id])).toEqual(
    expect.arrayContaining([
      ['/score please', 1],
      ['score-for-bob: 42', answer.ephemeral_message_id],
    ]),
  );
  // Bob's waits reach the answer after the chat's service messages (his own command is no incoming one).
  const waited = [];
  for (let turn = 0; turn < 10 && waited.at(-1)?.message_id !== 0; turn += 1) {
    waited.push(
      await control().waitForMessage({ user: String(s.bob.id), chat: String(s.chat.id), timeout: 5 }),
    );
  }
  expect(waited.at(-1)).toMatchObject({ text: 'score-for-bob: 42', message_id: 0 });
  expect(waited.map((m) => m.text)).not.toContain('/score please');

  for (const other of [s.owner, s.carol]) {
    const seen = JSON.stringify(await list(other.id, s.chat.id));
    expect(seen).not.toContain('/score');
    expect(seen).not.toContain('score-for-bob');
    const transcript = await control().getTranscript({ user: String(other.id), chat: String(s.chat.id) });
    expect(transcript.text).not.toContain('score');
  }
  expect(JSON.stringify(await s.other.updates())).not.toContain('score');
});

it('is refused for a command not declared ephemeral, outside groups and with other options; nothing is stored', async () => {
  const s = await scene();
  const refusal = (params: Record<string, unknown>) =>
    control()
      .sendMessage({ from: s.bob.id, chat: s.chat.id, text: '/score', ephemeral: true, ...params })
      .then(
        () => undefined,
        (error: unknown) => (error instanceof ControlApiError ? [error.status, error.error] : error),
      );
  expect(await refusal({ text: '/help' })).toEqual([400, 'BAD_REQUEST']);
  expect(await refusal({ text: 'hello' })).toEqual([400, 'BAD_REQUEST']);
  expect(await refusal({ text: `/score@${s.other.record.username}` })).toEqual([400, 'BAD_REQUEST']);
  expect(await refusal({ reply_to_message_id: 1 })).toEqual([400, 'BAD_REQUEST']);
  await control().sendMessage({ from: s.bob.id, chat: `@${s.quiz.record.username}`, text: 'hi' });
  expect(await refusal({ chat: `@${s.quiz.record.username}` })).toEqual([400, 'BAD_REQUEST']);
  expect(JSON.stringify(await list(s.bob.id, s.chat.id))).not.toContain('/score');
  expect(JSON.stringify(await s.quiz.updates())).not.toContain('/score');
  // Without an incoming command to reply to, the plain bot may not send one.
  const refused = await failure(
    s.quiz.api.sendMessage(s.chat.id, 'unasked', {
      ephemeral_message_parameters: { receiver_user_id: s.bob.id },
      reply_parameters: { ephemeral_message_id: 1 },
    }),
  );
  expect(refused.description).toBe('Bad Request: ephemeral message to be replied is not found or is too old');
});

it('`parley send --ephemeral` sends one, named by @bot, and prints it as ephemeral', async () => {
  const s = await scene();
  const run = await parley(
    'send',
    '--from',
    String(s.bob.id),
    '--to',
    String(s.chat.id),
    '--text',
    `/score@${s.quiz.record.username}`,
    '--ephemeral',
  );
  expect(run.stderr).toBe('');
  expect(run.stdout).toBe(
    `[ephemeral #1 from Bob to @${s.quiz.record.username}] /score@${s.quiz.record.username}`,
  );
  const incoming = (await s.quiz.updates())[0]!.message as Record<string, unknown>;
  expect(incoming).toMatchObject({ message_id: 0, ephemeral_message_id: 1, from: { id: s.bob.id } });
  const misuse = await parley(
    'send',
    '--from',
    String(s.bob.id),
    '--to',
    String(s.chat.id),
    '--dice',
    '--ephemeral',
  );
  expect(misuse.code).not.toBe(0);
  expect(misuse.stderr).toContain('--ephemeral goes with --text');
});
