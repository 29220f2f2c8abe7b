import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { EDIT_DELETE, EDIT_INSERT, EDIT_MATCH, EDIT_SUBSTITUTE, LevenshteinAligner, editCounts } from "@gramscore/ngram";

/** The textbook Levenshtein DP (no prefix/suffix trimming, no bits). */
function plainDistance(a: readonly number[], b: readonly number[]): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    row = next;
  }
  return row[b.length]!;
}

/**
 * rapidfuzz's editops back-trace stated on the full DP matrix D[i][j] (i over a, j over b) instead
 * of bit vectors: common prefix and suffix matched first; then from (n1, n2): a deletion when
 * D[i][j] − D[i−1][j] = 1, else step back in b and take an insertion when
 * D[i][j−1] − D[i−1][j−1] = −1 (and j−1 > 0), else the diagonal.
 */
function naiveOps(a: readonly number[], b: readonly number[]): number[] {
  let p = 0;
  while (p < Math.min(a.length, b.length) && a[p] === b[p]) p++;
  let s = 0;
  while (s < Math.min(a.length, b.length) - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  const x = a.slice(p, a.length - s);
  const y = b.slice(p, b.length - s);
  const D: number[][] = [];
  for (let i = 0; i <= x.length; i++) {
    D.push([]);
    for (let j = 0; j <= y.length; j++) {
      if (i === 0) D[i]![j] = j;
      else if (j === 0) D[i]![j] = i;
      else D[i]![j] = Math.min(D[i - 1]![j]! + 1, D[i]![j - 1]! + 1, D[i - 1]![j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
  }
  const rev: number[] = [];
  let i = x.length;
  let j = y.length;
  while (i > 0 && j > 0) {
    if (D[i]![j]! - D[i - 1]![j]! === 1) {
      rev.push(EDIT_DELETE);
      i--;
    } else {
      j--;
      if (j > 0 && D[i]![j]! - D[i - 1]![j]! === -1) rev.push(EDIT_INSERT);
      else {
        i--;
        rev.push(x[i] === y[j] ? EDIT_MATCH : EDIT_SUBSTITUTE);
      }
    }
  }
  for (; i > 0; i--) rev.push(EDIT_DELETE);
  for (; j > 0; j--) rev.push(EDIT_INSERT);
  return [...Array<number>(p).fill(EDIT_MATCH), ...rev.reverse(), ...Array<number>(s).fill(EDIT_MATCH)];
}

const seq = (alphabet: number, max: number) => fc.array(fc.integer({ min: 0, max: alphabet - 1 }), { maxLength: max });

describe("LevenshteinAligner", () => {
  it("gives rapidfuzz's opcodes for its documented example (qabxcd → abycdf)", () => {
    const ids = (s: string) => Array.from(s, (c) => c.charCodeAt(0));
    const al = new LevenshteinAligner();
    expect(al.align(ids("qabxcd"), 6, ids("abycdf"), 6, true)).toBe(3);
    expect(Array.from(al.operations())).toEqual([EDIT_DELETE, EDIT_MATCH, EDIT_MATCH, EDIT_SUBSTITUTE, EDIT_MATCH, EDIT_MATCH, EDIT_INSERT]);
    expect([al.hits, al.substitutions, al.deletions, al.insertions]).toEqual([4, 1, 1, 1]);
  });

  it("equals the plain DP distance on random inputs, across 32-bit word boundaries", () => {
    const al = new LevenshteinAligner();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }).chain((k) => fc.tuple(seq(k, 140), seq(k, 140))), ([a, b]) => {
        expect(al.distance(a, a.length, b, b.length)).toBe(plainDistance(a, b));
      }),
      { numRuns: 400 },
    );
  });

  it("reproduces rapidfuzz's back-trace (stated on the full DP matrix) operation by operation", () => {
    const al = new LevenshteinAligner();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }).chain((k) => fc.tuple(seq(k, 100), seq(k, 100))), ([a, b]) => {
        al.align(a, a.length, b, b.length, true);
        const ops = Array.from(al.operations());
        expect(ops).toEqual(naiveOps(a, b));
        const count = (op: number) => ops.filter((o) => o === op).length;
        expect([al.hits, al.substitutions, al.deletions, al.insertions]).toEqual([count(EDIT_MATCH), count(EDIT_SUBSTITUTE), count(EDIT_DELETE), count(EDIT_INSERT)]);
      }),
      { numRuns: 400 },
    );
  });

  it("counts add up: H+S+D = |a|, H+S+I = |b|, S+D+I = distance; symmetric distance; 0 only for equal inputs", () => {
    const al = new LevenshteinAligner();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }).chain((k) => fc.tuple(seq(k, 80), seq(k, 80))), ([a, b]) => {
        const d = al.align(a, a.length, b, b.length);
        expect(al.hits + al.substitutions + al.deletions).toBe(a.length);
        expect(al.hits + al.substitutions + al.insertions).toBe(b.length);
        expect(al.substitutions + al.deletions + al.insertions).toBe(d);
        expect(al.distance(b, b.length, a, a.length)).toBe(d);
        expect(d === 0).toBe(a.length === b.length && a.every((x, i) => x === b[i]));
      }),
    );
  });

  it("reads only the given lengths, takes large ids, and reuses its buffers across sizes", () => {
    const al = new LevenshteinAligner();
    const a = new Int32Array([5, 1_000_000, 7, 99, 99]);
    const b = new Int32Array([5, 7, 1_000_000, 42]);
    expect(al.align(a, 3, b, 3)).toBe(2);
    expect(editCounts([1, 2, 3], [1, 2, 3])).toEqual({ hits: 3, substitutions: 0, deletions: 0, insertions: 0 });
    expect(editCounts([], [1, 2])).toEqual({ hits: 0, substitutions: 0, deletions: 0, insertions: 2 });
    expect(editCounts([1, 2], [])).toEqual({ hits: 0, substitutions: 0, deletions: 2, insertions: 0 });
    const long = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 50);
    const other = long.map((x, i) => (i % 13 === 0 ? x + 1 : x));
    expect(al.distance(long, long.length, other, other.length)).toBe(plainDistance(long, other));
    expect(al.distance([1, 2], 2, [2, 1], 2)).toBe(2);
  });

  it("refuses negative or fractional ids with a coded error", () => {
    const al = new LevenshteinAligner();
    expect(() => al.align([1, -1, 2], 3, [3], 1)).toThrow(GramscoreError);
    try {
      al.align([1, 2], 2, [0.5, 3], 2);
      expect.unreachable();
    } catch (e) {
      expect((e as GramscoreError).code).toBe(ErrorCode.INVALID_TYPE);
    }
  });
});
