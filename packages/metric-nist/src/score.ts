/**
 * NLTK 3.8's `corpus_nist` over tokenized segments, with its arithmetic: information weights
 * `math.log(count(prefix) / count(ngram), 2)` (a correctly rounded log divided by log 2) from the
 * n-gram counts of every reference of the corpus, per order and segment the reference with the
 * largest `(precision, numerator, denominator, reference length)` tuple (the first of equal ones),
 * numerators summed left to right in the order of the hypothesis's n-grams and of the segments,
 * then NIST's length penalty on the summed lengths.
 */
import { glibcExp, log } from "@gramscore/core";
import { NgramTable, Vocabulary, countNgrams } from "@gramscore/ngram";
import type { NgramCounts } from "@gramscore/ngram";

/** One segment as NIST's statistics keep it: the hypothesis tokens, then each reference's tokens. */
export type NistSegment = readonly (readonly string[])[];

/** The numbers behind a NIST score. */
export interface NistDetail {
  /** The NIST score (0 when there is nothing to score). */
  readonly score: number;
  /** Per order `1 … n`: the summed information-weighted matches (NLTK's numerator). */
  readonly numerators: number[];
  /** Per order: the summed hypothesis n-gram counts (NLTK's denominator). */
  readonly denominators: number[];
  /** Per order: numerator / denominator, 0 for an order without hypothesis n-grams (NLTK raises there). */
  readonly precisions: number[];
  /** Hypothesis length summed once per order (NLTK's `l_sys`: n × the hypothesis words). */
  readonly sysLength: number;
  /** Chosen-reference length summed once per order (NLTK's `l_ref`). */
  readonly refLength: number;
  /** NIST's length penalty of `sysLength / refLength`. */
  readonly lengthPenalty: number;
  /** Per segment and order, the index of the reference chosen (only when asked for). */
  readonly chosen?: Int32Array[];
}

/**
 * Reusable memory for {@link nistDetail}: a metric scores many single segments (`--segments`), and
 * a fresh table per call would dominate. The vocabulary starts afresh past a million tokens.
 */
export interface NistWorkspace {
  vocab: Vocabulary;
  table: NgramTable;
}

/** Creates a {@link NistWorkspace}. */
export function nistWorkspace(): NistWorkspace {
  return { vocab: new Vocabulary(), table: new NgramTable() };
}

const VOCAB_LIMIT = 1 << 20;

/** log 2, the divisor of Python's `math.log(x, 2)`. */
const LN2 = /* @__PURE__ */ log(2);

/**
 * NLTK's `nist_length_penalty(ref_len, hyp_len)`: `exp(β · log(ratio)²)` for `0 < ratio < 1`, else
 * `max(min(ratio, 1), 0)`. With no reference length at all (NLTK divides by zero) it is 0.
 */
export function nistLengthPenalty(refLength: number, hypLength: number): number {
  if (refLength === 0) return 0;
  const ratio = hypLength / refLength;
  if (ratio > 0 && ratio < 1) {
    const l15 = log(1.5);
    const beta = log(0.5) / (l15 * l15);
    const lr = log(ratio);
    return glibcExp(beta * (lr * lr));
  }
  return Math.max(Math.min(ratio, 1), 0);
}

/**
 * NIST of tokenized segments, in corpus order: `corpus_nist(refs, hyps, n)` of NLTK 3.8 (one segment:
 * `sentence_nist`). Orders without any hypothesis n-gram add 0 where NLTK raises ZeroDivisionError.
 * @param withChoices Also return which reference each segment and order used.
 * @param work Memory to reuse between calls (see {@link nistWorkspace}).
 */
