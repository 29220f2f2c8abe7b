import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import type { PairwiseInput, PairwiseOptions, PairwiseScorer } from "./pairwise.js";
import { findLoneSurrogate } from "./text.js";

function checkList(list: unknown, what: string, caller: string): void {
  if (!Array.isArray(list)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${caller} needs the ${what} as an array of strings, but got ${describeValue(list)}.`,
    );
  }
  for (let i = 0; i < list.length; i++) {
    const s: unknown = list[i];
    if (typeof s !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `${caller}: ${what}[${i}] must be a string, but got ${describeValue(s)}.`, {
        details: { index: i },
      });
    }
    const at = findLoneSurrogate(s);
    if (at >= 0) {
      throw new GramscoreError(
        ErrorCode.LONE_SURROGATE,
        `${caller}: ${what}[${i}] holds an unpaired UTF-16 surrogate at index ${at}, so it is not valid Unicode text. Repair or drop the string.`,
        { details: { index: i, position: at } },
      );
    }
  }
}

/**
 * Checks the inputs of a pairwise matrix: two arrays of valid Unicode strings.
 * @param caller Names the call in messages, e.g. `chrF pairwise(hyps, refs)`.
 * @throws GramscoreError `INVALID_TYPE` or `LONE_SURROGATE`, naming the entry.
 */
export function checkPairwiseInput(hyps: unknown, refs: unknown, caller: string): void {
  checkList(hyps, "hypotheses", caller);
  checkList(refs, "references", caller);
}

/**
 * The hypothesis rows `[start, end)` that {@link PairwiseOptions.rows} asks for (all by default).
 * @throws GramscoreError `INVALID_OPTION` for a range that is not within `0 … nHyps`.
 */
export function pairwiseRows(options: PairwiseOptions | undefined, nHyps: number): [number, number] {
  const rows = options?.rows;
  if (rows === undefined) return [0, nHyps];
  const [start, end] = Array.isArray(rows) ? rows : [NaN, NaN];
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end < start || end > nHyps) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `rows must be [start, end) with integers 0 ≤ start ≤ end ≤ ${nHyps} (the number of hypotheses), but got ${describeValue(rows)}.`,
      { details: { option: "rows" } },
    );
  }
  return [start, end];
}

/**
 * The `pairwiseBatch` of a metric from its `pairwise`: checks that `inputs` is an array and scores
 * each `{ hyps, refs }` in turn (each input is checked by `pairwise` itself).
 * @throws GramscoreError `INVALID_TYPE` when `inputs` is not an array, and what `pairwise` throws.
 */
export function pairwiseBatchOf(pairwise: PairwiseScorer["pairwise"]): PairwiseScorer["pairwiseBatch"] {
  return (inputs, options) => {
    if (!Array.isArray(inputs)) {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `pairwiseBatch needs an array of { hyps, refs }, but got ${describeValue(inputs)}.`);
    }
    return inputs.map((input: PairwiseInput) => pairwise(input?.hyps, input?.refs, options));
  };
}

/**
 * The weights of reference aggregation (`AggregateOptions.weights`) normalized to sum to 1: equal
 * weights `1 / n` when none are given, else each divided by their sum.
 * @throws GramscoreError `EMPTY_INPUT` for no references; `INVALID_OPTION` when the weights are not
 * `n` finite non-negative numbers with a positive sum that is finite too.
 */
export function normalizedWeights(n: number, weights: ArrayLike<number> | undefined): Float64Array {
  if (n === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "Reference aggregation needs at least one reference, but the references array is empty.");
  }
  const w = new Float64Array(n);
  if (weights === undefined) return w.fill(1 / n);
  if (weights === null || typeof weights !== "object" || weights.length !== n) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `weights must have one non-negative number per reference (${n}), but got ${describeValue(weights)}.`, {
      details: { option: "weights" },
    });
  }
  let sum = 0;
  for (let j = 0; j < n; j++) {
    const x = weights[j];
    if (typeof x !== "number" || !Number.isFinite(x) || x < 0) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `weights[${j}] must be a finite non-negative number, but got ${describeValue(x)}.`, {
        details: { option: "weights" },
      });
    }
    sum += x;
  }
  if (!(sum > 0)) throw new GramscoreError(ErrorCode.INVALID_OPTION, "weights must not all be 0.", { details: { option: "weights" } });
  if (sum === Number.POSITIVE_INFINITY) {
    // Each weight divided by an infinite sum would be 0: statistics of nothing, scored as such.
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      "weights add up to Infinity (past the largest double, about 1.8e308), so they cannot be normalized; divide them all by the same number (e.g. their largest), which describes the same distribution.",
      { details: { option: "weights" } },
    );
  }
  for (let j = 0; j < n; j++) w[j] = weights[j]! / sum;
  return w;
}
