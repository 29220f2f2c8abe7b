/**
 * N-gram profiles for pairwise scoring: every n-gram of every string gets one integer id (shared by
 * all strings profiled with the same {@link NgramProfiler}), and each string becomes the list of its
 * distinct n-gram ids with their counts, order by order. Comparing two profiles then touches
 * only integers.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";

/** The distinct n-grams of one token sequence, with counts, grouped by order. */
export interface NgramProfile {
  /** Number of tokens. */
  readonly length: number;
  /** Distinct n-gram ids, in order of first occurrence within each order. */
  readonly ids: Int32Array;
  /** `counts[k]`: occurrences of `ids[k]`. */
  readonly counts: Int32Array;
  /** Order `n`'s entries are `[start[n − 1], start[n])` (length `maxOrder + 1`). */
  readonly start: Int32Array;
}

const EMPTY = -1;

function newTable(size: number): Int32Array {
  const table = new Int32Array(4 * size);
  for (let at = 2; at < table.length; at += 4) table[at] = EMPTY;
  return table;
}

/** The home slot of the key (prefix, token) in a table of `2^(32 − shift)` slots (high bits of a mixed hash). */
function slot(prefix: number, token: number, shift: number): number {
  let x = Math.imul(prefix, 0x9e3779b1) ^ token;
  x = Math.imul(x ^ (x >>> 15), 0x85ebca6b);
  return (x ^ (x >>> 13)) >>> shift;
}

/**
 * Interns n-grams of token sequences as dense ids `0, 1, 2, …` (an n-gram is keyed by the id of its
 * (n−1)-prefix and its last token, in an open-addressing table) and builds {@link NgramProfile}s.
 */
export class NgramProfiler {
  readonly #maxOrder: number;
  /** Open-addressing slots of 4 numbers: prefix id, token, id (EMPTY when free), unused. */
  #table: Int32Array;
  #mask: number;
  #shift: number;
  #count = 0;
  #cur = new Int32Array(64);
  /** Per id, 2 numbers: the number of the profile that last saw it, and its entry there. */
  #seen: Int32Array;
  #stamp = 0;

