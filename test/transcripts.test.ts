/**
 * Transcripts for snapshot tests (ADR 0059): a grammY bot's conversation with a person, read as the
 * person sees it with ids, dates, file ids and tokens normalised, is the same committed snapshot on
 * two servers whose ids differ; the CLI prints the same text.
 */
import { Bot, InputFile } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';
import { waitFor } from './helpers/wait-for.js';

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  [first, second] = await Promise.all([startServer(), startServer()]);
  // The second server's people, bots and messages get other ids than the first's.
  for (let n = 0; n < 3; n += 1) {
    const other = await second.control.createUser({ phone_number: phone(), first_name: `Other${n}` });
    const otherBot = await second.control.createBot({ username: `other${n}_transcript_bot` });
    await second.control.sendMessage({ from: other.phone_number, chat: `@${otherBot.username}`, text: 'hi' });
  }
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

/** A small bot: a greeting with buttons, a counter that edits it, a file, a pin, a token it leaks. */
function helperBot(server: TestServer, token: string) {
  const bot = new Bot(token, { client: { apiRoot: server.url } });
  let count = 0;
  let greeting = 0;
  const keyboard = () => ({
    inline_keyboard: [
      [
        { text: 'Count', callback_data: 'count' },
        { text: 'Help', callback_data: 'help' },
      ],
    ],
  });
  bot.command('start', async (ctx) => {
    greeting = (await ctx.reply('Hello!', { reply_markup: keyboard() })).message_id;
  });
  bot.callbackQuery('count', async (ctx) => {
    count += 1;
    await ctx.editMessageText(`Count: ${count}`, { reply_markup: keyboard() });
    await ctx.answerCallbackQuery();
  });
  bot.command('file', (ctx) =>
    ctx.replyWithDocument(new InputFile(Buffer.from('some notes\n'), 'notes.txt'), {
      caption: 'Here you go',
      reply_parameters: { message_id: ctx.message!.message_id },
    }),
  );
  bot.command('pin', async (ctx) => {
    await ctx.reply('Two lines:\nthe second one');
    await ctx.pinChatMessage(greeting);
  });
  bot.command('token', (ctx) => ctx.reply(`My token is ${token}`));
  return bot;
}

/** The conversation, on one server; answers its transcript in both formats. */
async function converse(server: TestServer) {
  const alice = await server.control.createUser({ phone_number: phone(), first_name: 'Alice' });
  const record = await server.control.createBot({
    username: `helper${server.url.slice(-5)}_bot`,
    first_name: 'Helper',
  });
  const bot = helperBot(server, record.token);
  await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
  const me = alice.phone_number;
  const chat = `@${record.username}`;
  const say = async (text: string) => {
    await server.control.sendMessage({ from: me, chat, text });
    return server.control.waitForMessage({ user: me, chat, timeout: 10 });
  };
  try {
    const hello = await say('/start');
    await server.control.pressButton({ user: me, chat, message_id: hello.message_id, button: 'Count' });
    await say('/file');
    await say('/pin');
    await waitFor(
      async () => (await server.control.getTranscript({ user: me, chat })).text?.includes('pinned'),
      { what: 'the pin' },
    );
    await say('/token');
  } finally {
    await bot.stop();
  }
  const text = await server.control.getTranscript({ user: me, chat });
  const json = await server.control.getTranscript({ user: me, chat, format: 'json' });
  return { text: text.text, json: json.messages, token: record.token, me, chat };
}

describe('transcripts', () => {
  it('show a conversation as the same normalised snapshot on two servers', async () => {
    const [one, two] = await Promise.all([converse(first), converse(second)]);
    expect(one.text).toMatchInlineSnapshot(`
      "Alice: /start
      Helper: Count: 1 [buttons: Count | Help]
        (edited)
      Alice: /file
      Helper: (reply to #3) [document notes.txt] Here you go
      Alice: /pin
      Helper: Two lines:
        the second one
      Helper pinned #2
      Alice: /token
      Helper: My token is <token>
      "
    `);
    expect(two.text).toBe(one.text);

    // JSON: the Message objects, normalised; equal on both servers but for the bots' usernames.
    const withoutUsernames = (json: unknown) =>
      JSON.parse(JSON.stringify(json).replace(/helper\d+_bot/g, '<bot>')) as unknown;
    expect(withoutUsernames(two.json)).toEqual(withoutUsernames(one.json));
    const messages = one.json!;
    expect(messages.map((m) => m.message_id)).toEqual(messages.map((_m, i) => `#${i + 1}`));
    expect(messages[0]).toMatchObject({ date: '<date>', from: { id: '<id 1>', first_name: 'Alice' } });
    // The private chat as Alice sees it has the bot's id.
    expect(messages[1]).toMatchObject({
      edit_date: '<date>',
      chat: { id: '<id 2>' },
      from: { id: '<id 2>' },
    });
    const document = messages.find((m) => m.document) as { document: Record<string, unknown> } | undefined;
    expect(document?.document).toMatchObject({ file_id: '<file 1>', file_unique_id: '<file unique 1>' });
    expect(JSON.stringify(messages)).not.toContain(one.token);
    expect(JSON.stringify(messages)).not.toMatch(/"(message_id|date|id)":\d/);
    expect(one.text).not.toContain(one.token.split(':')[1]!);
  });

  it('prints the same text from the CLI', async () => {
    const alice = await first.control.createUser({ phone_number: phone(), first_name: 'Alice' });
    const record = await first.control.createBot({ username: 'cli_transcript_bot', first_name: 'Helper' });
    const bot = helperBot(first, record.token);
    await new Promise<void>((resolve) => void bot.start({ onStart: () => resolve() }));
    try {
      await first.control.sendMessage({
        from: alice.phone_number,
        chat: '@cli_transcript_bot',
        text: '/start',
      });
      await first.control.waitForMessage({
        user: alice.phone_number,
        chat: '@cli_transcript_bot',
        timeout: 10,
      });
    } finally {
      await bot.stop();
    }
    const parley = cliRunner(() => first);
    const run = await parley('transcript', '--user', alice.phone_number, '--chat', '@cli_transcript_bot');
    expect(run.stdout).toBe('Alice: /start\nHelper: Hello! [buttons: Count | Help]');
    const json = await parley(
      'transcript',
      '--user',
      alice.phone_number,
      '--chat',
      '@cli_transcript_bot',
      '--format',
      'json',
    );
    expect((JSON.parse(json.stdout) as Array<{ message_id: string }>).map((m) => m.message_id)).toEqual([
      '#1',
      '#2',
    ]);
    const bad = await parley('transcript', '--user', alice.phone_number, '--chat', 'x', '--format', 'xml');
    expect(bad.code).toBe(2);
  });
});
