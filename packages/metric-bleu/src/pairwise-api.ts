import type { AggregateOptions, PairwiseOptions } from "@gramscore/core";
import { createBleu } from "./bleu.js";
import type { BleuOptions } from "./options.js";

/**
 * The sentence-BLEU matrix of every hypothesis against every single reference, row-major
 * (`out[i * refs.length + j]`): each cell equals `sentenceBleu(hyps[i], [refs[j]], options).score` to the
 * last bit (sentence defaults: effective order on, exp smoothing, 13a). Every string is tokenized once.
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for a bad string, `INVALID_OPTION`.
 */
export function pairwiseBleu(
  hyps: readonly string[],
  refs: readonly string[],
  options?: BleuOptions,
  pairwiseOptions?: PairwiseOptions,
): Float64Array {
  return createBleu({ effectiveOrder: true, ...options }).pairwise(hyps, refs, pairwiseOptions);
}

/**
 * Reference aggregation (Vamvas & Sennrich, 2024) for BLEU with sentence defaults: each hypothesis
 * scored once against the (weighted) mean of the references' n-gram counts, with the mean reference
 * length: matches `Σ min(hyp count, mean ref count)` per order, then BLEU's usual smoothing and
 * brevity penalty. Not the mean of the pairwise sentence-BLEU scores (BLEU of mean statistics, not
 * the mean of BLEU), but a linear-time stand-in for it in MBR decoding.
 * @throws GramscoreError for bad strings, no references, bad weights or options.
 */
export function aggregateBleu(
  hyps: readonly string[],
  refs: readonly string[],
  options?: BleuOptions,
  aggregateOptions?: AggregateOptions,
): Float64Array {
  return createBleu({ effectiveOrder: true, ...options }).aggregateScores(hyps, refs, aggregateOptions);
}
