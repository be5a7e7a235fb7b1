/** What every scenario is given, and what it gives back. */
import type { Pinning } from './processes.js';

export interface Timing {
  /** Warm-up before a target's first throughput window. */
  warmupMs: number;
  /** Warm-up before each later window (new connections). */
  roundWarmupMs: number;
  /** Side-by-side targets are measured in this many alternating rounds... */
  rounds: number;
  /** ...of this many ms each (so each target gets rounds x roundMs of load). */
  roundMs: number;
  /** Requests answered before latency samples count. */
  latencyWarmup: number;
  /** Latency samples at light load (one request at a time), over all rounds. */
  latencySamples: number;
}

export interface BenchContext {
  quick: boolean;
  timing: Timing;
  pinning: Pinning;
  /** A temporary folder of this run (removed at the end). */
  tmpDir: string;
  /** The Parley entry the children run: `src/cli/main.ts` (through tsx) or `dist/cli/main.js`. */
  serverEntry: string;
  /** When set, Parley children run with `--cpu-prof` writing here. */
  cpuProfDir: string | undefined;
  /** 50 keep-alive connections for throughput (the setting). */
  connections: number;
  /** Scenario 9's size: `quick` (the default) or `full` (`--population full`: the issue's worlds). */
  population: 'quick' | 'full';
  /** Scenario 9's runs to measure (`--worlds`): `small`, `large`, `pg1`, `pg2`; all by default. */
  worlds: ReadonlySet<string>;
  /**
   * Scenario 9's rates (`--rates`), in place of its size's: every one measured, past the knee too
   * (a step at a given rate, to look at what the nodes and the database do there).
   */
  rates?: number[];
  /** The metrics of the scenarios run so far in this run (scenario 5 sets the peer beside them). */
  metrics: Record<string, number>;
  log(message: string): void;
}

export interface Measured {
  /** Who answered: "Parley", "node:http echo", "telegram-test-api", ... */
  target: string;
  /** Requests (or deliveries) per second. */
  rps?: number;
  p50?: number;
  p99?: number;
  requests?: number;
  errors?: number;
  /** Resident memory, MiB. */
  rssMiB?: number;
}

export interface Row {
  what: string;
  measured: Measured;
  baseline?: Measured;
  /** measured / baseline of the compared figure (throughput, or latency where marked). */
  ratio?: number;
  /** What the ratio compares, e.g. "throughput" or "p50 latency". */
  ratioOf?: string;
  note?: string;
}

export interface ScenarioResult {
  id: number;
  title: string;
  status: 'ok' | 'not available' | 'failed';
  rows: Row[];
  notes: string[];
  /** Named figures the goals are computed from, e.g. `send.rps`. */
  metrics: Record<string, number>;
}

export interface Scenario {
  id: number;
  title: string;
  run(ctx: BenchContext): Promise<ScenarioResult>;
}
