import { addToPartials, sumPartials } from "@gramscore/core";

/**
 * Exact running sums kept as lists of non-overlapping doubles ("partials"), in a canonical form so
 * that equal real sums have identical JSON whatever the order or grouping of the additions: the
 * first element is the correctly rounded sum, the second the correctly rounded remainder, and so on
 * (an empty list is zero). `merge` and `add` never modify their arguments.
 */

/** Rewrites `partials` (consumed) into the canonical form. */
function canonical(partials: number[]): number[] {
  const out: number[] = [];
  for (let guard = 0; guard < 64; guard++) {
    const s = sumPartials(partials);
    if (s === 0) break;
    out.push(s);
    addToPartials(partials, -s);
  }
  return out;
}

/** The canonical exact sum of one value. */
export function exactOf(x: number): number[] {
  return x === 0 ? [] : [x];
}

/** The canonical exact sum of `a` and `b` (both canonical exact sums). */
export function exactAdd(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a.slice();
  if (a.length === 0) return b.slice();
  if (a.length === 1 && b.length === 1) {
    // Two-sum: the rounded sum and its exact error are the canonical form.
    const x = a[0]!;
    const y = b[0]!;
    const s = x + y;
    const bb = s - x;
    const e = x - (s - bb) + (y - bb);
    return s === 0 ? [] : e === 0 ? [s] : [s, e];
  }
  const p: number[] = [];
  for (const x of a) addToPartials(p, x);
  for (const x of b) addToPartials(p, x);
  return canonical(p);
}

/** The canonical exact sum of `a` plus the number `x`. */
export function exactAddValue(a: readonly number[], x: number): number[] {
  if (x === 0) return a.slice();
  if (a.length === 0) return [x];
  const p: number[] = [];
  for (const y of a) addToPartials(p, y);
  addToPartials(p, x);
  return canonical(p);
}

/** The correctly rounded value of an exact sum. */
export function exactValue(a: readonly number[]): number {
  return a.length === 0 ? 0 : a[0]!;
}

/** True when `a` is a canonical exact sum (what `parseStats` accepts). */
export function isCanonical(a: unknown): a is number[] {
  if (!Array.isArray(a)) return false;
  for (const x of a) if (typeof x !== "number" || !Number.isFinite(x) || x === 0) return false;
  if (a.length <= 1) return true;
  const c = canonical([...a]);
  return c.length === a.length && c.every((x, i) => Object.is(x, a[i]));
}
