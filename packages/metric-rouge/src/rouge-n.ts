/**
 * ROUGE-N: the clipped n-gram hits `Σ_g min(ref_g, hyp_g)` of two token sequences, counted three ways
 * by how many n-grams are possible: in a plain array indexed by the n-gram's number `Σ id·L^k` (local ids
 * `0 … L−1`), by sorting those numbers, or through the n-gram table's keys.
 */

/** The n-grams of order `n` of a local-id sequence as the numbers `Σ id·L^k`, sorted. */
export function sortedKeys(ids: Int32Array, n: number, L: number): Float64Array {
  const len = Math.max(ids.length - n + 1, 0);
  const out = new Float64Array(len);
  for (let i = 0; i < len; i++) {
    let key = 0;
    for (let j = 0; j < n; j++) key = key * L + ids[i + j]!;
    out[i] = key;
  }
  return out.sort();
}

/** `Σ_g min(a_g, b_g)` of two sorted lists of n-gram numbers. */
export function sortedOverlap(a: Float64Array, b: Float64Array): number {
  let i = 0;
  let j = 0;
  let hits = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!;
    const y = b[j]!;
    if (x < y) i++;
    else if (x > y) j++;
    else {
      hits++;
      i++;
      j++;
    }
  }
  return hits;
}

/**
 * `Σ_g min(a_g, b_g)` over the n-grams of two local-id sequences, counted in the plain array `c` (an
 * n-gram is the number `Σ id·L^k`; `c` holds at least `L^n` entries, all 0, as it does again on return).
 */
export function directOverlap(c: Int32Array, a: Int32Array, b: Int32Array, n: number, L: number): number {
  if (a.length < n || b.length < n) return 0;
  let hits = 0;
  if (n === 1) {
    for (let i = 0; i < a.length; i++) c[a[i]!]!++;
    for (let i = 0; i < b.length; i++) {
      const k = b[i]!;
      if (c[k]! > 0) {
        hits++;
        c[k]!--;
      }
    }
    for (let i = 0; i < a.length; i++) c[a[i]!] = 0;
    return hits;
  }
  if (n === 2) {
    for (let i = 1; i < a.length; i++) c[a[i - 1]! * L + a[i]!]!++;
    for (let i = 1; i < b.length; i++) {
      const k = b[i - 1]! * L + b[i]!;
      if (c[k]! > 0) {
        hits++;
        c[k]!--;
      }
    }
    for (let i = 1; i < a.length; i++) c[a[i - 1]! * L + a[i]!] = 0;
    return hits;
  }
  for (let i = 0; i + n <= a.length; i++) {
    let key = 0;
    for (let j = 0; j < n; j++) key = key * L + a[i + j]!;
    c[key]!++;
  }
  for (let i = 0; i + n <= b.length; i++) {
    let key = 0;
    for (let j = 0; j < n; j++) key = key * L + b[i + j]!;
    if (c[key]! > 0) {
      hits++;
      c[key]!--;
    }
  }
  for (let i = 0; i + n <= a.length; i++) {
    let key = 0;
    for (let j = 0; j < n; j++) key = key * L + a[i + j]!;
    c[key] = 0;
  }
  return hits;
}

/**
 * `Σ_g min(a_g, b_g)` over the n-grams of `a[0 … m)` and `b[0 … bn)`, local ids of one reference (`b`
 * may hold −1: no match), in the plain array `c` (as {@link directOverlap}).
 */
export function localOverlap(c: Int32Array, a: Int32Array, m: number, b: Int32Array, bn: number, n: number, L: number): number {
  let hits = 0;
  if (n === 1) {
    for (let i = 0; i < m; i++) c[a[i]!]!++;
    for (let j = 0; j < bn; j++) {
      const k = b[j]!;
      if (k >= 0 && c[k]! > 0) {
        hits++;
        c[k]!--;
      }
    }
    for (let i = 0; i < m; i++) c[a[i]!] = 0;
    return hits;
  }
  if (n === 2) {
    for (let i = 1; i < m; i++) c[a[i - 1]! * L + a[i]!]!++;
    let x = b[0]!;
    for (let j = 1; j < bn; j++) {
      const y = b[j]!;
      if (x >= 0 && y >= 0) {
        const k = x * L + y;
        if (c[k]! > 0) {
          hits++;
          c[k]!--;
        }
      }
      x = y;
    }
    for (let i = 1; i < m; i++) c[a[i - 1]! * L + a[i]!] = 0;
    return hits;
  }
  for (let i = 0; i + n <= m; i++) {
    let key = 0;
    for (let k = 0; k < n; k++) key = key * L + a[i + k]!;
    c[key]!++;
  }
  for (let j = 0; j + n <= bn; j++) {
    let key = 0;
    let k = 0;
    for (; k < n; k++) {
      const x = b[j + k]!;
      if (x < 0) break;
      key = key * L + x;
    }
    if (k === n && c[key]! > 0) {
      hits++;
      c[key]!--;
    }
  }
  for (let i = 0; i + n <= m; i++) {
    let key = 0;
    for (let k = 0; k < n; k++) key = key * L + a[i + k]!;
    c[key] = 0;
  }
  return hits;
}

/** Hits of two lists of n-gram table keys, counted in an array indexed by key (kept between calls). */
export class KeyOverlap {
  #keyCount = new Int32Array(1024);

  /** `Σ_g min(a_g, b_g)` over the n-grams `g` of two key lists; `keys` is the number of keys the table has handed out. */
  overlap(a: Int32Array, b: Int32Array, keys: number): number {
    const need = keys + 1;
    if (this.#keyCount.length < need) {
      let n = this.#keyCount.length;
      while (n < need) n *= 2;
      this.#keyCount = new Int32Array(n);
    }
    const c = this.#keyCount;
    for (let i = 0; i < a.length; i++) c[a[i]!]!++;
    let h = 0;
    for (let i = 0; i < b.length; i++) {
      const k = b[i]!;
      if (c[k]! > 0) {
        h++;
        c[k]!--;
      }
    }
    for (let i = 0; i < a.length; i++) c[a[i]!] = 0;
    return h;
  }
}
