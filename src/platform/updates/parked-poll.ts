/**
 * A long poll parked on this process (`UpdateQueue`'s `#park`), and the conflict that ends one.
 */
import type { AbortHook } from '../core/abort-hook.js';
import type { TurnSlices } from '../core/turn-slices.js';

export class PollConflict extends Error {
  constructor(readonly reason: 'other_poll' | 'set_webhook' | 'webhook_active') {
    super(reason);
  }
}

/** How a parked poll's wait ended (`#park`). */
export type PollEnd = 'woken' | 'timeout' | 'released';

/**
 * A parked long poll: one object, and one function (its abort listener), while it waits; no
 * closures per poll beyond them (a parked poll's heap is what 5,000 polls timing out together put
 * through the young generation, issue 31).
 */
export class ParkedPoll {
  /** The request went away (its abort hook): the poll answers with what the store holds. */
  readonly onAbort = (): void => this.end('released');
  #timer: ReturnType<typeof setTimeout> | undefined;
  #done = false;

  constructor(
    /** Unique per poll, so that the event a poll publishes when it parks does not end itself. */
    readonly id: string,
    readonly botId: number,
    private readonly parked: Map<number, ParkedPoll>,
    private readonly signal: AbortHook | undefined,
    private readonly resolve: (end: PollEnd) => void,
    private readonly reject: (error: PollConflict) => void,
  ) {}

  /** Parks: until `timeoutMs` passes (answered a slice per turn, `timedOut`), or it is ended. */
  start(timeoutMs: number, timedOut: TurnSlices): void {
    this.#timer = setTimeout(onPollTimeout, timeoutMs, timedOut, this);
    this.signal?.addEventListener('abort', this.onAbort);
    this.parked.set(this.botId, this);
  }

  /** Updates were queued for the bot (`woken`), its timeout passed, or it answers now (`released`). */
  end(how: PollEnd): void {
    if (this.#stop()) this.resolve(how);
  }

  /** Another getUpdates or a setWebhook ends it with a conflict. */
  terminate(reason: PollConflict['reason']): void {
    if (this.#stop()) this.reject(new PollConflict(reason));
  }

  #stop(): boolean {
    if (this.#done) return false;
    this.#done = true;
    clearTimeout(this.#timer);
    this.signal?.removeEventListener('abort', this.onAbort);
    if (this.parked.get(this.botId) === this) this.parked.delete(this.botId);
    return true;
  }
}

/** A parked poll's timer: its answer waits for a slice of the polls that timed out with it. */
function onPollTimeout(timedOut: TurnSlices, poll: ParkedPoll): void {
  timedOut.push(() => poll.end('timeout'));
}
