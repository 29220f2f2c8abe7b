import { isPythonWhitespace } from "@gramscore/core";

/** Python's `string.punctuation`: the 32 ASCII punctuation characters the official scripts delete. */
const PUNCTUATION = new Set(Array.from("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~", (c) => c.charCodeAt(0)));

/** Python 3's `\w` on str: letters, numbers (`str.isalnum()`) and the underscore. */
const WORD = /[\p{L}\p{N}_]/u;

function isWordChar(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
  return WORD.test(ch);
}

/**
 * The official SQuAD answer normalization (v1.1 and v2.0 alike, as HF evaluate's `normalize_answer`):
 * lowercase (`str.lower()`), delete ASCII punctuation, replace the whole words `a`, `an`, `the` by a
 * space (Python's Unicode `\b`), and collapse whitespace (`" ".join(text.split())`).
 * ```ts
 * normalizeAnswer("The  Denver Broncos!"); // "denver broncos"
 * ```
 */
export function normalizeAnswer(text: string): string {
  const lower = text.toLowerCase();
  let noPunct = "";
  let start = 0;
  for (let k = 0; k < lower.length; k++) {
    if (PUNCTUATION.has(lower.charCodeAt(k))) {
      noPunct += lower.slice(start, k);
      start = k + 1;
    }
  }
  noPunct += lower.slice(start);
  // Articles: a maximal run of word characters that is exactly "a", "an" or "the" (what
  // \b(a|an|the)\b matches, since both ends need a non-word neighbour) becomes one space.
  let out = "";
  let k = 0;
  const n = noPunct.length;
  while (k < n) {
    const cp = noPunct.codePointAt(k)!;
    const ch = String.fromCodePoint(cp);
    if (!isWordChar(ch)) {
      out += ch;
      k += ch.length;
      continue;
    }
    let e = k;
    while (e < n) {
      const c = String.fromCodePoint(noPunct.codePointAt(e)!);
      if (!isWordChar(c)) break;
      e += c.length;
    }
    const word = noPunct.slice(k, e);
    out += word === "a" || word === "an" || word === "the" ? " " : word;
    k = e;
  }
  return answerTokens(out).join(" ");
}

/** Python's `str.split()`: runs of non-whitespace. */
function answerTokens(text: string): string[] {
  const tokens: string[] = [];
  let start = -1;
  for (let k = 0; k < text.length; k++) {
    if (isPythonWhitespace(text.charCodeAt(k))) {
      if (start >= 0) tokens.push(text.slice(start, k));
      start = -1;
    } else if (start < 0) start = k;
  }
  if (start >= 0) tokens.push(text.slice(start));
  return tokens;
}

/** The tokens F1 counts: the normalized answer split on whitespace. */
export function normalizedTokens(text: string): string[] {
  const norm = normalizeAnswer(text);
  return norm === "" ? [] : norm.split(" ");
}

/**
 * Token F1 of one prediction against one gold answer, as the official scripts compute it
 * (`2pr / (p + r)` on the multiset overlap of normalized tokens). `v2` applies SQuAD 2.0's rule for
 * empty token lists (1 when both are empty, else 0); v1.1 gives 0 whenever nothing overlaps.
 */
export function tokenF1(predTokens: readonly string[], goldTokens: readonly string[], v2: boolean): number {
  if (v2 && (goldTokens.length === 0 || predTokens.length === 0)) return goldTokens.length === predTokens.length ? 1 : 0;
  const counts = new Map<string, number>();
  for (const t of goldTokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  let same = 0;
  for (const t of predTokens) {
    const c = counts.get(t);
    if (c !== undefined && c > 0) {
      same++;
      counts.set(t, c - 1);
    }
  }
  if (same === 0) return 0;
  const precision = (1.0 * same) / predTokens.length;
  const recall = (1.0 * same) / goldTokens.length;
  return (2 * precision * recall) / (precision + recall);
}
