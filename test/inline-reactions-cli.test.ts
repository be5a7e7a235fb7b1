/**
 * `parley inline`, `parley choose` and `parley react` against an in-process server: the commands a
 * script uses to act as a person in inline mode and with reactions.
 */
import { Api } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { cliRunner } from './helpers/cli-runner.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

const parley = cliRunner(() => server);

describe('parley inline, choose and react', () => {
  it('types a query, shows the results, chooses one and reacts to it', async () => {
    const user = await server.control.createUser({ phone_number: phone(), first_name: 'Cli' });
    const bot = await server.control.createBot({
      username: `cli_inline_${process.pid % 1000}_bot`,
      supports_inline_queries: true,
    });
    const api = new Api(bot.token, { apiRoot: server.url });

    const typed = parley('inline', '--user', user.phone_number, '--bot', `@${bot.username}`, '--query', 'hi');
    const [update] = await api.getUpdates({
      timeout: 5,
      allowed_updates: ['inline_query', 'message', 'message_reaction'],
    });
    await api.answerInlineQuery(update!.inline_query!.id, [
      { type: 'article', id: 'hello', title: 'Say hello', input_message_content: { message_text: 'Hello!' } },
    ]);
    const shown = await typed;
    expect(shown).toMatchObject({ code: 0, stderr: '' });
    expect(shown.stdout).toBe(`query ${update!.inline_query!.id}\n  [hello] article: Say hello`);

    const chosen = await parley(
      'choose',
      '--user',
      user.phone_number,
      '--query-id',
      update!.inline_query!.id,
      '--result',
      'hello',
      '--json',
    );
    const message = JSON.parse(chosen.stdout).message;
    expect(message).toMatchObject({ text: 'Hello!', via_bot: { id: bot.id } });

    const reacted = await parley(
      'react',
      '--user',
      user.phone_number,
      '--chat',
      `@${bot.username}`,
      '--message',
      String(message.message_id),
      '--emoji',
      '👍',
    );
    expect(reacted).toMatchObject({ code: 0, stdout: `#${message.message_id}: 👍 1 (yours: 👍)` });
    const refused = await parley(
      'react',
      '--user',
      user.phone_number,
      '--chat',
      `@${bot.username}`,
      '--message',
      String(message.message_id),
      '--emoji',
      'x',
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('parley: "x" is not a reaction emoji (REACTION_INVALID)');
  });
});
