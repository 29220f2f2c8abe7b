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
function compareLists(a: ArrayLike<number>, b: ArrayLike<number>, words: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
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
function wordDistance(ref: readonly number[], ids: number, n: number): (cand: Int32Array) => number {
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
  return (cand) => levenshteinDense(ref, cand, ids);
}

let peqBlocks = new Int32Array(256);
let pvBlocks = new Int32Array(8);
let mvBlocks = new Int32Array(8);

/**
 * Levenshtein distance of two sequences of symbols below `alphabet`, by Myers' block algorithm:
 * the pattern `a` in 32-bit blocks, one pass over `b`.
 */
export function levenshteinDense(a: ArrayLike<number>, b: ArrayLike<number>, alphabet: number): number {
  const m = a.length;
  const n = b.length;
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
  for (let k = 0; k < blocks; k++) {
    pvs[k] = -1;
    mvs[k] = 0;
  }
  const last = blocks - 1;
  const high = 1 << ((m - 1) & 31);
  let score = m;
  for (let j = 0; j < n; j++) {
    const row = b[j]! * blocks;
    // The top row of the global distance grows by one per column: a +1 enters the first block.
    let hin = 1;
    for (let k = 0; k < blocks; k++) {
      let eq = peq[row + k]!;
      const pv = pvs[k]!;
      const mv = mvs[k]!;
      const xv = eq | mv;
      if (hin < 0) eq |= 1;
      const xh = ((((eq & pv) + pv) | 0) ^ pv) | eq;
      let ph = mv | ~(xh | pv);
      let mh = pv & xh;
      const top = k === last ? high : -0x80000000;
      const hout = ph & top ? 1 : mh & top ? -1 : 0;
      ph <<= 1;
      mh <<= 1;
      if (hin < 0) mh |= 1;
      else if (hin > 0) ph |= 1;
      pvs[k] = mh | ~(xv | ph);
      mvs[k] = ph & xv;
      hin = hout;
    }
    score += hin;
  }
  return score;
}

/** Levenshtein distance of two code point arrays (Python's on two strings). */
export function charLevenshtein(a: Int32Array, b: Int32Array): number {
  const ids = new Map<number, number>();
  const dense = (x: Int32Array): Int32Array => {
    const out = new Int32Array(x.length);
    for (let i = 0; i < x.length; i++) {
      let k = ids.get(x[i]!);
      if (k === undefined) {
        k = ids.size;
        ids.set(x[i]!, k);
      }
      out[i] = k;
    }
    return out;
  };
  const da = dense(a);
  const db = dense(b);
  return levenshteinDense(da, db, ids.size);
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
  let hyp = hypWords.map(id);
  const original = hyp;
  const ref = refWords.map(id);
  const refLen = ref.length;
  if (refLen === 0 && !float32) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      "characTER needs a reference with at least one word, but got an empty one (the cer package HF evaluate runs divides by zero). Remove the segment or give it a reference.",
    );
  }
  const norm = (d: number): number => (float32 ? Math.fround(d / refLen) : d / refLen);
  let pre = norm(levenshtein(hyp, ref));
  const shifts = trace ?? [];
  const empty = { shifted: "", shifts, shiftCost: 0, editDistance: 0, hypLength: 0 };
  if (pre === 0) return { ...empty, score: 0, shifted: hypWords.join(" "), hypLength: pyLen(hypWords.join(" ")) };
  const dist = wordDistance(ref, words.length, hyp.length);
  let cand = new Int32Array(hyp.length);
  let bestBuf = new Int32Array(hyp.length);
  for (;;) {
    // The shifter: every phrase of the hypothesis that also starts elsewhere in the reference.
    let bestDiff = 0;
    let found = false;
    let bestStep: ShiftStep | null = null;
    const n1 = hyp.length;
    for (let s1 = 0; s1 < n1; s1++) {
      const w1 = hyp[s1]!;
      for (let s2 = 0; s2 < refLen; s2++) {
        if (s1 === s2 || w1 !== ref[s2]) continue;
        let length = 1;
        for (let step = 1; step < n1 - s1; step++) {
          if (s2 + step < refLen && hyp[s1 + step] === ref[s2 + step]) length++;
          else break;
        }
        // hyp without the phrase, with the phrase inserted at s2 (at the end if s2 is past it).
        const restLen = n1 - length;
        const at = s2 < restLen ? s2 : restLen;
        let k = 0;
        for (let i = 0; i < at; i++) cand[k++] = i < s1 ? hyp[i]! : hyp[i + length]!;
        for (let i = 0; i < length; i++) cand[k++] = hyp[s1 + i]!;
        for (let i = at; i < restLen; i++) cand[k++] = i < s1 ? hyp[i]! : hyp[i + length]!;
        const diff = pre - norm(dist(cand));
        // Python sorts (diff, words) and takes the last: the largest diff, then the largest list.
        if (!found || diff > bestDiff || (diff === bestDiff && compareLists(cand, bestBuf, words) > 0)) {
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
    hyp = Array.from(bestBuf);
    if (bestStep !== null) shifts.push(bestStep);
    pre = pre - bestDiff;
  }
  const shiftCost = shiftCostOf(hyp, original, words);
  const shifted = hyp.map((k) => words[k]!).join(" ");
  const hypLength = pyLen(shifted);
  if (hypLength === 0) return { ...empty, score: 1.0, shifted, shiftCost };
  const editDistance = charLevenshtein(codePointArray(shifted), codePointArray(refWords.join(" ")));
  const score = Math.min(1.0, (editDistance + shiftCost) / hypLength);
  return { score, shifted, shifts, shiftCost, editDistance, hypLength };
}

/** The references' shift cost: for each moved phrase, the average length of its words. */
function shiftCostOf(shifted: readonly number[], original: readonly number[], words: readonly string[]): number {
  let cost = 0;
  let os = 0;
  const n = shifted.length;
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
