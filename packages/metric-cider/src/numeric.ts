/**
 * The floating-point steps of pycocoevalcap's CIDEr that JavaScript's Math does not give bit for bit:
 * the natural log (numpy's `np.log`, which calls the C library's correctly rounded log on CPUs without
 * AVX512F), Python's `np.e ** x` (the C library's `pow`, correctly rounded) and numpy's pairwise sum
 * behind `np.mean`. Both functions are computed in double-double arithmetic and rounded once.
 */

/** [hi, lo] with hi = fl(a + b) and lo the exact rest. */
function twoSum(a: number, b: number): [number, number] {
  const s = a + b;
  const bb = s - a;
  return [s, a - (s - bb) + (b - bb)];
}

const SPLIT = 134217729; // 2^27 + 1

/** [hi, lo] with hi = fl(a * b) and lo the exact rest (Dekker). */
function twoProd(a: number, b: number): [number, number] {
  const p = a * b;
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return [p, ah * bh - p + ah * bl + al * bh + al * bl];
}

type DD = [number, number];

function ddAdd(a: DD, b: DD): DD {
  const [s, e] = twoSum(a[0], b[0]);
  const [hi, lo] = twoSum(s, e + a[1] + b[1]);
  return [hi, lo];
}

function ddMul(a: DD, b: DD): DD {
  const [p, e] = twoProd(a[0], b[0]);
  return twoSum(p, e + a[0] * b[1] + a[1] * b[0]);
}

function ddDiv(a: DD, b: DD): DD {
  const q1 = a[0] / b[0];
  const r = ddAdd(a, ddMul(b, [-q1, 0]));
  const q2 = r[0] / b[0];
  const r2 = ddAdd(r, ddMul(b, [-q2, 0]));
  const q3 = r2[0] / b[0];
  return ddAdd(twoSum(q1, q2), [q3, 0]);
}

/** ln 2 as a double-double. */
const LN2: DD = [0.6931471805599453, 2.3190468138462996e-17];

/** ln x for a finite x > 0, as a double-double (about 100 bits). */
function ddLog(x: number): DD {
  // x = 2^k * m with m in [sqrt(1/2), sqrt(2)): ln x = k ln 2 + 2 atanh((m - 1) / (m + 1)).
  let k = Math.floor(Math.log2(x));
  let m = x / 2 ** k;
  if (m >= Math.SQRT2) {
    m /= 2;
    k += 1;
  } else if (m < Math.SQRT1_2) {
    m *= 2;
    k -= 1;
  }
  const s = ddDiv(twoSum(m, -1), twoSum(m, 1));
  const s2 = ddMul(s, s);
  // atanh(s) = s + s^3/3 + s^5/5 + ...; |s| <= 0.172, so 30 terms reach far below 2^-106.
  let term: DD = s;
  let sum: DD = s;
  for (let i = 1; i < 30; i++) {
    term = ddMul(term, s2);
    sum = ddAdd(sum, ddDiv(term, [2 * i + 1, 0]));
  }
  return ddAdd(ddMul([k, 0], LN2), ddMul(sum, [2, 0]));
}

/** e^y for a double-double y of moderate size, as a double-double. */
function ddExp(y: DD): DD {
  const k = Math.round(y[0] / LN2[0]);
  const r = ddAdd(y, ddMul([-k, 0], LN2)); // |r| <= ln2/2
  // Taylor series; 27 terms for |r| <= 0.35 leave an error far below 2^-106.
  let term: DD = [1, 0];
  let sum: DD = [1, 0];
  for (let i = 1; i < 28; i++) {
    term = ddDiv(ddMul(term, r), [i, 0]);
    sum = ddAdd(sum, term);
  }
  return [sum[0] * 2 ** k, sum[1] * 2 ** k];
}

/** The double nearest to a normalized double-double. */
function round(d: DD): number {
  return d[0] + d[1];
}

/** The correctly rounded natural log of x > 0 (the C library's `log`, as numpy calls it). */
export function log(x: number): number {
  return round(ddLog(x));
}

const LN_E = ddLog(Math.E);

/** The correctly rounded `Math.E ** x` (Python's `np.e ** x`: the C library's `pow`). */
export function powE(x: number): number {
  if (x === 0) return 1;
  return round(ddExp(ddMul(LN_E, [x, 0])));
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
