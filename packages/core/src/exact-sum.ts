/**
 * Exact sums of doubles in a canonical form, for statistics that must merge to the same number in any
 * order or grouping (shards, `--jobs`, a resampled corpus). A sum is a list of non-overlapping finite
 * non-zero doubles: the first is the correctly rounded (half-even, as Python's `math.fsum`) total, the
 * next the correctly rounded rest, and so on; `[]` is zero. Equal real sums have identical lists, so
 * they serialize to identical JSON. Sums of a few small integers or half-integers have at most one
 * element, whose value is what a left-to-right float sum gives.
 *
 * The arithmetic is Shewchuk's expansion sum ({@link growExpansion}) on one scratch buffer; no function
 * here modifies its arguments.
 */
import { growExpansion, roundExpansion } from "./numerics.js";

let scratch = /* @__PURE__ */ new Float64Array(64);
let used = 0;

/** Adds `x` exactly into the scratch expansion. */
function grow(x: number): void {
  if (used === scratch.length) {
    const bigger = new Float64Array(scratch.length * 2);
    bigger.set(scratch);
    scratch = bigger;
  }
  used = growExpansion(scratch, used, x);
}

/** The canonical form of the scratch expansion, which it empties. */
function canonical(): number[] {
  const out: number[] = [];
  // A double-valued sum spans at most ~2,100 bits, so 64 parts is more than enough. The guard, and
  // the stop at a non-finite part (a sum past the largest double: Infinity, then NaN, which never
  // cancels to 0), keep untrusted input from looping; the result is then not canonical, and
  // isExactSum refuses it.
  for (let guard = 0; guard < 64 && used > 0; guard++) {
    const s = roundExpansion(scratch, used);
    if (s === 0) break;
    out.push(s);
    if (!Number.isFinite(s)) break;
    grow(-s);
  }
  used = 0;
  return out;
}

/** The canonical exact sum of one finite number (`[]` for zero). */
export function exactOf(x: number): number[] {
  return x === 0 ? [] : [x];
}

/**
 * The canonical exact sum of two canonical exact sums: the same list whatever the order or grouping
 * of a series of additions.
 */
export function exactAdd(a: readonly number[], b: readonly number[]): number[] {
  if (b.length === 0) return a.slice();
  if (a.length === 0) return b.slice();
  if (a.length === 1 && b.length === 1) {
    // Two-sum: the rounded sum and its exact error are already the canonical form.
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

/** The correctly rounded value of a canonical exact sum (its first element; 0 for `[]`). */
export function exactValue(a: readonly number[]): number {
  return a.length === 0 ? 0 : a[0]!;
}

/**
 * True when `a` is a canonical exact sum: an array of finite non-zero numbers that is its own
 * canonical form (what statistics read from JSON must hold).
 */
export function isExactSum(a: unknown): a is number[] {
  if (!Array.isArray(a)) return false;
  for (const x of a) if (typeof x !== "number" || !Number.isFinite(x) || x === 0) return false;
  if (a.length <= 1) return true;
  used = 0;
  for (const x of a as number[]) grow(x);
  const c = canonical();
  return c.length === a.length && c.every((x, i) => Object.is(x, a[i]));
}

/**
 * A running exact sum for one-pass statistics: {@link ExactSum.add} finite numbers (no allocation
 * per addition), then {@link ExactSum.value} gives the canonical sum, equal to {@link exactAdd} over
 * the same numbers in any order.
 */
export class ExactSum {
  #parts = new Float64Array(16);
  #used = 0;

  /** Adds a finite number exactly. */
  add(x: number): void {
    if (x === 0) return;
    if (this.#used === this.#parts.length) {
      const bigger = new Float64Array(this.#parts.length * 2);
      bigger.set(this.#parts);
      this.#parts = bigger;
    }
    this.#used = growExpansion(this.#parts, this.#used, x);
  }

  /** The canonical exact sum so far. */
  value(): number[] {
    return canonicalOf(this.#parts, this.#used);
  }
}

/** The canonical form of the expansion `parts[0..n)` (left as it is). */
function canonicalOf(parts: Float64Array, n: number): number[] {
  if (scratch.length < n) scratch = new Float64Array(n * 2);
  scratch.set(parts.subarray(0, n));
  used = n;
  return canonical();
}

/**
 * Exact running sums of several columns, added to in place: one expansion per column, made canonical
 * only when read. Adding a row allocates nothing, and the sums read out are the canonical sums
 * {@link exactAdd} gives for the same values in any order.
 */
export class ExactColumns {
  readonly #parts: Float64Array[];
  readonly #used: Int32Array;

  /** `columns` sums, all zero. */
  constructor(columns: number) {
    this.#parts = Array.from({ length: columns }, () => new Float64Array(8));
    this.#used = new Int32Array(columns);
  }

  /** Adds `row[c]` to column `c`, for every column (finite numbers). */
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
    return this.#parts.map((p, c) => canonicalOf(p, this.#used[c]!));
  }
}
