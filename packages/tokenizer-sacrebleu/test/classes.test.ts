import { isPythonWhitespace } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { DASH, DIGIT, DOT_COMMA, OTHER, PUNCT, SPLIT, SURROGATE, WS, buildTable, isMtevalPunct } from "../src/classes.js";
import { isCjkChar } from "../src/index.js";

/** The class of code unit `u` by the definitions, one test after another. */
function classOf(u: number, split: ((u: number) => boolean) | null): number {
  if (isPythonWhitespace(u)) return WS;
  if (u >= 0x30 && u <= 0x39) return DIGIT;
  if (u === 0x2e || u === 0x2c) return DOT_COMMA;
  if (u === 0x2d) return DASH;
  if (isMtevalPunct(u)) return PUNCT;
  if (u >= 0xd800 && u <= 0xdfff) return SURROGATE;
  if (split !== null && split(u)) return SPLIT;
  return OTHER;
}

describe("class tables", () => {
  it("classify every BMP code unit as the definitions do, with and without SPLIT characters", () => {
    for (const split of [null, (u: number) => isCjkChar(u), (u: number) => u % 3 === 0]) {
      const table = buildTable(split);
      let differ = 0;
      for (let u = 0; u < 0x10000; u++) if (table[u] !== classOf(u, split)) differ++;
      expect(differ).toBe(0);
    }
  });
});
