/**
 * characTER (Wang et al., 2016): word-level shifts chosen greedily by a word-level edit distance, then
 * a character-level Levenshtein distance plus the shift cost, over the hypothesis length in
 * characters. The rules are those of rwth-i6/CharacTER and of its port BramVanroy/CharacTER (the `cer`
 * package HF evaluate's `character` wraps); the two differ only in the precision of the word-level
 * distance (`float32`: rwth-i6's C++ returns a C `float`).
 */
import { GramscoreError, ErrorCode } from "@gramscore/core";

/** Compares two strings by code points, as Python does (JavaScript's `<` compares UTF-16 units). */
export function comparePy(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx === sy) return x - y;
    return sx ? 1 : -1;
  }
  return a.length - b.length;
}

/** Python's comparison of two lists of strings of the same length (lexicographic). */
function compareLists(a: ArrayLike<number>, b: ArrayLike<number>, n: number, words: readonly string[]): number {
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return comparePy(words[a[i]!]!, words[b[i]!]!);
  }
  return 0;
}

let rowA = new Int32Array(64);
let rowB = new Int32Array(64);

/**
 * The word-level distance of candidates (all as long as the hypothesis) to one reference: Myers'
 * bit-parallel algorithm (Hyyrö's formulation) over 32-bit words when the reference or the
 * hypothesis has at most 32 words, the plain dynamic programme otherwise. Word ids are below `ids`.
 */
function wordDistance(ref: readonly number[], ids: number, n: number): (cand: ArrayLike<number>) => number {
  const m = ref.length;
  if (m === 0) return () => n;
  if (n === 0) return () => m;
  if (m <= 32) {
    const peq = new Int32Array(ids);
    for (let i = 0; i < m; i++) peq[ref[i]!]! |= 1 << i;
    return (cand) => myers(peq, m, cand, n);
  }
  if (n <= 32) {
    const peq = new Int32Array(ids);
    return (cand) => {
      for (let i = 0; i < n; i++) peq[cand[i]!]! |= 1 << i;
      const d = myers(peq, n, ref, m);
      for (let i = 0; i < n; i++) peq[cand[i]!] = 0;
      return d;
    };
  }
  return (cand) => levenshteinDense(ref, cand, ids, m, n);
}

let peqBlocks = new Int32Array(256);
let pvBlocks = new Int32Array(8);
let mvBlocks = new Int32Array(8);

/**
 * Levenshtein distance of two sequences of symbols below `alphabet`, by Myers' block algorithm:
 * the pattern `a` in 32-bit blocks, one pass over `b`.
 */
export function levenshteinDense(a: ArrayLike<number>, b: ArrayLike<number>, alphabet: number, m = a.length, n = b.length): number {
  if (m === 0) return n;
  if (n === 0) return m;
  const blocks = (m + 31) >>> 5;
  const size = alphabet * blocks;
  if (peqBlocks.length < size) peqBlocks = new Int32Array(2 * size);
  else peqBlocks.fill(0, 0, size);
  if (pvBlocks.length < blocks) {
    pvBlocks = new Int32Array(2 * blocks);
    mvBlocks = new Int32Array(2 * blocks);
  }
  const peq = peqBlocks;
  const pvs = pvBlocks;
  const mvs = mvBlocks;
  for (let i = 0; i < m; i++) peq[a[i]! * blocks + (i >>> 5)]! |= 1 << (i & 31);
  if (blocks === 1) return myers(peq, m, b, n);
  for (let k = 0; k < blocks; k++) {
    pvs[k] = -1;
    mvs[k] = 0;
  }
  const last = blocks - 1;
  const high = 1 << ((m - 1) & 31);
  let score = m;
  for (let j = 0; j < n; j++) {
    const row = b[j]! * blocks;
    // The horizontal delta carried from block to block as two bits (+1, -1): the top row of the
    // global distance grows by one per column, so a +1 enters the first block.
    let hp = 1;
    let hm = 0;
    for (let k = 0; k < last; k++) {
      const eq = peq[row + k]! | hm;
      const pv = pvs[k]!;
      const mv = mvs[k]!;
      const xv = peq[row + k]! | mv;
      const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
      const ph = mv | ~(xh | pv);
      const mh = pv & xh;
      // ph and mh never share a bit: the carries out are their top bits.
      const php = (ph << 1) | hp;
      const mhp = (mh << 1) | hm;
      hp = ph >>> 31;
      hm = mh >>> 31;
      pvs[k] = mhp | ~(xv | php);
      mvs[k] = php & xv;
    }
    const eq = peq[row + last]! | hm;
    const pv = pvs[last]!;
    const mv = mvs[last]!;
    const xv = peq[row + last]! | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    const ph = mv | ~(xh | pv);
    const mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    const php = (ph << 1) | hp;
    const mhp = (mh << 1) | hm;
    pvs[last] = mhp | ~(xv | php);
    mvs[last] = php & xv;
  }
  return score;
}

