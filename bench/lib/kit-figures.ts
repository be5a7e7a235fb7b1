/**
 * Scenario 8's child: the test author's figures, measured in one process as a test file lives, each
 * beside its baseline measured in the same process and run. Prints `ready`, then one JSON line
 * `{"figures": ...}` and exits.
 *
 * `--kit PATH` is the test kit's entry (dist/testkit/index.js, or src/testkit/index.ts through tsx);
 * `--rounds N` the samples of each figure. Figures (medians, ms; memory in MiB):
 * - `start` warm `createParley()` (a second server in a process that loaded the code), `peerStart`
 *   telegram-test-api's `new TelegramServer()` and `start()` in the same process, both timed (the
 *   constructor builds its express app: a test pays both; the free port is found before);
 * - `exchange` one echo exchange (a person sends, a grammY bot polling the server through the kit's
 *   `parley.fetch` answers, the kit's `waitForMessage` returns the answer), `peerExchange` the same through the peer's client
 *   (`client.sendMessage`, `server.waitBotMessage()`);
 * - `create`, `reset` a workspace's creation and reset, `bareWrite` a `BEGIN; INSERT; COMMIT` on the
 *   kit's storage (an in-memory SQLite of better-sqlite3);
 * - `idleServerMiB` the resident memory of the process with one idle server (after a GC),
 *   `thousandMiB` what 1,000 idle workspaces add to it, `workspaceMiB` each one's share, and
 *   `workspaceFds` file descriptors.
 */
import { readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { Bot } from 'grammy';
import peerModule from 'telegram-test-api';
import { freePort } from './free-port.js';
import type * as Testkit from '../../src/testkit/index.js';

const { values } = parseArgs({
  options: { kit: { type: 'string' }, rounds: { type: 'string', default: '30' } },
});
const rounds = Number(values.rounds);
const kitModule = (await import(pathToFileURL(values.kit!).href)) as typeof Testkit;
const { createParley } = kitModule;
const TelegramServer = peerModule as unknown as typeof peerModule.default;
process.stdout.write('ready\n');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function timed(run: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
async function settledRss(): Promise<number> {
  gc();
  await new Promise((resolve) => setTimeout(resolve, 100));
  gc();
  return process.memoryUsage().rss / 1048576;
}
const openFds = () => readdirSync('/proc/self/fd').length;

/**
 * An echo bot of grammY polling `apiRoot` (through `fetch` when given: the kit's in-process transport,
 * as docs/testing.md recommends); the bot's user is made elsewhere.
 */
function echoBot(token: string, apiRoot: string, id: number, fetch?: typeof globalThis.fetch): Bot {
  const bot = new Bot(token, {
    client: fetch ? { apiRoot, fetch } : { apiRoot },
    botInfo: {
      id,
      is_bot: true,
      first_name: 'Echo',
      username: 'echo_bot',
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
      can_connect_to_business: false,
      has_main_web_app: false,
      has_topics_enabled: false,
      allows_users_to_create_topics: false,
      can_manage_bots: false,
      supports_join_request_queries: false,
    },
  });
  bot.on('message:text', (ctx) => ctx.reply(`echo: ${ctx.message.text}`));
  return bot;
}

const figures: Record<string, number> = {};
const samples: Record<string, number[]> = {};
const add = (name: string, ms: number) => (samples[name] ??= []).push(ms);

// Warm starts, alternating with the peer's, after one of each has loaded the code.
await (await createParley()).close();
{
  const warmPeer = new TelegramServer({ port: await freePort(), host: '127.0.0.1', storage: 'RAM' });
  await warmPeer.start();
  await warmPeer.stop();
}
for (let i = 0; i < rounds; i++) {
  let parley: Testkit.Parley | undefined;
  add('start', await timed(async () => (parley = await createParley())));
  await parley!.close();
  // What a test pays for the peer: its construction (which builds its express app) and its start.
  const port = await freePort();
  let peer: InstanceType<typeof TelegramServer> | undefined;
  add(
    'peerStart',
    await timed(async () => {
      peer = new TelegramServer({ port, host: '127.0.0.1', storage: 'RAM' });
      await peer.start();
    }),
  );
  await peer!.stop();
}

// One echo exchange through grammY, on Parley, then on the peer: one bot at a time, as the peer's
// bot polls back to back (its getUpdates answers at once) and would take the event loop from the
// other's exchanges. Five exchanges of each warm up first.
const parley = await createParley();
const created = await parley.createBot({ username: 'echo_bot', first_name: 'Echo' });
const alice = await parley.createUser({ first_name: 'Alice' });
const bot = echoBot(created.token, parley.apiRoot, created.id, parley.fetch);
void bot.start();
for (let i = 0; i < rounds + 5; i++) {
  const text = `hi ${i}`;
  const ms = await timed(async () => {
    await alice.send('@echo_bot', text);
    const reply = await alice.waitForMessage('@echo_bot', { timeout: 5000 });
    if (reply.text !== `echo: ${text}`) throw new Error(`unexpected reply ${reply.text}`);
  });
  if (i >= 5) add('exchange', ms);
}
await bot.stop();
const peerToken = '123456789:kit-figures-peer-token';
const peer = new TelegramServer({ port: await freePort(), host: '127.0.0.1', storage: 'RAM' });
await peer.start();
const peerBot = echoBot(peerToken, peer.config.apiURL, 123456789);
void peerBot.start();
const client = peer.getClient(peerToken, { timeout: 5000 });
for (let i = 0; i < rounds + 5; i++) {
  const text = `hi ${i}`;
  const ms = await timed(async () => {
    const replied = peer.waitBotMessage();
    await client.sendMessage(client.makeMessage(text));
    await replied;
    const last = peer.storage.botMessages.at(-1);
    if (last?.message.text !== `echo: ${text}`)
      throw new Error(`unexpected peer reply ${last?.message.text}`);
  });
  if (i >= 5) add('peerExchange', ms);
}
await peerBot.stop();
await peer.stop();

// Workspaces: create and reset, beside a bare write on the same kind of storage.
const db = new Database(':memory:');
db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
const begin = db.prepare('BEGIN');
const insert = db.prepare('INSERT INTO t (v) VALUES (?)');
const commit = db.prepare('COMMIT');
for (let i = 0; i < rounds + 5; i++) {
  const worldMs = await timed(async () => {
    const world = await parley.createWorkspace();
    const resetMs = await timed(() => parley.control.resetWorkspace(world.workspace));
    if (i >= 5) add('reset', resetMs);
    await world.close();
  });
  void worldMs;
  const t0 = performance.now();
  begin.run();
  insert.run(`row ${i}`);
  commit.run();
  if (i >= 5) add('bareWrite', performance.now() - t0);
}
for (let i = 0; i < rounds; i++) {
  let world: Awaited<ReturnType<Testkit.Parley['createWorkspace']>> | undefined;
  add('create', await timed(async () => (world = await parley.createWorkspace())));
  await world!.close();
}
db.close();

// Memory: one idle server, then 1,000 idle workspaces on it (each used once, so that it is open):
// issue 28's "1,000 workspaces on one server cost under 500 MB in all".
const IDLE = 1000;
figures.idleServerMiB = await settledRss();
const fds0 = openFds();
const worlds = [];
for (let i = 0; i < IDLE; i++) {
  const world = await parley.createWorkspace();
  await world.createUser({ first_name: 'Idle' });
  worlds.push(world);
}
figures.thousandMiB = (await settledRss()) - figures.idleServerMiB;
figures.workspaceMiB = figures.thousandMiB / IDLE;
figures.workspaceFds = (openFds() - fds0) / IDLE;
for (const world of worlds) await world.close();
await parley.close();

for (const [name, values] of Object.entries(samples)) figures[name] = median(values);
process.stdout.write(`${JSON.stringify({ figures })}\n`);
process.exit(0);
