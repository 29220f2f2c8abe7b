import { isPythonWhitespace } from "@gramscore/core";
import { buildTable, checkString } from "./classes.js";
import { scanMteval } from "./mteval.js";
import { createTokenSpans, resetSpans, spansToTokens } from "./spans.js";
import type { TokenSpans } from "./spans.js";

/**
 * The code point ranges (inclusive) that sacrebleu 2.6.0's `zh` tokenizer treats as Chinese, in the
 * order of its `_UCODE_RANGES` table, as they *behave*. Two entries are written with 5-hex-digit
 * escapes (`'\u20000'`, `'\u2f800'`, ...), which Python reads as a 4-digit escape followed by a digit,
 * and the test is `start <= char <= end` on strings: so those entries cover U+2001–U+2A6D and
 * U+2F81–U+2FA1 instead of CJK Extension B and the Compatibility Supplement. No astral code point is
 * in range.
 */
export const SACREBLEU_ZH_RANGES: readonly (readonly [number, number])[] = [
  [0x3400, 0x4db5],
  [0x4e00, 0x9fa5],
  [0x9fa6, 0x9fbb],
  [0xf900, 0xfa2d],
  [0xfa30, 0xfa6a],
  [0xfa70, 0xfad9],
  [0x2001, 0x2a6d], // meant: U+20000–U+2A6D6 (CJK Extension B)
  [0x2f81, 0x2fa1], // meant: U+2F800–U+2FA1D (CJK Compatibility Ideographs Supplement)
  [0xff00, 0xffef],
  [0x2e80, 0x2eff],
  [0x3000, 0x303f],
  [0x31c0, 0x31ef],
  [0x2f00, 0x2fdf],
  [0x2ff0, 0x2fff],
  [0x3100, 0x312f],
  [0x31a0, 0x31bf],
  [0xfe10, 0xfe1f],
  [0xfe30, 0xfe4f],
  [0x2600, 0x26ff],
  [0x2700, 0x27bf],
  [0x3200, 0x32ff],
  [0x3300, 0x33ff],
];

/**
 * The ranges (inclusive) the fixed `cjk` tokenizer surrounds with spaces: the blocks sacrebleu's zh
 * table names (whole blocks, including characters added to them since), CJK Extension B and every
 * later extension (all of planes 2 and 3), plus Japanese kana and Kanbun. Not Hangul: Korean
 * separates words with spaces (halfwidth Hangul stays split, as part of U+FF00–U+FFEF).
 */
export const CJK_RANGES: readonly (readonly [number, number])[] = [
  [0x2600, 0x27bf], // Miscellaneous Symbols, Dingbats (listed in sacrebleu's table)
  [0x2e80, 0x2eff], // CJK Radicals Supplement
  [0x2f00, 0x2fdf], // Kangxi Radicals
  [0x2ff0, 0x2fff], // Ideographic Description Characters
  [0x3000, 0x303f], // CJK Symbols and Punctuation
  [0x3040, 0x309f], // Hiragana
  [0x30a0, 0x30ff], // Katakana
  [0x3100, 0x312f], // Bopomofo
  [0x3190, 0x319f], // Kanbun
  [0x31a0, 0x31bf], // Bopomofo Extended
  [0x31c0, 0x31ef], // CJK Strokes
  [0x31f0, 0x31ff], // Katakana Phonetic Extensions
  [0x3200, 0x32ff], // Enclosed CJK Letters and Months
  [0x3300, 0x33ff], // CJK Compatibility
  [0x3400, 0x4dbf], // CJK Unified Ideographs Extension A
  [0x4e00, 0x9fff], // CJK Unified Ideographs
  [0xf900, 0xfaff], // CJK Compatibility Ideographs
  [0xfe10, 0xfe1f], // Vertical Forms
  [0xfe30, 0xfe4f], // CJK Compatibility Forms
  [0xff00, 0xffef], // Halfwidth and Fullwidth Forms
  [0x1aff0, 0x1b16f], // Kana Extended-B, Kana Supplement, Kana Extended-A, Small Kana Extension
  [0x20000, 0x3ffff], // planes 2 and 3: CJK Extensions B–J, Compatibility Ideographs Supplement
];

function inRanges(ranges: readonly (readonly [number, number])[], cp: number): boolean {
  for (const [a, b] of ranges) if (cp >= a && cp <= b) return true;
  return false;
}

/** True when sacrebleu 2.6.0's zh tokenizer treats the code point as a Chinese character (see {@link SACREBLEU_ZH_RANGES}). */
export function isZhChar(codePoint: number): boolean {
  return inRanges(SACREBLEU_ZH_RANGES, codePoint);
}

/** True when the `cjk` tokenizer splits the code point off as a token of its own (see {@link CJK_RANGES}). */
export function isCjkChar(codePoint: number): boolean {
  return inRanges(CJK_RANGES, codePoint);
}

function isCjkAstral(cp: number): boolean {
  return (cp >= 0x20000 && cp <= 0x3ffff) || (cp >= 0x1aff0 && cp <= 0x1b16f);
}

let tableZh: Uint8Array | undefined;
let tableCjk: Uint8Array | undefined;

/** Python's `line.strip()` bounds. */
function stripBounds(t: string): [number, number] {
  let a = 0;
  let b = t.length;
  while (a < b && isPythonWhitespace(t.charCodeAt(a))) a++;
  while (b > a && isPythonWhitespace(t.charCodeAt(b - 1))) b--;
  return [a, b];
}

/** Scans `text` into `spans` (reset first) with zh. */
export function scanZh(text: string, spans: TokenSpans): TokenSpans {
  checkString(text, "zh");
  tableZh ??= buildTable(isZhChar);
  const [a, b] = stripBounds(text);
  resetSpans(spans, text);
  scanMteval(text, a, b, false, tableZh, null, spans, text, "zh");
  return spans;
}

/** Scans `text` into `spans` (reset first) with cjk. */
export function scanCjk(text: string, spans: TokenSpans): TokenSpans {
  checkString(text, "cjk");
  tableCjk ??= buildTable(isCjkChar);
  const [a, b] = stripBounds(text);
  resetSpans(spans, text);
  scanMteval(text, a, b, false, tableCjk, isCjkAstral, spans, text, "cjk");
  return spans;
}

let scratch: TokenSpans | undefined;

/**
 * The tokens of sacrebleu 2.6.0's `zh` tokenizer: `line.strip()`, every character in
 * {@link SACREBLEU_ZH_RANGES} surrounded by spaces, then 13a's regexp rules (without 13a's
 * preprocessing or padding), computed in one pass.
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenizeZh(text: string): string[] {
  return spansToTokens(scanZh(text, (scratch ??= createTokenSpans())));
}

/** The string sacrebleu 2.6.0's `TokenizerZh()(text)` returns. @throws GramscoreError as {@link tokenizeZh}. */
export function normalizeZh(text: string): string {
  return tokenizeZh(text).join(" ");
}

/**
 * The tokens of the `cjk` tokenizer: zh with its range table fixed ({@link CJK_RANGES} instead of
 * {@link SACREBLEU_ZH_RANGES}); everything else as zh.
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenizeCjk(text: string): string[] {
  return spansToTokens(scanCjk(text, (scratch ??= createTokenSpans())));
}

/** The `cjk` tokens joined by single spaces. @throws GramscoreError as {@link tokenizeCjk}. */
export function normalizeCjk(text: string): string {
  return tokenizeCjk(text).join(" ");
}
