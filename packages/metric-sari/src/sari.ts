/**
 * The arithmetic of both SARI definitions over token lists (already lowercased and tokenized).
 *
 * - {@link sentenceSariParts}: HF evaluate's `sari` for one item (Xu et al. 2016 as tensor2tensor
 *   computes it: 0/0 = 1, the keep-recall fix, precision only for deletion), per n-gram order.
 * - {@link addEasseCounts}: EASSE's corpus statistics, the nine counts per order that
 *   `compute_ngram_stats` adds over the corpus.
 *
 * N-grams are identified by their tokens (the references join them with a space, and tokens never
 * contain one), here encoded as numbers over per-item token ids. Multiset operations follow Python's `Counter`: `&` keeps the positive minimum,
 * `-` the positive difference, both in the order of the left operand's keys.
 */

/** The highest n-gram order of both definitions (4, as in the paper). */
export const NGRAM_ORDER = 4;

/** Counts of the n-grams of one order, in order of first occurrence, keyed by an encoding of their token ids. */
type Counts = Map<number | string, number>;

/** Token ids are below this, so that a 4-gram's key `((a·B + b)·B + c)·B + d` stays below 2^52 (exact). */
const ID_BOUND = 8192;

/** The n-grams of orders 1..4 of token ids, counted, each map in order of first occurrence. */
function countIds(ids: readonly number[], numeric: boolean): Counts[] {
  const out: Counts[] = [];
  for (let n = 1; n <= NGRAM_ORDER; n++) {
    const m: Counts = new Map();
    for (let i = 0; i + n <= ids.length; i++) {
      let g: number | string;
      if (numeric) {
        let k = ids[i]!;
        for (let j = 1; j < n; j++) k = k * ID_BOUND + ids[i + j]!;
        g = k;
      } else {
        g = ids.slice(i, i + n).join(",");
      }
      m.set(g, (m.get(g) ?? 0) + 1);
    }
    out.push(m);
  }
  return out;
}

/** Adds `b` into `a`, per order. */
function addCounts(a: Counts[], b: Counts[]): void {
  for (let n = 0; n < NGRAM_ORDER; n++) {
    const acc = a[n]!;
    for (const [g, k] of b[n]!) acc.set(g, (acc.get(g) ?? 0) + k);
  }
}

/**
 * The source and references of one item, counted once: they recur for every system scored on the
 * same test set, so metrics keep them in a cache and count only each prediction.
 */
export interface PreparedItem {
  /** Token → id, over the source and the references. */
  readonly vocab: Map<string, number>;
  /** The source's n-gram counts per order. */
  readonly s: Counts[];
  /** The references' n-gram counts added together, per order. */
  readonly r: Counts[];
  /** The number of references. */
  readonly numref: number;
  /** The texts as token ids, for the rare item with too many distinct tokens for numeric keys. */
  readonly srcIds: number[];
  /** The references as token ids. */
  readonly refIds: number[][];
}

function idsOf(tokens: readonly string[], vocab: Map<string, number>): number[] {
  const out = new Array<number>(tokens.length);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let id = vocab.get(t);
    if (id === undefined) {
      id = vocab.size;
      vocab.set(t, id);
    }
    out[i] = id;
  }
  return out;
}

/** Counts an item's source and references. */
export function prepareItem(src: readonly string[], refs: readonly (readonly string[])[]): PreparedItem {
  const vocab = new Map<string, number>();
  const srcIds = idsOf(src, vocab);
  const refIds = refs.map((r) => idsOf(r, vocab));
  const numeric = vocab.size < ID_BOUND;
  const r: Counts[] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) r.push(new Map());
  for (const ids of refIds) addCounts(r, countIds(ids, numeric));
  return { vocab, s: countIds(srcIds, numeric), r, numref: refs.length, srcIds, refIds };
}

/** The prediction's counts against a prepared item, and the item's counts with the same keys. */
function countsWith(item: PreparedItem, hyp: readonly string[]): { s: Counts[]; c: Counts[]; r: Counts[] } {
  const local = new Map<string, number>();
  const ids = new Array<number>(hyp.length);
  for (let i = 0; i < hyp.length; i++) {
    const t = hyp[i]!;
    let id = item.vocab.get(t);
    if (id === undefined) {
      id = local.get(t);
      if (id === undefined) {
        id = item.vocab.size + local.size;
        local.set(t, id);
      }
    }
    ids[i] = id;
  }
  if (item.vocab.size + local.size <= ID_BOUND) {
    return { s: item.s, c: countIds(ids, item.vocab.size < ID_BOUND), r: item.r };
  }
  // Too many distinct tokens for numeric keys: count everything with string keys.
  const r: Counts[] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) r.push(new Map());
  for (const x of item.refIds) addCounts(r, countIds(x, false));
  return { s: countIds(item.srcIds, false), c: countIds(ids, false), r };
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

/** HF's `SARIngram` for one order: source, prediction and summed reference counts, `numref` references. */
function orderScores(s: Counts, c: Counts, r: Counts, numref: number): SariOrderScores {
  // KEEP: keep = S&C, good = keep&R, all = S&R (S, C: counts times numref).
  let keepLen = 0;
  let keepTmp1 = 0;
  let keepTmp2 = 0;
  let keepAllLen = 0;
  let keepAllSum = 0;
  // DELETE: del = S-C, good = del-R.
  let delLen = 0;
  let delTmp1 = 0;
  for (const [g, sc] of s) {
    const sRep = sc * numref;
    const cRep = (c.get(g) ?? 0) * numref;
    const rc = r.get(g) ?? 0;
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
  for (const g of c.keys()) {
    if (s.has(g)) continue;
    addLen++;
    if (r.has(g)) addGood++;
  }
  let addAll = 0;
  for (const g of r.keys()) if (!s.has(g)) addAll++;
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
  const { s, c, r } = countsWith(item, hyp);
  const out: SariOrderScores[] = [];
  for (let n = 0; n < NGRAM_ORDER; n++) out.push(orderScores(s[n]!, c[n]!, r[n]!, item.numref));
  return out;
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
  const { s, c, r } = countsWith(item, hyp);
  const k = item.numref;
  for (let n = 0; n < NGRAM_ORDER; n++) {
    const sn = s[n]!;
    const cn = c[n]!;
    const rn = r[n]!;
    const o = offset + 9 * n;
    // ADD (binary).
    for (const g of cn.keys()) {
      if (sn.has(g)) continue;
      out[o + 1]!++;
      if (rn.has(g)) out[o]!++;
    }
    for (const g of rn.keys()) if (!sn.has(g)) out[o + 2]!++;
    // KEEP and DELETE (weighted by the number of references).
    for (const [g, sc] of sn) {
      const sRep = sc * k;
      const cRep = (cn.get(g) ?? 0) * k;
      const rc = rn.get(g) ?? 0;
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
