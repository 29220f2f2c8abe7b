import { bleu, sentenceBleu } from "@gramscore/metric-bleu";
import { sentenceChrf } from "@gramscore/metric-chrf";
import { sentenceGleu } from "@gramscore/metric-gleu";
import { sentenceMeteor } from "@gramscore/metric-meteor";
import { sentenceNist } from "@gramscore/metric-nist";
import { sentenceRouge } from "@gramscore/metric-rouge";
import { sentenceSquad } from "@gramscore/metric-squad";
import { sentenceTer } from "@gramscore/metric-ter";
import { sentenceWer } from "@gramscore/metric-wer";
import { wordnet } from "@gramscore/wordnet";
import chrfPlugin from "@gramscore/metric-chrf";
import { createRegistry } from "@gramscore/registry";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  PERCENT_METRICS,
  evaliteScorer,
  getMetric,
  gramscoreAssertion,
  gramscoreMatchers,
  gramscoreScorer,
  langsmithEvaluator,
  langsmithSummaryEvaluator,
  loadMetric,
  score,
} from "../src/index.js";
import type { GramscoreMatchers } from "../src/index.js";

declare module "vitest" {
  interface Assertion<T = any> extends GramscoreMatchers<T> {}
}
expect.extend(gramscoreMatchers);

const HYPS = [
  "The cat sat on the mat.",
  "A quick brown fox leaps over the lazy dog",
  "Der Vertrag wurde gestern unterzeichnet.",
  "It is raining heavily in the north tonight.",
];
const REFS = ["The cat is sitting on the mat.", "The quick brown fox jumps over the lazy dog.", "Der Vertrag ist gestern unterschrieben worden.", "Heavy rain is falling in the north tonight."];

/** Each metric name with the metric package's own sentence-level number, as the package's API gives it. */
const DIRECT: Record<string, (hyp: string, ref: string) => number> = {
  bleu: (h, r) => sentenceBleu(h, [r]).score,
  chrf: (h, r) => sentenceChrf(h, [r]).score,
  "chrf++": (h, r) => sentenceChrf(h, [r], { wordOrder: 2 }).score,
  ter: (h, r) => sentenceTer(h, [r]).score,
  rouge: (h, r) => sentenceRouge(h, [r]).rouge1!.fmeasure,
  wer: (h, r) => sentenceWer(h, [r]).score,
  gleu: (h, r) => sentenceGleu(h, [r]).score,
  nist: (h, r) => sentenceNist(h, [r]).score,
  squad: (h, r) => sentenceSquad(h, [r]).score,
  meteor: (h, r) => sentenceMeteor(h, [r], { synonyms: wordnet }).score,
};

