/**
 * Parley as a server under test: a child process (`parley start`) on a fresh temporary data folder with
 * the default durable SQLite storage, plus the setup every scenario needs (a user, a bot, their chat).
 */
import { mkdtempSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from './context.js';
import { startChild, type Child } from './processes.js';

export const ADMIN_TOKEN = 'bench-admin-token-0123456789';

/**
 * The few control API calls the setup needs (docs/control-api.md). The bench keeps its own small client
 * rather than the test kit's, so that it runs against another checkout (`--server head|PATH`) whatever
 * state the working tree's sources are in.
 */
export interface BenchControl {
  createUser(params: {
    phone_number: string;
    first_name?: string;
  }): Promise<{ id: number; phone_number: string }>;
  createBot(params: { username: string }): Promise<{ id: number; username: string; token: string }>;
  sendMessage(params: { from: string; chat: string; text: string }): Promise<{ message_id: number }>;
}

function benchControl(origin: string): BenchControl {
  const post = async <T>(path: string, body: object): Promise<T> => {
    const response = await fetch(`${origin}/control${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as {
      ok: boolean;
      result?: T;
      error?: string;
      description?: string;
    };
    if (!answer.ok)
      throw new Error(`POST /control${path}: ${response.status} ${answer.error} ${answer.description}`);
    return answer.result!;
  };
  return {
    createUser: (params) => post('/users', params),
    createBot: (params) => post('/bots', params),
    sendMessage: (params) => post('/messages', params),
  };
}

export interface ParleyServer {
  child: Child;
  /** e.g. `http://127.0.0.1:40123` */
  origin: string;
  dataDir: string;
  /** The SQLite file under the data folder. */
  dbFile: string;
  control: BenchControl;
  stop(): Promise<void>;
}

export function newDataDir(ctx: BenchContext, name: string): string {
  return mkdtempSync(path.join(ctx.tmpDir, `parley-${name}-`));
}

/**
 * Starts `parley start` on `dataDir` (or on `data`, a postgres:// location, with uploads in
 * `dataDir`), pinned to the servers' core unless `core` is 'any'; with --cpu-prof, every Parley
 * child writes a profile.
 */
export async function startParley(
  ctx: Pick<BenchContext, 'serverEntry' | 'pinning' | 'cpuProfDir' | 'log'>,
  {
    dataDir,
    data,
    core = 'server',
    env = {},
  }: { dataDir: string; data?: string; core?: 'server' | 'any'; env?: Record<string, string> },
): Promise<ParleyServer> {
  const nodeFlags = ctx.cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${ctx.cpuProfDir}`] : [];
  const child = await startChild({
    script: ctx.serverEntry,
    args: [
      'start',
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--data',
      data ?? dataDir,
      '--admin-token',
      ADMIN_TOKEN,
    ],
    nodeFlags,
    env: { PARLEY_LOG_LEVEL: 'warn', PARLEY_FILES: path.join(dataDir, 'files'), ...env },
    ready: /Control API: (http:\/\/\S+)\/control/,
    // 'any': not pinned, so that the scheduler may give it whichever core is free (a second node).
    pinning: core === 'server' ? ctx.pinning : { ...ctx.pinning, enabled: false },
  });
  const origin = child.ready;
  return {
    child,
    origin,
    dataDir,
    dbFile: path.join(dataDir, 'parley.sqlite'),
    control: benchControl(origin),
    async stop() {
      const code = await child.stop();
      if (code !== 0) ctx.log(`  Parley exited with ${code}:\n${child.output().slice(-2000)}`);
    },
  };
}

export interface BotChat {
  token: string;
  botId: number;
  botUsername: string;
  userId: number;
  userPhone: string;
}

let users = 0;

export function phoneNumber(): string {
  users += 1;
  return `+1555${String(users).padStart(7, '0')}`;
}

/** A user and a bot whose private chat exists (the user wrote `/start`), as a bot needs to write. */
export async function botWithChat(server: ParleyServer, name: string): Promise<BotChat> {
  const { control } = server;
  const userPhone = phoneNumber();
  const user = await control.createUser({ phone_number: userPhone, first_name: 'Bench' });
  const bot = await control.createBot({ username: `${name}_bot` });
  await control.sendMessage({ from: userPhone, chat: `@${bot.username}`, text: '/start' });
  return { token: bot.token, botId: bot.id, botUsername: bot.username, userId: user.id, userPhone };
}

/** A Bot API call for setup (not measured). Throws unless the answer is ok. */
export async function botCall(
  origin: string,
  token: string,
  method: string,
  params: Record<string, unknown> = {},
): Promise<unknown> {
  const response = await fetch(`${origin}/bot${token}/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  const body = (await response.json()) as { ok: boolean; result?: unknown; description?: string };
  if (!body.ok) throw new Error(`${method} failed: ${response.status} ${body.description}`);
  return body.result;
}

/** A ~300-byte sendMessage request body to `chatId` (the request size). */
export function sendMessageBody(chatId: number | string, i: number): string {
  const text = `Benchmark message ${String(i).padStart(8, '0')}: the quick brown fox jumps over the lazy dog, `;
  return JSON.stringify({
    chat_id: chatId,
    text: text + 'and then some more text to reach the size.'.repeat(4),
  });
}
