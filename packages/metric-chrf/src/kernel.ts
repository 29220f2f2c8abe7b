/**
 * The hot path of chrF: per-order `[hyp, ref, match]` statistics of one hypothesis against each of
 * its references, on integer token ids (code points, or word ids), without building any string.
 *
 * Order by order, every n-gram gets a dense integer rank: the rank of the n-gram at position `i`
 * is found from the pair (rank of the (n−1)-gram at `i`, token at `i + n − 1`) in an open-addressing
 * hash table that only the hypothesis fills. Hypothesis counts live in an array indexed by rank. A
 * reference n-gram is then looked up (never inserted): when it is absent, no longer n-gram starting
 * there can be in the hypothesis either, so that position is dropped for the higher orders. Matches
 * `Σ min(hyp_g, ref_g)` are summed on the fly: a reference occurrence matches while its n-gram's
 * reference count is below its hypothesis count.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";

const DEAD = -1;

/** Reusable buffers for {@link NgramStatsCounter.count}; one per metric instance (not re-entrant). */
export class NgramStatsCounter {
  #slotGen = new Int32Array(64);
  #slotParent = new Int32Array(64);
  #slotToken = new Int32Array(64);
  #slotRank = new Int32Array(64);
  #bits = 6;
  #gen = 0;
  #hypCount = new Int32Array(64);
  #refCount = new Int32Array(64);
  #refGen = new Int32Array(64);
  #rgen = 0;
  #hypRank = new Int32Array(64);
  #refRank = new Int32Array(64);

