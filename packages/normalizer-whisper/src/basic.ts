/**
 * Whisper's `BasicTextNormalizer` and the two symbol removers it shares with the English normalizer.
 */
import { pyLower } from "@gramscore/tokenizer-whitespace";

import { KIND_MARK_SYMBOL_PUNCT, KIND_MN, collapseWhitespace, graphemeClusters, kindOf, pyNormalize } from "./unicode.js";

/** Letters NFKD does not split into a base letter and a diacritic, and what the diacritic remover writes for them. */
const EXTRA_LETTERS: ReadonlyMap<string, string> = new Map([
  ["œ", "oe"],
  ["Œ", "OE"],
  ["ø", "o"],
  ["Ø", "O"],
  ["æ", "ae"],
  ["Æ", "AE"],
  ["ß", "ss"],
  ["ẞ", "SS"],
  ["đ", "d"],
  ["Đ", "D"],
  ["ð", "d"],
  ["Ð", "D"],
  ["þ", "th"],
  ["Þ", "th"],
  ["ł", "l"],
  ["Ł", "L"],
]);

/**
 * Whisper's `remove_symbols_and_diacritics`: NFKD, then every code point in `keep` stays, the letters
 * above are spelled out, marks of category Mn are dropped, and any other mark, symbol or punctuation
 * becomes a space (categories of Python 3.11, Unicode 14.0).
 */
export function removeSymbolsAndDiacritics(text: string, keep = ""): string {
  const decomposed = pyNormalize(text, "NFKD");
  let out = "";
  let run = 0; // start of the current run of code points kept as they are
  for (let i = 0; i < decomposed.length; ) {
    const cp = decomposed.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    let replacement: string | undefined;
    // ASCII letters, digits and spaces are kept: the common case, decided without a lookup.
    if (!((cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || cp === 32 || (cp >= 65 && cp <= 90))) {
      const c = width === 1 ? decomposed[i]! : decomposed.slice(i, i + 2);
      if (!keep.includes(c)) {
        replacement = EXTRA_LETTERS.get(c);
        if (replacement === undefined) {
          const kind = kindOf(cp);
          replacement = kind === KIND_MN ? "" : kind === KIND_MARK_SYMBOL_PUNCT ? " " : undefined;
        }
      }
    }
    if (replacement !== undefined) {
      out += decomposed.slice(run, i) + replacement;
      run = i + width;
    }
    i += width;
  }
  return run === 0 ? decomposed : out + decomposed.slice(run);
}

/** Whisper's `remove_symbols`: NFKC, then every mark, symbol and punctuation becomes a space; diacritics stay. */
export function removeSymbols(text: string): string {
  const composed = pyNormalize(text, "NFKC");
  let out = "";
  let run = 0;
  for (let i = 0; i < composed.length; ) {
    const cp = composed.codePointAt(i)!;
    const width = cp > 0xffff ? 2 : 1;
    if (!((cp >= 97 && cp <= 122) || (cp >= 48 && cp <= 57) || cp === 32 || (cp >= 65 && cp <= 90))) {
      const kind = kindOf(cp);
      if (kind === KIND_MN || kind === KIND_MARK_SYMBOL_PUNCT) {
        out += `${composed.slice(run, i)} `;
        run = i + width;
      }
    }
    i += width;
  }
  return run === 0 ? composed : out + composed.slice(run);
}

/** Whisper's brackets rule: `[…]` and `<…>` spans (either closer), then the shortest `(…)` spans, are removed. */
const BRACKETS = /[<[][^>\]]*[>\]]/gu;
const PARENS = /\(([^)]+?)\)/gu;

/** Removes bracketed and parenthesized spans as Whisper's normalizers do, in that order. */
export function removeBracketed(text: string): string {
  return text.replace(BRACKETS, "").replace(PARENS, "");
}

/** Any code point outside ASCII. @internal */
export const NON_ASCII = /[^\x00-\x7f]/;

/**
 * A run of ASCII characters that the symbol removers turn into spaces (every ASCII punctuation and
 * symbol character: categories P and S) or that are Python whitespace (`\t\n\v\f\r`, `\x1c`–`\x1f`,
 * space): such a run becomes spaces, then one space. A run that is one space already is left alone,
 * which saves building most of the replacements.
 */
const ASCII_SPACING_RUN = /[\t\n\v\f\r\x1c-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]{2,}|[\t\n\v\f\r\x1c-\x1f\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g;

/** A code point outside ASCII, or an opening bracket or parenthesis (what `removeBracketed` looks for). */
const NON_ASCII_OR_OPENER = /[^\x00-\x27\x29-\x3b\x3d-\x5a\x5c-\x7f]/;

/**
 * {@link basicNormalize} of ASCII text (with or without `removeDiacritics`, which changes nothing
 * there): `str.lower()` is ASCII lowercasing, NFKC and NFKD leave the text as it is, no character is a
 * diacritic, and the second lowercasing finds nothing left to do, so each run of symbols and
 * whitespace becomes one space in one pass.
 */
function basicAscii(text: string, brackets: boolean): string {
  const s = text.toLowerCase();
  return (brackets ? removeBracketed(s) : s).replace(ASCII_SPACING_RUN, " ");
}

/** Options of {@link basicNormalize}: `BasicTextNormalizer`'s constructor arguments. */
export interface BasicNormalizerOptions {
  /** Drop diacritics after NFKD (`remove_diacritics=True`) instead of keeping them after NFKC. Default false. */
  readonly removeDiacritics?: boolean;
  /** Put a space between extended grapheme clusters (`split_letters=True`), for languages written without spaces. Default false. */
  readonly splitLetters?: boolean;
}

/**
 * `BasicTextNormalizer(remove_diacritics, split_letters)(text)` of openai/whisper: lowercase (Python's
 * `str.lower()`), remove `[…]`, `<…>` and `(…)` spans, replace marks, symbols and punctuation with
 * spaces (dropping diacritics when asked), lowercase again, optionally split into grapheme clusters,
 * and collapse every run of whitespace into one space. Leading and trailing spaces stay, as in Python.
 */
export function basicNormalize(text: string, options: BasicNormalizerOptions = {}): string {
  if (options.splitLetters !== true) {
    if (!NON_ASCII_OR_OPENER.test(text)) return basicAscii(text, false);
    if (!NON_ASCII.test(text)) return basicAscii(text, true);
  }
  let s = removeBracketed(pyLower(text));
  s = pyLower(options.removeDiacritics === true ? removeSymbolsAndDiacritics(s) : removeSymbols(s));
  if (options.splitLetters === true) s = graphemeClusters(s).join(" ");
  return collapseWhitespace(s);
}
