import { ErrorCode, GramscoreError, defineLimit, describeValue } from "@gramscore/core";

/** @internal Validates a sequence argument (ids compared with `===`). */
export function checkSequence(seq: ArrayLike<number>, what: string): void {
  if (seq === null || typeof seq !== "object" || typeof seq.length !== "number") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected ${what} as an Int32Array or an array of token ids, but got ${describeValue(seq)}.`,
    );
  }
}

/** Number of set bits of a 32-bit integer. */
export function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * A reusable open-addressing map from token id to a small row number, over typed arrays, emptied in
 * O(1) by bumping a stamp. Shared by the LCS functions (which never call out while using it).
 */
class IdIndex {
  keys = new Int32Array(64);
  rows = new Int32Array(64);
  stamps = new Int32Array(64);
  mask = 63;
  stamp = 0;

  /** Empties the map and makes room for `n` ids. */
  reset(n: number): void {
    if (n * 2 > this.keys.length) {
      let size = this.keys.length;
      while (size < n * 2) size *= 2;
      this.keys = new Int32Array(size);
      this.rows = new Int32Array(size);
      this.stamps = new Int32Array(size);
      this.mask = size - 1;
      this.stamp = 0;
    }
    if (++this.stamp === 0x7fffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  /** The row of `id`, or -1. */
  get(id: number): number {
    const mask = this.mask;
    let h = Math.imul(id, 0x9e3779b1);
    h = (h ^ (h >>> 15)) & mask;
    while (this.stamps[h] === this.stamp) {
      if (this.keys[h] === id) return this.rows[h]!;
      h = (h + 1) & mask;
    }
    return -1;
  }

  /** Sets the row of `id`, which is in the map. */
  assign(id: number, row: number): void {
    const mask = this.mask;
    let h = Math.imul(id, 0x9e3779b1);
    h = (h ^ (h >>> 15)) & mask;
    while (this.keys[h] !== id || this.stamps[h] !== this.stamp) h = (h + 1) & mask;
    this.rows[h] = row;
  }

  /** The row of `id`, giving it `next` when new. */
  intern(id: number, next: number): number {
    const mask = this.mask;
    let h = Math.imul(id, 0x9e3779b1);
    h = (h ^ (h >>> 15)) & mask;
    while (this.stamps[h] === this.stamp) {
      if (this.keys[h] === id) return this.rows[h]!;
      h = (h + 1) & mask;
    }
    this.stamps[h] = this.stamp;
    this.keys[h] = id;
    this.rows[h] = next;
    return next;
  }
}

const index = new IdIndex();
let maskBits = new Uint32Array(64);
let rowOf = new Int32Array(64);
let denseRows = new Int32Array(64);
let columnBits = new Uint32Array(256);
let vector = new Uint32Array(8);
let markBytes = new Uint8Array(64);

/** @internal The shared mark buffer, zeroed over its first `m` bytes (grown on demand). */
export function scratchMarks(m: number): Uint8Array {
  if (markBytes.length < m) {
    let size = markBytes.length;
    while (size < m) size *= 2;
    markBytes = new Uint8Array(size);
  } else {
    markBytes.fill(0, 0, m);
  }
  return markBytes;
}

/**
 * Most 32-bit words the LCS bit masks may take (distinct shared ids × ⌈|a|/32⌉): 2^28 words, 1 GiB.
 * Only ids found in both sequences get a mask, so ordinary text stays far below; past it the LCS
 * throws `LIMIT_EXCEEDED` instead of allocating. Change it with {@link setLcsMaskLimit}.
 */
const maskLimit = /* @__PURE__ */ defineLimit("The LCS mask limit", 1 << 28, { unit: "32-bit words" });

/**
 * Sets the most 32-bit words the LCS bit masks may take (default 2^28, 1 GiB); returns the previous
 * value. Raise it to score pathological segments (hundreds of thousands of distinct tokens shared by
 * both sides), lower it to fail early.
 */
export function setLcsMaskLimit(words: number): number {
  const previous = maskLimit.set(words);
  limits = Object.freeze({ cells: cellLimit.get(), maskWords: words });
  return previous;
}

/**
 * Most cells (|a| × |b|) of one LCS table: 2^36, about 69 billion (two sequences of 262,144 tokens),
 * a few seconds. The bit-parallel LCS takes time in proportion to |a| × |b| / 32 (and `lcsIndices`
 * keeps one bit per cell); past this limit it throws `LIMIT_EXCEEDED` at once instead of running for
 * minutes or hours. Change it with {@link setLcsCellLimit}.
 */
const cellLimit = /* @__PURE__ */ defineLimit("The LCS cell limit", 2 ** 36, { unit: "cells" });

/**
 * Sets the most cells (|a| × |b|) of one LCS table (default 2^36); returns the previous value. Raise
 * it to score pathological segments on purpose, lower it to fail early.
 */
export function setLcsCellLimit(cells: number): number {
  const previous = cellLimit.set(cells);
  limits = Object.freeze({ cells, maskWords: maskLimit.get() });
  return previous;
}

/** The LCS limits in effect ({@link setLcsCellLimit}, {@link setLcsMaskLimit}). */
export interface LcsLimits {
  /** Most cells (|a| × |b|) of one LCS table. */
  readonly cells: number;
  /** Most 32-bit words the LCS bit masks may take. */
  readonly maskWords: number;
}

/**
 * The LCS limits in effect, for callers that compute LCS lengths their own way (for instance from bit
 * masks kept for a sequence that comes back) and must fail exactly where {@link lcsLength} fails:
 * within both limits the functions of this module never throw `LIMIT_EXCEEDED`. The object is frozen
 * and stays the same until a setter runs (so reading it per call allocates nothing).
 */
export function lcsLimits(): LcsLimits {
  return limits;
}

/** The limits as {@link lcsLimits} returns them (a new frozen object whenever a setter runs). */
let limits: LcsLimits = Object.freeze({ cells: cellLimit.get(), maskWords: maskLimit.get() });

function checkCells(m: number, n: number): void {
  if (m * n > limits.cells) {
    throw new GramscoreError(
      ErrorCode.LIMIT_EXCEEDED,
      `The longest common subsequence of ${m} and ${n} tokens has ${m * n} cells, more than the limit of ${limits.cells}: it would take minutes or hours. ` +
        "Such a segment is usually a whole document on one line: split it, or raise the limit with setLcsCellLimit() from @gramscore/ngram.",
      { details: { cells: m * n, limit: limits.cells } },
    );
  }
}

function checkMaskSize(distinct: number, words: number, m: number, n: number): void {
  if (distinct * words > limits.maskWords) {
    throw new GramscoreError(
      ErrorCode.LIMIT_EXCEEDED,
      `The longest common subsequence of ${m} and ${n} tokens with ${distinct} distinct tokens on both sides needs ${distinct * words} words of bit masks, ` +
        `more than the limit of ${limits.maskWords} (about ${Math.round((limits.maskWords * 4) / 2 ** 20)} MiB). Such a segment is usually a whole document on one line: ` +
        "split it, or raise the limit with setLcsMaskLimit() from @gramscore/ngram.",
      { details: { distinct, words, limit: limits.maskWords } },
    );
  }
}

/** Ids of `b` are put in the index with this row: present in `b`, no mask yet. */
const IN_B = -2;

/**
 * Builds, in the shared buffers, the bit masks of where each distinct id occurs in `a`: `words`
 * 32-bit words per id, bit `i % 32` of word `i >> 5` set when `a[i]` is that id. Returns `words`.
 * With `b`, only ids that also occur in `b` get a mask (the others are never looked up), so the
 * masks take at most (distinct shared ids) × `words` words.
 * @throws GramscoreError `LIMIT_EXCEEDED` past the mask limit ({@link setLcsMaskLimit}).
 */
function buildMasks(a: ArrayLike<number>, b?: ArrayLike<number>): number {
  const m = a.length;
  const words = (m + 31) >>> 5;
  if (rowOf.length < m) rowOf = new Int32Array(m * 2);
  let distinct = 0;
  if (b === undefined) {
    index.reset(m);
    for (let i = 0; i < m; i++) {
      const r = index.intern(a[i]!, distinct);
      if (r === distinct) distinct++;
      rowOf[i] = r;
    }
  } else {
    index.reset(m + b.length);
    for (let j = 0; j < b.length; j++) index.intern(b[j]!, IN_B);
    for (let i = 0; i < m; i++) {
      let r = index.get(a[i]!);
      if (r === IN_B) {
        r = distinct++;
        index.assign(a[i]!, r);
      }
      rowOf[i] = r;
    }
  }
  checkMaskSize(distinct, words, m, b?.length ?? m);
  const size = distinct * words;
  if (maskBits.length < size) maskBits = new Uint32Array(size * 2);
  maskBits.fill(0, 0, size);
  for (let i = 0; i < m; i++) {
    const r = rowOf[i]!;
    if (r >= 0) maskBits[r * words + (i >>> 5)]! |= 1 << (i & 31);
  }
  return words;
}

/** Resets the shared LCS vector to all ones over `words` words. */
function initVector(words: number): Uint32Array {
  if (vector.length < words) vector = new Uint32Array(words * 2);
  vector.fill(0xffffffff, 0, words);
  return vector;
}

/**
 * Runs the bit-parallel LCS recurrence (Allison–Dix / Hyyrö) of `a` (the bit vector, one bit per
 * position of `a`) against every element of `b`. `V` starts all ones; after column `j` a zero bit
 * `i` means `T[i+1][j] = T[i][j] + 1` in the LCS table `T` (rows = `a`). When `columns` is given,
 * the vector after column `j` (1-based) is stored at `columns[(j-1)*words …]`.
 */
function runColumns(words: number, b: ArrayLike<number>, v: Uint32Array, columns?: Uint32Array, dense?: Int32Array): void {
  const bits = maskBits;
  const n = b.length;
  if (words === 1) {
    let x = v[0]!;
    for (let j = 0; j < n; j++) {
      // Dense ids find their rows in a table, others through the index.
      const r = dense !== undefined ? dense[b[j]!]! : index.get(b[j]!);
      if (r >= 0) {
        const u = x & bits[r]!;
        x = ((x + u) | (x & ~u)) >>> 0;
      }
      if (columns !== undefined) columns[j] = x;
    }
    v[0] = x;
    return;
  }
  for (let j = 0; j < n; j++) {
    const r = dense !== undefined ? dense[b[j]!]! : index.get(b[j]!);
    if (r >= 0) {
      const base = r * words;
      let carry = 0;
      for (let w = 0; w < words; w++) {
        const x = v[w]!;
        const u = (x & bits[base + w]!) >>> 0;
        const s = x + u + carry;
        carry = s > 0xffffffff ? 1 : 0;
        v[w] = (s | (x & ~u)) >>> 0;
      }
    }
    if (columns !== undefined) for (let w = 0, o = j * words; w < words; w++) columns[o + w] = v[w]!;
  }
}

/** Number of zero bits among the first `m` bits of `v`. */
function zeros(v: Uint32Array, m: number): number {
  let ones = 0;
  const full = m >>> 5;
  for (let w = 0; w < full; w++) ones += popcount32(v[w]!);
  const rest = m & 31;
  if (rest !== 0) ones += popcount32(v[full]! & ((1 << rest) - 1));
  return m - ones;
}

/**
 * Length of the longest common subsequence of a sequence `a` of `m` elements, given only by its bit
 * masks (bit `i % 32` of word `row · words + ⌊i / 32⌋` set where `a[i]` is row `row`), and a sequence
 * given as those rows (`rows[0 … n)`, −1 for an element `a` lacks): the same bit-parallel recurrence
 * as {@link lcsLength}, for callers that keep a sequence's masks and score many others against it.
 * No limit is checked here (see {@link lcsLimits}). `v` is scratch of at least `words` entries.
 */
export function lcsLengthMasked(masks: Uint32Array, words: number, m: number, rows: Int32Array, n: number, v: Uint32Array): number {
  if (words === 1) {
    let x = 0xffffffff;
    for (let j = 0; j < n; j++) {
      const r = rows[j]!;
      if (r >= 0) {
        const u = x & masks[r]!;
        x = ((x + u) | (x & ~u)) >>> 0;
      }
    }
    v[0] = x;
    return zeros(v, m);
  }
  v.fill(0xffffffff, 0, words);
  for (let j = 0; j < n; j++) {
    const r = rows[j]!;
    if (r < 0) continue;
    const base = r * words;
    let carry = 0;
    for (let w = 0; w < words; w++) {
      const x = v[w]!;
      const u = (x & masks[base + w]!) >>> 0;
      const s = x + u + carry;
      carry = s > 0xffffffff ? 1 : 0;
      v[w] = (s | (x & ~u)) >>> 0;
    }
  }
  return zeros(v, m);
}

/**
 * Length of the longest common subsequence of `a` and `b` (ids compared with `===`), by the
 * bit-parallel algorithm over 32-bit words: `O(⌈min(|a|,|b|)/32⌉ · max(|a|,|b|))` time, any lengths.
 * This is rouge-score's `rougeL` LCS length.
 */
export function lcsLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  checkSequence(a, "the first sequence");
  checkSequence(b, "the second sequence");
  return lcsOfShorter(a, b, undefined);
}

/**
 * {@link lcsLength} for sequences of dense ids, integers in `[0, alphabet)` (e.g. a segment's tokens
 * renumbered from 0): ids find their bit masks through a table indexed by id, with no hashing.
 * Faster when `alphabet` is about the number of distinct ids of the two sequences.
 * @throws GramscoreError `INVALID_TYPE` for an id outside `[0, alphabet)` or a non-integer `alphabet`.
 */
export function lcsLengthDense(a: ArrayLike<number>, b: ArrayLike<number>, alphabet: number): number {
  checkSequence(a, "the first sequence");
  checkSequence(b, "the second sequence");
  if (!Number.isInteger(alphabet) || alphabet < 0) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Expected the alphabet size as a whole number ≥ 0, but got ${describeValue(alphabet)}.`);
  }
  checkDense(a, alphabet, "the first sequence");
  checkDense(b, alphabet, "the second sequence");
  return lcsOfShorter(a, b, alphabet);
}

