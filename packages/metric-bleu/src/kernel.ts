/**
 * The hot path of BLEU: one segment's sufficient statistics from its token lists, without building a
 * string per n-gram and without allocating per segment.
 *
 * Tokens are interned per segment (a `Map` cleared between segments, so memory stays bounded by the
 * largest segment). Unigram keys are `id + 1`; every longer hypothesis n-gram gets an integer key from
 * an open-addressing table over `(key of its prefix, last token id)`. Only hypothesis n-grams can
 * match, so references never insert: a reference n-gram is followed only while its prefix is a
 * hypothesis n-gram, and its count goes to that key. Per key: the hypothesis count and the maximum
 * count over the references; the clipped match of a key is the minimum of the two.
 */

/** Layout of one statistics row: `[sysLen, refLen, matches_1..N, totals_1..N]` (sacrebleu's order). */
export const SYS = 0;
/** Index of the reference length in a statistics row. */
export const REF = 1;
/** Index of the first match count in a statistics row. */
export const MATCH = 2;

/**
 * Closest reference length: the smallest `|hyp - ref|`, ties to the shorter reference (sacrebleu's
 * `_get_closest_ref_len`, NLTK's `closest_ref_length`).
 */
export function closestRefLength(hypLen: number, refLens: ArrayLike<number>, count = refLens.length): number {
  let best = -1;
  let bestDiff = -1;
  for (let r = 0; r < count; r++) {
    const len = refLens[r]!;
    const diff = hypLen > len ? hypLen - len : len - hypLen;
    if (bestDiff < 0 || diff < bestDiff || (diff === bestDiff && len < best)) {
      bestDiff = diff;
      best = len;
    }
  }
  return best;
}

/** Index of the closest reference (the first one with the chosen length). */
export function closestRefIndex(hypLen: number, refLens: ArrayLike<number>): number {
  const len = closestRefLength(hypLen, refLens);
  for (let r = 0; r < refLens.length; r++) if (refLens[r] === len) return r;
  return -1;
}

function shortest(lens: Int32Array, count: number): number {
  let m = lens[0]!;
  for (let r = 1; r < count; r++) if (lens[r]! < m) m = lens[r]!;
  return m;
}

function nextPow2(n: number): number {
  let p = 16;
  while (p < n) p *= 2;
  return p;
}

/**
 * Reusable counter of BLEU segment statistics for one maximum order. Not thread-safe; one per metric
 * instance. Its buffers grow to the largest segment seen and are reused.
 */
export class BleuCounter {
  /** Highest n-gram order counted. */
  readonly maxOrder: number;
  /** Token → id of the current segment. */
  readonly vocab = new Map<string, number>();
  #ids = new Int32Array(64);
  #refLens = new Int32Array(4);
  #slots = new Int32Array(256);
  #shift = 32 - 8;
  #parent = new Int32Array(128);
  #token = new Int32Array(128);
  #order = new Int32Array(128);
  #slotOf = new Int32Array(128);
  #hypCount = new Int32Array(128);
  #refCount = new Int32Array(128);
  #refMax = new Int32Array(128);
  #touched = new Int32Array(128);
  #used = 0;
  #vocabSize = 0;

  /** Which reference length a segment contributes: the closest (sacrebleu, NLTK) or the shortest (TF-NMT, HF evaluate). */
  readonly refLength: "closest" | "shortest";

  constructor(maxOrder: number, refLength: "closest" | "shortest" = "closest") {
    this.maxOrder = maxOrder;
    this.refLength = refLength;
  }

  #reserve(keys: number, tokens: number): void {
    if (this.#ids.length < tokens) this.#ids = new Int32Array(nextPow2(tokens));
    const nodes = keys + 1;
    if (this.#parent.length < nodes) {
      const size = nextPow2(nodes);
      this.#parent = new Int32Array(size);
      this.#token = new Int32Array(size);
      this.#order = new Int32Array(size);
      this.#slotOf = new Int32Array(size);
      this.#hypCount = new Int32Array(size);
      this.#refCount = new Int32Array(size);
      this.#refMax = new Int32Array(size);
      this.#touched = new Int32Array(size);
    }
    if (this.#slots.length < nodes * 2) {
      const size = nextPow2(nodes * 2);
      this.#slots = new Int32Array(size);
      this.#shift = 32 - Math.log2(size);
    }
  }

