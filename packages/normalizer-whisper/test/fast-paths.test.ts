/**
 * The fast paths of the normalizers (ASCII text, Latin-1 text, strings without the triggers of a step)
 * against the general path, which runs every step as Python does, on strings built from the characters
 * and words each fast path tests for, so that a fast path taken where it should not be, or a trigger it
 * misses, shows up as a difference.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { basicGeneral, basicNormalize } from "../src/basic.js";

/** Printable ASCII, tabs and newlines, Latin-1, General Punctuation and its neighbours, and a few marks and compatibility characters. */
const CHARS: readonly string[] = (() => {
  const out: string[] = ["\t", "\n", "\r", "\x0b", "\x1c", "\x85", "\u0301", "\u0308", "\u0327", "ﬁ", "①", "İ", "Σ", "ẞ"];
  for (let c = 0x20; c <= 0x7f; c++) out.push(String.fromCharCode(c));
  for (let c = 0x80; c <= 0xff; c++) out.push(String.fromCharCode(c));
  for (let c = 0x2000; c <= 0x2070; c++) out.push(String.fromCharCode(c));
  return out;
})();

/** Strings of those characters, with letters and spaces frequent enough to make words. */
const latinText = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(..."abcXYZ  ") }, { weight: 2, arbitrary: fc.constantFrom(...CHARS) }), { maxLength: 40 })
  .map((parts) => parts.join(""));

const RUNS = 3000;

describe("basic normalizer: fast paths against the general path", () => {
  for (const removeDiacritics of [false, true]) {
    it(`agree on text of ASCII, Latin-1 and punctuation (removeDiacritics ${String(removeDiacritics)})`, () => {
      fc.assert(
        fc.property(latinText, (s) => basicNormalize(s, { removeDiacritics }) === basicGeneral(s, { removeDiacritics })),
        { numRuns: RUNS },
      );
    });
    it(`agree on every character of those ranges between letters, spaces and punctuation (removeDiacritics ${String(removeDiacritics)})`, () => {
      for (const c of CHARS) {
        for (const s of [c, `a${c}b`, `A ${c} .`, `${c}${c}`, `é${c}e`, `(${c})x`]) {
          expect(basicNormalize(s, { removeDiacritics }), JSON.stringify(s)).toBe(basicGeneral(s, { removeDiacritics }));
        }
      }
    });
  }
});
