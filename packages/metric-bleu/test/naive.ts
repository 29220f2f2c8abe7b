// Naive reference implementations for property tests: sacrebleu's segment statistics written the
// obvious way (n-grams as JSON strings in Maps), with nothing shared with the package's kernel.

/** Every n-gram of order `n` of `tokens`, as collision-free string keys. */
function ngrams(tokens: readonly string[], n: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = JSON.stringify(tokens.slice(i, i + n));
    m.set(key, (m.get(key) ?? 0) + 1);
  }
  return m;
}

/** sacrebleu's `[hyp_len, ref_len, correct_1..N, total_1..N]` for one segment. */
export function naiveSegmentStats(
  hyp: readonly string[],
  refs: readonly (readonly string[])[],
  maxOrder: number,
  refRule: "closest" | "shortest" = "closest",
): number[] {
  const correct: number[] = [];
  const total: number[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const h = ngrams(hyp, n);
    const maxRef = new Map<string, number>();
    for (const r of refs) for (const [k, c] of ngrams(r, n)) maxRef.set(k, Math.max(maxRef.get(k) ?? 0, c));
    let m = 0;
    let t = 0;
    for (const [k, c] of h) {
      t += c;
      m += Math.min(c, maxRef.get(k) ?? 0);
    }
    correct.push(m);
    total.push(t);
  }
  const lens = refs.map((r) => r.length);
  let refLen: number;
  if (refRule === "shortest") refLen = Math.min(...lens);
  else {
    const sorted = [...lens].sort((a, b) => Math.abs(a - hyp.length) - Math.abs(b - hyp.length) || a - b);
    refLen = sorted[0]!;
  }
  return [hyp.length, refLen, ...correct, ...total];
}
