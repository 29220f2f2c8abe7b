/**
 * chrF / chrF++ pairwise matrices and reference aggregation. Every string is lowercased (when asked),
 * split into code points and words once, and profiled as sorted n-gram id counts; a cell then costs
 * one pass over the reference's profile against the hypothesis's counts scattered into an array, and
 * its score comes from the same {@link fScore} the metric's `score` uses.
 */
import { ErrorCode, GramscoreError, checkPairwiseInput, describeValue, normalizedWeights, pairwiseMethods, pairwiseRows, pairwiseUnits } from "@gramscore/core";
import type { AggregateOptions, AggregateScorer, PairwiseOptions, PairwiseScorer } from "@gramscore/core";
import { NgramPostings, NgramProfiler, addWeightedCounts, meanMatches } from "@gramscore/ngram";
import type { NgramProfile } from "@gramscore/ngram";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import { writeCodePoints } from "./kernel.js";
import { resolveChrfOptions } from "./options.js";
import type { ChrfOptions, ResolvedChrfOptions } from "./options.js";
import { fScore } from "./score.js";
import { chrfWordRanges } from "./words.js";

/** Character and word profiles of one string. */
interface ChrfProfile {
  readonly chars: NgramProfile | undefined;
  readonly words: NgramProfile | undefined;
}

/** Profiles strings for one metric configuration; ids are shared by everything profiled with it. */
class ChrfProfiler {
  readonly chars: NgramProfiler | undefined;
  readonly words: NgramProfiler | undefined;
  readonly #opts: ResolvedChrfOptions;
  readonly #wordIds = new Map<string, number>();
  readonly #seen = new Map<string, ChrfProfile>();
  #buf = new Int32Array(256);
  #ranges = new Int32Array(512);

  /** @param units UTF-16 units of all the text to profile (sizes the n-gram tables). */
  constructor(opts: ResolvedChrfOptions, units: number) {
    this.#opts = opts;
    this.chars = opts.charOrder > 0 ? new NgramProfiler(opts.charOrder, (units * opts.charOrder) >> 2) : undefined;
    this.words = opts.wordOrder > 0 ? new NgramProfiler(opts.wordOrder, (units * opts.wordOrder) >> 3) : undefined;
  }

  /** The profile of `text` (the same object for a string seen before). */
  profile(text: string): ChrfProfile {
    let p = this.#seen.get(text);
    if (p === undefined) this.#seen.set(text, (p = this.#build(text)));
    return p;
  }

