import { BoundedCache, ErrorCode, GramscoreError, assertText, readCacheSize, toWordSet, tokenizerFlag, tokenizerOptions, wordSetId, type Tokenizer, type WordList } from "@gramscore/core";
import { STEM_CACHE_SIZE, exceptionTableId, rouge155PorterStem, toExceptionTable, type ExceptionTable } from "@gramscore/stemmer-porter";
import { cacheSizeError } from "./options.js";

/** Options of the `rouge155` tokenizer ({@link createRouge155Tokenizer}). */
export interface Rouge155TokenizerOptions {
  /** Stem tokens longer than 3 characters (ROUGE-1.5.5's `-m`): exception table first, else its Porter stemmer. Default false. */
  useStemmer?: boolean;
  /**
   * The WordNet exception table `-m` consults before the Porter stemmer (ROUGE-1.5.5's
   * `WordNet-2.0.exc.db`). Not shipped: pass the `.exc` lists (see {@link buildWordNetExceptions}).
   * Without it `-m` is the Porter stemmer alone. Requires `useStemmer`.
   */
  exceptions?: ExceptionTable;
  /** Tokens to drop before stemming (ROUGE-1.5.5's `-s` with its `smart_common_words.txt`). */
  stopwords?: WordList;
  /** Size of the stem cache (0 turns it off). Default 100,000. */
  cacheSize?: number;
}

const ROUGE155_OPTION_KEYS = ["useStemmer", "exceptions", "stopwords", "cacheSize"] as const;

// ROUGE-1.5.5 lowercases with tr/A-Z/a-z/, pads '-' with spaces, turns every byte outside
// [A-Za-z0-9-] into a space (so every non-ASCII character is a break) and keeps the tokens whose first
// character is [a-z0-9$]: the '-' tokens go, and '$' never survives the cleanup. What is left is the
// runs of ASCII letters and digits.
const RUN = /[A-Za-z0-9]+/g;

/** True when the ASCII token holds an uppercase letter. */
function hasUpper(token: string): boolean {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c >= 65 && c <= 90) return true;
  }
  return false;
}

/**
 * ROUGE-1.5.5's tokens of `text` without stemming or stopwords, as a plain function:
 * `rouge155Tokenize("Über-cool $5")` is `["ber", "cool", "5"]`.
 * @throws GramscoreError `INVALID_TYPE` / `LONE_SURROGATE` for bad text.
 */
export function rouge155Tokenize(text: string): string[] {
  assertText(text, "text");
  return rouge155Words(text);
}

function rouge155Words(text: string): string[] {
  const tokens = text.match(RUN);
  if (tokens === null) return [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (hasUpper(t)) tokens[i] = t.toLowerCase();
  }
  return tokens;
}

/**
 * The tokenizer of ROUGE-1.5.5.pl (`readText` and `createNGram`), exactly: ASCII-only lowercasing,
 * every character other than an ASCII letter or digit separates (non-ASCII text disappears), then per
 * token, in the script's order: drop it if it is a stopword (`-s`), else with `-m` and more than 3
 * characters replace it by its entry in the exception table or, when it has none, by ROUGE-1.5.5's own
 * Porter stem (a regular-expression Porter stemmer that differs from NLTK's).
 *
 * Signature: `rouge155`, `rouge155+stem[porter]`, `rouge155+stem[porter+wordnet:<count>#<hash>]`, plus
 * `+stop[<count>#<hash>]` with stopwords.
 * ```ts
 * const exc = buildWordNetExceptions({ noun, adv, verb, adj }); // the .exc texts
 * createRouge155Tokenizer({ useStemmer: true, exceptions: exc }).tokenize("The mice went home"); // ["the", "mouse", "go", "home"]
 * ```
 * @throws GramscoreError `INVALID_OPTION` for unknown or ill-typed options, or exceptions without useStemmer.
 */
export function createRouge155Tokenizer(options: Rouge155TokenizerOptions = {}): Tokenizer {
  const o = tokenizerOptions(options, ROUGE155_OPTION_KEYS, "rouge155");
  const useStemmer = tokenizerFlag(o.useStemmer, "useStemmer", "rouge155", false);
  const cacheSize = readCacheSize(o.cacheSize, STEM_CACHE_SIZE, cacheSizeError("rouge155"));
  const exceptions = o.exceptions === undefined ? undefined : toExceptionTable(o.exceptions);
  if (exceptions && !useStemmer) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      "The rouge155 tokenizer got an exception table but useStemmer is false; ROUGE-1.5.5 consults the table only when stemming (-m). " +
        "Set useStemmer: true, or drop the exceptions option.",
      { details: { option: "exceptions", tokenizer: "rouge155" } },
    );
  }
  const stop = o.stopwords === undefined ? undefined : toWordSet(o.stopwords as WordList);

  let signature = "rouge155";
  if (useStemmer) signature += exceptions && exceptions.size > 0 ? `+stem[porter+wordnet:${exceptionTableId(exceptions)}]` : "+stem[porter]";
  if (stop) signature += `+stop[${wordSetId(stop)}]`;

  let morph: ((token: string) => string) | undefined;
  if (useStemmer) {
    const cache = cacheSize > 0 ? new BoundedCache<string>(cacheSize, Number.POSITIVE_INFINITY) : undefined;
    morph = (token) => {
      const hit = cache?.get(token);
      if (hit !== undefined) return hit;
      const out = exceptions?.get(token) ?? rouge155PorterStem(token);
      cache?.set(token, out, 0);
      return out;
    };
  }

  return {
    name: "rouge155",
    signature,
    tokenize(text: string): string[] {
      assertText(text, "text");
      const tokens = rouge155Words(text);
      if (!morph && !stop) return tokens;
      let j = 0;
      for (let i = 0; i < tokens.length; i++) {
        let t = tokens[i]!;
        if (stop && stop.has(t)) continue;
        if (morph && t.length > 3) t = morph(t);
        tokens[j++] = t;
      }
      tokens.length = j;
      return tokens;
    },
  };
}