  /**
   * @param maxOrder Highest n-gram order profiled (1 or more).
   * @param expected About how many distinct n-grams to expect (sizes the tables up front; they grow
   *   as needed anyway).
   */
  constructor(maxOrder: number, expected = 512) {
    if (!Number.isInteger(maxOrder) || maxOrder < 1) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `The n-gram order of a profiler must be an integer of at least 1, but got ${maxOrder}.`);
    }
    this.#maxOrder = maxOrder;
    let size = 1024;
    while (size < 2 * expected && size < 1 << 26) size *= 2;
    this.#table = newTable(size);
    this.#mask = size - 1;
    this.#shift = 32 - Math.log2(size);
    this.#seen = new Int32Array(size);
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
    const table = this.#table;
    let h = slot(prefix, token, this.#shift);
    for (;;) {
      const at = h << 2;
      const v = table[at + 2]!;
      if (v === EMPTY) break;
      if (table[at] === prefix && table[at + 1] === token) return v;
      h = (h + 1) & this.#mask;
    }
    const id = this.#count++;
    const at = h << 2;
    table[at] = prefix;
    table[at + 1] = token;
    table[at + 2] = id;
    if (2 * this.#count > this.#mask) this.#grow();
    return id;
  }

  #grow(): void {
    const old = this.#table;
    const size = old.length >> 1;
    const table = newTable(size);
    this.#mask = size - 1;
    this.#shift = 32 - Math.log2(size);
    for (let s = 0; s < old.length; s += 4) {
      const v = old[s + 2]!;
      if (v === EMPTY) continue;
      const p = old[s]!;
      const t = old[s + 1]!;
      let h = slot(p, t, this.#shift);
      while (table[(h << 2) + 2] !== EMPTY) h = (h + 1) & this.#mask;
      table[h << 2] = p;
      table[(h << 2) + 1] = t;
      table[(h << 2) + 2] = v;
    }
    this.#table = table;
  }

  /** The profile of `tokens[0 … length)` (orders 1 … `maxOrder`), interning its n-grams. */
  profile(tokens: ArrayLike<number>, length: number = tokens.length): NgramProfile {
    const maxOrder = this.#maxOrder;
    if (this.#cur.length < length) this.#cur = new Int32Array(2 * length);
    const cur = this.#cur;
    let entries = 0;
    for (let n = 1; n <= maxOrder && length - n + 1 > 0; n++) entries += length - n + 1;
    const ids = new Int32Array(entries);
    const counts = new Int32Array(entries);
    const start = new Int32Array(maxOrder + 1);
    const stamp = ++this.#stamp;
    let at = 0;
    for (let n = 1; n <= maxOrder; n++) {
      start[n - 1] = at;
      const m = length - n + 1;
      for (let i = 0; i < m; i++) {
        const id = this.id(n === 1 ? -1 : cur[i]!, tokens[i + n - 1]!);
        cur[i] = id;
        if (this.#seen.length <= 2 * id) this.#growSeen(id);
        const seen = this.#seen;
        if (seen[2 * id] === stamp) counts[seen[2 * id + 1]!]!++;
        else {
          seen[2 * id] = stamp;
          seen[2 * id + 1] = at;
          ids[at] = id;
          counts[at++] = 1;
        }
      }
    }
    start[maxOrder] = at;
    if (this.#stamp === 0x7fffffff) {
      this.#seen.fill(0);
      this.#stamp = 0;
    }
    return { length, ids: ids.subarray(0, at), counts: counts.subarray(0, at), start };
  }

  #growSeen(id: number): void {
    const seen = new Int32Array(Math.max(2 * this.#seen.length, 2 * id + 2));
    seen.set(this.#seen);
    this.#seen = seen;
  }
}

/**
 * An inverted index of reference profiles: for every n-gram id, the references that have it and
 * their counts. {@link NgramPostings.accumulate} then gives the clipped matches of one hypothesis
 * against every reference at once while touching only the n-grams they share.
 */
export class NgramPostings {
  /** Postings of id `g` are `[offsets[g], offsets[g + 1])`. */
  readonly #offsets: Int32Array;
  readonly #refs: Int32Array;
  readonly #counts: Int32Array;
  readonly #size: number;

  /**
   * @param profiles The references' profiles (from one profiler).
   * @param size Every id is below it (the profiler's `size` after profiling the references).
   */
  constructor(profiles: readonly NgramProfile[], size: number) {
    const offsets = new Int32Array(size + 1);
    let total = 0;
    for (const p of profiles) {
      const ids = p.ids;
      for (let k = 0; k < ids.length; k++) offsets[ids[k]! + 1]!++;
      total += ids.length;
    }
    for (let g = 0; g < size; g++) offsets[g + 1]! += offsets[g]!;
    const fill = offsets.slice(0, size);
    const refs = new Int32Array(total);
    const counts = new Int32Array(total);
    for (let j = 0; j < profiles.length; j++) {
      const { ids, counts: c } = profiles[j]!;
      for (let k = 0; k < ids.length; k++) {
        const at = fill[ids[k]!]!++;
        refs[at] = j;
        counts[at] = c[k]!;
      }
    }
    this.#offsets = offsets;
    this.#refs = refs;
    this.#counts = counts;
    this.#size = size;
  }

  /**
   * Adds, for every reference `j` and order `n`, `Σ min(hyp count, ref count)` over the n-grams of
   * order `n` to `acc[j * stride + offset + n − 1]`. Ids of `hyp` at or above the index's size (new
   * n-grams) match nothing.
   */
  accumulate(hyp: NgramProfile, acc: Int32Array, stride: number, offset: number): void {
    const offsets = this.#offsets;
    const refs = this.#refs;
    const counts = this.#counts;
    const size = this.#size;
    const { ids, counts: hc, start } = hyp;
    const orders = start.length - 1;
    for (let n = 0; n < orders; n++) {
      const o = offset + n;
      for (let k = start[n]!, end = start[n + 1]!; k < end; k++) {
        const id = ids[k]!;
        if (id >= size) continue;
        const h = hc[k]!;
        for (let p = offsets[id]!, q = offsets[id + 1]!; p < q; p++) {
          const r = counts[p]!;
          acc[refs[p]! * stride + o]! += h < r ? h : r;
        }
      }
    }
  }
}

/**
 * Adds `weight × count` of every n-gram of `profile` into `mean[id]`: one reference's share of the
 * weighted mean of reference counts that reference aggregation scores against.
 */
export function addWeightedCounts(profile: NgramProfile, weight: number, mean: Float64Array): void {
  const { ids, counts } = profile;
  for (let k = 0; k < ids.length; k++) mean[ids[k]!]! += weight * counts[k]!;
}

/**
 * The clipped matches of `profile`'s n-grams of order `n` against mean reference counts:
 * `Σ min(count, mean[id])`, in the profile's order (an id beyond `mean` counts 0 there).
 */
export function meanMatches(profile: NgramProfile, n: number, mean: Float64Array): number {
  const { ids, counts, start } = profile;
  let match = 0;
  for (let k = start[n - 1]!, end = start[n]!; k < end; k++) {
    const id = ids[k]!;
    const r = id < mean.length ? mean[id]! : 0;
    const c = counts[k]!;
    match += c < r ? c : r;
  }
  return match;
}
