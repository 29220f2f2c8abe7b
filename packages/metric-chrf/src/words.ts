import { isPythonWhitespace } from "@gramscore/core";

/** True for the 32 characters of Python's `string.punctuation` (ASCII only). */
export function isAsciiPunctuation(code: number): boolean {
  return (code >= 0x21 && code <= 0x2f) || (code >= 0x3a && code <= 0x40) || (code >= 0x5b && code <= 0x60) || (code >= 0x7b && code <= 0x7e);
}

/**
 * Finds the words chrF++ counts, as sacrebleu's `CHRF._remove_punctuation`: split on Python
 * whitespace; a word of one character stays whole; otherwise one ASCII punctuation character is
 * split off its end, or else off its start (only one side: `(hi)` gives `(hi` and `)`).
 *
 * Writes the words as `[start, end)` ranges of UTF-16 units of `text` into `ranges` (pairs, in
 * order; it needs room for `2 * text.length` numbers) and returns the number of words.
 */
export function chrfWordRanges(text: string, ranges: Int32Array): number {
  const n = text.length;
  let count = 0;
  let start = -1;
  for (let i = 0; i <= n; i++) {
    // Python whitespace is all in the BMP, so UTF-16 units suffice for the split.
    const c = i < n ? text.charCodeAt(i) : 0x20;
    const space = c <= 0x20 ? c === 0x20 || (c >= 0x09 && c <= 0x0d) || (c >= 0x1c && c <= 0x1f) : c >= 0x85 && isPythonWhitespace(c);
    if (!space) {
      if (start < 0) start = i;
      continue;
    }
    if (start < 0) continue;
    // A word of one code point is one unit or one surrogate pair; a pair holds no ASCII
    // punctuation, so the rules below leave it whole, as Python's len(w) == 1 test does.
    if (i - start > 1 && isAsciiPunctuation(text.charCodeAt(i - 1))) {
      ranges[2 * count] = start;
      ranges[2 * count + 1] = i - 1;
      ranges[2 * count + 2] = i - 1;
      ranges[2 * count + 3] = i;
      count += 2;
    } else if (i - start > 1 && isAsciiPunctuation(text.charCodeAt(start))) {
      ranges[2 * count] = start;
      ranges[2 * count + 1] = start + 1;
      ranges[2 * count + 2] = start + 1;
      ranges[2 * count + 3] = i;
      count += 2;
    } else {
      ranges[2 * count] = start;
      ranges[2 * count + 1] = i;
      count++;
    }
    start = -1;
  }
  return count;
}

/** The chrF++ words of `text` (see {@link chrfWordRanges}) as strings. */
export function chrfWords(text: string): string[] {
  const ranges = new Int32Array(2 * text.length);
  const count = chrfWordRanges(text, ranges);
  const out = new Array<string>(count);
  for (let w = 0; w < count; w++) out[w] = text.slice(ranges[2 * w]!, ranges[2 * w + 1]!);
  return out;
}
