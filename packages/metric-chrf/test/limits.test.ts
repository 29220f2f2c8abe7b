import { describe, expect, it } from "vitest";
import { isGramscoreError } from "@gramscore/core";
import { MAX_SEGMENT_TOKENS } from "../src/kernel.js";
import { createChrf } from "../src/index.js";

describe("chrF's size limit (issue 13, item 9)", () => {
  it("refuses a hypothesis longer than MAX_SEGMENT_TOKENS characters with LIMIT_EXCEEDED instead of crashing", () => {
    const chrf = createChrf();
    const hyp = "ab".repeat(MAX_SEGMENT_TOKENS / 2) + "c";
    let caught: unknown;
    try {
      chrf.stats(hyp, ["abc"]);
    } catch (error) {
      caught = error;
    }
    expect(isGramscoreError(caught, "LIMIT_EXCEEDED"), String(caught)).toBe(true);
    expect(String((caught as Error).message)).toContain(`at most ${MAX_SEGMENT_TOKENS} characters`);
    // The same metric still scores ordinary segments afterwards.
    expect(chrf.score(chrf.stats("the cat", ["the cat"]), "segment").score).toBe(100);
  });
});
