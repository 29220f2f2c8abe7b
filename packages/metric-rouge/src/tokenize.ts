import {
  assertText,
  checkedTokenizer,
  contextTokenizer,
  describeValue,
  preferContext,
  toTokenizer,
  toWordSet,
  withStopwords,
  wordSetId,
  type MetricContext,
  type SignatureValue,
  type Tokenizer,
  type TokenizerLike,
  type WordList,
} from "@gramscore/core";
import { buildWordNetExceptions, createPorterStemmer, exceptionTableId, parseExceptionList, type WordNetExceptionFiles } from "@gramscore/stemmer-porter";
import { createRougeTokenizer, createRougeUnicodeTokenizer, rougeTokenize, rougeUnicodeTokenize } from "./tokenizers/rouge.js";
import { createRouge155Tokenizer, rouge155Tokenize } from "./tokenizers/rouge155.js";
import { invalid } from "./options.js";
import type { RougeMode } from "./types.js";

/** The tokenizers this package builds itself (with stemmer / stopwords / exceptions). */
export const BUILTIN_TOKENIZERS = ["rouge", "rouge-unicode", "rouge155"] as const;

/** A tokenizer ready for the metric, with what the signature says about it. */
export interface ResolvedTokenizer {
  readonly tokenizer: Tokenizer;
  /**
   * True when a line break always separates tokens and no token spans lines, so the tokens of a text
   * are the tokens of its lines one after the other (true of the built-in tokenizers).
   */
  readonly lineSafe: boolean;
  /** True when `tokenize` itself rejects text that is not a string or not valid Unicode. */
  readonly checksText: boolean;
  /** Signature fields, in order. */
  readonly fields: ReadonlyArray<readonly [string, SignatureValue | undefined]>;
  /**
   * For the built-in tokenizers: the words of a text before stemming and stopwords, such that the
   * tokens of the text are `tokenize(word)` of each word in turn (so per-word results can be cached).
   */
  readonly words?: (text: string) => string[];
  /** For the built-in ASCII tokenizers: which word rules the one-pass scanner applies (see `scan.ts`). */
  readonly scan?: "rouge" | "rouge155";
  /**
   * For the built-in `rouge` tokenizer: the token of one word the scanner found (lowercase ASCII letters
   * and digits), `""` when it gives none: the one token `tokenizer.tokenize(word)` gives (stopwords, then
   * the stemmer on words longer than 3 characters), without re-checking and re-splitting the word.
   */
  readonly wordToken?: (word: string) => string;
}

function toExceptionMap(value: unknown): ReadonlyMap<string, string> {
  if (typeof value === "string") return parseExceptionList(value);
  if (value instanceof Map) return value as ReadonlyMap<string, string>;
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const keys = Object.keys(value);
    if (keys.every((k) => ["noun", "adv", "verb", "adj"].includes(k))) return buildWordNetExceptions(value as WordNetExceptionFiles);
  }
  throw invalid(
    "exceptions",
    `Option exceptions must be a Map of inflected → base words, the text of a WordNet .exc list, or { noun, adv, verb, adj } texts, but got ${describeValue(value)}.`,
  );
}

/**
 * Builds the tokenizer the options ask for. Built-in names are made here; other names go through
 * `context` (a registry); objects and functions are wrapped.
 * @throws GramscoreError `UNKNOWN_TOKENIZER`, `INVALID_OPTION`.
 */
