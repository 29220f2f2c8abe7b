/**
 * Whisper's `BasicTextNormalizer` and the two symbol removers it shares with the English normalizer.
 */
import { isPythonWhitespace } from "@gramscore/core";
import { pyLower } from "@gramscore/tokenizer-whitespace";

import { KIND_MARK_SYMBOL_PUNCT, KIND_MN, KIND_OTHER, collapseWhitespace, graphemeClusters, kindOf, pyNormalize } from "./unicode.js";

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
 * which saves building most of the replacements: a match is a space followed by at least one more
 * such character, or begins with one that is not a space (one alternative per first character, so the
 * engine never backtracks from a lone space, the most frequent non-letter).
 */
const ASCII_SPACING_RUN =
  / [\t\n\v\f\r\x1c-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]+|[\t\n\v\f\r\x1c-\x1f\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e][\t\n\v\f\r\x1c-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]*/g;

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

/**
 * The one-pass path of {@link basicNormalize} for text of ASCII, Latin-1 and General Punctuation
 * characters (most text in the languages written in Latin script): `outside` finds a character the
 * path does not take (or, in `outsideOrOpener`, an opening bracket too), `spacing` the runs that
 * become one space.
 */
interface Latin1Path {
  readonly outsideOrOpener: RegExp;
  readonly outside: RegExp;
  readonly spacing: RegExp;
}

const latin1Paths: (Latin1Path | undefined)[] = [undefined, undefined];

/** Code points between U+0080 and U+00FF and in General Punctuation (U+2010–U+205E) that the path may take. */
const LATIN1_RANGES = [
  [0x80, 0xff],
  [0x2010, 0x205e],
] as const;

/**
 * Builds the path for one setting of `removeDiacritics` from the tables, character by character: a
 * character is taken when it is not Python whitespace, has no case mapping that differs between Python
 * and the engine, and is either a letter that lowercasing, then NFKC (NFKD when diacritics are removed),
 * leaves as one code point the symbol remover keeps (neither mark, symbol nor punctuation, nor one of
 * the letters the diacritic remover spells out), or a symbol or punctuation character whose
 * normalization gives only marks, symbols, punctuation or whitespace, at least one of them a character
 * that becomes a space. No character of these ranges is a combining mark, so normalizing the text is
 * normalizing each character, and the text's runs of spaces come out as Python's do.
 */
function buildLatin1Path(removeDiacritics: boolean): Latin1Path {
  const form = removeDiacritics ? "NFKD" : "NFKC";
  let taken = "";
  let spacing = "";
  const becomesSpace = (d: string): boolean => {
    const cp = d.codePointAt(0)!;
    return isPythonWhitespace(cp) || kindOf(cp) === KIND_MARK_SYMBOL_PUNCT || (!removeDiacritics && kindOf(cp) === KIND_MN);
  };
  for (const [from, to] of LATIN1_RANGES) {
    for (let cp = from; cp <= to; cp++) {
      const c = String.fromCharCode(cp);
      const lower = c.toLowerCase();
      if (isPythonWhitespace(cp) || lower.length !== 1 || pyLower(c) !== lower) continue;
      const kind = kindOf(cp);
      const normalized = pyNormalize(lower, form);
      const escaped = `\\u${cp.toString(16).padStart(4, "0")}`;
      if (kind === KIND_OTHER) {
        const lowerCp = lower.charCodeAt(0);
        if (normalized === lower && kindOf(lowerCp) === KIND_OTHER && !isPythonWhitespace(lowerCp) && !(removeDiacritics && EXTRA_LETTERS.has(lower))) taken += escaped;
      } else if (kind === KIND_MARK_SYMBOL_PUNCT && lower === c) {
        const parts = [...normalized];
        const spaced = parts.filter(becomesSpace);
        if (spaced.length > 0 && parts.every((d) => becomesSpace(d) || kindOf(d.codePointAt(0)!) === KIND_MN)) {
          taken += escaped;
          spacing += escaped;
        }
      }
    }
  }
  const asciiSpacing = "\\t\\n\\v\\f\\r\\x1c-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e";
  const notSpace = "\\t\\n\\v\\f\\r\\x1c-\\x1f\\x21-\\x2f\\x3a-\\x40\\x5b-\\x60\\x7b-\\x7e";
  return {
    outsideOrOpener: new RegExp(`[^\\x00-\\x27\\x29-\\x3b\\x3d-\\x5a\\x5c-\\x7f${taken}]`),
    outside: new RegExp(`[^\\x00-\\x7f${taken}]`),
    spacing: new RegExp(` [${asciiSpacing}${spacing}]+|[${notSpace}${spacing}][${asciiSpacing}${spacing}]*`, "g"),
  };
}

/** {@link basicNormalize} of text the Latin-1 path takes, or undefined for other text. */
function basicLatin1(text: string, removeDiacritics: boolean): string | undefined {
  const path = (latin1Paths[removeDiacritics ? 1 : 0] ??= buildLatin1Path(removeDiacritics));
  if (!path.outsideOrOpener.test(text)) return text.toLowerCase().replace(path.spacing, " ");
  if (!path.outside.test(text)) return removeBracketed(text.toLowerCase()).replace(path.spacing, " ");
  return undefined;
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
    const latin1 = basicLatin1(text, options.removeDiacritics === true);
    if (latin1 !== undefined) return latin1;
  }
  return basicGeneral(text, options);
}

/** {@link basicNormalize} step by step, as Python runs it, without the fast paths (what they are tested against). @internal */
export function basicGeneral(text: string, options: BasicNormalizerOptions = {}): string {
  let s = removeBracketed(pyLower(text));
  s = pyLower(options.removeDiacritics === true ? removeSymbolsAndDiacritics(s) : removeSymbols(s));
  if (options.splitLetters === true) s = graphemeClusters(s).join(" ");
  return collapseWhitespace(s);
}
