/**
 * A population for scenario 9: people and bots on one Parley, half of the bots long-polling, half on
 * webhooks, each bot answering every message with a reply; Poisson person messages at a given rate;
 * the time from a person's message sent to the bot's reply answered (the person-to-reply latency),
 * the messages never answered or answered twice, and the server's event loop's worst stall (the
 * slowest `/healthz` answer while probing every 20 ms: an answer waits for whatever holds the loop).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';
import { newPool, send } from './load.js';
import { ADMIN_TOKEN, phoneNumber, type ParleyServer } from './parley.js';
import { Samples, type LatencySummary } from './stats.js';

export interface WorldSize {
  bots: number;
  people: number;
}

export interface World {
  size: WorldSize;
  bots: Array<{ id: number; username: string; token: string; webhook: boolean }>;
  phones: string[];
  /** Seconds the world took to create. */
  createSeconds: number;
}

const JSON_HEADERS = { 'content-type': 'application/json' };
const CONTROL_HEADERS = { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` };
/** Calls in flight at once while creating the world. */
const CREATE_CONCURRENCY = 32;

async function inParallel<T>(count: number, make: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      out[i] = await make(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CREATE_CONCURRENCY, count) }, worker));
  return out;
}

async function call<T>(pool: Pool, path: string, headers: Record<string, string>, body: object): Promise<T> {
  const answer = await send(pool, { method: 'POST', path, headers, body: JSON.stringify(body) });
  const parsed = JSON.parse(answer.text) as { ok: boolean; result?: T; description?: string };
  if (!parsed.ok) throw new Error(`${path}: ${answer.status} ${answer.text.slice(0, 200)}`);
  return parsed.result!;
}

/** Creates the people and the bots through the control API; `tag` keeps usernames apart. */
export async function createWorld(server: ParleyServer, size: WorldSize, tag: string): Promise<World> {
  const pool = newPool(server.origin, CREATE_CONCURRENCY);
  const t0 = performance.now();
  try {
    const phones = await inParallel(size.people, async () => {
      const phone = phoneNumber();
      await call(pool, '/control/users', CONTROL_HEADERS, { phone_number: phone, first_name: 'Pop' });
      return phone;
    });
    const bots = await inParallel(size.bots, async (i) => {
      const bot = await call<{ id: number; username: string; token: string }>(
        pool,
        '/control/bots',
        CONTROL_HEADERS,
        { username: `pop${tag}${i}_bot` },
      );
      return { ...bot, webhook: i % 2 === 1 };
    });
    return { size, bots, phones, createSeconds: (performance.now() - t0) / 1000 };
  } finally {
    await pool.close();
  }
}

/** The replies of the bots, by the sequence number a person's message carries. */
class Replies {
  readonly sentAt = new Map<number, number>();
  readonly answered = new Set<number>();
  duplicates = 0;
  samples = new Samples();

  reply(seq: number): void {
    const at = this.sentAt.get(seq);
    if (at === undefined) return;
    if (this.answered.has(seq)) {
      this.duplicates += 1;
      return;
    }
    this.answered.add(seq);
    this.samples.add(performance.now() - at);
  }
}

const seqOf = (text: string | undefined): number | undefined => {
  const match = /^p(\d+)$/.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
};

interface Update {
  update_id: number;
  message?: { text?: string; chat: { id: number } };
}

/**
 * The bots at work: pollers (one getUpdates loop each) and a webhook receiver; each message gets a
 * sendMessage reply, whose answer ends its latency sample.
 */
export class Population {
  readonly replies = new Replies();
  /** Person messages the control API refused, over all steps. */
  #refused = 0;
  #stopped = false;
  #pollers: Array<Promise<void>> = [];
  #receiver: Server | undefined;
  readonly #api: Pool;
  readonly #polls: Pool;

  constructor(
    private readonly server: ParleyServer,
    private readonly world: World,
  ) {
    this.#api = newPool(server.origin, 64);
    this.#polls = newPool(server.origin, Math.max(1, world.bots.filter((b) => !b.webhook).length));
  }

  async start(): Promise<void> {
    this.#receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.end();
        const token = decodeURIComponent((request.url ?? '').split('/').pop() ?? '');
        void this.#answer(token, JSON.parse(body || '{}') as Update);
      });
    });
    await new Promise<void>((resolve) => this.#receiver!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#receiver.address() as AddressInfo;
    for (const bot of this.world.bots) {
      if (bot.webhook) {
        await call(this.#api, `/bot${bot.token}/setWebhook`, JSON_HEADERS, {
          url: `http://127.0.0.1:${port}/hook/${encodeURIComponent(bot.token)}`,
        });
      } else this.#pollers.push(this.#poll(bot.token));
    }
  }

  async #answer(token: string, update: Update): Promise<void> {
    const message = update.message;
    const seq = seqOf(message?.text);
    if (!message || seq === undefined) return;
    try {
      await call(this.#api, `/bot${token}/sendMessage`, JSON_HEADERS, {
        chat_id: message.chat.id,
        text: `re ${seq}`,
      });
      this.replies.reply(seq);
    } catch {
      // Counted as not answered.
    }
  }

  async #poll(token: string): Promise<void> {
    let offset = 0;
    while (!this.#stopped) {
      let updates: Update[];
      try {
        updates = await call<Update[]>(this.#polls, `/bot${token}/getUpdates`, JSON_HEADERS, {
          offset,
          timeout: 20,
        });
      } catch {
        if (this.#stopped) return;
        continue;
      }
      for (const update of updates) {
        offset = update.update_id + 1;
        void this.#answer(token, update);
      }
    }
  }

  /**
   * Sends person messages at `rate` per second (Poisson) for `ms`, waits up to `graceMs` for the
   * replies, and answers the step's figures.
   */
  async step(rate: number, ms: number, graceMs: number, serverCpu: () => number): Promise<StepFigures> {
    const replies = this.replies;
    replies.samples = new Samples();
    const duplicatesBefore = replies.duplicates;
    const control = newPool(this.server.origin, 64);
    const probe = newPool(this.server.origin, 1);
    const first = replies.sentAt.size;
    let stall = 0;
    let probing = true;
    const prober = (async () => {
      while (probing) {
        const t = performance.now();
        await send(probe, { method: 'GET', path: '/healthz' }).catch(() => undefined);
        stall = Math.max(stall, performance.now() - t);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const cpu0 = serverCpu();
    const t0 = performance.now();
    let sent = 0;
    let failed = 0;
    let due = 0;
    const sends: Array<Promise<void>> = [];
    while (performance.now() - t0 < ms) {
      // Poisson arrivals: exponential gaps, sent on a 5 ms tick.
      const now = performance.now() - t0;
      while (due <= now) {
        const seq = first + sent;
        sent += 1;
        const phone = this.world.phones[Math.floor(Math.random() * this.world.phones.length)]!;
        const bot = this.world.bots[Math.floor(Math.random() * this.world.bots.length)]!;
        replies.sentAt.set(seq, performance.now());
        sends.push(
          call(control, '/control/messages', CONTROL_HEADERS, {
            from: phone,
            chat: `@${bot.username}`,
            text: `p${seq}`,
          }).then(
            () => undefined,
            () => void (failed += 1),
          ),
        );
        due += (-Math.log(1 - Math.random()) * 1000) / rate;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(sends);
    const deadline = performance.now() + graceMs;
    const wanted = () => {
      let answered = 0;
      for (let seq = first; seq < first + sent; seq++) if (replies.answered.has(seq)) answered += 1;
      return answered;
    };
    while (wanted() + failed < sent && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = serverCpu() - cpu0;
    probing = false;
    await prober;
    await control.close();
    await probe.close();
    const answered = wanted();
    this.#refused += failed;
    return {
      rate,
      sent,
      answered,
      lost: sent - answered - failed,
      failed,
      duplicates: replies.duplicates - duplicatesBefore,
      latency: replies.samples.count > 0 ? replies.samples.summary() : undefined,
      worstStallMs: stall,
      cpuMsPerMessage: sent > 0 ? (cpuSeconds * 1000) / sent : Number.NaN,
      cpuPct: (cpuSeconds / seconds) * 100,
    };
  }

  /**
   * Waits up to `ms` for every message sent so far to be answered; answers how many never were (a
   * step counts what was answered within its grace; this is what was lost).
   */
  async unanswered(ms: number): Promise<number> {
    const deadline = performance.now() + ms;
    const missing = () => this.replies.sentAt.size - this.replies.answered.size - this.#refused;
    while (missing() > 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 100));
    return missing();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    const receiver = this.#receiver;
    if (receiver) {
      const closed = new Promise<void>((resolve) => receiver.close(() => resolve()));
      receiver.closeAllConnections();
      await closed;
    }
    await this.#api.destroy();
    await this.#polls.destroy();
    await Promise.allSettled(this.#pollers);
  }
}

export interface StepFigures {
  rate: number;
  sent: number;
  answered: number;
  /** Sent and accepted, but not answered within the step's grace (late, or lost). */
  lost: number;
  /** Refused by the control API. */
  failed: number;
  duplicates: number;
  latency: LatencySummary | undefined;
  worstStallMs: number;
  cpuMsPerMessage: number;
  /** Server CPU over the step, % of one core. */
  cpuPct: number;
}
