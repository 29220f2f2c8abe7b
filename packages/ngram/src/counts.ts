import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { NgramTable, checkTokens, hashPair } from "./table.js";

/**
 * The n-gram counts of one token sequence (or the max-over-references counts of several), orders
 * `1 … maxOrder`, keyed by {@link NgramTable} keys.
 *
 * Layout (flat typed arrays, grouped by order): the distinct n-grams of order `n` are
 * `keys[offsets[n-1] … offsets[n]-1]` with their counts at the same positions in `counts`;
 * `totals[n-1]` is the sum of the counts of order `n` (for a counted sequence of `len` tokens that
 * is `max(len - n + 1, 0)`). Within an order, keys appear in order of first occurrence.
 */
export class NgramCounts {
  /** The table whose keys these are. */
  readonly table: NgramTable;
  /** @internal The table generation the keys belong to. */
  readonly generation: number;
  /** Highest order counted. */
  readonly maxOrder: number;
  /** Distinct n-gram keys, grouped by order. */
  readonly keys: Int32Array;
  /** Count of each key in `keys`. */
  readonly counts: Int32Array;
  /** `maxOrder + 1` offsets: order `n` occupies `[offsets[n-1], offsets[n])`. */
  readonly offsets: Int32Array;
  /** Sum of the counts of each order (index `n - 1`). */
  readonly totals: Int32Array;

  /** Made by {@link countNgrams}, {@link maxCounts} and {@link countSkipBigrams}; not meant to be called directly. */
  constructor(
    table: NgramTable,
    maxOrder: number,
    keys: Int32Array,
    counts: Int32Array,
    offsets: Int32Array,
    totals: Int32Array,
  ) {
    this.table = table;
    this.generation = table.generation;
    this.maxOrder = maxOrder;
    this.keys = keys;
    this.counts = counts;
    this.offsets = offsets;
    this.totals = totals;
  }

  /** Number of distinct n-grams of order `n`. */
  distinct(n: number): number {
    this.#checkOrder(n);
    return this.offsets[n]! - this.offsets[n - 1]!;
  }

  /** Total count of n-grams of order `n` (`totals[n - 1]`). */
  total(n: number): number {
    this.#checkOrder(n);
    return this.totals[n - 1]!;
  }

  /** The count of the n-gram with this key (0 when absent). Linear in the number of n-grams. */
  count(key: number): number {
    for (let i = 0; i < this.keys.length; i++) if (this.keys[i] === key) return this.counts[i]!;
    return 0;
  }

  /** The counts of order `n` as a `Map` from key to count (for inspection and tests, not hot paths). */
  toMap(n: number): Map<number, number> {
    this.#checkOrder(n);
    const map = new Map<number, number>();
    for (let i = this.offsets[n - 1]!; i < this.offsets[n]!; i++) map.set(this.keys[i]!, this.counts[i]!);
    return map;
  }

  #checkOrder(n: number): void {
    if (!Number.isInteger(n) || n < 1 || n > this.maxOrder) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `Expected an n-gram order from 1 to ${this.maxOrder}, but got ${describeValue(n)}.`,
      );
    }
  }
}

/** @internal Validates an order option. */
export function checkOrder(maxOrder: number, what = "maxOrder"): void {
  if (!Number.isInteger(maxOrder) || maxOrder < 1 || maxOrder > 255) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `${what} must be an integer from 1 to 255, but got ${describeValue(maxOrder)}.`,
    );
  }
}

