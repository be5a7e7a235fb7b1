/**
 * Child processes of the bench: the server under test (Parley, the echo, the peer) and the plain POST
 * loop run as children pinned to core 0; the bench process itself (load generator, receivers) moves to
 * core 1. Every child is started here and stopped by its own handle; `stopAll` ends what is left.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Pinning {
  enabled: boolean;
  serverCore: number;
  benchCore: number;
  note: string;
}

const SERVER_CORE = 0;
const BENCH_CORE = 1;

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Moves this process to the bench core when `taskset` exists and there are at least 2 cores. */
export function pinBenchProcess(): Pinning {
  const cores = os.cpus().length;
  const off = (note: string): Pinning => ({ enabled: false, serverCore: -1, benchCore: -1, note });
  if (cores < 2) return off(`not pinned: only ${cores} core`);
  if (!hasTaskset()) return off('not pinned: taskset is not installed');
  try {
    execFileSync('taskset', ['-cp', String(BENCH_CORE), String(process.pid)], { stdio: 'ignore' });
  } catch (error) {
    return off(`not pinned: taskset failed (${String(error)})`);
  }
  return {
    enabled: true,
    serverCore: SERVER_CORE,
    benchCore: BENCH_CORE,
    note: `pinned with taskset: servers on core ${SERVER_CORE}, load generator on core ${BENCH_CORE}`,
  };
}

export interface ChildOptions {
  /** A TypeScript entry (run through tsx) or a JavaScript file, relative to the repository root. */
  script: string;
  args?: string[];
  /** Node flags before the script (e.g. --cpu-prof). */
  nodeFlags?: string[];
  env?: NodeJS.ProcessEnv;
  /** The child is ready when its output matches; the first group is returned. */
  ready: RegExp;
  pinning: Pinning;
  readyTimeoutMs?: number;
}

export interface Child {
  pid: number;
  /** The first group of the ready pattern. */
  ready: string;
  output(): string;
  exited: Promise<number | null>;
  /** Sends SIGTERM (then SIGKILL after `graceMs`) and waits for the exit. */
  stop(graceMs?: number): Promise<number | null>;
}

const running = new Set<Child>();

export async function startChild(options: ChildOptions): Promise<Child> {
  const nodeArgs = [...(options.nodeFlags ?? [])];
  if (options.script.endsWith('.ts')) nodeArgs.push('--import', 'tsx');
  nodeArgs.push(options.script, ...(options.args ?? []));
  const [command, args] = options.pinning.enabled
    ? ['taskset', ['-c', String(options.pinning.serverCore), process.execPath, ...nodeArgs]]
    : [process.execPath, nodeArgs];
  const child: ChildProcess = spawn(command, args as string[], {
    cwd: ROOT,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  const ready = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.script} did not start:\n${output}`)),
      options.readyTimeoutMs ?? 30_000,
    );
    const check = () => {
      const match = options.ready.exec(output);
      if (match) {
        clearTimeout(timer);
        child.stdout!.off('data', check);
        child.stderr!.off('data', check);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${options.script} exited with ${code}:\n${output}`));
    });
  }).catch((error: unknown) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  });
  const handle: Child = {
    pid: child.pid!,
    ready,
    output: () => output,
    exited,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
        await exited;
        clearTimeout(timer);
      }
      running.delete(handle);
      return exited;
    },
  };
  running.add(handle);
  return handle;
}

/** Stops every child still running (on failure or interruption). */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => child.stop(5_000)));
}

/** Jiffies of all cores since boot, busy and in all (Linux /proc/stat; throws elsewhere). */
export function cpuTimes(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const fields = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  const total = fields.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

/** Share of all cores busy over `ms` (Linux /proc/stat), 0-100; NaN elsewhere. */
export async function machineBusyPct(ms = 1000): Promise<number> {
  try {
    const a = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, ms));
    const b = cpuTimes();
    return (100 * (b.busy - a.busy)) / (b.total - a.total || 1);
  } catch {
    return Number.NaN;
  }
}

/**
 * Waits (up to `maxMs`) until other processes leave the machine mostly idle, since this machine is
 * shared (builds and tests of other sessions). Returns the busy share last seen.
 */
export async function waitForQuiet(log: (m: string) => void, maxMs: number, threshold = 15): Promise<number> {
  const deadline = Date.now() + maxMs;
  let busy = await machineBusyPct();
  while (busy > threshold && Date.now() < deadline) {
    log(`  the machine is ${busy.toFixed(0)}% busy with other work; waiting for it to quiet down`);
    await new Promise((resolve) => setTimeout(resolve, 4000));
    busy = await machineBusyPct();
  }
  return busy;
}

/** Resident set size of a process in MiB, from /proc (Linux); undefined elsewhere. */
export function rssMiB(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Writes HEAD's `src` and package.json under `dir` (node_modules linked); returns its CLI entry. */
export function exportHead(dir: string): string {
  const target = path.join(dir, 'head');
  mkdirSync(target, { recursive: true });
  const archive = execFileSync('git', ['archive', '--format=tar', 'HEAD', 'src', 'package.json'], {
    cwd: ROOT,
    maxBuffer: 1 << 30,
  });
  execFileSync('tar', ['-x', '-C', target], { input: archive });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(target, 'node_modules'));
  return path.join(target, 'src', 'cli', 'main.ts');
}

export function gitCommit(): string {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head} (with uncommitted changes)` : head;
  } catch {
    return 'unknown';
  }
}
