import { ErrorCode, GramscoreError, evaluate } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import {
  VERSION,
  bleu,
  createHfBleu,
  createNltkBleu,
  hfBleu,
  nltkCorpusBleu,
  nltkCorpusBleuDetails,
  nltkSentenceBleu,
} from "@gramscore/metric-bleu";

function errorOf(fn: () => unknown): GramscoreError | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    return error as GramscoreError;
  }
  return undefined;
}

const t = (s: string) => s.split(" ").filter((x) => x !== "");

describe("NLTK mode", () => {
  it("scores token lists on NLTK's 0-1 scale", () => {
    expect(nltkSentenceBleu([t("a b c d")], t("a b c d"))).toBe(1);
    const d = nltkCorpusBleuDetails([[t("a b d e"), t("a b c")]], [t("a b c")]);
    expect(d).toMatchObject({ matches: [3, 2, 1, 0], totals: [3, 2, 1, 1], hypLen: 3, refLen: 3, bp: 1 });
  });

  it("takes several weight lists at once, as NLTK 3.8 does", () => {
    const scores = nltkSentenceBleu([t("a b d")], t("a b c"), { weights: [[1], [0.5, 0.5]] });
    expect(scores).toEqual([0.6666666666666666, 0.5773502691896257]);
    expect(nltkSentenceBleu([t("a b d")], t("a b c"), { weights: [1] })).toBe(0.6666666666666666);
    // Weight lists as a command line gives them.
    expect(nltkSentenceBleu([t("a b d")], t("a b c"), { weights: ["0.5", "0.5"] })).toBe(0.5773502691896257);
  });

  it("auto_reweigh spreads the default weights over a hypothesis shorter than 4", () => {
    // Without it, the two missing orders become sys.float_info.min: exp(0.5 * log(2^-1022)) ≈ 2^-511.
    expect(nltkSentenceBleu([t("rain again")], t("rain again")) / 2 ** -511).toBeCloseTo(1, 12);
    expect(nltkSentenceBleu([t("rain again")], t("rain again"), { autoReweigh: true })).toBe(1);
  });

  it("reproduces the corpus quirk of methods 5-7: the last segment decides", () => {
    const segs = [
      { refs: [t("a b c d e f")], hyp: t("a b c d e f") },
      { refs: [t("x y z w v u")], hyp: t("x y q w v u") },
    ];
    const forward = nltkCorpusBleu(segs.map((s) => s.refs), segs.map((s) => s.hyp), { smoothing: 5 });
    const backward = nltkCorpusBleu([...segs].reverse().map((s) => s.refs), [...segs].reverse().map((s) => s.hyp), { smoothing: 5 });
    expect(forward).not.toBe(backward);
    const m3 = (order: typeof segs) => nltkCorpusBleu(order.map((s) => s.refs), order.map((s) => s.hyp), { smoothing: 3 });
    expect(m3(segs)).toBe(m3([...segs].reverse()));
  });

  it("raises where NLTK raises, with NLTK's error in the details", () => {
    const e = errorOf(() => nltkSentenceBleu([t("a b c")], t("a b x"), { smoothing: 6 }));
    expect(e?.code).toBe(ErrorCode.INVALID_OPTION);
    expect(e?.details?.nltkError).toBe("AssertionError: This smoothing method requires non-zero precision for bigrams.");
    expect(errorOf(() => nltkSentenceBleu([t("a b")], t("a b"), { smoothing: 6, weights: [0.5, 0.5] }))?.code).toBe(ErrorCode.INVALID_OPTION);
    expect(errorOf(() => nltkCorpusBleu([[t("a")]], [t("a"), t("b")]))?.code).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(errorOf(() => nltkCorpusBleu([], []))?.code).toBe(ErrorCode.EMPTY_INPUT);
    expect(errorOf(() => nltkSentenceBleu([], t("a")))?.code).toBe(ErrorCode.EMPTY_INPUT);
    expect(errorOf(() => nltkSentenceBleu([["a"]], "a" as never))?.code).toBe(ErrorCode.INVALID_TYPE);
    expect(errorOf(() => nltkSentenceBleu([["a"]], ["a"], { smoothing: 8 as never }))?.code).toBe(ErrorCode.INVALID_OPTION);
    expect(errorOf(() => nltkSentenceBleu([["a"]], ["a"], { weights: [] }))?.code).toBe(ErrorCode.INVALID_OPTION);
  });

  it("as a metric: mergeable, methods 0-4, the same numbers as corpus_bleu", () => {
    const segs = [
      { hyp: "the cat sat on the mat", refs: ["the cat is on the mat"] },
      { hyp: "a dog barks", refs: ["the dog barks", "a dog is barking"] },
    ];
    for (const smoothing of [0, 1, 2, 3, 4, "method2"] as const) {
      const m = createNltkBleu({ smoothing });
      const e = evaluate(m, segs, { segments: true });
      expect(e.corpus.score).toBe(nltkCorpusBleu(segs.map((s) => s.refs.map(t)), segs.map((s) => t(s.hyp)), { smoothing }));
      expect(e.segments![1]!.score).toBe(nltkSentenceBleu(segs[1]!.refs.map(t), t(segs[1]!.hyp), { smoothing }));
    }
    const m = createNltkBleu({ smoothing: "method1", epsilon: 0.2 });
    expect(m.signature()).toBe(`tok:none|weights:0.25,0.25,0.25,0.25|smooth:method1[0.2]|reweigh:no|version:gramscore-${VERSION}`);
    expect(errorOf(() => createNltkBleu({ smoothing: 5 }))?.message).toContain("nltkCorpusBleu");
    expect(errorOf(() => createNltkBleu({ smoothing_function: "method1" } as never))?.message).toBe(
      'nltk-bleu has no option "smoothing_function": it is called smoothing (a method name such as method1, or its number) in gramscore.',
    );
    const s = m.stats("a b", ["a b c"]);
    expect(m.parseStats(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(errorOf(() => m.parseStats({ ...s, numerators: [9, 0, 0, 0] }))?.code).toBe(ErrorCode.INVALID_STATS);
  });
});

describe("HuggingFace evaluate mode", () => {
  it("uses the shortest reference and the 0-1 scale", () => {
    const r = hfBleu(["the cat sat on the mat"], [["the cat sat on the mat"], ["a cat"]]);
    expect(r).toEqual({ score: 1, signature: createHfBleu().signature(createHfBleu().stats("a", ["a"])), bleu: 1, precisions: [1, 1, 1, 1], brevityPenalty: 1, lengthRatio: 3, translationLength: 6, referenceLength: 2 });
    expect(bleu(["the cat sat on the mat"], [["the cat sat on the mat"], ["a cat"]]).refLen).toBe(6);
    expect(hfBleu(["a b"], [["a b"]]).translationLength).toBe(2);
    expect(errorOf(() => hfBleu(["a b"], ["a b"] as never))?.code).toBe(ErrorCode.INVALID_TYPE);
  });

  it("smooth adds one to every order, unigrams included", () => {
    const r = hfBleu(["a b c"], [["a b d"]], { smooth: true });
    expect(r.precisions).toEqual([0.75, 2 / 3, 0.5, 1]);
    expect(r.bleu).toBe(0.7071067811865475);
    expect(hfBleu(["a b c"], [["a b d"]]).bleu).toBe(0);
  });

  it("tokenizes without right-stripping, like evaluate's 13a copy", () => {
    // evaluate removes "-\n" with the hyphen; sacrebleu right-strips first and keeps "a-".
    expect(hfBleu(["a-\n"], [["a"]]).precisions[0]).toBe(1);
    expect(bleu(["a-\n"], [["a"]]).counts[0]).toBe(0);
  });

  it("raises where evaluate raises ZeroDivisionError", () => {
    expect(errorOf(() => hfBleu([""], [["a b"]]))?.code).toBe(ErrorCode.EMPTY_INPUT);
    expect(errorOf(() => hfBleu(["a"], [[""]]))?.code).toBe(ErrorCode.EMPTY_INPUT);
    expect(errorOf(() => hfBleu(["a", "b"], [["a"]]))?.code).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(errorOf(() => hfBleu([], []))?.code).toBe(ErrorCode.EMPTY_INPUT);
    expect(errorOf(() => hfBleu(["a"], [[null]]))?.code).toBe(ErrorCode.EMPTY_INPUT);
    expect(errorOf(() => createHfBleu({ maxOrder: 0 }))?.code).toBe(ErrorCode.INVALID_OPTION);
    expect(errorOf(() => createHfBleu({ max_order: 2 } as never))?.message).toContain("so write maxOrder");
  });

  it("as a metric: mergeable statistics, signature, summary and line", () => {
    const m = createHfBleu({ maxOrder: 2, smooth: true });
    expect(m.signature()).toBe(`tok:13a|order:2|smooth:yes|ref:shortest|version:gramscore-${VERSION}`);
    const e = evaluate(m, [
      { hyp: "a b c", refs: ["a b d"] },
      { hyp: "x y", refs: ["x y", "x"] },
    ]);
    expect(e.stats).toEqual({ translationLength: 5, referenceLength: 4, matches: [4, 2], possible: [5, 3] });
    expect(m.summarize(e.corpus)).toEqual({ score: e.corpus.bleu });
    expect(m.format!(e.corpus)).toMatch(/^BLEU-HF = 0\.\d{4} 0\.8333\/0\.7500 \(BP = 1\.000 ratio = 1\.250 translation_length = 5 reference_length = 4\)$/);
    expect(m.parseStats(JSON.parse(JSON.stringify(e.stats)))).toEqual(e.stats);
    expect(errorOf(() => m.parseStats({ ...e.stats, matches: [1] }))?.code).toBe(ErrorCode.INVALID_STATS);
  });
});
