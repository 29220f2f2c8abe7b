/**
 * The floating-point steps of pycocoevalcap's CIDEr that JavaScript's Math does not give bit for bit:
 * the natural log (numpy's `np.log`, which calls the C library's correctly rounded log on CPUs without
 * AVX512F), Python's `np.e ** x` (the C library's `pow`) and numpy's pairwise sum behind `np.mean`.
 * The log and the power are core's correctly rounded `log` and `pow`.
 */
import { log, pow } from "@gramscore/core";

export { log };

/** `Math.E ** x` correctly rounded (Python's `np.e ** x`: the C library's `pow`). */
export function powE(x: number): number {
  return pow(Math.E, x);
}

/** numpy's pairwise summation of `a[from..from+n)` (`np.add.reduce` over a contiguous float64 array). */
function pairwise(a: ArrayLike<number>, from: number, n: number): number {
  if (n < 8) {
    let res = -0;
    for (let i = 0; i < n; i++) res += a[from + i]!;
    return res;
  }
  if (n <= 128) {
    const r = [a[from]!, a[from + 1]!, a[from + 2]!, a[from + 3]!, a[from + 4]!, a[from + 5]!, a[from + 6]!, a[from + 7]!];
    let i = 8;
    for (; i < n - (n % 8); i += 8) {
      for (let j = 0; j < 8; j++) r[j]! += a[from + i + j]!;
    }
    let res = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (; i < n; i++) res += a[from + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwise(a, from, n2) + pairwise(a, from + n2, n - n2);
}

/** `np.mean` of a 1-D float64 array: 0 plus numpy's pairwise sum, divided by the length. */
export function npMean(a: ArrayLike<number>): number {
  return (0 + pairwise(a, 0, a.length)) / a.length;
}
