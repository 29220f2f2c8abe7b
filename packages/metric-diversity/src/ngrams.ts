/**
 * The n-gram counting both diversity metrics share. Every token gets an integer id and every n-gram
 * (orders 1..N) an id built from its prefix's id and its last token, so a text's n-grams are found in
 * one pass without building strings.
 */

/** Ids of tokens and n-grams over one collection of texts. */
export class NgramIds {
  readonly #tokens = new Map<string, number>();
  readonly #ngrams = new Map<number, number>();
  /** The order of each n-gram id. */
  orders = new Uint8Array(1024);

  /** Number of n-gram ids given so far. */
  get size(): number {
    return this.#ngrams.size;
  }

  /** The token ids of a text. */
  tokenIds(tokens: readonly string[]): Int32Array {
    const out = new Int32Array(tokens.length);
    for (let t = 0; t < tokens.length; t++) {
      const token = tokens[t]!;
      let id = this.#tokens.get(token);
      if (id === undefined) this.#tokens.set(token, (id = this.#tokens.size));
      out[t] = id;
    }
    return out;
  }

  /**
   * Calls `visit(id, order)` for every n-gram occurrence of orders 1..N of a text's token ids, in
   * order of position then order. Token ids must come from {@link tokenIds} of this object.
   */
  forEach(ids: Int32Array, maxOrder: number, visit: (id: number, order: number) => void): void {
    const map = this.#ngrams;
    // 2^26 token ids at most per key step keeps every key below 2^53 for 2^27 n-gram ids.
    const V = 67108864;
    for (let start = 0; start < ids.length; start++) {
      let prefix = -1;
      const last = Math.min(ids.length, start + maxOrder);
      for (let end = start; end < last; end++) {
        const key = (prefix + 1) * V + ids[end]!;
        let id = map.get(key);
        if (id === undefined) {
          id = map.size;
          map.set(key, id);
          if (id >= this.orders.length) {
            const grown = new Uint8Array(this.orders.length * 2);
            grown.set(this.orders);
            this.orders = grown;
          }
          this.orders[id] = end - start + 1;
        }
        visit(id, end - start + 1);
        prefix = id;
      }
    }
  }
}

/** A growable Int32Array. */
export class IntList {
  data = new Int32Array(256);
  length = 0;

  push(value: number): void {
    if (this.length === this.data.length) {
      const grown = new Int32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    this.data[this.length++] = value;
  }
}

/** Grows `a` (filled with `fill`) to hold index `size - 1`. */
export function ensure(a: Int32Array<ArrayBuffer>, size: number, fill = 0): Int32Array<ArrayBuffer> {
  if (size <= a.length) return a;
  let n = a.length * 2;
  while (n < size) n *= 2;
  const grown = new Int32Array(n);
  grown.set(a);
  if (fill !== 0) grown.fill(fill, a.length);
  return grown;
}

/**
 * What Self-BLEU needs of each text against all the others: its length, the length among the others
 * closest to it (ties to the shorter, as NLTK and sacrebleu choose), and per order its n-gram matches
 * clipped by the largest count any *other* text has (multi-reference BLEU's clipping).
 */
export interface SelfCounts {
  /** Tokens per text. */
  readonly lengths: Int32Array;
  /** Per text, the closest length among the other texts. */
  readonly closest: Int32Array;
  /** `matches[i * N + n - 1]`: clipped n-gram matches of text `i` against the others. */
  readonly matches: Float64Array;
}

/**
 * Self-BLEU's statistics of every text against all the others in time linear in the n-grams: for each
 * n-gram the largest count over the texts, which text has it, and the second largest (the largest
 * among the others when that text is the one scored).
 * @param texts Token lists, at least two.
 */
export function selfCounts(texts: readonly (readonly string[])[], N: number): SelfCounts {
  const count = texts.length;
  const ids = new NgramIds();
  const lengths = new Int32Array(count);
  // Per text: its distinct n-gram ids and counts, flat, with offsets.
  const starts = new Int32Array(count + 1);
  const flatIds = new IntList();
  const flatCounts = new IntList();
  let local = new Int32Array(1024);
  let max1 = new Int32Array(1024);
  let arg1 = new Int32Array(1024).fill(-1);
  let max2 = new Int32Array(1024);
  for (let i = 0; i < count; i++) {
    const tokens = ids.tokenIds(texts[i]!);
    lengths[i] = tokens.length;
    const begin = flatIds.length;
    ids.forEach(tokens, N, (id) => {
      if (id >= local.length) local = ensure(local, id + 1);
      if (local[id] === 0) flatIds.push(id);
      local[id]!++;
    });
    for (let k = begin; k < flatIds.length; k++) {
      const id = flatIds.data[k]!;
      const c = local[id]!;
      local[id] = 0;
      flatCounts.push(c);
      if (id >= max1.length) {
        max1 = ensure(max1, id + 1);
        max2 = ensure(max2, id + 1);
        arg1 = ensure(arg1, id + 1, -1);
      }
      if (c > max1[id]!) {
        max2[id] = max1[id]!;
        max1[id] = c;
        arg1[id] = i;
      } else if (c > max2[id]!) max2[id] = c;
    }
    starts[i + 1] = flatIds.length;
  }
  const matches = new Float64Array(count * N);
  for (let i = 0; i < count; i++) {
    for (let k = starts[i]!; k < starts[i + 1]!; k++) {
      const id = flatIds.data[k]!;
      const other = arg1[id] === i ? max2[id]! : max1[id]!;
      const c = flatCounts.data[k]!;
      const at = i * N + ids.orders[id]! - 1;
      matches[at] = matches[at]! + (c < other ? c : other);
    }
  }
  return { lengths, closest: closestOthers(lengths), matches };
}

/** Per text, the length among the *other* texts closest to its own (ties to the shorter). */
export function closestOthers(lengths: Int32Array): Int32Array {
  const sorted = Int32Array.from(lengths).sort();
  const n = sorted.length;
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const L = lengths[i]!;
    // First index with sorted[k] >= L, and first with sorted[k] > L.
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! < L) lo = mid + 1;
      else hi = mid;
    }
    const first = lo;
    hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid]! <= L) lo = mid + 1;
      else hi = mid;
    }
    const after = lo;
    if (after - first >= 2) {
      out[i] = L;
      continue;
    }
    const below = first > 0 ? sorted[first - 1]! : -1;
    const above = after < n ? sorted[after]! : -1;
    if (below < 0) out[i] = above;
    else if (above < 0) out[i] = below;
    else out[i] = above - L < L - below ? above : below;
  }
  return out;
}
