/**
 * The timeline's other kinds (ADR 0099, issue 29: "every update created and how it left (getUpdates
 * or webhook, with the delivery's outcome) ... every fault that fired"): an update handed to a
 * webhook, once refused and once taken, as `delivery` events with their outcome, found by status
 * through the control API and `parley timeline --status`; each fault that fires (a Bot API call's,
 * a gateway call's, a webhook attempt's, latency alone included) as a `fault` event; and a grammY
 * bot's conversation followed live and searched with `parley timeline --follow`.
 */
import { Api, Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliFollow, cliRunner } from './helpers/cli-runner.js';
import { startServer, userAndBot, type TestServer } from './helpers/in-process.js';
import { setupGateway } from './helpers/gateway.js';
import { startReceiver, type Receiver } from './helpers/receiver.js';
import { waitFor } from './helpers/wait-for.js';
import type { TimelineEvent } from '../src/testkit/index.js';

let server: TestServer;
let hook: Receiver;
beforeAll(async () => {
  [server, hook] = await Promise.all([startServer(), startReceiver()]);
});
afterAll(async () => {
  await Promise.all([server.close(), hook.close()]);
});
const parley = cliRunner(() => server);

/** The events oldest first, as `kind name status: summary`. */
const story = (events: TimelineEvent[]) =>
  [...events].reverse().map((event) => `${event.kind} ${event.name} ${event.status}: ${event.summary}`);

describe('parley timeline --follow', () => {
  it("prints a grammY bot's conversation live, searched: the update, its delivery and the answer", async () => {
    const { user, bot, token } = await userAndBot(server, 'timeline_live');
    const grammy = new Bot(token, { client: { apiRoot: server.url } });
    grammy.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
    void grammy.start({ timeout: 1 });
    await waitFor(() => grammy.isRunning(), { what: 'the bot polling' });
    const follow = cliFollow(server, [
      'timeline',
      '--follow',
      '--chat',
      String(user.id),
      '--search',
      'followed words',
      '--json',
    ]);
    try {
      await follow.waiting();
      await server.control.sendMessage({ from: user.id, chat: `@${bot.username}`, text: 'followed words' });
      await waitFor(() => follow.out.length >= 3, { what: 'the conversation followed' });
      follow.stop();
      // One more event of the chat ends the wait in flight; the next look fails and the command ends.
      await grammy.api.sendMessage(user.id, 'followed words, once more');
      expect(await follow.done).not.toBe(0);
    } finally {
      await grammy.stop();
    }
    const followed = follow.out.map((line) => JSON.parse(line) as TimelineEvent);
    expect(followed.slice(0, 3).map((event) => `${event.kind} ${event.name} ${event.status}`)).toEqual([
      'update message queued',
      'delivery message delivered',
      'call sendMessage ok',
    ]);
    expect(JSON.parse(followed[2]!.answer!)).toMatchObject({ result: { text: 'echo: followed words' } });
    expect(followed.every((event) => event.chat_id === user.id)).toBe(true);
  });
});

