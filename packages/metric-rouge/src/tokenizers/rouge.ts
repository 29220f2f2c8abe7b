import { assertText, readCacheSize, toWordSet, tokenizerFlag, tokenizerOptions, wordSetId, type Tokenizer, type WordList } from "@gramscore/core";
import { STEM_CACHE_SIZE, createPorterStemmer } from "@gramscore/stemmer-porter";
import { cacheSizeError } from "./options.js";

/** Options of the `rouge` tokenizer ({@link createRougeTokenizer}). */
export interface RougeTokenizerOptions {
  /** Stem tokens longer than 3 characters with NLTK's Porter stemmer (NLTK_EXTENSIONS), as rouge-score's `use_stemmer`. Default false. */
  useStemmer?: boolean;
  /**
   * Tokens to drop, compared before stemming (as ROUGE-1.5.5's `-s` does). rouge-score has no stopword
   * option; with a list the signature gains `+stop[<count>#<hash>]`.
   */
  stopwords?: WordList;
  /** Size of the stem cache (0 turns it off). Default 100,000. */
  cacheSize?: number;
}

/** Options of the `rouge-unicode` tokenizer ({@link createRougeUnicodeTokenizer}); the same as `rouge`'s. */
export type RougeUnicodeTokenizerOptions = RougeTokenizerOptions;

const ROUGE_OPTION_KEYS = ["useStemmer", "stopwords", "cacheSize"] as const;

// After Python's str.lower(), only ASCII letters and digits survive rouge-score's tokenizer. Apart from
// A-Z, exactly two code points lowercase to something that contains them (checked over all of Unicode
// for Python 3.11 and Node's ICU): U+0130 (İ → "i" + U+0307, which ends the token) and U+212A KELVIN
// SIGN (→ "k"). JavaScript's toLowerCase() applies the same two mappings (they are Unicode's default
// full case mappings), and whatever else it does to non-ASCII text differently from Python cannot
// create ASCII, so the tokens are the [a-z0-9] runs of the lowercased text.
const ROUGE_RUN = /[a-z0-9]+/g;

/** rouge-score's unstemmed tokens of `text`. */
function rougeWords(text: string): string[] {
  return text.toLowerCase().match(ROUGE_RUN) ?? [];
}

/**
 * rouge-score 0.1.2's tokens of `text` (no stemming, no stopwords), as a plain function:
 * `rougeTokenize("The İzmir 300K!")` is `["the", "i", "zmir", "300k"]`.
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for bad text.
 */
export function rougeTokenize(text: string): string[] {
  assertText(text, "text");
  return rougeWords(text);
}

const ASCII_WORD = /^[a-z0-9]+$/;

interface Pipeline {
  stem: ((word: string) => string) | undefined;
  stop: Set<string> | undefined;
  suffix: string;
}

function pipeline(options: unknown, tokenizer: string): Pipeline {
  const o = tokenizerOptions(options, ROUGE_OPTION_KEYS, tokenizer);
  const useStemmer = tokenizerFlag(o.useStemmer, "useStemmer", tokenizer, false);
  const cacheSize = readCacheSize(o.cacheSize, STEM_CACHE_SIZE, cacheSizeError(tokenizer));
  const stop = o.stopwords === undefined ? undefined : toWordSet(o.stopwords as WordList);
  let suffix = useStemmer ? "+stem" : "";
  if (stop) suffix += `+stop[${wordSetId(stop)}]`;
  return { stem: useStemmer ? createPorterStemmer({ cacheSize }).stem : undefined, stop, suffix };
}

/**
 * Applies stopwords (to the unstemmed token) and the Porter stemmer (to tokens longer than 3 characters
 * that are ASCII letters and digits) in place; keeps the tokens that stay non-empty.
 */
function finish(tokens: string[], p: Pipeline, asciiOnly: boolean): string[] {
  const { stem, stop } = p;
  if (!stem && !stop) return tokens;
  let j = 0;
  for (let i = 0; i < tokens.length; i++) {
    let t = tokens[i]!;
    if (stop && stop.has(t)) continue;
    if (stem && t.length > 3 && (asciiOnly || ASCII_WORD.test(t))) t = stem(t);
    if (t.length > 0) tokens[j++] = t;
  }
  tokens.length = j;
  return tokens;
}

