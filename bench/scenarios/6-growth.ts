/**
 * Scenario 6: growth. `sendMessage` throughput with an empty store and with 1 million stored messages
 * (written straight into the stopped server's SQLite file, then the server restarted on it); and the
 * server's resident memory with 100k pending updates.
 */
import Database from 'better-sqlite3';
import { performance } from 'node:perf_hooks';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/context.js';
import { closedLoop } from '../lib/load.js';
import { ADMIN_TOKEN, botWithChat, newDataDir, startParley, type BotChat } from '../lib/parley.js';
import { rssMiB } from '../lib/processes.js';
import { cpuNote, sideBySide, type Figures } from '../lib/compare.js';
import { JSON_HEADERS, sendMessageTarget } from './1-send-message.js';

const STORED = 1_000_000;
const PENDING = 100_000;
const BATCH = 50_000;

/** Adds `count` messages to the chat of `chat`, alternating sender, and bumps its last_message_id. */
function storeMessages(dbFile: string, chat: BotChat, count: number): { chats: number; messages: number } {
  const db = new Database(dbFile);
  try {
    const [a, b] = chat.userId < chat.botId ? [chat.userId, chat.botId] : [chat.botId, chat.userId];
    const row = db
      .prepare('SELECT pk, last_message_id FROM chats WHERE user_a = ? AND user_b = ?')
      .get(a, b) as { pk: number; last_message_id: number } | undefined;
    if (!row) throw new Error('the chat of the bench bot is missing');
    const insert = db.prepare(
      'INSERT INTO messages (chat_pk, message_id, sender_id, date, edit_date, body) VALUES (?, ?, ?, ?, NULL, ?)',
    );
    const date = Math.floor(Date.now() / 1000) - 86_400;
    let id = row.last_message_id;
    const end = id + count;
    const batch = db.transaction((upTo: number) => {
      for (; id < upTo;) {
        id += 1;
        const text = `Stored message ${id}: the quick brown fox jumps over the lazy dog and then some more text.`;
        insert.run(row.pk, id, id % 2 ? chat.userId : chat.botId, date, JSON.stringify({ text }));
      }
    });
    while (id < end) batch(Math.min(end, id + BATCH));
    db.prepare('UPDATE chats SET last_message_id = ? WHERE pk = ?').run(id, row.pk);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const messages = (db.prepare('SELECT count(*) AS n FROM messages').get() as { n: number }).n;
    const chats = (db.prepare('SELECT count(*) AS n FROM chats').get() as { n: number }).n;
    return { chats, messages };
  } finally {
    db.close();
  }
}

/** Copies the bot's pending update until `count` are pending (bumping the bot's last_update_id). */
function queueUpdates(dbFile: string, botId: number, count: number): void {
  const db = new Database(dbFile);
  try {
    const template = db
      .prepare('SELECT * FROM updates WHERE bot_id = ? ORDER BY update_id LIMIT 1')
      .get(botId) as
      | {
          update_id: number;
          type: string;
          payload: string;
          queue_key: string;
          created_at: number;
          expires_at: number;
        }
      | undefined;
    if (!template) throw new Error('no pending update to copy');
    const have = (
      db.prepare('SELECT count(*) AS n FROM updates WHERE bot_id = ?').get(botId) as { n: number }
    ).n;
    let last = (db.prepare('SELECT last_update_id AS id FROM bots WHERE id = ?').get(botId) as { id: number })
      .id;
    const insert = db.prepare(
      `INSERT INTO updates (bot_id, update_id, type, payload, queue_key, created_at, expires_at, attempts, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 0, 0)`,
    );
    db.transaction(() => {
      for (let i = have; i < count; i++) {
        last += 1;
        insert.run(
          botId,
          last,
          template.type,
          template.payload,
          template.queue_key,
          template.created_at,
          template.expires_at,
        );
      }
      db.prepare('UPDATE bots SET last_update_id = ? WHERE id = ?').run(last, botId);
    })();
  } finally {
    db.close();
  }
}

function pendingUpdates(dbFile: string, botId: number): number {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare('SELECT count(*) AS n FROM updates WHERE bot_id = ?').get(botId) as { n: number }).n;
  } finally {
    db.close();
  }
}