  /**
   * Adds per-order statistics to `out`: for reference `k` and order `n` (1 … `orders`) the triple
   * `[hyp_n, ref_n, match_n]` goes to `out[k * stride + offset + 3 * (n − 1) …]`, exactly as
   * sacrebleu's `CHRF._get_match_statistics`: `hyp_n` is the number of hypothesis n-grams, or 0 when
   * the reference has none of that order; `ref_n` the number of reference n-grams; `match_n` the
   * clipped overlap. `out` must hold zeros there.
   *
   * @param hyp Hypothesis token ids (`hyp[0 … hypLen)`).
   * @param refs Token ids of all references, back to back; reference `k` is `refs[refStart[k] … refStart[k + 1])`.
   */
  count(
    hyp: Int32Array,
    hypLen: number,
    refs: Int32Array,
    refStart: Int32Array,
    nRefs: number,
    orders: number,
    out: Int32Array,
    stride: number,
    offset: number,
  ): void {
    const refTotal = refStart[nRefs]!;
    this.#reserve(hypLen, refTotal);
    const hypRank = this.#hypRank;
    const refRank = this.#refRank;
    hypRank.fill(0, 0, hypLen);
    refRank.fill(0, 0, refTotal);
    const hypCount = this.#hypCount;
    const refCount = this.#refCount;
    const refGen = this.#refGen;
    const slotGen = this.#slotGen;
    const slotParent = this.#slotParent;
    const slotToken = this.#slotToken;
    const slotRank = this.#slotRank;
    const shift = 32 - this.#bits;
    const mask = (1 << this.#bits) - 1;
    let alive = refTotal;

    for (let n = 1; n <= orders; n++) {
      const hypN = hypLen - n + 1;
      let gen = this.#gen + 1;
      if (gen > 0x3fffffff) {
        slotGen.fill(0);
        gen = 1;
      }
      this.#gen = gen;
      let ranks = 0;
      // Hypothesis: intern every n-gram, count it by rank.
      for (let i = 0; i < hypN; i++) {
        const parent = hypRank[i]!;
        const token = hyp[i + n - 1]!;
        let h = Math.imul(Math.imul(parent, 0x2c1b3c6d) ^ token, 0x9e3779b1) >>> shift;
        for (;;) {
          if (slotGen[h] !== gen) {
            slotGen[h] = gen;
            slotParent[h] = parent;
            slotToken[h] = token;
            const r = ++ranks;
            slotRank[h] = r;
            hypCount[r] = 1;
            hypRank[i] = r;
            break;
          }
          if (slotToken[h] === token && slotParent[h] === parent) {
            const r = slotRank[h]!;
            hypCount[r]!++;
            hypRank[i] = r;
            break;
          }
          h = (h + 1) & mask;
        }
      }
      // References: look up, clip, and drop positions whose n-gram the hypothesis lacks.
      for (let k = 0; k < nRefs; k++) {
        const start = refStart[k]!;
        const refN = refStart[k + 1]! - start - n + 1;
        const at = k * stride + offset + 3 * (n - 1);
        if (refN <= 0) continue;
        out[at] = hypN > 0 ? hypN : 0;
        out[at + 1] = refN;
        if (hypN <= 0 || alive === 0) continue;
        let rgen = this.#rgen + 1;
        if (rgen > 0x3fffffff) {
          refGen.fill(0);
          rgen = 1;
        }
        this.#rgen = rgen;
        let matches = 0;
        for (let j = start; j < start + refN; j++) {
          const parent = refRank[j]!;
          if (parent === DEAD) continue;
          const token = refs[j + n - 1]!;
          let h = Math.imul(Math.imul(parent, 0x2c1b3c6d) ^ token, 0x9e3779b1) >>> shift;
          let r = DEAD;
          while (slotGen[h] === gen) {
            if (slotToken[h] === token && slotParent[h] === parent) {
              r = slotRank[h]!;
              break;
            }
            h = (h + 1) & mask;
          }
          refRank[j] = r;
          if (r === DEAD) {
            alive--;
            continue;
          }
          let c = 0;
          if (refGen[r] === rgen) c = refCount[r]!;
          else refGen[r] = rgen;
          if (c < hypCount[r]!) matches++;
          refCount[r] = c + 1;
        }
        out[at + 2] = matches;
      }
    }
  }

  /** Makes room for a hypothesis of `hypLen` tokens and references of `refLen` tokens in all. */
  #reserve(hypLen: number, refLen: number): void {
    if (this.#hypRank.length < hypLen) this.#hypRank = new Int32Array(grow(hypLen));
    if (this.#hypCount.length <= hypLen) {
      const size = grow(hypLen + 1);
      this.#hypCount = new Int32Array(size);
      this.#refCount = new Int32Array(size);
      this.#refGen = new Int32Array(size);
      this.#rgen = 0;
    }
    if (this.#refRank.length < refLen) this.#refRank = new Int32Array(grow(refLen));
    // At most hypLen keys per order: keep the load factor at or below 1/2.
    let bits = this.#bits;
    while (1 << bits < 2 * hypLen) bits++;
    if (bits !== this.#bits) {
      const size = 1 << bits;
      this.#slotGen = new Int32Array(size);
      this.#slotParent = new Int32Array(size);
      this.#slotToken = new Int32Array(size);
      this.#slotRank = new Int32Array(size);
      this.#bits = bits;
      this.#gen = 0;
    }
  }
}

function grow(n: number): number {
  let size = 64;
  while (size < n) size *= 2;
  return size;
}

/**
 * Writes the code points of `text` to `out` from `at` and returns how many: all of them when
 * `keepWhitespace`, else all but Python's whitespace (sacrebleu's `''.join(line.split())`).
 * `out` needs room for `text.length` ids.
 * @throws GramscoreError `LONE_SURROGATE` for an unpaired UTF-16 surrogate.
 */
export function writeCodePoints(text: string, keepWhitespace: boolean, out: Int32Array, at: number): number {
  const n = text.length;
  let o = at;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x85) {
      if (c > 0x20 || keepWhitespace || !(c === 0x20 || (c >= 0x09 && c <= 0x0d) || c >= 0x1c)) out[o++] = c;
      continue;
    }
    if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < n ? text.charCodeAt(i + 1) : 0;
      if (c > 0xdbff || d < 0xdc00 || d > 0xdfff) throw loneSurrogate(text, i);
      out[o++] = (c - 0xd800) * 0x400 + (d - 0xdc00) + 0x10000;
      i++;
      continue;
    }
    if (
      !keepWhitespace &&
      (c === 0x85 || c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000)
    ) {
      continue;
    }
    out[o++] = c;
  }
  return o - at;
}

function loneSurrogate(text: string, index: number): GramscoreError {
  const unit = text.charCodeAt(index).toString(16).toUpperCase().padStart(4, "0");
  return new GramscoreError(
    ErrorCode.LONE_SURROGATE,
    `The text contains an unpaired UTF-16 surrogate U+${unit} at index ${index}, so it is not valid Unicode text. ` +
      "Repair the text (e.g. with String.prototype.toWellFormed()) or fix how it was decoded.",
    { details: { index } },
  );
}
