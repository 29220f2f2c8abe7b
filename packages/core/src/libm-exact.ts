/**
 * Exact (arbitrary-precision) exp, log and pow on binary64 inputs: BigInt fixed-point evaluation
 * with an explicit error bound, repeated at doubled precision until the bound decides the rounding
 * (Ziv's strategy). Slow (tens of microseconds); the fast paths in `libm.ts` call it only when their
 * own double-double result is too close to a rounding boundary, and for subnormal results.
 */

/** Error bound of every fixed-point result here, in units of its last place (generous). */
const SLACK = 1n << 24n;

/** A finite double as `mantissa · 2^exponent` with an integer mantissa (`mantissa` ≥ 0). */
const f64 = /* @__PURE__ */ new Float64Array(1);
const u32 = /* @__PURE__ */ new Uint32Array(f64.buffer);
/** Index of the high (sign/exponent) word in `u32`: 1 on little-endian hosts. */
const HI = /* @__PURE__ */ (() => {
  f64[0] = 1;
  return u32[1] === 0x3ff00000 ? 1 : 0;
})();
const LO = 1 - HI;

/** |x| of a finite nonzero double as an integer mantissa and a power of two. */
export function splitDouble(x: number): { m: bigint; e: number } {
  f64[0] = x;
  const hi = u32[HI]!;
  const lo = u32[LO]!;
  const biased = (hi >>> 20) & 0x7ff;
  const frac = (hi & 0xfffff) * 4294967296 + lo;
  if (biased === 0) return { m: BigInt(frac), e: -1074 };
  return { m: BigInt(frac + 4503599627370496), e: biased - 1075 };
}

/** 2^n for an integer n in [−1074, 1023], exactly (built from its bits). */
export function pow2(n: number): number {
  if (n < -1022) return pow2(n + 64) * 5.421010862427522e-20; // · 2^-64, exact
  u32[HI] = (n + 1023) << 20;
  u32[LO] = 0;
  return f64[0]!;
}

/** Number of bits of n ≥ 0 (its hexadecimal digits, less the leading digit's zero bits). */
function bitLength(n: bigint): number {
  if (n === 0n) return 0;
  const hex = n.toString(16);
  return hex.length * 4 - Math.clz32(Number.parseInt(hex[0]!, 16)) + 28;
}

/** `n / 2^k` for k ≥ 0, truncated toward zero; `n · 2^-k` for k < 0. */
function shift(n: bigint, k: number): bigint {
  return k >= 0 ? n >> BigInt(k) : n << BigInt(-k);
}

/**
 * `M · 2^E` (M > 0) rounded to the nearest double, ties to even, with IEEE gradual underflow
 * (subnormals, 0) and overflow (Infinity).
 */
export function roundScaled(M: bigint, E: number): number {
  const L = bitLength(M);
  // Exponent of the last place the double keeps.
  const ulpExp = Math.max(E + L - 53, -1074);
  const s = ulpExp - E;
  let q: bigint;
  if (s <= 0) q = M << BigInt(-s);
  else {
    q = M >> BigInt(s);
    const rem = M - (q << BigInt(s));
    const half = 1n << BigInt(s - 1);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
  }
  if (ulpExp > 971) {
    // q · 2^ulpExp with q ≤ 2^53: finite only below 2^1024.
    if (bitLength(q) + ulpExp > 1024) return Number.POSITIVE_INFINITY;
    return Number(q) * pow2(ulpExp - 1) * 2;
  }
  return Number(q) * pow2(ulpExp);
}

let ln2Bits = 0;
let ln2Value = 0n;

/** ln 2 · 2^W, truncated, within W units of the last place (2 atanh(1/3) series). */
export function ln2Fixed(W: number): bigint {
  if (W > ln2Bits) {
    const P = Math.max(W, 2 * ln2Bits, 256) + 32;
    // ln 2 = 2 Σ 1 / ((2j + 1) 3^(2j+1))
    let term = (2n << BigInt(P)) / 3n;
    let sum = 0n;
    for (let j = 0n; term !== 0n; j++) {
      sum += term / (2n * j + 1n);
      term /= 9n;
    }
    ln2Value = sum;
    ln2Bits = P;
  }
  return ln2Value >> BigInt(ln2Bits - W);
}

/**
 * exp(a / 2^W) ≈ M · 2^(k − W) with |error| < SLACK / 2 units of M (for |a| / 2^W < 2000 and
 * W ≥ 64), where `a` itself may be off by up to `aErr` units.
 */
export function expFixed(a: bigint, W: number): { M: bigint; k: number } {
  const approx = Number(shift(a, W - 53)) / 9007199254740992;
  const k = Math.round(approx / Math.LN2);
  const r = a - BigInt(k) * ln2Fixed(W);
  const one = 1n << BigInt(W);
  let sum = one;
  let term = one;
  for (let i = 1n; term !== 0n; i++) {
    term = (term * r) / (i << BigInt(W));
    sum += term;
  }
  return { M: sum, k };
}

