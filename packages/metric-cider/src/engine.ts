/**
 * CIDEr's arithmetic, step for step as pycocoevalcap's `CiderScorer` (CIDEr-D) and vrama91/cider's
 * original `CiderScorer` do it: n-gram counts in order of first occurrence, document frequencies over
 * the references of the corpus scored, tf-idf vectors with their norms, the per-order cosine (clipped
 * and length-penalized for CIDEr-D), the mean over orders, over references, times 10, and `np.mean`
 * over the images. Tokens are interned to numbers and n-grams to ids, so no string key is built.
 */
import { log, npMean, powE } from "./numeric.js";

/** One image: its candidate's tokens and each reference's tokens. */
export interface CiderItem {
  readonly hyp: readonly string[];
  readonly refs: readonly (readonly string[])[];
}

/** What changes the numbers. */
export interface CiderConfig {
  /** Highest n-gram order (pycocoevalcap: 4). */
  readonly n: number;
  /** CIDEr-D's Gaussian length penalty's sigma (pycocoevalcap: 6). */
  readonly sigma: number;
  /** `true`: CIDEr-D (clipped, length penalty); `false`: the original CIDEr. */
  readonly ciderD: boolean;
}

/** Per-order similarities of one image, before averaging (for explanations). */
export interface CiderItemDetail {
  /** Per order 1..n: the similarities summed over the references. */
  readonly orders: number[];
  /** Per reference: its per-order similarities. */
  readonly perRef: number[][];
  /** Bigram count of the candidate (the length the penalty compares: pycocoevalcap counts bigrams). */
  readonly length: number;
  /** Bigram count of each reference. */
  readonly refLengths: number[];
}

/**
 * Numbers tokens and n-grams; an n-gram is (shorter n-gram, last token), found in an open-addressing
 * table whose slots hold [shorter + 1, last, id] side by side (0: empty, so a fresh table needs no fill).
 */
class Grams {
  #tokens = new Map<string, number>();
  #slots: Int32Array;
  #mask: number;
  #used = 0;
  #next = 0;

  /** @param expected About how many n-grams of order 2 and more will be added (sizes the table once). */
  constructor(expected: number) {
    let size = 1 << 12;
    while (size < expected * 2) size *= 2;
    this.#slots = new Int32Array(size * 3);
    this.#mask = size - 1;
  }

  get size(): number {
    return this.#next;
  }

  unigram(token: string): number {
    let id = this.#tokens.get(token);
    if (id === undefined) {
      id = this.#next++;
      this.#tokens.set(token, id);
    }
    return id;
  }

  /** The id of n-gram `gram` followed by the unigram `uni`. */
  extend(gram: number, uni: number): number {
    const slots = this.#slots;
    const mask = this.#mask;
    const key = gram + 1;
    let h = (Math.imul(gram, 0x9e3779b1) ^ Math.imul(uni + 0x632be5ab, 0x85ebca77)) & mask;
    for (;;) {
      const at = h * 3;
      const a = slots[at]!;
      if (a === 0) break;
      if (a === key && slots[at + 1] === uni) return slots[at + 2]!;
      h = (h + 1) & mask;
    }
    const id = this.#next++;
    const at = h * 3;
    slots[at] = key;
    slots[at + 1] = uni;
    slots[at + 2] = id;
    if (++this.#used * 2 > mask) this.#grow();
    return id;
  }

  #grow(): void {
    const old = this.#slots;
    const size = (this.#mask + 1) * 2;
    const slots = new Int32Array(size * 3);
    const mask = size - 1;
    for (let i = 0; i < old.length; i += 3) {
      const a = old[i]!;
      if (a === 0) continue;
      const b = old[i + 1]!;
      let k = (Math.imul(a - 1, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca77)) & mask;
      while (slots[k * 3] !== 0) k = (k + 1) & mask;
      slots[k * 3] = a;
      slots[k * 3 + 1] = b;
      slots[k * 3 + 2] = old[i + 2]!;
    }
    this.#slots = slots;
    this.#mask = mask;
  }
}

/** A growable Int32Array. */
class IntPool {
  data: Int32Array;
  length = 0;
  constructor(capacity: number) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(x: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = x;
  }
}

/**
 * Every caption counted into flat arrays: caption c's order-k n-grams (k = 0..n-1) are
 * `grams[off[c*(n+1)+k] .. off[c*(n+1)+k+1])` in order of first occurrence, with their counts at the
 * same indices; `length[c]` is its bigram count.
 */
class Cooked {
  readonly grams: IntPool;
  readonly counts: IntPool;
  readonly off: IntPool;
  readonly length: IntPool;
  #stamp = new Int32Array(1 << 12);
  #slot = new Int32Array(1 << 12);
  #now = 0;
  #uni = new Int32Array(256);
  #ids = new Int32Array(256);
  constructor(
    readonly n: number,
    readonly table: Grams,
    positions: number,
    captions: number,
  ) {
    this.grams = new IntPool(positions * n);
    this.counts = new IntPool(positions * n);
    this.off = new IntPool(captions * (n + 1));
    this.length = new IntPool(captions);
  }

