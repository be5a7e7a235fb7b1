/**
 * `parley bot create --inline [--placeholder TEXT]` turns inline mode on at creation (issue 27), as
 * BotFather's /setinline does: getMe says supports_inline_queries, a person's inline query reaches the
 * bot, and the placeholder is kept on the BotRecord. --placeholder alone is a usage error, and the
 * control API refuses a placeholder without inline mode.
 */
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlApiError } from '../src/testkit/index.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

/** `parley ARGS` against this file's server (helpers/cli-runner.ts). */
const parley = cliRunner(() => server);

describe('parley bot create --inline', () => {
  it('turns inline mode on, with the placeholder kept on the bot', async () => {
    const made = await parley(
      'bot',
      'create',
      '--username',
      'films_bot',
      '--inline',
      '--placeholder',
      'Search films...',
      '--json',
    );
    expect(made.stderr).toBe('');
    const bot = JSON.parse(made.stdout) as { id: number; token: string };
    expect(bot).toMatchObject({ supports_inline_queries: true, inline_placeholder: 'Search films...' });
    expect(await new Api(bot.token, { apiRoot: server.url }).getMe()).toMatchObject({
      supports_inline_queries: true,
    });
    const shown = JSON.parse((await parley('bot', 'get', '@films_bot', '--json')).stdout);
    expect(shown).toMatchObject({ inline_placeholder: 'Search films...' });

    // A person's inline query reaches it (it would be refused with inline mode off).
    const person = await server.control.createUser({ phone_number: phone(), first_name: 'Ann' });
    const api = new Api(bot.token, { apiRoot: server.url });
    const asked = server.control.inlineQuery({ user: person.id, bot: bot.id, query: 'dune', timeout: 5 });
    let answered = false;
    const deadline = Date.now() + 10_000;
    for (let offset = 0; !answered && Date.now() < deadline;) {
      const updates = await api.getUpdates({ offset, timeout: 5 });
      for (const update of updates) {
        offset = update.update_id + 1;
        if (update.inline_query?.query === 'dune') {
          await api.answerInlineQuery(update.inline_query.id, []);
          answered = true;
        }
      }
    }
    expect(answered).toBe(true);
    expect(await asked).toMatchObject({ results: [] });
  });

  it('without --placeholder leaves none; --placeholder alone is a usage error', async () => {
    const plain = JSON.parse(
      (await parley('bot', 'create', '--username', 'quick_bot', '--inline', '--json')).stdout,
    );
    expect(plain).toMatchObject({ supports_inline_queries: true });
    expect(plain).not.toHaveProperty('inline_placeholder');

    const refused = await parley('bot', 'create', '--username', 'lonely_bot', '--placeholder', 'x');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--placeholder needs --inline/);
    await expect(server.control.getBot('@lonely_bot')).rejects.toBeInstanceOf(ControlApiError);
  });

  it('the control API refuses a placeholder without inline mode or of the wrong length', async () => {
    for (const params of [
      { username: 'nohint_bot', inline_placeholder: 'Search...' },
      { username: 'longhint_bot', supports_inline_queries: true, inline_placeholder: 'x'.repeat(65) },
    ]) {
      await expect(server.control.createBot(params)).rejects.toMatchObject({
        status: 400,
        error: 'BAD_REQUEST',
      });
    }
  });
});
