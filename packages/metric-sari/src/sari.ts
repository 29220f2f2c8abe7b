/**
 * The arithmetic of both SARI definitions over token lists (already lowercased and tokenized).
 *
 * - {@link sentenceSariParts}: HF evaluate's `sari` for one item (Xu et al. 2016 as tensor2tensor
 *   computes it: 0/0 = 1, the keep-recall fix, precision only for deletion), per n-gram order.
 * - {@link addEasseCounts}: EASSE's corpus statistics, the nine counts per order that
 *   `compute_ngram_stats` adds over the corpus.
 *
 * N-grams are identified by their tokens (the references join them with a space, and tokens never
 * contain one), here numbered densely per item and order: a source and its references are counted once (they
 * recur for every system of a test set) and a prediction's n-grams are looked up in their numbering.
 * Multiset operations follow Python's `Counter`: `&` keeps the positive minimum, `-` the positive
 * difference, both in the order of the left operand's keys (the source's n-grams in order of first
 * occurrence, which fixes the order of HF's floating-point sums).
 */

import { ErrorCode, GramscoreError } from "@gramscore/core";

/** The highest n-gram order of both definitions (4, as in the paper). */
export const NGRAM_ORDER = 4;

/** N-gram ids stay below this, so that the key `id · ID_BOUND + token` of the next order is a small integer. */
const GRAM_BOUND = 1 << 17;
/** Token ids stay below this (see {@link GRAM_BOUND}). */
const ID_BOUND = 1 << 13;

/** One n-gram order of a prepared item. */
interface OrderTable {
  /** `(id of the (n-1)-gram) · ID_BOUND + token id` → id of the n-gram (order 1: token id → token id). */
  readonly ids: Map<number, number>;
  /** Source count of each n-gram id (0 for those only in references). */
  readonly s: Int32Array;
  /** Summed reference count of each n-gram id. */
  readonly r: Int32Array;
  /** The source's distinct n-gram ids in order of first occurrence. */
  readonly sourceOrder: Int32Array;
  /** How many distinct reference n-grams are not in the source (HF's `addgramcounterall`, EASSE's added-by-references). */
  readonly refNotSource: number;
}

/**
 * The source and references of one item, counted once: they recur for every system scored on the
 * same test set, so metrics keep them in a cache and count only each prediction.
 */
export interface PreparedItem {
  /** Token → id, over the source and the references. */
  readonly vocab: Map<string, number>;
  /** Per order 1..4. */
  readonly orders: readonly OrderTable[];
  /** The number of references. */
  readonly numref: number;
}

/** The n-gram ids of orders 1..4 of `tokens` (`ids[n][i]`: the (n+1)-gram at i), numbering new ones with `assign`. */
function gramIds(tokens: readonly number[], lookup: (order: number, key: number) => number): number[][] {
  const out: number[][] = [tokens.slice()];
  let prev = out[0]!;
  for (let n = 1; n < NGRAM_ORDER; n++) {
    const cur: number[] = [];
    for (let i = 0; i + n < tokens.length; i++) cur.push(lookup(n, prev[i]! * ID_BOUND + tokens[i + n]!));
    out.push(cur);
    prev = cur;
  }
  return out;
}

function tokenIds(tokens: readonly string[], vocab: Map<string, number>, extra: Map<string, number> | null): number[] {
  const out = new Array<number>(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let id = vocab.get(t);
    if (id === undefined) {
      if (extra === null) {
        id = vocab.size;
        vocab.set(t, id);
      } else {
        id = extra.get(t);
        if (id === undefined) {
          id = vocab.size + extra.size;
          extra.set(t, id);
        }
      }
    }
    out[i] = id;
  }
  return out;
}

/**
 * Counts an item's source and references.
 * @throws GramscoreError `LIMIT_EXCEEDED` for an item with 8,192 distinct tokens or 131,072 distinct n-grams of one order (far beyond a sentence).
 */
export function prepareItem(src: readonly string[], refs: readonly (readonly string[])[]): PreparedItem {
  const vocab = new Map<string, number>();
  const maps: Map<number, number>[] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) maps.push(new Map());
  const lookup = (n: number, key: number): number => {
    const m = maps[n]!;
    let id = m.get(key);
    if (id === undefined) {
      id = m.size;
      m.set(key, id);
    }
    return id;
  };
  const srcIds = tokenIds(src, vocab, null);
  const refIds = refs.map((r) => tokenIds(r, vocab, null));
  if (vocab.size >= ID_BOUND) throw tooLarge();
  // Order 1 ids are token ids: fill the map so that its size is the vocabulary's.
  for (let t = 0; t < vocab.size; t++) maps[0]!.set(t, t);
  const srcGrams = gramIds(srcIds, lookup);
  const refGrams = refIds.map((r) => gramIds(r, lookup));
  const orders: OrderTable[] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) {
    const size = maps[n]!.size;
    if (size >= GRAM_BOUND) throw tooLarge();
    const s = new Int32Array(size);
    const r = new Int32Array(size);
    const sourceOrder: number[] = [];
    for (const g of srcGrams[n]!) {
      if (s[g] === 0) sourceOrder.push(g);
      s[g]!++;
    }
    for (const rg of refGrams) for (const g of rg[n]!) r[g]!++;
    let refNotSource = 0;
    for (let g = 0; g < size; g++) if (r[g]! > 0 && s[g] === 0) refNotSource++;
    orders.push({ ids: maps[n]!, s, r, sourceOrder: Int32Array.from(sourceOrder), refNotSource });
  }
  return { vocab, orders, numref: refs.length };
}

