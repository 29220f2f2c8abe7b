import { ErrorCode, GramscoreError, checkPairwiseInput, describeValue } from "@gramscore/core";
import type { Metric, PairwiseOptions } from "@gramscore/core";

/** How {@link mbr} computes each candidate's utility. */
export type MbrMethod = "pairwise" | "aggregate";

/** Options of {@link mbr}. */
export interface MbrOptions {
  /** The pseudo-references (samples) to score against; default: the candidates themselves. */
  readonly references?: readonly string[];
  /** One non-negative weight per pseudo-reference (e.g. sample probabilities); default equal. */
  readonly weights?: ArrayLike<number>;
  /**
   * `pairwise` (default): the weighted mean of the candidate's segment scores against every
   * pseudo-reference (the N × M matrix). `aggregate`: its score against the averaged n-gram statistics
   * of the pseudo-references (reference aggregation, Vamvas & Sennrich 2024; N + M work; a different
   * quantity, see {@link aggregateUtility}). Only metrics with `aggregateScores` (chrF, BLEU) offer it.
   */
  readonly method?: MbrMethod;
  /** With the candidates as their own pseudo-references: leave out each candidate's score against itself. Default false. */
  readonly excludeSelf?: boolean;
  /** Which number of a segment result is the utility (a `summarize` column); default the metric's primary score. */
  readonly field?: string;
}

/** What {@link mbr} chooses. */
export interface MbrResult {
  /** Index of the chosen candidate (the first of equally good ones). */
  readonly index: number;
  /** The chosen candidate. */
  readonly candidate: string;
  /** Its expected utility. */
  readonly utility: number;
  /** The expected utility of every candidate, in order. */
  readonly utilities: Float64Array;
  /** How the utilities were computed. */
  readonly method: MbrMethod;
}

/** The error for finite weights whose sum is past the largest double (each would normalize to 0). */
function weightsOverflow(sum: number): GramscoreError {
  return new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `weights add up to ${sum} (past the largest double, about 1.8e308), so they cannot be normalized; divide them all by the same number (e.g. their largest), which describes the same distribution.`,
    { details: { option: "weights" } },
  );
}

/** Normalized weights (summing to 1), or equal weights. */
function normalize(weights: ArrayLike<number> | undefined, n: number): Float64Array | undefined {
  if (weights === undefined) return undefined;
  if (weights === null || typeof weights !== "object" || weights.length !== n) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `weights must have one non-negative number per pseudo-reference (${n}), but got ${describeValue(weights)}.`,
      { details: { option: "weights" } },
    );
  }
  let sum = 0;
  for (let j = 0; j < n; j++) {
    const w = weights[j];
    if (typeof w !== "number" || !Number.isFinite(w) || w < 0) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `weights[${j}] must be a finite non-negative number, but got ${describeValue(w)}.`, {
        details: { option: "weights" },
      });
    }
    sum += w;
  }
  if (!(sum > 0)) throw new GramscoreError(ErrorCode.INVALID_OPTION, "weights must not all be 0.", { details: { option: "weights" } });
  if (sum === Number.POSITIVE_INFINITY) throw weightsOverflow(sum);
  const out = new Float64Array(n);
  for (let j = 0; j < n; j++) out[j] = weights[j]! / sum;
  return out;
}

/**
 * The expected utility of every row of a row-major `rows × cols` score matrix: the mean of its
 * cells, or their weighted mean with `weights` (one per column, normalized to sum 1). With
 * `excludeSelf` (a square matrix of a set against itself), the diagonal cell is left out of each
 * row's mean (and its weight out of the normalization).
 * @throws GramscoreError `INVALID_OPTION` for a matrix of the wrong size or bad weights.
 */
