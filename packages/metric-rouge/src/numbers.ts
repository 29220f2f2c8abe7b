import { formatFixed } from "@gramscore/core";
import { pow } from "@gramscore/ngram";

/**
 * `x` rounded to 5 decimals the way ROUGE-1.5.5's `sprintf("%7.5f", x)` does (C printf: half to even
 * on the exact binary value), read back as a number. Fast path when `x · 10^5` is clearly away from a
 * tie; otherwise the exact decimal expansion decides.
 */
export function round5(x: number): number {
  const t = x * 1e5;
  if (Math.abs(t) < 2 ** 30) {
    const fl = Math.floor(t);
    const frac = t - fl;
    // t carries an error below 2^-22 here, so a fraction this far from one half decides the rounding.
    if (frac < 0.4999 || frac > 0.5001) return (frac < 0.5 ? fl : fl + 1) / 1e5;
  }
  return Number(formatFixed(x, 5));
}

/** rouge-score's `scoring.fmeasure`: `2·P·R / (P + R)`, or 0 when `P + R` is 0. */
export function fmeasure(precision: number, recall: number): number {
  return precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
}

/** ROUGE-1.5.5's F from the already rounded P and R, rounded: `P·R / ((1 − α)·P + α·R)`, or 0. */
export function fmeasure155(precision: number, recall: number, alpha: number): number {
  const d = (1 - alpha) * precision + alpha * recall;
  return d > 0 ? round5((precision * recall) / d) : 0;
}

const weightTables = new Map<number, Float64Array>();

/**
 * `f(k) = k^weight` for `k = 0 … max` (ROUGE-1.5.5's `wlcsWeight` with glibc-exact `pow`), cached per
 * weight. Do not modify the result.
 */
export function weightTable(weight: number, max: number): Float64Array {
  let t = weightTables.get(weight);
  if (t === undefined || t.length <= max) {
    const size = Math.max(max + 1, 256, t === undefined ? 0 : t.length * 2);
    const next = new Float64Array(size);
    let k = 0;
    if (t !== undefined) {
      next.set(t);
      k = t.length;
    }
    for (; k < size; k++) next[k] = pow(k, weight);
    if (weightTables.size > 16) weightTables.clear();
    weightTables.set(weight, next);
    t = next;
  }
  return t;
}
