/**
 * Correctly rounded `exp`, `log` and `pow` on binary64: the double nearest to the exact value (ties
 * to even), the same bits on every JavaScript engine. V8's `Math.exp`/`Math.log`/`Math.pow` are off
 * by one unit in the last place on several percent of inputs (about 8%, 0.6% and 10% of the
 * arguments BLEU and ROUGE-W meet). glibc's (2.28+), which CPython and Perl call on Linux, are
 * almost correctly rounded (at most 0.511, 0.519 and 0.52 ulp): its exp differs from the correctly
 * rounded value on about 1 argument in 1,500, its log on about 1 in 10,000, its pow on about 1 in
 * 1,300 of ROUGE-W's; `glibcExp` (libm-glibc.ts) reproduces glibc's exp bit for bit.
 *
 * Each function evaluates a double-double approximation (table-driven for exp and log) with a proven
 * relative error bound, then applies Ziv's rounding test: if every value within the bound rounds to
 * the same double, that is the answer; otherwise (about once in 10^5 calls) the exact BigInt
 * evaluation of `libm-exact.ts` decides. Subnormal results also go the exact way.
 */
import {
  INV_LN2_64,
  LN2_64_1,
  LN2_64_2,
  LN2_64_3,
  LN2_HI,
  LN2_LO,
  exp2Table,
  logInvTable,
  logNegLnInvTable,
} from "./libm-tables.js";
import { expExact, logExact, pow2, powExact } from "./libm-exact.js";

const f64 = /* @__PURE__ */ new Float64Array(1);
const u32 = /* @__PURE__ */ new Uint32Array(f64.buffer);
/** Index of the high (sign/exponent) word in `u32`: 1 on little-endian hosts. */
const HI = /* @__PURE__ */ (() => {
  f64[0] = 1;
  return u32[1] === 0x3ff00000 ? 1 : 0;
})();
const LO = 1 - HI;

// The tables, computed on first use (libm-tables.ts).
let EXP2_TABLE: Float64Array | undefined;
let LOG_INV: Float64Array | undefined;
let LOG_NEG_LN_INV: Float64Array | undefined;


const SPLITTER = 134217729; // 2^27 + 1

/**
 * Double-double result registers [hi, lo] of the helpers below. A typed array, not module-level
 * `let`s: V8 boxes every double stored into a closure variable, and the allocations would dominate.
 */
const R = /* @__PURE__ */ new Float64Array(2);

/** a + b = R[0] + R[1] exactly. */
function twoSum(a: number, b: number): void {
  const s = a + b;
  const bb = s - a;
  R[1] = a - (s - bb) + (b - bb);
  R[0] = s;
}

/** a · b = R[0] + R[1] exactly (Dekker; no overflow for |a|, |b| < 2^995). */
function twoProd(a: number, b: number): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  R[1] = ah * bh - p + ah * bl + al * bh + al * bl;
  R[0] = p;
}

// Relative error bounds of the double-double results (each several times the proven bound; see the
// comments in exp and log).
const EXP_ERR = 2 ** -71;
const LOG_ERR = 2 ** -70;

/** h + lo rounded, when every value within `err` of h + lo rounds the same; NaN otherwise. */
function zivRound(h: number, lo: number, err: number): number {
  const a = h + (lo - err);
  return a === h + (lo + err) ? a : Number.NaN;
}

/**
 * e^x correctly rounded to nearest, the same bits on every engine (unlike `Math.exp`; glibc's `exp`
 * differs on about one argument in 1,500: use `glibcExp` for its bits). IEEE special cases:
 * `exp(NaN)` = NaN, `exp(+∞)` = +∞, `exp(−∞)` = 0, overflow gives +∞, underflow a correctly
 * rounded subnormal or 0.
 */
export function exp(x: number): number {
  if (!(x > -708.3964185322641 && x < 709.78)) return expExact(x);
  const v = expFast(x, EXP_ERR);
  return v === v ? v : expExact(x);
}

/**
 * e^x correctly rounded when e^x is provably more than `margin` · e^x away from every midpoint
 * between two doubles (for -708.39 < x < 709.78); NaN otherwise. @internal
 */
