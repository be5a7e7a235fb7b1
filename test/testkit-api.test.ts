/**
 * The importable test kit (`createParley`, ADR 0057, docs/testing.md) as a user's test would use it:
 * an in-process server, a real grammY bot on `parley.apiRoot`, people who act and wait. The packed
 * package is tested from a fresh project in testkit-pack.test.ts.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { Bot, InlineKeyboard } from 'grammy';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import parleyLint, { LAYERS } from '../eslint-rules/layers.js';
import { ControlApiError, createParley, type Parley } from '../src/testkit/index.js';
import { png } from './helpers/media-bytes.js';
import { gateway } from './helpers/gateway.js';

let parley: Parley;
let bot: Bot;
/** What the bot received, for the actions whose effect is on the bot's side. */
const received: { photos: number[]; documents: string[]; pollAnswers: number[][]; reactions: string[] } = {
  photos: [],
  documents: [],
  pollAnswers: [],
  reactions: [],
};

beforeAll(async () => {
  parley = await createParley();
  const record = await parley.createBot({ username: 'echo_bot', supports_inline_queries: true });
  bot = new Bot(record.token, { client: { apiRoot: parley.apiRoot } });
  bot.command('menu', (ctx) =>
    ctx.reply('Pick one', { reply_markup: new InlineKeyboard().text('Tea', 'tea').text('Coffee', 'coffee') }),
  );
  bot.command('burst', async (ctx) => {
    for (const text of ['one', 'two', 'three']) await ctx.reply(text);
  });
  bot.command('poll', (ctx) => ctx.replyWithPoll('Lunch?', ['Soup', 'Salad'], { is_anonymous: false }));
  bot.command('stars', (ctx) =>
    ctx.replyWithInvoice('Gem', 'A shiny gem', 'gem-1', 'XTR', [{ label: 'Gem', amount: 5 }]),
  );
  bot.on('callback_query:data', (ctx) =>
    ctx.answerCallbackQuery({ text: `You chose ${ctx.callbackQuery.data}` }),
  );
  bot.on('message:photo', async (ctx) => {
    const largest = ctx.message.photo.at(-1)!;
    received.photos.push(largest.width);
    await ctx.reply(`photo ${largest.width}x${largest.height}`);
  });
  bot.on('message:document', async (ctx) => {
    received.documents.push(ctx.message.document.file_name ?? '');
    await ctx.reply(`document ${ctx.message.document.file_name}`);
  });
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  bot.on('poll_answer', (ctx) => {
    received.pollAnswers.push(ctx.pollAnswer.option_ids);
  });
  bot.on('message_reaction', (ctx) => {
    for (const r of ctx.messageReaction.new_reaction)
      if (r.type === 'emoji') received.reactions.push(r.emoji);
  });
  bot.on('inline_query', (ctx) =>
    ctx.answerInlineQuery([
      {
        type: 'article',
        id: '1',
        title: `Result for ${ctx.inlineQuery.query}`,
        input_message_content: { message_text: ctx.inlineQuery.query },
      },
    ]),
  );
  bot.on('pre_checkout_query', (ctx) => ctx.answerPreCheckoutQuery(true));
  await new Promise<void>((resolve) => {
    void bot.start({
      onStart: () => resolve(),
      allowed_updates: [
        'message',
        'callback_query',
        'poll_answer',
        'message_reaction',
        'inline_query',
        'pre_checkout_query',
      ],
    });
  });
});

afterAll(async () => {
  await bot?.stop();
  await parley?.close();
});

