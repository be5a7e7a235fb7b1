/**
 * A population at work for scenario 9 (issue 31), on one node or several sharing a database: the
 * world's bots (population-world.ts) answer every person message with a reply, some replies carrying
 * an inline button that the person then presses (the bot edits its message and answers the press);
 * people write in private chats and in their groups (a command to the group's bot, which privacy
 * mode lets through) at a Poisson rate; a gateway stream sends verification codes at a steady rate
 * with a callback URL for their delivery reports.
 *
 * Measured per step: the person-to-reply latency (from the person's message sent to the bot's reply
 * answered) and its first leg (to the update heard by the bot, by webhook or by poll), the press
 * latency (from the press to its answer, the edit made before), the messages never answered or
 * answered twice, the gateway's requests and reports, and each node's event loop's worst stall
 * (the slowest `/healthz` answer while probing every 20 ms from a thread of its own: an answer
 * waits for whatever holds the loop) with what the node's threads did during it (its loop's time on
 * its core and wait for it, the other threads' time; Linux). People reach the nodes as a balancer
 * that is not sticky spreads them; a bot polls and replies through one node (bots in pairs, one
 * polling and one on a webhook, round the nodes).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'undici';
import { newPool } from './load.js';
import { call, CONTROL_HEADERS, JSON_HEADERS, type World } from './population-world.js';
import { startStallProbe, type Probed } from './stall-probe.js';
import { Samples, type LatencySummary } from './stats.js';

export interface Mix {
  /** Share of person messages written in groups (the rest in private chats). */
  groupShare: number;
  /** One reply in this many carries a button that its person presses. */
  pressEvery: number;
  /** Verification codes sent per second, each with a delivery report. */
  gatewayPerSecond: number;
}

interface Sent {
  at: number;
  phone: string;
  /** How the person names the chat: the bot's @username or the group's id. */
  chat: string | number;
  node: number;
}

/** The replies of the bots, by the sequence number a person's message carries. */
class Replies {
  readonly sent = new Map<number, Sent>();
  readonly answered = new Set<number>();
  duplicates = 0;
  samples = new Samples();
  presses = new Samples();
  /**
   * The first leg of a reply: from the person's message sent to its update heard by the bot, by
   * how the bot hears it (the rest is the bot's sendMessage).
   */
  heard = { webhook: new Samples(), poll: new Samples() };
  readonly #heardSeqs = new Set<number>();
  pressFailed = 0;

  /** The bot heard message `seq`'s update (the first time only). */
  hear(seq: number, by: 'webhook' | 'poll'): void {
    const sent = this.sent.get(seq);
    if (sent === undefined || this.#heardSeqs.has(seq)) return;
    this.#heardSeqs.add(seq);
    this.heard[by].add(performance.now() - sent.at);
  }

  reply(seq: number): Sent | undefined {
    const sent = this.sent.get(seq);
    if (sent === undefined) return undefined;
    if (this.answered.has(seq)) {
      this.duplicates += 1;
      return undefined;
    }
    this.answered.add(seq);
    this.samples.add(performance.now() - sent.at);
    return sent;
  }
}

/** getUpdates' timeout (s): a bot's poll stays parked this long without updates. */
const POLL_TIMEOUT_S = 20;

/** `p12` in a private chat, `/p12@name_bot` in a group. */
const seqOf = (text: string | undefined): number | undefined => {
  const match = /^\/?p(\d+)(?:@\w+)?$/.exec(text ?? '');
  return match ? Number(match[1]) : undefined;
};

interface Update {
  update_id: number;
  message?: { text?: string; chat: { id: number } };
  callback_query?: { id: string; data?: string; message?: { message_id: number; chat: { id: number } } };
}

export class Population {
  readonly replies = new Replies();
  /** Person messages the control API refused (or whose call failed), over all steps. */
  readonly #refused = new Set<number>();
  #stopped = false;
  #reports = 0;
  #pollers: Array<Promise<void>> = [];
  #receiver: Server | undefined;
  #receiverUrl = '';
  /** The bots' calls (sendMessage, editMessageText, answerCallbackQuery, setWebhook). */
  readonly #api: Pool[];
  /**
   * The people's presses, apart from the bots' calls: a press holds its connection until the bot
   * answers it, and in the bots' pool the presses of a busy step took every connection while the
   * answers they waited for queued behind them (each press then timed out, and no reply went out).
   */
  readonly #presses: Pool[];
  readonly #polls: Pool[];

