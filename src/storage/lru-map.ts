/**
 * A map that keeps at most `capacity` entries and, past it, drops one cold entry per new one (ADR
 * 0092, ADR 0107's addendum on the row caches' recency): the row caches of the adapters keep the
 * rows in use (the working set of a large world), and a full cache loses one cold row per new one,
 * instead of starting again empty and refilling from the database.
 *
 * Which entry is cold is decided as S3-FIFO does (Yang et al., SOSP 2023), without its ghost queue:
 * entries come in at the back of a small queue; a read only counts (up to 3) in the entry's slot,
 * and never touches the key's Map, so a read costs no delete and set (which, past 100,000 entries,
 * made V8 rehash the whole Map now and then: a stall of tens of ms). The eviction looks at the
 * front of the small queue while it holds a tenth of the entries or more: an entry read since it
 * came in moves to the main queue, one never read goes. Otherwise it looks at the front of the main
 * queue: an entry read since it was last looked at goes to the back with one read less, one not read
 * goes. So what was read recently stays, and a scan of keys read once passes through the small
 * queue without pushing out the entries in use, however long it is.
 *
 * Entries live in slots (parallel arrays); the queues are lists linked through the slots. The index
 * from key to slot is split in SHARDS Maps by key: a Map's table is rebuilt whole once deletes
 * and sets (an eviction is one of each) have used up its free cells, and a table a sixteenth the
 * size takes a sixteenth the time (about 45 ms of CPU for one Map of 500,000 keys on the bench).
 */

/** Row cache entries kept per kind by default: a 100,000-person world's users fit. */
export const ROW_CACHE_CAPACITY = 200_000;

const NONE = -1;
const MAX_READS = 3;
const SMALL = 0;
const MAIN = 1;
const SHARDS = 16;

/** The shard of a key: the low bits of a number; of a string, its length and last two characters. */
function shardOf(key: unknown): number {
  if (typeof key === 'number') return (key | 0) & (SHARDS - 1);
  if (typeof key !== 'string' || key.length === 0) return 0;
  const n = key.length;
  return (n * 7 + key.charCodeAt(n - 1) * 3 + (n > 1 ? key.charCodeAt(n - 2) * 5 : 0)) & (SHARDS - 1);
}

const newIndex = <K>() => Array.from({ length: SHARDS }, () => new Map<K, number>());

export class LruMap<K, V> {
  #index = newIndex<K>();
  #size = 0;
  #keys: (K | undefined)[] = [];
  #values: (V | undefined)[] = [];
  /** Reads since the entry came in or was last looked at by an eviction (at most MAX_READS). */
  #reads = new Uint8Array(0);
  /** SMALL or MAIN: the queue the slot is in. */
  #queue = new Uint8Array(0);
  /** The next slot towards the back of its queue, and the previous one towards its front. */
  #next = new Int32Array(0);
  #prev = new Int32Array(0);
  #free: number[] = [];
  /** Front (first to be looked at), back and length of each queue. */
  #front = [NONE, NONE];
  #back = [NONE, NONE];
  #length = [0, 0];

  constructor(readonly capacity: number = ROW_CACHE_CAPACITY) {
    if (!(capacity >= 1)) throw new Error('an LRU map needs room for one entry');
  }

  get size(): number {
    return this.#size;
  }

