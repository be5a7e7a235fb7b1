/**
 * A person votes in a bot's poll (control API and `parley vote`): the bot gets `poll_answer` for a
 * poll that is not anonymous and `poll` with the new counts; retracting and closed polls.
 */
import { Api, GrammyError } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../src/cli/run-cli.js';
import { ADMIN_TOKEN, callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});

type Update = Record<string, unknown> & { update_id: number };

async function takeUpdates(token: string): Promise<Update[]> {
  const updates = (await callBotApi(server, token, 'getUpdates')).body.result as Update[];
  if (updates.length > 0)
    await callBotApi(server, token, 'getUpdates', { offset: updates.at(-1)!.update_id + 1 });
  return updates;
}

describe('voting', () => {
  it('gives the bot poll_answer and poll, and allows retracting', async () => {
    const { user, bot, token } = await userAndBot(server, 'vote');
    const chat = `@${bot.username}`;
    await server.control.sendMessage({ from: user.phone_number, chat, text: 'poll please' });
    const api = new Api(token, { apiRoot: server.url });
    const sent = await api.sendPoll(user.id, 'Tea or coffee?', [{ text: 'Tea' }, { text: 'Coffee' }], {
      is_anonymous: false,
    });
    await takeUpdates(token);

    const poll = await server.control.votePoll({
      user: user.phone_number,
      chat,
      message_id: sent.message_id,
      option_ids: [1],
    });
    expect(poll.options.map((o) => o.voter_count)).toEqual([0, 1]);
    const updates = await takeUpdates(token);
    const answer = updates.find((u) => u.poll_answer)?.poll_answer as Record<string, unknown>;
    expect(answer).toMatchObject({ poll_id: sent.poll.id, user: { id: user.id }, option_ids: [1] });
    const state = updates.find((u) => u.poll)?.poll as { total_voter_count: number };
    expect(state.total_voter_count).toBe(1);

    // The CLI does the same.
    const out: string[] = [];
    const code = await runCli(
      [
        'vote',
        '--user',
        user.phone_number,
        '--chat',
        chat,
        '--message',
        String(sent.message_id),
        '--retract',
      ],
      {
        env: { PARLEY_URL: server.url, PARLEY_ADMIN_TOKEN: ADMIN_TOKEN },
        cwd: process.cwd(),
        stdout: (l) => out.push(l),
        stderr: (l) => out.push(l),
      },
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toBe(`poll ${sent.poll.id}: Tea 0, Coffee 0`);
    const retracted = (await takeUpdates(token)).find((u) => u.poll_answer)?.poll_answer as {
      option_ids: number[];
    };
    expect(retracted.option_ids).toEqual([]);
  });

  it('refuses votes in a stopped poll and in a message without a poll', async () => {
    const { user, bot, token } = await userAndBot(server, 'vote');
    const chat = `@${bot.username}`;
    const hello = await server.control.sendMessage({ from: user.phone_number, chat, text: 'hi' });
    const api = new Api(token, { apiRoot: server.url });
    const sent = await api.sendPoll(user.id, 'Yes?', [{ text: 'Yes' }, { text: 'No' }]);
    await api.stopPoll(user.id, sent.message_id);
    await expect(
      server.control.votePoll({
        user: user.phone_number,
        chat,
        message_id: sent.message_id,
        option_ids: [0],
      }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      server.control.votePoll({
        user: user.phone_number,
        chat,
        message_id: hello.message_id,
        option_ids: [0],
      }),
    ).rejects.toMatchObject({ status: 404, error: 'MESSAGE_NOT_FOUND' });
    await expect(api.stopPoll(user.id, sent.message_id)).rejects.toBeInstanceOf(GrammyError);
  });
});
