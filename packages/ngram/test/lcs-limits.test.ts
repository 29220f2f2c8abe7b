/** Issue 13, item 10: LCS masks only for tokens on both sides, and a limit instead of runaway memory. */
import { describe, expect, it } from "vitest";
import { isGramscoreError } from "@gramscore/core";
import { lcsIndices, lcsLength, lcsLengthDense, lcsLimits, setLcsCellLimit, setLcsMaskLimit, unionLcsIndices } from "../src/index.js";
import { naiveLcsIndices } from "./naive.js";

describe("LCS bit masks are bounded by the tokens both sides share", () => {
  it("scores 100k distinct tokens against a short text without allocating masks for all of them", () => {
    const n = 100_000;
    const a = Int32Array.from({ length: n }, (_, i) => i);
    const b = Int32Array.from([5, 3, 99_999, 7, 12, 8]);
    // The masks of every distinct id of a would take 100k × 3125 words (1.25 GB): with a limit of
    // 2^20 words, only masks for the shared ids (5) fit.
    const previous = setLcsMaskLimit(1 << 20);
    try {
      const expected = naiveLcsIndices(Array.from(a), Array.from(b)).length;
      expect(expected).toBe(3);
      expect(lcsLength(a, b)).toBe(expected);
      expect(lcsLength(b, a)).toBe(expected);
      expect(lcsLengthDense(a, b, n)).toBe(expected);
    } finally {
      setLcsMaskLimit(previous);
    }
  });

  it("throws LIMIT_EXCEEDED past the limit, and the limit can be raised", () => {
    const a = Int32Array.from({ length: 4096 }, (_, i) => i);
    const b = Int32Array.from({ length: 4096 }, (_, i) => 4095 - i);
    const previous = setLcsMaskLimit(1000);
    try {
      let caught: unknown;
      try {
        lcsLength(a, b);
      } catch (error) {
        caught = error;
      }
      expect(isGramscoreError(caught, "LIMIT_EXCEEDED")).toBe(true);
      expect((caught as Error).message).toContain("setLcsMaskLimit");
      setLcsMaskLimit(1 << 20);
      expect(lcsLength(a, b)).toBe(1);
    } finally {
      setLcsMaskLimit(previous);
    }
  });
});

describe("a documented, overridable limit on the size of one LCS table", () => {
  it("throws LIMIT_EXCEEDED at once past the cell limit, for every LCS function, and can be raised", () => {
    const a = Int32Array.from({ length: 3000 }, (_, i) => i % 7);
    const b = Int32Array.from({ length: 3000 }, (_, i) => i % 5);
    const previous = setLcsCellLimit(1_000_000);
    try {
      for (const run of [() => lcsLength(a, b), () => lcsLengthDense(a, b, 7), () => lcsIndices(a, b), () => unionLcsIndices(a, [b])]) {
        let caught: unknown;
        try {
          run();
        } catch (error) {
          caught = error;
        }
        expect(isGramscoreError(caught, "LIMIT_EXCEEDED"), String(caught)).toBe(true);
        expect((caught as Error).message).toContain("9000000 cells, more than the limit of 1000000");
      }
      setLcsCellLimit(10_000_000);
      expect(lcsLength(a, b)).toBe(lcsIndices(a, b).length);
    } finally {
      setLcsCellLimit(previous);
    }
  });
});

describe("lcsLimits", () => {
  it("reports the limits in effect and follows the setters", () => {
    expect(lcsLimits()).toEqual({ cells: 2 ** 36, maskWords: 2 ** 28 });
    const cells = setLcsCellLimit(1234);
    const words = setLcsMaskLimit(99);
    try {
      expect(lcsLimits()).toEqual({ cells: 1234, maskWords: 99 });
    } finally {
      setLcsCellLimit(cells);
      setLcsMaskLimit(words);
    }
    expect(lcsLimits()).toEqual({ cells: 2 ** 36, maskWords: 2 ** 28 });
  });
});
