/**
 * Bots written with python-telegram-bot 13 (Debian's python3-python-telegram-bot), run as child
 * processes against a test server.
 *
 * Where the package is missing their tests are skipped, except when PARLEY_REQUIRE_PTB=1 (set by
 * .ci/run, which installs it): then its absence fails. `describeWithPtb` gives every file that
 * drives such bots that same rule.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitFor } from './wait-for.js';

export const PYTHON = '/usr/bin/python3';
const available = spawnSync(PYTHON, ['-c', 'import telegram.ext'], { stdio: 'ignore' }).status === 0;
const required = process.env.PARLEY_REQUIRE_PTB === '1';

/** The bot scripts live in test/python/. */
export function pythonScript(name: string): string {
  return fileURLToPath(new URL(`../python/${name}`, import.meta.url));
}

/**
 * Declares a check that fails when the package is required but missing, and `body` under `name`,
 * skipped when the package is missing.
 */
export function describeWithPtb(name: string, body: () => void): void {
  it('python-telegram-bot is installed where it is required', () => {
    if (required) expect(available, `${PYTHON} cannot import telegram.ext`).toBe(true);
  });
  describe.skipIf(!available)(name, body);
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export interface PythonBot {
  child: ChildProcess;
  /** stdout and stderr as they came, for messages of failed waits. */
  output(): string;
  stderr(): string;
  /** Sends SIGTERM and waits for the exit (SIGKILL after `timeoutMs`, which then throws). */
  stop(timeoutMs?: number): Promise<void>;
}

export interface StartOptions {
  args?: string[];
  env?: Record<string, string>;
}

/** Starts `test/python/<script>` and waits until it prints READY (its updates can flow). */
export async function startPythonBot(script: string, options: StartOptions = {}): Promise<PythonBot> {
  const env: NodeJS.ProcessEnv = { ...process.env, PYTHONDONTWRITEBYTECODE: '1', ...options.env };
  // python-telegram-bot 13 sends every request through HTTPS_PROXY when it is set, loopback included.
  for (const name of ['HTTPS_PROXY', 'https_proxy']) delete env[name];
  const child = spawn(PYTHON, [pythonScript(script), ...(options.args ?? [])], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => {
    output += String(chunk);
    stderr += String(chunk);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running = () => child.exitCode === null && child.signalCode === null;
  const bot: PythonBot = {
    child,
    output: () => output,
    stderr: () => stderr,
    async stop(timeoutMs = 10_000) {
      if (!running()) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
      const outcome = await Promise.race([exited, late]);
      clearTimeout(timer);
      if (outcome === 'late') {
        child.kill('SIGKILL');
        await exited;
        throw new Error(`${script} did not stop within ${timeoutMs} ms of SIGTERM:\n${output}`);
      }
    },
  };
  try {
    await waitFor(
      () => {
        if (!running()) throw new Error(`${script} exited before it was ready`);
        return output.includes('READY');
      },
      { what: `${script} to start`, timeoutMs: 20_000 },
    );
  } catch (error) {
    await bot.stop().catch(() => {});
    throw new Error(`${(error as Error).message}:\n${output}`, { cause: error });
  }
  return bot;
}

/** Fails with the bot's output when it printed a Python traceback (a handler or the library failed). */
export function expectNoTraceback(bot: PythonBot): void {
  expect(bot.stderr(), `the bot printed a traceback:\n${bot.output()}`).not.toContain('Traceback');
}
