/**
 * The TER edit count of one hypothesis against one reference, with tercom 0.7.25's shift search as
 * sacrebleu 2.6.0 implements it (`lib_ter.py`), on integer token ids.
 *
 * - Edit distance: Levenshtein (insert, delete, substitute, cost 1) restricted to a beam of
 *   `BEAM_WIDTH` cells either side of the pseudo-diagonal `floor(i · |ref| / |hyp|)` (wider when the
 *   lengths differ more than 50-fold); the last row is computed in full. On equal cost a cell prefers
 *   match/substitution, then consuming a hypothesis word, then consuming a reference word.
 * - Shifts: repeatedly take the best shift of a hypothesis block (at most `MAX_SHIFT_SIZE` words,
 *   whose start is at most `MAX_SHIFT_DIST` from a matching reference block) as long as it lowers
 *   the edit distance, ranked by gain, then length, then earliest start, then earliest target; stop
 *   once `MAX_SHIFT_CANDIDATES` candidate shifts have been scored (that shift is not taken).
 * - TER edits = shifts taken + edit distance of the shifted hypothesis.
 *
 * sacrebleu caches matrix rows by hypothesis prefix; every row depends only on its prefix (the
 * hypothesis length never changes during the search), so a candidate's rows are computed only over
 * the positions the shift rewrites, starting from the current hypothesis's forward matrix and
 * finishing with its backward matrix (cheapest way from each cell to the end within the beam): the
 * minimum of their sum over the last rewritten row is the candidate's distance.
 * All buffers are typed arrays reused across calls: the hot path allocates nothing.
 */

import { ErrorCode, GramscoreError, defineLimit } from "@gramscore/core";

/** tercom's limit on the number of words moved in one shift. */
export const MAX_SHIFT_SIZE = 10;
/** tercom's limit on the distance between a shifted block and its matching reference block. */
export const MAX_SHIFT_DIST = 50;
/** Half-width of the edit-distance beam around the pseudo-diagonal. */
export const BEAM_WIDTH = 25;
/** sacrebleu's limit on scored shift candidates per hypothesis–reference pair. */
export const MAX_SHIFT_CANDIDATES = 1000;

/**
 * Most cells ((hypothesis words + 1) × (reference words + 1)) of one hypothesis–reference pair:
 * 2^27, about 134 million (two texts of some 11,500 words). The aligner keeps a cost, an operation
 * and a backward matrix of that many cells, 9 bytes each, so this is about 1.1 GiB; past it
 * {@link TerAligner.edits} throws `LIMIT_EXCEEDED` before allocating. Change it with
 * {@link setTerCellLimit}.
 */
const cellLimit = /* @__PURE__ */ defineLimit("The TER cell limit", 2 ** 27, { unit: "cells" });

/** Bytes the aligner keeps per cell: a 32-bit cost, an 8-bit operation, a 32-bit backward cost. */
export const TER_BYTES_PER_CELL = 9;

/**
 * Sets the most cells ((hypothesis words + 1) × (reference words + 1)) one TER alignment may use
 * (default 2^27, about 1.1 GiB of matrices); returns the previous value. Raise it to score very long
 * segments on purpose (memory grows with the product of the lengths), lower it to fail early.
 * @throws GramscoreError `INVALID_OPTION` for anything but a whole number of cells, 1 or more.
 */
export function setTerCellLimit(cells: number): number {
  return cellLimit.set(cells);
}

/** The TER cell limit in effect ({@link setTerCellLimit}). */
export function terCellLimit(): number {
  return cellLimit.get();
}

function checkCells(nh: number, nr: number): void {
  const cells = (nh + 1) * (nr + 1);
  const limit = cellLimit.get();
  if (cells > limit) {
    const mib = (n: number) => Math.ceil((n * TER_BYTES_PER_CELL) / 2 ** 20);
    throw new GramscoreError(
      ErrorCode.LIMIT_EXCEEDED,
      `TER of a hypothesis of ${nh} words against a reference of ${nr} words needs ${cells} cells of edit-distance matrices ` +
        `(about ${mib(cells)} MiB), more than the limit of ${limit} cells (about ${mib(limit)} MiB). ` +
        "Such a segment is usually a whole document on one line: split it into sentences, or raise the limit with setTerCellLimit() from @gramscore/metric-ter.",
      { details: { hypWords: nh, refWords: nr, cells, limit } },
    );
  }
}

