/**
 * Latency across two Parley processes on one PostgreSQL database (issue 31, bench scenario 9, ADR
 * 0107): a small population at work, as the bench runs it. Bots half long-polling, half on
 * webhooks, each polling and replying through one node; people writing through both nodes, in
 * private chats and in groups; one reply in four carries a button that its person presses (the bot
 * edits its message and answers the press). On one node such a burst is answered in tens of
 * milliseconds; the bench saw replies seconds late on two. Every reply and every press must come
 * within `BOUND_MS`, far below the seconds seen and far above a loaded machine's tens of ms.
 *
 * Runs only with PARLEY_LATENCY=1, on a machine with room: it measures time, and on a machine whose
 * load average is ten times its cores even one node answers such a burst in seconds (ADR 0106,
 * addendum "Two nodes: what waits"). PARLEY_LATENCY_NODES=1 runs the same burst on one node, for
 * comparison. Needs PostgreSQL (PARLEY_TEST_POSTGRES, default the local server at 127.0.0.1:5432).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ControlClient } from '../src/testkit/index.js';
import {
  dropSchema,
  postgresAvailable,
  TEST_POSTGRES_URL,
  testSchema,
} from '../src/storage/contracts/postgres.js';
import { spawnServer, type ServerProcess } from './helpers/server-process.js';
import { waitFor } from './helpers/wait-for.js';

const ADMIN = 'multi-node-latency-admin-token-01234';
/** Every reply and press within this (ms). */
const BOUND_MS = 1_000;
/** Person messages of the burst, and the gap between two (ms): about 7 a second. */
const MESSAGES = 40;
const GAP_MS = 150;
/** One reply in this many carries a button that its person presses. */
const PRESS_EVERY = 4;

interface Node {
  process: ServerProcess;
  url: string;
  control: ControlClient;
}

interface Bot {
  id: number;
  username: string;
  token: string;
  webhook: boolean;
  /** The node it polls and replies through. */
  node: number;
}

interface Update {
  update_id: number;
  message?: { text?: string; chat: { id: number } };
  callback_query?: { id: string; data?: string; message?: { message_id: number; chat: { id: number } } };
}

/** One person message of the burst and what became of it (performance.now() ms). */
interface Sent {
  seq: number;
  bot: number;
  group: boolean;
  node: number;
  phone: string;
  chat: string | number;
  at: number;
  /** The control API answered the send. */
  accepted?: number;
  /** The bot got the update (its poll answered, or its webhook was called). */
  arrived?: number;
  /** The bot's reply was answered. */
  replied?: number;
  press?: { at: number; done?: number; answered?: boolean };
}

let counter = 0;
const phone = () =>
  `+1556${String(process.pid % 1000).padStart(3, '0')}${String(++counter).padStart(4, '0')}`;

async function post<T>(url: string, body: object, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as { ok: boolean; result?: T; description?: string };
  if (!answer.ok) throw new Error(`${url}: ${answer.description}`);
  return answer.result!;
}

const seqOf = (text: string | undefined): number | undefined => {
  const match = /^\/?p(\d+)(?:@\w+)?$/.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
};

const enabled = process.env.PARLEY_LATENCY === '1';

