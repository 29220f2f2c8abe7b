/**
 * Optional capabilities of a {@link Metric} for scoring many hypotheses against many references at
 * once: pairwise score matrices (MBR decoding, best-of-N reranking) and scores against an aggregated
 * reference (Vamvas & Sennrich 2024's reference aggregation).
 */

/** Options of {@link PairwiseScorer.pairwise}. */
export interface PairwiseOptions {
  /**
   * Computes only the hypothesis rows `[start, end)` (default: all). The result then has
   * `end − start` rows; the values are those of the full matrix (used to split a matrix across
   * worker threads).
   */
  readonly rows?: readonly [start: number, end: number];
  /**
   * Which number of a sentence result fills a cell, by the column names of `summarize` (e.g.
   * `rougeL.fmeasure`); default: the metric's primary score.
   */
  readonly field?: string;
}

/** One input of {@link PairwiseScorer.pairwiseBatch}: its hypotheses and references. */
export interface PairwiseInput {
  readonly hyps: readonly string[];
  readonly refs: readonly string[];
}

/**
 * The pairwise capability: `pairwise(hyps, refs)` is the row-major `hyps.length × refs.length` matrix
 * whose cell `[i * refs.length + j]` equals, to the last bit, the number the metric gives at segment
 * level for `hyps[i]` against the single reference `refs[j]` (`summarize(score(stats(hyps[i],
 * [refs[j]]), "segment"))`, field {@link PairwiseOptions.field}). Implementations tokenize and profile
 * every string once, so a matrix costs far less than its cells one by one.
 */
export interface PairwiseScorer {
  /**
   * The score matrix, row-major: row = hypothesis, column = reference.
   * @throws GramscoreError for a non-string entry, a bad `rows` range or an unknown `field`.
   */
  pairwise(hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions): Float64Array;
  /** {@link pairwise} of many inputs (e.g. the candidate lists of many source sentences), in order. */
  pairwiseBatch(inputs: readonly PairwiseInput[], options?: PairwiseOptions): Float64Array[];
}

/** Options of {@link AggregateScorer.aggregateScores}. */
export interface AggregateOptions {
  /** One non-negative weight per reference (default: equal); the aggregate is their weighted mean. */
  readonly weights?: ArrayLike<number>;
}

/**
 * The reference-aggregation capability (Vamvas & Sennrich, 2024, "Linear-time Minimum Bayes Risk
 * Decoding with Reference Aggregation"): the references' n-gram statistics are averaged into one
 * (fractional) representation and every hypothesis is scored against it once, in time linear in the
 * number of hypotheses plus references.
 *
 * This is a different quantity from the mean of the pairwise scores: the metric of the averaged
 * statistics, not the average of the metric. It ranks candidates similarly and is much cheaper.
 */
export interface AggregateScorer {
  /**
   * Each hypothesis's score against the aggregate of `refs` (length `hyps.length`).
   * @throws GramscoreError for a non-string entry, no references or bad weights.
   */
  aggregateScores(hyps: readonly string[], refs: readonly string[], options?: AggregateOptions): Float64Array;
}
