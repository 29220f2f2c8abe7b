import { assertText, isPythonWhitespace } from "@gramscore/core";

/*
 * Character classes of the mteval-style scanners (13a, zh, cjk), one byte per UTF-16 code unit, held in
 * lazily built 64 KiB tables so that the scanners classify a code unit with one array read.
 */

/** Python whitespace (`str.split()` drops it). */
export const WS = 0;
/** Anything without a rule of its own. */
export const OTHER = 1;
/** An ASCII digit `0-9`. */
export const DIGIT = 2;
/** `.` or `,`. */
export const DOT_COMMA = 3;
/** The ASCII punctuation of the first 13a rule: `{|}~ [\]^_\` !"#$%& ()*+ :;<=>?@ /` (space aside). */
export const PUNCT = 4;
/** `-` (split off after a digit). */
export const DASH = 5;
/** A character that zh / cjk surround with spaces. */
export const SPLIT = 6;
/** A UTF-16 surrogate: the scanner looks at the pair. */
export const SURROGATE = 7;
/** No character (before the start of an unpadded line). */
export const NONE = 8;

/** True for the ASCII characters the first rule of sacrebleu's regexp tokenizer pads with spaces. */
export function isMtevalPunct(c: number): boolean {
  return (
    (c >= 0x21 && c <= 0x26) ||
    (c >= 0x28 && c <= 0x2b) ||
    c === 0x2f ||
    (c >= 0x3a && c <= 0x40) ||
    (c >= 0x5b && c <= 0x60) ||
    (c >= 0x7b && c <= 0x7e)
  );
}

/** Builds the class table of one scanner; `split` says which BMP code units are SPLIT. */
export function buildTable(split: ((u: number) => boolean) | null): Uint8Array {
  const table = new Uint8Array(0x10000).fill(OTHER);
  table.fill(SURROGATE, 0xd800, 0xe000);
  // Python's whitespace (up to U+3000), the digits and the punctuation lie below LAST_FIXED; the
  // loop stays short, so that building a table at start-up costs no optimizing compile.
  for (let u = 0; u <= LAST_FIXED; u++) {
    if (isPythonWhitespace(u)) table[u] = WS;
    else if (u >= 0x30 && u <= 0x39) table[u] = DIGIT;
    else if (u === 0x2e || u === 0x2c) table[u] = DOT_COMMA;
    else if (u === 0x2d) table[u] = DASH;
    else if (isMtevalPunct(u)) table[u] = PUNCT;
  }
  if (split !== null) for (let u = 0; u < 0x10000; u++) if (table[u] === OTHER && split(u)) table[u] = SPLIT;
  return table;
}

/** The highest code unit with a class of its own other than SURROGATE and SPLIT (U+3000, Python whitespace). */
const LAST_FIXED = 0x3000;

/**
 * Called when a scanner meets an unpaired surrogate: `assertText` throws the `LONE_SURROGATE` error
 * for the caller's original input.
 */
export function rejectText(text: string, tokenizer: string): never {
  assertText(text, `The text given to the ${tokenizer} tokenizer`);
  // assertText found nothing wrong, so the scanner was fed something else: a bug.
  throw new Error(`internal error: the ${tokenizer} scanner saw an unpaired surrogate that the text does not have`);
}

/** Checks the type of a tokenizer's input (the scanners check surrogates themselves, on the way). */
export function checkString(text: unknown, tokenizer: string): string {
  if (typeof text !== "string") assertText(text, `The text given to the ${tokenizer} tokenizer`);
  return text as string;
}