describe('createParley', () => {
  it("runs the issue's example: a person writes to a grammY bot and waits for its reply", async () => {
    expect(parley.inProcess).toBe(true);
    expect(parley.apiRoot).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const alice = await parley.createUser({ phone: '+15550001' });
    expect(alice).toMatchObject({ phone: '+15550001', first_name: 'User' });
    expect(alice.id).toEqual(expect.any(Number));

    const sent = await alice.send('@echo_bot', 'hi');
    expect(sent.text).toBe('hi');
    const reply = await alice.waitForMessage('@echo_bot', { timeout: 5000 });
    expect(reply.text).toBe('echo: hi');
    expect(reply.from).toMatchObject({ username: 'echo_bot', is_bot: true });
  });

  it('answers a bot with token, username and id, which the Bot API knows', async () => {
    const other = await parley.createBot({ username: 'second_bot' });
    expect(other).toMatchObject({
      username: 'second_bot',
      id: expect.any(Number),
      token: expect.any(String),
    });
    const me = await new Bot(other.token, { client: { apiRoot: parley.apiRoot } }).api.getMe();
    expect(me.id).toBe(other.id);
  });

  it('waits past messages the predicate refuses, and those count as received', async () => {
    const bob = await parley.createUser({ first_name: 'Bob' });
    expect(bob.phone).toMatch(/^\+1555\d+$/);
    await bob.send('@echo_bot', '/burst');
    const three = await bob.waitForMessage('@echo_bot', { match: (m) => m.text === 'three', timeout: 5000 });
    expect(three.text).toBe('three');
    // "one" and "two" were passed over: nothing is left to wait for.
    await expect(bob.waitForMessage('@echo_bot', { timeout: 1000 })).rejects.toMatchObject({
      error: 'WAIT_TIMEOUT',
      status: 408,
    });
    const seen = await bob.messages('@echo_bot');
    expect(seen.map((m) => m.text)).toEqual(['/burst', 'one', 'two', 'three']);
  });

  it('fails a wait with WAIT_TIMEOUT after its timeout, not long before or after', async () => {
    const carol = await parley.createUser();
    const started = Date.now();
    const error = await carol.waitForMessage('@echo_bot', { timeout: 1500 }).catch((e: unknown) => e);
    const elapsed = Date.now() - started;
    expect(error).toBeInstanceOf(ControlApiError);
    expect((error as ControlApiError).error).toBe('WAIT_TIMEOUT');
    expect((error as ControlApiError).description).toContain('within 1500 ms');
    // Whole seconds on the server: 2 s for 1.5 s.
    expect(elapsed).toBeGreaterThanOrEqual(1400);
    expect(elapsed).toBeLessThan(4000);
  });

  it('sends a photo and a document the bot receives', async () => {
    const dana = await parley.createUser();
    const photo = await dana.sendPhoto('@echo_bot', png(64, 48), { caption: 'look' });
    expect(photo.caption).toBe('look');
    // Read typed, without a cast (ADR 0068): the Bot API's PhotoSize[].
    expect(photo.photo?.[0]?.file_id).toEqual(expect.any(String));
    expect(photo.photo?.map((size) => [size.width, size.height])).toContainEqual([64, 48]);
    expect((await dana.waitForMessage('@echo_bot')).text).toBe('photo 64x48');
    await dana.sendDocument('@echo_bot', new TextEncoder().encode('a,b\n1,2\n'), { filename: 'data.csv' });
    expect((await dana.waitForMessage('@echo_bot')).text).toBe('document data.csv');
    expect(received.photos).toContain(64);
    expect(received.documents).toContain('data.csv');
  });

  it('presses an inline button and sees the answer to the callback query', async () => {
    const erin = await parley.createUser();
    await erin.send('@echo_bot', '/menu');
    const menu = await erin.waitForMessage('@echo_bot', { match: (m) => m.text === 'Pick one' });
    const buttons = menu.reply_markup?.inline_keyboard?.flatMap((row) => row.map((b) => b.callback_data));
    expect(buttons).toEqual(['tea', 'coffee']);
    const result = await erin.press('@echo_bot', menu.message_id, 'Coffee');
    expect(result).toMatchObject({ answered: true, text: 'You chose coffee' });
  });

  it('votes in a poll and reacts to a message; the bot gets poll_answer and message_reaction', async () => {
    const finn = await parley.createUser();
    await finn.send('@echo_bot', '/poll');
    const poll = await finn.waitForMessage('@echo_bot', { match: (m) => m.poll !== undefined });
    expect(poll.poll?.options.map((option) => option.text)).toEqual(['Soup', 'Salad']);
    const state = await finn.vote('@echo_bot', poll.message_id, [1]);
    expect(state.total_voter_count).toBe(1);
    await expect.poll(() => received.pollAnswers, { timeout: 5000 }).toContainEqual([1]);

    const reactions = await finn.react('@echo_bot', poll.message_id, '👍');
    expect(reactions.chosen).toEqual([{ type: 'emoji', emoji: '👍' }]);
    await expect.poll(() => received.reactions, { timeout: 5000 }).toContain('👍');
  });

  it('types an inline query and gets the bot’s results', async () => {
    const gina = await parley.createUser();
    const answer = await gina.inline('@echo_bot', 'weather');
    expect(answer.answered).toBe(true);
    expect(answer.results).toEqual([expect.objectContaining({ id: '1', title: 'Result for weather' })]);
  });

  it('joins a group through an invite link', async () => {
    const owner = await parley.createUser({ first_name: 'Owner' });
    const guest = await parley.createUser({ first_name: 'Guest' });
    const group = await parley.control.createChat({
      owner: owner.phone,
      title: 'Kit group',
      type: 'supergroup',
    });
    const link = await parley.control.createInviteLink({ by: owner.phone, chat: group.id });
    const joined = await guest.join(link.invite_link);
    expect(joined).toMatchObject({ status: 'member', chat: { id: group.id } });
  });

  it('pays a Stars invoice the bot sent', async () => {
    const hank = await parley.createUser();
    await parley.control.grantStars({ user: hank.phone, amount: 20 });
    await hank.send('@echo_bot', '/stars');
    const invoice = await hank.waitForMessage('@echo_bot', { match: (m) => m.invoice !== undefined });
    const outcome = await hank.pay('@echo_bot', invoice.message_id);
    expect(outcome.status).toBe('paid');
    expect(await parley.control.getStarBalance({ user: hank.phone })).toMatchObject({ amount: 15 });
  });

  it('waits for the verification code of a given request_id, skipping other codes', async () => {
    const owner = await parley.createUser({ first_name: 'Shop' });
    const account = await parley.control.createGatewayAccount({ owner: owner.phone, credits: 10 });
    const send = (params: Record<string, unknown>) =>
      gateway(`${parley.url}/gateway`, account.access_token, 'sendVerificationMessage', params);
    const ivy = await parley.createUser();
    const first = await send({ phone_number: ivy.phone, code_length: 4 });
    const second = await send({ phone_number: ivy.phone, code_length: 6 });
    expect(first.body.ok && second.body.ok).toBe(true);
    const secondId = (second.body.result as { request_id: string }).request_id;
    const code = await parley.waitForCode(ivy.phone, { requestId: secondId, timeout: 5000 });
    expect(code.request_id).toBe(secondId);
    expect(code.code).toMatch(/^\d{6}$/);
    await expect(parley.waitForCode(ivy.phone, { requestId: 'nope', timeout: 1000 })).rejects.toMatchObject({
      error: 'WAIT_TIMEOUT',
    });
  });

  it('moves the virtual clock', async () => {
    const before = await parley.clock.now();
    const after = await parley.clock.advance(90);
    expect(after.now - before.now).toBeGreaterThanOrEqual(90);
    expect(after.now - before.now).toBeLessThan(95);
  });

  it('connects to a running server by URL and admin token, and close() leaves that server running', async () => {
    await expect(createParley({ url: parley.url })).rejects.toThrow(/adminToken/);
    const remote = await createParley({ url: `${parley.url}/`, adminToken: parley.adminToken });
    expect(remote.inProcess).toBe(false);
    expect(remote.apiRoot).toBe(parley.apiRoot);
    const jack = await remote.createUser();
    await jack.send('@echo_bot', 'over the wire');
    expect((await jack.waitForMessage('@echo_bot')).text).toBe('echo: over the wire');
    // The in-process kit sees the same person: one server.
    expect((await parley.user(jack.phone)).id).toBe(jack.id);
    await remote.close();
    expect(await parley.clock.now()).toMatchObject({ now: expect.any(Number) });
  });

  it('stops its in-process server on close(), once', async () => {
    const own = await createParley();
    const url = own.url;
    expect((await own.createUser()).id).toEqual(expect.any(Number));
    await Promise.all([own.close(), own.close()]);
    await own.close();
    await expect(fetch(`${url}/control/clock`)).rejects.toThrow();
  });
});

describe('the layer exception of the test kit (eslint-rules/layers.js)', () => {
  const root = path.resolve(import.meta.dirname, '..');
  async function layerErrors(file: string, code: string): Promise<string[]> {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser },
          plugins: { parley: parleyLint },
          rules: { 'parley/layers': ['error', LAYERS] },
        },
      ],
    });
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return result!.messages.map((message) => message.message);
  }

  it('allows testkit/parley.ts to load server/in-process.ts lazily, and nothing more', async () => {
    expect(
      await layerErrors('src/testkit/parley.ts', "const m = import('../server/in-process.js');"),
    ).toEqual([]);
    expect(
      (
        await layerErrors(
          'src/testkit/parley.ts',
          "import { startInProcess } from '../server/in-process.js';",
        )
      ).join(),
    ).toContain('testkit/ may not import server/');
    expect(
      (await layerErrors('src/testkit/parley.ts', "const m = import('../server/app.js');")).join(),
    ).toContain('testkit/ may not import server/');
    expect(
      (
        await layerErrors('src/testkit/control-client.ts', "const m = import('../server/in-process.js');")
      ).join(),
    ).toContain('testkit/ may not import server/');
  });
});