/** Counts of a prediction's n-grams by id, reused between calls (entries are zeroed after use). */
let scratch = new Int32Array(1024);

/**
 * Counts the prediction's n-grams of each order into {@link scratch} (at `n · stride + id`) and calls
 * `use` with them: its distinct n-gram ids per order and the stride. Ids at or past an order's table
 * size are n-grams neither the source nor a reference has.
 */
function withPrediction<T>(item: PreparedItem, hyp: readonly string[], use: (distinct: number[][], stride: number) => T): T {
  const extra = new Map<string, number>();
  const ids = tokenIds(hyp, item.vocab, extra);
  const local: Map<number, number>[] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) local.push(new Map());
  const grams = gramIds(ids, (n, key) => {
    const own = item.orders[n]!.ids.get(key);
    if (own !== undefined) return own;
    const m = local[n]!;
    let id = m.get(key);
    if (id === undefined) {
      id = item.orders[n]!.s.length + m.size;
      m.set(key, id);
    }
    return id;
  });
  let stride = 0;
  for (let n = 0; n < NGRAM_ORDER; n++) stride = Math.max(stride, item.orders[n]!.s.length + local[n]!.size);
  if (item.vocab.size + extra.size >= ID_BOUND || stride >= GRAM_BOUND) throw tooLarge();
  if (scratch.length < NGRAM_ORDER * stride) scratch = new Int32Array(NGRAM_ORDER * stride * 2);
  const distinct: number[][] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) {
    const d: number[] = [];
    const base = n * stride;
    for (const g of grams[n]!) {
      if (scratch[base + g] === 0) d.push(g);
      scratch[base + g]!++;
    }
    distinct.push(d);
  }
  try {
    return use(distinct, stride);
  } finally {
    for (let n = 0; n < NGRAM_ORDER; n++) for (const g of distinct[n]!) scratch[n * stride + g] = 0;
  }
}

function tooLarge(): GramscoreError {
  return new GramscoreError(
    ErrorCode.LIMIT_EXCEEDED,
    `SARI scores sentences: one item (source, prediction and references) may have at most ${ID_BOUND - 1} distinct tokens and ${GRAM_BOUND - 1} distinct n-grams of one order. Split the texts into sentences.`,
  );
}

/** One n-gram order's keep F1, deletion precision and addition F1 of one item (each 0–1). */
export interface SariOrderScores {
  /** F1 of the kept n-grams. */
  readonly keep: number;
  /** Precision of the deleted n-grams. */
  readonly delete: number;
  /** F1 of the added n-grams. */
  readonly add: number;
}

function f1(p: number, r: number): number {
  return p > 0 || r > 0 ? (2 * p * r) / (p + r) : 0;
}

/** HF's `SARIngram` for one order: the item's table, the prediction's counts at `c[base + id]`, its distinct ids. */
function orderScores(t: OrderTable, c: Int32Array, base: number, distinct: readonly number[], numref: number): SariOrderScores {
  // KEEP: keep = S&C, good = keep&R, all = S&R (S, C: counts times numref).
  let keepLen = 0;
  let keepTmp1 = 0;
  let keepTmp2 = 0;
  let keepAllLen = 0;
  let keepAllSum = 0;
  // DELETE: del = S-C, good = del-R.
  let delLen = 0;
  let delTmp1 = 0;
  const order = t.sourceOrder;
  for (let i = 0; i < order.length; i++) {
    const g = order[i]!;
    const sRep = t.s[g]! * numref;
    const cRep = c[base + g]! * numref;
    const rc = t.r[g]!;
    const keep = Math.min(sRep, cRep);
    if (keep > 0) {
      keepLen++;
      const good = Math.min(keep, rc);
      if (good > 0) {
        keepTmp1 += good / keep;
        keepTmp2 += good;
      }
    }
    const all = Math.min(sRep, rc);
    if (all > 0) {
      keepAllLen++;
      keepAllSum += all;
    }
    const del = sRep - cRep;
    if (del > 0) {
      delLen++;
      const good = del - rc;
      if (good > 0) delTmp1 += good / del;
    }
  }
  const keepP = keepLen > 0 ? keepTmp1 / keepLen : 1;
  const keepR = keepAllLen > 0 ? keepTmp2 / keepAllSum : 1;
  const delP = delLen > 0 ? delTmp1 / delLen : 1;
  // ADD (sets): add = C\S, good = add∩R, all = R\S.
  let addLen = 0;
  let addGood = 0;
  const size = t.s.length;
  for (const g of distinct) {
    if (g < size && t.s[g]! > 0) continue;
    addLen++;
    if (g < size && t.r[g]! > 0) addGood++;
  }
  const addAll = t.refNotSource;
  const addP = addLen > 0 ? addGood / addLen : 1;
  const addR = addAll > 0 ? addGood / addAll : 1;
  return { keep: f1(keepP, keepR), delete: delP, add: f1(addP, addR) };
}

