/**
 * `x ** y` rounded correctly to the nearest double, as glibc's `pow` returns it (and so ROUGE-1.5.5's
 * Perl `**` and CPython's `float ** float` on Linux). V8's `Math.pow` is off by one unit in the last
 * place for several percent of inputs (e.g. `9 ** 1.2`), which can flip the ties of ROUGE-1.5.5's
 * weighted-LCS table; this function computes `exp(y · ln x)` in double-double arithmetic (about 100
 * correct bits) and rounds once.
 */

const SPLITTER = 134217729; // 2^27 + 1

// ln 2 as a double-double.
const LN2_HI = 0.6931471805599453;
const LN2_LO = 2.3190468138462996e-17;

/** Double-double value (hi + lo with |lo| <= ulp(hi)/2), kept in module scratch to avoid allocation. */
let rh = 0;
let rl = 0;

function twoSum(a: number, b: number): void {
  const s = a + b;
  const bb = s - a;
  rl = a - (s - bb) + (b - bb);
  rh = s;
}

function twoProd(a: number, b: number): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  rl = ah * bh - p + ah * bl + al * bh + al * bl;
  rh = p;
}

/** (ah, al) + (bh, bl) → (rh, rl). */
function ddAdd(ah: number, al: number, bh: number, bl: number): void {
  twoSum(ah, bh);
  const sh = rh;
  const sl = rl;
  twoSum(al, bl);
  const th = rh;
  const tl = rl;
  let hi = sh;
  let lo = sl + th;
  let s = hi + lo;
  lo = lo - (s - hi);
  hi = s;
  lo += tl;
  s = hi + lo;
  rl = lo - (s - hi);
  rh = s;
}

/** (ah, al) · (bh, bl) → (rh, rl). */
function ddMul(ah: number, al: number, bh: number, bl: number): void {
  twoProd(ah, bh);
  const ph = rh;
  const pl = rl + (ah * bl + al * bh);
  const s = ph + pl;
  rl = pl - (s - ph);
  rh = s;
}

/** (ah, al) / (bh, bl) → (rh, rl), by three rounds of long division. */
function ddDiv(ah: number, al: number, bh: number, bl: number): void {
  const q1 = ah / bh;
  ddMul(q1, 0, bh, bl);
  ddAdd(ah, al, -rh, -rl);
  const r1h = rh;
  const r1l = rl;
  const q2 = r1h / bh;
  ddMul(q2, 0, bh, bl);
  ddAdd(r1h, r1l, -rh, -rl);
  const q3 = rh / bh;
  twoSum(q1, q2);
  const sh = rh;
  const sl = rl + q3;
  const s = sh + sl;
  rl = sl - (s - sh);
  rh = s;
}

/** Natural logarithm of a positive finite double, as a double-double in (rh, rl). */
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
  const nh = rh;
  const nl = rl;
  twoSum(m, 1);
  ddDiv(nh, nl, rh, rl);
  const sh = rh;
  const sl = rl;
  ddMul(sh, sl, sh, sl);
  const s2h = rh;
  const s2l = rl;
  // Horner: Σ_{k=0}^{K} s^(2k)/(2k+1), K = 24 (s^2 <= 0.0295, so the tail is below 2^-120).
  let th = 1 / 49;
  let tl = 0;
  for (let k = 23; k >= 0; k--) {
    ddMul(th, tl, s2h, s2l);
    const ph = rh;
    const pl = rl;
    // 1/(2k+1) as a double-double.
    const d = 2 * k + 1;
    const qh = 1 / d;
    twoProd(qh, d);
    const ql = (1 - rh - rl) / d;
    ddAdd(ph, pl, qh, ql);
    th = rh;
    tl = rl;
  }
  ddMul(th, tl, sh, sl);
  const ah = rh * 2;
  const al = rl * 2;
  // + e · ln 2
  twoProd(e, LN2_HI);
  const bh = rh;
  const bl = rl + e * LN2_LO;
  ddAdd(ah, al, bh, bl);
}

/** exp of a double-double (ph, pl) with |ph| < 709, as a double-double in (rh, rl). */
function ddExp(ph: number, pl: number): number {
  const k = Math.round(ph / LN2_HI);
  // r = p - k ln2
  twoProd(k, LN2_HI);
  const kh = rh;
  const kl = rl + k * LN2_LO;
  ddAdd(ph, pl, -kh, -kl);
  // r / 2^10
  const r1h = rh / 1024;
  const r1l = rl / 1024;
  // Taylor: Σ r^i / i!, i = 0..10 (|r1| < 3.4e-4, so the tail is below 2^-120).
  let th = 1;
  let tl = 0;
  for (let i = 10; i >= 1; i--) {
    ddMul(th, tl, r1h, r1l);
    const ah = rh;
    const al = rl;
    // t = 1 + (t · r) / i
    ddDiv(ah, al, i, 0);
    ddAdd(1, 0, rh, rl);
    th = rh;
    tl = rl;
  }
  for (let i = 0; i < 10; i++) {
    ddMul(th, tl, th, tl);
    th = rh;
    tl = rl;
  }
  rh = th;
  rl = tl;
  return k;
}

/**
 * `x ** y` correctly rounded to nearest for finite `x > 0` and finite `y` with a finite, normal
 * result; other inputs (zero, negative, infinite, NaN, overflow, underflow) follow `Math.pow`, whose
 * IEEE special cases agree with C's for every input gramscore produces.
 */
export function pow(x: number, y: number): number {
  if (!(x > 0) || !Number.isFinite(x) || !Number.isFinite(y)) return Math.pow(x, y);
  if (y === 0 || x === 1) return 1;
  if (y === 1) return x;
  if (y === 2) return x * x;
  if (y === 0.5) return Math.sqrt(x);
  ddLog(x);
  const lh = rh;
  const ll = rl;
  ddMul(lh, ll, y, 0);
  const ph = rh;
  const pl = rl;
  if (!(Math.abs(ph) < 708)) return Math.pow(x, y);
  const k = ddExp(ph, pl);
  const v = rh + rl;
  const out = v * 2 ** k;
  if (!Number.isFinite(out) || Math.abs(out) < 2.2250738585072014e-308) return Math.pow(x, y);
  return out;
}
