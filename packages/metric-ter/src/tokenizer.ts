/**
 * tercom's normalizer as sacrebleu 2.6.0's `TercomTokenizer` applies it (after `rstrip()`):
 * lowercase (unless `lowercase` is false), then the optional western (and Asian) normalization, then the
 * optional punctuation removal, then split on Python whitespace.
 */
import { pyRstrip, pySplit } from "@gramscore/core";
import { pyLower } from "@gramscore/tokenizer-whitespace";

/** The options of the tercom tokenizer (sacrebleu's `TER(...)` arguments, in camelCase). */
export interface TercomTokenizerOptions {
  /** Western normalization: XML entities, joined lines, punctuation split off. */
  readonly normalized: boolean;
  /** Remove `. , ? : ; ! " ( )` (and, with `asianSupport`, CJK and full-width punctuation). */
  readonly noPunct: boolean;
  /** With `normalized`: split CJK characters apart; with `noPunct`: remove CJK punctuation too. */
  readonly asianSupport: boolean;
  /** Lowercase first (sacrebleu's TER default). */
  readonly lowercase: boolean;
}

// ASCII punctuation and space that normalization isolates: U+0020–0026, U+0028–002B, U+002F,
// U+003A–0040, U+005B–0060, U+007B–007E (not the apostrophe, hyphen, period or comma).
const WESTERN_PUNCT = /[\x20-\x26\x28-\x2b\x2f\x3a-\x40\x5b-\x60\x7b-\x7e]/g;
const PERIOD_COMMA_AFTER = /([^0-9])([.,])/g;
const PERIOD_COMMA_BEFORE = /([.,])([^0-9])/g;
const DIGIT_DASH = /([0-9])(-)/g;

const ASIAN_PUNCT_CLASS = "\\u3001\\u3002\\u3008-\\u3011\\u3014-\\u301f\\uff61-\\uff65\\u30fb";
const FULL_WIDTH_PUNCT_CLASS = "\\uff0e\\uff0c\\uff1f\\uff1a\\uff1b\\uff01\\uff02\\uff08\\uff09";

/**
 * Characters the Asian normalization surrounds with spaces. sacrebleu applies several substitutions
 * one after another, each only padding single characters, so their union gives the same tokens:
 * CJK ideographs and Extension A, strokes, radicals, compatibility blocks and forms, U+3200–3F22
 * (sacrebleu's range for "Enclosed CJK Letters and Months" runs to U+3F22), CJK and full-width
 * punctuation. (Its kana rules are anchored at the start of the string, which after normalization
 * is always a space, so they never apply.)
 */
const ASIAN_SPLIT = new RegExp(
  `[\\u4e00-\\u9fff\\u3400-\\u4dbf\\u31c0-\\u31ef\\u2e80-\\u2eff\\u3300-\\u33ff\\uf900-\\ufaff\\ufe30-\\ufe4f\\u3200-\\u3f22${ASIAN_PUNCT_CLASS}${FULL_WIDTH_PUNCT_CLASS}]`,
  "g",
);
const PUNCT = /[.,?:;!"()]/g;
const ASIAN_PUNCT = new RegExp(`[${ASIAN_PUNCT_CLASS}${FULL_WIDTH_PUNCT_CLASS}]`, "g");

/** tercom's language-independent and western normalization (sacrebleu's order of substitutions). */
function normalizeWestern(text: string): string {
  let s = text.replaceAll("\n-", "").replaceAll("\n", " ");
  s = s.replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&lt;", "<").replaceAll("&gt;", ">");
  s = ` ${s} `;
  s = s.replace(WESTERN_PUNCT, " $& ");
  s = s.replaceAll("'s ", " 's ");
  // No newline is left, so this `$` is the end of the string, as Python's is here.
  if (s.endsWith("'s")) s = `${s.slice(0, -2)} 's`;
  s = s.replace(PERIOD_COMMA_AFTER, "$1 $2 ");
  s = s.replace(PERIOD_COMMA_BEFORE, " $1 $2");
  s = s.replace(DIGIT_DASH, "$1 $2 ");
  return s;
}

/**
 * The text sacrebleu's `TercomTokenizer` returns for `text.rstrip()`, before its final whitespace
 * join (so `pySplit` of the result gives the tokens).
 */
export function tercomNormalize(text: string, options: TercomTokenizerOptions): string {
  let s = pyRstrip(text);
  if (s.length === 0) return "";
  if (options.lowercase) s = pyLower(s);
  if (options.normalized) {
    s = normalizeWestern(s);
    if (options.asianSupport) s = s.replace(ASIAN_SPLIT, " $& ");
  }
  if (options.noPunct) {
    s = s.replace(PUNCT, "");
    if (options.asianSupport) s = s.replace(ASIAN_PUNCT, "");
  }
  return s;
}

/**
 * The TER tokens of `text`: sacrebleu 2.6.0's `TercomTokenizer(...)(text.rstrip()).split()`.
 * @example tercomTokens("The cat's toy.", { normalized: true, noPunct: false, asianSupport: false, lowercase: true })
 * // ["the", "cat", "'s", "toy", "."]
 */
export function tercomTokens(text: string, options: TercomTokenizerOptions): string[] {
  return pySplit(tercomNormalize(text, options));
}

/**
 * The TER tokens sacrebleu 2.6.0 scores a *reference* with: its tokenizer applied twice (once when
 * the references are prepared, again when their words are extracted), i.e.
 * `tercomTokens(tercomTokens(text).join(" "))`. Hypotheses are tokenized once. The second pass
 * only changes anything under `normalized`, where it is not idempotent: `"Poor's."` becomes
 * `poor's .` after one pass and `poor 's .` after two.
 * @example tercomReferenceTokens("It was the company's.", { normalized: true, noPunct: false, asianSupport: false, lowercase: true })
 * // ["it", "was", "the", "company", "'s", "."]
 */
export function tercomReferenceTokens(text: string, options: TercomTokenizerOptions): string[] {
  return pySplit(tercomNormalize(pySplit(tercomNormalize(text, options)).join(" "), options));
}
