/**
 * `x ** y` as C's libm `pow` computes it (ROUGE-1.5.5's `**` in Perl, Python's `float ** float`).
 */
export function pow(x: number, y: number): number {
  return Math.pow(x, y);
}
