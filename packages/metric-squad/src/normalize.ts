import { isPythonWhitespace } from "@gramscore/core";

/**
 * ASCII character classes of the normalization: 1 a word character (`\w`), 2 punctuation (Python's
 * `string.punctuation`, the 32 ASCII punctuation characters the official scripts delete; `_` is one of
 * them, deleted before `\w` is asked), 3 Python whitespace, 0 anything else.
 */
const ASCII = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57)) ASCII[c] = 1;
  else if (isPythonWhitespace(c)) ASCII[c] = 3;
}
for (const ch of "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~") ASCII[ch.charCodeAt(0)] = 2;

/** Python 3's `\w` on str: letters, numbers (`str.isalnum()`) and the underscore. */
const WORD = /^[\p{L}\p{N}_]$/u;

const A = 97;
const N = 110;
const T = 116;
const H = 104;
const E = 101;

/**
 * The normalized tokens, in one pass over the lowercased text instead of the script's four steps
 * with their intermediate strings: punctuation is deleted (its neighbours join), a maximal run of word
 * characters that is exactly `a`, `an` or `the` after the deletions (what `\b(a|an|the)\b` matches: both
 * ends need a non-word neighbour) becomes a space, and the rest is split on Python whitespace.
 */
function tokensOf(text: string): string[] {
  // Lowercased as a whole (`str.lower()`; context rules such as the final sigma need the whole text).
  const s = text.toLowerCase();
  const n = s.length;
  const out: string[] = [];
  let tok = ""; // the current token's text before `seg`
  let seg = -1; // start of the kept characters not yet in `tok`, or -1
  let run = 0; // length of the current run of word characters (UTF-16 units)
  let r0 = 0;
  let r1 = 0;
  let r2 = 0;
  let k = 0;
  while (k <= n) {
    let cls: number;
    let width = 1;
    if (k === n) cls = 3;
    else {
      const c = s.charCodeAt(k);
      if (c < 128) cls = ASCII[c]!;
      else {
        const cp = s.codePointAt(k)!;
        if (cp > 0xffff) width = 2;
        cls = isPythonWhitespace(cp) ? 3 : WORD.test(s.slice(k, k + width)) ? 1 : 0;
      }
      if (cls === 1) {
        if (seg < 0) seg = k;
        if (run === 0) r0 = c;
        else if (run === 1) r1 = c;
        else if (run === 2) r2 = c;
        run += width;
        k += width;
        continue;
      }
      if (cls === 2) {
        // Deleted; a run of word characters goes on across it.
        if (seg >= 0) {
          tok += s.slice(seg, k);
          seg = -1;
        }
        k++;
        continue;
      }
    }
    // Whitespace, the end, or another character: the run of word characters (if any) ends here.
    if (run > 0) {
      if ((run === 1 && r0 === A) || (run === 2 && r0 === A && r1 === N) || (run === 3 && r0 === T && r1 === H && r2 === E)) {
        // An article: a space in its place ends the token.
        if (seg >= 0) tok += s.slice(seg, k);
        tok = tok.slice(0, tok.length - run);
        if (tok !== "") out.push(tok);
        tok = "";
        seg = -1;
      }
      run = 0;
    }
    if (cls === 3) {
      if (seg >= 0) {
        tok += s.slice(seg, k);
        seg = -1;
      }
      if (tok !== "") out.push(tok);
      tok = "";
    } else if (seg < 0) seg = k;
    k += width;
  }
  return out;
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
  return tokensOf(text).join(" ");
}

/** The tokens F1 counts: the normalized answer split on whitespace. */
export function normalizedTokens(text: string): string[] {
  return tokensOf(text);
}

/** Whether two normalized answers are equal (token lists hold no whitespace, so this is string equality). */
export function sameTokens(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

let used = new Uint8Array(64);

/** Size of the multiset intersection of two token lists. */
function overlap(pred: readonly string[], gold: readonly string[]): number {
  const np = pred.length;
  const ng = gold.length;
  let same = 0;
  if (np * ng <= 256) {
    // Short answers (nearly all): match each prediction token with an unused equal gold token.
    if (used.length < ng) used = new Uint8Array(ng);
    used.fill(0, 0, ng);
    for (let i = 0; i < np; i++) {
      const t = pred[i];
      for (let j = 0; j < ng; j++) {
        if (used[j] === 0 && gold[j] === t) {
          used[j] = 1;
          same++;
          break;
        }
      }
    }
    return same;
  }
  const counts = new Map<string, number>();
  for (const t of gold) counts.set(t, (counts.get(t) ?? 0) + 1);
  for (const t of pred) {
    const c = counts.get(t);
    if (c !== undefined && c > 0) {
      same++;
      counts.set(t, c - 1);
    }
  }
  return same;
}

/**
 * Token F1 of one prediction against one gold answer, as the official scripts compute it
 * (`2pr / (p + r)` on the multiset overlap of normalized tokens). `v2` applies SQuAD 2.0's rule for
 * empty token lists (1 when both are empty, else 0); v1.1 gives 0 whenever nothing overlaps.
 */
export function tokenF1(predTokens: readonly string[], goldTokens: readonly string[], v2: boolean): number {
  if (v2 && (goldTokens.length === 0 || predTokens.length === 0)) return goldTokens.length === predTokens.length ? 1 : 0;
  const same = overlap(predTokens, goldTokens);
  if (same === 0) return 0;
  const precision = (1.0 * same) / predTokens.length;
  const recall = (1.0 * same) / goldTokens.length;
  return (2 * precision * recall) / (precision + recall);
}
