/**
 * The timeline (ADR 0099): a grammY bot's whole conversation, in order, through the control API and
 * `parley timeline --json`; filters, search and the cursor; tokens and codes never shown; retention.
 */
import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliFollow, cliRunner } from './helpers/cli-runner.js';
import { phone, startServer, type TestServer } from './helpers/in-process.js';
import { waitFor } from './helpers/wait-for.js';
import { gateway, setupGateway } from './helpers/gateway.js';
import { startReceiver } from './helpers/receiver.js';
import { ControlClient, type TimelineEvent } from '../src/testkit/index.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
});
const parley = cliRunner(() => server);

/** A person, and a grammY bot that answers `echo: <text>` over long polling. */
async function conversation(name: string) {
  const { control } = server;
  const alice = await control.createUser({ phone_number: phone(), first_name: 'Alice' });
  const record = await control.createBot({ username: `${name}_bot` });
  const bot = new Bot(record.token, { client: { apiRoot: server.url } });
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.msg.text}`));
  void bot.start({ timeout: 1 });
  await waitFor(() => bot.isRunning(), { what: 'the bot polling' });
  return { alice, record, bot };
}

/** The events oldest first, as `kind name status`. */
function story(events: TimelineEvent[]): string[] {
  return [...events].reverse().map((event) => `${event.kind} ${event.name} ${event.status}`);
}

describe('the timeline', () => {
  it("shows a grammY bot's conversation in order, live, through the control API and the CLI", async () => {
    const { control } = server;
    const { alice, record, bot } = await conversation('timeline_echo');
    try {
      const before = await control.getTimeline({ limit: 1 });
      // A follower waits for what comes next (as `parley timeline --follow` does).
      const followed = control.getTimeline({
        after: before.last_id,
        wait: 30,
        bot: record.id,
        kind: 'update',
      });
      await control.sendMessage({ from: alice.id, chat: `@${record.username}`, text: 'hello timeline' });
      expect((await followed).events.map((event) => event.summary)).toEqual([
        expect.stringContaining('"hello timeline"') as string,
      ]);
      const answered = await waitFor(
        async () => {
          const page = await control.getTimeline({ bot: record.id, q: 'echo: hello timeline', kind: 'call' });
          return page.events.length > 0 && page;
        },
        { what: "the bot's answer on the timeline" },
      );
      const call = answered.events[0]!;
      expect(call).toMatchObject({ kind: 'call', name: 'sendMessage', status: 'ok', bot_id: record.id });
      expect(JSON.parse(call.request!)).toMatchObject({ text: 'echo: hello timeline' });
      expect(JSON.parse(call.answer!)).toMatchObject({ ok: true, result: { text: 'echo: hello timeline' } });
      expect(call.chat_id).toBe(alice.id);

      // The whole conversation of the chat, oldest first: the person's action, the update queued,
      // handed over by getUpdates, and the bot's answer.
      const chat = await control.getTimeline({ chat: alice.id, after: before.last_id });
      expect(story(chat.events)).toEqual([
        'update message queued',
        'delivery message delivered',
        'call sendMessage ok',
      ]);
      // Searched: the person's action (recorded when it was answered, after the update it queued)
      // is there too.
      const all = await control.getTimeline({ after: before.last_id, q: 'hello timeline' });
      const found = story(all.events).filter((line) => !line.startsWith('call getUpdates'));
      expect(found).toEqual(expect.arrayContaining(['action /messages ok', ...story(chat.events)]));
      expect(found).toHaveLength(4);
      expect(all.events.find((event) => event.kind === 'action')).toMatchObject({ person_id: alice.id });
      // The cursor pages through the same events.
      const first = await control.getTimeline({ bot: record.id, limit: 2 });
      expect(first.next_cursor).toBe(first.events[1]!.id);
      const next = await control.getTimeline({ bot: record.id, limit: 2, before: first.next_cursor });
      expect(next.events[0]!.id).toBeLessThan(first.events[1]!.id);

      // The CLI: the same events as JSON lines, newest first.
      const cli = await parley('timeline', '--bot', String(record.id), '--kind', 'call', '--json');
      expect(cli.code).toBe(0);
      const lines = cli.stdout
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as TimelineEvent);
      expect(lines[0]!.id).toBe(
        (await control.getTimeline({ bot: record.id, kind: 'call', limit: 1 })).events[0]!.id,
      );
      expect(lines.some((event) => event.summary.startsWith('sendMessage → 200'))).toBe(true);
      const chatLines = await parley('timeline', '--chat', String(alice.id));
      expect(chatLines.stdout).toContain('sendMessage → 200');
    } finally {
      await bot.stop();
    }
  });

  it('follows new events with parley timeline --follow', async () => {
    const record = await server.control.createBot({ username: 'timeline_follow_bot' });
    const follow = cliFollow(server, [
      'timeline',
      '--follow',
      '--bot',
      String(record.id),
      '--kind',
      'call',
      '--json',
    ]);
    await follow.waiting();
    await fetch(`${server.url}/bot${record.token}/getMe`);
    await waitFor(() => follow.out.length >= 1, { what: 'the first event followed' });
    follow.stop();
    // One more event ends the wait in flight; the next one fails and the command ends.
    await fetch(`${server.url}/bot${record.token}/getMyName`);
    expect(await follow.done).not.toBe(0);
    const followed = follow.out.map((line) => JSON.parse(line) as TimelineEvent);
    expect(followed.map((event) => event.name)).toEqual(['getMe', 'getMyName']);
    expect(followed[0]!.id).toBeLessThan(followed[1]!.id);
  });

  it('never shows a token or a code, and needs the admin token', async () => {
    const { control } = server;
    const record = await control.createBot({ username: 'timeline_secret_bot' });
    const alice = await control.createUser({ phone_number: phone() });
    // A token in a text, a webhook's secret_token, a code in a request: none is kept.
    await control.sendMessage({
      from: alice.id,
      chat: `@${record.username}`,
      text: `my token ${record.token}`,
    });
    await fetch(`${server.url}/bot${record.token}/setWebhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/hook', secret_token: 'very-secret-token-value' }),
    });
    await fetch(`${server.url}/bot${record.token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: alice.id, text: `code ${record.token}`, code: '424242' }),
    });
    const page = await control.getTimeline({ bot: record.id, limit: 100 });
    const text = JSON.stringify(page);
    expect(page.events.length).toBeGreaterThanOrEqual(3);
    expect(text).not.toContain(record.token);
    expect(text).not.toContain(record.token.split(':')[1]);
    expect(text).not.toContain('very-secret-token-value');
    expect(text).not.toContain('424242');
    expect(text).toContain('<token>');
    expect(text).toContain('<redacted>');
    // A person named by phone number is found by person.
    await control.sendMessage({ from: alice.phone_number, chat: `@${record.username}`, text: 'by phone' });
    const byPerson = await waitFor(
      async () => {
        const found = await control.getTimeline({
          person: alice.phone_number,
          kind: 'action',
          q: 'by phone',
        });
        return found.events.length > 0 && found;
      },
      { what: 'the action found by person' },
    );
    expect(byPerson.events[0]).toMatchObject({ person_id: alice.id, name: '/messages' });
    // Without the admin token, nothing.
    const anonymous = await fetch(`${server.url}/control/timeline`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain('<token>');
  });

  it('keeps a JSON body as it was sent, and other calls as their parameters', async () => {
    const { control } = server;
    const record = await control.createBot({ username: 'timeline_raw_bot' });
    const alice = await control.createUser({ phone_number: phone() });
    const call = (path: string, init?: RequestInit) =>
      fetch(`${server.url}/bot${record.token}/${path}`, init);
    const body = `{"chat_id": ${alice.id}, "text": "as sent", "disable_notification": true}`;
    await call('sendMessage', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    await call(`sendMessage?chat_id=${alice.id}&text=by+query`);
    const form = new FormData();
    form.set('chat_id', String(alice.id));
    form.set('document', new Blob(['hello']), 'hello.txt');
    await call('sendDocument', { method: 'POST', body: form });
    // A token in a webhook's URL path is redacted too.
    await call('setWebhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `https://example.com/bot${record.token}/hook` }),
    });
    const [webhook, document, query, json] = (await control.getTimeline({ bot: record.id, kind: 'call' }))
      .events;
    expect(json!.request).toBe(body);
    expect(JSON.parse(query!.request!)).toEqual({ chat_id: String(alice.id), text: 'by query' });
    expect(JSON.parse(document!.request!)).toEqual({
      chat_id: String(alice.id),
      document: '<file hello.txt, 5 bytes>',
    });
    expect(JSON.parse(webhook!.request!)).toEqual({ url: 'https://example.com/bot<token>/hook' });
    expect(json!.chat_id).toBe(alice.id);
    expect(query!.chat_id).toBe(alice.id);
  });

  it("records the gateway's calls without their codes or the account's token", async () => {
    const setup = await setupGateway(server);
    const person = await setup.person();
    const sent = await gateway(
      `${server.url}/gateway`,
      setup.token,
      'sendVerificationMessage',
      {
        phone_number: person.phone_number,
        code: '778899',
      },
      { auth: 'param' },
    );
    expect(sent.body.ok).toBe(true);
    const page = await server.control.getTimeline({ kind: 'gateway' });
    expect(page.events[0]).toMatchObject({ name: 'sendVerificationMessage', status: 'ok' });
    expect(JSON.parse(page.events[0]!.request!)).toMatchObject({
      phone_number: person.phone_number,
      code: '<redacted>',
      access_token: '<redacted>',
    });
    // Its delivery reports, as they reached the callback URL.
    const hook = await startReceiver();
    try {
      await setup.call('sendVerificationMessage', {
        phone_number: person.phone_number,
        code: '778899',
        callback_url: hook.url,
      });
      await waitFor(() => hook.received.length >= 1, { what: 'a delivery report' });
      const reports = await waitFor(
        async () => {
          const found = await server.control.getTimeline({ kind: 'gateway', q: 'report of' });
          return found.events.length > 0 && found;
        },
        { what: 'the report on the timeline' },
      );
      expect(reports.events.at(-1)).toMatchObject({ name: 'deliveryReport', status: 'delivered' });
    } finally {
      await hook.close();
    }
    const everything = JSON.stringify(await server.control.getTimeline({ limit: 1000 }));
    expect(everything).not.toContain('778899');
    expect(everything).not.toContain(setup.token);
  });

  it("records a person's actions in the web client, the session token redacted", async () => {
    const { control } = server;
    const record = await control.createBot({ username: 'timeline_web_bot' });
    const number = phone();
    const signIn = await fetch(`${server.url}/web/api/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: number, first_name: 'Wendy' }),
    });
    const session = ((await signIn.json()) as { result: { token: string; user: { id: number } } }).result;
    await fetch(`${server.url}/web/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
      body: JSON.stringify({ chat: `@${record.username}`, text: 'typed in the browser' }),
    });
    const page = await control.getTimeline({ kind: 'action', q: 'web /' });
    expect(story(page.events).slice(-2)).toEqual(['action web /sign-in ok', 'action web /messages ok']);
    expect(page.events[0]).toMatchObject({ person_id: session.user.id });
    expect(JSON.parse(page.events[0]!.request!)).toMatchObject({ text: 'typed in the browser' });
    expect(JSON.stringify(page)).not.toContain(session.token);
    // The update it queued is the bot's, in the person's chat.
    const update = await control.getTimeline({ bot: record.id, kind: 'update' });
    expect(update.events[0]).toMatchObject({ chat_id: session.user.id, person_id: session.user.id });
  });

  it('is kept per workspace', async () => {
    const workspace = await server.control.createWorkspace({ name: 'timeline-team' });
    try {
      const control = new ControlClient({ url: workspace.server_url, adminToken: workspace.admin_token });
      const record = await control.createBot({ username: 'timeline_workspace_bot' });
      await fetch(`${workspace.api_root}/bot${record.token}/getMe`);
      const inside = await control.getTimeline({ kind: 'call' });
      expect(inside.events.map((event) => event.name)).toEqual(['getMe']);
      expect(inside.events[0]!.bot_id).toBe(record.id);
      // The server's own timeline does not hold the workspace's events.
      const outside = await server.control.getTimeline({ limit: 1000, q: 'timeline_workspace_bot' });
      expect(outside.events).toEqual([]);
    } finally {
      await server.control.deleteWorkspace('timeline-team');
    }
  });

  it('keeps the newest events (--timeline-max), pruned by the retention sweep', async () => {
    const small = await startServer({ timelineMax: '5' });
    try {
      const record = await small.control.createBot({ username: 'timeline_prune_bot' });
      for (let i = 0; i < 8; i++) {
        await fetch(`${small.url}/bot${record.token}/getMe`);
      }
      const all = (await small.control.getTimeline({ bot: record.id })).events;
      expect(all).toHaveLength(8);
      // The sweep runs when the virtual clock moves.
      await small.control.advanceClock(1);
      const kept = await waitFor(
        async () => {
          const page = await small.control.getTimeline({ bot: record.id });
          return page.events.length <= 5 && page;
        },
        { what: 'the timeline pruned' },
      );
      // The newest are kept.
      expect(kept.events.length).toBeGreaterThanOrEqual(4);
      expect(kept.events.map((event) => event.id)).toEqual(
        all.slice(0, kept.events.length).map((event) => event.id),
      );
    } finally {
      await small.close();
    }
  });

  it('records nothing with --timeline-max 0 (the timeline off)', async () => {
    const off = await startServer({ timelineMax: '0' });
    try {
      const record = await off.control.createBot({ username: 'timeline_off_bot' });
      const person = await off.control.createUser({ phone_number: phone(), first_name: 'Off' });
      await off.control.sendMessage({ from: person.phone_number, chat: '@timeline_off_bot', text: 'hi' });
      const answer = (await (await fetch(`${off.url}/bot${record.token}/getUpdates`)).json()) as {
        result: unknown[];
      };
      expect(answer.result).toHaveLength(1);
      expect((await off.control.getTimeline({ limit: 1000 })).events).toEqual([]);
    } finally {
      await off.close();
    }
  });
});
