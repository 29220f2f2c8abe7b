import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import { formatFixed } from "./numerics.js";

/**
 * Checks a number of decimal places given by a user (`--width`, `format({ width })`).
 * @param width The width to check.
 * @returns The width, an integer from 0 to 100.
 * @throws GramscoreError `INVALID_OPTION` for anything else, saying what came.
 */
export function checkWidth(width: unknown): number {
  if (typeof width !== "number" || !Number.isInteger(width) || width < 0 || width > 100) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `The width (decimal places) must be an integer from 0 to 100, but got ${describeValue(width)}.`);
  }
  return width;
}

/**
 * The one-line form of a corpus score, `NAME = SCORE`, with the score rounded half to even to
 * `width` decimals (Python's `f"{score:.{width}f}"`), as sacrebleu prints `chrF2 = 59.03`.
 * @param name What the score is called (`chrF2`, `TER`, `GLEU`).
 * @param score The score.
 * @param width Decimal places; `undefined` takes `fallback`.
 * @param fallback The metric's default number of decimals.
 * @throws GramscoreError `INVALID_OPTION` for a width that is not an integer from 0 to 100.
 */
export function formatScoreLine(name: string, score: number, width: number | undefined, fallback: number): string {
  return `${name} = ${formatFixed(score, checkWidth(width ?? fallback))}`;
}
