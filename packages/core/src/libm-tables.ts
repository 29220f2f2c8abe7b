// The constants of libm.ts and libm-glibc.ts. The scalars are written out (test/libm.test.ts checks
// each); the tables are computed on first use from exact fixed-point values (libm-exact.ts), which
// costs well under a millisecond once and keeps about 8 KB of incompressible digits out of every
// bundle (test/libm.test.ts recomputes every entry with its own oracle).
import { atanhFixed, expFixed, ln2Fixed, roundScaled, splitDouble } from "./libm-exact.js";

/** ln2/64 = LN2_64_1 + LN2_64_2 + LN2_64_3, the first two with 36 significant bits (k · them exact for |k| < 2^17). */
export const LN2_64_1 = 0.010830424696223417;
export const LN2_64_2 = 2.5728046223228848e-14;
export const LN2_64_3 = 4.784126150029144e-26;
/** 64 / ln 2. */
export const INV_LN2_64 = 92.33248261689366;
/** ln 2 = LN2_HI + LN2_LO, LN2_HI with 42 significant bits (k · LN2_HI exact for |k| < 2^11). */
export const LN2_HI = 0.6931471805598903;
export const LN2_LO = 5.497923018708371e-14;

/** Working precision, in bits, of the fixed-point values the tables are rounded from. */
const W = 160;

/** The double-double nearest to `v · 2^-W`, written at `out[at]`, `out[at + 1]`. */
function putDoubleDouble(v: bigint, out: Float64Array, at: number): void {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const hi = a === 0n ? 0 : roundScaled(a, -W);
  const rest = a - toFixed(hi);
  const lo = rest === 0n ? 0 : rest < 0n ? -roundScaled(-rest, -W) : roundScaled(rest, -W);
  out[at] = neg ? -hi : hi;
  out[at + 1] = neg ? -lo : lo;
}

/** A double ≥ 0 as a fixed-point value with W fraction bits, exactly (for doubles ≥ 2^-W). */
function toFixed(x: number): bigint {
  if (x === 0) return 0n;
  const { m, e } = splitDouble(x);
  return e + W >= 0 ? m << BigInt(e + W) : m >> BigInt(-(e + W));
}

/** 2^(k/128) · 2^W for k = 0…127 (each within a few hundred units of 2^-W, far below what rounding needs). */
function powersOf2(): bigint[] {
  const step = expFixed(ln2Fixed(W) / 128n, W).M; // 2^(1/128)
  const powers = [1n << BigInt(W)];
  for (let k = 1; k < 128; k++) powers.push((powers[k - 1]! * step) >> BigInt(W));
  return powers;
}

let exp2: Float64Array | undefined;
let glibcExp: Float64Array | undefined;
let logInv: Float64Array | undefined;
let logNegLnInv: Float64Array | undefined;

function buildExpTables(): void {
  const powers = powersOf2();
  exp2 = new Float64Array(128);
  glibcExp = new Float64Array(256);
  for (let k = 0; k < 128; k++) {
    const p = powers[k]!;
    if (k % 2 === 0) putDoubleDouble(p, exp2, k);
    // glibc's H_k (2^(k/128) rounded) and T_k = (2^(k/128) − H_k) / H_k rounded.
    const h = roundScaled(p, -W);
    const hFixed = toFixed(h);
    const t = ((p - hFixed) << BigInt(W)) / hFixed;
    glibcExp[2 * k] = h;
    glibcExp[2 * k + 1] = t === 0n ? 0 : t < 0n ? -roundScaled(-t, -W) : roundScaled(t, -W);
  }
}

/** 2^(j/64), j = 0…63, as double-doubles: [hi0, lo0, hi1, lo1, …]. */
export function exp2Table(): Float64Array {
  if (exp2 === undefined) buildExpTables();
  return exp2!;
}

/**
 * glibc's exp table (N = 128): H_k = 2^(k/128) rounded, T_k = (2^(k/128) − H_k) / H_k rounded, so that
 * 2^(k/128) ≈ H_k (1 + T_k); as [H_0, T_0, H_1, T_1, …].
 */
export function glibcExpTable(): Float64Array {
  if (glibcExp === undefined) buildExpTables();
  return glibcExp!;
}

function buildLogTables(): void {
  logInv = new Float64Array(128);
  logNegLnInv = new Float64Array(256);
  for (let i = 0; i < 128; i++) {
    // Interval i of [0.6875, 1.375) starts at 0.6875 + i/256 below 1 and at 1 + (i − 80)/128 above.
    logInv[i] = i === 79 || i === 80 ? 1 : 1 / (i < 80 ? 0.6875 + (i + 0.5) / 256 : 1 + (i - 79.5) / 128);
  }
  // −ln c_i, walking outwards from the two entries equal to 1: each step adds
  // ln(c_prev / c_i) = 2 atanh((c_prev − c_i) / (c_prev + c_i)), a series of about ten terms
  // (neighbours differ by < 0.6%); the error stays a few hundred units of 2^-W.
  const walk = (from: number, to: number, step: number): void => {
    let value = 0n;
    let prev = toFixed(1);
    for (let i = from; i !== to; i += step) {
      const c = toFixed(logInv![i]!);
      value += 2n * atanhFixed((prev - c) << BigInt(W), prev + c, W);
      putDoubleDouble(value, logNegLnInv!, 2 * i);
      prev = c;
    }
  };
  walk(78, -1, -1);
  walk(81, 128, 1);
}

/** c_i ≈ 1 / (centre of the i-th of 128 intervals of [0.6875, 1.375)); 1 for the two intervals beside 1. */
export function logInvTable(): Float64Array {
  if (logInv === undefined) buildLogTables();
  return logInv!;
}

/** −ln(c_i) as double-doubles: [hi0, lo0, hi1, lo1, …]. */
export function logNegLnInvTable(): Float64Array {
  if (logNegLnInv === undefined) buildLogTables();
  return logNegLnInv!;
}