// Dense symbol ids for the code points of two strings: a stamped table for the BMP (no clearing
// between calls), a map for the rest.
// slots[2c] is the stamp of code point c, slots[2c + 1] its id (one cache line for both).
const slots = new Int32Array(2 * 65536);
const astral = new Map<number, number>();
let stamp = 0;
let alphabet = 0;
let codesA = new Int32Array(256);
let codesB = new Int32Array(256);

function newAlphabet(): void {
  if (++stamp === 0x7fffffff) {
    slots.fill(0);
    stamp = 1;
  }
  if (astral.size > 0) astral.clear();
  alphabet = 0;
}

function symbolOf(c: number): number {
  if (c < 65536) {
    const at = c << 1;
    if (slots[at] === stamp) return slots[at + 1]!;
    slots[at] = stamp;
    slots[at + 1] = alphabet;
    return alphabet++;
  }
  let k = astral.get(c);
  if (k === undefined) {
    k = alphabet++;
    astral.set(c, k);
  }
  return k;
}

/**
 * Writes the symbol ids of the code points of `s` into `out` from `k` (a surrogate pair is one code
 * point); returns the end.
 */
function encodeInto(s: string, out: Int32Array, k = 0): number {
  const n = s.length;
  for (let i = 0; i < n; i++) {
    let c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = ((c - 0xd800) << 10) + (d - 0xdc00) + 0x10000;
        i++;
      }
    }
    out[k++] = symbolOf(c);
  }
  return k;
}

/** Levenshtein distance of two strings over their code points (Python's on two `str`). */
export function stringLevenshtein(a: string, b: string): number {
  if (codesA.length < a.length) codesA = new Int32Array(2 * a.length);
  if (codesB.length < b.length) codesB = new Int32Array(2 * b.length);
  newAlphabet();
  return codesDistance(encodeInto(a, codesA), encodeInto(b, codesB));
}

/** Levenshtein distance of the first `m` symbols of `codesA` and the first `n` of `codesB`. */
function codesDistance(m: number, n: number): number {
  // A common prefix and suffix cost nothing: the distance is that of the middles.
  let p = 0;
  while (p < m && p < n && codesA[p] === codesB[p]) p++;
  while (m > p && n > p && codesA[m - 1] === codesB[n - 1]) {
    m--;
    n--;
  }
  if (p > 0) {
    codesA.copyWithin(0, p, m);
    codesB.copyWithin(0, p, n);
    m -= p;
    n -= p;
  }
  // The cost is one pass over the text per 32-symbol block of the pattern: the shorter one in blocks.
  return (m + 31) >>> 5 <= (n + 31) >>> 5 ? levenshteinDense(codesA, codesB, alphabet, m, n) : levenshteinDense(codesB, codesA, alphabet, n, m);
}

/** Levenshtein distance of a pattern of `m` ≤ 32 symbols (as `peq` bit masks) and a text. */
function myers(peq: Int32Array, m: number, text: ArrayLike<number>, n: number): number {
  let pv = -1;
  let mv = 0;
  let score = m;
  const high = 1 << (m - 1);
  for (let j = 0; j < n; j++) {
    const eq = peq[text[j]!]!;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    ph = (ph << 1) | 1;
    mh = mh << 1;
    pv = mh | ~(xv | ph);
    mv = ph & xv;
  }
  return score;
}

