/**
 * A map that keeps at most `capacity` entries and, past it, drops the least recently used one (ADR
 * 0092): the row caches of the adapters keep the rows in use (the working set of a large world), and
 * a full cache loses one cold row per new one, instead of starting again empty and refilling from
 * the database.
 *
 * Recency is the order of the underlying Map (insertion order): a read moves its entry to the end by
 * deleting and setting it again. That costs a little, so it is done only once the map is more than
 * half full; below that nothing is dropped, and the order does not matter yet.
 */

/** Row cache entries kept per kind by default: a 100,000-person world's users fit. */
export const ROW_CACHE_CAPACITY = 200_000;

export class LruMap<K, V> {
  readonly #map = new Map<K, V>();

  constructor(readonly capacity: number = ROW_CACHE_CAPACITY) {
    if (!(capacity >= 1)) throw new Error('an LRU map needs room for one entry');
  }

  get size(): number {
    return this.#map.size;
  }

  /** The value, marked as used. */
  get(key: K): V | undefined {
    const value = this.#map.get(key);
    if (value !== undefined && this.#map.size > this.capacity >> 1) {
      this.#map.delete(key);
      this.#map.set(key, value);
    }
    return value;
  }

  /** The value, without marking it as used. */
  peek(key: K): V | undefined {
    return this.#map.get(key);
  }

  has(key: K): boolean {
    return this.#map.has(key);
  }

  /** Sets the value, marked as used; drops the least recently used entry when over capacity. */
  set(key: K, value: V): this {
    if (this.#map.has(key)) this.#map.delete(key);
    else if (this.#map.size >= this.capacity) {
      const oldest = this.#map.keys().next();
      if (!oldest.done) this.#map.delete(oldest.value);
    }
    this.#map.set(key, value);
    return this;
  }

  delete(key: K): boolean {
    return this.#map.delete(key);
  }

  clear(): void {
    this.#map.clear();
  }

  /** The least recently used key, if any. */
  oldest(): K | undefined {
    const first = this.#map.keys().next();
    return first.done ? undefined : first.value;
  }

  keys(): IterableIterator<K> {
    return this.#map.keys();
  }

  values(): IterableIterator<V> {
    return this.#map.values();
  }
}
