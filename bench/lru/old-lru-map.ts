/** The LruMap of src/storage/lru-map.ts before issue 31's change (b87745e), kept for bench/lru/run.ts's comparison. */
const ROW_CACHE_CAPACITY = 200_000;

export class OldLruMap<K, V> {
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
