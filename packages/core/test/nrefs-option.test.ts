import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, readNrefsOption } from "@gramscore/core";

describe("readNrefsOption", () => {
  it("reads counts, digit strings, var and nothing", () => {
    expect(readNrefsOption(3, "chrF")).toBe(3);
    expect(readNrefsOption("12", "chrF")).toBe(12);
    expect(readNrefsOption("var", "TER")).toBe("var");
    for (const none of [undefined, null, ""]) expect(readNrefsOption(none, "TER")).toBeUndefined();
  });

  it("refuses anything else naming the metric, what it must be and what came", () => {
    for (const bad of [0, -1, 1.5, "1.5", " 2", "x", true, [1]]) {
      let caught: unknown;
      try {
        readNrefsOption(bad, "chrF");
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(GramscoreError);
      expect((caught as GramscoreError).code).toBe(ErrorCode.INVALID_OPTION);
      expect((caught as GramscoreError).details).toEqual({ option: "nrefs" });
      expect((caught as GramscoreError).message).toMatch(/^chrF option nrefs must be the number of references per segment .* but got /);
    }
  });
});