describe("the adapters give the metric packages' numbers bit for bit", () => {
  it.each(Object.keys(DIRECT))("%s: autoevals scorer (unit), LangSmith evaluator and matcher (metric scale)", async (name) => {
    const scorer = gramscoreScorer(name);
    const evaluator = langsmithEvaluator(name);
    for (let i = 0; i < HYPS.length; i++) {
      const direct = DIRECT[name]!(HYPS[i]!, REFS[i]!);
      const s = await scorer({ output: HYPS[i], expected: REFS[i], input: "ignored" });
      expect(s.name).toBe(name);
      expect(s.metadata.metricScore).toBe(direct);
      expect(s.score).toBe(PERCENT_METRICS.includes(name) ? direct / 100 : direct);
      expect(s.metadata.signature).toBe(getMetric(name).signature(getMetric(name).stats(HYPS[i]!, [REFS[i]!])));
      const l = await evaluator({ outputs: { output: HYPS[i] }, referenceOutputs: { output: REFS[i] } });
      expect(l.score).toBe(direct);
      expect(l.comment).toContain(s.metadata.signature);
    }
  });

  it("corpus level: LangSmith's summary evaluator and the corpus matcher give corpus BLEU, not a mean of sentence BLEUs", async () => {
    const direct = bleu(HYPS, [REFS]).score;
    const r = await langsmithSummaryEvaluator("bleu")({ outputs: HYPS.map((o) => ({ answer: o })), referenceOutputs: REFS.map((o) => ({ answer: o })) });
    expect(r.score).toBe(direct);
    expect(r.metadata.level).toBe("corpus");
    const mean = HYPS.reduce((sum, h, i) => sum + sentenceBleu(h, [REFS[i]!]).score, 0) / HYPS.length;
    expect(r.score).not.toBe(mean);
    expect(HYPS).toCorpusScoreAtLeast("bleu", direct, REFS);
    expect(HYPS).not.toCorpusScoreAtLeast("bleu", direct + 1e-9, REFS);
    expect(HYPS).toCorpusScoreAtMost("bleu", direct, REFS);
  });

  it("every option reaches the metric: chrf with wordOrder 2 is chrf++, BLEU's tokenize and lowercase change the number as the package's do", async () => {
    const h = HYPS[1]!;
    const r = REFS[1]!;
    expect((await score("chrf", h, r, { options: { wordOrder: 2 } })).metricScore).toBe(sentenceChrf(h, [r], { wordOrder: 2 }).score);
    const opts = { tokenize: "intl", lowercase: true } as const;
    const d = await score("bleu", h, r, { options: opts });
    expect(d.metricScore).toBe(sentenceBleu(h, [r], opts).score);
    expect(d.signature).toContain("tok:intl");
    expect(d.signature).toContain("case:lc");
    // The alias resolves to the same metric.
    expect((await score("sacrebleu", h, r)).metricScore).toBe(sentenceBleu(h, [r]).score);
  });

  it("several references: a list of strings", async () => {
    const refs = [REFS[0]!, "A cat sat on a mat."];
    expect((await gramscoreScorer("bleu", { scale: "metric" })({ output: HYPS[0], expected: refs })).score).toBe(sentenceBleu(HYPS[0]!, refs).score);
  });

  it("key picks another number of the result; the scorer's name says which", async () => {
    const s = await gramscoreScorer("rouge", { key: "rougeL.f" })({ output: HYPS[0], expected: REFS[0] });
    expect(s.name).toBe("rouge:rougeL.f");
    expect(s.score).toBe(sentenceRouge(HYPS[0]!, [REFS[0]!]).rougeL!.fmeasure);
    expect((await score("squad", "Denver Broncos", "The Denver Broncos", { key: "exact_match" })).metricScore).toBe(sentenceSquad("Denver Broncos", ["The Denver Broncos"]).exactMatch);
  });

  it("scale unit divides only the 0-100 metrics; scale metric keeps every number", async () => {
    for (const name of ["bleu", "chrf", "ter", "meteor", "nist", "wer"]) {
      const unit = await score(name, HYPS[3], REFS[3], { scale: "unit" });
      const metric = await score(name, HYPS[3], REFS[3], { scale: "metric" });
      expect(metric.score).toBe(metric.metricScore);
      expect(unit.metricScore).toBe(metric.metricScore);
      expect(unit.score).toBe(PERCENT_METRICS.includes(name) ? metric.metricScore / 100 : metric.metricScore);
    }
  });

  it("property: for any texts, the chrF scorer's numbers are sentenceChrf's, and the matcher passes exactly when score >= threshold", async () => {
    const scorer = gramscoreScorer("chrf");
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 40 }), fc.string({ minLength: 1, maxLength: 40 }), fc.double({ min: 0, max: 100, noNaN: true }), async (h, r, t) => {
        const direct = sentenceChrf(h, [r]).score;
        const s = await scorer({ output: h, expected: r });
        expect(s.metadata.metricScore).toBe(direct);
        expect(s.score).toBe(direct / 100);
        expect(gramscoreMatchers.toScoreAtLeast.call({}, h, "chrf", t, r)).toMatchObject({ pass: direct >= t });
        expect(gramscoreMatchers.toScoreAtMost.call({}, h, "chrf", t, r)).toMatchObject({ pass: direct <= t });
      }),
      { numRuns: 200 },
    );
  });
});

