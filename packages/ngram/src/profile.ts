/**
 * N-gram profiles for pairwise scoring: every n-gram of every string gets one integer id (shared by
 * all strings profiled with the same {@link NgramProfiler}), and each string becomes the sorted list
 * of its distinct n-gram ids with their counts, order by order. Comparing two profiles then touches
 * only integers.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";

/** The distinct n-grams of one token sequence, with counts, grouped by order. */
export interface NgramProfile {
  /** Number of tokens. */
  readonly length: number;
  /** Distinct n-gram ids, ascending within each order. */
  readonly ids: Int32Array;
  /** `counts[k]`: occurrences of `ids[k]`. */
  readonly counts: Int32Array;
  /** Order `n`'s entries are `[start[n − 1], start[n])` (length `maxOrder + 1`). */
  readonly start: Int32Array;
}

const EMPTY = -1;

/**
 * Interns n-grams of token sequences as dense ids `0, 1, 2, …` (an n-gram is keyed by the id of its
 * (n−1)-prefix and its last token, in an open-addressing table) and builds {@link NgramProfile}s.
 */
export class NgramProfiler {
  readonly #maxOrder: number;
  #prefix = new Int32Array(1024);
  #token = new Int32Array(1024);
  #value = new Int32Array(1024).fill(EMPTY);
  #mask = 1023;
  #count = 0;
  #cur = new Int32Array(64);
  #tmp = new Int32Array(64);

  /** @param maxOrder Highest n-gram order profiled (1 or more). */
  constructor(maxOrder: number) {
    if (!Number.isInteger(maxOrder) || maxOrder < 1) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `The n-gram order of a profiler must be an integer of at least 1, but got ${maxOrder}.`);
    }
    this.#maxOrder = maxOrder;
  }

  /** Highest order profiled. */
  get maxOrder(): number {
    return this.#maxOrder;
  }

  /** Ids handed out so far: every id is below it (the size of an array indexed by id). */
  get size(): number {
    return this.#count;
  }

  /** The id of the n-gram made of the n-gram `prefix` (−1 for none) and `token` (a non-negative int32). */
  id(prefix: number, token: number): number {
    let h = (Math.imul(prefix, 0x9e3779b1) ^ Math.imul(token + 0x7f4a7c15, 0x85ebca6b)) & this.#mask;
    for (;;) {
      const v = this.#value[h]!;
      if (v === EMPTY) break;
      if (this.#prefix[h] === prefix && this.#token[h] === token) return v;
      h = (h + 1) & this.#mask;
    }
    const id = this.#count++;
    this.#prefix[h] = prefix;
    this.#token[h] = token;
    this.#value[h] = id;
    if (2 * this.#count > this.#mask) this.#grow();
    return id;
  }

  #grow(): void {
    const oldPrefix = this.#prefix;
    const oldToken = this.#token;
    const oldValue = this.#value;
    const size = 2 * oldValue.length;
    this.#prefix = new Int32Array(size);
    this.#token = new Int32Array(size);
    this.#value = new Int32Array(size).fill(EMPTY);
    this.#mask = size - 1;
    for (let s = 0; s < oldValue.length; s++) {
      const v = oldValue[s]!;
      if (v === EMPTY) continue;
      const p = oldPrefix[s]!;
      const t = oldToken[s]!;
      let h = (Math.imul(p, 0x9e3779b1) ^ Math.imul(t + 0x7f4a7c15, 0x85ebca6b)) & this.#mask;
      while (this.#value[h] !== EMPTY) h = (h + 1) & this.#mask;
      this.#prefix[h] = p;
      this.#token[h] = t;
      this.#value[h] = v;
    }
  }

  /** The profile of `tokens[0 … length)` (orders 1 … `maxOrder`), interning its n-grams. */
  profile(tokens: ArrayLike<number>, length: number = tokens.length): NgramProfile {
    const maxOrder = this.#maxOrder;
    if (this.#cur.length < length) {
      this.#cur = new Int32Array(2 * length);
      this.#tmp = new Int32Array(2 * length);
    }
    const cur = this.#cur;
    const tmp = this.#tmp;
    let entries = 0;
    for (let n = 1; n <= maxOrder && length - n + 1 > 0; n++) entries += length - n + 1;
    const ids = new Int32Array(entries);
    const counts = new Int32Array(entries);
    const start = new Int32Array(maxOrder + 1);
    let at = 0;
    for (let n = 1; n <= maxOrder; n++) {
      start[n - 1] = at;
      const m = length - n + 1;
      if (m <= 0) continue;
      for (let i = 0; i < m; i++) cur[i] = this.id(n === 1 ? -1 : cur[i]!, tokens[i + n - 1]!);
      tmp.set(cur.subarray(0, m));
      const sorted = tmp.subarray(0, m).sort();
      let prev = sorted[0]!;
      let c = 1;
      for (let i = 1; i < m; i++) {
        const x = sorted[i]!;
        if (x === prev) c++;
        else {
          ids[at] = prev;
          counts[at++] = c;
          prev = x;
          c = 1;
        }
      }
      ids[at] = prev;
      counts[at++] = c;
    }
    start[maxOrder] = at;
    return { length, ids: ids.subarray(0, at), counts: counts.subarray(0, at), start };
  }
}