export function nistDetail(segments: readonly NistSegment[], n: number, withChoices = false, work?: NistWorkspace): NistDetail {
  let vocab: Vocabulary;
  let table: NgramTable;
  if (work === undefined) {
    vocab = new Vocabulary();
    table = new NgramTable();
  } else {
    if (work.vocab.size > VOCAB_LIMIT) work.vocab = new Vocabulary();
    work.table.clear();
    vocab = work.vocab;
    table = work.table;
  }
  const hypCounts: NgramCounts[] = new Array(segments.length);
  const refCounts: NgramCounts[][] = new Array(segments.length);
  // Room for every n-gram up front: growing the table as it fills rehashes it again and again.
  let positions = 0;
  for (const seg of segments) for (const tokens of seg) positions += tokens.length;
  table.reserve(Math.min(positions * n, 1 << 26));
  let freq = new Int32Array(1024);
  let parentOf = new Int32Array(1024);
  let refWords = 0;
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s]!;
    hypCounts[s] = countNgrams(table, vocab.ids(seg[0]!), n);
    const list: NgramCounts[] = new Array(seg.length - 1);
    for (let r = 1; r < seg.length; r++) {
      const tokens = seg[r]!;
      const ids = vocab.ids(tokens);
      const c = countNgrams(table, ids, n);
      list[r - 1] = c;
      refWords += tokens.length;
      if (table.size + 1 > freq.length) {
        let size = freq.length;
        while (size < table.size + 1) size *= 2;
        const f = new Int32Array(size);
        f.set(freq);
        freq = f;
        const p = new Int32Array(size);
        p.set(parentOf);
        parentOf = p;
      }
      for (let i = 0; i < c.keys.length; i++) {
        const key = c.keys[i]!;
        freq[key] = freq[key]! + c.counts[i]!;
      }
      // The prefix of every reference n-gram (all already interned: child() only finds them).
      for (let p = 0; p < ids.length; p++) {
        let key = 0;
        const lim = Math.min(n, ids.length - p);
        for (let j = 0; j < lim; j++) {
          const next = table.child(key, ids[p + j]!);
          parentOf[next] = key;
          key = next;
        }
      }
    }
    refCounts[s] = list;
  }
  const weights = new Float64Array(freq.length).fill(Number.NaN);
  const weight = (key: number): number => {
    let w = weights[key]!;
    if (w !== w) {
      const parent = parentOf[key]!;
      const numerator = parent === 0 ? refWords : freq[parent]!;
      w = log(numerator / freq[key]!) / LN2;
      weights[key] = w;
    }
    return w;
  };

  const numSum = new Float64Array(n);
  const denSum = new Float64Array(n);
  let lRef = 0;
  let lSys = 0;
  const bestP = new Float64Array(n);
  const bestNum = new Float64Array(n);
  const bestLen = new Float64Array(n);
  const bestRef = new Int32Array(n);
  const refCount = new Int32Array(freq.length);
  const chosen: Int32Array[] | undefined = withChoices ? [] : undefined;
  for (let s = 0; s < segments.length; s++) {
    const seg = segments[s]!;
    const hc = hypCounts[s]!;
    const hypLen = seg[0]!.length;
    bestP.fill(Number.NEGATIVE_INFINITY);
    for (let r = 1; r < seg.length; r++) {
      const rc = refCounts[s]![r - 1]!;
      const refLen = seg[r]!.length;
      for (let i = 0; i < rc.keys.length; i++) refCount[rc.keys[i]!] = rc.counts[i]!;
      for (let o = 0; o < n; o++) {
        const den = hc.totals[o]!;
        let num = 0;
        for (let i = hc.offsets[o]!; i < hc.offsets[o + 1]!; i++) {
          const key = hc.keys[i]!;
          const h = hc.counts[i]!;
          const rcount = refCount[key]!;
          const c = h < rcount ? h : rcount;
          if (c > 0) num += weight(key) * c;
        }
        const p = den === 0 ? 0 : num / den;
        // max() over (precision, numerator, denominator, ref_len) tuples keeps the first largest.
        if (p > bestP[o]! || (p === bestP[o]! && (num > bestNum[o]! || (num === bestNum[o]! && refLen > bestLen[o]!)))) {
          bestP[o] = p;
          bestNum[o] = num;
          bestLen[o] = refLen;
          bestRef[o] = r - 1;
        }
      }
      for (let i = 0; i < rc.keys.length; i++) refCount[rc.keys[i]!] = 0;
    }
    for (let o = 0; o < n; o++) {
      numSum[o] = numSum[o]! + bestNum[o]!;
      denSum[o] = denSum[o]! + hc.totals[o]!;
      lRef += bestLen[o]!;
      lSys += hypLen;
    }
    if (chosen !== undefined) chosen.push(bestRef.slice());
  }
  const precisions: number[] = [];
  let precision = 0;
  for (let o = 0; o < n; o++) {
    const p = denSum[o] === 0 ? 0 : numSum[o]! / denSum[o]!;
    precisions.push(p);
    precision += p;
  }
  const lengthPenalty = nistLengthPenalty(lRef, lSys);
  return {
    score: segments.length === 0 ? 0 : precision * lengthPenalty,
    numerators: Array.from(numSum),
    denominators: Array.from(denSum),
    precisions,
    sysLength: lSys,
    refLength: lRef,
    lengthPenalty,
    ...(chosen === undefined ? {} : { chosen }),
  };
}
