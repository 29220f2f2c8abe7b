/**
 * `exp` and `log` rounded to nearest, as CPython's `math.exp` / `math.log` give them on glibc (whose
 * results are correctly rounded in all but extremely rare cases). JavaScript engines' `Math.exp` and
 * `Math.log` are within one ulp but not correctly rounded (V8 differs from glibc in about one BLEU
 * score in six), so BLEU computes with these: the value is evaluated in double-double arithmetic
 * (about 100 bits) and rounded once.
 */

const SPLITTER = 134217729; // 2^27 + 1

/** a·b = p + e exactly (Dekker). */
function twoProd(a: number, b: number, out: Float64Array): void {
  const p = a * b;
  let t = SPLITTER * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLITTER * b;
  const bh = t - (t - b);
  const bl = b - bh;
  out[0] = p;
  out[1] = ah * bh - p + ah * bl + al * bh + al * bl;
}

// Double-double values as (hi, lo) in module scratch registers; helpers return through `r`.
const r = new Float64Array(2);
const tp = new Float64Array(2);

/** (ah, al) + (bh, bl) → r. */
function add(ah: number, al: number, bh: number, bl: number): void {
  const s = ah + bh;
  const bb = s - ah;
  const e = ah - (s - bb) + (bh - bb) + al + bl;
  const hi = s + e;
  r[0] = hi;
  r[1] = e - (hi - s);
}

/** (ah, al) · (bh, bl) → r. */
function mul(ah: number, al: number, bh: number, bl: number): void {
  twoProd(ah, bh, tp);
  const e = tp[1]! + (ah * bl + al * bh);
  const hi = tp[0]! + e;
  r[0] = hi;
  r[1] = e - (hi - tp[0]!);
}

const LN2_HI = 0.6931471805599453;
const LN2_LO = 2.3190468138462996e-17;

/** exp(x) as a double-double in r, for |x| < 708. */
function expDD(x: number): void {
  const k = Math.round(x / LN2_HI);
  // t = x − k·ln2 in double-double.
  twoProd(k, LN2_HI, tp);
  const p0 = tp[0]!;
  const p1 = tp[1]!;
  add(x, 0, -p0, -p1);
  add(r[0]!, r[1]!, -k * LN2_LO, 0);
  // exp(t) = (exp(t / 1024))^1024; t / 1024 is exact.
  const th = r[0]! / 1024;
  const tl = r[1]! / 1024;
  // Taylor series of exp(u) − 1, |u| < 3.5e-4: 10 terms reach 1e-38.
  let sh = th;
  let sl = tl;
  let termH = th;
  let termL = tl;
  for (let n = 2; n <= 10; n++) {
    mul(termH, termL, th, tl);
    termH = r[0]! / n;
    // (termH·n + residual) / n in double-double.
    twoProd(termH, n, tp);
    termL = (r[0]! - tp[0]! - tp[1]! + r[1]!) / n;
    add(sh, sl, termH, termL);
    sh = r[0]!;
    sl = r[1]!;
  }
  // Square (1 + s) ten times, keeping s = value − 1 to retain precision: (1+s)² − 1 = 2s + s².
  for (let i = 0; i < 10; i++) {
    mul(sh, sl, sh, sl);
    add(2 * sh, 2 * sl, r[0]!, r[1]!);
    sh = r[0]!;
    sl = r[1]!;
  }
  add(1, 0, sh, sl);
  const scale = 2 ** k;
  r[0] = r[0]! * scale;
  r[1] = r[1]! * scale;
}

/** `math.exp(x)` correctly rounded (falls back to `Math.exp` outside |x| < 700). */
export function pyExp(x: number): number {
  if (!(Math.abs(x) < 700)) return Math.exp(x);
  expDD(x);
  return r[0]! + r[1]!;
}

/**
 * `math.log(x)` correctly rounded for 1e-290 < x < 1e290 (other inputs: `Math.log`; Dekker's split
 * would overflow near the ends of the range).
 */
export function pyLog(x: number): number {
  if (!(x > 1e-290 && x < 1e290)) return Math.log(x);
  if (x === 1) return 0;
  const y = Math.log(x);
  // log(x) = y + log(x·e^−y); x·e^−y = 1 + d with |d| ≈ 1e-16, log(1 + d) = d − d²/2.
  expDD(-y);
  mul(x, 0, r[0]!, r[1]!);
  add(r[0]!, r[1]!, -1, 0);
  const dh = r[0]!;
  const dl = r[1]!;
  add(dh, dl, -0.5 * dh * dh, 0);
  add(y, 0, r[0]!, r[1]!);
  return r[0]! + r[1]!;
}