describe.skipIf(!postgresAvailable || !enabled)('two nodes on one PostgreSQL database, at work', () => {
  const schema = testSchema();
  const data = `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}`;
  const nodes: Node[] = [];
  const bots: Bot[] = [];
  const people: string[] = [];
  const groups: Array<{ id: number; bot: number; members: string[] }> = [];
  const sent = new Map<number, Sent>();
  let receiver: Server;
  let receiverUrl = '';
  let stopped = false;
  const polls: Array<Promise<void>> = [];
  const errors: string[] = [];

  const control = (node: number, path: string, body: object) =>
    post(`${nodes[node % nodes.length]!.url}/control${path}`, body, { authorization: `Bearer ${ADMIN}` });
  const api = (bot: Bot, method: string, body: object) =>
    post<{ message_id: number }>(`${nodes[bot.node % nodes.length]!.url}/bot${bot.token}/${method}`, body);

  /** What a bot of the bench does with an update: replies to a message, answers a press. */
  async function handle(bot: Bot, update: Update): Promise<void> {
    const query = update.callback_query;
    if (query) {
      if (query.message)
        await api(bot, 'editMessageText', {
          chat_id: query.message.chat.id,
          message_id: query.message.message_id,
          text: `done ${query.data ?? ''}`,
        });
      await api(bot, 'answerCallbackQuery', { callback_query_id: query.id, text: 'done' });
      return;
    }
    const seq = seqOf(update.message?.text);
    const message = seq === undefined ? undefined : sent.get(seq);
    if (!message || message.arrived !== undefined) return;
    message.arrived = performance.now();
    const press = seq! % PRESS_EVERY === 0;
    const reply = await api(bot, 'sendMessage', {
      chat_id: update.message!.chat.id,
      text: `re ${seq}`,
      ...(press ? { reply_markup: { inline_keyboard: [[{ text: 'ok', callback_data: `x${seq}` }]] } } : {}),
    });
    message.replied = performance.now();
    if (!press) return;
    message.press = { at: performance.now() };
    const pressed = await control(message.node, '/press', {
      user: message.phone,
      chat: message.chat,
      message_id: reply.message_id,
      button: 'ok',
      timeout: 20,
    });
    message.press.done = performance.now();
    message.press.answered = (pressed as { answered: boolean }).answered;
  }

  const handled = (bot: Bot, update: Update) =>
    handle(bot, update).catch((error: unknown) => void errors.push(String(error)));

  async function poll(bot: Bot): Promise<void> {
    let offset = 0;
    while (!stopped) {
      const updates = await post<Update[]>(
        `${nodes[bot.node % nodes.length]!.url}/bot${bot.token}/getUpdates`,
        {
          offset,
          timeout: 20,
        },
      ).catch(() => [] as Update[]);
      for (const update of updates) {
        offset = update.update_id + 1;
        void handled(bot, update);
      }
    }
  }

  beforeAll(async () => {
    // One after the other: the first migrates; the next finds the schema ready.
    const count = Number(process.env.PARLEY_LATENCY_NODES ?? 2);
    for (let i = 0; i < count; i++) {
      const child = await spawnServer(['--data', data, '--admin-token', ADMIN], {}, 60_000);
      nodes.push({
        process: child,
        url: child.url,
        control: new ControlClient({ url: child.url, adminToken: ADMIN }),
      });
    }
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.end();
        const bot = bots[Number((request.url ?? '').split('/').pop())]!;
        void handled(bot, JSON.parse(body || '{}') as Update);
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
    // Bots 0 and 2 poll (on A and on B), 1 and 3 take webhooks (replying through B and A).
    for (let i = 0; i < 4; i++) {
      const node = [0, 1, 1, 0][i]!;
      const created = await nodes[i % nodes.length]!.control.createBot({
        username: `lat${process.pid}x${i}_bot`,
      });
      bots.push({ ...created, webhook: i % 2 === 1, node });
    }
    for (let i = 0; i < 12; i++) {
      const number = phone();
      await nodes[i % nodes.length]!.control.createUser({ phone_number: number, first_name: `P${i}` });
      people.push(number);
    }
    // A group with a polling bot and one with a webhook bot, each with every person.
    for (const b of [0, 1]) {
      const chat = await post<{ id: number }>(
        `${nodes[b % nodes.length]!.url}/control/chats`,
        {
          owner: people[0],
          title: `Lat ${b}`,
          type: 'group',
          members: [...people.slice(1), `@${bots[b]!.username}`],
        },
        { authorization: `Bearer ${ADMIN}` },
      );
      groups.push({ id: chat.id, bot: b, members: people });
    }
    for (const [i, bot] of bots.entries()) {
      if (bot.webhook) await api(bot, 'setWebhook', { url: `${receiverUrl}/hook/${i}` });
      else polls.push(poll(bot));
    }
  }, 180_000);

  afterAll(async () => {
    stopped = true;
    await Promise.all(nodes.map((node) => node.process.stop('SIGTERM')));
    await Promise.allSettled(polls);
    if (receiver) {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
    await dropSchema(schema);
  }, 30_000);

  it(`answers every message of a burst sent through both nodes, and every press, within ${BOUND_MS} ms`, async () => {
    const sends: Array<Promise<unknown>> = [];
    for (let seq = 0; seq < MESSAGES; seq++) {
      // Every combination comes: both nodes, every bot, private and group.
      const node = seq % 2;
      const group = seq % 3 === 0;
      const bot = group ? Math.floor(seq / 3) % 2 : Math.floor(seq / 2) % 4;
      const person = people[(seq * 5) % people.length]!;
      const message: Sent = {
        seq,
        bot,
        group,
        node,
        phone: person,
        chat: group ? groups[bot]!.id : `@${bots[bot]!.username}`,
        at: performance.now(),
      };
      sent.set(seq, message);
      const text = group ? `/p${seq}@${bots[bot]!.username}` : `p${seq}`;
      sends.push(
        control(node, '/messages', { from: person, chat: message.chat, text }).then(
          () => void (message.accepted = performance.now()),
          (error: unknown) => void errors.push(String(error)),
        ),
      );
      // The burst's pace (a load, not a wait for an outcome).
      await new Promise((resolve) => setTimeout(resolve, GAP_MS));
    }
    await Promise.all(sends);
    const all = [...sent.values()];
    await waitFor(
      () =>
        errors.length > 0 ||
        all.every((m) => m.replied !== undefined && (m.press === undefined || m.press.done !== undefined)),
      { timeoutMs: 60_000, what: 'every reply and press' },
    ).catch(() => undefined);
    expect(errors).toEqual([]);
    const slow = all.flatMap((m) => {
      const took = (m.replied ?? Infinity) - m.at;
      const pressed = m.press ? (m.press.done ?? Infinity) - m.press.at : 0;
      if (took <= BOUND_MS && pressed <= BOUND_MS && m.press?.answered !== false) return [];
      const kind = `${bots[m.bot]!.webhook ? 'webhook' : 'poll'} bot ${m.bot} (node ${bots[m.bot]!.node})`;
      const at = (t: number | undefined) => (t === undefined ? 'never' : `${Math.round(t - m.at)} ms`);
      return [
        `p${m.seq} ${m.group ? 'group' : 'private'} via node ${m.node} to ${kind}: accepted ${at(m.accepted)}, ` +
          `arrived ${at(m.arrived)}, replied ${at(m.replied)}` +
          (m.press ? `, press ${m.press.done === undefined ? 'never' : `${Math.round(pressed)} ms`}` : ''),
      ];
    });
    expect(slow).toEqual([]);
  }, 120_000);
});