describe("blank and missing references", () => {
  it("a blank reference scores exactly 0 with BLEU, chrF, ROUGE and METEOR (not promptfoo's 9.99e-8)", async () => {
    for (const name of ["bleu", "chrf", "rouge", "meteor", "gleu"]) {
      for (const blank of ["", "   "]) {
        expect((await score(name, "The cat sat on the mat.", blank)).score, `${name} ${JSON.stringify(blank)}`).toBe(0);
      }
    }
  });

  it("a blank reference is WER's coded EMPTY_INPUT; a missing one is EMPTY_INPUT for every metric", async () => {
    await expect(score("wer", "the cat", "")).rejects.toMatchObject({ name: "GramscoreError", code: "EMPTY_INPUT" });
    for (const expected of [undefined, null, [], [1]]) {
      await expect(gramscoreScorer("bleu")({ output: "the cat", expected })).rejects.toMatchObject({ code: "EMPTY_INPUT", message: expect.stringContaining("needs the reference") });
    }
    await expect(gramscoreScorer("bleu")({ output: 42, expected: "x" })).rejects.toMatchObject({ code: "INVALID_TYPE" });
  });
});

describe("names and options are checked", () => {
  it("an unknown metric is UNKNOWN_METRIC with a suggestion; an unknown option INVALID_OPTION; a bad key INVALID_OPTION", async () => {
    await expect(score("chrff", "a", "a")).rejects.toMatchObject({ code: "UNKNOWN_METRIC", message: expect.stringContaining("chrf") });
    await expect(score("chrf", "a", "a", { options: { wordOrdr: 2 } })).rejects.toMatchObject({ code: "INVALID_OPTION" });
    await expect(score("rouge", "a", "a", { key: "rougeX.f" })).rejects.toMatchObject({ code: "INVALID_OPTION", message: expect.stringContaining("rouge1.f") });
    await expect(score(undefined as unknown as string, "a", "a")).rejects.toMatchObject({ code: "INVALID_TYPE" });
  });
});

describe("a registry of one's own and LangSmith's fields", () => {
  it("scores with the metrics of the given registry only", async () => {
    const registry = createRegistry().use(chrfPlugin);
    expect((await score("chrf", HYPS[0], REFS[0], { registry })).metricScore).toBe(sentenceChrf(HYPS[0]!, [REFS[0]!]).score);
    await expect(score("bleu", HYPS[0], REFS[0], { registry })).rejects.toMatchObject({ code: "UNKNOWN_METRIC" });
  });

  it("LangSmith: outputKey and referenceKey name the fields; a field that is not there is INVALID_TYPE naming the option", async () => {
    const ev = langsmithEvaluator("chrf", { outputKey: "answer", referenceKey: "gold" });
    expect((await ev({ outputs: { answer: HYPS[0], other: "x" }, referenceOutputs: { gold: REFS[0], note: "y" } })).score).toBe(sentenceChrf(HYPS[0]!, [REFS[0]!]).score);
    await expect(ev({ outputs: { text: HYPS[0] }, referenceOutputs: { gold: REFS[0] } })).rejects.toMatchObject({ code: "INVALID_TYPE", message: expect.stringContaining("outputKey") });
    await expect(langsmithEvaluator("chrf")({ outputs: { a: "x", b: "y" }, referenceOutputs: { output: "x" } })).rejects.toMatchObject({ code: "INVALID_TYPE" });
  });
});

describe("METEOR in plain Node", () => {
  it("works with WordNet synonyms loaded on demand; getMetric says how to load it before", async () => {
    const d = await score("meteor", "The feline sat on the mat.", "The cat sat on the mat.");
    expect(d.metricScore).toBe(sentenceMeteor("The feline sat on the mat.", ["The cat sat on the mat."], { synonyms: wordnet }).score);
    expect(d.signature).toContain("syn:wordnet-3.0");
    expect((await loadMetric("meteor-hf")).name).toBe("meteor-hf");
  });
});

