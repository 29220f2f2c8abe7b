import { PYTHON_WHITESPACE_CLASS, assertText, pyStrip } from "@gramscore/core";

const MULTIPLE_SPACES = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]{2,}`, "g");

/**
 * jiwer's `wer_default` on one string: `RemoveMultipleSpaces` (every run of two or more Python
 * whitespace characters becomes one space), `Strip` (Python's `str.strip()`), then
 * `ReduceToListOfListOfWords` (split on the space character only, empty strings dropped). A lone
 * tab or no-break space inside the text is therefore part of a word, as in jiwer.
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for a non-string or invalid text.
 */
export function jiwerWords(text: string): string[] {
  assertText(text, "The text");
  const s = pyStrip(text.replace(MULTIPLE_SPACES, " "));
  const out: string[] = [];
  let start = 0;
  for (let i = 0; i <= s.length; i++) {
    if (i === s.length || s.charCodeAt(i) === 0x20) {
      if (i > start) out.push(s.slice(start, i));
      start = i + 1;
    }
  }
  return out;
}

/**
 * jiwer's `cer_default` on one string: `Strip` (Python's `str.strip()`), then
 * `ReduceToListOfListOfChars` (one item per code point; spaces inside the text count).
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for a non-string or invalid text.
 */
export function jiwerChars(text: string): string[] {
  assertText(text, "The text");
  return Array.from(pyStrip(text));
}