export function resolveTokenizer(raw: Record<string, unknown>, mode: RougeMode, context: MetricContext | undefined): ResolvedTokenizer {
  const value = raw.tokenize ?? (mode === "rouge155" ? "rouge155" : "rouge");
  if (raw.stemmer !== undefined && raw.stemmer !== "porter" && raw.stemmer !== "none") {
    throw invalid("stemmer", `Option stemmer must be "porter" or "none", but got ${describeValue(raw.stemmer)}.`);
  }
  const useStemmer = raw.stemmer === "porter";
  const stopwords = raw.stopwords as WordList | undefined;
  const stopSet = stopwords === undefined ? undefined : toWordSet(stopwords);
  const stopId = stopSet === undefined ? undefined : wordSetId(stopSet);
  const exceptions = raw.exceptions === undefined ? undefined : toExceptionMap(raw.exceptions);
  if (raw.tokenizeOptions !== undefined && (typeof raw.tokenizeOptions !== "object" || raw.tokenizeOptions === null || Array.isArray(raw.tokenizeOptions))) {
    throw invalid("tokenizeOptions", `Option tokenizeOptions must be an object, but got ${describeValue(raw.tokenizeOptions)}.`);
  }

  // A tokenizer the user registered under a built-in name takes precedence (core's preferContext).
  if (typeof value === "string" && (BUILTIN_TOKENIZERS as readonly string[]).includes(value) && !preferContext(value, context, ["@gramscore/metric-rouge"])) {
    if (raw.tokenizeOptions !== undefined) {
      throw invalid(
        "tokenizeOptions",
        `tokenizeOptions are for tokenizers resolved by name through a registry; the built-in ${value} tokenizer takes stemmer, stopwords and exceptions directly.`,
      );
    }
    const stemsWith155 = value === "rouge155" || (value === "rouge-unicode" && mode === "rouge155");
    if (exceptions !== undefined && !stemsWith155) {
      throw invalid(
        "exceptions",
        `The WordNet exception table belongs to ROUGE-1.5.5's stemmer, which the ${value} tokenizer${value === "rouge-unicode" ? " in rouge-score mode" : ""} does not use. ` +
          "Use the rouge155 tokenizer (or mode rouge155), or drop exceptions.",
      );
    }
    if (exceptions !== undefined && !useStemmer) {
      throw invalid("exceptions", "The exception table is only consulted when stemming (ROUGE-1.5.5's -m): set stemmer: \"porter\", or drop exceptions.");
    }
    let tokenizer: Tokenizer;
    let words: (text: string) => string[];
    const scan = value === "rouge" || value === "rouge155" ? value : undefined;
    let wordToken: ((word: string) => string) | undefined;
    if (value === "rouge") {
      tokenizer = createRougeTokenizer({ useStemmer, stopwords: stopSet, cacheSize: 0 });
      words = rougeTokenize;
      // The tokenizer's own steps on a word that is already one lowercase [a-z0-9] run.
      const stem = useStemmer ? createPorterStemmer({ cacheSize: 0 }).stem : undefined;
      wordToken = (word) => (stopSet !== undefined && stopSet.has(word) ? "" : stem !== undefined && word.length > 3 ? stem(word) : word);
    } else if (value === "rouge155") {
      tokenizer = createRouge155Tokenizer({ useStemmer, exceptions, stopwords: stopSet, cacheSize: 0 });
      words = rouge155Tokenize;
    } else {
      tokenizer =
        mode === "rouge-score" || !useStemmer
          ? createRougeUnicodeTokenizer({ useStemmer, stopwords: stopSet, cacheSize: 0 })
          : unicodeWith155Stemmer(stopSet, exceptions);
      words = rougeUnicodeTokenize;
    }
    const fields: [string, SignatureValue | undefined][] = [
      ["tok", value],
      ["stem", useStemmer],
    ];
    if (useStemmer && exceptions !== undefined && exceptions.size > 0) fields.push(["exc", exceptionTableId(exceptions)]);
    if (stopId !== undefined) fields.push(["stop", stopId]);
    return { tokenizer, lineSafe: true, checksText: true, fields, words, scan, wordToken };
  }

  if (useStemmer) {
    throw invalid(
      "stemmer",
      `stemmer applies to the built-in tokenizers (${BUILTIN_TOKENIZERS.join(", ")}); with another tokenizer, stem inside it. Drop stemmer or use a built-in tokenizer.`,
    );
  }
  if (exceptions !== undefined) {
    throw invalid("exceptions", "exceptions apply to ROUGE-1.5.5's stemmer in the built-in rouge155 tokenizer only; drop them or use that tokenizer.");
  }
  let tokenizer: Tokenizer;
  if (typeof value === "string") {
    tokenizer = contextTokenizer(value, context, "rouge", raw.tokenizeOptions, `ROUGE knows the tokenizers ${BUILTIN_TOKENIZERS.join(", ")} by name.`);
  } else {
    if (raw.tokenizeOptions !== undefined) {
      throw invalid("tokenizeOptions", "tokenizeOptions only apply when the tokenizer is given by name; configure a tokenizer object yourself.");
    }
    tokenizer = checkedTokenizer(toTokenizer(value as TokenizerLike, "custom"), "rouge");
  }
  if (stopSet !== undefined) tokenizer = withStopwords(tokenizer, stopSet);
  return { tokenizer, lineSafe: false, checksText: false, fields: [["tok", tokenizer.signature]] };
}

const ASCII_WORD = /^[a-z0-9]+$/;

/**
 * rouge-unicode's tokens, then ROUGE-1.5.5's `-m` on the ASCII tokens longer than 3 characters
 * (exception table, else its Porter stemmer): on ASCII text exactly the rouge155 tokenizer with
 * stemming, and any script survives.
 */
function unicodeWith155Stemmer(stop: Set<string> | undefined, exceptions: ReadonlyMap<string, string> | undefined): Tokenizer {
  const base = createRougeUnicodeTokenizer({ stopwords: stop });
  const stemmer = createRouge155Tokenizer({ useStemmer: true, exceptions, cacheSize: 0 });
  return {
    name: "rouge-unicode",
    signature: `rouge-unicode+stem[rouge155${exceptions && exceptions.size > 0 ? `+wordnet:${exceptionTableId(exceptions)}` : ""}]${stop ? `+stop[${wordSetId(stop)}]` : ""}`,
    tokenize(text: string): string[] {
      const tokens = base.tokenize(text);
      for (let i = 0; i < tokens.length; i++) {
        const t = tokens[i]!;
        if (t.length > 3 && ASCII_WORD.test(t)) tokens[i] = stemmer.tokenize(t)[0] ?? t;
      }
      return tokens;
    },
  };
}