/**
 * HF evaluate's per-order keep, delete and add scores of one item (its source and references
 * prepared by {@link prepareItem}). HF splits the normalized text on single spaces, so an empty text
 * is one empty token: pass `[""]` for it.
 */
export function sentenceSariParts(item: PreparedItem, hyp: readonly string[]): SariOrderScores[] {
  return withPrediction(item, hyp, (distinct, stride) => {
    const out: SariOrderScores[] = [];
    for (let n = 0; n < NGRAM_ORDER; n++) out.push(orderScores(item.orders[n]!, scratch, n * stride, distinct[n]!, item.numref));
    return out;
  });
}

/** HF's `SARIsent` from the per-order scores: the mean keep, delete and add over the orders, averaged (0–1). */
export function combineParts(parts: readonly SariOrderScores[]): number {
  let keep = 0;
  let del = 0;
  let add = 0;
  for (const p of parts) keep += p.keep;
  for (const p of parts) del += p.delete;
  for (const p of parts) add += p.add;
  return (keep / NGRAM_ORDER + del / NGRAM_ORDER + add / NGRAM_ORDER) / 3;
}

/**
 * Column layout of EASSE's statistics: for each order n (0-based) nine counts at `9 * n + k`, k =
 * add correct, add by the system, add by the references, keep correct, keep by the system, keep by
 * the references, delete correct, delete by the system, delete by the references.
 */
export const EASSE_WIDTH = 9 * NGRAM_ORDER;

/**
 * Adds one item's counts to EASSE's statistics `out` (length {@link EASSE_WIDTH}) at `offset`, as
 * `compute_ngram_stats` does (tokens from `str.split()` of the normalized text: an empty text has none;
 * source and references prepared by {@link prepareItem}).
 */
export function addEasseCounts(item: PreparedItem, hyp: readonly string[], out: number[] | Float64Array, offset = 0): void {
  withPrediction(item, hyp, (distinct, stride) => {
    const k = item.numref;
    for (let n = 0; n < NGRAM_ORDER; n++) {
      const t = item.orders[n]!;
      const base = n * stride;
      const size = t.s.length;
      const o = offset + 9 * n;
      // ADD (binary).
      for (const g of distinct[n]!) {
        if (g < size && t.s[g]! > 0) continue;
        out[o + 1]!++;
        if (g < size && t.r[g]! > 0) out[o]!++;
      }
      out[o + 2]! += t.refNotSource;
      // KEEP and DELETE (weighted by the number of references).
      const order = t.sourceOrder;
      for (let i = 0; i < order.length; i++) {
        const g = order[i]!;
        const sRep = t.s[g]! * k;
        const cRep = scratch[base + g]! * k;
        const rc = t.r[g]!;
        const keepSys = Math.min(sRep, cRep);
        const keepRef = Math.min(sRep, rc);
        if (keepSys > 0) out[o + 4]! += keepSys;
        if (keepRef > 0) out[o + 5]! += keepRef;
        const keepGood = Math.min(keepSys, keepRef);
        if (keepGood > 0) out[o + 3]! += keepGood;
        const delSys = sRep - cRep;
        const delRef = sRep - rc;
        if (delSys > 0) out[o + 7]! += delSys;
        if (delRef > 0) out[o + 8]! += delRef;
        const delGood = Math.min(delSys, delRef);
        if (delGood > 0) out[o + 6]! += delGood;
      }
    }
  });
}

/** EASSE's `compute_precision_recall_f1`: F1 only when precision and recall are both positive. */
function macroF1(correct: number, sys: number, ref: number): [number, number] {
  const p = sys > 0 ? correct / sys : 0;
  const r = ref > 0 ? correct / ref : 0;
  return [p, p > 0 && r > 0 ? (2 * p * r) / (p + r) : 0];
}

/** EASSE's corpus add, keep and delete scores (0–100) from its counts (`compute_macro_sari`, F1 for deletion). */
export function easseOperationScores(counts: ArrayLike<number>, offset = 0): [number, number, number] {
  let add = 0;
  let keep = 0;
  let del = 0;
  for (let n = 0; n < NGRAM_ORDER; n++) {
    const o = offset + 9 * n;
    add += macroF1(counts[o]!, counts[o + 1]!, counts[o + 2]!)[1] / NGRAM_ORDER;
    keep += macroF1(counts[o + 3]!, counts[o + 4]!, counts[o + 5]!)[1] / NGRAM_ORDER;
    del += macroF1(counts[o + 6]!, counts[o + 7]!, counts[o + 8]!)[1] / NGRAM_ORDER;
  }
  return [100.0 * add, 100.0 * keep, 100.0 * del];
}

/** EASSE's `corpus_sari` from its counts: the mean of the three operation scores (0–100). */
export function easseScore(counts: ArrayLike<number>, offset = 0): number {
  const [a, k, d] = easseOperationScores(counts, offset);
  return (a + k + d) / 3;
}
