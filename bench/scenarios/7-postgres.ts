/**
 * Scenario 7: PostgreSQL. sendMessage to a private chat on one node on PostgreSQL vs the default
 * SQLite, side by side; then two nodes on the same database (the load split over both) vs one node.
 * Everything (the database, the nodes, the load generator) shares this machine's cores, so the
 * two-node figure is bounded by them: a second node adds request handling, not cores.
 *
 * Needs a PostgreSQL server (PARLEY_TEST_POSTGRES, default 127.0.0.1:5432); "not available" without.
 */
import { randomBytes } from 'node:crypto';
import { cpuNote, okEnvelope, sideBySide } from '../lib/compare.js';
import type { BenchContext, Scenario, ScenarioResult } from '../lib/context.js';
import { closedLoop } from '../lib/load.js';
import { botWithChat, newDataDir, sendMessageBody, startParley, type ParleyServer } from '../lib/parley.js';
import { cpuTimes } from '../lib/processes.js';
import { Samples } from '../lib/stats.js';
import { JSON_HEADERS } from './1-send-message.js';
import { dropSchema, probe, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';

const URL_BASE = TEST_POSTGRES_URL;

/** Throughput of `targets` loaded together (connections split evenly), in alternation with others. */
async function together(
  ctx: BenchContext,
  targets: Array<{ origin: string; request: (i: number) => ReturnType<typeof requestOf> }>,
  base: number,
) {
  const per = Math.max(1, Math.floor(ctx.connections / targets.length));
  const before = machineCpu();
  const results = await Promise.all(
    targets.map(({ origin, request }, n) =>
      closedLoop({
        origin,
        connections: per,
        warmupMs: ctx.timing.roundWarmupMs,
        durationMs: ctx.timing.roundMs,
        request: (i) => request(base + n * 1_000_000 + i),
        ok: okEnvelope,
        samples: new Samples(),
      }),
    ),
  );
  return {
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    errors: results.reduce((sum, r) => sum + r.errors, 0),
    ms: Math.max(...results.map((r) => r.elapsedMs)),
    firstError: results.find((r) => r.firstError)?.firstError,
    cpu: cpuSince(before),
  };
}

/** Busy and total jiffies of the whole machine (all processes: nodes, database, load generator). */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    return cpuTimes();
  } catch {
    return undefined;
  }
}

function cpuSince(before: ReturnType<typeof machineCpu>): { busy: number; total: number } {
  const after = machineCpu();
  if (!before || !after) return { busy: 0, total: 0 };
  return { busy: after.busy - before.busy, total: after.total - before.total };
}

/** Share of both cores busy (0-100) over the rounds that made `cpu`. */
function busyPct(cpu: { busy: number; total: number }): string {
  return cpu.total > 0 ? `${((100 * cpu.busy) / cpu.total).toFixed(0)}%` : 'n/a';
}

function requestOf(path: string, chatId: number, i: number) {
  return { method: 'POST' as const, path, headers: JSON_HEADERS, body: sendMessageBody(chatId, i) };
}

