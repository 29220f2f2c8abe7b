/**
 * A string-keyed cache bounded in entries and in estimated bytes, for what metrics keep per reference
 * (tokens, indexes) between segments: references are scored against every system of a test set, so
 * work on them can be done once. When a new entry would pass either bound the cache is emptied and
 * starts over (no bookkeeping per hit, and a stream of unique references costs one clear per bound's
 * worth); an entry larger than the byte bound alone is never kept. The caller says what an entry is
 * estimated to hold. Hits never change a number, only skip work.
 */
export class BoundedCache<V> {
  readonly #map = new Map<string, V>();
  readonly #maxEntries: number;
  readonly #maxBytes: number;
  #bytes = 0;

  /**
   * @param maxEntries Most entries kept (0: none).
   * @param maxBytes Most estimated bytes kept (0: none).
   */
  constructor(maxEntries: number, maxBytes: number) {
    this.#maxEntries = maxBytes > 0 ? maxEntries : 0;
    this.#maxBytes = maxBytes;
  }

  /** False when either bound is 0: nothing is ever kept. */
  get enabled(): boolean {
    return this.#maxEntries !== 0;
  }

  /** The most entries kept (0 when the cache is off). */
  get maxEntries(): number {
    return this.#maxEntries;
  }

  /** The byte bound given. */
  get maxBytes(): number {
    return this.#maxBytes;
  }

  /** The value kept for `key`, if any. */
  get(key: string): V | undefined {
    return this.#map.get(key);
  }

  /** True when a value is kept for `key`. */
  has(key: string): boolean {
    return this.#map.has(key);
  }

  /**
   * Keeps `value` for `key`, estimated at `bytes`, emptying the cache first when either bound would be
   * passed. Returns false (and keeps nothing) when the cache is off or `bytes` alone passes the byte
   * bound. `key` must not be kept already (see {@link delete}).
   */
  set(key: string, value: V, bytes: number): boolean {
    if (this.#maxEntries === 0 || bytes > this.#maxBytes) return false;
    if (this.#map.size >= this.#maxEntries || this.#bytes + bytes > this.#maxBytes) this.clear();
    this.#map.set(key, value);
    this.#bytes += bytes;
    return true;
  }

  /** Forgets `key`, which was kept with the estimate `bytes`. */
  delete(key: string, bytes: number): void {
    if (this.#map.delete(key)) this.#bytes -= bytes;
  }

  /** Forgets every entry. */
  clear(): void {
    this.#map.clear();
    this.#bytes = 0;
  }

  /** Entries kept now. */
  get size(): number {
    return this.#map.size;
  }

  /** Estimated bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }
}
