import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { lcsIndices, lcsLength, lcsLengthDense, unionLcsIndices } from "@gramscore/ngram";
import { smallIds } from "./arbitraries.js";
import { lcsTable, naiveLcsIndices, naiveUnionLcs } from "./naive.js";

const plainLcs = (a: number[], b: number[]) => lcsTable(a, b)[a.length]![b.length]!;

/** True when `idx` (ascending indices into a) spells a subsequence of b. */
function isCommonSubsequence(a: number[], b: number[], idx: ArrayLike<number>): boolean {
  let j = 0;
  let prev = -1;
  for (let k = 0; k < idx.length; k++) {
    const i = idx[k]!;
    if (i <= prev || i >= a.length) return false;
    prev = i;
    while (j < b.length && b[j] !== a[i]) j++;
    if (j === b.length) return false;
    j++;
  }
  return true;
}

describe("lcsLengthDense", () => {
  it("equals the plain DP on dense ids, past 32 and 64 bits, whatever the alphabet's spare room", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 150 }), fc.integer({ min: 0, max: 150 }), fc.integer(), (alphabet, spare, m, n, seed) => {
        let s = seed >>> 0;
        const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) % alphabet);
        const a = Array.from({ length: m }, rnd);
        const b = Array.from({ length: n }, rnd);
        expect(lcsLengthDense(a, b, alphabet + spare)).toBe(plainLcs(a, b));
        expect(lcsLengthDense(Int32Array.from(b), Int32Array.from(a), alphabet + spare)).toBe(plainLcs(a, b));
      }),
      { numRuns: 300 },
    );
  });

  it("rejects ids outside [0, alphabet) and a bad alphabet, naming the element", () => {
    const bad = (f: () => unknown, text: RegExp) => {
      try {
        f();
      } catch (error) {
        expect(error).toBeInstanceOf(GramscoreError);
        expect((error as GramscoreError).code).toBe(ErrorCode.INVALID_TYPE);
        expect((error as Error).message).toMatch(text);
        return;
      }
      throw new Error("no error");
    };
    bad(() => lcsLengthDense([0, 3], [1], 3), /first sequence.*\[0, 3\).*element 1 is number 3/);
    bad(() => lcsLengthDense([0], [-1], 3), /second sequence.*element 0 is number -1/);
    bad(() => lcsLengthDense([0.5], [0], 3), /element 0 is number 0\.5/);
    bad(() => lcsLengthDense([0], [0], 1.5), /alphabet size/);
    expect(lcsLengthDense([], [0, 1], 2)).toBe(0);
  });
});

describe("lcsLength", () => {
  it("small examples (worked by hand)", () => {
    // a b c b d a b vs b d c a b a: the classic CLRS pair, LCS length 4 (e.g. b c b a).
    expect(lcsLength([1, 2, 3, 2, 4, 1, 2], [2, 4, 3, 1, 2, 1])).toBe(4);
    expect(lcsLength([], [1, 2])).toBe(0);
    expect(lcsLength([1, 2, 3], [4, 5])).toBe(0);
    expect(lcsLength([5, 5, 5], [5, 5])).toBe(2);
  });

  it("equals the plain DP, including lengths past 32 and 64 bits", () => {
    fc.assert(
      fc.property(smallIds(150), smallIds(150), (a, b) => {
        expect(lcsLength(a, b)).toBe(plainLcs(a, b));
        expect(lcsLength(Int32Array.from(b), Int32Array.from(a))).toBe(plainLcs(a, b));
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 30, max: 200 }),
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 1, max: 6 }),
        fc.integer(),
        (m, n, alphabet, seed) => {
          let s = seed >>> 0;
          const rnd = () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) % alphabet);
          const a = Array.from({ length: m }, rnd);
          const b = Array.from({ length: n }, rnd);
          expect(lcsLength(a, b)).toBe(plainLcs(a, b));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("handles long equal runs that carry across words", () => {
    for (const m of [31, 32, 33, 63, 64, 65, 96, 97, 130]) {
      const a = new Array<number>(m).fill(7);
      expect(lcsLength(a, a)).toBe(m);
      expect(lcsLength(a, a.slice(1))).toBe(m - 1);
      expect(Array.from(lcsIndices(a, a.slice(3)))).toEqual(naiveLcsIndices(a, a.slice(3)));
    }
  });
});

describe("lcsIndices", () => {
  it("follows rouge-score's tie rule (worked by hand)", () => {
    // a = [x y], b = [y x]: T = [[0,0,0],[0,0,1],[0,1,1]]. At (2,2) no match and
    // T[2][1] = 1 is not > T[1][2] = 1, so go up to (1,2): x = x matches, giving index 0.
    expect(Array.from(lcsIndices([1, 2], [2, 1]))).toEqual([0]);
    // a = [x], b = [x x]: diagonal at (1,2) takes a[0].
    expect(Array.from(lcsIndices([1], [1, 1]))).toEqual([0]);
    // a = [x x], b = [x]: (2,1) matches first, so the LAST x of a is chosen.
    expect(Array.from(lcsIndices([1, 1], [1]))).toEqual([1]);
  });

  it("is a common subsequence of LCS length and equals the reference backtrack", () => {
    fc.assert(
      fc.property(smallIds(120, 5), smallIds(120, 5), (a, b) => {
        const idx = lcsIndices(a, b);
        expect(idx.length).toBe(plainLcs(a, b));
        expect(isCommonSubsequence(a, b, idx)).toBe(true);
        expect(Array.from(idx)).toEqual(naiveLcsIndices(a, b));
      }),
      { numRuns: 400 },
    );
  });
});

describe("unionLcsIndices", () => {
  it("unions per-candidate LCS indices (worked by hand)", () => {
    // ref = w1 w2 w3 w4 w5; c1 = w1 w2 w6 w7 w8 -> {0,1}; c2 = w1 w3 w8 w9 w5 -> {0,2,4}.
    // Union = {0,1,2,4} (the ROUGE paper's example: 4 hits of 5).
    expect(Array.from(unionLcsIndices([1, 2, 3, 4, 5], [[1, 2, 6, 7, 8], [1, 3, 8, 9, 5]]))).toEqual([0, 1, 2, 4]);
    expect(Array.from(unionLcsIndices([], [[1]]))).toEqual([]);
    expect(Array.from(unionLcsIndices([1], []))).toEqual([]);
  });

  it("equals the sorted union of the reference backtracks", () => {
    fc.assert(
      fc.property(smallIds(80, 6), fc.array(smallIds(50, 6), { maxLength: 5 }), (r, cs) => {
        expect(Array.from(unionLcsIndices(r, cs))).toEqual(naiveUnionLcs(r, cs));
      }),
      { numRuns: 300 },
    );
  });
});

describe("shared scratch buffers", () => {
  it("calls of any sizes in any order give the fresh-state answers, and results are never overwritten", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(smallIds(120, 5), fc.array(smallIds(90, 5), { maxLength: 3 })), { minLength: 1, maxLength: 6 }),
        (calls) => {
          const kept: [Int32Array, number[]][] = [];
          for (const [r, cs] of calls) {
            const union = unionLcsIndices(r, cs);
            const expected = naiveUnionLcs(r, cs);
            expect(Array.from(union)).toEqual(expected);
            kept.push([union, expected]);
            if (cs.length > 0) {
              const one = lcsIndices(r, cs[0]!);
              kept.push([one, naiveLcsIndices(r, cs[0]!)]);
              expect(lcsLength(r, cs[0]!)).toBe(one.length);
            }
          }
          for (const [got, expected] of kept) expect(Array.from(got)).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });
});