export const growthScenario: Scenario = {
  id: 6,
  title: 'Growth: sendMessage at 1 million stored messages; RSS with 100k pending updates',
  async run(ctx: BenchContext): Promise<ScenarioResult> {
    const notes: string[] = [];
    // The grown store: set up, stopped, filled with 1M messages, started again on the same folder.
    const grown = await sendMessageTarget(ctx, 'grow_full');
    await grown.server.stop();
    const t0 = performance.now();
    const stored = storeMessages(grown.server.dbFile, grown.chat, STORED);
    notes.push(
      `${STORED.toLocaleString('en')} messages written into the bot's chat in ${((performance.now() - t0) / 1000).toFixed(1)} s; the store then held ${stored.messages.toLocaleString('en')} messages in ${stored.chats} chat(s).`,
    );
    let server = await startParley(ctx, { dataDir: grown.server.dataDir });
    const empty = await sendMessageTarget(ctx, 'grow_empty');
    let full: Figures;
    let fresh: Figures;
    try {
      [full, fresh] = await sideBySide(
        ctx,
        [
          {
            name: 'Parley, 1M messages',
            origin: server.origin,
            pid: server.child.pid,
            request: grown.request,
          },
          {
            name: 'Parley, empty',
            origin: empty.server.origin,
            pid: empty.server.child.pid,
            request: empty.request,
          },
        ],
        { light: false },
      );
    } finally {
      await server.stop();
      await empty.server.stop();
    }
    notes.push(cpuNote('Parley, 1M messages', full), cpuNote('Parley, empty store', fresh));

    // Memory: a fresh server, its RSS idle, then with 100k pending updates of one bot.
    const memoryDir = newDataDir(ctx, 'memory');
    server = await startParley(ctx, { dataDir: memoryDir });
    let idleRss: number | undefined;
    let pendingRss: number | undefined;
    let peakRss: number | undefined;
    let pending: number;
    try {
      const memoryChat = await botWithChat(server, 'memory_bench');
      idleRss = rssMiB(server.child.pid);
      if (ctx.quick) {
        // Quick mode writes the rows directly and restarts: the server then holds them without having
        // handled them (the full run sends them through the control API).
        await server.stop();
        queueUpdates(server.dbFile, memoryChat.botId, PENDING);
        server = await startParley(ctx, { dataDir: memoryDir });
        notes.push(
          `RSS (quick mode): ${PENDING.toLocaleString('en')} update rows written directly, then the server restarted.`,
        );
      } else {
        const t1 = performance.now();
        const sent = await closedLoop({
          origin: server.origin,
          connections: ctx.connections,
          warmupMs: 0,
          durationMs: 120_000,
          maxRequests: PENDING - 1,
          request: (i) => ({
            method: 'POST',
            path: '/control/messages',
            headers: { ...JSON_HEADERS, authorization: `Bearer ${ADMIN_TOKEN}` },
            body: JSON.stringify({
              from: memoryChat.userPhone,
              chat: `@${memoryChat.botUsername}`,
              text: `pending ${i}`,
            }),
          }),
        });
        notes.push(
          `RSS: ${sent.requests.toLocaleString('en')} user messages sent through the control API (${ctx.connections} connections) in ${((performance.now() - t1) / 1000).toFixed(1)} s, ${sent.rps.toFixed(0)}/s.`,
        );
      }
      // Let the last commits and any timers settle before reading memory.
      await new Promise((resolve) => setTimeout(resolve, 500));
      pendingRss = rssMiB(server.child.pid);
      peakRss = rssMiB(server.child.pid, 'VmHWM');
      pending = pendingUpdates(server.dbFile, memoryChat.botId);
    } finally {
      await server.stop();
    }
    notes.push(
      `RSS idle ${idleRss?.toFixed(1)} MiB; with ${pending.toLocaleString('en')} pending updates ${pendingRss?.toFixed(1)} MiB (peak ${peakRss?.toFixed(1)} MiB).`,
    );
    if (full.firstError) notes.push(`First error at 1M: ${full.firstError}`);
    return {
      id: 6,
      title: this.title,
      status: 'ok',
      rows: [
        {
          what: `sendMessage, ${ctx.connections} connections, 1M stored messages vs empty store`,
          measured: { target: 'Parley, 1M messages', rps: full.rps, p50: full.p50, p99: full.p99 },
          baseline: { target: 'Parley, empty store', rps: fresh.rps, p50: fresh.p50, p99: fresh.p99 },
          ratio: full.rps / fresh.rps,
          ratioOf: 'throughput',
        },
        {
          what: `RSS with ${pending.toLocaleString('en')} pending updates vs idle`,
          measured: {
            target: 'Parley, pending updates',
            ...(pendingRss !== undefined ? { rssMiB: pendingRss } : {}),
          },
          baseline: { target: 'Parley, idle', ...(idleRss !== undefined ? { rssMiB: idleRss } : {}) },
          ...(pendingRss !== undefined && idleRss !== undefined ? { ratio: pendingRss / idleRss } : {}),
          ratioOf: 'RSS',
        },
      ],
      notes,
      metrics: {
        'grow.empty.rps': fresh.rps,
        'grow.full.rps': full.rps,
        ...(pendingRss !== undefined ? { 'mem.pending.rss': pendingRss } : {}),
        ...(idleRss !== undefined ? { 'mem.idle.rss': idleRss } : {}),
      },
    };
  },
};