  constructor(
    private readonly origins: string[],
    private readonly world: World,
    private readonly mix: Mix,
    /** The nodes' process ids, in the order of `origins` (their threads' share of a stall). */
    private readonly pids: readonly number[] = [],
  ) {
    this.#api = origins.map((origin) => newPool(origin, 64));
    this.#presses = origins.map((origin) => newPool(origin, 128));
    // A parked long poll holds its connection: a node's pool has one for each bot that polls
    // through it (a pool sized for an even spread, 3 for 5 bots on one node, kept two polls queued
    // in the client until a parked one returned, seconds late: issue 31).
    // Its requests wait longer than a poll lasts: the default 15 s cut every idle poll of 20 s.
    this.#polls = origins.map((origin, node) => {
      const polling = world.bots.filter((bot, i) => !bot.webhook && this.#nodeOfBot(i) === node).length;
      return newPool(origin, Math.max(1, polling), (POLL_TIMEOUT_S + 10) * 1000);
    });
  }

  /**
   * The node a bot polls or takes its webhook through, and calls: bots in pairs (one polling, one on
   * a webhook: createWorld alternates them) go round the nodes, so each node has both kinds.
   */
  #nodeOfBot(bot: number): number {
    return Math.floor(bot / 2) % this.origins.length;
  }

  async start(): Promise<void> {
    this.#receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        response.end();
        const url = request.url ?? '';
        if (url.startsWith('/report')) this.#reports += 1;
        else void this.#answer(Number(url.split('/').pop()), JSON.parse(body || '{}') as Update);
      });
    });
    await new Promise<void>((resolve) => this.#receiver!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#receiver.address() as AddressInfo;
    this.#receiverUrl = `http://127.0.0.1:${port}`;
    for (const [i, bot] of this.world.bots.entries()) {
      if (bot.webhook) {
        await call(this.#api[this.#nodeOfBot(i)]!, `/bot${bot.token}/setWebhook`, JSON_HEADERS, {
          url: `${this.#receiverUrl}/hook/${i}`,
        });
      } else this.#pollers.push(this.#poll(i));
    }
  }

  async #answer(bot: number, update: Update): Promise<void> {
    const { token } = this.world.bots[bot]!;
    const api = this.#api[this.#nodeOfBot(bot)]!;
    if (update.callback_query) {
      const query = update.callback_query;
      try {
        if (query.message)
          await call(api, `/bot${token}/editMessageText`, JSON_HEADERS, {
            chat_id: query.message.chat.id,
            message_id: query.message.message_id,
            text: `done ${query.data ?? ''}`,
          });
        await call(api, `/bot${token}/answerCallbackQuery`, JSON_HEADERS, {
          callback_query_id: query.id,
          text: 'done',
        });
      } catch {
        // The press's answer then times out: counted as a failed press.
      }
      return;
    }
    const message = update.message;
    const seq = seqOf(message?.text);
    if (!message || seq === undefined) return;
    this.replies.hear(seq, this.world.bots[bot]!.webhook ? 'webhook' : 'poll');
    const press = seq % this.mix.pressEvery === 0;
    let messageId: number;
    try {
      const reply = await call<{ message_id: number }>(api, `/bot${token}/sendMessage`, JSON_HEADERS, {
        chat_id: message.chat.id,
        text: `re ${seq}`,
        ...(press ? { reply_markup: { inline_keyboard: [[{ text: 'ok', callback_data: `x${seq}` }]] } } : {}),
      });
      messageId = reply.message_id;
    } catch {
      return; // Counted as not answered.
    }
    const sent = this.replies.reply(seq);
    if (press && sent && !this.#stopped) void this.#press(sent, messageId);
  }

  /** The person presses the reply's button; the press answers once the bot answered it. */
  async #press(sent: Sent, messageId: number): Promise<void> {
    const t = performance.now();
    try {
      await call(this.#presses[sent.node]!, '/control/press', CONTROL_HEADERS, {
        user: sent.phone,
        chat: sent.chat,
        message_id: messageId,
        button: 'ok',
        timeout: 10,
      });
      this.replies.presses.add(performance.now() - t);
    } catch {
      this.replies.pressFailed += 1;
    }
  }

  async #poll(bot: number): Promise<void> {
    const { token } = this.world.bots[bot]!;
    const pool = this.#polls[this.#nodeOfBot(bot)]!;
    let offset = 0;
    while (!this.#stopped) {
      let updates: Update[];
      try {
        updates = await call<Update[]>(pool, `/bot${token}/getUpdates`, JSON_HEADERS, {
          offset,
          timeout: POLL_TIMEOUT_S,
        });
      } catch {
        if (this.#stopped) return;
        continue;
      }
      for (const update of updates) {
        offset = update.update_id + 1;
        void this.#answer(bot, update);
      }
    }
  }

  /** A person message: in a private chat with a random bot, or in one of the person's groups. */
  #personMessage(seq: number): { sent: Sent; text: string } {
    const { world } = this;
    const node = Math.floor(Math.random() * this.origins.length);
    if (world.groups.length > 0 && Math.random() < this.mix.groupShare) {
      const group = world.groups[Math.floor(Math.random() * world.groups.length)]!;
      const phone = group.members[Math.floor(Math.random() * group.members.length)]!;
      const bot = world.bots[group.bot]!;
      return {
        sent: { at: performance.now(), phone, chat: group.id, node },
        text: `/p${seq}@${bot.username}`,
      };
    }
    const phone = world.phones[Math.floor(Math.random() * world.phones.length)]!;
    const bot = world.bots[Math.floor(Math.random() * world.bots.length)]!;
    return { sent: { at: performance.now(), phone, chat: `@${bot.username}`, node }, text: `p${seq}` };
  }

  /**
   * Probes every node's `/healthz` every 20 ms until stopped, from a thread of its own
   * (stall-probe.ts: this thread's loop is busy with the population); answers the slowest answer
   * and, where the node's process id is known, what its threads did meanwhile.
   */
  #probeStalls(): { stop: () => Promise<Stall> } {
    const probe = startStallProbe(this.origins, 20, this.pids);
    return {
      stop: async () => {
        let worst: Probed | undefined;
        for (const probed of await probe.stop())
          for (const one of probed) if (worst === undefined || one[1] > worst[1]) worst = one;
        if (worst === undefined) return { ms: 0 };
        const [, ms, , loopRanMs, loopWaitedMs, othersRanMs] = worst;
        return loopRanMs === undefined
          ? { ms }
          : { ms, threads: { loopRanMs, loopWaitedMs: loopWaitedMs!, othersRanMs: othersRanMs! } };
      },
    };
  }

  /** The worst event-loop stall over `ms` with no traffic (polls parked, webhook bots idle). */
  async idleStall(ms: number): Promise<number> {
    const probing = this.#probeStalls();
    await new Promise((resolve) => setTimeout(resolve, ms));
    return (await probing.stop()).ms;
  }

  /** Verification codes at the mix's rate while `running()`; answers requests sent and refused. */
  async #gatewayStream(running: () => boolean): Promise<{ sent: number; refused: number }> {
    const perSecond = this.mix.gatewayPerSecond;
    if (perSecond <= 0) return { sent: 0, refused: 0 };
    const pool = newPool(this.origins[0]!, 8);
    const headers = { ...JSON_HEADERS, authorization: `Bearer ${this.world.gatewayToken}` };
    const t0 = performance.now();
    let sent = 0;
    let refused = 0;
    const inFlight: Array<Promise<void>> = [];
    while (running()) {
      while (sent < ((performance.now() - t0) * perSecond) / 1000) {
        const phone = this.world.phones[Math.floor(Math.random() * this.world.phones.length)]!;
        sent += 1;
        inFlight.push(
          call(pool, '/gateway/sendVerificationMessage', headers, {
            phone_number: phone,
            code_length: 6,
            callback_url: `${this.#receiverUrl}/report`,
          }).then(
            () => undefined,
            () => void (refused += 1),
          ),
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await Promise.all(inFlight);
    await pool.close();
    return { sent, refused };
  }

  /**
   * Sends person messages at `rate` per second (Poisson) for `ms` with the gateway stream beside
   * them, waits up to `graceMs` for the replies, and answers the step's figures.
   */
  async step(rate: number, ms: number, graceMs: number, serverCpu: () => number): Promise<StepFigures> {
    const replies = this.replies;
    replies.samples = new Samples();
    replies.presses = new Samples();
    replies.heard = { webhook: new Samples(), poll: new Samples() };
    const pressFailedBefore = replies.pressFailed;
    const duplicatesBefore = replies.duplicates;
    const reportsBefore = this.#reports;
    const controls = this.origins.map((origin) => newPool(origin, 64));
    const first = replies.sent.size;
    const stalls = this.#probeStalls();
    const cpu0 = serverCpu();
    const t0 = performance.now();
    let sent = 0;
    let failed = 0;
    let due = 0;
    const sends: Array<Promise<void>> = [];
    const gateway = this.#gatewayStream(() => performance.now() - t0 < ms);
    while (performance.now() - t0 < ms) {
      // Poisson arrivals: exponential gaps, sent on a 5 ms tick.
      const now = performance.now() - t0;
      while (due <= now) {
        const seq = first + sent;
        sent += 1;
        const { sent: message, text } = this.#personMessage(seq);
        replies.sent.set(seq, message);
        sends.push(
          call(controls[message.node]!, '/control/messages', CONTROL_HEADERS, {
            from: message.phone,
            chat: message.chat,
            text,
          }).then(
            () => undefined,
            () => {
              failed += 1;
              this.#refused.add(seq);
            },
          ),
        );
        due += (-Math.log(1 - Math.random()) * 1000) / rate;
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await Promise.all(sends);
    const gatewayFigures = await gateway;
    const deadline = performance.now() + graceMs;
    // A call that failed (a timeout, say) may still have been stored and answered: it counts as
    // answered then, and as refused only when it was not.
    const wanted = () => {
      let answered = 0;
      for (let seq = first; seq < first + sent; seq++) if (replies.answered.has(seq)) answered += 1;
      return answered;
    };
    const refusedUnanswered = () => {
      let n = 0;
      for (const seq of this.#refused) if (seq >= first && !replies.answered.has(seq)) n += 1;
      return n;
    };
    while (wanted() + refusedUnanswered() < sent && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - t0) / 1000;
    const cpuSeconds = serverCpu() - cpu0;
    const stall = await stalls.stop();
    await Promise.all(controls.map((pool) => pool.close()));
    const answered = wanted();
    return {
      rate,
      sent,
      answered,
      lost: sent - answered - refusedUnanswered(),
      failed,
      duplicates: replies.duplicates - duplicatesBefore,
      latency: replies.samples.count > 0 ? replies.samples.summary() : undefined,
      presses: replies.presses.count > 0 ? replies.presses.summary() : undefined,
      heardByWebhook: replies.heard.webhook.count > 0 ? replies.heard.webhook.summary() : undefined,
      heardByPoll: replies.heard.poll.count > 0 ? replies.heard.poll.summary() : undefined,
      pressFailed: replies.pressFailed - pressFailedBefore,
      gatewaySent: gatewayFigures.sent,
      gatewayRefused: gatewayFigures.refused,
      reports: this.#reports - reportsBefore,
      worstStallMs: stall.ms,
      ...(stall.threads && { worstStallThreads: stall.threads }),
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
    const missing = () => {
      let n = 0;
      for (const seq of this.replies.sent.keys())
        if (!this.replies.answered.has(seq) && !this.#refused.has(seq)) n += 1;
      return n;
    };
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
    await Promise.all([...this.#api, ...this.#presses, ...this.#polls].map((pool) => pool.destroy()));
    await Promise.allSettled(this.#pollers);
  }
}

/**
 * A node's threads during a stall, ms: the event loop's time on a core and its wait for one (the
 * run queue: its core held by other threads, this process's or another's), and the process's other
 * threads' time on a core (V8's helpers, the SQLite checkpoint worker, libuv's pool).
 */
export interface StallThreads {
  loopRanMs: number;
  loopWaitedMs: number;
  othersRanMs: number;
}

/** The slowest probe answer of a step, ms, and what the node's threads did meanwhile. */
interface Stall {
  ms: number;
  threads?: StallThreads;
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
  /** From a press to its answer (the bot edited its message, then answered). */
  presses: LatencySummary | undefined;
  /**
   * A reply's first leg, from the person's message sent to its update heard by a bot on a webhook,
   * or by a polling bot (the rest of `latency` is the bot's sendMessage).
   */
  heardByWebhook: LatencySummary | undefined;
  heardByPoll: LatencySummary | undefined;
  pressFailed: number;
  gatewaySent: number;
  gatewayRefused: number;
  /** Delivery reports that arrived during the step (of this step's codes or earlier ones). */
  reports: number;
  worstStallMs: number;
  /** What the stalled node's threads did during the worst stall (where its process id is known). */
  worstStallThreads?: StallThreads;
  cpuMsPerMessage: number;
  /** Server CPU over the step, % of one core (summed over the nodes). */
  cpuPct: number;
}
