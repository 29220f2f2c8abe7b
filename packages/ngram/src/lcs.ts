import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/** @internal Validates a sequence argument (ids compared with `===`). */
export function checkSequence(seq: ArrayLike<number>, what: string): void {
  if (seq === null || typeof seq !== "object" || typeof seq.length !== "number") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected ${what} as an Int32Array or an array of token ids, but got ${describeValue(seq)}.`,
    );
  }
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

/**
 * Bit masks of where each distinct id occurs in `a`: `words` 32-bit words per id, bit `i % 32` of
 * word `i >> 5` set when `a[i]` is that id.
 */
class MatchMasks {
  readonly words: number;
  readonly index = new Map<number, number>();
  readonly bits: Uint32Array;

  constructor(a: ArrayLike<number>) {
    const m = a.length;
    this.words = (m + 31) >>> 5;
    let distinct = 0;
    const rows = new Int32Array(m);
    for (let i = 0; i < m; i++) {
      let r = this.index.get(a[i]!);
      if (r === undefined) {
        r = distinct++;
        this.index.set(a[i]!, r);
      }
      rows[i] = r;
    }
    this.bits = new Uint32Array(distinct * this.words);
    for (let i = 0; i < m; i++) this.bits[rows[i]! * this.words + (i >>> 5)]! |= 1 << (i & 31);
  }
}

/**
 * Runs the bit-parallel LCS recurrence (Allison–Dix / Hyyrö) of `a` (the bit vector, one bit per
 * position of `a`) against every element of `b`. `V` starts all ones; after column `j` a zero bit
 * `i` means `T[i+1][j] = T[i][j] + 1` in the LCS table `T` (rows = `a`). When `columns` is given,
 * the vector after column `j` (1-based) is stored at `columns[(j-1)*words …]`.
 */
function runColumns(masks: MatchMasks, b: ArrayLike<number>, v: Uint32Array, columns?: Uint32Array): void {
  const words = masks.words;
  const bits = masks.bits;
  const n = b.length;
  for (let j = 0; j < n; j++) {
    const r = masks.index.get(b[j]!);
    if (r !== undefined) {
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
    if (columns !== undefined) columns.set(v, j * words);
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
 * Length of the longest common subsequence of `a` and `b` (ids compared with `===`), by the
 * bit-parallel algorithm over 32-bit words: `O(⌈min(|a|,|b|)/32⌉ · max(|a|,|b|))` time, any lengths.
 * This is rouge-score's `rougeL` LCS length.
 */
export function lcsLength(a: ArrayLike<number>, b: ArrayLike<number>): number {
  checkSequence(a, "the first sequence");
  checkSequence(b, "the second sequence");
  if (a.length > b.length) {
    const t = a;
    a = b;
    b = t;
  }
  const m = a.length;
  if (m === 0) return 0;
  const masks = new MatchMasks(a);
  const v = new Uint32Array(masks.words).fill(0xffffffff);
  runColumns(masks, b, v);
  return zeros(v, m);
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
  const marks = new Uint8Array(a.length);
  const count = markLcs(new MatchMasks(a), a, b, marks);
  return indicesOf(marks, count);
}

/**
 * Marks in `marks` (one byte per position of `a`) the positions of `a` on the backtracked LCS with
 * `b`; returns how many were newly marked.
 */
function markLcs(masks: MatchMasks, a: ArrayLike<number>, b: ArrayLike<number>, marks: Uint8Array): number {
  const m = a.length;
  const n = b.length;
  if (m === 0 || n === 0) return 0;
  const words = masks.words;
  const columns = new Uint32Array(n * words);
  const v = new Uint32Array(words).fill(0xffffffff);
  runColumns(masks, b, v, columns);
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

function indicesOf(marks: Uint8Array, count: number): Int32Array {
  const out = new Int32Array(count);
  let k = 0;
  for (let i = 0; i < marks.length; i++) if (marks[i] !== 0) out[k++] = i;
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
  const marks = new Uint8Array(reference.length);
  if (reference.length === 0) return new Int32Array(0);
  const masks = new MatchMasks(reference);
  let count = 0;
  for (const c of candidates) {
    checkSequence(c, "a candidate sentence");
    count += markLcs(masks, reference, c, marks);
  }
  return indicesOf(marks, count);
}
