/**
 * The summations sacrebleu's numbers go through: numpy's pairwise float64 sum (`ndarray.mean()`) and
 * Python's `statistics.mean` (the correctly rounded mean of the exact sum).
 */

const PW_BLOCKSIZE = 128;

/** numpy's `pairwise_sum` of `a[lo .. lo+n)` (float64), the order `np.sum`/`np.mean` add in. */
export function pairwiseSum(a: ArrayLike<number>, lo: number, n: number): number {
  if (n < 8) {
    let res = 0;
    for (let i = 0; i < n; i++) res += a[lo + i]!;
    return res;
  }
  if (n <= PW_BLOCKSIZE) {
    let r0 = a[lo]!, r1 = a[lo + 1]!, r2 = a[lo + 2]!, r3 = a[lo + 3]!;
    let r4 = a[lo + 4]!, r5 = a[lo + 5]!, r6 = a[lo + 6]!, r7 = a[lo + 7]!;
    const end = n - (n % 8);
    let i = 8;
    for (; i < end; i += 8) {
      const p = lo + i;
      r0 += a[p]!;
      r1 += a[p + 1]!;
      r2 += a[p + 2]!;
      r3 += a[p + 3]!;
      r4 += a[p + 4]!;
      r5 += a[p + 5]!;
      r6 += a[p + 6]!;
      r7 += a[p + 7]!;
    }
    let res = r0 + r1 + (r2 + r3) + (r4 + r5 + (r6 + r7));
    for (; i < n; i++) res += a[lo + i]!;
    return res;
  }
  let n2 = Math.floor(n / 2);
  n2 -= n2 % 8;
  return pairwiseSum(a, lo, n2) + pairwiseSum(a, lo + n2, n - n2);
}

/** `np.asarray(a, dtype=float64).mean()`. */
export function numpyMean(a: ArrayLike<number>): number {
  return pairwiseSum(a, 0, a.length) / a.length;
}

const view = new DataView(new ArrayBuffer(8));

/** `x = m · 2^e` with an integer `m` (sign included). */
function decompose(x: number): [bigint, number] {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const exp = (hi >>> 20) & 0x7ff;
  let m = (BigInt(hi & 0xfffff) << 32n) | BigInt(lo);
  let e: number;
  if (exp === 0) e = -1074;
  else {
    m |= 1n << 52n;
    e = exp - 1075;
  }
  return [hi >>> 31 ? -m : m, e];
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** `num / den · 2^exp2` correctly rounded (half to even) to a double; `den > 0`, normal range. */
function ratioToDouble(num: bigint, den: bigint, exp2: number): number {
  if (num === 0n) return 0;
  const negative = num < 0n;
  if (negative) num = -num;
  const shift = 55 - (bitLength(num) - bitLength(den));
  let n = num;
  let d = den;
  if (shift > 0) n <<= BigInt(shift);
  else d <<= BigInt(-shift);
  let q = n / d;
  const sticky = n % d !== 0n;
  const extra = bitLength(q) - 53;
  const low = q & ((1n << BigInt(extra)) - 1n);
  q >>= BigInt(extra);
  const half = 1n << BigInt(extra - 1);
  if (low > half || (low === half && (sticky || (q & 1n) === 1n))) q += 1n;
  const k = exp2 - shift + extra;
  // Two steps keep each power of two representable.
  const h = Math.trunc(k / 2);
  const value = Number(q) * 2 ** h * 2 ** (k - h);
  return negative ? -value : value;
}

/** Python's `statistics.mean`: the exact sum of the values divided by their count, rounded once. */
export function exactMean(a: ArrayLike<number>): number {
  const n = a.length;
  const parts: [bigint, number][] = [];
  let emin = Infinity;
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    if (!Number.isFinite(x)) return NaN;
    const p = decompose(x);
    parts.push(p);
    if (p[0] !== 0n && p[1] < emin) emin = p[1];
  }
  if (emin === Infinity) return 0;
  let total = 0n;
  for (const [m, e] of parts) if (m !== 0n) total += m << BigInt(e - emin);
  return ratioToDouble(total, BigInt(n), emin);
}