  /** Counts one caption; returns its index. */
  add(tokens: readonly string[]): number {
    const { n, table, grams, counts, off } = this;
    const len = tokens.length;
    if (len > this.#uni.length) {
      this.#uni = new Int32Array(len * 2);
      this.#ids = new Int32Array(len * 2);
    }
    const uni = this.#uni;
    const ids = this.#ids;
    for (let i = 0; i < len; i++) ids[i] = uni[i] = table.unigram(tokens[i]!);
    const index = this.length.length;
    for (let k = 1; k <= n; k++) {
      off.push(grams.length);
      const m = Math.max(0, len - k + 1);
      // ids[i] covers tokens i..i+k-2; add token i+k-1 (in place: ids[i] is read before it is written).
      if (k > 1) for (let i = 0; i < m; i++) ids[i] = table.extend(ids[i]!, uni[i + k - 1]!);
      if (table.size > this.#stamp.length) {
        let size = this.#stamp.length;
        while (size < table.size) size *= 2;
        const s = new Int32Array(size);
        s.set(this.#stamp);
        this.#stamp = s;
        this.#slot = new Int32Array(size);
      }
      const stamp = ++this.#now;
      const base = grams.length;
      for (let i = 0; i < m; i++) {
        const id = ids[i]!;
        if (this.#stamp[id] === stamp) counts.data[base + this.#slot[id]!]!++;
        else {
          this.#stamp[id] = stamp;
          this.#slot[id] = grams.length - base;
          grams.push(id);
          counts.push(1);
        }
      }
      if (k === 2) this.length.push(m);
    }
    if (n < 2) this.length.push(0);
    off.push(grams.length);
    return index;
  }
}

/** Scores a corpus: each image's score and their `np.mean`. */
export function ciderCorpus(items: readonly CiderItem[], config: CiderConfig, details?: CiderItemDetail[]): { score: number; scores: Float64Array } {
  const { n, sigma, ciderD } = config;
  let positions = 0;
  let captions = 0;
  for (const item of items) {
    positions += item.hyp.length;
    for (const r of item.refs) positions += r.length;
    captions += 1 + item.refs.length;
  }
  // Distinct n-grams of orders 2..n are fewer than their positions; most captions share few.
  const table = new Grams(Math.ceil((positions * Math.max(0, n - 1)) / 2));
  const cooked = new Cooked(n, table, positions, captions);
  const hyp = new Int32Array(items.length);
  const refStart = new Int32Array(items.length + 1);
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    hyp[i] = cooked.add(item.hyp);
    refStart[i] = hyp[i]! + 1;
    for (const r of item.refs) cooked.add(r);
  }
  refStart[items.length] = cooked.length.length;
  const grams = cooked.grams.data;
  const counts = cooked.counts.data;
  const off = cooked.off.data;
  const lengths = cooked.length.data;
  const stride = n + 1;
  // Document frequency: in how many images' references an n-gram occurs.
  const df = new Int32Array(table.size);
  const seen = new Int32Array(table.size);
  for (let i = 0; i < items.length; i++) {
    for (let c = refStart[i]!; c < refStart[i]! + items[i]!.refs.length; c++) {
      for (let j = off[c * stride]!; j < off[c * stride + n]!; j++) {
        const id = grams[j]!;
        if (seen[id] !== i + 1) {
          seen[id] = i + 1;
          df[id]!++;
        }
      }
    }
  }
  // idf of every n-gram: refLen - log(max(1, df)), the log computed once per distinct df.
  const refLen = log(items.length);
  const idf = new Float64Array(table.size);
  const logOf = new Map<number, number>();
  for (let id = 0; id < table.size; id++) {
    const d = Math.max(1, df[id]!);
    let v = logOf.get(d);
    if (v === undefined) {
      v = log(d);
      logOf.set(d, v);
    }
    idf[id] = refLen - v;
  }
  // Every caption's tf-idf values (aligned with its n-grams) and norms per order.
  // captions === cooked.length.length: every caption counted
  const vec = new Float64Array(cooked.grams.length);
  const norm = new Float64Array(captions * n);
  for (let c = 0; c < captions; c++) {
    for (let k = 0; k < n; k++) {
      let sq = 0;
      for (let j = off[c * stride + k]!; j < off[c * stride + k + 1]!; j++) {
        const x = counts[j]! * idf[grams[j]!]!;
        vec[j] = x;
        sq += x * x;
      }
      norm[c * n + k] = Math.sqrt(sq);
    }
  }
  const penalties = new Map<number, number>();
  const refVal = new Float64Array(table.size);
  const refMark = new Int32Array(table.size);
  let mark = 0;
  const scores = new Float64Array(items.length);
  const score = new Float64Array(n);
  const val = new Float64Array(n);
  for (let i = 0; i < items.length; i++) {
    const h = hyp[i]!;
    score.fill(0);
    const perRef: number[][] = [];
    const refEnd = refStart[i]! + items[i]!.refs.length;
    for (let r = refStart[i]!; r < refEnd; r++) {
      mark++;
      for (let j = off[r * stride]!; j < off[r * stride + n]!; j++) {
        refVal[grams[j]!] = vec[j]!;
        refMark[grams[j]!] = mark;
      }
      let pen = 1;
      if (ciderD) {
        const delta = lengths[h]! - lengths[r]!;
        const p = penalties.get(delta);
        if (p === undefined) {
          pen = powE(-(delta * delta) / (2 * sigma * sigma));
          penalties.set(delta, pen);
        } else pen = p;
      }
      for (let k = 0; k < n; k++) {
        let v = 0;
        for (let j = off[h * stride + k]!; j < off[h * stride + k + 1]!; j++) {
          const id = grams[j]!;
          const rx = refMark[id] === mark ? refVal[id]! : 0;
          const hx = vec[j]!;
          v += ciderD ? (rx < hx ? rx : hx) * rx : hx * rx;
        }
        const nh = norm[h * n + k]!;
        const nr = norm[r * n + k]!;
        if (nh !== 0 && nr !== 0) v /= nh * nr;
        if (ciderD) v *= pen;
        val[k] = v;
        score[k] = score[k]! + v;
      }
      if (details !== undefined) perRef.push(Array.from(val));
    }
    let avg = npMean(score);
    avg /= refEnd - refStart[i]!;
    avg *= 10.0;
    scores[i] = avg;
    if (details !== undefined) {
      const refLengths: number[] = [];
      for (let r = refStart[i]!; r < refEnd; r++) refLengths.push(lengths[r]!);
      details.push({ orders: Array.from(score), perRef, length: lengths[h]!, refLengths });
    }
  }
  return { score: npMean(scores), scores };
}
