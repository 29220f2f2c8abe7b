/**
 * `exp` with the bits of glibc's (2.28 and later, the table-driven algorithm glibc shares with
 * musl and Arm's optimized-routines) on x86-64 processors with FMA, which every CPython on Linux
 * calls for `math.exp`: sacrebleu, NLTK and HuggingFace evaluate compute BLEU with it.
 *
 * glibc's exp is accurate to 0.511 ulp, not correctly rounded: for about one argument in 4,000 the
 * true value lies so near the midpoint of two doubles that glibc returns the other neighbour
 * (`exp(2.7485329178887654)` is 15.619699684601281 correctly rounded, 0.49983 ulp above the lower
 * double, and 15.619699684601283 in glibc). The correctly rounded {@link exp} of `libm.ts` is right
 * there and sacrebleu is not; a metric that must give sacrebleu's bits uses this function instead.
 *
 * The algorithm: `x = k ln2/128 + r`, `exp(x) = 2^(k/128) exp(r)` with `2^(k/128) = H (1 + T)` from a
 * table and `exp(r) − 1` a degree-5 polynomial, evaluated with the fused multiply-adds GCC forms for
 * the FMA build (emulated here exactly: Dekker's product, then Boldo and Melquiond's rounding to odd).
 */
import { glibcExpTable } from "./libm-tables.js";
import { pow2 } from "./libm-exact.js";
import { expFast } from "./libm.js";

const f64 = /* @__PURE__ */ new Float64Array(1);
const u32 = /* @__PURE__ */ new Uint32Array(f64.buffer);
const HI = /* @__PURE__ */ (() => {
  f64[0] = 1;
  return u32[1] === 0x3ff00000 ? 1 : 0;
})();
const LO = 1 - HI;

/** glibc's table, computed on first use (libm-tables.ts). */
let GLIBC_EXP_TABLE: Float64Array | undefined;

const SPLITTER = 134217729; // 2^27 + 1

/**
 * `a · b + c` rounded once (IEEE fusedMultiplyAdd), for operands whose product neither overflows nor
 * underflows: a · b = p + e exactly, c + p = s + t exactly, and RN(s + RO(t + e)) is the fused result
 * (Boldo & Melquiond, "Emulation of FMA and correctly rounded sums: proved algorithms using rounding
 * to odd", IEEE Trans. Computers 57(4), 2008), where RO rounds to odd.
 */
export function fma(a: number, b: number, c: number): number {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  const e = ah * bh - p + ah * bl + al * bh + al * bl;
  const s = c + p;
  const bb = s - c;
  const tt = c - (s - bb) + (p - bb);
  // v = tt + e rounded to odd: round to nearest, and when inexact with an even last bit, step one
  // unit toward the exact sum.
  let v = tt + e;
  const vb = v - tt;
  const err = tt - (v - vb) + (e - vb);
  if (err !== 0) {
    f64[0] = v;
    if ((u32[LO]! & 1) === 0) {
      const away = err > 0 === v > 0;
      const lo = u32[LO]!;
      if (away) {
        u32[LO] = lo + 1;
        if (lo === 0xffffffff) u32[HI] = u32[HI]! + 1;
      } else {
        u32[LO] = lo - 1;
        if (lo === 0) u32[HI] = u32[HI]! - 1;
      }
      v = f64[0]!;
    }
  }
  // (s itself when v is 0, keeping the sign of a zero result.)
  return v === 0 ? s : s + v;
}

// Constants of glibc's exp (N = 128, polynomial order 5), as hexadecimal floats in glibc:
// N/ln2 = 0x1.71547652b82fep0 · 128, −ln2/N = −0x1.62e42fefa0000p-8 − 0x1.cf79abc9e3b3ap-47,
// shift 0x1.8p52, C2…C5 = 0x1.ffffffffffdbdp-2, 0x1.555555555543cp-3, 0x1.55555cf172b91p-5,
// 0x1.1111167a4d017p-7.
const INV_LN2_N = 184.6649652337873;
const NEG_LN2_HI_N = -0.005415212348111709;
const NEG_LN2_LO_N = -1.2864023111638346e-14;
const SHIFT = 6755399441055744; // 1.5 · 2^52
const C2 = 0.49999999999996786;
const C3 = 0.16666666666665886;
const C4 = 0.0416666808410674;
const C5 = 0.008333335853059549;

/**
 * e^x with exactly the bits glibc's `exp` returns on x86-64 with FMA (and so CPython's `math.exp` on
 * Linux), including its rare misroundings; NaN, ±∞, overflow (+∞) and underflow (subnormals, 0) as
 * glibc. Use {@link exp} for the correctly rounded value.
 */
export function glibcExp(x: number): number {
  f64[0] = x;
  const abstop = (u32[HI]! >>> 20) & 0x7ff;
  let special = false;
  // |x| < 2^-54 or |x| >= 512.
  if (abstop - 0x3c9 >= 0x408 - 0x3c9 || abstop < 0x3c9) {
    if (abstop < 0x3c9) return 1 + x;
    if (abstop >= 0x409) {
      if (x === Number.NEGATIVE_INFINITY) return 0;
      if (abstop >= 0x7ff) return 1 + x;
      return x < 0 ? 0 : Number.POSITIVE_INFINITY;
    }
    special = true;
  } else {
    // glibc's result is within 0.511 ulp of e^x (its documented bound, 0.509 with FMA), so it is the
    // correctly rounded double unless e^x lies within 0.011 ulp of a midpoint: the fast correctly
    // rounded path answers whenever e^x is provably 2^-57 e^x (≥ 1/32 ulp) away from every midpoint,
    // and the emulation below decides the rest (about 3% of arguments).
    const v = expFast(x, 2 ** -57);
    if (v === v) return v;
  }
  // k = round(x N/ln2) by adding 1.5 · 2^52 (fused with the product), r = x − k ln2/N.
  const kd = fma(INV_LN2_N, x, SHIFT) - SHIFT;
  const k = kd; // an integer, |k| < 2^17
  const r = fma(kd, NEG_LN2_LO_N, x + kd * NEG_LN2_HI_N);
  const j = k & 127;
  const table = (GLIBC_EXP_TABLE ??= glibcExpTable());
  const tail = table[2 * j + 1]!;
  const h = table[2 * j]!;
  const r2 = r * r;
  const tmp = fma(r2 * r2, fma(r, C5, C4), fma(r2, fma(r, C3, C2), tail + r));
  const n = (k - j) / 128;
  if (!special) {
    // scale = H · 2^n is a normal double here (|x| < 512).
    const scale = h * pow2(n);
    return fma(scale, tmp, scale);
  }
  if (k > 0) {
    // The exponent of scale might overflow: compute with 2^-1009 and scale back.
    const scale = h * pow2(n - 1009);
    const y = fma(scale, tmp, scale);
    return y * pow2(1009);
  }
  // Near the subnormal range: round to the final precision before scaling, as glibc does. Here the
  // product scale · tmp has two uses in two blocks, and GCC does not fuse it.
  const scale = h * pow2(n + 1022);
  const st = scale * tmp;
  let y = scale + st;
  if (y < 1) {
    let lo = scale - y + st;
    const hi = 1 + y;
    lo = 1 - hi + y + lo;
    y = hi + lo - 1;
    if (y === 0) y = 0;
  }
  return y * 2.2250738585072014e-308;
}