/** Larger than any real cost; sums of it with small numbers never overflow an Int32. */
const INF = 0x3fffffff;

/** Operation codes of an alignment step (rewriting the hypothesis into the reference). */
export const OP_MATCH = 0;
/** The hypothesis word is replaced by the reference word. */
export const OP_SUB = 1;
/** A hypothesis word is deleted (it has no reference counterpart). */
export const OP_DEL = 2;
/** A reference word is inserted (it has no hypothesis counterpart). */
export const OP_INS = 3;
const OP_UNDEF = 4;

/** One shift taken by the search. */
export interface ShiftStep {
  /** Start of the moved block in the hypothesis before this shift. */
  readonly start: number;
  /** Number of words moved. */
  readonly length: number;
  /**
   * sacrebleu's target index: the block is re-inserted before the word at this position of the
   * hypothesis before the shift (positions counted as if the block were still in place).
   */
  readonly target: number;
  /** The hypothesis (token ids) after this shift. */
  readonly after: Int32Array;
  /** Edit distance gained by this shift. */
  readonly gain: number;
}

function growI32(buf: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  if (buf.length >= n) return buf;
  let size = Math.max(64, buf.length);
  while (size < n) size *= 2;
  return new Int32Array(size);
}

function growU8(buf: Uint8Array<ArrayBuffer>, n: number): Uint8Array<ArrayBuffer> {
  if (buf.length >= n) return buf;
  let size = Math.max(64, buf.length);
  while (size < n) size *= 2;
  return new Uint8Array(size);
}

/**
 * Writes `words[0..n)` with the block `[start, start+length)` moved to `target` into `out`,
 * exactly as sacrebleu's `_perform_shift` (including its handling of targets inside the block).
 */
export function performShift(words: ArrayLike<number>, n: number, start: number, length: number, target: number, out: Int32Array): void {
  let k = 0;
  if (target < start) {
    for (let i = 0; i < target; i++) out[k++] = words[i]!;
    for (let i = start; i < start + length; i++) out[k++] = words[i]!;
    for (let i = target; i < start; i++) out[k++] = words[i]!;
    for (let i = start + length; i < n; i++) out[k++] = words[i]!;
  } else {
    const mid = target > start + length ? target : Math.min(n, length + target);
    for (let i = 0; i < start; i++) out[k++] = words[i]!;
    for (let i = start + length; i < mid; i++) out[k++] = words[i]!;
    for (let i = start; i < start + length; i++) out[k++] = words[i]!;
    for (let i = mid; i < n; i++) out[k++] = words[i]!;
  }
}

/**
 * Computes TER edit counts for token-id sequences. One instance reuses its buffers across calls;
 * it is not reentrant.
 */
export class TerAligner {
  /** Cost matrix of the current hypothesis, rows of `stride` cells. */
  private cost = new Int32Array(1024);
  /** Operation matrix matching {@link cost}. */
  private ops = new Uint8Array(1024);
  private stride = 0;
  /** Rolling rows for candidate scoring. */
  private rowA = new Int32Array(64);
  private rowB = new Int32Array(64);
  /** Backward costs of the current hypothesis: cheapest way from each cell to the end, in the beam. */
  private back = new Int32Array(1024);
  /** Whether {@link back} belongs to the current hypothesis. */
  private backReady = false;
  /** Beam of each row: columns `[rowLo[i], rowHi[i])` are computed, the rest are infinite. */
  private rowLo = new Int32Array(64);
  private rowHi = new Int32Array(64);
  /** Current and candidate hypotheses. */
  private words = new Int32Array(64);
  private scratch = new Int32Array(64);
  /** Alignment of the current hypothesis (sacrebleu's `align`, `ref_err`, `hyp_err`). */
  private align = new Int32Array(64);
  private refErr = new Int32Array(64);
  private hypErr = new Int32Array(64);
  /** Backtrace, in order. */
  private trace = new Uint8Array(64);
  private traceLength = 0;
  /** Hypothesis length of the last call. */
  private nh = 0;
  /** Beam geometry of the current pair. */
  private ratio = 1;
  private beam = BEAM_WIDTH;

