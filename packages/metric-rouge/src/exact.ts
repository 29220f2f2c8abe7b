/**
 * Exact running sums kept as lists of non-overlapping doubles, in a canonical form so that equal real
 * sums have identical JSON whatever the order or grouping of the additions: the first element is the
 * correctly rounded sum, the second the correctly rounded remainder, and so on (an empty list is
 * zero). Additions never modify their arguments.
 *
 * The arithmetic is Shewchuk's exact expansion sum (as in Python's `math.fsum`) on a scratch buffer,
 * with the half-even final rounding of `fsum`.
 */
import { growExpansion, roundExpansion } from "@gramscore/core";

let scratch = new Float64Array(64);
let used = 0;

/** Adds `x` exactly into the scratch expansion (non-overlapping, increasing magnitude). */
function grow(x: number): void {
  if (used === scratch.length) {
    const bigger = new Float64Array(scratch.length * 2);
    bigger.set(scratch);
    scratch = bigger;
  }
  used = growExpansion(scratch, used, x);
}

/** The correctly rounded (half-even) value of the scratch expansion. */
function rounded(): number {
  return roundExpansion(scratch, used);
}

/** The canonical form of the scratch expansion (which it consumes). */
function canonical(): number[] {
  const out: number[] = [];
  for (let guard = 0; guard < 64; guard++) {
    const s = rounded();
    if (s === 0) break;
    out.push(s);
    grow(-s);
  }
  used = 0;
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
  used = 0;
  for (let i = 0; i < a.length; i++) grow(a[i]!);
  for (let i = 0; i < b.length; i++) grow(b[i]!);
  return canonical();
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
  used = 0;
  for (const x of a) grow(x);
  const c = canonical();
  return c.length === a.length && c.every((x, i) => Object.is(x, a[i]));
}

/**
 * Exact running sums of several columns, added to in place: one expansion per column, made canonical
 * only when read. Adding a row costs no allocation and no canonicalization, and the sums read out are
 * the canonical sums {@link exactAdd} gives for the same values in any order.
 */
export class ExactColumns {
  readonly #parts: Float64Array[];
  readonly #used: Int32Array;

  constructor(columns: number) {
    this.#parts = Array.from({ length: columns }, () => new Float64Array(8));
    this.#used = new Int32Array(columns);
  }

  /** Adds `row[c]` to column `c`, for every column. */
  addRow(row: ArrayLike<number>): void {
    const parts = this.#parts;
    const used = this.#used;
    for (let c = 0; c < parts.length; c++) {
      const x = row[c]!;
      if (x === 0) continue;
      let p = parts[c]!;
      if (used[c] === p.length) {
        const bigger = new Float64Array(p.length * 2);
        bigger.set(p);
        p = parts[c] = bigger;
      }
      used[c] = growExpansion(p, used[c]!, x);
    }
  }

  /** The canonical exact sum of every column. */
  sums(): number[][] {
    return this.#parts.map((p, c) => {
      const n = this.#used[c]!;
      if (scratch.length < n) scratch = new Float64Array(n * 2);
      scratch.set(p.subarray(0, n));
      used = n;
      return canonical();
    });
  }
}