describe('the timeline’s deliveries by webhook and its faults', () => {
  it('shows an update handed to a webhook, refused once and then taken, found by status', async () => {
    const { user, bot, token } = await userAndBot(server, 'timeline_hook');
    const api = new Api(token, { apiRoot: server.url });
    await api.setWebhook(`${hook.url}/timeline`);
    // The webhook answers 500 to the first attempt, 200 to the next ones.
    let refused = 0;
    hook.respond = (_entry, response) => {
      response.statusCode = refused++ === 0 ? 500 : 200;
      response.end();
    };
    await server.control.sendMessage({ from: user.id, chat: `@${bot.username}`, text: 'by the hook' });
    await waitFor(() => refused >= 1, { what: 'the first attempt' });
    // The retry comes after the backoff, on the virtual clock.
    await server.control.advanceClock(5);
    const deliveries = await waitFor(
      async () => {
        const page = await server.control.getTimeline({ bot: bot.id, kind: 'delivery' });
        return page.events.length >= 2 && page;
      },
      { what: 'both attempts on the timeline' },
    );
    expect(story(deliveries.events)).toEqual([
      expect.stringMatching(
        /^delivery message failed: update \d+ message "by the hook" failed by webhook \(Wrong response from the webhook: 500 Internal Server Error\)$/,
      ),
      expect.stringMatching(
        /^delivery message delivered: update \d+ message "by the hook" delivered by webhook \(HTTP 200\)$/,
      ),
    ]);
    expect(deliveries.events[0]).toMatchObject({ chat_id: user.id, person_id: user.id });

    // By status: the failed attempt alone, through the control API and the CLI.
    const failed = await server.control.getTimeline({ bot: bot.id, status: 'failed' });
    expect(failed.events.map((event) => event.id)).toEqual([deliveries.events[1]!.id]);
    const cli = await parley('timeline', '--bot', String(bot.id), '--status', 'failed', '--json');
    expect(cli.code, cli.stderr).toBe(0);
    const lines = cli.stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as TimelineEvent);
    expect(lines.map((event) => event.id)).toEqual([deliveries.events[1]!.id]);
    await api.deleteWebhook();
  });

  it('records each fault that fires: a Bot API call’s, a gateway call’s and a webhook attempt’s', async () => {
    const { user, bot, token } = await userAndBot(server, 'timeline_faults');
    await server.control.sendMessage({ from: user.id, chat: `@${bot.username}`, text: '/start' });
    const api = new Api(token, { apiRoot: server.url });
    const gw = await setupGateway(server);
    const person = await gw.person();
    const before = (await server.control.getTimeline({ limit: 1 })).last_id;

    await server.control.addFault({ bot: bot.id, method: 'sendMessage', status: 502, times: 1 });
    await server.control.addFault({ bot: bot.id, method: 'getMe', latency_ms: 5, times: 1 });
    await server.control.addFault({
      gateway_account: gw.account.id,
      method: 'sendVerificationMessage',
      error: 'FLOOD_WAIT_7',
      times: 1,
    });
    expect(await api.sendMessage(user.id, 'refused').catch((error: Error) => error.message)).toContain('502');
    expect((await api.getMe()).id).toBe(bot.id);
    expect((await gw.call('sendVerificationMessage', { phone_number: person.phone_number })).status).toBe(
      429,
    );
    hook.respond = (_entry, response) => void response.end();
    await api.setWebhook(`${hook.url}/faulted`);
    await server.control.addFault({ bot: bot.id, webhook: true, status: 503, times: 1 });
    const received = hook.received.length;
    await server.control.sendMessage({ from: user.id, chat: `@${bot.username}`, text: 'after a fault' });
    await server.control.advanceClock(5);
    await waitFor(() => hook.received.length > received, { what: 'the webhook attempt after the fault' });

    const faults = await waitFor(
      async () => {
        const page = await server.control.getTimeline({ kind: 'fault', after: before });
        return page.events.length >= 4 && page;
      },
      { what: 'the four faults on the timeline' },
    );
    expect(story(faults.events)).toEqual([
      'fault sendMessage fired: fault on sendMessage: answered 502',
      'fault getMe fired: fault on getMe: delayed 5 ms',
      `fault sendVerificationMessage fired: fault on sendVerificationMessage: gateway account ${gw.account.id}, answered 429 FLOOD_WAIT_7`,
      'fault webhook fired: fault on webhook: answered 503',
    ]);
    expect(faults.events.map((event) => event.bot_id)).toEqual([bot.id, undefined, bot.id, bot.id]);
    // Found by status, and by the bot (the gateway's is no bot's).
    const fired = await server.control.getTimeline({ status: 'fired', bot: bot.id, after: before });
    expect(fired.events).toHaveLength(3);
    // The webhook attempt the fault failed shows as a failed delivery beside it.
    const delivery = await server.control.getTimeline({ bot: bot.id, kind: 'delivery', status: 'failed' });
    expect(delivery.events[0]!.summary).toContain(
      '(Wrong response from the webhook: 503 Service Unavailable)',
    );
    await api.deleteWebhook();
  });
});