  /**
   * The number of TER edits turning `hyp[0..nh)` into `ref[0..nr)` (shifts plus edit distance after
   * shifting); an empty reference gives `nh`. When `shifts` is given, every shift taken is appended.
   * Afterwards {@link lastOps} and {@link lastWords} describe the final alignment.
   * @throws GramscoreError `LIMIT_EXCEEDED` when the pair needs more cells than {@link setTerCellLimit} allows.
   */
  edits(hyp: ArrayLike<number>, nh: number, ref: ArrayLike<number>, nr: number, shifts?: ShiftStep[]): number {
    this.prepare(nh, nr);
    for (let i = 0; i < nh; i++) this.words[i] = hyp[i]!;
    this.nh = nh;
    if (nr === 0) {
      this.trace.fill(OP_DEL, 0, nh);
      this.traceLength = nh;
      return nh;
    }
    let taken = 0;
    let checked = 0;
    let from = 0;
    for (;;) {
      const words = this.words;
      const pre = this.fullDistance(ref, nh, nr, from);
      this.backReady = false;
      this.backtrace(nh, nr);
      this.alignment();
      // The best candidate so far: (gain, length, -start, -target), compared lexicographically;
      // on a complete tie the first one stays (sacrebleu's `candidate > best`).
      let found = false;
      let bGain = 0;
      let bLen = 0;
      let bStart = 0;
      let bTarget = 0;
      const hypErr = this.hypErr;
      const refErr = this.refErr;
      const align = this.align;
      search: for (let sh = 0; sh < nh; sh++) {
        const rFrom = Math.max(0, sh - MAX_SHIFT_DIST);
        const rTo = Math.min(nr - 1, sh + MAX_SHIFT_DIST);
        for (let sr = rFrom; sr <= rTo; sr++) {
          let len = 0;
          let hypErrSum = 0;
          let refErrSum = 0;
          while (len < MAX_SHIFT_SIZE && words[sh + len] === ref[sr + len]) {
            hypErrSum += hypErr[sh + len]!;
            refErrSum += refErr[sr + len]!;
            len++;
            // Only blocks with an error on both sides, not shifted onto themselves.
            const a = align[sr]!;
            if (hypErrSum !== 0 && refErrSum !== 0 && !(sh <= a && a < sh + len)) {
              let prevIdx = -1;
              for (let off = -1; off < len; off++) {
                const idx = sr + off === -1 ? 0 : align[sr + off]! + 1;
                if (idx === prevIdx) continue;
                prevIdx = idx;
                performShift(words, nh, sh, len, idx, this.scratch);
                // The shift rewrites positions [min(sh, idx), end) only.
                const end = idx < sh ? sh + len : idx > sh + len ? idx : Math.min(nh, len + idx);
                if (!this.backReady) this.backward(ref, nh, nr);
                const gain = pre - this.candidateDistance(ref, nh, nr, Math.min(sh, idx), end);
                checked++;
                if (
                  !found ||
                  gain > bGain ||
                  (gain === bGain && (len > bLen || (len === bLen && (sh < bStart || (sh === bStart && idx < bTarget)))))
                ) {
                  found = true;
                  bGain = gain;
                  bLen = len;
                  bStart = sh;
                  bTarget = idx;
                }
              }
            }
            if (checked >= MAX_SHIFT_CANDIDATES) break search;
            if (sh + len === nh || sr + len === nr) break;
          }
        }
      }
      // sacrebleu stops (without taking the shift found) once the candidate budget is spent.
      if (checked >= MAX_SHIFT_CANDIDATES || !found || bGain <= 0) return taken + pre;
      taken++;
      performShift(words, nh, bStart, bLen, bTarget, this.scratch);
      this.words = this.scratch;
      this.scratch = words;
      from = Math.min(bStart, bTarget);
      if (shifts !== undefined) shifts.push({ start: bStart, length: bLen, target: bTarget, after: this.words.slice(0, nh), gain: bGain });
    }
  }

  /**
   * The operations of the final alignment of the last {@link edits} call, in order: a copy of
   * codes {@link OP_MATCH}, {@link OP_SUB}, {@link OP_DEL} (hypothesis word dropped), {@link OP_INS}
   * (reference word added).
   */
  lastOps(): Uint8Array {
    return this.trace.slice(0, this.traceLength);
  }

  /** The hypothesis of the last {@link edits} call after its shifts (a copy). */
  lastWords(): Int32Array {
    return this.words.slice(0, this.nh);
  }

