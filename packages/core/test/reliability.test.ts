/** Issue 13, item 14 (library side) and the shared tokenizer checks of item 3. */
import { describe, expect, it } from "vitest";
import { checkedTokenizer, isGramscoreError, preferContext, toSegments } from "../src/index.js";

describe("toSegments with references given as a string", () => {
  it("says it got a string, not that a reference stream is missing", () => {
    let caught: unknown;
    try {
      toSegments(["the cat"], "the cat" as unknown as string[][]);
    } catch (error) {
      caught = error;
    }
    expect(isGramscoreError(caught, "INVALID_TYPE")).toBe(true);
    expect((caught as Error).message).toContain('but got the string "the cat"');
    expect((caught as Error).message).toContain("[[ref]]");
  });
});

describe("checkedTokenizer and preferContext", () => {
  it("refuses non-string tokens and wraps exceptions, naming the tokenizer, plugin and metric", () => {
    const bad = checkedTokenizer({ name: "n", signature: "n", tokenize: () => [1 as unknown as string] }, "m", "p");
    expect(() => bad.tokenize("x")).toThrow(/tokenizer "n" of plugin "p" used by m returned a token that is not a string/);
    const boom = checkedTokenizer({ name: "b", signature: "b", tokenize: () => { throw new Error("kaboom"); } }, "m", "p");
    try {
      boom.tokenize("x");
    } catch (error) {
      expect(isGramscoreError(error, "PLUGIN_FAILED")).toBe(true);
      expect((error as Error).message).toContain('tokenizer "b" of plugin "p" used by m threw: kaboom');
    }
    expect.assertions(3);
  });

  it("prefers the context only for names a user plugin registered, not the metric's own package", () => {
    const ctx = (plugin: string, user: boolean) => ({ tokenizer: () => ({ name: "x", signature: "x", tokenize: () => [] }), origin: () => ({ plugin, user }) });
    expect(preferContext("13a", ctx("mine", true))).toBe(true);
    expect(preferContext("13a", ctx("mine", false))).toBe(false);
    expect(preferContext("13a", ctx("@gramscore/tokenizer-sacrebleu", true), ["@gramscore/tokenizer-sacrebleu"])).toBe(false);
    expect(preferContext("13a", undefined)).toBe(false);
  });
});