/** Unit-cost Levenshtein distance of two integer sequences. */
export function levenshtein(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const n = a.length;
  const m = b.length;
  if (n === 0) return m;
  if (m === 0) return n;
  if (rowA.length <= n) {
    rowA = new Int32Array(2 * n + 2);
    rowB = new Int32Array(2 * n + 2);
  }
  let prev = rowA;
  let cur = rowB;
  for (let i = 0; i <= n; i++) prev[i] = i;
  for (let j = 1; j <= m; j++) {
    const bj = b[j - 1];
    cur[0] = j;
    for (let i = 1; i <= n; i++) {
      const sub = prev[i - 1]! + (a[i - 1] === bj ? 0 : 1);
      const del = prev[i]! + 1;
      const ins = cur[i - 1]! + 1;
      cur[i] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  return prev[n]!;
}

/** The length of a string in code points (Python's `len`). */
export function pyLen(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The code points of a string. */
export function codePointArray(s: string): Int32Array {
  const out = new Int32Array(pyLen(s));
  let k = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.codePointAt(i)!;
    out[k++] = c;
    if (c > 0xffff) i++;
  }
  return out;
}

// Buffers of the shift search, grown as needed (cerScore runs to its end without re-entering).
let hypBuf = new Int32Array(64);
let candBuf = new Int32Array(64);
let bestBufG = new Int32Array(64);
let firstPos = new Int32Array(256);
let nextPos = new Int32Array(64);

/** One shift step found by {@link cerScore}: the hypothesis words (ids) after it. */
export interface ShiftStep {
  /** Start of the moved phrase in the hypothesis before the step. */
  readonly from: number;
  /** Where the phrase was inserted. */
  readonly to: number;
  /** Words moved. */
  readonly length: number;
  /** What the word-level distance gained. */
  readonly gain: number;
}

/** What characTER computed for one hypothesis and reference. */
export interface CharacterTrace {
  /** The score (0 = identical, at most 1). */
  readonly score: number;
  /** The hypothesis after the shifts, joined by spaces. */
  readonly shifted: string;
  /** The shifts, in order. */
  readonly shifts: ShiftStep[];
  /** The shift cost (the average word length, in characters, of each moved phrase). */
  readonly shiftCost: number;
  /** The character-level Levenshtein distance of the shifted hypothesis and the reference. */
  readonly editDistance: number;
  /** Characters of the shifted hypothesis (the denominator). */
  readonly hypLength: number;
}

/**
 * characTER of one hypothesis against one reference, both already split into words (Python's
 * `str.split()`). `float32`: the word-level distance rounded to float32 (rwth-i6's C++).
 * @throws GramscoreError `EMPTY_INPUT` when the reference has no word and `float32` is false (the
 *   `cer` package divides by zero).
 */
export function cerScore(hypWords: readonly string[], refWords: readonly string[], float32: boolean, trace?: ShiftStep[]): CharacterTrace {
  return cerCore(hypWords, refWords, float32, trace, true);
}

/** characTER of one hypothesis against one reference (HF's `cer`): {@link cerScore}'s score alone. */
export function characterScore(hypWords: readonly string[], refWords: readonly string[]): number {
  return cerCore(hypWords, refWords, false, undefined, false).score;
}

/** {@link cerScore}; `text`: whether to build the shifted hypothesis as a string. */
function cerCore(hypWords: readonly string[], refWords: readonly string[], float32: boolean, trace: ShiftStep[] | undefined, text: boolean): CharacterTrace {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const id = (w: string): number => {
    let k = ids.get(w);
    if (k === undefined) {
      k = words.length;
      ids.set(w, k);
      words.push(w);
    }
    return k;
  };
  const original = hypWords.map(id);
  const ref = refWords.map(id);
  const refLen = ref.length;
  if (refLen === 0 && !float32) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      "characTER needs a reference with at least one word, but got an empty one (the cer package HF evaluate runs divides by zero). Remove the segment or give it a reference.",
    );
  }
  const n1 = original.length;
  const norm = (d: number): number => (float32 ? Math.fround(d / refLen) : d / refLen);
  const dist = wordDistance(ref, words.length, n1);
  let pre = norm(dist(original));
  const shifts = trace ?? [];
  const empty = { shifted: "", shifts, shiftCost: 0, editDistance: 0, hypLength: 0 };
  if (pre === 0) return { ...empty, score: 0, shifted: hypWords.join(" "), hypLength: pyLen(hypWords.join(" ")) };
  if (hypBuf.length < n1) {
    hypBuf = new Int32Array(2 * n1);
    candBuf = new Int32Array(2 * n1);
    bestBufG = new Int32Array(2 * n1);
  }
  if (firstPos.length < words.length) firstPos = new Int32Array(2 * words.length);
  if (nextPos.length < refLen) nextPos = new Int32Array(2 * refLen);
  // Where each word occurs in the reference, in increasing order: firstPos[word], then nextPos[at].
  const first = firstPos;
  const after = nextPos;
  first.fill(-1, 0, words.length);
  for (let s2 = refLen - 1; s2 >= 0; s2--) {
    after[s2] = first[ref[s2]!]!;
    first[ref[s2]!] = s2;
  }
  const hyp = hypBuf;
  for (let i = 0; i < n1; i++) hyp[i] = original[i]!;
  let cand = candBuf;
  let bestBuf = bestBufG;
  for (;;) {
    // The shifter: every phrase of the hypothesis that also starts elsewhere in the reference, in
    // the order of the reference's loops (s1, then s2 increasing), visiting only the matching s2.
    let bestDiff = 0;
    let found = false;
    let bestStep: ShiftStep | null = null;
    for (let s1 = 0; s1 < n1; s1++) {
      for (let s2 = first[hyp[s1]!]!; s2 >= 0; s2 = after[s2]!) {
        if (s1 === s2) continue;
        let length = 1;
        for (let step = 1; step < n1 - s1; step++) {
          if (s2 + step < refLen && hyp[s1 + step] === ref[s2 + step]) length++;
          else break;
        }
        // hyp without the phrase, with the phrase inserted at s2 (at the end if s2 is past it).
        const restLen = n1 - length;
        const at = s2 < restLen ? s2 : restLen;
        // rest[i] is hyp[i] before s1 and hyp[i + length] from s1 on.
        let k = 0;
        const cut1 = at < s1 ? at : s1;
        for (let i = 0; i < cut1; i++) cand[k++] = hyp[i]!;
        for (let i = cut1; i < at; i++) cand[k++] = hyp[i + length]!;
        for (let i = 0; i < length; i++) cand[k++] = hyp[s1 + i]!;
        const cut2 = s1 < at ? at : s1 < restLen ? s1 : restLen;
        for (let i = at; i < cut2; i++) cand[k++] = hyp[i]!;
        for (let i = cut2; i < restLen; i++) cand[k++] = hyp[i + length]!;
        const diff = pre - norm(dist(cand));
        // Python sorts (diff, words) and takes the last: the largest diff, then the largest list.
        if (!found || diff > bestDiff || (diff === bestDiff && compareLists(cand, bestBuf, n1, words) > 0)) {
          found = true;
          bestDiff = diff;
          const t = bestBuf;
          bestBuf = cand;
          cand = t;
          if (trace !== undefined) bestStep = { from: s1, to: at, length, gain: diff };
        }
      }
    }
    if (!found || !(bestDiff > 0)) break;
    for (let i = 0; i < n1; i++) hyp[i] = bestBuf[i]!;
    if (bestStep !== null) shifts.push(bestStep);
    pre = pre - bestDiff;
  }
  const shiftCost = shiftCostOf(hyp, original, n1, words);
  // The shifted hypothesis and the reference joined by blanks, as symbols, word by word (a blank
  // never completes a surrogate pair, so the code points are those of the joined strings).
  let shifted = "";
  if (text) {
    shifted = n1 > 0 ? words[hyp[0]!]! : "";
    for (let i = 1; i < n1; i++) shifted += " " + words[hyp[i]!]!;
  }
  let hypUnits = n1;
  for (let i = 0; i < n1; i++) hypUnits += hypWords[i]!.length;
  let refUnits = refLen;
  for (let i = 0; i < refLen; i++) refUnits += refWords[i]!.length;
  if (codesA.length < hypUnits) codesA = new Int32Array(2 * hypUnits);
  if (codesB.length < refUnits) codesB = new Int32Array(2 * refUnits);
  newAlphabet();
  const blank = symbolOf(32);
  let m = 0;
  for (let i = 0; i < n1; i++) {
    if (i > 0) codesA[m++] = blank;
    m = encodeInto(words[hyp[i]!]!, codesA, m);
  }
  let n = 0;
  for (let i = 0; i < refLen; i++) {
    if (i > 0) codesB[n++] = blank;
    n = encodeInto(words[ref[i]!]!, codesB, n);
  }
  const hypLength = m;
  if (hypLength === 0) return { ...empty, score: 1.0, shifted, shiftCost };
  const editDistance = codesDistance(m, n);
  const score = Math.min(1.0, (editDistance + shiftCost) / hypLength);
  return { score, shifted, shifts, shiftCost, editDistance, hypLength };
}

/** The references' shift cost: for each moved phrase, the average length of its words. */
function shiftCostOf(shifted: ArrayLike<number>, original: readonly number[], n: number, words: readonly string[]): number {
  let cost = 0;
  let os = 0;
  while (os < n) {
    let avg = 0;
    const oi = os;
    if (original[os] === shifted[os]) {
      os++;
      continue;
    }
    for (let ss = os + 1; ss < n; ss++) {
      if (original[os] === shifted[ss]) {
        let length = 1;
        for (let pos = 1; pos < original.length - oi; pos++) {
          const se = ss + pos;
          if (se < n && original[oi + pos] === shifted[se]) {
            length++;
            if (os + 1 < original.length) os++;
          } else break;
        }
        let chars = 0;
        for (let k = 0; k < length; k++) chars += pyLen(words[original[oi + k]!]!);
        avg = chars / length;
        break;
      }
    }
    cost += avg;
    os++;
  }
  return cost;
}
