/**
 * The incremental shift search (column states kept for the current hypothesis, candidates scored
 * from the first changed column and stopped once their column equals the current one; words
 * interned by a stamped hash table) against the plain computation in plain-character.ts, on random
 * word sequences from small vocabularies (so that shifts, repeated words and ties are frequent),
 * references of up to 90 words (one, two and three 32-bit blocks: each has its own code).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pySplit } from "@gramscore/core";
import { cerScore, characterScore } from "../src/character.js";
import { plainCerScore, plainCharacter } from "./plain-character.js";

const word = fc.constantFrom("a", "b", "c", "d", "the", "cat", "Cat", "é", "😀", "\ud800", "ab", "ba", "x,y");
const few = fc.constantFrom("a", "b", "c");
const five = fc.constantFrom("a", "b", "c", "d", "e");
const words = (w: fc.Arbitrary<string>, max: number, min = 0) => fc.array(w, { minLength: min, maxLength: max, size: "max" });
const blank = fc.constantFrom(" ", "  ", "\t", "\u3000", "\n");
/** A text with Python whitespace of several kinds between and around the words. */
const text = (max: number) =>
  fc.tuple(words(word, max), fc.array(blank, { minLength: max + 1, maxLength: max + 1 })).map(([ws, bs]) => bs[0]! + ws.map((w, i) => w + bs[i + 1]!).join(""));

describe("characTER's shift search = the plain computation", () => {
  for (const [name, w, min, max] of [
    ["many words, one block", word, 0, 32],
    ["three words, one block", few, 0, 32],
    ["five words, two blocks", five, 33, 64],
    ["many words, two blocks", word, 33, 64],
    ["five words, three blocks", five, 65, 90],
  ] as const) {
    it(`${name}: score, shifts, shifted text, shift cost and distances, HF and rwth-i6 precision`, () => {
      fc.assert(
        fc.property(words(w, max), words(w, max, min), (h, r) => {
          for (const float32 of [false, true]) {
            if (r.length === 0 && !float32) continue;
            const got = cerScore(h, r, float32);
            const want = plainCerScore(h, r, float32);
            expect(got).toEqual(want);
            expect(Object.is(got.score, want.score)).toBe(true);
          }
        }),
        { numRuns: max > 64 ? 15 : max > 32 ? 40 : 300 },
      );
    });
  }

  it("a hypothesis that is a permutation of its reference (long shift chains)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f", "g"), { minLength: 1, maxLength: 50, size: "max" }).chain((r) => fc.tuple(fc.shuffledSubarray(r, { minLength: r.length, maxLength: r.length }), fc.constant(r))), ([h, r]) => {
        expect(cerScore(h, r, false)).toEqual(plainCerScore(h, r, false));
      }),
      { numRuns: 60 },
    );
  });

  it("characterScore splits texts as str.split() does and scores as the plain computation", () => {
    fc.assert(
      fc.property(text(25), text(25), (h, r) => {
        if (pySplit(r).length === 0) {
          expect(() => characterScore(h, r)).toThrow(/at least one word/);
          return;
        }
        expect(Object.is(characterScore(h, r), plainCharacter(h, r))).toBe(true);
        expect(characterScore(h, r)).toBe(cerScore(pySplit(h), pySplit(r), false).score);
      }),
      { numRuns: 500 },
    );
  });
});
