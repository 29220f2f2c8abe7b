/**
 * A segment's tokens renumbered `0 … L−1` (local ids), so that n-grams, skip-bigrams and LCS bit masks
 * become small numbers that index plain arrays. Shared by ROUGE-N, ROUGE-S/SU and rouge-score's rougeL.
 */
import type { PreparedText } from "./prepared.js";

/** The local ids of a segment's texts: references first, the hypothesis last; `L` distinct tokens. */
export interface LocalSegment {
  readonly locs: Int32Array[];
  readonly L: number;
}

/** Renumbers segments; its buffers are reused (the arrays it returns are valid until the next call). */
export class LocalIds {
  /** Scratch arrays for the local ids of each text of a segment. */
  #bufs: Int32Array[] = [];
  #keys = new Int32Array(1024).fill(-1);
  #vals = new Int32Array(1024);
  #taken = new Int32Array(1024);

  /**
   * The segment's tokens renumbered `0 … L−1` (hypothesis last in `locs`), so that n-grams and
   * skip-bigrams become small numbers that index plain arrays.
   */
  of(hyp: PreparedText, refs: readonly PreparedText[]): LocalSegment {
    const K = refs.length;
    let total = hyp.flat.length;
    for (const r of refs) total += r.flat.length;
    // A small open-addressing table (global id → local id), cleared through the keys it took: it stays
    // in the processor's cache, where an array indexed by global ids would not.
    let cap = this.#keys.length;
    if (cap < total * 2) {
      while (cap < total * 2) cap *= 2;
      this.#keys = new Int32Array(cap).fill(-1);
      this.#vals = new Int32Array(cap);
      this.#taken = new Int32Array(cap);
    }
    const keys = this.#keys;
    const vals = this.#vals;
    const taken = this.#taken;
    const mask = cap - 1;
    let L = 0;
    const locs = new Array<Int32Array>(K + 1);
    const bufs = this.#bufs;
    for (let r = 0; r <= K; r++) {
      const ids = r === K ? hyp.flat : refs[r]!.flat;
      let buf = bufs[r];
      if (buf === undefined || buf.length < ids.length) buf = bufs[r] = new Int32Array(Math.max(256, ids.length * 2));
      const loc = buf.subarray(0, ids.length);
      for (let i = 0; i < ids.length; i++) {
        const g = ids[i]!;
        let slot = Math.imul(g, 0x9e3779b1) >>> 7 & mask;
        for (;;) {
          const k = keys[slot]!;
          if (k === g) break;
          if (k === -1) {
            keys[slot] = g;
            taken[L] = slot;
            vals[slot] = L++;
            break;
          }
          slot = (slot + 1) & mask;
        }
        loc[i] = vals[slot]!;
      }
      locs[r] = loc;
    }
    for (let k = 0; k < L; k++) keys[taken[k]!] = -1;
    return { locs, L };
  }
}