/**
 * rouge-score 0.1.2's `DefaultTokenizer`, exactly: Python `lower()`, every run of characters other than
 * `[a-z0-9]` becomes a break, optional NLTK Porter stemming (NLTK_EXTENSIONS) of tokens longer than 3
 * characters. Only ASCII letters and digits survive: German loses its umlauted letters, Chinese, Thai
 * or Hebrew text gives no tokens at all (use `rouge-unicode` for those).
 *
 * Signature: `rouge`, `rouge+stem`, plus `+stop[<count>#<hash>]` with stopwords.
 * ```ts
 * createRougeTokenizer({ useStemmer: true }).tokenize("The dogs were running."); // ["the", "dog", "were", "run"]
 * ```
 * @throws GramscoreError `INVALID_OPTION` for unknown or ill-typed options.
 */
export function createRougeTokenizer(options: RougeTokenizerOptions = {}): Tokenizer {
  const p = pipeline(options, "rouge");
  return {
    name: "rouge",
    signature: `rouge${p.suffix}`,
    tokenize(text: string): string[] {
      assertText(text, "text");
      return finish(rougeWords(text), p, true);
    },
  };
}

// Scripts written without spaces between words: every character is a token (with the combining marks
// that follow it). The Common-script letters used inside Japanese words (ー, 々's relatives, halfwidth
// sound marks) are listed too.
const SPLIT_SCRIPTS = [
  "Han",
  "Hiragana",
  "Katakana",
  "Bopomofo",
  "Yi",
  "Thai",
  "Lao",
  "Khmer",
  "Myanmar",
  "Tai_Le",
  "New_Tai_Lue",
  "Tai_Tham",
  "Tai_Viet",
]
  .map((s) => `\\p{Script=${s}}`)
  .join("");
const SPLIT_EXTRA = "\\u3006\\u3031-\\u3035\\u303C\\u30FC\\uFF70\\uFF9E\\uFF9F";
const SPLIT_CLASS = `[${SPLIT_SCRIPTS}${SPLIT_EXTRA}]`;
const KEPT_CLASS = "[\\p{L}\\p{M}\\p{N}]";
// A letter, mark or number of a split script (its symbols and punctuation separate like any other)
// with the marks that follow it; or a run of kept characters of the other scripts.
const UNICODE_TOKEN = new RegExp(`(?=${KEPT_CLASS})${SPLIT_CLASS}\\p{M}*|(?:(?!${SPLIT_CLASS})${KEPT_CLASS})+`, "gu");

/**
 * The Unicode-aware tokens of `text`: lowercased, letters (`\p{L}`), marks (`\p{M}`) and numbers
 * (`\p{N}`) of every script survive and everything else separates; Han, kana, Thai, Lao, Khmer, Myanmar
 * and similar scripts are one token per character (with its combining marks). No stemming.
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for bad text.
 */
export function rougeUnicodeTokenize(text: string): string[] {
  assertText(text, "text");
  return unicodeWords(text);
}

const NON_ASCII = /[^\x00-\x7f]/;

function unicodeWords(text: string): string[] {
  // On ASCII text the kept characters are exactly [A-Za-z0-9], so rouge's faster scan gives the same tokens.
  if (!NON_ASCII.test(text)) return rougeWords(text);
  const lowered = text.toLowerCase();
  const out: string[] = [];
  UNICODE_TOKEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = UNICODE_TOKEN.exec(lowered)) !== null) out.push(m[0]);
  return out;
}

/**
 * A ROUGE tokenizer for every language: the idea of rouge-score's tokenizer without its ASCII-only
 * filter. Text is lowercased (`toLowerCase`), letters, marks and numbers of any script are kept and all
 * else separates; scripts written without spaces (Chinese, Japanese kana, Thai, Lao, Khmer, Myanmar, ...)
 * give one token per character; with `useStemmer`, ASCII tokens longer than 3 characters are stemmed as
 * in `rouge`. On ASCII text it gives exactly `rouge`'s tokens.
 *
 * Signature: `rouge-unicode`, `rouge-unicode+stem`, plus `+stop[<count>#<hash>]` with stopwords.
 * ```ts
 * createRougeUnicodeTokenizer().tokenize("Über 東京!"); // ["über", "東", "京"]
 * ```
 * @throws GramscoreError `INVALID_OPTION` for unknown or ill-typed options.
 */
export function createRougeUnicodeTokenizer(options: RougeUnicodeTokenizerOptions = {}): Tokenizer {
  const p = pipeline(options, "rouge-unicode");
  return {
    name: "rouge-unicode",
    signature: `rouge-unicode${p.suffix}`,
    tokenize(text: string): string[] {
      assertText(text, "text");
      return finish(unicodeWords(text), p, false);
    },
  };
}