/** The LCS length, bit vector over the shorter sequence; masks hashed, or (`alphabet`) by dense id. */
function lcsOfShorter(a: ArrayLike<number>, b: ArrayLike<number>, alphabet: number | undefined): number {
  if (a.length > b.length) {
    const t = a;
    a = b;
    b = t;
  }
  const m = a.length;
  if (m === 0) return 0;
  checkCells(m, b.length);
  const words = alphabet === undefined ? buildMasks(a, b) : buildDenseMasks(a, alphabet, b);
  const v = initVector(words);
  runColumns(words, b, v, undefined, alphabet === undefined ? undefined : denseRows);
  return zeros(v, m);
}

/**
 * {@link buildMasks} for dense ids: their rows (−1 for ids not in both `a` and `b`) go to a table
 * indexed by id.
 */
function buildDenseMasks(a: ArrayLike<number>, alphabet: number, b: ArrayLike<number>): number {
  const m = a.length;
  if (denseRows.length < alphabet) denseRows = new Int32Array(alphabet * 2);
  denseRows.fill(-1, 0, alphabet);
  for (let j = 0; j < b.length; j++) denseRows[b[j]!] = IN_B;
  if (rowOf.length < m) rowOf = new Int32Array(m * 2);
  let distinct = 0;
  for (let i = 0; i < m; i++) {
    let r = denseRows[a[i]!]!;
    if (r === IN_B) r = denseRows[a[i]!] = distinct++;
    rowOf[i] = r;
  }
  // Ids only in b keep IN_B: negative, so runColumns skips them like absent ones.
  const words = (m + 31) >>> 5;
  checkMaskSize(distinct, words, m, b.length);
  const size = distinct * words;
  if (maskBits.length < size) maskBits = new Uint32Array(size * 2);
  maskBits.fill(0, 0, size);
  for (let i = 0; i < m; i++) {
    const r = rowOf[i]!;
    if (r >= 0) maskBits[r * words + (i >>> 5)]! |= 1 << (i & 31);
  }
  return words;
}

