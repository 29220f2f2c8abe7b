/**
 * Exact sums of doubles (the summed segment scores), so merging statistics in any order or
 * grouping gives the same number. A sum is a list of non-overlapping doubles in canonical form: the
 * first is the correctly rounded (half-even) total, the next the correctly rounded rest, and so on;
 * `[]` is zero. Its first element is what Python's `math.fsum` of the same numbers gives.
 */
import { growExpansion, roundExpansion } from "@gramscore/core";

let buf = new Float64Array(32);
let used = 0;

function add(x: number): void {
  if (used + 1 >= buf.length) {
    const bigger = new Float64Array(buf.length * 2);
    bigger.set(buf);
    buf = bigger;
  }
  used = growExpansion(buf, used, x);
}

/** Turns the scratch expansion into its canonical list (emptying the scratch). */
function drain(): number[] {
  const out: number[] = [];
  while (used > 0) {
    const s = roundExpansion(buf, used);
    if (s === 0) break;
    out.push(s);
    add(-s);
  }
  used = 0;
  return out;
}

/** The exact sum of two canonical sums, canonical. */
export function exactAdd(a: readonly number[], b: readonly number[]): number[] {
  if (a.length === 0) return b.slice();
  if (b.length === 0) return a.slice();
  used = 0;
  for (const x of a) add(x);
  for (const x of b) add(x);
  return drain();
}

/** The exact sum of a canonical sum and one finite number. */
export function exactAddValue(a: readonly number[], x: number): number[] {
  if (x === 0) return a.slice();
  if (a.length === 0) return [x];
  used = 0;
  for (const y of a) add(y);
  add(x);
  return drain();
}

/**
 * A running exact sum for one-pass corpus statistics: `add` numbers, then `value()` gives the
 * canonical list. Reuses one expansion buffer.
 */
export class ExactSum {
  private parts = new Float64Array(16);
  private n = 0;

  /** Adds a finite number exactly. */
  add(x: number): void {
    if (x === 0) return;
    if (this.n + 1 >= this.parts.length) {
      const bigger = new Float64Array(this.parts.length * 2);
      bigger.set(this.parts);
      this.parts = bigger;
    }
    this.n = growExpansion(this.parts, this.n, x);
  }

  /** The canonical list of the sum so far. */
  value(): number[] {
    used = 0;
    for (let i = 0; i < this.n; i++) add(this.parts[i]!);
    return drain();
  }
}

/** The correctly rounded value of a canonical sum. */
export function exactValue(a: readonly number[]): number {
  return a.length === 0 ? 0 : a[0]!;
}

/** True when `a` is a canonical sum: finite non-zero numbers that canonicalize to themselves. */
export function isCanonical(a: unknown): a is number[] {
  if (!Array.isArray(a)) return false;
  for (const x of a) if (typeof x !== "number" || !Number.isFinite(x) || x === 0) return false;
  if (a.length <= 1) return true;
  used = 0;
  for (const x of a as number[]) add(x);
  const c = drain();
  return c.length === a.length && c.every((x, i) => Object.is(x, a[i]));
}