  /** Sizes the buffers and the beam for an `nh` × `nr` pair. */
  private prepare(nh: number, nr: number): void {
    checkCells(nh, nr);
    const stride = nr + 1;
    const cells = (nh + 1) * stride;
    this.stride = stride;
    this.cost = growI32(this.cost, cells);
    this.ops = growU8(this.ops, cells);
    this.rowA = growI32(this.rowA, stride);
    this.rowB = growI32(this.rowB, stride);
    this.back = growI32(this.back, cells);
    this.rowLo = growI32(this.rowLo, nh + 1);
    this.rowHi = growI32(this.rowHi, nh + 1);
    this.words = growI32(this.words, nh);
    this.scratch = growI32(this.scratch, nh);
    this.align = growI32(this.align, nr);
    this.refErr = growI32(this.refErr, nr);
    this.hypErr = growI32(this.hypErr, nh);
    this.trace = growU8(this.trace, nh + nr);
    const ratio = nh > 0 ? nr / nh : 1;
    this.ratio = ratio;
    this.beam = BEAM_WIDTH < ratio / 2 ? Math.ceil(ratio / 2 + BEAM_WIDTH) : BEAM_WIDTH;
    const rowLo = this.rowLo;
    const rowHi = this.rowHi;
    rowLo[0] = 0;
    rowHi[0] = nr + 1;
    for (let i = 1; i <= nh; i++) {
      const diag = Math.floor(i * ratio);
      rowLo[i] = Math.max(0, diag - this.beam);
      rowHi[i] = i === nh ? nr + 1 : Math.min(nr + 1, diag + this.beam);
    }
    const cost = this.cost;
    const ops = this.ops;
    for (let j = 0; j <= nr; j++) {
      cost[j] = j;
      ops[j] = OP_INS;
    }
  }

  /**
   * Fills the cost and operation matrices for the current hypothesis from row `from + 1` (rows up to
   * `from` depend only on the unchanged prefix); returns the distance.
   */
  private fullDistance(ref: ArrayLike<number>, nh: number, nr: number, from: number): number {
    const cost = this.cost;
    const ops = this.ops;
    const words = this.words;
    const stride = this.stride;
    const ratio = this.ratio;
    const beam = this.beam;
    for (let i = from + 1; i <= nh; i++) {
      const row = i * stride;
      const prev = row - stride;
      const diag = Math.floor(i * ratio);
      const lo = Math.max(0, diag - beam);
      const hi = i === nh ? nr + 1 : Math.min(nr + 1, diag + beam);
      for (let j = 0; j < lo; j++) {
        cost[row + j] = INF;
        ops[row + j] = OP_UNDEF;
      }
      for (let j = hi; j <= nr; j++) {
        cost[row + j] = INF;
        ops[row + j] = OP_UNDEF;
      }
      const w = words[i - 1]!;
      let j = lo;
      if (j === 0) {
        cost[row] = cost[prev]! + 1;
        ops[row] = OP_DEL;
        j = 1;
      }
      for (; j < hi; j++) {
        const match = w === ref[j - 1];
        let best = INF;
        let op = OP_UNDEF;
        let c = cost[prev + j - 1]! + (match ? 0 : 1);
        if (best > c) {
          best = c;
          op = match ? OP_MATCH : OP_SUB;
        }
        c = cost[prev + j]! + 1;
        if (best > c) {
          best = c;
          op = OP_DEL;
        }
        c = cost[row + j - 1]! + 1;
        if (best > c) {
          best = c;
          op = OP_INS;
        }
        cost[row + j] = best;
        ops[row + j] = op;
      }
    }
    return cost[nh * stride + nr]!;
  }

  /**
   * Fills {@link back} for the current hypothesis: for every cell in the beam, the cheapest way to
   * the last cell through cells in the beam (the same moves as the forward matrix, reversed).
   */
  private backward(ref: ArrayLike<number>, nh: number, nr: number): void {
    const back = this.back;
    const words = this.words;
    const stride = this.stride;
    const rowLo = this.rowLo;
    const rowHi = this.rowHi;
    for (let i = nh; i >= 0; i--) {
      const row = i * stride;
      const lo = rowLo[i]!;
      const hi = rowHi[i]!;
      for (let j = 0; j < lo; j++) back[row + j] = INF;
      for (let j = hi; j <= nr; j++) back[row + j] = INF;
      if (i === nh) {
        back[row + nr] = 0;
        for (let j = nr - 1; j >= lo; j--) back[row + j] = back[row + j + 1]! + 1;
        continue;
      }
      const next = row + stride;
      const w = words[i]!;
      for (let j = hi - 1; j >= lo; j--) {
        // Down: this hypothesis word is dropped (the cell below must be in its row's beam).
        let best = back[next + j]! + 1;
        if (j < nr) {
          const d = back[next + j + 1]! + (w === ref[j] ? 0 : 1);
          if (d < best) best = d;
          // Right: a reference word is added (only to a cell in this row's beam).
          if (j + 1 < hi) {
            const r = back[row + j + 1]! + 1;
            if (r < best) best = r;
          }
        }
        back[row + j] = best > INF ? INF : best;
      }
    }
    this.backReady = true;
  }

