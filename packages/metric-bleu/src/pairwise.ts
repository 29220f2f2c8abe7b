/**
 * BLEU pairwise matrices and reference aggregation. Every string is tokenized (as the metric does:
 * lowercased when asked, right-stripped, tokenized) and profiled once as word n-gram id counts; the
 * matches of a hypothesis against all references come from an inverted index, and every cell's score
 * from the same {@link computeBleuAt} the metric's segment score uses.
 */
import { checkPairwiseInput, normalizedWeights, pairwiseFieldError, pairwiseMethods, pairwiseRows, pairwiseUnits } from "@gramscore/core";
import type { AggregateOptions, AggregateScorer, PairwiseOptions, PairwiseScorer } from "@gramscore/core";
import { NgramPostings, NgramProfiler, addWeightedCounts, meanMatches } from "@gramscore/ngram";
import type { NgramProfile } from "@gramscore/ngram";
import { computeBleuAt } from "./compute.js";
import type { ComputeOptions } from "./compute.js";

/** The BLEU numbers a pairwise cell can hold (the columns of the metric's `summarize`). */
const FIELDS = ["score", "bp"] as const;

/** Tokenizes and profiles strings for one metric; equal strings share a profile. */
class BleuProfiler {
  readonly ngrams: NgramProfiler;
  readonly #tokenize: (text: string) => readonly string[];
  readonly #tokenIds = new Map<string, number>();
  readonly #seen = new Map<string, NgramProfile>();
  #buf = new Int32Array(64);

  constructor(tokenize: (text: string) => readonly string[], maxOrder: number, units: number) {
    this.#tokenize = tokenize;
    this.ngrams = new NgramProfiler(maxOrder, (units * Math.min(maxOrder, 4)) >> 2);
  }

  profile(text: string): NgramProfile {
    let p = this.#seen.get(text);
    if (p === undefined) {
      const tokens = this.#tokenize(text);
      if (this.#buf.length < tokens.length) this.#buf = new Int32Array(2 * tokens.length);
      for (let t = 0; t < tokens.length; t++) {
        const token = tokens[t]!;
        let id = this.#tokenIds.get(token);
        if (id === undefined) this.#tokenIds.set(token, (id = this.#tokenIds.size));
        this.#buf[t] = id;
      }
      p = this.ngrams.profile(this.#buf, tokens.length);
      this.#seen.set(text, p);
    }
    return p;
  }
}

/** Hypothesis n-grams per order (`max(0, length − n + 1)`) into `row[N …]`. */
function writeTotals(length: number, row: Float64Array, N: number): void {
  for (let n = 1; n <= N; n++) row[N + n - 1] = length - n + 1 > 0 ? length - n + 1 : 0;
}

/**
 * The pairwise and aggregation methods of a BLEU metric that tokenizes with `tokenize` and scores
 * with options `o`. @internal
 */
export function bleuPairwise(
  tokenize: (text: string) => readonly string[],
  o: ComputeOptions,
): PairwiseScorer & AggregateScorer {
  const N = o.maxNgramOrder;

  const wantBp = (options: PairwiseOptions | undefined): boolean => {
    const field = options?.field;
    if (field === undefined || field === "score") return false;
    if (field === "bp") return true;
    throw pairwiseFieldError("BLEU", FIELDS, field);
  };

  function pairwise(hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions): Float64Array {
    checkPairwiseInput(hyps, refs, "BLEU pairwise(hyps, refs)");
    const bp = wantBp(options);
    const [first, last] = pairwiseRows(options, hyps.length);
    const profiler = new BleuProfiler(tokenize, N, pairwiseUnits(hyps, refs));
    const rp = refs.map((r) => profiler.profile(r));
    const postings = new NgramPostings(rp, profiler.ngrams.size);
    const nRefs = refs.length;
    const out = new Float64Array((last - first) * nRefs);
    const acc = new Int32Array(nRefs * N);
    // One segment's statistics: matches per order, then hypothesis n-grams per order.
    const row = new Float64Array(2 * N);
    for (let i = first; i < last; i++) {
      const h = profiler.profile(hyps[i]!);
      acc.fill(0);
      postings.accumulate(h, acc, N, 0);
      writeTotals(h.length, row, N);
      const base = (i - first) * nRefs;
      for (let j = 0; j < nRefs; j++) {
        for (let n = 0; n < N; n++) row[n] = acc[j * N + n]!;
        const result = computeBleuAt(h.length, rp[j]!.length, row, 0, row, N, o);
        out[base + j] = bp ? result.bp : result.score;
      }
    }
    return out;
  }

  function aggregateScores(hyps: readonly string[], refs: readonly string[], options?: AggregateOptions): Float64Array {
    checkPairwiseInput(hyps, refs, "BLEU aggregateScores(hyps, refs)");
    const w = normalizedWeights(refs.length, options?.weights);
    const profiler = new BleuProfiler(tokenize, N, pairwiseUnits(hyps, refs));
    const rp = refs.map((r) => profiler.profile(r));
    const mean = new Float64Array(profiler.ngrams.size);
    let refLen = 0;
    for (let j = 0; j < rp.length; j++) {
      const weight = w[j]!;
      if (weight === 0) continue;
      addWeightedCounts(rp[j]!, weight, mean);
      refLen += weight * rp[j]!.length;
    }
    const row = new Float64Array(2 * N);
    const out = new Float64Array(hyps.length);
    for (let i = 0; i < hyps.length; i++) {
      const h = profiler.profile(hyps[i]!);
      for (let n = 0; n < N; n++) row[n] = meanMatches(h, n + 1, mean);
      writeTotals(h.length, row, N);
      out[i] = computeBleuAt(h.length, refLen, row, 0, row, N, o).score;
    }
    return out;
  }

  return pairwiseMethods(pairwise, aggregateScores);
}

