/**
 * One schedule for many keys (every webhook bot of the process, ADR 0092): each key has at most one
 * due time (virtual ms), kept in a binary heap, and the whole queue holds one timer, for its earliest
 * time, and one subscription to the clock's advances. When the time comes (real time passing, or the
 * virtual clock moved past it) every key due by then is handed to `onDue`, earliest first, once.
 *
 * So an idle key costs a heap entry, not a timer, an abort controller and a clock subscription of its
 * own, and an advance of the clock costs O(keys due), not O(keys).
 *
 * Invariants: `#current` maps each scheduled key to its live entry; the heap may also hold entries
 * replaced or cancelled since (stale), which are skipped when they surface and swept out when they
 * outnumber the live ones. The timer, if armed, is for the earliest live time as of its arming.
 */
import type { Clock } from '../platform/core/clock.js';

interface Entry<K> {
  at: number;
  key: K;
}

/** setTimeout's longest delay; a later time is re-armed when it is reached. */
const MAX_DELAY = 2 ** 31 - 1;

export class DueQueue<K> {
  readonly #heap: Array<Entry<K>> = [];
  readonly #current = new Map<K, Entry<K>>();
  #timer: NodeJS.Timeout | undefined;
  /** Virtual ms the timer is armed for. */
  #timerAt = Infinity;
  #stopped = false;
  readonly #offAdvance: () => void;

  constructor(
    private readonly clock: Clock,
    private readonly onDue: (key: K) => void,
  ) {
    this.#offAdvance = clock.onAdvance(() => this.#fire());
  }

  /** Keys scheduled now. */
  get size(): number {
    return this.#current.size;
  }

  /** The time `key` is scheduled for, if it is. */
  dueAt(key: K): number | undefined {
    return this.#current.get(key)?.at;
  }

  /** Schedules `key` at `atMs` (virtual), replacing the time it had. */
  schedule(key: K, atMs: number): void {
    if (this.#stopped) return;
    const old = this.#current.get(key);
    if (old?.at === atMs) return;
    const entry: Entry<K> = { at: atMs, key };
    this.#current.set(key, entry);
    this.#push(entry);
    if (this.#heap.length > 64 && this.#heap.length > 2 * this.#current.size) this.#sweep();
    if (atMs < this.#timerAt) this.#arm();
  }

  /** Unschedules `key`. */
  cancel(key: K): void {
    this.#current.delete(key);
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#offAdvance();
    this.#current.clear();
    this.#heap.length = 0;
  }

  /** Hands out every key due now, then arms the timer for the next. */
  #fire(): void {
    if (this.#stopped) return;
    const now = this.clock.nowMs();
    const due: K[] = [];
    for (;;) {
      const head = this.#heap[0];
      if (head === undefined) break;
      if (this.#current.get(head.key) !== head) {
        this.#pop();
        continue;
      }
      if (head.at > now) break;
      this.#pop();
      this.#current.delete(head.key);
      due.push(head.key);
    }
    this.#arm();
    // Handed out after the queue is consistent: `onDue` may schedule its key again.
    for (const key of due) this.onDue(key);
  }

  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#timerAt = Infinity;
    while (this.#heap[0] !== undefined && this.#current.get(this.#heap[0].key) !== this.#heap[0]) this.#pop();
    const head = this.#heap[0];
    if (head === undefined || this.#stopped) return;
    this.#timerAt = head.at;
    const delay = Math.min(Math.max(0, head.at - this.clock.nowMs()), MAX_DELAY);
    this.#timer = setTimeout(() => this.#fire(), delay);
    this.#timer.unref();
  }

  /** Rebuilds the heap from the live entries. */
  #sweep(): void {
    const live = [...this.#current.values()];
    this.#heap.length = 0;
    for (const entry of live) this.#push(entry);
  }

  #push(entry: Entry<K>): void {
    const heap = this.#heap;
    heap.push(entry);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (heap[parent]!.at <= entry.at) break;
      heap[i] = heap[parent]!;
      i = parent;
    }
    heap[i] = entry;
  }

  #pop(): void {
    const heap = this.#heap;
    const last = heap.pop()!;
    if (heap.length === 0) return;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && heap[right]!.at < heap[left]!.at ? right : left;
      if (heap[child]!.at >= last.at) break;
      heap[i] = heap[child]!;
      i = child;
    }
    heap[i] = last;
  }
}