  /**
   * The edit distance of `scratch[0..nh)`, which equals the current hypothesis outside positions
   * `[same, end)`: rows up to `same` come from the current forward matrix, rows `same+1 … end` are
   * computed, and the rest of the way from the current backward matrix (every path crosses row
   * `end`, and both matrices keep to the same beam, so the minimum over that row is the distance).
   */
  private candidateDistance(ref: ArrayLike<number>, nh: number, nr: number, same: number, end: number): number {
    const cost = this.cost;
    const words = this.scratch;
    const stride = this.stride;
    const rowLo = this.rowLo;
    const rowHi = this.rowHi;
    let prev = this.rowA;
    let cur = this.rowB;
    // Only the columns a row reads are kept valid: row i reads row i-1 over [lo_i - 1, hi_i), and
    // beams only move right. The current matrix holds INF outside its beams.
    const base = same * stride;
    for (let j = Math.max(0, rowLo[same + 1]! - 1), hi = rowHi[same + 1]!; j < hi; j++) prev[j] = cost[base + j]!;
    for (let i = same + 1; i <= end; i++) {
      const lo = rowLo[i]!;
      const hi = rowHi[i]!;
      const w = words[i - 1]!;
      let j = lo;
      if (j === 0) {
        cur[0] = prev[0]! + 1;
        j = 1;
      } else cur[lo - 1] = INF;
      let left = cur[j - 1]!;
      for (; j < hi; j++) {
        let best = prev[j - 1]! + (w === ref[j - 1] ? 0 : 1);
        if (best > INF) best = INF;
        const d = prev[j]! + 1;
        if (d < best) best = d;
        if (left + 1 < best) best = left + 1;
        cur[j] = best;
        left = best;
      }
      if (i < end) for (let k = hi, next = rowHi[i + 1]!; k < next; k++) cur[k] = INF;
      const t = prev;
      prev = cur;
      cur = t;
    }
    const back = this.back;
    const row = end * stride;
    let best = Number.POSITIVE_INFINITY;
    for (let j = rowLo[end]!, hi = rowHi[end]!; j < hi; j++) {
      const c = prev[j]! + back[row + j]!;
      if (c < best) best = c;
    }
    return best;
  }

  /** Walks the operation matrix back from the last cell into `trace` (in forward order). */
  private backtrace(nh: number, nr: number): void {
    const ops = this.ops;
    const stride = this.stride;
    const trace = this.trace;
    let i = nh;
    let j = nr;
    let k = 0;
    while (i > 0 || j > 0) {
      const op = ops[i * stride + j]!;
      trace[k++] = op;
      if (op === OP_MATCH || op === OP_SUB) {
        i--;
        j--;
      } else if (op === OP_INS) j--;
      else if (op === OP_DEL) i--;
      else throw new Error(`TER alignment reached an undefined cell (${i}, ${j})`);
    }
    // Reverse into forward order.
    for (let a = 0, b = k - 1; a < b; a++, b--) {
      const t = trace[a]!;
      trace[a] = trace[b]!;
      trace[b] = t;
    }
    this.traceLength = k;
  }

  /**
   * sacrebleu's `trace_to_alignment` of the flipped trace: for each reference position, the
   * hypothesis position it aligns to (the last hypothesis word before it for inserted words, −1 when
   * none), and which reference and hypothesis words are in error.
   */
  private alignment(): void {
    const align = this.align;
    const refErr = this.refErr;
    const hypErr = this.hypErr;
    const trace = this.trace;
    let h = -1;
    let r = -1;
    for (let k = 0; k < this.traceLength; k++) {
      const op = trace[k]!;
      if (op === OP_MATCH || op === OP_SUB) {
        h++;
        r++;
        align[r] = h;
        const e = op === OP_SUB ? 1 : 0;
        hypErr[h] = e;
        refErr[r] = e;
      } else if (op === OP_DEL) {
        h++;
        hypErr[h] = 1;
      } else {
        r++;
        align[r] = h;
        refErr[r] = 1;
      }
    }
  }
}
