/**
 * The fast edit distances behind characTER against the plain dynamic programme: Myers' bit-parallel
 * block algorithm (any length, any alphabet) and the string distance over code points (surrogate
 * pairs, lone surrogates, common prefixes and suffixes), on random inputs.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codePointArray, levenshtein, levenshteinDense, stringLevenshtein } from "../src/character.js";

/** Strings from a small alphabet with astral characters and lone surrogates, so that matches are frequent. */
const char = fc.constantFrom("a", "b", "c", " ", "é", "😀", "𝔸", "\ud800", "\udc00", "中");
const str = (max: number) => fc.array(char, { maxLength: max, size: "max" }).map((cs) => cs.join(""));
/** The same without lone surrogates (two of which would pair up when strings are concatenated). */
const paired = (max: number) => fc.array(fc.constantFrom("a", "b", " ", "é", "😀", "𝔸", "中"), { maxLength: max, size: "max" }).map((cs) => cs.join(""));

describe("edit distances", () => {
  it("levenshteinDense equals the plain programme for patterns of 0 to 100 symbols (1 to 4 blocks)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 100, size: "max" }), fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 100, size: "max" }), (a, b) => {
        expect(levenshteinDense(a, b, 6)).toBe(levenshtein(a, b));
        expect(levenshteinDense(b, a, 6)).toBe(levenshtein(a, b));
      }),
      { numRuns: 400 },
    );
  });

  it("stringLevenshtein equals the plain programme on code points, and is symmetric", () => {
    fc.assert(
      fc.property(fc.oneof(str(10), str(80)), fc.oneof(str(10), str(80)), (a, b) => {
        const want = levenshtein(codePointArray(a), codePointArray(b));
        expect(stringLevenshtein(a, b)).toBe(want);
        expect(stringLevenshtein(b, a)).toBe(want);
      }),
      { numRuns: 400 },
    );
  });

  it("shared prefixes and suffixes do not change the distance", () => {
    fc.assert(
      fc.property(paired(40), paired(40), paired(40), paired(40), (p, a, b, q) => {
        expect(stringLevenshtein(p + a + q, p + b + q)).toBe(levenshtein(codePointArray(a), codePointArray(b)));
      }),
      { numRuns: 300 },
    );
  });

  it("hand cases", () => {
    expect(stringLevenshtein("kitten", "sitting")).toBe(3);
    expect(stringLevenshtein("", "😀😀")).toBe(2);
    expect(stringLevenshtein("a😀b", "a😁b")).toBe(1);
    expect(stringLevenshtein("x".repeat(33), "y".repeat(33))).toBe(33);
    expect(stringLevenshtein("ab".repeat(40), "ba".repeat(40))).toBe(2);
  });
});
