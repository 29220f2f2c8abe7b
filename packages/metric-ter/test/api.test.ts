import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import plugin, { createTer, parseTerStats, sentenceTer, ter, tercomTokens, terMetric, terOptionSpecs } from "@gramscore/metric-ter";
import { codeOf } from "../../../tooling/test/errors.js";

const DEFAULTS = { normalized: false, noPunct: false, asianSupport: false, lowercase: true };

describe("the tercom tokenizer (sacrebleu 2.6.0's outputs)", () => {
  it("default: lowercase and Python whitespace split only", () => {
    expect(tercomTokens("The  Cat's\u0085toy.\u00a0", DEFAULTS)).toEqual(["the", "cat's", "toy."]);
  });
  it("normalized: punctuation, possessives, numbers, entities, line joins", () => {
    const o = { ...DEFAULTS, normalized: true };
    expect(tercomTokens("The cat's toy costs $3.50, right?", o)).toEqual(["the", "cat", "'s", "toy", "costs", "$", "3.50", ",", "right", "?"]);
    expect(tercomTokens("a &amp;lt; b\nc\n-d 1,000.5 end. 5-6", o)).toEqual(["a", "<", "b", "cd", "1,000.5", "end", ".", "5", "-", "6"]);
  });
  it("noPunct and asianSupport", () => {
    expect(tercomTokens('Hello, (world)! "ok"?', { ...DEFAULTS, noPunct: true })).toEqual(["hello", "world", "ok"]);
    expect(tercomTokens("我喜欢猫。好！", { ...DEFAULTS, normalized: true, asianSupport: true })).toEqual(["我", "喜", "欢", "猫", "。", "好", "！"]);
    expect(tercomTokens("我喜欢猫。好！", { ...DEFAULTS, noPunct: true, asianSupport: true })).toEqual(["我喜欢猫好"]);
  });
});

describe("scores and edge cases (sacrebleu's rules)", () => {
  it("an empty reference string: edits are the hypothesis length, score 100", () => {
    const r = sentenceTer("a b c", [""]);
    expect([r.numEdits, r.refLength, r.score]).toEqual([3, 0, 100]);
    expect(sentenceTer("", [""]).score).toBe(0);
    expect(sentenceTer("", ["a b"]).score).toBe(100);
  });
  it("multiple references: the fewest edits, the average length", () => {
    const r = sentenceTer("a b c d", ["a b c d e f", "x b c d"]);
    expect([r.numEdits, r.refLength, r.nrefs]).toEqual([1, 5, 2]);
  });
  it("a shift counts one edit", () => {
    expect(sentenceTer("b c d a", ["a b c d"]).numEdits).toBe(1);
  });
  it("format: sacrebleu's line, half-even, width", () => {
    const m = createTer();
    const r = m.score(m.stats("a b c", ["a b x y z d e f"]), "segment");
    expect(r.score).toBe(75);
    expect(m.format(r)).toBe("TER = 75.00");
    expect(m.format({ ...r, score: 0.125 }, { width: 2 })).toBe("TER = 0.12");
    expect(m.format(r, { width: 0 })).toBe("TER = 75");
  });
  it("corpus: summed edits over summed average lengths; signature reads nrefs off the data", () => {
    const r = ter(["a b", "c d e"], [["a x", "c d e f"], [null, "c d"]]);
    expect(r.numEdits).toBe(1 + 1);
    expect(r.refLength).toBe(2 + 3);
    expect(r.signature).toBe("nrefs:var|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:gramscore-0.1.0");
  });
});

describe("errors", () => {
  it("coded GramscoreErrors like the other metrics", () => {
    const m = createTer();
    expect(codeOf(() => m.stats("a", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => m.stats(3 as unknown as string, ["a"]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => m.stats("a", [null as unknown as string]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => m.stats("a\ud800", ["a"]))).toBe(ErrorCode.LONE_SURROGATE);
    expect(codeOf(() => ter(["a", "b"], [["a"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => createTer({ normalized: "yes" as unknown as boolean }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createTer({ caseSensitive: true } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(() => createTer({ caseSensitive: true } as never)).toThrow(/lowercase \(caseSensitive: true is lowercase: false\)/);
    expect(() => createTer({ case_sensitive: true } as never)).toThrow(/lowercase/);
    expect(codeOf(() => createTer({ nrefs: 2 }).stats("a", ["a"]))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => parseTerStats({ edits: 1.5, refLength: [], nrefs: 1 }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => parseTerStats({ edits: 1, refLength: [1, 1], nrefs: 1 }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => parseTerStats({ edits: 1, refLength: [], nrefs: 0 }))).toBe(ErrorCode.INVALID_STATS);
    expect(parseTerStats({ edits: 3, refLength: [2.5], nrefs: 2 })).toEqual({ edits: 3, refLength: [2.5], nrefs: 2 });
  });
});

describe("plugin", () => {
  it("registers ter with sacrebleu's options (lowercase is the one name of case handling)", () => {
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["ter"]);
    expect(terOptionSpecs.map((s) => s.flag)).toEqual(["lowercase", "normalized", "no-punct", "asian-support", "tokenize-refs-once", "nrefs"]);
    const m = terMetric.create({ lowercase: false });
    expect(m.higherIsBetter).toBe(false);
    expect(evaluate(m, [{ hyp: "A b", refs: ["a b"] }]).corpus.score).toBe(50);
  });
});
