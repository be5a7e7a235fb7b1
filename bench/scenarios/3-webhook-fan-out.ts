/**
 * Scenario 3: webhook fan-out. N updates of one bot wait in 80 chats (so that 40 connections can all
 * be busy: a chat's updates go one at a time); the bot then sets a webhook with max_connections 40 and
 * the receiver counts updates/s. Baseline: a plain undici POST loop with 40 connections, run where
 * Parley runs, sending the same bodies to the same receiver.
 *
 * The updates are queued fast: 80 real ones through the control API, then copies of them written
 * straight into the stopped server's SQLite file (the update row is the delivery job).
 */
import Database from 'better-sqlite3';
import { runPostLoop } from '../lib/baselines.js';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/context.js';
import { botCall, newDataDir, phoneNumber, startParley } from '../lib/parley.js';
import { startReceiver, type Receiver } from '../lib/receiver.js';

const CHATS = 80;
const MAX_CONNECTIONS = 40;

interface UpdateRow {
  bot_id: number;
  update_id: number;
  type: string;
  payload: string;
  queue_key: string;
  created_at: number;
  expires_at: number;
}

/** Copies the bot's queued updates round-robin until `total` are queued; returns the update bodies. */
function multiplyUpdates(dbFile: string, botId: number, total: number): string[] {
  const db = new Database(dbFile);
  try {
    const templates = db
      .prepare('SELECT * FROM updates WHERE bot_id = ? ORDER BY update_id')
      .all(botId) as UpdateRow[];
    if (templates.length === 0) throw new Error('no update queued');
    let lastId = templates[templates.length - 1]!.update_id;
    const insert = db.prepare(
      `INSERT INTO updates (bot_id, update_id, type, payload, queue_key, created_at, expires_at, attempts, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    );
    const payloads = templates.map((t) => JSON.parse(t.payload) as { message_id: number; text: string });
    db.transaction(() => {
      let queued = templates.length;
      for (let copy = 1; queued < total; copy++) {
        for (let i = 0; i < templates.length && queued < total; i++, queued++) {
          const t = templates[i]!;
          const payload = {
            ...payloads[i]!,
            message_id: payloads[i]!.message_id + copy,
            text: `fan-out ${copy}`,
          };
          insert.run(
            botId,
            ++lastId,
            t.type,
            JSON.stringify(payload),
            t.queue_key,
            t.created_at,
            t.expires_at,
          );
        }
      }
      db.prepare('UPDATE bots SET last_update_id = ? WHERE id = ?').run(lastId, botId);
    })();
    const count = (
      db.prepare('SELECT count(*) AS n FROM updates WHERE bot_id = ?').get(botId) as { n: number }
    ).n;
    if (count !== total) throw new Error(`queued ${count} updates, wanted ${total}`);
    return templates.map((t) => `{"update_id":${t.update_id},"${t.type}":${t.payload}}`);
  } finally {
    db.close();
  }
}

async function waitForCount(receiver: Receiver, count: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (receiver.count < count) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

const rate = (receiver: Receiver) =>
  receiver.count > 1 ? ((receiver.count - 1) * 1000) / (receiver.lastAt - receiver.firstAt) : 0;

export const webhookFanOutScenario: Scenario = {
  id: 3,
  title: 'Webhook fan-out (max_connections 40) vs a plain undici POST loop',
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const total = ctx.quick ? 8_000 : 40_000;
    const timeoutMs = ctx.quick ? 15_000 : 45_000;
    const dataDir = newDataDir(ctx, 'fan-out');
    let server = await startParley(ctx, { dataDir });
    let botId: number;
    let token: string;
    try {
      const bot = await server.control.createBot({ username: 'fan_bench_bot' });
      botId = bot.id;
      token = bot.token;
      for (let i = 0; i < CHATS; i++) {
        const phone = phoneNumber();
        await server.control.createUser({ phone_number: phone, first_name: `Fan ${i}` });
        await server.control.sendMessage({ from: phone, chat: '@fan_bench_bot', text: 'fan-out 0' });
      }
    } finally {
      await server.stop();
    }
    const bodies = multiplyUpdates(server.dbFile, botId, total);
    const receiver = await startReceiver();
    const notes: string[] = [];
    let parleyRate: number;
    let delivered: number;
    const loopRates: number[] = [];
    // The baseline runs before and after Parley and counts as the mean of the two, against drift.
    const postLoop = async () => {
      receiver.reset();
      const loop = await runPostLoop(ctx, {
        url: receiver.url,
        bodies,
        count: total,
        connections: MAX_CONNECTIONS,
        timeoutMs,
      });
      if (loop.failed > 0) notes.push(`The POST loop had ${loop.failed} failures.`);
      loopRates.push(rate(receiver));
    };
    try {
      await postLoop();
      receiver.reset();
      server = await startParley(ctx, { dataDir });
      try {
        await botCall(server.origin, token, 'setWebhook', {
          url: receiver.url,
          max_connections: MAX_CONNECTIONS,
        });
        const complete = await waitForCount(receiver, total, timeoutMs);
        delivered = receiver.count;
        parleyRate = rate(receiver);
        if (!complete) notes.push(`Parley delivered ${delivered} of ${total} within ${timeoutMs / 1000} s.`);
      } finally {
        await server.stop();
      }
      await postLoop();
    } finally {
      await receiver.close();
    }
    const loopRate = (loopRates[0]! + loopRates[1]!) / 2;
    notes.unshift(
      `${total} queued updates in ${CHATS} chats (${Math.round(bodies.reduce((n, b) => n + b.length, 0) / bodies.length)} B each); rate = arrivals at the receiver between its first and last request. The POST loop ran before and after Parley (${loopRates.map((r) => r.toFixed(0)).join(' and ')} updates/s); its mean is the baseline.`,
    );
    return {
      id: 3,
      title: this.title,
      status: 'ok',
      rows: [
        {
          what: `webhook delivery, max_connections ${MAX_CONNECTIONS}`,
          measured: { target: 'Parley', rps: parleyRate, requests: delivered },
          baseline: { target: 'undici POST loop', rps: loopRate, requests: total },
          ratio: parleyRate / loopRate,
          ratioOf: 'updates/s',
        },
      ],
      notes,
      metrics: { 'fan.rps': parleyRate, 'post.rps': loopRate },
    };
  },
};
