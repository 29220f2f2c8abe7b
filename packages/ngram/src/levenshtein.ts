import { ErrorCode, GramscoreError } from "@gramscore/core";

/**
 * Levenshtein distance (insert, delete, substitute, each cost 1) with the alignment of
 * rapidfuzz 3.x's `Levenshtein.editops` / `opcodes`, on integer token ids.
 *
 * The source sequence `a` (jiwer's reference) is turned into `b` (the hypothesis). As rapidfuzz
 * does, the common prefix and suffix are matched first; the rest is aligned with Hyyrö's
 * bit-parallel algorithm (vertical positive / negative difference vectors `VP` / `VN` per position
 * of `b`), and the back-trace walks from the last cell with rapidfuzz's preference on ties:
 * a deletion when `VP` says the cell above is one cheaper, else (one position of `b` back) an
 * insertion when `VN` marks that cell, else the diagonal (a match or a substitution). That tie
 * order decides how an edit count splits into substitutions, deletions and insertions, so the
 * counts equal jiwer's exactly.
 *
 * Buffers (the pattern masks and the two bit matrices) are typed arrays kept between calls and
 * grown only when a longer pair comes: aligning allocates nothing once they are large enough.
 */

/** A matched position (jiwer's `equal`, a hit). */
export const EDIT_MATCH = 0;
/** A substituted position (jiwer's `replace`). */
export const EDIT_SUBSTITUTE = 1;
/** A position of `a` with no counterpart in `b` (jiwer's `delete`, a deletion from the reference). */
export const EDIT_DELETE = 2;
/** A position of `b` with no counterpart in `a` (jiwer's `insert`). */
export const EDIT_INSERT = 3;

/**
 * The most bits (`|a| × |b|` after the common prefix and suffix are removed, each bit matrix) one
 * alignment may use: 2^30, i.e. 256 MB for the two matrices. Longer pairs are refused with
 * `LIMIT_EXCEEDED` rather than exhausting memory.
 */
export const MAX_ALIGNMENT_CELLS = 2 ** 30;

/**
 * Counts of one alignment. `hits + substitutions + deletions` is the length of `a`,
 * `hits + substitutions + insertions` the length of `b`, and
 * `substitutions + deletions + insertions` the Levenshtein distance.
 */
export interface EditCounts {
  /** Matched positions. */
  hits: number;
  /** Substituted positions. */
  substitutions: number;
  /** Positions of `a` deleted. */
  deletions: number;
  /** Positions of `b` inserted. */
  insertions: number;
}

/**
 * A reusable aligner: {@link LevenshteinAligner.align} computes the counts (and, when asked, the
 * operations) of rapidfuzz's alignment of two id sequences. One instance is not re-entrant; give
 * each worker its own.
 */
export class LevenshteinAligner {
  /** Matched positions of the last alignment. */
  hits = 0;
  /** Substitutions of the last alignment. */
  substitutions = 0;
  /** Deletions of the last alignment. */
  deletions = 0;
  /** Insertions of the last alignment. */
  insertions = 0;

  // Pattern masks: `words` Uint32 per distinct symbol of the trimmed `a`.
  #pm = new Uint32Array(64);
  // Per symbol id: its slot in #pm, valid when #stamp[id] equals #generation.
  #slot = new Int32Array(256);
  #stamp = new Uint32Array(256);
  #generation = 0;
  // VP / VN after each position of the trimmed `b`: `words` Uint32 each.
  #vp = new Uint32Array(256);
  #vn = new Uint32Array(256);
  // Operations of the last traced alignment, written backwards from the end of #ops.
  #ops = new Uint8Array(256);
  #opsStart = 0;
  #opsEnd = 0;