function checkDense(seq: ArrayLike<number>, alphabet: number, what: string): void {
  for (let i = 0; i < seq.length; i++) {
    const id = seq[i]!;
    // (id >>> 0) === id: a whole number in [0, 2^32); then below the alphabet.
    if (id >>> 0 !== id || id >= alphabet) {
      throw new GramscoreError(
        ErrorCode.INVALID_TYPE,
        `Expected ${what} to hold ids in [0, ${alphabet}), but element ${i} is ${describeValue(id)}. Renumber the ids densely, or use lcsLength.`,
      );
    }
  }
}

/**
 * One longest common subsequence of `a` and `b`, as the ascending indices into `a` (the FIRST
 * sequence) of its elements, chosen by rouge-score's tie rule (`_backtrack_norec`, rows = the
 * first sequence): from the bottom-right corner of the LCS table `T`, on a match go diagonal; else
 * if `T[i][j-1] > T[i-1][j]` go left (`j-1`), else go up (`i-1`). ROUGE-1.5.5's `lcs_inner` +
 * `markLCS` (model = rows, `>=` keeps "up" on ties) marks the same positions.
 *
 * Uses the bit-parallel table (one bit per cell), so memory is `|b| · ⌈|a|/32⌉` words.
 */
export function lcsIndices(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  checkSequence(a, "the first sequence");
  checkSequence(b, "the second sequence");
  if (a.length === 0 || b.length === 0) return new Int32Array(0);
  checkCells(a.length, b.length);
  const marks = scratchMarks(a.length);
  const count = markLcs(buildMasks(a, b), a, b, marks);
  return indicesOf(marks, a.length, count);
}

