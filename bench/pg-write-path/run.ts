/**
 * `node --import tsx bench/pg-write-path/run.ts [--quick] [--targets sqlite,pg1,pg2] [--bots N]
 *  [--people N] [--groups N] [--step-seconds S] [--start-rate R] [--width N] [--statements]
 *  [--server PATH] [--cpu-prof DIR] [--world-only]` (after `npm run build`; `--cpu-prof`: each
 *  server writes a V8 CPU profile into DIR when it stops; `--world-only`: only the world's creation,
 *  with the nodes' and the database's CPU per private chat and per group)
 *
 * PostgreSQL's write path under person messages (issue 31, ADR 0093): people in private chats write
 * to echo bots (half long-polling, half on webhooks, all in this process, each replying with
 * sendMessage), at rates that step up until the person-to-reply p99 passes 200 ms; the last rate
 * that held is the knee; then `--width` people at a time (32) each write once their last reply is
 * stored, for twice a step: the most the target carries (this holds up on a busy machine, where a
 * knee is mostly noise). The same world on SQLite (the baseline), on one PostgreSQL node and on two
 * nodes sharing the database (people, polls and webhook replies split over the nodes). Before the
 * load it times the world's creation (people, bots, private chats, groups with their members).
 *
 * With PostgreSQL it also counts what each node sends the database per person message (a preloaded
 * counter, count-queries.mjs): statements, transactions (BEGIN) and the write connection's share,
 * and the nodes' CPU per message. `--statements` lists the statements of the last step that held.
 * Every reply is checked: a message without its reply, or with two, is reported (lost, duplicated).
 *
 * Needs a PostgreSQL server (PARLEY_TEST_POSTGRES, default 127.0.0.1:5432) for pg1 and pg2.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { Pool } from 'undici';
import { newPool, processCpuSeconds, send } from '../lib/load.js';
import { backendCpu, backendCpuSince, measuredApplication, setMeasuredApplication } from './backend-cpu.js';
import { pinBenchProcess, startChild, stopAll, type Child } from '../lib/processes.js';
import { Samples } from '../lib/stats.js';
import { dropSchema, probe, TEST_POSTGRES_URL } from '../../src/storage/contracts/postgres-server.js';

const ADMIN = 'pg-write-path-admin-token-0123456789';
const P99_LIMIT_MS = 200;
/** A reply not seen this long after the step's end counts as lost. */
const DRAIN_MS = 5000;
const COUNTER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'count-queries.mjs');

const { values } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    targets: { type: 'string', default: 'sqlite,pg1,pg2' },
    bots: { type: 'string' },
    people: { type: 'string' },
    groups: { type: 'string' },
    'step-seconds': { type: 'string' },
    'start-rate': { type: 'string' },
    width: { type: 'string' },
    statements: { type: 'boolean', default: false },
    server: { type: 'string', default: 'dist/cli/main.js' },
    'cpu-prof': { type: 'string' },
    'world-only': { type: 'boolean', default: false },
  },
});
const quick = values.quick!;
const BOTS = Number(values.bots ?? (quick ? 20 : 100));
const PEOPLE = Number(values.people ?? (quick ? 200 : 1000));
const GROUPS = Number(values.groups ?? (quick ? 10 : 40));
const STEP_MS = 1000 * Number(values['step-seconds'] ?? (quick ? 3 : 6));
const START_RATE = Number(values['start-rate'] ?? 25);
const CLOSED_WIDTH = Number(values.width ?? 32);
const log = (message: string) => process.stdout.write(`${message}\n`);

interface Node {
  child: Child;
  origin: string;
  pool: Pool;
  countFile?: string;
}

const pinning = pinBenchProcess();
const tmpDir = mkdtempSync(path.join(os.tmpdir(), 'pg-write-path-'));

async function startNode(data: string, files: string, counted: boolean, pinned: boolean): Promise<Node> {
  const countFile = counted ? path.join(tmpDir, `count-${randomBytes(4).toString('hex')}.json`) : undefined;
  const child = await startChild({
    script: values.server!,
    args: ['start', '--host', '127.0.0.1', '--port', '0', '--data', data, '--admin-token', ADMIN],
    nodeFlags: [
      ...(counted ? ['--import', COUNTER] : []),
      ...(values['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', values['cpu-prof']] : []),
    ],
    env: {
      PARLEY_LOG_LEVEL: 'warn',
      PARLEY_FILES: files,
      ...(countFile ? { PGW_COUNT_FILE: countFile } : {}),
    },
    ready: /Control API: (http:\/\/\S+)\/control/,
    pinning: pinned ? pinning : { ...pinning, enabled: false },
  });
  return { child, origin: child.ready, pool: newPool(child.ready, 512), countFile };
}

