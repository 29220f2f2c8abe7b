import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import plugin, { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";
import { codeOf } from "../../../tooling/test/errors.js";

const texts = ["the cat sat on the mat .", "the dog sat on the log .", "a bird flew away"];
const segs = texts.map((hyp) => ({ hyp, refs: [] as string[] }));

describe("metric-diversity API", () => {
  it("registers four metrics, none of which needs references", () => {
    expect(plugin.metrics?.map((m) => m.name)).toEqual(["distinct", "distinct-mean", "self-bleu", "self-bleu-sacrebleu"]);
    expect(evaluate(createDistinct(), segs).count).toBe(3);
  });

  it("distinct-2 counts distinct bigrams of the corpus over all its bigrams", () => {
    const m = createDistinct();
    const r = m.score(m.corpusStats(segs), "corpus");
    // 6 + 6 + 3 bigrams; "sat on", "on the" repeat: 13 distinct of 15.
    expect([r.distinct, r.total, r.score]).toEqual([13, 15, 13 / 15]);
    expect(r.name).toBe("distinct-2");
    expect(m.format(r)).toBe("distinct-2 = 0.8667");
    expect(m.signature()).toMatch(/^distinct:corpus\|n:2\|tok:none\|version:/);
    expect(m.explain("a a a").ngrams).toEqual([{ ngram: "a a", count: 2 }]);
  });

  it("distinct-mean divides each text's distinct n-grams by its tokens (Distinct-N), empty text 0", () => {
    const m = createDistinctMean({ n: 1 });
    const r = m.score(m.corpusStats!([{ hyp: "a a b", refs: [] }, { hyp: "", refs: [] }]), "corpus");
    expect(r.score).toBe(2 / 3 / 2);
    expect(m.signature()).toMatch(/^distinct:mean-per-text\|n:1\|tok:none\|/);
    expect(m.score(m.stats("a a b", []), "segment").score).toBe(2 / 3);
  });

  it("Self-BLEU: identical texts give 1 (Texygen) and 100 (sacrebleu); names and signatures differ per definition", () => {
    const same = ["a b c d", "a b c d"];
    expect(createSelfBleu().compute(same).score).toBe(1);
    // sacrebleu 2.6.0 prints 100.00000000000004 here too: exp(4 · log(100) / 4).
    expect(createSacrebleuSelfBleu().compute(same).score).toBe(100.00000000000004);
    const t = createSelfBleu({ gram: 4 });
    expect(t.signature()).toMatch(/^self-bleu:texygen\|bleu:nltk\|gram:4\|smooth:method1\[0\.1\]\|tok:treebank\|version:/);
    expect(createSacrebleuSelfBleu({ level: "corpus", smoothMethod: "none" }).signature()).toMatch(
      /^self-bleu:sacrebleu-corpus\|case:mixed\|eff:no\|tok:13a\|smooth:none\|order:4\|version:/,
    );
    const r = t.compute(texts);
    expect(t.format(r)).toMatch(/^Self-BLEU-4 = 0\.\d{4}$/);
    expect(r.scores).toHaveLength(3);
  });

  it("Self-BLEU statistics are the token lists; merging concatenates them", () => {
    const m = createSelfBleu();
    const merged = m.merge(m.stats("a b", []), m.stats("c", []));
    expect(merged).toEqual({ texts: [["a", "b"], ["c"]] });
    expect(m.parseStats(JSON.parse(JSON.stringify(merged)))).toEqual(merged);
  });

  it("bad input is a coded error", () => {
    expect(codeOf(() => createSelfBleu().compute(["only one"]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createSelfBleu().score(createSelfBleu().stats("x", []), "segment"))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createSelfBleu().compute("a b" as unknown as string[]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createSelfBleu().compute(["a", 3 as unknown as string]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createSelfBleu({ gram: 0 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createSelfBleu({ weights: [1] } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createSacrebleuSelfBleu({ level: "document" as never }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createDistinct({ n: 1.5 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createDistinct({ tokenize: "no-such-tokenizer" }))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(codeOf(() => createDistinct({ n: 3 }).score(createDistinct({ n: 3 }).stats("a b", []), "corpus"))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createDistinctMean().score(createDistinctMean().empty(), "corpus"))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createDistinct().stats(7 as unknown as string, []))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createDistinct().stats("a", "ref" as unknown as string[]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createDistinct().corpusStats([{ hyp: "a", refs: [] }, { hyp: null as never, refs: [] }]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createDistinct().parseStats({ ngrams: ["a", "a"], total: 2 }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => createDistinctMean().parseStats({ texts: [3, 2] }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => createSelfBleu().parseStats({ texts: ["a b"] }))).toBe(ErrorCode.INVALID_STATS);
  });

  it("a record error names its index", () => {
    try {
      createDistinct().corpusStats([{ hyp: "a", refs: [] }, { hyp: 5 as never, refs: [] }]);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/^Record 1: /);
    }
  });
});