export const postgresScenario: Scenario = {
  id: 7,
  title: 'sendMessage on PostgreSQL vs SQLite, and two PostgreSQL nodes vs one',
  async run(ctx): Promise<ScenarioResult> {
    const unavailable = await probe();
    if (unavailable !== undefined) {
      return {
        id: 7,
        title: this.title,
        status: 'not available',
        rows: [],
        notes: [`No PostgreSQL at ${URL_BASE.replace(/:[^:@/]*@/, ':***@')}: ${unavailable}`],
        metrics: {},
      };
    }
    const schema = `parley_bench_${randomBytes(4).toString('hex')}`;
    const data = `${URL_BASE}${URL_BASE.includes('?') ? '&' : '?'}schema=${schema}`;
    const servers: ParleyServer[] = [];
    try {
      const sqlite = await startParley(ctx, { dataDir: newDataDir(ctx, 'sqlite7') });
      servers.push(sqlite);
      const shared = newDataDir(ctx, 'pg-files');
      const first = await startParley(ctx, { dataDir: shared, data });
      servers.push(first);
      const sqliteChat = await botWithChat(sqlite, 'sq7');
      const pgChat = await botWithChat(first, 'pg7');
      const sqlitePath = `/bot${sqliteChat.token}/sendMessage`;
      const pgPath = `/bot${pgChat.token}/sendMessage`;
      const [onPg, onSqlite] = await sideBySide(
        ctx,
        [
          {
            name: 'PostgreSQL',
            origin: first.origin,
            pid: first.child.pid,
            request: (i) => requestOf(pgPath, pgChat.userId, i),
          },
          {
            name: 'SQLite',
            origin: sqlite.origin,
            pid: sqlite.child.pid,
            request: (i) => requestOf(sqlitePath, sqliteChat.userId, i),
          },
        ],
        { light: false },
      );
      await sqlite.stop();
      servers.splice(servers.indexOf(sqlite), 1);

      // Two nodes on one database vs one, in alternating rounds. Each node serves its own bot and
      // chat (as a balancer that keeps a bot on one node would), so that the figure is what a second
      // node adds, not how two nodes wait for one chat row; one node serves both chats.
      const second = await startParley(ctx, { dataDir: shared, data, core: 'any' });
      servers.push(second);
      const chats = [pgChat, await botWithChat(first, 'pg7b')];
      const requestFor = (chat: (typeof chats)[number]) => (i: number) =>
        requestOf(`/bot${chat.token}/sendMessage`, chat.userId, i);
      const alternating = (i: number) => requestFor(chats[i % 2]!)(i);
      let one = { requests: 0, ms: 0, errors: 0 };
      let two = { requests: 0, ms: 0, errors: 0 };
      const oneCpu = { busy: 0, total: 0 };
      const twoCpu = { busy: 0, total: 0 };
      let firstError: string | undefined;
      for (let round = 0; round < ctx.timing.rounds; round++) {
        const a = await together(ctx, [{ origin: first.origin, request: alternating }], round * 10_000_000);
        const b = await together(
          ctx,
          [
            { origin: first.origin, request: requestFor(chats[0]!) },
            { origin: second.origin, request: requestFor(chats[1]!) },
          ],
          round * 10_000_000 + 5_000_000,
        );
        one = { requests: one.requests + a.requests, ms: one.ms + a.ms, errors: one.errors + a.errors };
        two = { requests: two.requests + b.requests, ms: two.ms + b.ms, errors: two.errors + b.errors };
        firstError ??= a.firstError ?? b.firstError;
        oneCpu.busy += a.cpu.busy;
        oneCpu.total += a.cpu.total;
        twoCpu.busy += b.cpu.busy;
        twoCpu.total += b.cpu.total;
      }
      const oneRps = (one.requests * 1000) / one.ms;
      const twoRps = (two.requests * 1000) / two.ms;
      const notes = [
        cpuNote('PostgreSQL node', onPg),
        cpuNote('SQLite node', onSqlite),
        "The PostgreSQL server, the nodes and the load generator share the 2 cores. The first node is pinned to the servers' core; the second is not pinned, so that it can use what the other core has left beside the load generator and the database.",
        `Both cores busy (every process of the machine) while one node was loaded: ${busyPct(oneCpu)}; while two nodes were: ${busyPct(twoCpu)}.`,
      ];
      if (onPg.firstError) notes.push(`First PostgreSQL error: ${onPg.firstError}`);
      if (firstError) notes.push(`First error with two nodes: ${firstError}`);
      return {
        id: 7,
        title: this.title,
        status: 'ok',
        rows: [
          {
            what: `sendMessage, ${ctx.connections} connections, one node`,
            measured: {
              target: 'PostgreSQL',
              rps: onPg.rps,
              p50: onPg.p50,
              p99: onPg.p99,
              errors: onPg.errors,
            },
            baseline: {
              target: 'SQLite',
              rps: onSqlite.rps,
              p50: onSqlite.p50,
              p99: onSqlite.p99,
              errors: onSqlite.errors,
            },
            ratio: onPg.rps / onSqlite.rps,
            ratioOf: 'throughput',
          },
          {
            what: `sendMessage, ${ctx.connections} connections split over the nodes, two chats`,
            measured: { target: 'two PostgreSQL nodes', rps: twoRps, errors: two.errors },
            baseline: { target: 'one PostgreSQL node', rps: oneRps, errors: one.errors },
            ratio: twoRps / oneRps,
            ratioOf: 'throughput',
          },
        ],
        notes,
        metrics: {
          'pg.rps': onPg.rps,
          'pg.sqlite.rps': onSqlite.rps,
          'pg.one.rps': oneRps,
          'pg.two.rps': twoRps,
        },
      };
    } finally {
      for (const server of servers) await server.stop();
      await dropSchema(schema);
    }
  },
};
