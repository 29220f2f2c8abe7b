/**
 * What the pairwise and aggregation methods of every metric share: the text size that sizes their
 * n-gram tables, the refusal of a cell field the metric does not have, and the methods object itself.
 */
import { ErrorCode, GramscoreError, describeValue } from "../errors.js";
import type { AggregateScorer, PairwiseScorer } from "../pairwise.js";
import { pairwiseBatchOf } from "../pairwise-check.js";

/**
 * UTF-16 units of the hypotheses and references of a matrix, counting the references only when they
 * are another array (an MBR matrix scores a list against itself): the size n-gram tables start at.
 */
export function pairwiseUnits(hyps: readonly string[], refs: readonly string[]): number {
  let n = 0;
  for (let i = 0; i < hyps.length; i++) n += hyps[i]!.length;
  if (refs !== hyps) for (let j = 0; j < refs.length; j++) n += refs[j]!.length;
  return n;
}

/**
 * The error for a `PairwiseOptions.field` the metric's cells cannot hold: `INVALID_OPTION` with
 * `details.option` = `field`.
 * @param metric The metric's display name (`BLEU`).
 * @param fields The fields a cell can hold, as the message lists them.
 */
export function pairwiseFieldError(metric: string, fields: readonly string[], field: unknown): GramscoreError {
  return new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `A ${metric} pairwise cell holds one of ${fields.join(", ")}, but the field ${describeValue(field)} was asked for.`,
    { details: { option: "field" } },
  );
}

/** The pairwise methods of a metric from its `pairwise` (with `pairwiseBatch` made from it). */
export function pairwiseMethods(pairwise: PairwiseScorer["pairwise"]): PairwiseScorer;
/** The pairwise and aggregation methods of a metric from its `pairwise` and `aggregateScores`. */
export function pairwiseMethods(pairwise: PairwiseScorer["pairwise"], aggregateScores: AggregateScorer["aggregateScores"]): PairwiseScorer & AggregateScorer;
export function pairwiseMethods(
  pairwise: PairwiseScorer["pairwise"],
  aggregateScores?: AggregateScorer["aggregateScores"],
): PairwiseScorer | (PairwiseScorer & AggregateScorer) {
  const batch = pairwiseBatchOf(pairwise);
  return aggregateScores === undefined ? { pairwise, pairwiseBatch: batch } : { pairwise, pairwiseBatch: batch, aggregateScores };
}