/** @internal Throws unless `counts` belongs to the current generation of `table`. */
export function checkCounts(counts: NgramCounts, table?: NgramTable): void {
  if (!(counts instanceof NgramCounts)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected NgramCounts (from countNgrams), but got ${describeValue(counts)}.`,
    );
  }
  if (table !== undefined && counts.table !== table) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      "Both n-gram counts must come from the same NgramTable: keys of different tables are unrelated. " +
        "Count the hypothesis and its references with one table.",
    );
  }
  if (counts.generation !== counts.table.generation) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      "These n-gram counts were made before their NgramTable was cleared, so their keys are no longer valid. " +
        "Count again after table.clear(), or clear the table only when the segment is done.",
    );
  }
}

/**
 * Counts the n-grams of orders `1 … maxOrder` of `ids` in one pass (no strings are built).
 *
 * `totals[n-1]` is `max(len - n + 1, 0)`; keys are interned into `table`, which must be the same for
 * everything these counts are compared with.
 *
 * @param table Key table (see {@link NgramTable} for lifetimes).
 * @param ids Token ids (from a {@link Vocabulary}, or code points from {@link codePointIds}).
 * @param maxOrder Highest order, `1 … 255`.
 */
export function countNgrams(table: NgramTable, ids: ArrayLike<number>, maxOrder: number): NgramCounts {
  checkOrder(maxOrder);
  checkTokens(ids);
  const len = ids.length;
  const totals = new Int32Array(maxOrder);
  const starts = new Int32Array(maxOrder + 1);
  for (let n = 1; n <= maxOrder; n++) {
    const t = len - n + 1;
    totals[n - 1] = t > 0 ? t : 0;
    starts[n] = starts[n - 1]! + totals[n - 1]!;
  }
  const sum = starts[maxOrder]!;
  table.reserve(sum);
  // reserve() guarantees no reallocation below, so the arrays can be held in locals.
  const scratch = table.scratch;
  const slots = table.slots;
  const mask = table.mask;
  const parents = table.parents;
  const tokens = table.tokens;
  let used = table.used;
  const fill = starts.slice(0, maxOrder);
  const buf = new Int32Array(sum);
  for (let i = 0; i < len; i++) {
    let key = 0;
    const lim = Math.min(maxOrder, len - i);
    for (let n = 0; n < lim; n++) {
      const token = ids[i + n]!;
      // Inlined NgramTable.child(key, token).
      let h = hashPair(key, token) & mask;
      let k = slots[h]!;
      while (k !== 0 && (tokens[k] !== token || parents[k] !== key)) {
        h = (h + 1) & mask;
        k = slots[h]!;
      }
      if (k === 0) {
        k = ++used;
        parents[k] = key;
        tokens[k] = token;
        slots[h] = k;
      }
      key = k;
      const seen = scratch[key]!;
      scratch[key] = seen + 1;
      if (seen === 0) buf[fill[n]!++] = key;
    }
  }
  table.used = used;
  return collect(table, maxOrder, buf, starts, fill, totals);
}

/** Builds NgramCounts from per-order key lists in `buf` and counts in the table scratch (which it resets). */
function collect(
  table: NgramTable,
  maxOrder: number,
  buf: Int32Array,
  starts: Int32Array,
  fill: Int32Array,
  totals: Int32Array,
): NgramCounts {
  let distinct = 0;
  for (let n = 0; n < maxOrder; n++) distinct += fill[n]! - starts[n]!;
  const keys = new Int32Array(distinct);
  const counts = new Int32Array(distinct);
  const offsets = new Int32Array(maxOrder + 1);
  const scratch = table.scratch;
  let o = 0;
  for (let n = 0; n < maxOrder; n++) {
    for (let p = starts[n]!; p < fill[n]!; p++) {
      const key = buf[p]!;
      keys[o] = key;
      counts[o] = scratch[key]!;
      scratch[key] = 0;
      o++;
    }
    offsets[n + 1] = o;
  }
  return new NgramCounts(table, maxOrder, keys, counts, offsets, totals);
}

/**
 * The code points of `text` as ids (astral characters are one id; a lone surrogate is its own
 * code unit value). Use a separate {@link NgramTable} for character ids and for word ids.
 */
export function codePointIds(text: string): Int32Array {
  if (typeof text !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Expected a string, but got ${describeValue(text)}.`);
  }
  const out = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out[n++] = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
        i++;
        continue;
      }
    }
    out[n++] = c;
  }
  return n === out.length ? out : out.slice(0, n);
}

/**
 * Character n-grams of orders `1 … maxOrder` of `text`, by code point, as sacrebleu's
 * `extract_all_char_ngrams` counts them: every run of `n` consecutive code points of the string as
 * given. Whitespace is not touched: to drop it first (chrF's default), pass `pySplit(text).join("")`.
 */
export function countCharNgrams(table: NgramTable, text: string, maxOrder: number): NgramCounts {
  return countNgrams(table, codePointIds(text), maxOrder);
}

/**
 * Per n-gram the maximum count over `references` (sacrebleu BLEU's reference counts), orders
 * `1 … maxOrder` of the references (which must all have the same `maxOrder` and table).
 * `totals` are the sums of the max counts.
 * @throws GramscoreError `EMPTY_INPUT` when `references` is empty.
 */
