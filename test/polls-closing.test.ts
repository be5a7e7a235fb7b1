/**
 * Polls close on the virtual clock (issue 27): a poll sent with `open_period` or `close_date` closes
 * when its time comes, without anybody reading it. The bot that sent it gets a `poll` update with
 * `is_closed: true`, people see it closed, votes are refused in the control API's format, and
 * stopPoll answers the reference's "poll has already been closed". grammY's Api and raw HTTP.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Api } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callBotApi, startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';
import { expectRefused, startSendingScene, type Person, type SendingScene } from './helpers/sending-scene.js';

let server: TestServer;
let api: Api;
let token: string;
let botName: string;
let alice: Person;
let nextUpdate: SendingScene['nextUpdate'];

beforeAll(async () => {
  ({ server, api, token, botName, alice, nextUpdate } = await startSendingScene('pollclose'));
});
afterAll(async () => {
  await server.close();
});

async function shownPoll(messageId: number): Promise<{ is_closed: boolean }> {
  const list = await server.control.listMessages({ user: alice.phone, chat: `@${botName}`, limit: 20 });
  return list.find((m) => m.message_id === messageId)!.poll as { is_closed: boolean };
}

describe('polls on the virtual clock', () => {
  it('close after open_period: the bot gets the poll update, votes and stopPoll are refused', async () => {
    const sent = await api.sendPoll(alice.id, 'Quick?', ['Yes', 'No'], { open_period: 30 });
    expect(sent.poll).toMatchObject({ is_closed: false, open_period: 30 });
    // Margins on both sides of the edge: virtual time also follows real time.
    await server.control.advanceClock(20);
    expect((await shownPoll(sent.message_id)).is_closed).toBe(false);
    await server.control.advanceClock(15);

    // Nobody reads the poll: the sweep closes it and tells the bot.
    expect(await nextUpdate('poll')).toMatchObject({ id: sent.poll.id, is_closed: true, open_period: 30 });
    expect((await shownPoll(sent.message_id)).is_closed).toBe(true);
    await expect(
      server.control.votePoll({
        user: alice.phone,
        chat: `@${botName}`,
        message_id: sent.message_id,
        option_ids: [0],
      }),
    ).rejects.toMatchObject({ status: 400, error: 'BAD_REQUEST' });
    await expectRefused(api.stopPoll(alice.id, sent.message_id), 'Bad Request: poll has already been closed');
  });

  it('close at close_date (raw HTTP), once: no second poll update', async () => {
    const { now } = await server.control.getClock();
    const sent = await callBotApi(server, token, 'sendPoll', {
      chat_id: alice.id,
      question: 'Until when?',
      options: JSON.stringify([{ text: 'Now' }, { text: 'Later' }]),
      close_date: now + 40,
    });
    expect(sent.body.ok).toBe(true);
    const message = sent.body.result as { message_id: number; poll: { id: string; close_date: number } };
    expect(message.poll.close_date).toBe(now + 40);
    await server.control.advanceClock(50);

    // Every update up to a person's marker message, read with the bot's own offset.
    const seen: Update[] = [];
    let offset = 0;
    const until = (done: (u: Update) => boolean, what: string) =>
      waitFor(
        async () => {
          for (const update of await api.getUpdates({ offset, timeout: 0 })) {
            offset = update.update_id + 1;
            seen.push(update);
            if (done(update)) return true;
          }
          return undefined;
        },
        { what },
      );
    await until((u) => u.poll?.id === message.poll.id, 'the poll update');
    expect(seen.find((u) => u.poll?.id === message.poll.id)!.poll).toMatchObject({ is_closed: true });
    expect((await shownPoll(message.message_id)).is_closed).toBe(true);
    const stop = await callBotApi(server, token, 'stopPoll', {
      chat_id: alice.id,
      message_id: message.message_id,
    });
    expect(stop.body).toEqual({
      ok: false,
      error_code: 400,
      description: 'Bad Request: poll has already been closed',
    });

    // Another move of the clock closes nothing again: no second poll update before the marker.
    await server.control.advanceClock(60);
    await server.control.sendMessage({ from: alice.phone, chat: `@${botName}`, text: 'marker' });
    await until((u) => u.message?.text === 'marker', 'the marker');
    expect(seen.filter((u) => u.poll?.id === message.poll.id)).toHaveLength(1);
  });

  it('close after a restart: the close date is stored, not a timer of the process that sent the poll', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'parley-polls-'));
    try {
      const first = await startServer({ data: dir });
      const { user, bot, token: botToken } = await userAndBot(first, 'pollrestart');
      await first.control.sendMessage({ from: user.phone_number, chat: `@${bot.username}`, text: 'hi' });
      const sent = await new Api(botToken, { apiRoot: first.url }).sendPoll(user.id, 'Later?', ['A', 'B'], {
        open_period: 30,
      });
      await first.close();

      const second = await startServer({ data: dir });
      try {
        await second.control.advanceClock(40);
        const closed = await waitFor(
          async () => {
            const answer = await callBotApi(second, botToken, 'getUpdates');
            const updates = answer.body.result as Update[];
            return updates.find((u) => u.poll?.id === sent.poll.id)?.poll;
          },
          { what: 'the poll update after the restart' },
        );
        expect(closed).toMatchObject({ is_closed: true });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