export function expFast(x: number, margin: number): number {
  if (Math.abs(x) < 5.551115123125783e-17) return 1 + x; // |x| < 2^-54: e^x rounds to 1
  // x = (64 n + j) ln2/64 + r, |r| ≤ ln2/128 (+ a little, from rounding x · 64/ln2).
  const k = Math.round(x * INV_LN2_64);
  // k · LN2_64_1 and k · LN2_64_2 are exact (36-bit constants, |k| < 2^17); x − k · LN2_64_1 is exact
  // (Sterbenz), so r = R[0] + R[1] within 2^-120 absolute.
  twoSum(x - k * LN2_64_1, -k * LN2_64_2);
  let r0 = R[0]!;
  let r1 = R[1]! - k * LN2_64_3;
  const s = r0 + r1;
  r1 -= s - r0;
  r0 = s;
  // e^r − 1 = r + r²/2 + r³ (1/6 + r/24 + … + r⁵/8!): the cubic tail in doubles (|tail| < 2^-25,
  // error < 2^-76), the rest in double-double; truncation after r⁸/8! < 2^-86.
  twoProd(r0, r0);
  const q = R[0]!;
  const qe = R[1]! + 2 * r0 * r1;
  const tail =
    r0 *
    q *
    (0.16666666666666666 +
      r0 *
        (0.041666666666666664 +
          r0 *
            (0.008333333333333333 +
              r0 * (0.001388888888888889 + r0 * (0.0001984126984126984 + r0 * 0.0000248015873015873)))));
  const ph = r0 + q * 0.5;
  const pl = r0 - ph + q * 0.5 + (r1 + qe * 0.5 + tail);
  // 2^(j/64) (1 + p), with 2^(j/64) = th + tl within 2^-106.
  const j = (k & 63) << 1;
  const table = (EXP2_TABLE ??= exp2Table());
  const th = table[j]!;
  const tl = table[j + 1]!;
  twoProd(th, ph);
  const a = R[0]!;
  const ae = R[1]!;
  const h = th + a;
  const lo = th - h + a + ae + th * pl + tl * (1 + ph + pl);
  // Total error < 2^-74 · h; EXP_ERR = 2^-71 leaves a margin of 8.
  const v = zivRound(h, lo, h * margin);
  if (v !== v) return v;
  // The result is normal (x > ln 2^-1022), so scaling by 2^n is exact.
  const n = k >> 6;
  return n > 1000 ? v * pow2(n - 64) * 18446744073709551616 : v * pow2(n);
}

/**
 * ln x correctly rounded to nearest, the same bits on every engine (unlike `Math.log`; glibc's `log`
 * returns the same on every BLEU precision of the conformance data, and differs on about one random
 * argument in 10,000). IEEE special cases: `log(±0)` = −∞, `log(x < 0)` = NaN, `log(+∞)` = +∞, `log(NaN)` = NaN, `log(1)` = +0.
 */
export function log(x: number): number {
  if (!(x > 0 && x < Number.POSITIVE_INFINITY) || x === 1) return logExact(x);
  f64[0] = x;
  let hi = u32[HI]!;
  let kAdjust = 0;
  if (hi < 0x00100000) {
    // Subnormal: scale into the normal range.
    f64[0] = x * 18014398509481984; // 2^54
    hi = u32[HI]!;
    kAdjust = -54;
  }
  // x = 2^k z with z in [0.6875, 1.375); i = which of 128 intervals z falls in (the top bits of z).
  const tmp = (hi - 0x3fe60000) | 0;
  const i = (tmp >> 13) & 127;
  const kk = tmp >> 20;
  u32[HI] = hi - (kk << 20);
  const z = f64[0]!;
  const k = kk + kAdjust;
  // w = z c_i − 1 exactly as wh + wl (c_i ≈ 1/z; z c_i − 1 is exact by Sterbenz), |w| < 2^-7.
  twoProd(z, (LOG_INV ??= logInvTable())[i]!);
  twoSum(R[0]! - 1, R[1]!);
  const wh = R[0]!;
  const wl = R[1]!;
  // ln(1 + w) = w − w²/2 + w³/3 + w⁴ (−1/4 + w/5 − … + w⁷/11): the first three terms in
  // double-double, the rest in doubles (error < 2^-73 |w|); truncation after w¹¹/11 < 2^-80 |w|.
  twoProd(wh, wh);
  const q = R[0]!;
  const qe = R[1]! + 2 * wh * wl;
  twoProd(q, wh);
  const c = R[0]!;
  const ce = R[1]! + qe * wh + q * wl;
  const d = c / 3;
  twoProd(d, 3);
  const dl = (c - R[0]! - R[1]! + ce) / 3;
  const w4 = q * q;
  const tail =
    w4 *
    (-0.25 +
      wh *
        (0.2 +
          wh *
            (-0.16666666666666666 +
              wh *
                (0.14285714285714285 +
                  wh * (-0.125 + wh * (0.1111111111111111 + wh * (-0.1 + wh * 0.09090909090909091)))))));
  twoSum(wh, -0.5 * q);
  const sh = R[0]!;
  const sl = R[1]!;
  twoSum(sh, d);
  const uh = R[0]!;
  const ul = R[1]! + sl + wl - 0.5 * qe + dl + tail;
  // + k ln 2 − ln c_i (k · LN2_HI exact; the table within 2^-106 relative).
  const negLn = (LOG_NEG_LN_INV ??= logNegLnInvTable());
  twoSum(k * LN2_HI, negLn[2 * i]!);
  const ah = R[0]!;
  const al = R[1]! + k * LN2_LO + negLn[2 * i + 1]!;
  twoSum(ah, uh);
  const h = R[0]!;
  const lo = R[1]! + al + ul;
  // When k = 0 and c_i = 1 the result is ln(1 + w) with relative error < 2^-73; otherwise
  // |result| > 2^-8 and the absolute error < 2^-82. LOG_ERR = 2^-70 leaves a margin of 8.
  const v = zivRound(h, lo, Math.abs(h) * LOG_ERR);
  return v === v ? v : logExact(x);
}