  /** The value, marked as used. */
  get(key: K): V | undefined {
    const slot = this.#index[shardOf(key)]!.get(key);
    if (slot === undefined) return undefined;
    if (this.#reads[slot]! < MAX_READS) this.#reads[slot]!++;
    return this.#values[slot];
  }

  /** The value, without marking it as used. */
  peek(key: K): V | undefined {
    const slot = this.#index[shardOf(key)]!.get(key);
    return slot === undefined ? undefined : this.#values[slot];
  }

  has(key: K): boolean {
    return this.#index[shardOf(key)]!.has(key);
  }

  /** Sets the value, marked as used; drops a cold entry (see above) when over capacity. */
  set(key: K, value: V): this {
    const shard = this.#index[shardOf(key)]!;
    const known = shard.get(key);
    if (known !== undefined) {
      this.#values[known] = value;
      if (this.#reads[known]! < MAX_READS) this.#reads[known]!++;
      return this;
    }
    if (this.#size >= this.capacity) this.#remove(this.#victim());
    const slot = this.#free.pop() ?? this.#keys.length;
    if (slot >= this.#reads.length) this.#grow();
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#reads[slot] = 0;
    shard.set(key, slot);
    this.#size++;
    this.#append(SMALL, slot);
    return this;
  }

  delete(key: K): boolean {
    const slot = this.#index[shardOf(key)]!.get(key);
    if (slot === undefined) return false;
    this.#remove(slot);
    return true;
  }

  clear(): void {
    this.#index = newIndex<K>();
    this.#size = 0;
    this.#keys = [];
    this.#values = [];
    this.#reads = new Uint8Array(0);
    this.#queue = new Uint8Array(0);
    this.#next = new Int32Array(0);
    this.#prev = new Int32Array(0);
    this.#free = [];
    this.#front = [NONE, NONE];
    this.#back = [NONE, NONE];
    this.#length = [0, 0];
  }

  /**
   * The key the next eviction drops, if any: the coldest entry. Finding it moves entries read
   * since they were last looked at, as an eviction does; deleting it is the caller's.
   */
  oldest(): K | undefined {
    const slot = this.#victim();
    return slot === NONE ? undefined : this.#keys[slot];
  }

  *keys(): IterableIterator<K> {
    for (const shard of this.#index) yield* shard.keys();
  }

  *values(): IterableIterator<V> {
    for (const shard of this.#index) for (const slot of shard.values()) yield this.#values[slot]!;
  }

  /** The slot eviction drops next (NONE when empty), moving on those read since last looked at. */
  #victim(): number {
    for (;;) {
      const smallFirst =
        this.#length[MAIN] === 0 || this.#length[SMALL]! * 10 >= Math.min(this.capacity, this.#size);
      const queue = smallFirst && this.#length[SMALL]! > 0 ? SMALL : MAIN;
      const slot = this.#front[queue]!;
      if (slot === NONE) return NONE;
      const reads = this.#reads[slot]!;
      if (reads === 0) return slot;
      this.#unlink(slot);
      // Out of the small queue with a clean count; round the main queue with one read less.
      this.#reads[slot] = queue === SMALL ? 0 : reads - 1;
      this.#append(MAIN, slot);
    }
  }

  /** Room for twice the slots (typed arrays: off the heap the collector walks, a byte or four each). */
  #grow(): void {
    const length = Math.max(16, this.#reads.length * 2);
    const widen = <T extends Uint8Array | Int32Array>(old: T, make: (n: number) => T): T => {
      const wider = make(length);
      wider.set(old);
      return wider;
    };
    this.#reads = widen(this.#reads, (n) => new Uint8Array(n));
    this.#queue = widen(this.#queue, (n) => new Uint8Array(n));
    this.#next = widen(this.#next, (n) => new Int32Array(n));
    this.#prev = widen(this.#prev, (n) => new Int32Array(n));
  }

  #remove(slot: number): void {
    if (slot === NONE) return;
    this.#unlink(slot);
    const key = this.#keys[slot]!;
    this.#index[shardOf(key)]!.delete(key);
    this.#size--;
    this.#keys[slot] = undefined;
    this.#values[slot] = undefined;
    this.#free.push(slot);
  }

  #append(queue: number, slot: number): void {
    const back = this.#back[queue]!;
    this.#queue[slot] = queue;
    this.#prev[slot] = back;
    this.#next[slot] = NONE;
    if (back === NONE) this.#front[queue] = slot;
    else this.#next[back] = slot;
    this.#back[queue] = slot;
    this.#length[queue]!++;
  }

  #unlink(slot: number): void {
    const queue = this.#queue[slot]!;
    const prev = this.#prev[slot]!;
    const next = this.#next[slot]!;
    if (prev === NONE) this.#front[queue] = next;
    else this.#next[prev] = next;
    if (next === NONE) this.#back[queue] = prev;
    else this.#prev[next] = prev;
    this.#length[queue]!--;
  }
}
