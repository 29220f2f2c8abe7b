import { ErrorCode, GramscoreError, describeValue } from "./errors.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * `String.prototype.isWellFormed` (ES2024: Node 20, current browsers), a native check that answers at
 * once for text without surrogates; undefined where the engine lacks it.
 */
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean }).isWellFormed;

/** Index of the first unpaired UTF-16 surrogate in `text`, or -1 when the text is well formed. */
export function findLoneSurrogate(text: string): number {
  if (isWellFormed !== undefined && isWellFormed.call(text)) return -1;
  const match = LONE_SURROGATE.exec(text);
  return match ? match.index : -1;
}

/**
 * Checks that `value` is a string of valid Unicode text and returns it. `what` names the value in
 * the error message (e.g. "hypothesis 3").
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for unpaired surrogates.
 */
export function assertText(value: unknown, what: string): string {
  if (typeof value !== "string") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${what} must be a string, but got ${describeValue(value)}. Convert it to a string (or drop the segment) before scoring.`,
      { details: { what } },
    );
  }
  const at = findLoneSurrogate(value);
  if (at >= 0) {
    const unit = value.charCodeAt(at).toString(16).toUpperCase().padStart(4, "0");
    throw new GramscoreError(
      ErrorCode.LONE_SURROGATE,
      `${what} contains an unpaired UTF-16 surrogate U+${unit} at index ${at}, so it is not valid Unicode text. ` +
        "Repair the text (e.g. with String.prototype.toWellFormed()) or fix how it was decoded.",
      { details: { what, index: at } },
    );
  }
  return value;
}