/**
 * Marks in `marks` (one byte per position of `a`) the positions of `a` on the backtracked LCS with
 * `b`; returns how many were newly marked.
 */
function markLcs(words: number, a: ArrayLike<number>, b: ArrayLike<number>, marks: Uint8Array): number {
  const m = a.length;
  const n = b.length;
  if (m === 0 || n === 0) return 0;
  if (columnBits.length < n * words) columnBits = new Uint32Array(n * words * 2);
  const columns = columnBits;
  const v = initVector(words);
  runColumns(words, b, v, columns);
  let i = m;
  let j = n;
  let added = 0;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      i--;
      j--;
      if (marks[i] === 0) {
        marks[i] = 1;
        added++;
      }
    } else if ((columns[(j - 1) * words + ((i - 1) >>> 5)]! & (1 << ((i - 1) & 31))) === 0) {
      // T[i][j] = T[i-1][j] + 1, so T[i][j-1] = T[i][j] > T[i-1][j]: go left.
      j--;
    } else {
      i--;
    }
  }
  return added;
}

/** @internal The positions `i < m` where `marks[i]` is set (`count` of them), ascending. */
export function indicesOf(marks: Uint8Array, m: number, count: number): Int32Array {
  const out = new Int32Array(count);
  for (let i = 0, k = 0; k < count && i < m; i++) if (marks[i] !== 0) out[k++] = i;
  return out;
}

/**
 * The union LCS of one reference sentence against several candidate sentences: the sorted union
 * of {@link lcsIndices}`(reference, candidate)` over the candidates, as indices into `reference`.
 * This is rouge-score's `_union_lcs` (rougeLsum) and the hit mask ROUGE-1.5.5's summary-level
 * ROUGE-L builds per model sentence; the metric then clips hits with its unigram counters.
 */
export function unionLcsIndices(reference: ArrayLike<number>, candidates: readonly ArrayLike<number>[]): Int32Array {
  checkSequence(reference, "the reference sentence");
  if (!Array.isArray(candidates)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected the candidate sentences as an array of token-id sequences, but got ${describeValue(candidates)}.`,
    );
  }
  if (reference.length === 0) return new Int32Array(0);
  for (const c of candidates) {
    checkSequence(c, "a candidate sentence");
    checkCells(reference.length, c.length);
  }
  const words = buildMasks(reference);
  const marks = scratchMarks(reference.length);
  let count = 0;
  for (const c of candidates) count += markLcs(words, reference, c, marks);
  return indicesOf(marks, reference.length, count);
}
