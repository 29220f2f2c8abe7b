/**
 * rouge-score's rougeL (sentence-level LCS) from a kept reference's tables: the LCS on the reference's
 * bit masks (else the dense LCS of @gramscore/ngram), and, for a reference of at most 32 tokens, one
 * pass over the hypothesis that finds ROUGE-1 and ROUGE-2 hits and the LCS length together.
 */
import { lcsLengthDense, lcsLengthMasked, popcount32 } from "@gramscore/ngram";
import type { ReferenceTables } from "./reference.js";
import type { Scratch } from "./scratch.js";

/** rougeL (and the fused ROUGE-1/ROUGE-2) against references' tables, with its own scratch. */
export class TableLcs {
  /** What {@link onePass} found: unigram hits, bigram hits, LCS length. */
  hits1 = 0;
  hits2 = 0;
  hitsL = 0;
  /** Scratch: the LCS bit vector. */
  #vector = new Uint32Array(8);
  /** Scratch: the hypothesis as dense ids for the general LCS. */
  #dense = new Int32Array(256);

  /**
   * Unigram hits, bigram hits and the LCS length of a reference of 1 to 32 tokens (one mask word per
   * local id) and the hypothesis `h[0 … hn)`, whose tokens `localOf` maps to the reference's local ids
   * (−1: absent), in one pass over the hypothesis: the reference's unigrams and bigrams are counted
   * in the plain array (bigram `(x, y)` at `L + x·L + y`), consumed, then cleared.
   */
  onePass(scratch: Scratch, t: ReferenceTables, masks: Uint32Array, h: Int32Array, hn: number, localOf: Int32Array): void {
    const a = t.local;
    const m = a.length;
    const L = t.distinct.length;
    scratch.directSize(L + L * L);
    const c = scratch.direct;
    c[a[0]!]!++;
    for (let i = 1; i < m; i++) {
      c[a[i]!]!++;
      c[L + a[i - 1]! * L + a[i]!]!++;
    }
    let h1 = 0;
    let h2 = 0;
    let x = 0xffffffff;
    let prev = -1;
    for (let j = 0; j < hn; j++) {
      const y = localOf[h[j]!]!;
      if (y >= 0) {
        if (c[y]! > 0) {
          h1++;
          c[y]!--;
        }
        if (prev >= 0) {
          const k = L + prev * L + y;
          if (c[k]! > 0) {
            h2++;
            c[k]!--;
          }
        }
        const u = x & masks[y]!;
        x = ((x + u) | (x & ~u)) >>> 0;
      }
      prev = y;
    }
    c[a[0]!] = 0;
    for (let i = 1; i < m; i++) {
      c[a[i]!] = 0;
      c[L + a[i - 1]! * L + a[i]!] = 0;
    }
    this.hits1 = h1;
    this.hits2 = h2;
    this.hitsL = m - popcount32(m === 32 ? x : x & ((1 << m) - 1));
  }

  /**
   * The LCS length of a reference (its tables) and the hypothesis as its local ids: from the masks
   * within the LCS limits, else through `lcsLengthDense` (which throws where the general path throws).
   */
  lcs(t: ReferenceTables, hl: Int32Array, hn: number, limits: { cells: number; maskWords: number }): number {
    const m = t.local.length;
    const L = t.distinct.length;
    if (t.masks !== undefined && m * hn <= limits.cells && t.masks.length <= limits.maskWords) {
      if (this.#vector.length < t.words) this.#vector = new Uint32Array(t.words * 2);
      return lcsLengthMasked(t.masks, t.words, m, hl, hn, this.#vector);
    }
    // Tokens the reference lacks all become id L, which matches nothing of the reference.
    if (this.#dense.length < hn) this.#dense = new Int32Array(hn * 2);
    const b = this.#dense.subarray(0, hn);
    for (let j = 0; j < hn; j++) b[j] = hl[j]! < 0 ? L : hl[j]!;
    return lcsLengthDense(t.local, b, L + 1);
  }
}
