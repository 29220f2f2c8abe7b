import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import type { PairwiseOptions } from "./pairwise.js";
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