/** The double nearest to the value known to lie in `[M − B, M + B] · 2^E` (M > B), or NaN when undecided. */
function decide(M: bigint, B: bigint, E: number): number {
  if (M <= B) return Number.NaN;
  const lo = roundScaled(M - B, E);
  const hi = roundScaled(M + B, E);
  return lo === hi ? lo : Number.NaN;
}

/** exp(x) correctly rounded (ties cannot occur for finite x ≠ 0), for any double x. */
export function expExact(x: number): number {
  if (Number.isNaN(x)) return x;
  if (x === Number.POSITIVE_INFINITY) return x;
  if (x === Number.NEGATIVE_INFINITY) return 0;
  if (x === 0) return 1;
  if (x > 710) return Number.POSITIVE_INFINITY;
  if (x < -746) return 0;
  const { m, e } = splitDouble(x);
  for (let W = 128; ; W *= 2) {
    const a = shift(m, -(e + W)) * (x < 0 ? -1n : 1n);
    const { M, k } = expFixed(a, W);
    // `a` truncates x by < 1 unit: a relative error < 2^-W of the result, within SLACK.
    const v = decide(M, SLACK, k - W);
    if (!Number.isNaN(v)) return v;
  }
}

/** ln(x) · 2^W (signed), within SLACK / 2 units, for finite x > 0 and W ≥ 64. */
export function logFixed(x: number, W: number): bigint {
  const { m, e } = splitDouble(x);
  const L = bitLength(m);
  // x = f · 2^E with f = m / D in [0.75, 1.5).
  let D = 1n << BigInt(L - 1);
  let E = e + L - 1;
  if (m * 2n >= D * 3n) {
    D <<= 1n;
    E += 1;
  }
  // ln f = 2 atanh(s), s = (f − 1) / (f + 1), |s| ≤ 1/5.
  return 2n * atanhFixed((m - D) << BigInt(W), m + D, W) + BigInt(E) * ln2Fixed(W);
}

/** atanh(s) · 2^W for s = a / (b · 2^W), |s| ≤ 1/5 (`a` comes scaled by 2^W); truncated terms, within a few units. */
export function atanhFixed(a: bigint, b: bigint, W: number): bigint {
  const s = a / b;
  const s2 = (s * s) >> BigInt(W);
  let sum = s;
  let p = s;
  for (let j = 3n; ; j += 2n) {
    p = (p * s2) >> BigInt(W);
    const t = p / j;
    if (t === 0n) break;
    sum += t;
  }
  return sum;
}

/** ln(x) correctly rounded (ties cannot occur for x ≠ 1), for any double x. */
export function logExact(x: number): number {
  if (Number.isNaN(x) || x < 0) return Number.NaN;
  if (x === 0) return Number.NEGATIVE_INFINITY;
  if (x === Number.POSITIVE_INFINITY) return x;
  if (x === 1) return 0;
  for (let W = 128; ; W *= 2) {
    const V = logFixed(x, W);
    const v = decide(V < 0n ? -V : V, SLACK, -W);
    if (!Number.isNaN(v)) return V < 0n ? -v : v;
  }
}

/**
 * x^y correctly rounded, ties to even, for finite x > 0 and finite y (exact powers and exact ties,
 * such as `(2^18 − 1)^2 ^ 1.5`, are recognized once 4096 bits still cannot decide).
 */
export function powExact(x: number, y: number): number {
  if (y === 0 || x === 1) return 1;
  const t = y * Math.log2(x);
  if (t > 1100) return Number.POSITIVE_INFINITY;
  if (t < -1200) return 0;
  const { m, e } = splitDouble(y);
  const sign = y < 0 ? -1n : 1n;
  const yBits = bitLength(m);
  for (let W = 128; ; W *= 2) {
    const V = logFixed(x, W);
    // a = V · y / 2^W, scaled by 2^W: V · m · 2^e.
    const a = shift(V * m, -e) * sign;
    // |error of a| ≤ SLACK/2 · |y| + 1 units; exp's own < SLACK/2; relative error → absolute in M (≤ 2^(W+1)).
    const aErr = (SLACK << BigInt(Math.max(0, yBits + e + 1))) + 1n;
    const { M, k } = expFixed(a, W);
    const B = 2n * aErr + SLACK;
    const v = decide(M, B, k - W);
    if (!Number.isNaN(v)) return v;
    if (W >= 4096) {
      // Still undecided: the value is a tie between two doubles (x^y is algebraic; a non-tie would
      // have been separated long before), so round half to even.
      const lo = roundScaled(M - B, k - W);
      const hi = roundScaled(M + B, k - W);
      f64[0] = lo;
      return (u32[LO]! & 1) === 0 ? lo : hi;
    }
  }
}
