import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import { toTokenizer, type TokenizerLike } from "./define.js";
import type { Tokenizer } from "./types.js";

/**
 * FNV-1a (32 bit) over the UTF-8 bytes of `text`, as 8 lowercase hex digits. Used to name word lists
 * in signatures; any language can recompute it.
 */
export function fnv1a32(text: string): string {
  let h = 0x811c9dc5;
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i++) {
    h ^= bytes[i]!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h.toString(16).padStart(8, "0");
}

/**
 * A list of words: any iterable of strings (array, Set), or one string holding one word per line
 * (the format of ROUGE-1.5.5's `smart_common_words.txt`).
 */
export type WordList = string | Iterable<string>;

/**
 * Splits a one-word-per-line text into words: `\n` or `\r\n` line ends, empty lines skipped, nothing
 * else trimmed (a word is compared as written).
 */
export function parseWordList(text: string): string[] {
  if (typeof text !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `parseWordList expects the text of a word list, but got ${describeValue(text)}.`);
  }
  const out: string[] = [];
  for (const line of text.split("\n")) {
    const word = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (word.length > 0) out.push(word);
  }
  return out;
}

/**
 * Turns a {@link WordList} into a set, checking every entry is a string.
 * @throws GramscoreError `INVALID_OPTION` naming `option` when the list is not a string or an iterable of strings.
 */
export function toWordSet(words: WordList, option = "stopwords"): Set<string> {
  if (typeof words === "string") return new Set(parseWordList(words));
  if (words === null || typeof words !== "object" || typeof (words as Iterable<string>)[Symbol.iterator] !== "function") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `${option} must be an array or Set of words, or a string with one word per line, but got ${describeValue(words)}.`,
      { details: { option } },
    );
  }
  const set = new Set<string>();
  for (const w of words) {
    if (typeof w !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `${option} must hold only strings, but one entry is ${describeValue(w)}.`, {
        details: { option },
      });
    }
    set.add(w);
  }
  return set;
}

/**
 * Names a word set in a signature: `<count>#<fnv1a32 of the sorted words joined by "\n">`, e.g.
 * `598#...` for ROUGE-1.5.5's SMART list. Equal sets give equal names whatever their order.
 */
export function wordSetId(words: ReadonlySet<string>): string {
  const sorted = [...words].sort();
  return `${sorted.length}#${fnv1a32(sorted.join("\n"))}`;
}

/**
 * Wraps any tokenizer so that its output loses every token in `words` (compared as the tokenizer
 * returns them, so after its lowercasing and stemming). The signature gains `+stop[<count>#<hash>]`.
 * ```ts
 * const t = withStopwords((s) => s.toLowerCase().split(" "), ["the", "a"]);
 * t.tokenize("The cat a hat"); // ["cat", "hat"]
 * t.signature; // "custom+stop[2#929493b1]"
 * ```
 * @throws GramscoreError `INVALID_TYPE` for something that is not a tokenizer, `INVALID_OPTION` for a bad list.
 */
export function withStopwords(tokenizer: TokenizerLike, words: WordList): Tokenizer {
  const inner = toTokenizer(tokenizer);
  const stop = toWordSet(words);
  const signature = `${inner.signature}+stop[${wordSetId(stop)}]`;
  return {
    name: inner.name,
    signature,
    tokenize(text: string): string[] {
      const tokens = inner.tokenize(text);
      const out: string[] = [];
      for (const t of tokens) if (!stop.has(t)) out.push(t);
      return out;
    },
  };
}