  /**
   * Counts one segment into `out[offset …]` as `[sysLen, refLen, matches_1..N, totals_1..N]`, adding
   * to what is there when `add` is true (corpus sums), else overwriting.
   */
  count(
    hyp: readonly string[],
    refs: readonly (readonly string[])[],
    out: Float64Array,
    offset = 0,
    add = false,
  ): void {
    const N = this.maxOrder;
    const len = hyp.length;
    let maxRefLen = 0;
    for (let r = 0; r < refs.length; r++) if (refs[r]!.length > maxRefLen) maxRefLen = refs[r]!.length;
    this.#reserve(len * N, len > maxRefLen ? len : maxRefLen);
    const vocab = this.vocab;
    vocab.clear();
    const ids = this.#ids;
    const hypCount = this.#hypCount;
    const order = this.#order;

    // Unigrams: key = id + 1.
    let v = 0;
    for (let i = 0; i < len; i++) {
      const tok = hyp[i]!;
      let id = vocab.get(tok);
      if (id === undefined) {
        id = v++;
        vocab.set(tok, id);
        order[id + 1] = 0;
      }
      ids[i] = id;
      hypCount[id + 1] = hypCount[id + 1]! + 1;
    }
    this.#vocabSize = v;

    // Longer hypothesis n-grams.
    const slots = this.#slots;
    const shift = this.#shift;
    const mask = slots.length - 1;
    const parent = this.#parent;
    const token = this.#token;
    const slotOf = this.#slotOf;
    let used = v;
    if (N > 1) {
      for (let i = 0; i + 1 < len; i++) {
        let key = ids[i]! + 1;
        const lim = len - i < N ? len - i : N;
        for (let n = 1; n < lim; n++) {
          const t = ids[i + n]!;
          let h = (Math.imul(key, 0x9e3779b1) ^ Math.imul(t + 0x7f4a7c15, 0x85ebca77)) >>> shift;
          let k = slots[h]!;
          while (k !== 0 && (token[k] !== t || parent[k] !== key)) {
            h = (h + 1) & mask;
            k = slots[h]!;
          }
          if (k === 0) {
            k = ++used;
            parent[k] = key;
            token[k] = t;
            order[k] = n;
            slots[h] = k;
            slotOf[k] = h;
          }
          hypCount[k] = hypCount[k]! + 1;
          key = k;
        }
      }
    }
    this.#used = used;

    // References: follow only n-grams whose prefix is a hypothesis n-gram.
    const refCount = this.#refCount;
    const refMax = this.#refMax;
    const touched = this.#touched;
    if (this.#refLens.length < refs.length) this.#refLens = new Int32Array(nextPow2(refs.length));
    const refLens = this.#refLens;
    for (let r = 0; r < refs.length; r++) {
      const ref = refs[r]!;
      const rlen = ref.length;
      refLens[r] = rlen;
      if (len === 0) continue;
      for (let j = 0; j < rlen; j++) {
        const id = vocab.get(ref[j]!);
        ids[j] = id === undefined ? -1 : id;
      }
      let nt = 0;
      for (let i = 0; i < rlen; i++) {
        const first = ids[i]!;
        if (first < 0) continue;
        let key = first + 1;
        const rc = refCount[key]!;
        if (rc === 0) touched[nt++] = key;
        refCount[key] = rc + 1;
        const lim = rlen - i < N ? rlen - i : N;
        for (let n = 1; n < lim; n++) {
          const t = ids[i + n]!;
          if (t < 0) break;
          let h = (Math.imul(key, 0x9e3779b1) ^ Math.imul(t + 0x7f4a7c15, 0x85ebca77)) >>> shift;
          let k = slots[h]!;
          while (k !== 0 && (token[k] !== t || parent[k] !== key)) {
            h = (h + 1) & mask;
            k = slots[h]!;
          }
          if (k === 0) break;
          const c = refCount[k]!;
          if (c === 0) touched[nt++] = k;
          refCount[k] = c + 1;
          key = k;
        }
      }
      for (let q = 0; q < nt; q++) {
        const k = touched[q]!;
        if (refCount[k]! > refMax[k]!) refMax[k] = refCount[k]!;
        refCount[k] = 0;
      }
    }

    // Clipped matches per order; reset the per-key arrays and the used slots.
    const M = offset + MATCH;
    const T = M + N;
    if (!add) for (let q = offset; q < T + N; q++) out[q] = 0;
    for (let k = 1; k <= used; k++) {
      const c = hypCount[k]!;
      const m = refMax[k]!;
      const o = M + order[k]!;
      out[o] = out[o]! + (c < m ? c : m);
      hypCount[k] = 0;
      refMax[k] = 0;
      if (k > v) slots[slotOf[k]!] = 0;
    }
    for (let n = 0; n < N; n++) if (len > n) out[T + n] = out[T + n]! + len - n;
    out[offset + SYS] = out[offset + SYS]! + len;
    if (refs.length > 0) {
      out[offset + REF] = out[offset + REF]! + (this.refLength === "closest" ? closestRefLength(len, refLens, refs.length) : shortest(refLens, refs.length));
    }
  }

  /** Ids of the last counted hypothesis's distinct tokens (for tests). @internal */
  get lastVocabularySize(): number {
    return this.#vocabSize;
  }

  /** Number of distinct hypothesis n-grams of the last segment (for tests). @internal */
  get lastDistinctNgrams(): number {
    return this.#used;
  }
}