/** Checks a text for tokenizers that do not check it themselves. */
export function checkText(value: unknown, what: string): string {
  return assertText(value, what);
}

/** Interns tokens as small integer ids; forgets everything when it grows past `limit` (between segments only). */
export class Interner {
  readonly #map = new Map<string, number>();
  readonly #limit: number;

  constructor(limit = 1 << 20) {
    this.#limit = limit;
  }

  /** Number of ids handed out. */
  get size(): number {
    return this.#map.size;
  }

  /** True when the table has grown past its limit (reset it between segments). */
  get full(): boolean {
    return this.#map.size > this.#limit;
  }

  /** Forgets every id. */
  clear(): void {
    this.#map.clear();
  }

  /** The id of one token. */
  id(token: string): number {
    let id = this.#map.get(token);
    if (id === undefined) {
      id = this.#map.size;
      this.#map.set(token, id);
    }
    return id;
  }

  /** The ids of `tokens`, interning new ones. */
  ids(tokens: readonly string[]): Int32Array {
    const map = this.#map;
    const out = new Int32Array(tokens.length);
    for (let i = 0; i < tokens.length; i++) {
      const t = tokens[i]!;
      let id = map.get(t);
      if (id === undefined) {
        id = map.size;
        map.set(t, id);
      }
      out[i] = id;
    }
    return out;
  }
}

/** The sentences of a text for rouge-score's rougeLsum: `text.split("\n")` without the empty strings. */
export function newlineSentences(text: string): string[] {
  const out: string[] = [];
  for (const s of text.split("\n")) if (s.length > 0) out.push(s);
  return out;
}

const PERL_SPACE_RUN = /[ \t\n\r\f\v]+/;

/** Perl's `split(/\s+/, $s)` on a byte string: a leading empty field is kept, trailing empty fields dropped. */
export function perlSplit(s: string): string[] {
  const parts = s.split(PERL_SPACE_RUN);
  while (parts.length > 0 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Number of UTF-8 bytes of `s` (lone surrogates count 3, as WTF-8). */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The longest prefix of `s` that fits in `bytes` UTF-8 bytes, cut at a character boundary. (ROUGE-1.5.5
 * cuts bytes; the piece of a character it keeps is not an ASCII letter or digit, so its tokenizer
 * treats it as a space, like the dropped character here.)
 */
export function utf8Prefix(s: string, bytes: number): string {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let w = 1;
    let units = 1;
    if (c >= 0x80) {
      if (c < 0x800) w = 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        w = 4;
        units = 2;
      } else w = 3;
    }
    if (n + w > bytes) return s.slice(0, i);
    n += w;
    i += units - 1;
  }
  return s;
}

/** The texts ROUGE-1.5.5 reads from one summary: the pieces `readText` joins and the sentences `readText_LCS` keeps. */
export interface Rouge155Text {
  /** Pieces joined by a space into the one text ROUGE-N, S/SU and the unigram counts use. */
  readonly flat: readonly string[];
  /** Sentences ROUGE-L and ROUGE-W use. */
  readonly sentences: readonly string[];
}

/**
 * ROUGE-1.5.5's SPL reading (`readText` / `readText_LCS`): every line of non-zero length (split at
 * `\n`) is a sentence; then the `-l` word limit or the `-b` byte limit, with the script's rules:
 * sentences are taken while the running length stays strictly below the limit, and the sentence that
 * reaches it is cut (words are Perl's `split /\s+/` fields of the raw line, a leading empty field
 * included). Under `-b`, `readText_LCS` never adds up the lengths, so ROUGE-L/W keep every sentence
 * shorter than the limit until the first one that is not, which is cut to the limit.
 */
export function rouge155Text(text: string, lengthLimit: number, byteLimit: number): Rouge155Text {
  const lines = newlineSentences(text);
  if (lengthLimit > 0) {
    const pieces: string[] = [];
    let len = 0;
    for (const s of lines) {
      const words = perlSplit(s);
      if (len + words.length < lengthLimit) {
        pieces.push(s);
        len += words.length;
      } else {
        pieces.push(words.slice(0, lengthLimit - len).join(" "));
        break;
      }
    }
    return { flat: pieces, sentences: pieces };
  }
  if (byteLimit > 0) {
    const flat: string[] = [];
    let len = 0;
    for (const s of lines) {
      const n = utf8Length(s);
      if (len + n < byteLimit) {
        flat.push(s);
        len += n;
      } else {
        flat.push(utf8Prefix(s, byteLimit - len));
        break;
      }
    }
    const sentences: string[] = [];
    for (const s of lines) {
      if (utf8Length(s) < byteLimit) sentences.push(s);
      else {
        sentences.push(utf8Prefix(s, byteLimit));
        break;
      }
    }
    return { flat, sentences };
  }
  return { flat: lines, sentences: lines };
}
