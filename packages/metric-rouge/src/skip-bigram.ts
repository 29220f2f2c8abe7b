/**
 * ROUGE-S and ROUGE-SU (ROUGE-1.5.5's skip-bigrams, with unigrams for SU): hits counted in a plain
 * array over local ids. Past `L + L²` entries the engine counts them through the n-gram table instead
 * (`countSkipBigrams` of @gramscore/ngram).
 */

/**
 * One pass over the skip-bigrams of a local-id sequence as ROUGE-1.5.5's `createSkipBigram` makes
 * them (pairs `i < j ≤ i + d + 1`, `d < 0` unlimited; with `unigrams`, the unigram of every token but
 * the last): `mode` 0 counts them into the plain array `c` (at least `L + L²` entries), 1 consumes
 * them from it and returns the hits, 2 clears their entries. A unigram is the number `id`, a pair
 * `L + a·L + b`.
 */
export function skipPass(c: Int32Array, a: Int32Array, L: number, d: number, unigrams: boolean, mode: 0 | 1 | 2): number {
  const n = a.length;
  let hits = 0;
  for (let i = 0; i < n - 1; i++) {
    const x = a[i]!;
    const end = d < 0 ? n - 1 : Math.min(n - 1, i + d + 1);
    const base = L + x * L;
    for (let j = unigrams ? i : i + 1; j <= end; j++) {
      const k = j === i ? x : base + a[j]!;
      if (mode === 0) c[k]!++;
      else if (mode === 1) {
        if (c[k]! > 0) {
          hits++;
          c[k]!--;
        }
      } else c[k] = 0;
    }
  }
  return hits;
}

/** Number of grams {@link skipPass} visits for a sequence of `n` tokens (ROUGE-1.5.5's `_cn_`). */
export function skipCount(n: number, d: number, unigrams: boolean): number {
  let count = unigrams ? Math.max(n - 1, 0) : 0;
  for (let i = 0; i < n - 1; i++) count += (d < 0 ? n - 1 : Math.min(n - 1, i + d + 1)) - i;
  return count;
}
