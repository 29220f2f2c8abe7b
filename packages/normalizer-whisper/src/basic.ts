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
  let s = removeBracketed(pyLower(text));
  s = pyLower(options.removeDiacritics === true ? removeSymbolsAndDiacritics(s) : removeSymbols(s));
  if (options.splitLetters === true) s = graphemeClusters(s).join(" ");
  return collapseWhitespace(s);
}