async function call<T>(node: Node, pathName: string, body: object, admin = false): Promise<T> {
  const answer = await send(node.pool, {
    method: 'POST',
    path: pathName,
    headers: {
      'content-type': 'application/json',
      ...(admin ? { authorization: `Bearer ${ADMIN}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const parsed = JSON.parse(answer.text) as { ok: boolean; result?: T; description?: string };
  if (!parsed.ok) throw new Error(`${pathName}: ${answer.status} ${answer.text.slice(0, 300)}`);
  return parsed.result!;
}

/** Runs `task(i)` for i < n, `width` at a time; answers the seconds it took. */
async function inParallel(n: number, width: number, task: (i: number) => Promise<unknown>): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      while (next < n) await task(next++);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** With --statements, the statements counted since the last look, `per` of something. */
async function listStatements(nodes: Node[], what: string, per: number): Promise<void> {
  const counts = await readCounts(nodes);
  if (!values.statements || !counts) return;
  const sorted = Object.entries(counts).sort((a, b) => b[1] - a[1]);
  log(`  statements ${what}: ${(sorted.reduce((sum, [, n]) => sum + n, 0) / per).toFixed(1)}`);
  for (const [key, n] of sorted.slice(0, 25)) log(`    ${(n / per).toFixed(3)}  ${key}`);
}

interface World {
  bots: Array<{ token: string; username: string }>;
  phones: string[];
  creation: Record<string, number>;
}

/** The nodes' and the database's CPU seconds from now to the call of the answer. */
async function cpuSpent(nodes: Node[]): Promise<() => Promise<{ node: number; db: number }>> {
  const before = nodes.map((node) => processCpuSeconds(node.child.pid));
  const dbBefore = await backendCpu();
  return async () => ({
    node: nodes.reduce((sum, node, i) => sum + processCpuSeconds(node.child.pid) - before[i]!, 0),
    db: await backendCpuSince(dbBefore),
  });
}

/** `creation`'s CPU figures (ms) of a phase of `count` things. */
function noteCpu(
  creation: Record<string, number>,
  what: string,
  spent: { node: number; db: number },
  count: number,
) {
  creation[`node CPU ms/${what}`] = (1000 * spent.node) / count;
  if (measuredApplication()) creation[`database CPU ms/${what}`] = (1000 * spent.db) / count;
}

async function createWorld(nodes: Node[], tag: string): Promise<World> {
  const at = (i: number) => nodes[i % nodes.length]!;
  const phones = Array.from({ length: PEOPLE }, (_, i) => `+1666${String(i).padStart(7, '0')}`);
  const bots: World['bots'] = [];
  const creation: Record<string, number> = {};
  const peopleS = await inParallel(PEOPLE, 16, (i) =>
    call(at(i), '/control/users', { phone_number: phones[i], first_name: `P${i}` }, true),
  );
  creation['people/s'] = PEOPLE / peopleS;
  await inParallel(BOTS, 8, async (i) => {
    const bot = await call<{ token: string; username: string }>(
      at(i),
      '/control/bots',
      { username: `${tag}${i}_bot` },
      true,
    );
    bots[i] = bot;
  });
  await readCounts(nodes);
  const chatsCpu = await cpuSpent(nodes);
  // A private chat begins with the person's first message (/start), as on the platform.
  const chatsS = await inParallel(PEOPLE, 16, (i) =>
    call(
      at(i),
      '/control/messages',
      { from: phones[i], chat: `@${bots[i % BOTS]!.username}`, text: '/start' },
      true,
    ),
  );
  creation['private chats/s'] = PEOPLE / chatsS;
  noteCpu(creation, 'private chat', await chatsCpu(), PEOPLE);
  await listStatements(nodes, 'per private chat', PEOPLE);
  // Groups of 20-50 people (and one bot), made with their members at once.
  let memberships = 0;
  const groupsCpu = await cpuSpent(nodes);
  const groupsS = await inParallel(GROUPS, 4, async (g) => {
    const size = 20 + ((g * 7) % 31);
    memberships += size + 1;
    const members = [
      ...Array.from({ length: size }, (_, k) => phones[(g * 13 + k) % PEOPLE]!),
      `@${bots[g % BOTS]!.username}`,
    ].filter((m, k, all) => all.indexOf(m) === k && m !== phones[g % PEOPLE]);
    await call(at(g), '/control/chats', { owner: phones[g % PEOPLE], title: `G${g}`, members }, true);
  });
  creation['groups/s'] = GROUPS / groupsS;
  creation['memberships/s'] = memberships / groupsS;
  noteCpu(creation, 'group', await groupsCpu(), GROUPS);
  await listStatements(nodes, 'per group', GROUPS);
  return { bots, phones, creation };
}

interface Update {
  update_id: number;
  message?: { text?: string; chat: { id: number; type: string } };
}

/** The echo bots: even ones long-poll, odd ones take webhooks; both answer with sendMessage. */
class EchoBots {
  readonly pending = new Map<string, number>();
  /** Called with a message's text when its reply is stored (the closed loop waits on it). */
  readonly waiters = new Map<string, () => void>();
  /** Messages whose reply the closed loop stopped waiting for: a reply still counts (late, not lost). */
  readonly late = new Set<string>();
  readonly latencies: Samples[] = [new Samples()];
  polled = new Samples();
  hooked = new Samples();
  replies = 0;
  duplicates = 0;
  errors = 0;
  firstError: string | undefined;
  #stopped = false;
  #polls: Array<Promise<void>> = [];
  #hooks: Server | undefined;
  readonly #seen = new Set<string>();

  constructor(
    private readonly nodes: Node[],
    private readonly world: World,
  ) {}

  nodeOf(bot: number): Node {
    return this.nodes[bot % this.nodes.length]!;
  }

  async start(): Promise<void> {
    this.#hooks = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        response.writeHead(200, { 'content-length': 0 });
        response.end();
        const bot = Number(request.url!.split('/').pop());
        void this.#answer(bot, JSON.parse(Buffer.concat(chunks).toString('utf8')) as Update);
      });
    });
    this.#hooks.keepAliveTimeout = 600_000;
    await new Promise<void>((resolve) => this.#hooks!.listen(0, '127.0.0.1', resolve));
    const { port } = this.#hooks.address() as AddressInfo;
    for (const [i, bot] of this.world.bots.entries()) {
      if (i % 2 === 1)
        await call(this.nodeOf(i), `/bot${bot.token}/setWebhook`, {
          url: `http://127.0.0.1:${port}/hook/${i}`,
        });
      else this.#polls.push(this.#poll(i));
    }
  }

  async #poll(bot: number): Promise<void> {
    const { token } = this.world.bots[bot]!;
    let offset = 0;
    while (!this.#stopped) {
      try {
        const updates = await call<Update[]>(this.nodeOf(bot), `/bot${token}/getUpdates`, {
          offset,
          timeout: 2,
        });
        if (updates.length > 0) offset = updates[updates.length - 1]!.update_id + 1;
        for (const update of updates) void this.#answer(bot, update);
      } catch (error) {
        if (!this.#stopped) this.#fail(error);
      }
    }
  }

  async #answer(bot: number, update: Update): Promise<void> {
    const message = update.message;
    if (!message?.text || message.chat.type !== 'private') return;
    try {
      await call(this.nodeOf(bot), `/bot${this.world.bots[bot]!.token}/sendMessage`, {
        chat_id: message.chat.id,
        text: message.text,
      });
    } catch (error) {
      this.#fail(error);
      return;
    }
    const sent = this.pending.get(message.text);
    if (sent === undefined && this.late.delete(message.text)) {
      this.#seen.add(message.text);
      return;
    }
    if (sent === undefined) {
      if (this.#seen.has(message.text)) this.duplicates += 1;
      return;
    }
    this.pending.delete(message.text);
    this.waiters.get(message.text)?.();
    this.waiters.delete(message.text);
    this.#seen.add(message.text);
    this.replies += 1;
    this.latencies.at(-1)!.add(performance.now() - sent);
    (bot % 2 === 0 ? this.polled : this.hooked).add(performance.now() - sent);
  }

  #fail(error: unknown): void {
    this.errors += 1;
    this.firstError ??= String(error);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    await Promise.all(this.#polls);
    this.#hooks?.closeAllConnections();
    await new Promise((resolve) => this.#hooks?.close(resolve));
  }
}

interface Step {
  rate: number;
  sent: number;
  replied: number;
  lost: number;
  p50: number;
  p99: number;
  cpuMsPerMessage: number;
  /** The database's backends' CPU for the target's nodes, per message (PostgreSQL only). */
  dbCpuMsPerMessage: number;
  statements?: Record<string, number>;
  held: boolean;
}

function readCounts(nodes: Node[]): Promise<Record<string, number> | undefined> {
  const counted = nodes.filter((node) => node.countFile);
  if (counted.length === 0) return Promise.resolve(undefined);
  for (const node of counted) {
    rmSync(node.countFile!, { force: true });
    process.kill(node.child.pid, 'SIGUSR2');
  }
  const deadline = Date.now() + 5000;
  return new Promise((resolve) => {
    const check = () => {
      if (counted.every((node) => existsSync(node.countFile!))) {
        const total: Record<string, number> = {};
        for (const node of counted) {
          for (const [key, n] of Object.entries(
            JSON.parse(readFileSync(node.countFile!, 'utf8')) as Record<string, number>,
          ))
            total[key] = (total[key] ?? 0) + n;
        }
        resolve(total);
      } else if (Date.now() > deadline) resolve(undefined);
      else setTimeout(check, 20);
    };
    check();
  });
}

/** Person messages at `rate` a second (Poisson arrivals) for STEP_MS; then their replies. */
async function step(nodes: Node[], world: World, bots: EchoBots, rate: number, n: number): Promise<Step> {
  const samples = new Samples();
  bots.latencies.push(samples);
  await readCounts(nodes);
  const cpuBefore = nodes.map((node) => processCpuSeconds(node.child.pid));
  const dbBefore = await backendCpu();
  const started = performance.now();
  let due = started;
  let sent = 0;
  let sendErrors = 0;
  const sends: Array<Promise<void>> = [];
  while (performance.now() - started < STEP_MS) {
    const now = performance.now();
    while (due <= now) {
      const person = Math.floor(Math.random() * PEOPLE);
      const text = `m${n}.${sent}`;
      // People reach the nodes as a balancer spreads them, whatever bot they write to: with two
      // nodes, half of a bot's people come through the other node than its polls and replies.
      const node = nodes[Math.floor(person / BOTS) % nodes.length]!;
      bots.pending.set(text, performance.now());
      sent += 1;
      sends.push(
        call(
          node,
          '/control/messages',
          {
            from: world.phones[person],
            chat: `@${world.bots[person % BOTS]!.username}`,
            text,
          },
          true,
        ).then(
          () => undefined,
          (error: unknown) => {
            sendErrors += 1;
            bots.pending.delete(text);
            if (sendErrors === 1) log(`    send failed: ${String(error)}`);
          },
        ),
      );
      due += -Math.log(1 - Math.random()) * (1000 / rate);
    }
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  await Promise.all(sends);
  const drainDeadline = performance.now() + DRAIN_MS;
  while (bots.pending.size > 0 && performance.now() < drainDeadline)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const lost = bots.pending.size + sendErrors;
  bots.pending.clear();
  const cpu = nodes.reduce((sum, node, i) => sum + processCpuSeconds(node.child.pid) - cpuBefore[i]!, 0);
  const dbCpu = await backendCpuSince(dbBefore);
  const summary = samples.summary();
  const [polled, hooked] = [bots.polled.summary(), bots.hooked.summary()];
  log(
    `    p50/p99 polling ${polled.p50.toFixed(1)}/${polled.p99.toFixed(1)}, webhooks ${hooked.p50.toFixed(1)}/${hooked.p99.toFixed(1)}`,
  );
  bots.polled = new Samples();
  bots.hooked = new Samples();
  const statements = await readCounts(nodes);
  const replied = summary.samples;
  return {
    rate,
    sent,
    replied,
    lost,
    p50: summary.p50,
    p99: summary.p99,
    cpuMsPerMessage: replied > 0 ? (1000 * cpu) / replied : Number.NaN,
    dbCpuMsPerMessage: replied > 0 ? (1000 * dbCpu) / replied : Number.NaN,
    statements,
    held: lost === 0 && summary.p99 <= P99_LIMIT_MS && sent > 0,
  };
}

/**
 * `width` people at a time, each sending its next message once the bot's reply to the last one is
 * stored, for twice a step: the most person messages a second the target carries, whatever the
 * latency (a knee needs a quiet machine; this holds up on a busy one).
 */
async function closedLoop(nodes: Node[], world: World, bots: EchoBots, width: number): Promise<Step> {
  const samples = new Samples();
  bots.latencies.push(samples);
  await readCounts(nodes);
  const cpuBefore = nodes.map((node) => processCpuSeconds(node.child.pid));
  const dbBefore = await backendCpu();
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: width }, async (_, w) => {
      while (performance.now() - started < 2 * STEP_MS) {
        // Each worker writes as its own people (no two workers share one), to its bot.
        const person = w + width * Math.floor(Math.random() * Math.floor(PEOPLE / width));
        const text = `c${w}.${sent++}`;
        const replied = new Promise<boolean>((resolve) => {
          bots.waiters.set(text, () => resolve(true));
          setTimeout(() => resolve(false), DRAIN_MS).unref();
        });
        bots.pending.set(text, performance.now());
        const node = nodes[Math.floor(person / BOTS) % nodes.length]!;
        await call(
          node,
          '/control/messages',
          { from: world.phones[person], chat: `@${world.bots[person % BOTS]!.username}`, text },
          true,
        ).catch(() => undefined);
        if (!(await replied)) {
          bots.pending.delete(text);
          bots.waiters.delete(text);
          bots.late.add(text);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const drained = performance.now() + DRAIN_MS;
  while (bots.late.size > 0 && performance.now() < drained) await new Promise((r) => setTimeout(r, 10));
  const lost = bots.late.size;
  bots.late.clear();
  const cpu = nodes.reduce((sum, node, i) => sum + processCpuSeconds(node.child.pid) - cpuBefore[i]!, 0);
  const dbCpu = await backendCpuSince(dbBefore);
  const summary = samples.summary();
  return {
    rate: summary.samples / seconds,
    sent,
    replied: summary.samples,
    lost,
    p50: summary.p50,
    p99: summary.p99,
    cpuMsPerMessage: summary.samples > 0 ? (1000 * cpu) / summary.samples : Number.NaN,
    dbCpuMsPerMessage: summary.samples > 0 ? (1000 * dbCpu) / summary.samples : Number.NaN,
    statements: await readCounts(nodes),
    held: lost === 0,
  };
}

function dbCpu(step: Step): string {
  return measuredApplication() ? `, database CPU ${step.dbCpuMsPerMessage.toFixed(2)} ms/msg` : '';
}

function perMessage(statements: Record<string, number> | undefined, messages: number): string {
  if (!statements || messages === 0) return '';
  let all = 0;
  let begins = 0;
  let writer = 0;
  let rollbacks = 0;
  for (const [key, n] of Object.entries(statements)) {
    all += n;
    if (key.startsWith('W')) writer += n;
    if (/^\w BEGIN/.test(key)) begins += n;
    // A write connection's ROLLBACK: a batch (or a write) that failed or met a conflict, run again.
    if (key === 'W ROLLBACK') rollbacks += n;
  }
  return ` | ${(all / messages).toFixed(1)} statements/msg (${(writer / messages).toFixed(1)} on the write connection), ${(begins / messages).toFixed(2)} BEGIN/msg, ${(rollbacks / messages).toFixed(3)} rollbacks/msg`;
}

async function runTarget(
  name: string,
): Promise<{ knee: number; closed: number; steps: Step[]; creation: Record<string, number> }> {
  const pg = name !== 'sqlite';
  const schema = `pgw_${randomBytes(4).toString('hex')}`;
  const files = mkdtempSync(path.join(tmpDir, `${name}-`));
  const data = pg
    ? `${TEST_POSTGRES_URL}${TEST_POSTGRES_URL.includes('?') ? '&' : '?'}schema=${schema}&application_name=${schema}`
    : path.join(files, 'data');
  setMeasuredApplication(pg ? schema : undefined);
  const nodes: Node[] = [];
  let bots: EchoBots | undefined;
  try {
    nodes.push(await startNode(data, path.join(files, 'files'), pg, true));
    if (name === 'pg2') nodes.push(await startNode(data, path.join(files, 'files'), pg, false));
    const world = await createWorld(nodes, name);
    log(
      `  world: ${Object.entries(world.creation)
        .map(([k, v]) => `${v.toFixed(k.includes('CPU') ? 2 : 0)} ${k}`)
        .join(', ')}`,
    );
    if (values['world-only']) return { knee: 0, closed: 0, steps: [], creation: world.creation };
    bots = new EchoBots(nodes, world);
    await bots.start();
    // The /start updates of the world's creation, answered before the load.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const steps: Step[] = [];
    let rate = START_RATE;
    for (let n = 0; ; n++) {
      const result = await step(nodes, world, bots, rate, n);
      steps.push(result);
      log(
        `  ${String(rate).padStart(5)}/s: ${result.replied}/${result.sent} replied, p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, lost ${result.lost}, node CPU ${result.cpuMsPerMessage.toFixed(2)} ms/msg${dbCpu(result)}${perMessage(result.statements, result.replied)}${result.held ? '' : '  <- over'}`,
      );
      if (!result.held || rate >= 5000) break;
      rate = Math.round(rate * 1.5);
    }
    const loop = await closedLoop(nodes, world, bots, CLOSED_WIDTH);
    log(
      `  closed loop, ${CLOSED_WIDTH} people at a time: ${loop.rate.toFixed(0)} messages/s, p50 ${loop.p50.toFixed(1)} ms, p99 ${loop.p99.toFixed(1)} ms, lost ${loop.lost}, node CPU ${loop.cpuMsPerMessage.toFixed(2)} ms/msg${dbCpu(loop)}${perMessage(loop.statements, loop.replied)}`,
    );
    if (bots.duplicates > 0 || bots.errors > 0)
      log(`  duplicated replies: ${bots.duplicates}; bot call errors: ${bots.errors} (${bots.firstError})`);
    const held = steps.filter((s) => s.held);
    const listed = loop.replied > 0 ? loop : (held.at(-1) ?? steps[0]);
    if (values.statements && listed) {
      const last = listed;
      const sorted = Object.entries(last.statements ?? {}).sort((a, b) => b[1] - a[1]);
      for (const [key, n] of sorted.slice(0, 40)) log(`    ${(n / last.replied).toFixed(3)}  ${key}`);
    }
    return { knee: held.at(-1)?.rate ?? 0, closed: loop.rate, steps, creation: world.creation };
  } finally {
    await bots?.stop().catch(() => undefined);
    for (const node of nodes) {
      await node.pool.close().catch(() => undefined);
      await node.child.stop();
    }
    if (pg) await dropSchema(schema).catch(() => undefined);
  }
}

try {
  log(
    `pg-write-path: ${BOTS} bots, ${PEOPLE} people, ${GROUPS} groups, steps of ${STEP_MS / 1000} s; ${pinning.note}`,
  );
  const targets = values.targets!.split(',');
  if (targets.some((t) => t !== 'sqlite')) {
    const missing = await probe();
    if (missing !== undefined) throw new Error(`no PostgreSQL at ${TEST_POSTGRES_URL}: ${missing}`);
  }
  const knees: Record<string, number> = {};
  const closed: Record<string, number> = {};
  const creations: Record<string, Record<string, number>> = {};
  for (const target of targets) {
    log(`${target}:`);
    const result = await runTarget(target);
    knees[target] = result.knee;
    closed[target] = result.closed;
    creations[target] = result.creation;
  }
  if (!values['world-only']) {
    log('knees (person messages/s with p99 <= 200 ms):');
    for (const [target, knee] of Object.entries(knees))
      log(
        `  ${target}: ${knee}${knees.sqlite && target !== 'sqlite' ? ` (${(knee / knees.sqlite).toFixed(2)} of SQLite)` : ''}`,
      );
    if (knees.pg1 && knees.pg2) log(`  two nodes / one: ${(knees.pg2 / knees.pg1).toFixed(2)}`);
    log(`closed loop (${CLOSED_WIDTH} people at a time), person messages/s:`);
    for (const [target, rate] of Object.entries(closed))
      log(
        `  ${target}: ${rate.toFixed(0)}${closed.sqlite && target !== 'sqlite' ? ` (${(rate / closed.sqlite).toFixed(2)} of SQLite)` : ''}`,
      );
    if (closed.pg1 && closed.pg2) log(`  two nodes / one: ${(closed.pg2 / closed.pg1).toFixed(2)}`);
  }
  const base = creations.sqlite;
  if (base)
    for (const target of targets.filter((t) => t !== 'sqlite'))
      log(
        `  world creation ${target} / SQLite: ${Object.keys(base)
          .filter((k) => base[k]! > 0 && creations[target]![k] !== undefined)
          .map((k) => `${k} ${(creations[target]![k]! / base[k]!).toFixed(2)}`)
          .join(', ')}`,
      );
} finally {
  await stopAll();
  rmSync(tmpDir, { recursive: true, force: true });
}
