/**
 * The wakes of closed workspaces (ADR 0064): one timer per workspace whose background work (a webhook
 * retry, a gateway report or timer, a giveaway draw...) falls due while it is closed, which opens it
 * then, so that its own workers do the work. Real time (the host's `now`): a closed workspace's
 * virtual clock cannot move.
 */

/** Node's timers hold at most 2^31-1 ms (about 24.8 days); a later wake is re-armed on the way. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class WorkspaceWakes {
  readonly #timers = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly now: () => number,
    private readonly wake: (name: string) => void,
  ) {}

  /** Wakes `name` at `atMs` (real ms; now or at once if past), replacing an earlier wake. */
  schedule(name: string, atMs: number): void {
    this.cancel(name);
    const delay = Math.max(0, atMs - this.now());
    const timer = setTimeout(
      () => {
        this.#timers.delete(name);
        if (this.now() < atMs) this.schedule(name, atMs);
        else this.wake(name);
      },
      Math.min(delay, MAX_TIMER_MS),
    );
    // The server's listener keeps the process alive; a wake alone must not.
    timer.unref();
    this.#timers.set(name, timer);
  }

  cancel(name: string): void {
    clearTimeout(this.#timers.get(name));
    this.#timers.delete(name);
  }

  has(name: string): boolean {
    return this.#timers.has(name);
  }

  clear(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.#timers.clear();
  }
}
