import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCode,
  GramscoreError,
  assertText,
  defineMetric,
  definePlugin,
  defineTokenizer,
  describeValue,
  findLoneSurrogate,
  formatSignature,
  isGramscoreError,
  parseSignature,
  toTokenizer,
} from "@gramscore/core";
import { createToyMetric } from "./toy-metric.js";

describe("descriptors", () => {
  it("define* add the kind and keep everything else", () => {
    const tok = defineTokenizer({ name: "chars", description: "one token per code point", create: () => toTokenizer((t) => Array.from(t), "chars") });
    const met = defineMetric({ name: "toy", description: "toy", create: () => createToyMetric() });
    const plugin = definePlugin({ name: "demo", tokenizers: [tok], metrics: [met] });
    expect(tok.kind).toBe("tokenizer");
    expect(met.kind).toBe("metric");
    expect(plugin).toMatchObject({ kind: "plugin", name: "demo" });
    expect(tok.create().tokenize("a😀")).toEqual(["a", "😀"]);
  });
});

describe("toTokenizer", () => {
  it("accepts a function, a partial object or a full tokenizer", () => {
    const f = toTokenizer((t) => t.split("-"), "dash");
    expect(f).toMatchObject({ name: "dash", signature: "dash" });
    expect(f.tokenize("a-b")).toEqual(["a", "b"]);
    const o = toTokenizer({ tokenize: (t: string) => [t] });
    expect(o).toMatchObject({ name: "custom", signature: "custom" });
    const full = { name: "x", signature: "x+opt", tokenize: (t: string) => [t] };
    expect(toTokenizer(full)).toBe(full);
  });
  it("refuses a tokenizer that returns something other than string[]", () => {
    expect(() => toTokenizer(((t: string) => t) as never, "oops").tokenize("ab")).toThrow(/must return an array of strings, but returned the string "ab"/);
    expect(() => toTokenizer({ tokenize: () => [1, 2] as never }).tokenize("x")).toThrow(GramscoreError);
  });
  it("rejects anything else with INVALID_TYPE", () => {
    expect(() => toTokenizer(42 as never)).toThrow(GramscoreError);
    expect(() => toTokenizer(null as never)).toThrow(/must be a function/);
  });
});

describe("signatures", () => {
  it("formats like sacrebleu and parses back", () => {
    const s = formatSignature([["nrefs", 1], ["case", "mixed"], ["eff", false], ["tok", "13a"], ["skip", undefined], ["smooth", "exp"], ["version", "0.1.0"]]);
    expect(s).toBe("nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:0.1.0");
    expect(parseSignature(s)).toEqual({ nrefs: "1", case: "mixed", eff: "no", tok: "13a", smooth: "exp", version: "0.1.0" });
    expect(parseSignature("a:b:c|flag")).toEqual({ a: "b:c", flag: "" });
  });
});

describe("errors and text checks", () => {
  it("GramscoreError carries code, details and cause", () => {
    const cause = new Error("root");
    const e = new GramscoreError(ErrorCode.IO_ERROR, "could not read", { cause, details: { path: "x" } });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe("GramscoreError");
    expect(e.cause).toBe(cause);
    expect(e.details).toEqual({ path: "x" });
    expect(isGramscoreError(e)).toBe(true);
    expect(isGramscoreError(e, ErrorCode.USAGE)).toBe(false);
    expect(isGramscoreError(cause)).toBe(false);
  });
  it("finds lone surrogates but accepts astral pairs", () => {
    expect(findLoneSurrogate("ok 😀 𠀀")).toBe(-1);
    expect(findLoneSurrogate("ab\ud83d")).toBe(2);
    expect(findLoneSurrogate("\ude00x")).toBe(0);
    expect(findLoneSurrogate("\ude00\ud83d")).toBe(0);
    expect(assertText("fine", "x")).toBe("fine");
    expect(() => assertText("a\ud800", "hypothesis 3")).toThrow(/hypothesis 3 contains an unpaired UTF-16 surrogate U\+D800 at index 1/);
    expect(() => assertText(undefined, "hypothesis 3")).toThrow(/hypothesis 3 must be a string, but got undefined/);
  });
  it("finds the first lone surrogate exactly as a scan of the code units does (property)", () => {
    const naive = (s: string): number => {
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff) {
          const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
          if (d >= 0xdc00 && d <= 0xdfff) i++;
          else return i;
        } else if (c >= 0xdc00 && c <= 0xdfff) return i;
      }
      return -1;
    };
    const unit = fc.oneof(fc.constantFrom("a", "é", "„", "😀", "\ud800", "\udbff", "\udc00", "\udfff", " "), fc.string({ unit: "binary", maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 12 }), (parts) => {
        const s = parts.join("");
        expect(findLoneSurrogate(s)).toBe(naive(s));
      }),
      { numRuns: 500 },
    );
  });
  it("describes values briefly", () => {
    expect(describeValue([1, 2])).toBe("an array of length 2");
    expect(describeValue("x".repeat(50))).toMatch(/…"$/);
    expect(describeValue(5)).toBe("number 5");
    expect(describeValue({})).toBe("an object (Object)");
  });
});
