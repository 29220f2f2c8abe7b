import { computeBleu } from "./compute.js";
import type { BleuResult, ComputeOptions } from "./compute.js";
import { closestRefLength } from "./kernel.js";

/** One distinct hypothesis n-gram in an {@link BleuExplanation}. */
export interface BleuNgramExplanation {
  /** The n-gram's tokens. */
  tokens: string[];
  /** Start index (in hypothesis tokens) of each occurrence, in order. */
  positions: number[];
  /** Occurrences in the hypothesis. */
  count: number;
  /** Occurrences in each reference. */
  referenceCounts: number[];
  /** The maximum over the references: how many occurrences can match. */
  maxReferenceCount: number;
  /** `min(count, maxReferenceCount)`: what this n-gram adds to the order's matches (the clip). */
  matched: number;
  /** `count - matched`: occurrences clipped away or unmatched. */
  clipped: number;
  /** Index of the first reference with the maximum count (the one that allowed the matches), −1 if none has it. */
  reference: number;
  /**
   * The occurrences shown as matched: the first `matched` positions. (BLEU counts matches, not
   * alignments; marking the earliest occurrences is a display convention.)
   */
  matchedPositions: number[];
}

/** One order of an {@link BleuExplanation}. */
export interface BleuOrderExplanation {
  /** The order (1 = unigrams). */
  n: number;
  /** Clipped matches of this order (before smoothing). */
  matches: number;
  /** Hypothesis n-grams of this order. */
  total: number;
  /** Distinct hypothesis n-grams, in order of first occurrence. */
  ngrams: BleuNgramExplanation[];
}

/** Why a segment gets its BLEU: see {@link BleuMetric.explain}. */
export interface BleuExplanation {
  /** Hypothesis tokens, as BLEU counts them. */
  hypothesis: string[];
  /** Reference tokens. */
  references: string[][];
  /** Length of each reference. */
  referenceLengths: number[];
  /** Hypothesis length. */
  sysLen: number;
  /** The reference length used for the brevity penalty (closest; ties to the shorter). */
  refLen: number;
  /** Index of the first reference with that length. */
  refIndex: number;
  /** Per order, every hypothesis n-gram. */
  orders: BleuOrderExplanation[];
  /** Per hypothesis token, the highest order of a matched n-gram covering it (0 = no match): a colour map. */
  coverage: number[];
  /** The segment's result with the metric's options. */
  result: BleuResult;
}

function countsOf(length: number, n: number, key: (i: number) => string): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= length; i++) {
    const k = key(i);
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** Builds the explanation from token lists (not a hot path: plain maps, clear code). */
export function explainSegment(
  hyp: readonly string[],
  refs: readonly (readonly string[])[],
  options: ComputeOptions,
): BleuExplanation {
  const N = options.maxNgramOrder;
  // Ids shared by hypothesis and references; an n-gram's key is its ids joined by ",", never ambiguous.
  const vocab = new Map<string, number>();
  const idsOf = (tokens: readonly string[]) =>
    tokens.map((t) => {
      let id = vocab.get(t);
      if (id === undefined) vocab.set(t, (id = vocab.size));
      return id;
    });
  const hypIds = idsOf(hyp);
  const refIds = refs.map(idsOf);
  const orders: BleuOrderExplanation[] = [];
  const coverage = new Array<number>(hyp.length).fill(0);
  const matches: number[] = [];
  const totals: number[] = [];
  for (let n = 1; n <= N; n++) {
    const keyIn = (ids: number[]) => (i: number) => ids.slice(i, i + n).join(",");
    const refCounts = refIds.map((ids) => countsOf(ids.length, n, keyIn(ids)));
    const byKey = new Map<string, BleuNgramExplanation>();
    const ngrams: BleuNgramExplanation[] = [];
    for (let i = 0; i + n <= hyp.length; i++) {
      const key = keyIn(hypIds)(i);
      let entry = byKey.get(key);
      if (entry === undefined) {
        const referenceCounts = refCounts.map((m) => m.get(key) ?? 0);
        const maxReferenceCount = Math.max(0, ...referenceCounts);
        entry = {
          tokens: hyp.slice(i, i + n),
          positions: [],
          count: 0,
          referenceCounts,
          maxReferenceCount,
          matched: 0,
          clipped: 0,
          reference: maxReferenceCount > 0 ? referenceCounts.indexOf(maxReferenceCount) : -1,
          matchedPositions: [],
        };
        byKey.set(key, entry);
        ngrams.push(entry);
      }
      entry.positions.push(i);
      entry.count++;
    }
    let m = 0;
    for (const g of ngrams) {
      g.matched = Math.min(g.count, g.maxReferenceCount);
      g.clipped = g.count - g.matched;
      g.matchedPositions = g.positions.slice(0, g.matched);
      for (const p of g.matchedPositions) for (let j = p; j < p + n; j++) if (coverage[j]! < n) coverage[j] = n;
      m += g.matched;
    }
    const total = Math.max(hyp.length - n + 1, 0);
    matches.push(m);
    totals.push(total);
    orders.push({ n, matches: m, total, ngrams });
  }
  const referenceLengths = refs.map((r) => r.length);
  const refLen = closestRefLength(hyp.length, referenceLengths);
  return {
    hypothesis: [...hyp],
    references: refs.map((r) => [...r]),
    referenceLengths,
    sysLen: hyp.length,
    refLen,
    refIndex: referenceLengths.indexOf(refLen),
    orders,
    coverage,
    result: computeBleu(hyp.length, refLen, matches, totals, options),
  };
}
