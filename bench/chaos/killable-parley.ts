/**
 * One Parley server under trial: `parley start` as a child process on a data folder (real SQLite on
 * disk) and a loopback port, which a trial kills with SIGKILL and starts again on the same folder and
 * port, so that clients need not learn a new address.
 *
 * Lifetimes: the first start begins lifetime 1, each later start the next one. From `kill()` until
 * the next start has printed its ready line, `up()` waits; senders and consumers await it before
 * each request, so that a request failing because of the kill is followed by one to the new
 * lifetime, not by a busy loop of refused connections.
 */
import { performance } from 'node:perf_hooks';
import { ADMIN_TOKEN } from '../lib/parley.js';
import { startChild, type Child, type Pinning } from '../lib/processes.js';

export interface KillableParleyOptions {
  /** `dist/cli/main.js` or `src/cli/main.ts`, relative to the repository root. */
  entry: string;
  /** The data folder; `:memory:` for the control run (a store that keeps nothing across a kill). */
  data: string;
  pinning: Pinning;
}

export class KillableParley {
  /** 0 before the first start, then the number of starts so far. */
  lifetime = 0;
  /** performance.now() of the last SIGKILL; NaN before any. */
  killedAt = Number.NaN;
  /** Whether the server runs (started, and not killed or stopped since). */
  running = false;
  /** performance.now() at which each lifetime's process was spawned, in order. */
  readonly #spawnedAt: number[] = [];
  /** `http://127.0.0.1:<port>`: the first start picks a free port, later ones take the same. */
  origin = '';
  #child: Child | undefined;
  #up!: Promise<void>;
  #markUp!: () => void;
  #markFailed!: (error: unknown) => void;
  /** What the children of every lifetime printed, for a trial that fails. */
  #outputs: string[] = [];

  constructor(readonly options: KillableParleyOptions) {
    this.#down();
  }

  /** Resolves when the server runs (at once while it does); rejects when a restart failed. */
  up(): Promise<void> {
    return this.#up;
  }

  async start(): Promise<void> {
    const { entry, data, pinning } = this.options;
    const port = this.origin === '' ? '0' : new URL(this.origin).port;
    this.#spawnedAt.push(performance.now());
    try {
      this.#child = await startChild({
        script: entry,
        args: ['start', '--host', '127.0.0.1', '--port', port, '--data', data, '--admin-token', ADMIN_TOKEN],
        env: { PARLEY_LOG_LEVEL: 'warn' },
        ready: /Control API: (http:\/\/\S+)\/control/,
        pinning,
      });
    } catch (error) {
      // Whoever waits for this lifetime learns that it will not come.
      this.#markFailed(error);
      throw error;
    }
    this.origin = this.#child.ready;
    this.lifetime += 1;
    this.running = true;
    this.#markUp();
  }

  /**
   * The lifetime whose process may have done what was observed at `at` (performance.now()): the last
   * one spawned by then. A lifetime's process is spawned only after the previous one has exited, so
   * whatever arrives before the spawn comes from the previous one, even when it is read late.
   */
  lifetimeAt(at: number): number {
    let lifetime = 0;
    while (lifetime < this.#spawnedAt.length && this.#spawnedAt[lifetime]! <= at) lifetime += 1;
    return lifetime;
  }

  /** SIGKILL, and waits until the process is gone. Requests in flight fail from here on. */
  async kill(): Promise<void> {
    const child = this.#child!;
    this.#child = undefined;
    this.running = false;
    this.#down();
    this.killedAt = performance.now();
    process.kill(child.pid, 'SIGKILL');
    await child.exited;
    await child.stop();
    this.#outputs.push(child.output());
  }

  /** SIGTERM (graceful); answers the exit code, 0 when the server stopped cleanly. */
  async stop(): Promise<number | null> {
    const child = this.#child;
    if (!child) return null;
    this.#child = undefined;
    this.running = false;
    this.#down();
    const code = await child.stop(10_000);
    this.#outputs.push(child.output());
    return code;
  }

  /** What every lifetime printed so far, the running one's included; its last `maxChars`. */
  output(maxChars = 4000): string {
    return [...this.#outputs, this.#child?.output() ?? ''].join('\n--- restart ---\n').slice(-maxChars);
  }

  #down(): void {
    this.#up = new Promise((resolve, reject) => {
      this.#markUp = resolve;
      this.#markFailed = reject;
    });
    this.#up.catch(() => {});
  }
}
