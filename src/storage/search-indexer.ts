/**
 * When a store fills its message search index (ports/message-search.ts, ADR 0101), the same on both
 * adapters: each keeps a watermark per chat, the highest message id its index holds, and indexes
 * the messages above it in writes of their own, given as ranges (`IndexRanges`) to the adapter's
 * `index` function. This class only decides when and how much.
 *
 * - Storing a message only counts it (`noteStored`: a count per chat, in memory, and the time).
 * - **When quiet:** once `least` messages wait, one unref'd timer waits for `idleMs` without a
 *   message stored, then a chunk of about `chunk` messages is indexed; more chunks follow while the
 *   store stays quiet, paced (paced-work.ts: after a chunk that took `t` ms a pause of `4t`, at most
 *   50 ms), so that they take at most a fifth of the time however large the backlog (ADR 0107).
 * - **Under load:** past `mostBehind` messages waiting, a chunk for each chunk's worth stored (the
 *   pause after a chunk holds the next one back, which then goes at once).
 * - **Before a search** (`catchUp`): the chats it reads are brought up to their newest message, in
 *   chunks of at most `chunk` ids, each its own write, with a turn of the event loop between two
 *   (a timer, I/O, another store call run there); the search reads after the last.
 *
 * The counts live in memory only: a message noted and lost (a restart, a failed write) stays above
 * its chat's watermark until a search of its chat indexes it.
 */
import { PacedWork, realPause } from './paced-work.js';

/** The count key of the ephemeral messages (a store that indexes them); chat pks start at 1. */
export const EPHEMERAL = 0;

/**
 * What one write indexes: each chat with the most message ids above its watermark to take (null:
 * all), and how many ephemeral `seq`s above theirs (0: none; an adapter that indexes them apart
 * ignores it).
 */
export interface IndexRanges {
  chats: Array<[chatPk: number, most: number | null]>;
  ephemeral: number;
}

/** What a search has to index before it reads: each chat with its newest id above its watermark. */
export interface SearchBacklog {
  /** Each chat behind, with how many ids lie between its watermark and its newest message. */
  chats: Array<[chatPk: number, gap: number]>;
  /** The same for the ephemeral messages' `seq` (0: none behind). */
  ephemeral: number;
  /** Other work waits (SQLite: queued edits and deletions), which any write of the index does. */
  queued: boolean;
}

/** When and how much the background indexes (the stores' `searchIndex` option, for tests). */
export interface SearchIndexTiming {
  /** The store must have stored no message for this long (ms) before the background indexes. */
  idleMs: number;
  /** ...and at least this many messages must wait; fewer wait for the search that reads them. */
  least: number;
  /** The most messages a background write indexes, and the most ids a search's write takes. */
  chunk: number;
  /** Past this many messages waiting, a chunk is indexed for each chunk's worth stored, quiet or not. */
  mostBehind: number;
  /** The clock, in ms (default `performance.now`); background chunks are timed on it. */
  now: () => number;
  /** Waits `ms` between two background chunks (default `realPause`: a timer, setImmediate under 1 ms). */
  pause: (ms: number) => Promise<void>;
}

export const SEARCH_INDEX_IDLE_MS = 200;
export const SEARCH_INDEX_LEAST = 64;
export const SEARCH_INDEX_CHUNK = 4096;
export const SEARCH_INDEX_MOST_BEHIND = 262_144;

/**
 * A search's backlog cut into writes of at most `chunk` ids each: the chats in turn (a chat larger
 * than a chunk over several writes, each range relative to the watermark the write before left),
 * then the ephemeral messages. At least one write when anything waits.
 */
export function catchUpChunks(backlog: SearchBacklog, chunk: number): IndexRanges[] {
  const chunks: IndexRanges[] = [];
  let current: IndexRanges = { chats: [], ephemeral: 0 };
  let budget = chunk;
  const take = (gap: number, put: (n: number) => void) => {
    for (let left = gap; left > 0;) {
      if (budget === 0) {
        chunks.push(current);
        current = { chats: [], ephemeral: 0 };
        budget = chunk;
      }
      const n = Math.min(left, budget);
      put(n);
      left -= n;
      budget -= n;
    }
  };
  for (const [pk, gap] of backlog.chats) take(gap, (n) => current.chats.push([pk, n]));
  take(backlog.ephemeral, (n) => (current.ephemeral = n));
  if (current.chats.length > 0 || current.ephemeral > 0 || (chunks.length === 0 && backlog.queued))
    chunks.push(current);
  return chunks;
}

