import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lcsLength, lcsLengthMasked, popcount32 } from "../src/index.js";

/** Masks of `a` (one row per distinct element, in order of first appearance) and the rows of `b`. */
function masksOf(a: readonly number[], b: readonly number[]): { masks: Uint32Array; words: number; rows: Int32Array } {
  const distinct = [...new Set(a)];
  const words = (a.length + 31) >>> 5;
  const masks = new Uint32Array(Math.max(1, distinct.length) * words);
  a.forEach((x, i) => (masks[distinct.indexOf(x) * words + (i >>> 5)]! |= 1 << (i & 31)));
  return { masks, words, rows: Int32Array.from(b, (x) => distinct.indexOf(x)) };
}

describe("LCS on kept masks", () => {
  it("equals lcsLength for one and several mask words (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 1, maxLength: 120 }), fc.array(fc.integer({ min: 0, max: 7 }), { maxLength: 120 }), (a, b) => {
        const { masks, words, rows } = masksOf(a, b);
        expect(lcsLengthMasked(masks, words, a.length, rows, rows.length, new Uint32Array(words))).toBe(lcsLength(a, b));
      }),
      { numRuns: 400 },
    );
  });

  it("counts set bits", () => {
    for (const [x, n] of [[0, 0], [1, 1], [0xffffffff, 32], [0x80000001, 2], [-1, 32], [0x55555555, 16]] as const) expect(popcount32(x)).toBe(n);
  });
});
