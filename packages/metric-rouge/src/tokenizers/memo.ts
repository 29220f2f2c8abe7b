/**
 * A bounded string-to-string memo. When it holds `capacity` entries it is emptied and starts over:
 * no bookkeeping per hit, constant memory, and on real text the frequent words come back at once.
 */
export class BoundedCache {
  private readonly map = new Map<string, string>();

  constructor(readonly capacity: number) {}

  /** The cached value for `key`, or undefined. */
  get(key: string): string | undefined {
    return this.map.get(key);
  }

  /** Stores `value` under `key`, emptying the cache first when it is full. */
  set(key: string, value: string): void {
    if (this.map.size >= this.capacity) this.map.clear();
    this.map.set(key, value);
  }

  /** Number of entries held. */
  get size(): number {
    return this.map.size;
  }

  /** Removes every entry. */
  clear(): void {
    this.map.clear();
  }
}

/** Default number of words a stem cache holds. */
export const DEFAULT_CACHE_SIZE = 100_000;

/**
 * Validates a cache size option: a non-negative integer (0 turns caching off).
 * Returns the size, or throws the error `fail` builds.
 */
export function checkCacheSize(value: unknown, fail: (message: string) => Error): number {
  if (value === undefined) return DEFAULT_CACHE_SIZE;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw fail(`cacheSize must be a non-negative integer (0 disables the cache), but got ${String(value)}.`);
  }
  return value;
}