  #build(text: string): ChrfProfile {
    if (this.#opts.lowercase) text = pyLower(text);
    if (this.#buf.length < text.length) this.#buf = new Int32Array(2 * text.length);
    let chars: NgramProfile | undefined;
    let words: NgramProfile | undefined;
    if (this.chars !== undefined) {
      const n = writeCodePoints(text, this.#opts.whitespace, this.#buf, 0);
      chars = this.chars.profile(this.#buf, n);
    }
    if (this.words !== undefined) {
      if (this.#ranges.length < 2 * text.length) this.#ranges = new Int32Array(4 * text.length);
      const count = chrfWordRanges(text, this.#ranges);
      for (let w = 0; w < count; w++) {
        const word = text.slice(this.#ranges[2 * w]!, this.#ranges[2 * w + 1]!);
        let id = this.#wordIds.get(word);
        if (id === undefined) this.#wordIds.set(word, (id = this.#wordIds.size));
        this.#buf[w] = id;
      }
      words = this.words.profile(this.#buf, count);
    }
    return { chars, words };
  }
}

/**
 * Writes `[hyp_n, ref_n, match_n]` per order into `row` from `offset`, exactly as the metric's
 * statistics for a single reference: `hyp_n` is 0 when the reference has no n-gram of order `n`;
 * the matches come from `acc[at …]`.
 */
function pairStats(hypLen: number, refLen: number, acc: Int32Array, at: number, row: Int32Array, offset: number, orders: number): void {
  for (let n = 1; n <= orders; n++) {
    const o = offset + 3 * (n - 1);
    const refN = refLen - n + 1;
    if (refN <= 0) {
      row[o] = 0;
      row[o + 1] = 0;
      row[o + 2] = 0;
      continue;
    }
    const hypN = hypLen - n + 1;
    row[o] = hypN > 0 ? hypN : 0;
    row[o + 1] = refN;
    row[o + 2] = acc[at + n - 1]!;
  }
}

/** The pairwise and aggregation methods of a chrF metric with options `opts`. @internal */
export function chrfPairwise(opts: ResolvedChrfOptions): PairwiseScorer & AggregateScorer {
  const { charOrder, wordOrder, epsSmoothing } = opts;
  const orders = charOrder + wordOrder;
  const factor = opts.beta * opts.beta;
  const caller = wordOrder > 0 ? "chrF++ pairwise(hyps, refs)" : "chrF pairwise(hyps, refs)";

  const checkField = (options: PairwiseOptions | undefined): void => {
    const field = options?.field;
    if (field !== undefined && field !== "score") {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `chrF has one number per result, "score", but the field ${describeValue(field)} was asked for.`, {
        details: { option: "field" },
      });
    }
  };

  function pairwise(hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions): Float64Array {
    checkPairwiseInput(hyps, refs, caller);
    checkField(options);
    const [first, last] = pairwiseRows(options, hyps.length);
    const profiler = new ChrfProfiler(opts, pairwiseUnits(hyps, refs));
    const rp: ChrfProfile[] = refs.map((r) => profiler.profile(r));
    const chars = charOrder > 0 ? new NgramPostings(rp.map((p) => p.chars!), profiler.chars!.size) : undefined;
    const words = wordOrder > 0 ? new NgramPostings(rp.map((p) => p.words!), profiler.words!.size) : undefined;
    const nRefs = refs.length;
    const out = new Float64Array((last - first) * nRefs);
    // Matches per reference and order (character orders, then word orders) for the current row.
    const acc = new Int32Array(nRefs * orders);
    const row = new Int32Array(3 * orders);
    for (let i = first; i < last; i++) {
      const h = profiler.profile(hyps[i]!);
      acc.fill(0);
      chars?.accumulate(h.chars!, acc, orders, 0);
      words?.accumulate(h.words!, acc, orders, charOrder);
      const base = (i - first) * nRefs;
      for (let j = 0; j < nRefs; j++) {
        const r = rp[j]!;
        if (charOrder > 0) pairStats(h.chars!.length, r.chars!.length, acc, j * orders, row, 0, charOrder);
        if (wordOrder > 0) pairStats(h.words!.length, r.words!.length, acc, j * orders + charOrder, row, 3 * charOrder, wordOrder);
        out[base + j] = fScore(row, 0, orders, factor, epsSmoothing);
      }
    }
    return out;
  }

  function aggregateScores(hyps: readonly string[], refs: readonly string[], options?: AggregateOptions): Float64Array {
    checkPairwiseInput(hyps, refs, wordOrder > 0 ? "chrF++ aggregateScores(hyps, refs)" : "chrF aggregateScores(hyps, refs)");
    const w = normalizedWeights(refs.length, options?.weights);
    const profiler = new ChrfProfiler(opts, pairwiseUnits(hyps, refs));
    const rp = refs.map((r) => profiler.profile(r));
    const charMean = new Float64Array(profiler.chars?.size ?? 0);
    const wordMean = new Float64Array(profiler.words?.size ?? 0);
    const charTotals = new Float64Array(charOrder);
    const wordTotals = new Float64Array(wordOrder);
    for (let j = 0; j < rp.length; j++) {
      if (w[j] === 0) continue;
      if (charOrder > 0) addMean(rp[j]!.chars!, w[j]!, charMean, charTotals);
      if (wordOrder > 0) addMean(rp[j]!.words!, w[j]!, wordMean, wordTotals);
    }
    const row = new Float64Array(3 * orders);
    const out = new Float64Array(hyps.length);
    for (let i = 0; i < hyps.length; i++) {
      // New n-grams get ids beyond the means and count 0 there.
      const h = profiler.profile(hyps[i]!);
      if (charOrder > 0) aggregateStats(h.chars!, charMean, charTotals, row, 0);
      if (wordOrder > 0) aggregateStats(h.words!, wordMean, wordTotals, row, 3 * charOrder);
      out[i] = fScore(row, 0, orders, factor, epsSmoothing);
    }
    return out;
  }

  return pairwiseMethods(pairwise, aggregateScores);
}

function addMean(p: NgramProfile, weight: number, mean: Float64Array, totals: Float64Array): void {
  addWeightedCounts(p, weight, mean);
  for (let n = 1; n <= totals.length; n++) {
    const c = p.length - n + 1;
    if (c > 0) totals[n - 1]! += weight * c;
  }
}

/** Per order: hyp n-grams (0 when the aggregate has none), the mean reference n-grams, Σ min(hyp, mean ref). */
function aggregateStats(hyp: NgramProfile, mean: Float64Array, totals: Float64Array, row: Float64Array, offset: number): void {
  for (let n = 1; n <= totals.length; n++) {
    const at = offset + 3 * (n - 1);
    const refN = totals[n - 1]!;
    const match = meanMatches(hyp, n, mean);
    const hypN = hyp.length - n + 1;
    row[at] = refN > 0 && hypN > 0 ? hypN : 0;
    row[at + 1] = refN;
    row[at + 2] = refN > 0 ? match : 0;
  }
}

/**
 * The chrF matrix of every hypothesis against every single reference, row-major (`out[i * refs.length
 * + j]`): each cell equals `sentenceChrf(hyps[i], [refs[j]], options).score` to the last bit. Every
 * string is profiled once. Pass `{ wordOrder: 2 }` for chrF++.
 * ```ts
 * pairwiseChrf(["a cat", "the cat"], ["the cat", "a dog"]); // Float64Array(4) [cell 0,0, cell 0,1, cell 1,0, cell 1,1]
 * ```
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for a bad string, `INVALID_OPTION`.
 */
export function pairwiseChrf(
  hyps: readonly string[],
  refs: readonly string[],
  options?: ChrfOptions,
  pairwiseOptions?: PairwiseOptions,
): Float64Array {
  return chrfPairwise(resolveChrfOptions(options, 0)).pairwise(hyps, refs, pairwiseOptions);
}

/**
 * Reference aggregation (Vamvas & Sennrich, 2024): the chrF of each hypothesis against the
 * (weighted) mean of the references' n-gram counts: per order, matches `Σ min(hyp count, mean ref
 * count)` over the mean reference n-gram total, then chrF's F-score as usual. This is not the mean of
 * the pairwise chrF scores (the F-score of mean statistics, not the mean of F-scores), but ranks
 * MBR candidates much like it at linear cost.
 * @throws GramscoreError for bad strings, no references, bad weights or options.
 */
export function aggregateChrf(
  hyps: readonly string[],
  refs: readonly string[],
  options?: ChrfOptions,
  aggregateOptions?: AggregateOptions,
): Float64Array {
  return chrfPairwise(resolveChrfOptions(options, 0)).aggregateScores(hyps, refs, aggregateOptions);
}