export function expectedUtility(
  matrix: ArrayLike<number>,
  rows: number,
  cols: number,
  options: { readonly weights?: ArrayLike<number>; readonly excludeSelf?: boolean } = {},
): Float64Array {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 0 || cols < 0 || matrix.length !== rows * cols) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The score matrix must have rows × cols = ${rows} × ${cols} cells, but it has ${describeValue(matrix?.length)}.`,
    );
  }
  const excludeSelf = options.excludeSelf === true;
  if (excludeSelf && rows !== cols) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `excludeSelf needs a square matrix (candidates against themselves), but it is ${rows} × ${cols}.`, {
      details: { option: "excludeSelf" },
    });
  }
  const w = normalize(options.weights, cols);
  const out = new Float64Array(rows);
  for (let i = 0; i < rows; i++) {
    let sum = 0;
    let mass = 0;
    const base = i * cols;
    for (let j = 0; j < cols; j++) {
      if (excludeSelf && j === i) continue;
      const wj = w === undefined ? 1 : w[j]!;
      sum += wj * matrix[base + j]!;
      mass += wj;
    }
    out[i] = mass > 0 ? sum / mass : NaN;
  }
  return out;
}

/**
 * Index of the best value: the largest (or the smallest when `higherIsBetter` is false); the first
 * of ties; NaN never wins. −1 for an empty array or all NaN.
 */
export function argmax(values: ArrayLike<number>, higherIsBetter = true): number {
  let best = -1;
  let bestValue = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (best < 0 || (higherIsBetter ? v > bestValue : v < bestValue)) {
      best = i;
      bestValue = v;
    }
  }
  return best;
}

/**
 * The score matrix of `metric` (row = hypothesis, column = reference): its `pairwise` capability when
 * it has one, else every pair scored alone (`summarize(score(stats(h, [r]), "segment"))[field]`).
 * @throws GramscoreError for bad strings or an unknown field.
 */
export function scoreMatrix(metric: Metric, hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions): Float64Array {
  if (typeof metric?.pairwise === "function") return metric.pairwise(hyps, refs, options);
  checkPairwiseInput(hyps, refs, `${metric?.name ?? "metric"} score matrix`);
  const out = new Float64Array(hyps.length * refs.length);
  let field = options?.field;
  for (let i = 0; i < hyps.length; i++) {
    for (let j = 0; j < refs.length; j++) {
      const summary = metric.summarize(metric.score(metric.stats(hyps[i]!, [refs[j]!]), "segment"));
      if (field === undefined) field = Object.keys(summary)[0];
      const value = field === undefined ? undefined : summary[field];
      if (typeof value !== "number") {
        throw new GramscoreError(
          ErrorCode.INVALID_OPTION,
          `${metric.name} results have the fields ${Object.keys(summary).join(", ")}, but ${describeValue(field)} was asked for.`,
          { details: { option: "field" } },
        );
      }
      out[i * refs.length + j] = value;
    }
  }
  return out;
}

/**
 * Reference aggregation (Vamvas & Sennrich, 2024, "Linear-time Minimum Bayes Risk Decoding with
 * Reference Aggregation"): each candidate scored once against the (weighted) average of the
 * pseudo-references' n-gram statistics, through the metric's `aggregateScores` capability.
 *
 * This is not the expected utility of {@link expectedUtility} (the mean of the pairwise scores): it is
 * the metric of the averaged statistics, which costs N + M instead of N × M and, in the paper,
 * selects nearly the same candidates.
 * @throws GramscoreError `INVALID_OPTION` when the metric has no `aggregateScores` (only chrF and BLEU do).
 */
export function aggregateUtility(
  metric: Metric,
  candidates: readonly string[],
  references: readonly string[],
  weights?: ArrayLike<number>,
): Float64Array {
  if (typeof metric?.aggregateScores !== "function") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The metric ${describeValue(metric?.name)} cannot aggregate references (it has no aggregateScores); use method "pairwise", or chrF / BLEU.`,
      { details: { option: "method" } },
    );
  }
  return metric.aggregateScores(candidates, references, weights === undefined ? undefined : { weights });
}

/**
 * Minimum Bayes Risk selection: the candidate with the highest expected utility against the
 * pseudo-references (the candidates themselves by default), by the pairwise mean or by reference
 * aggregation ({@link MbrOptions.method}). For metrics where lower is better (error rates), the lowest.
 * ```ts
 * mbr(createChrf(), ["the cat sat", "a cat sat", "the dog"]).candidate; // "the cat sat"
 * ```
 * @throws GramscoreError `EMPTY_INPUT` for no candidates, and the errors of the scoring.
 */
export function mbr(metric: Metric, candidates: readonly string[], options: MbrOptions = {}): MbrResult {
  if (Array.isArray(candidates) && candidates.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "MBR needs at least one candidate, but the candidates array is empty.");
  }
  const references = options.references ?? candidates;
  const method = options.method ?? "pairwise";
  let utilities: Float64Array;
  if (method === "pairwise") {
    const field = options.field === undefined ? undefined : { field: options.field };
    const matrix = scoreMatrix(metric, candidates, references, field);
    utilities = expectedUtility(matrix, candidates.length, references.length, {
      weights: options.weights,
      excludeSelf: options.excludeSelf === true && options.references === undefined,
    });
  } else if (method === "aggregate") {
    utilities = aggregateUtility(metric, candidates, references, options.weights);
  } else {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `method must be "pairwise" or "aggregate", but got ${describeValue(method)}.`, {
      details: { option: "method" },
    });
  }
  const index = argmax(utilities, metric.higherIsBetter !== false);
  const at = index < 0 ? 0 : index;
  return { index: at, candidate: candidates[at]!, utility: utilities[at]!, utilities, method };
}
