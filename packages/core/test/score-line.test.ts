import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { ErrorCode, checkWidth, formatFixed, formatScoreLine, isGramscoreError } from "../src/index.js";

describe("checkWidth / formatScoreLine", () => {
  it("prints NAME = SCORE rounded half to even, the fallback width when none is given", () => {
    expect(formatScoreLine("chrF2", 59.025, undefined, 2)).toBe(`chrF2 = ${formatFixed(59.025, 2)}`);
    expect(formatScoreLine("TER", 0.125, 2, 4)).toBe("TER = 0.12");
    expect(formatScoreLine("GLEU", 1, 0, 4)).toBe("GLEU = 1");
  });

  it("refuses widths that are not integers from 0 to 100, saying what came", () => {
    for (const bad of [-1, 101, 1.5, Number.NaN, "2", null]) {
      let caught: unknown;
      try {
        checkWidth(bad);
      } catch (error) {
        caught = error;
      }
      expect(isGramscoreError(caught) && caught.code === ErrorCode.INVALID_OPTION).toBe(true);
      expect((caught as Error).message).toMatch(/must be an integer from 0 to 100, but got/);
    }
  });

  it("agrees with formatFixed for every valid width", () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 100 }), (x, w) => {
        expect(formatScoreLine("X", x, w, 4)).toBe(`X = ${formatFixed(x, checkWidth(w))}`);
      }),
      { numRuns: 200 },
    );
  });
});