  /**
   * Aligns `a[0 … aLength)` with `b[0 … bLength)` (non-negative integer ids; equal ids are equal
   * tokens) and sets {@link hits}, {@link substitutions}, {@link deletions}, {@link insertions}.
   * With `trace`, the operations are kept for {@link operations}. Returns the distance.
   * @throws GramscoreError `LIMIT_EXCEEDED` when the pair needs more than {@link MAX_ALIGNMENT_CELLS} bits per matrix,
   *   `INVALID_TYPE` for a negative or non-integer id.
   */
  align(a: ArrayLike<number>, aLength: number, b: ArrayLike<number>, bLength: number, trace = false): number {
    const shortest = aLength < bLength ? aLength : bLength;
    let prefix = 0;
    while (prefix < shortest && a[prefix] === b[prefix]) prefix++;
    let suffix = 0;
    while (suffix < shortest - prefix && a[aLength - 1 - suffix] === b[bLength - 1 - suffix]) suffix++;
    const n1 = aLength - prefix - suffix;
    const n2 = bLength - prefix - suffix;
    let hits = prefix + suffix;
    let subs = 0;
    let dels = 0;
    let ins = 0;
    let w = 0;
    if (trace) {
      const total = aLength + bLength;
      if (this.#ops.length < total) this.#ops = new Uint8Array(Math.max(total, 2 * this.#ops.length));
      w = total;
      this.#opsEnd = total;
      for (let k = 0; k < suffix; k++) this.#ops[--w] = EDIT_MATCH;
    }
    const ops = this.#ops;
    if (n1 === 0 || n2 === 0) {
      dels = n1;
      ins = n2;
      if (trace) {
        for (let k = 0; k < n1; k++) ops[--w] = EDIT_DELETE;
        for (let k = 0; k < n2; k++) ops[--w] = EDIT_INSERT;
      }
    } else {
      const words = (n1 + 31) >>> 5;
      if (n2 * words * 32 > MAX_ALIGNMENT_CELLS) {
        throw new GramscoreError(
          ErrorCode.LIMIT_EXCEEDED,
          `Aligning ${aLength} with ${bLength} tokens needs ${n1} × ${n2} cells after the common prefix and suffix, ` +
            `more than the limit of ${MAX_ALIGNMENT_CELLS}. Split the texts into shorter segments.`,
          { details: { a: aLength, b: bLength } },
        );
      }
      this.#forward(a, prefix, n1, b, prefix, n2, words);
      const vp = this.#vp;
      const vn = this.#vn;
      let col = n1;
      let row = n2;
      while (row !== 0 && col !== 0) {
        const bit = 1 << ((col - 1) & 31);
        const cw = (col - 1) >>> 5;
        if ((vp[(row - 1) * words + cw]! & bit) !== 0) {
          col--;
          dels++;
          if (trace) ops[--w] = EDIT_DELETE;
        } else {
          row--;
          if (row !== 0 && (vn[(row - 1) * words + cw]! & bit) !== 0) {
            ins++;
            if (trace) ops[--w] = EDIT_INSERT;
          } else {
            col--;
            if (a[prefix + col] !== b[prefix + row]) {
              subs++;
              if (trace) ops[--w] = EDIT_SUBSTITUTE;
            } else {
              hits++;
              if (trace) ops[--w] = EDIT_MATCH;
            }
          }
        }
      }
      dels += col;
      ins += row;
      if (trace) {
        for (; col > 0; col--) ops[--w] = EDIT_DELETE;
        for (; row > 0; row--) ops[--w] = EDIT_INSERT;
      }
    }
    if (trace) {
      for (let k = 0; k < prefix; k++) ops[--w] = EDIT_MATCH;
      this.#opsStart = w;
    }
    this.hits = hits;
    this.substitutions = subs;
    this.deletions = dels;
    this.insertions = ins;
    return subs + dels + ins;
  }

  /**
   * The Levenshtein distance of `a[0 … aLength)` and `b[0 … bLength)` (the same as
   * {@link align}'s return value; it sets the counts too).
   */
  distance(a: ArrayLike<number>, aLength: number, b: ArrayLike<number>, bLength: number): number {
    return this.align(a, aLength, b, bLength, false);
  }

  /**
   * The operations of the last alignment made with `trace`, left to right: {@link EDIT_MATCH},
   * {@link EDIT_SUBSTITUTE} and {@link EDIT_DELETE} consume one position of `a`,
   * {@link EDIT_MATCH}, {@link EDIT_SUBSTITUTE} and {@link EDIT_INSERT} one of `b`. A view into a
   * buffer the next traced alignment overwrites: copy it to keep it.
   */
  operations(): Uint8Array {
    return this.#ops.subarray(this.#opsStart, this.#opsEnd);
  }

  /** Fills the pattern masks of `a`'s trimmed part and the VP / VN rows of Hyyrö's algorithm. */
  #forward(a: ArrayLike<number>, aStart: number, n1: number, b: ArrayLike<number>, bStart: number, n2: number, words: number): void {
    // Symbol slots of this call.
    let gen = (this.#generation + 1) >>> 0;
    if (gen === 0) {
      this.#stamp.fill(0);
      gen = 1;
    }
    this.#generation = gen;
    let slots = 0;
    for (let i = 0; i < n1; i++) {
      const id = a[aStart + i]!;
      if (!(id >= 0 && Number.isInteger(id))) throw badId(id);
      if (id >= this.#stamp.length) this.#growSymbols(id + 1);
      if (this.#stamp[id] !== gen) {
        this.#stamp[id] = gen;
        this.#slot[id] = slots++;
      }
    }
    if (this.#pm.length < slots * words) this.#pm = new Uint32Array(Math.max(slots * words, 2 * this.#pm.length));
    const pm = this.#pm;
    pm.fill(0, 0, slots * words);
    for (let i = 0; i < n1; i++) {
      const s = this.#slot[a[aStart + i]!]!;
      pm[s * words + (i >>> 5)]! |= 1 << (i & 31);
    }
    const cells = n2 * words;
    if (this.#vp.length < cells) {
      const size = Math.max(cells, 2 * this.#vp.length);
      this.#vp = new Uint32Array(size);
      this.#vn = new Uint32Array(size);
    }
    const vpOut = this.#vp;
    const vnOut = this.#vn;
    const stamp = this.#stamp;
    const slot = this.#slot;
    // Row 0 (before any position of b): VP = all ones over n1 bits, VN = 0. Bits above n1 in the
    // last word never reach lower bits (carries and shifts only move upwards), so they stay free.
    let prev = -1;
    for (let j = 0; j < n2; j++) {
      const id = b[bStart + j]!;
      if (!(id >= 0 && Number.isInteger(id))) throw badId(id);
      const base = id < stamp.length && stamp[id] === gen ? slot[id]! * words : -1;
      const out = j * words;
      let carry = 0;
      let hpIn = 1;
      let hnIn = 0;
      for (let k = 0; k < words; k++) {
        const x = base >= 0 ? pm[base + k]! : 0;
        const vp = prev < 0 ? (k === words - 1 && (n1 & 31) !== 0 ? (1 << (n1 & 31)) - 1 : -1) : vpOut[prev + k]!;
        const vn = prev < 0 ? 0 : vnOut[prev + k]!;
        // D0 = (((X & VP) + VP) ^ VP) | X | VN, the addition carried across words.
        const sum = ((x & vp) >>> 0) + (vp >>> 0) + carry;
        carry = sum > 0xffffffff ? 1 : 0;
        const d0 = ((sum >>> 0) ^ vp) | x | vn;
        const hp = vn | ~(d0 | vp);
        const hn = d0 & vp;
        const hps = (hp << 1) | hpIn;
        const hns = (hn << 1) | hnIn;
        hpIn = hp >>> 31;
        hnIn = hn >>> 31;
        vpOut[out + k] = hns | ~(d0 | hps);
        vnOut[out + k] = hps & d0;
      }
      prev = out;
    }
  }

  #growSymbols(size: number): void {
    const n = Math.max(size, 2 * this.#stamp.length);
    const stamp = new Uint32Array(n);
    stamp.set(this.#stamp);
    const slot = new Int32Array(n);
    slot.set(this.#slot);
    this.#stamp = stamp;
    this.#slot = slot;
  }
}

function badId(id: unknown): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_TYPE, `Token ids must be non-negative integers, but got ${String(id)}. Intern tokens with a Vocabulary first.`);
}

/**
 * The counts of rapidfuzz's alignment of two id sequences in one call (a fresh
 * {@link LevenshteinAligner}; keep one aligner for many pairs instead).
 */
export function editCounts(a: ArrayLike<number>, b: ArrayLike<number>): EditCounts {
  const aligner = new LevenshteinAligner();
  aligner.align(a, a.length, b, b.length);
  return { hits: aligner.hits, substitutions: aligner.substitutions, deletions: aligner.deletions, insertions: aligner.insertions };
}
