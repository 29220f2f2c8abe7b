import { ErrorCode, GramscoreError, assertText, describeValue, type Tokenizer } from "@gramscore/core";
import { BoundedCache, checkCacheSize } from "./cache.js";
import { fnv1a32 } from "./hash.js";
import { booleanOption, cacheSizeError, checkOptionKeys } from "./options.js";
import { rouge155PorterStem } from "./porter-rouge155.js";
import { toWordSet, wordSetId, type WordList } from "./stopwords.js";

/**
 * The texts of WordNet's morphological exception lists (`*.exc`: `inflected base [base ...]` per line),
 * by part of speech, as ROUGE-1.5.5 ships them in `data/WordNet-2.0-Exceptions/`.
 */
export interface WordNetExceptionFiles {
  noun?: string;
  adv?: string;
  verb?: string;
  adj?: string;
}

/** An exception table: a Map (inflected → base), the text of one `.exc` list, or the lists by part of speech. */
export type ExceptionTable = ReadonlyMap<string, string> | string | WordNetExceptionFiles;

// Perl's \s (split /\s+/ in buildExeptionDB.pl).
const PERL_SPACE = /[ \t\n\r\f\v]+/;

/**
 * Reads one exception list into `into` (a new Map by default) the way ROUGE-1.5.5's
 * `buildExeptionDB.pl` does: each line is split on whitespace and maps its first word to its second,
 * a later line overwriting an earlier one. Blank lines are skipped; a line that starts with
 * whitespace maps the empty word, so it never matches a token, and is skipped as well.
 * ```ts
 * parseExceptionList("mice mouse\nwent go\n").get("went"); // "go"
 * ```
 * @throws GramscoreError `MALFORMED_INPUT` for a line with a single word (it would map the word to an empty token).
 */
export function parseExceptionList(text: string, into: Map<string, string> = new Map()): Map<string, string> {
  if (typeof text !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `parseExceptionList expects the text of a .exc list, but got ${describeValue(text)}.`);
  }
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.length === 0 || PERL_SPACE.test(line[0]!)) continue;
    const fields = line.split(PERL_SPACE);
    const key = fields[0]!;
    const value = fields[1];
    if (value === undefined || value.length === 0) {
      throw new GramscoreError(
        ErrorCode.MALFORMED_INPUT,
        `Line ${i + 1} of the exception list has one word (${JSON.stringify(key)}) where "inflected base" was expected. ` +
          "Each line must give an inflected form and its base form, separated by whitespace (to use a file, pass its contents, not its path).",
        { details: { line: i + 1 } },
      );
    }
    into.set(key, value);
  }
  return into;
}

/**
 * Builds ROUGE-1.5.5's WordNet exception table from the `.exc` lists, read in the order noun, adv,
 * verb, adj with a later line overwriting an earlier one (the order the released database reflects:
 * best→good, better→good, is→be). With WordNet 2.0's lists the table has 5,930 words.
 * @throws GramscoreError `MALFORMED_INPUT` for a malformed line, `INVALID_TYPE` for a non-string list.
 */
export function buildWordNetExceptions(files: WordNetExceptionFiles): Map<string, string> {
  const table = new Map<string, string>();
  for (const pos of ["noun", "adv", "verb", "adj"] as const) {
    const text = files[pos];
    if (text !== undefined) parseExceptionList(text, table);
  }
  return table;
}

function toExceptionTable(value: unknown): ReadonlyMap<string, string> {
  if (typeof value === "string") return parseExceptionList(value);
  if (value instanceof Map) {
    for (const [k, v] of value) {
      if (typeof k !== "string" || typeof v !== "string") {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `exceptions must map strings to strings, but has the entry ${describeValue(k)} → ${describeValue(v)}.`, {
          details: { option: "exceptions" },
        });
      }
    }
    return value as ReadonlyMap<string, string>;
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    const bad = keys.filter((k) => !["noun", "adv", "verb", "adj"].includes(k));
    if (bad.length === 0) return buildWordNetExceptions(value as WordNetExceptionFiles);
  }
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `exceptions must be a Map of inflected → base words, the text of a WordNet .exc list, or { noun, adv, verb, adj } texts, but got ${describeValue(value)}.`,
    { details: { option: "exceptions" } },
  );
}

/** Names an exception table in a signature: `<count>#<fnv1a32 of the sorted "word\tbase" lines>`. */
export function exceptionTableId(table: ReadonlyMap<string, string>): string {
  const lines = [...table].map(([k, v]) => `${k}\t${v}`).sort();
  return `${lines.length}#${fnv1a32(lines.join("\n"))}`;
}

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
  const o = checkOptionKeys(options, ROUGE155_OPTION_KEYS, "rouge155");
  const useStemmer = booleanOption(o.useStemmer, "useStemmer", "rouge155", false);
  const cacheSize = checkCacheSize(o.cacheSize, cacheSizeError("rouge155"));
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
    const cache = cacheSize > 0 ? new BoundedCache(cacheSize) : undefined;
    morph = (token) => {
      const hit = cache?.get(token);
      if (hit !== undefined) return hit;
      const out = exceptions?.get(token) ?? rouge155PorterStem(token);
      cache?.set(token, out);
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