/** A turn of the event loop: what waits on a timer or I/O runs first. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export class SearchIndexer {
  /** Indexes the ranges in a write of its own; rejects if it rolled back. */
  readonly #index: (ranges: IndexRanges) => Promise<void>;
  readonly #t: SearchIndexTiming;
  /** The messages stored and not indexed, per chat (EPHEMERAL: the ephemeral messages), and in all. */
  readonly #pending = new Map<number, number>();
  #backlog = 0;
  /** Messages stored since the backlog passed `mostBehind` or the last chunk that load forced. */
  #overBound = 0;
  #lastStored = 0;
  #timer: NodeJS.Timeout | undefined;
  /** A background chunk is queued or running. */
  #running = false;
  #stopped = false;
  /** The background chunks' pace (not a search's catch-up, which a request waits for). */
  readonly #pace: PacedWork;

  constructor(index: (ranges: IndexRanges) => Promise<void>, timing: Partial<SearchIndexTiming> = {}) {
    this.#index = index;
    this.#t = {
      idleMs: SEARCH_INDEX_IDLE_MS,
      least: SEARCH_INDEX_LEAST,
      chunk: SEARCH_INDEX_CHUNK,
      mostBehind: SEARCH_INDEX_MOST_BEHIND,
      now: () => performance.now(),
      pause: realPause,
      ...timing,
    };
    this.#pace = new PacedWork({ now: this.#t.now, pause: this.#t.pause });
  }

  /** The store stored a message in `chatPk` (an ephemeral message: undefined). */
  noteStored(chatPk: number | undefined): void {
    const key = chatPk ?? EPHEMERAL;
    this.#pending.set(key, (this.#pending.get(key) ?? 0) + 1);
    this.#lastStored = this.#t.now();
    if (++this.#backlog > this.#t.mostBehind) this.#overBound++;
    if (this.#takeForced()) this.#indexChunk();
    else if (this.#timer === undefined && !this.#running && this.#backlog >= this.#t.least) {
      this.#arm(this.#t.idleMs);
    }
  }

  /**
   * Under load: a chunk is due for each chunk's worth stored past `mostBehind` (taken here; none
   * starts while one runs or pauses after it).
   */
  #takeForced(): boolean {
    if (this.#running || this.#backlog <= this.#t.mostBehind || this.#overBound < this.#t.chunk) return false;
    this.#overBound = 0;
    return true;
  }

  /** No more background writes: the timer cleared (a chunk already queued still runs). */
  stop(): void {
    this.#stopped = true;
    this.#pace.stop();
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /**
   * A search's catch-up: the backlog in chunks (`catchUpChunks`), one write each, a turn of the
   * event loop between two, so that a large backlog does not hold the process. It ends once every
   * chunk committed: the search then finds every message committed before the backlog was read.
   */
  async catchUp(backlog: SearchBacklog): Promise<void> {
    let first = true;
    for (const ranges of catchUpChunks(backlog, this.#t.chunk)) {
      if (!first) await nextTurn();
      first = false;
      const taken = ranges.chats.map(([pk, most]) => [pk, most ?? Infinity] as [number, number]);
      if (ranges.ephemeral > 0) taken.push([EPHEMERAL, ranges.ephemeral]);
      await this.#indexCounted(ranges, taken);
    }
  }

  /** Indexes `ranges`, its chats' counts dropped by what it takes (given back if it fails). */
  async #indexCounted(ranges: IndexRanges, most: Array<[number, number]>): Promise<void> {
    const taken = most.map(([pk, n]) => [pk, Math.min(n, this.#pending.get(pk) ?? 0)] as const);
    for (const [pk, n] of taken) this.#forget(pk, n);
    try {
      await this.#index(ranges);
    } catch (error) {
      for (const [pk, n] of taken) this.#note(pk, n);
      throw error;
    }
  }

  #arm(ms: number): void {
    this.#timer = setTimeout(() => this.#onTimer(), ms);
    this.#timer.unref();
  }

  /** Quiet since the last message stored for `idleMs`: a chunk; else wait for the rest of it. */
  #onTimer(): void {
    this.#timer = undefined;
    if (this.#stopped || this.#running || this.#backlog === 0) return;
    const quiet = this.#t.now() - this.#lastStored;
    if (quiet >= this.#t.idleMs) this.#indexChunk();
    else this.#arm(this.#t.idleMs - quiet);
  }

  /**
   * A write of its own indexes the first chats noted, up to `chunk` messages (the last chat taken
   * perhaps only in part); then, if the store is still quiet, the next chunk.
   */
  #indexChunk(): void {
    this.#running = true;
    const ranges: IndexRanges = { chats: [], ephemeral: 0 };
    const taken: Array<[number, number]> = [];
    let budget = this.#t.chunk;
    for (const [pk, count] of this.#pending) {
      if (budget <= 0) break;
      // Each range is capped at the budget left when its chat is taken: the last chat's at what it
      // takes, the others' with room for gaps in their ids (then to the newest message), and never
      // more than a chunk for a chat whose counts a restart lost.
      const n = Math.min(count, budget);
      if (pk === EPHEMERAL) ranges.ephemeral = budget;
      else ranges.chats.push([pk, budget]);
      budget -= n;
      taken.push([pk, n]);
    }
    this.#pace
      .timed(() => this.#indexCounted(ranges, taken))
      .then(
        () => this.#chunkDone(),
        // Rolled back (or the store closed): the messages wait for the next chunk or search.
        () => (this.#running = false),
      );
  }

  /**
   * After a chunk, while messages wait: a pause in proportion to the chunk's time (it still counts
   * as running, so no chunk starts meanwhile), then the next chunk if the store is still quiet.
   */
  #chunkDone(): void {
    if (this.#stopped || this.#backlog === 0) {
      this.#running = false;
      return;
    }
    void this.#pace.pause().then((goOn) => {
      this.#running = false;
      if (!goOn || this.#backlog === 0) return;
      if (this.#takeForced()) return this.#indexChunk();
      const quiet = this.#t.now() - this.#lastStored;
      if (quiet >= this.#t.idleMs) this.#indexChunk();
      else if (this.#backlog >= this.#t.least && this.#timer === undefined) this.#arm(this.#t.idleMs - quiet);
    });
  }

  #note(pk: number, n: number): void {
    if (n === 0) return;
    this.#pending.set(pk, (this.#pending.get(pk) ?? 0) + n);
    this.#backlog += n;
  }

  #forget(pk: number, n: number): void {
    if (n === 0) return;
    const left = (this.#pending.get(pk) ?? 0) - n;
    if (left > 0) this.#pending.set(pk, left);
    else this.#pending.delete(pk);
    this.#backlog -= n;
  }
}