// ---- pow: double-double log and exp with about 100 correct bits (slower, but pow is rare) ----

// ln 2 as a double-double.
const LN2_DD_HI = 0.6931471805599453;
const LN2_DD_LO = 2.3190468138462996e-17;

/** (ah, al) + (bh, bl) → R = [hi, lo]. */
function ddAdd(ah: number, al: number, bh: number, bl: number): void {
  twoSum(ah, bh);
  const sh = R[0]!;
  const sl = R[1]!;
  twoSum(al, bl);
  const th = R[0]!;
  const tl = R[1]!;
  let hi = sh;
  let lo = sl + th;
  let s = hi + lo;
  lo = lo - (s - hi);
  hi = s;
  lo += tl;
  s = hi + lo;
  R[1] = lo - (s - hi);
  R[0] = s;
}

/** (ah, al) · (bh, bl) → R = [hi, lo]. */
function ddMul(ah: number, al: number, bh: number, bl: number): void {
  twoProd(ah, bh);
  const ph = R[0]!;
  const pl = R[1]! + (ah * bl + al * bh);
  const s = ph + pl;
  R[1] = pl - (s - ph);
  R[0] = s;
}

/** (ah, al) / (bh, bl) → R = [hi, lo], by three rounds of long division. */
function ddDiv(ah: number, al: number, bh: number, bl: number): void {
  const q1 = ah / bh;
  ddMul(q1, 0, bh, bl);
  ddAdd(ah, al, -R[0]!, -R[1]!);
  const r1h = R[0]!;
  const r1l = R[1]!;
  const q2 = r1h / bh;
  ddMul(q2, 0, bh, bl);
  ddAdd(r1h, r1l, -R[0]!, -R[1]!);
  const q3 = R[0]! / bh;
  twoSum(q1, q2);
  const sh = R[0]!;
  const sl = R[1]! + q3;
  const s = sh + sl;
  R[1] = sl - (s - sh);
  R[0] = s;
}