export function maxCounts(references: readonly NgramCounts[]): NgramCounts {
  if (!Array.isArray(references) || references.length === 0) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      `maxCounts needs at least one reference's counts, but got ${describeValue(references)}.`,
    );
  }
  const first = references[0]!;
  checkCounts(first);
  const table = first.table;
  const maxOrder = first.maxOrder;
  let room = 0;
  for (const r of references) {
    checkCounts(r, table);
    if (r.maxOrder !== maxOrder) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `All reference counts must have the same maxOrder, but got ${maxOrder} and ${r.maxOrder}.`,
      );
    }
    room += r.keys.length;
  }
  if (references.length === 1) return first;
  const scratch = table.scratch;
  const buf = new Int32Array(room);
  const starts = new Int32Array(maxOrder + 1);
  const fill = new Int32Array(maxOrder);
  const totals = new Int32Array(maxOrder);
  let p = 0;
  for (let n = 0; n < maxOrder; n++) {
    starts[n] = p;
    for (const r of references) {
      for (let i = r.offsets[n]!; i < r.offsets[n + 1]!; i++) {
        const key = r.keys[i]!;
        const c = r.counts[i]!;
        const old = scratch[key]!;
        if (old === 0) buf[p++] = key;
        if (c > old) scratch[key] = c;
      }
    }
    fill[n] = p;
  }
  starts[maxOrder] = p;
  for (let n = 0; n < maxOrder; n++) {
    let t = 0;
    for (let q = starts[n]!; q < fill[n]!; q++) t += scratch[buf[q]!]!;
    totals[n] = t;
  }
  return collect(table, maxOrder, buf, starts, fill, totals);
}

/**
 * Per order `n`, `Σ_g min(a_g, b_g)` over n-grams `g`: the clipped overlap of two count tables,
 * orders `1 … min(a.maxOrder, b.maxOrder)`. The sum is symmetric, so it is both rouge-score's
 * ROUGE-N overlap (Σ over target n-grams of min(target, prediction)) and ROUGE-1.5.5's hits.
 */
export function overlap(a: NgramCounts, b: NgramCounts): Int32Array {
  checkCounts(a);
  checkCounts(b, a.table);
  const maxOrder = Math.min(a.maxOrder, b.maxOrder);
  const out = new Int32Array(maxOrder);
  const scratch = a.table.scratch;
  const end = b.offsets[maxOrder]!;
  for (let i = 0; i < end; i++) scratch[b.keys[i]!] = b.counts[i]!;
  for (let n = 0; n < maxOrder; n++) {
    let m = 0;
    for (let i = a.offsets[n]!; i < a.offsets[n + 1]!; i++) {
      const c = a.counts[i]!;
      const d = scratch[a.keys[i]!]!;
      m += c < d ? c : d;
    }
    out[n] = m;
  }
  for (let i = 0; i < end; i++) scratch[b.keys[i]!] = 0;
  return out;
}

/**
 * sacrebleu BLEU's clipped matches per order: `Σ_g min(hyp_g, refMax_g)` where `refMax` is
 * {@link maxCounts} of the references. The same sum as {@link overlap}.
 */
export function clippedMatches(hypothesis: NgramCounts, referenceMax: NgramCounts): Int32Array {
  return overlap(hypothesis, referenceMax);
}

/**
 * chrF's per-order statistics of a hypothesis against one reference, flattened as
 * `[hyp_1, ref_1, match_1, hyp_2, ref_2, match_2, …]` for orders `1 … min(maxOrder)`, exactly as
 * sacrebleu's `CHRF._get_match_statistics`: `hyp_n` is the hypothesis n-gram total, or **0 when
 * the reference has no n-gram of that order**; `ref_n` the reference total; `match_n` the overlap.
 */
export function matchStatistics(hypothesis: NgramCounts, reference: NgramCounts): Int32Array {
  const m = overlap(hypothesis, reference);
  const out = new Int32Array(m.length * 3);
  for (let n = 0; n < m.length; n++) {
    const refTotal = reference.totals[n]!;
    out[3 * n] = refTotal > 0 ? hypothesis.totals[n]! : 0;
    out[3 * n + 1] = refTotal;
    out[3 * n + 2] = m[n]!;
  }
  return out;
}
