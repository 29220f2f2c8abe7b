import { assertText, pySplit, toWordSet, tokenizerFlag, tokenizerOptions, wordSetId, type Tokenizer, type WordList } from "@gramscore/core";

/** Python's `string.punctuation`: the 32 ASCII punctuation characters. */
export const PYTHON_PUNCTUATION = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";

const PUNCTUATION_RE = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** Options of the `punctuation` tokenizer ({@link createPunctuationTokenizer}). */
export interface PunctuationTokenizerOptions {
  /** Lowercase the text first (`toLowerCase`, Python's `str.lower()` for all but a few recent code points). Default true. */
  lowercase?: boolean;
  /** Tokens to drop after splitting; the signature gains `+stop[<count>#<hash>]`. */
  stopwords?: WordList;
}

const PUNCTUATION_OPTION_KEYS = ["lowercase", "stopwords"] as const;

/**
 * Removes Python's `string.punctuation` characters from `text` and splits it like Python's
 * `str.split()`, lowercasing first unless `lowercase` is false: the Python idiom
 * `text.lower().translate(str.maketrans("", "", string.punctuation)).split()`.
 * `punctuationTokenize("Don't stop-me, NOW!")` is `["dont", "stopme", "now"]`.
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for bad text.
 */
export function punctuationTokenize(text: string, lowercase = true): string[] {
  assertText(text, "text");
  return pySplit((lowercase ? text.toLowerCase() : text).replace(PUNCTUATION_RE, ""));
}

/**
 * A tokenizer that lowercases (by default), deletes ASCII punctuation (Python's `string.punctuation`;
 * letters around it join: "don't" → "dont") and splits on Python whitespace. Non-ASCII punctuation
 * such as « » or 。 stays.
 *
 * Signature: `punctuation`, `punctuation+cased` (lowercase false), plus `+stop[<count>#<hash>]`.
 * @throws GramscoreError `INVALID_OPTION` for unknown or ill-typed options.
 */
export function createPunctuationTokenizer(options: PunctuationTokenizerOptions = {}): Tokenizer {
  const o = tokenizerOptions(options, PUNCTUATION_OPTION_KEYS, "punctuation");
  const lowercase = tokenizerFlag(o.lowercase, "lowercase", "punctuation", true);
  const stop = o.stopwords === undefined ? undefined : toWordSet(o.stopwords as WordList);
  let signature = lowercase ? "punctuation" : "punctuation+cased";
  if (stop) signature += `+stop[${wordSetId(stop)}]`;
  return {
    name: "punctuation",
    signature,
    tokenize(text: string): string[] {
      const tokens = punctuationTokenize(text, lowercase);
      return stop ? tokens.filter((t) => !stop.has(t)) : tokens;
    },
  };
}
