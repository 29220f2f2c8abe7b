import { PYTHON_WHITESPACE_CLASS, assertText, isPythonWhitespace, pyStrip } from "@gramscore/core";

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

/**
 * The word spans of {@link jiwerWords} without building the intermediate strings: writes
 * `start, end` pairs (UTF-16 offsets into `text`) into `out` (grown when too small) and returns
 * `[out, count]`. Leading and trailing whitespace is dropped; inside, a word ends at a space or at
 * a run of two or more Python whitespace characters, while a lone other whitespace character (a
 * tab, a no-break space) stays inside the word, exactly as jiwer's three transforms leave it.
 * The text is not checked (callers check it once).
 */
export function jiwerWordSpans(text: string, out: Int32Array): [Int32Array, number] {
  let a = 0;
  let b = text.length;
  while (a < b && isPythonWhitespace(text.charCodeAt(a))) a++;
  while (b > a && isPythonWhitespace(text.charCodeAt(b - 1))) b--;
  let count = 0;
  let start = a;
  let i = a;
  while (i < b) {
    const c = text.charCodeAt(i);
    if (!isPythonWhitespace(c)) {
      i++;
      continue;
    }
    let j = i + 1;
    while (j < b && isPythonWhitespace(text.charCodeAt(j))) j++;
    if (j - i >= 2 || c === 0x20) {
      if (i > start) {
        if (out.length < 2 * count + 2) {
          const grown = new Int32Array(Math.max(16, 2 * out.length));
          grown.set(out);
          out = grown;
        }
        out[2 * count] = start;
        out[2 * count + 1] = i;
        count++;
      }
      start = j;
    }
    i = j;
  }
  if (b > start) {
    if (out.length < 2 * count + 2) {
      const grown = new Int32Array(Math.max(16, 2 * out.length));
      grown.set(out);
      out = grown;
    }
    out[2 * count] = start;
    out[2 * count + 1] = b;
    count++;
  }
  return [out, count];
}