describe("matchers", () => {
  it("pass and fail with the score, the threshold, the signature and explain()'s matches in the message", () => {
    const direct = sentenceChrf(HYPS[0]!, [REFS[0]!]).score;
    expect(HYPS[0]).toScoreAtLeast("chrf", Math.floor(direct), REFS[0]!);
    let message = "";
    try {
      expect(HYPS[0]).toScoreAtLeast("chrf", 90, REFS[0]!);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain("to be at least 90");
    expect(message).toContain(String(direct));
    expect(message).toContain(`signature: ${getMetric("chrf").signature(getMetric("chrf").stats(HYPS[0]!, [REFS[0]!]))}`);
    expect(message).toContain('"Thecat" ×1');
    expect(HYPS[0]).not.toScoreAtLeast("chrf", 90, REFS[0]!);
    expect(HYPS[0]).toScoreAtMost("ter", sentenceTer(HYPS[0]!, [REFS[0]!]).score, REFS[0]!);
  });

  it("an edit-rate failure shows the edits", () => {
    const r = gramscoreMatchers.toScoreAtMost.call({}, "the cat sat", "ter", 0, "the cat is");
    expect(r).toMatchObject({ pass: false });
    expect((r as { message: () => string }).message()).toContain('substitute "sat"→"is"');
  });

  it("METEOR's matcher can be awaited; the unit scale takes 0-1 thresholds", async () => {
    const meteor = sentenceMeteor(HYPS[0]!, [REFS[0]!], { synonyms: wordnet }).score;
    await expect(HYPS[0]).toScoreAtLeast("meteor", meteor, REFS[0]!);
    await expect(HYPS[0]).not.toScoreAtLeast("meteor", meteor + 1e-12, REFS[0]!);
    expect(HYPS[0]).toScoreAtLeast("bleu", sentenceBleu(HYPS[0]!, [REFS[0]!]).score / 100, REFS[0]!, { scale: "unit" });
  });
});

describe("evalite and promptfoo", () => {
  it("evaliteScorer is createScorer's argument: { name, description, scorer } with the unit score", async () => {
    const def = evaliteScorer("chrf");
    expect(def.name).toBe("chrf");
    expect(def.description).toContain("chrf");
    const r = await def.scorer({ input: "x", output: HYPS[0], expected: REFS[0] });
    expect(r.score).toBe(sentenceChrf(HYPS[0]!, [REFS[0]!]).score / 100);
    expect(r.metadata.signature).toContain("nc:6");
  });

  it("the promptfoo assertion compares with the threshold (at most for error rates) and puts the signature in reason", async () => {
    const unit = sentenceChrf(HYPS[0]!, [REFS[0]!]).score / 100;
    const ok = await gramscoreAssertion(HYPS[0], { vars: { expected: REFS[0] }, config: { metric: "chrf", threshold: unit } });
    expect(ok).toMatchObject({ pass: true, score: unit });
    expect(ok.reason).toContain("nc:6|nw:0");
    expect(await gramscoreAssertion(HYPS[0], { vars: { expected: REFS[0] }, config: { metric: "chrf", threshold: unit + 1e-12 } })).toMatchObject({ pass: false });
    const ter = sentenceTer(HYPS[0]!, [REFS[0]!]).score / 100;
    expect(await gramscoreAssertion(HYPS[0], { vars: { gold: REFS[0] }, config: { metric: "ter", threshold: ter, referenceVar: "gold" } })).toMatchObject({ pass: true, score: ter });
    expect(await gramscoreAssertion(HYPS[0], { vars: { gold: REFS[0] }, config: { metric: "ter", threshold: ter - 0.01, referenceVar: "gold" } })).toMatchObject({ pass: false });
    await expect(gramscoreAssertion(HYPS[0], { vars: {}, config: {} })).rejects.toMatchObject({ code: "INVALID_OPTION" });
    await expect(gramscoreAssertion(HYPS[0], { vars: {}, config: { metric: "bleu", threshold: "high" } })).rejects.toMatchObject({ code: "INVALID_OPTION" });
  });
});
