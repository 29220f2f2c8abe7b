import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, log } from "@gramscore/core";
import plugin, { createNist, nist, nistMemoryLimit, parseNistStats, segmentBytes, sentenceNist, setNistMemoryLimit } from "@gramscore/metric-nist";
import { codeOf } from "../../../tooling/test/errors.js";


// NLTK 3.8's docstring examples (nist_score.py); the values are what NLTK 3.8 returns on str.split() tokens.
const hyp1 = "It is a guide to action which ensures that the military always obeys the commands of the party";
const hyp2 = "he read the book because he was interested in world history";
const ref1a = "It is a guide to action that ensures that the military will forever heed Party commands";
const ref1b = "It is the guiding principle which guarantees the military forces always being under the command of the Party";
const ref1c = "It is the practical guide for the army always to heed the directions of the party";
const ref2a = "he was interested in world history because he read the book";

describe("NIST API", () => {
  it("gives NLTK's values", () => {
    expect(sentenceNist(hyp1, [ref1a, ref1b, ref1c]).score).toBe(3.3709935957649324);
    const corpus = nist([hyp1, hyp2], [[ref1a, ref2a], [ref1b, null], [ref1c, null]]);
    expect(corpus.score).toBe(4.470194960276452);
    expect(corpus.signature).toBe("n:5|tok:none|version:gramscore-0.1.0");
    expect(nist([hyp1, hyp2], [[ref1a, ref2a], [ref1b, null], [ref1c, null]], { maxNgramOrder: 3 }).score).toBe(4.470194960276452);
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["nist"]);
  });

  it("orders without hypothesis n-grams add 0 (NLTK raises ZeroDivisionError there)", () => {
    const short = sentenceNist("a b", ["a b c"], { maxNgramOrder: 5 });
    const n2 = sentenceNist("a b", ["a b c"], { maxNgramOrder: 2 });
    expect(short.score).toBe(n2.score);
    expect(short.precisions.slice(2)).toEqual([0, 0, 0]);
    expect(sentenceNist("a", [""]).score).toBe(0);
  });

  it("statistics past the memory limit are refused with LIMIT_EXCEEDED naming the size, before they are built", () => {
    const m = createNist();
    const seg = (i: number) => ({ hyp: `the cat ${i} sat on the mat`, refs: [`the cat ${i} is on the mat`, `a cat ${i} sat on a mat`] });
    const one = m.stats(seg(1).hyp, seg(1).refs);
    const bytes = segmentBytes(one.chunks[0]![0]!);
    expect(nistMemoryLimit()).toBe(2 ** 31);
    const before = setNistMemoryLimit(bytes * 3 + 1);
    try {
      let acc = m.empty();
      for (let i = 0; i < 3; i++) acc = m.merge(acc, m.stats(seg(i).hyp, seg(i).refs));
      const grow = () => m.merge(acc, m.stats(seg(3).hyp, seg(3).refs));
      expect(grow).toThrow(expect.objectContaining({ code: "LIMIT_EXCEEDED", message: expect.stringMatching(/4 segments would take about .* MiB, over its memory limit/) }));
      expect(() => m.corpusStats!([0, 1, 2, 3].map(seg))).toThrow(expect.objectContaining({ code: "LIMIT_EXCEEDED" }));
      expect(() => parseNistStats(JSON.parse(JSON.stringify(m.corpusStats!([0, 1, 2].map(seg)))))).not.toThrow();
      const four = { chunks: [[0, 1, 2, 3].map((i) => [seg(i).hyp.split(" "), ...seg(i).refs.map((r) => r.split(" "))])] };
      expect(() => parseNistStats(four)).toThrow(expect.objectContaining({ code: "LIMIT_EXCEEDED" }));
      // Within the limit nothing changes.
      expect(m.score(acc, "corpus").score).toBe(nist([0, 1, 2].map((i) => seg(i).hyp), [[0, 1, 2].map((i) => seg(i).refs[0]!), [0, 1, 2].map((i) => seg(i).refs[1]!)]).score);
    } finally {
      setNistMemoryLimit(before);
    }
    expect(() => setNistMemoryLimit(0)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });

  it("rejects bad options, inputs and statistics with coded errors", () => {
    expect(codeOf(() => createNist({ maxNgramOrder: 0 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createNist({ maxNgramOrder: 2.5 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createNist({ maxOrder: 4 } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createNist({ tokenize: "13a" }))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(codeOf(() => createNist().stats("a", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createNist().stats("a", [null as never]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => nist(["a", "b"], [["a"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => parseNistStats({ segments: [] }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => parseNistStats({ chunks: [[[["a"]]]] }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => parseNistStats({ chunks: [[[["a"], [1]]]] }))).toBe(ErrorCode.INVALID_STATS);
    const parsed = parseNistStats({ chunks: [[[["a"], ["a"]]], [[["b"], ["b"]], [["c"], ["c"]]]] });
    expect(parsed.chunks.map((c) => c.length)).toEqual([2, 1]);
  });

  it("a custom tokenizer is used and checked; explain shows weights and the chosen references", () => {
    const m = createNist({ tokenize: (t: string) => t.toLowerCase().split(" ") });
    expect(m.signature()).toBe("n:5|tok:custom|version:gramscore-0.1.0");
    expect(m.tokens("A b")).toEqual(["a", "b"]);
    const bad = createNist({ tokenize: (() => "oops") as never });
    expect(codeOf(() => bad.stats("a", ["a"]))).toBe(ErrorCode.INVALID_TYPE);
    const e = createNist({ maxNgramOrder: 2 }).explain("a b c", ["a b", "a b c d"]);
    expect(e.score).toBe(sentenceNist("a b c", ["a b", "a b c d"], { maxNgramOrder: 2 }).score);
    expect(e.orders.map((o) => o.reference)).toEqual([1, 1]);
    // 6 reference words, "a" twice: log2(6 / 2).
    expect(e.orders[0]!.matched[0]).toEqual({ ngram: ["a"], count: 1, weight: log(3) / log(2) });
    expect(createNist().format(createNist().score(createNist().stats(hyp1, [ref1a]), "segment"))).toMatch(/^NIST = \d+\.\d{4}$/);
  });
});
