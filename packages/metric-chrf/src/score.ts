/**
 * chrF's F score from per-order statistics, with sacrebleu 2.6.0's operations in sacrebleu's order
 * (only `+ - * /`, so the result is bit-identical to CPython's).
 */

/** sacrebleu's smoothing epsilon. */
export const EPS = 1e-16;

/**
 * The chrF score (0–100) of flattened statistics `[hyp_1, ref_1, match_1, hyp_2, …]` for `orders`
 * orders starting at `offset`.
 *
 * - Effective order (sacrebleu's default): precision and recall are averaged separately over the
 *   orders with n-grams on both sides, then `F = (1+β²)·P·R / (β²·P + R)`, ×100; 0 when `P + R = 0`.
 * - `epsSmoothing`: per order `P = match/hyp` (or ε), `R = match/ref` (or ε), the F of each order
 *   (ε when its denominator is 0), averaged over all orders, ×100.
 *
 * @param factor `β²` (sacrebleu's `beta ** 2`).
 * @param float32 The statistics are float32 (sacrebleu's bootstrap resamples, `np.array(stats,
 *   dtype="float32")` summed): each order's precision and recall are then float32 quotients, as numpy
 *   divides two float32 scalars; the rest stays float64, as in sacrebleu.
 */
export function fScore(
  stats: ArrayLike<number>,
  offset: number,
  orders: number,
  factor: number,
  epsSmoothing: boolean,
  float32 = false,
): number {
  const div = float32 ? (a: number, b: number): number => Math.fround(a / b) : (a: number, b: number): number => a / b;
  if (epsSmoothing) {
    let score = 0;
    for (let i = 0; i < orders; i++) {
      const nHyp = stats[offset + 3 * i]!;
      const nRef = stats[offset + 3 * i + 1]!;
      const nMatch = stats[offset + 3 * i + 2]!;
      const prec = nHyp > 0 ? div(nMatch, nHyp) : EPS;
      const rec = nRef > 0 ? div(nMatch, nRef) : EPS;
      const denom = factor * prec + rec;
      score += denom > 0 ? ((1 + factor) * prec * rec) / denom : EPS;
    }
    return (100 * score) / orders;
  }
  let avgPrec = 0;
  let avgRec = 0;
  let effective = 0;
  for (let i = 0; i < orders; i++) {
    const nHyp = stats[offset + 3 * i]!;
    const nRef = stats[offset + 3 * i + 1]!;
    if (nHyp > 0 && nRef > 0) {
      const nMatch = stats[offset + 3 * i + 2]!;
      avgPrec += div(nMatch, nHyp);
      avgRec += div(nMatch, nRef);
      effective++;
    }
  }
  if (effective === 0) {
    avgPrec = 0;
    avgRec = 0;
  } else {
    avgPrec /= effective;
    avgRec /= effective;
  }
  if (avgPrec + avgRec !== 0) {
    let score = (1 + factor) * avgPrec * avgRec;
    score /= factor * avgPrec + avgRec;
    return 100 * score;
  }
  return 0;
}