/** Natural logarithm of a positive normal double, as a double-double in R = [hi, lo]. */
function ddLog(x: number): void {
  // x = m · 2^e with m in [sqrt(1/2), sqrt(2)).
  let e = Math.floor(Math.log2(x));
  let m = x / 2 ** e;
  while (m >= Math.SQRT2) {
    m /= 2;
    e++;
  }
  while (m < Math.SQRT1_2) {
    m *= 2;
    e--;
  }
  // ln m = 2 atanh(s), s = (m - 1)/(m + 1); m - 1 and m + 1 are exact or nearly (twoSum).
  twoSum(m, -1);
  const nh = R[0]!;
  const nl = R[1]!;
  twoSum(m, 1);
  ddDiv(nh, nl, R[0]!, R[1]!);
  const sh = R[0]!;
  const sl = R[1]!;
  ddMul(sh, sl, sh, sl);
  const s2h = R[0]!;
  const s2l = R[1]!;
  // Horner: Σ_{k=0}^{K} s^(2k)/(2k+1), K = 24 (s^2 <= 0.0295, so the tail is below 2^-120).
  let th = 1 / 49;
  let tl = 0;
  for (let k = 23; k >= 0; k--) {
    ddMul(th, tl, s2h, s2l);
    const ph = R[0]!;
    const pl = R[1]!;
    // 1/(2k+1) as a double-double.
    const d = 2 * k + 1;
    const qh = 1 / d;
    twoProd(qh, d);
    const ql = (1 - R[0]! - R[1]!) / d;
    ddAdd(ph, pl, qh, ql);
    th = R[0]!;
    tl = R[1]!;
  }
  ddMul(th, tl, sh, sl);
  const ah = R[0]! * 2;
  const al = R[1]! * 2;
  // + e · ln 2
  twoProd(e, LN2_DD_HI);
  const bh = R[0]!;
  const bl = R[1]! + e * LN2_DD_LO;
  ddAdd(ah, al, bh, bl);
}

/** exp of a double-double (ph, pl) with |ph| < 709, as a double-double in R = [hi, lo] times 2^k (returned). */
function ddExp(ph: number, pl: number): number {
  const k = Math.round(ph / LN2_DD_HI);
  // r = p - k ln2
  twoProd(k, LN2_DD_HI);
  const kh = R[0]!;
  const kl = R[1]! + k * LN2_DD_LO;
  ddAdd(ph, pl, -kh, -kl);
  // r / 2^10
  const r1h = R[0]! / 1024;
  const r1l = R[1]! / 1024;
  // Taylor: Σ r^i / i!, i = 0..10 (|r1| < 3.4e-4, so the tail is below 2^-120).
  let th = 1;
  let tl = 0;
  for (let i = 10; i >= 1; i--) {
    ddMul(th, tl, r1h, r1l);
    const ah = R[0]!;
    const al = R[1]!;
    // t = 1 + (t · r) / i
    ddDiv(ah, al, i, 0);
    ddAdd(1, 0, R[0]!, R[1]!);
    th = R[0]!;
    tl = R[1]!;
  }
  for (let i = 0; i < 10; i++) {
    ddMul(th, tl, th, tl);
    th = R[0]!;
    tl = R[1]!;
  }
  R[0] = th;
  R[1] = tl;
  return k;
}

/**
 * `x ** y` correctly rounded to nearest, ties to even (the bits of glibc's `pow`, and so of
 * ROUGE-1.5.5's Perl `**` and CPython's `float ** float` on Linux; V8's `Math.pow` is off by one unit
 * in the last place for several percent of inputs, e.g. `9 ** 1.2`). For finite `x > 0` and finite
 * `y`, `exp(y · ln x)` is evaluated in double-double arithmetic (about 95 correct bits) and rounded
 * once when the error bound allows, exactly otherwise (overflow gives +∞, underflow a correctly
 * rounded subnormal or 0). Other inputs (zero, negative or infinite `x`, infinite or NaN `y`) follow
 * `Math.pow`, whose IEEE special cases agree with C's except `pow(1, ±∞)` and `pow(1, NaN)` (NaN
 * here as in JavaScript, 1 in C).
 */
export function pow(x: number, y: number): number {
  if (!(x > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return Math.pow(x, y);
  if (y === 0 || x === 1) return 1;
  if (y === 1) return x;
  if (y === 2) return x * x;
  if (y === 0.5) return Math.sqrt(x);
  if (x < 2.2250738585072014e-308) return powExact(x, y);
  ddLog(x);
  const lh = R[0]!;
  const ll = R[1]!;
  ddMul(lh, ll, y, 0);
  const ph = R[0]!;
  const pl = R[1]!;
  if (!(Math.abs(ph) < 708)) return powExact(x, y);
  const k = ddExp(ph, pl);
  const h = R[0]!;
  const lo = R[1]!;
  // ln x within 2^-100 relative, exp within 2^-94 after ten squarings: below 2^-84 (1 + |p|).
  const v = zivRound(h, lo, h * 2 ** -84 * (1 + Math.abs(ph)));
  if (v !== v) return powExact(x, y);
  // k ≤ 1022 here; a result below 2^-1022 would round twice, so it goes the exact way.
  const out = v * pow2(k);
  if (out < 2.2250738585072014e-308) return powExact(x, y);
  return out;
}
