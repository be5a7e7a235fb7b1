/**
 * Callbacks that come due together run a slice at a time, one slice per turn of the event loop
 * (issue 31). Timers of the same length set in the same moment fire in one tick: the long polls of
 * 5,000 bots that started together time out together, every timeout, and answering all of them in
 * that tick (each a read of its queue, an answer written, a new poll taken) held the event loop for
 * 300-400 ms, so that every person's message that came meanwhile waited as long. Pushed here, they
 * run `perTurn` at a time, each slice in its own turn (setImmediate), and what came in over the
 * network between two slices is served between them: the same work, spread over the turns.
 *
 * What each callback starts (its promises' continuations) runs after its slice, in the same turn, so
 * a slice's cost is its callbacks' and their continuations'. A callback pushed while a slice runs
 * waits for a later slice. Order is kept.
 */
export const PER_TURN = 32;

export class TurnSlices {
  #queue: Array<() => void> = [];
  #head = 0;
  #scheduled = false;

  constructor(
    private readonly perTurn = PER_TURN,
    /** Schedules the next slice; default: the next turn of the event loop. */
    private readonly nextTurn: (run: () => void) => void = (run) => void setImmediate(run),
  ) {
    if (!(perTurn >= 1)) throw new RangeError('perTurn must be at least 1');
  }

  /** How many callbacks wait for a slice. */
  get pending(): number {
    return this.#queue.length - this.#head;
  }

  push(callback: () => void): void {
    this.#queue.push(callback);
    if (!this.#scheduled) {
      this.#scheduled = true;
      this.nextTurn(this.#slice);
    }
  }

  readonly #slice = (): void => {
    const end = Math.min(this.#queue.length, this.#head + this.perTurn);
    try {
      while (this.#head < end) {
        const callback = this.#queue[this.#head]!;
        this.#queue[this.#head++] = undefined as never;
        callback();
      }
    } finally {
      if (this.#head < this.#queue.length) this.nextTurn(this.#slice);
      else {
        this.#queue = [];
        this.#head = 0;
        this.#scheduled = false;
      }
    }
  };
}
