/** What every trial is given, and what it gives back. */
import type { Pinning } from '../lib/processes.js';
import type { TallyCounts } from './delivery-tally.js';
import type { SeededRandom } from './seeded-random.js';

export type Mode = 'polling' | 'webhook' | 'gateway';

export interface TrialContext {
  mode: Mode;
  /** 1-based. */
  trial: number;
  seed: number;
  random: SeededRandom;
  /** The Parley entry the children run, relative to the repository root. */
  entry: string;
  pinning: Pinning;
  /** A temporary folder of this run (removed at the end); trials make their data folders in it. */
  tmpDir: string;
  /** Sends (messages, or verification requests) per trial. */
  sends: number;
  /** Senders in flight at once. */
  concurrency: number;
  /** The control run: servers on `:memory:`, which keep nothing across a kill, so trials must fail. */
  memory: boolean;
  /** How long a trial may wait, after its burst, for every acknowledged send to arrive. */
  settleMs: number;
}

export interface GatewayCounts {
  /** Charged calls answered 2xx (sendVerificationMessage without request_id, checkSendAbility). */
  acknowledged: number;
  /** Charges in the ledger after the restart. */
  charges: number;
  /** Acknowledged charged requests without a charge in the ledger, or unknown after the restart. */
  lost: number;
  /** Request ids with more than one charge. */
  chargedTwice: number;
  /** Charges of requests whose call got no answer (in flight at the kill): allowed. */
  chargedUnanswered: number;
  /** Whether balance == initial - charges + refunds, the ledger's running balance agrees, and >= 0. */
  balanceOk: boolean;
}

export interface TrialResult {
  mode: Mode;
  trial: number;
  seed: number;
  /** Acknowledged sends when the kill came, of `sends`. */
  ackedAtKill: number;
  downtimeMs: number;
  messages?: TallyCounts;
  gateway?: GatewayCounts;
  /**
   * What the trial saw worth a line: defects, anomalies (errors while the server ran), and facts
   * that explain a count.
   */
  notes: string[];
  /** True when the trial found a defect or could not run. */
  failed: boolean;
  seconds: number;
}
