// SARI (a source per output: the eval's input), CIDEr-D (document frequencies from the corpus: corpus
// scorers only), characTER/EED, and the reference-free diversity metrics (corpus scorers only), on
// real data of each task (the metric packages' test data), against the packages' own functions.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { evaluate } from "@gramscore/core";
import { sentenceCharacter, sentenceEed } from "@gramscore/metric-character";
import { cider, ciderOriginal } from "@gramscore/metric-cider";
import { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";
import { easseSari, sari, sentenceSari } from "@gramscore/metric-sari";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CORPUS_ONLY_METRICS,
  PERCENT_METRICS,
  UNBOUNDED_METRICS,
  corpusScore,
  evaliteScorer,
  gramscoreAssertion,
  gramscoreMatchers,
  gramscoreScorer,
  langsmithEvaluator,
  langsmithSummaryEvaluator,
  score,
} from "../src/index.js";
import type { GramscoreMatchers } from "../src/index.js";

declare module "vitest" {
  interface Assertion<T = any> extends GramscoreMatchers<T> {}
}
expect.extend(gramscoreMatchers);

const packages = join(dirname(fileURLToPath(import.meta.url)), "../..");
const json = (path: string) => JSON.parse(gunzipSync(readFileSync(join(packages, path))).toString("utf8"));
const sariData = json("metric-sari/test/data/sari-data.json.gz") as { sources: string[]; references: { turkcorpus: string[][] }; systems: Record<string, string[]> };
const coco = (json("metric-cider/test/data/cider-real.json.gz") as { corpora: { coco: { refs: string[][]; systems: Record<string, string[]> } } }).corpora.coco;

// 20 TurkCorpus sentences with a published system's outputs (DMASS-DCSS) and their 8 references.
const SRC = sariData.sources.slice(0, 20);
const OUT = sariData.systems["DMASS-DCSS"]!.slice(0, 20);
const REFS = sariData.references.turkcorpus.slice(0, 20);
// 40 COCO images with MAGIC's captions and their 5 references.
const CAPS = coco.systems.magic!.slice(0, 40);
const CAP_REFS = coco.refs.slice(0, 40);

/** `refs[i][k]` as reference streams `streams[k][i]`. */
const streams = (refs: string[][]) => refs[0]!.map((_, k) => refs.map((r) => r[k]!));

async function codeOf(p: Promise<unknown> | (() => unknown)): Promise<string | undefined> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    return (e as { code?: string }).code + ": " + (e as Error).message;
  }
  return undefined;
}

describe("SARI: the source is the eval's input", () => {
  it("autoevals, evalite, promptfoo and LangSmith rows give sentence SARI of (input, output, expected)", async () => {
    const scorer = gramscoreScorer("sari");
    const evalite = evaliteScorer("sari");
    const row = langsmithEvaluator("sari");
    for (let i = 0; i < SRC.length; i++) {
      const want = sentenceSari(SRC[i]!, OUT[i]!, REFS[i]!).score;
      const s = await scorer({ input: SRC[i], output: OUT[i], expected: REFS[i] });
      expect(s.score).toBe(want / 100);
      expect(s.metadata.metricScore).toBe(want);
      expect((await evalite.scorer({ input: SRC[i], output: OUT[i], expected: REFS[i] })).score).toBe(want / 100);
      expect((await row({ inputs: { input: SRC[i] }, outputs: { output: OUT[i] }, referenceOutputs: { output: REFS[i] } })).score).toBe(want);
      const graded = await gramscoreAssertion(OUT[i], { vars: { input: SRC[i], expected: REFS[i] }, config: { metric: "sari" } });
      expect(graded.score).toBe(want / 100);
    }
    // Named fields and explicit sources.
    const named = await langsmithEvaluator("sari", { inputKey: "complex", outputKey: "simple" })({ inputs: { complex: SRC[0], id: 3 }, outputs: { simple: OUT[0] }, referenceOutputs: { simple: REFS[0] } });
    expect(named.score).toBe(sentenceSari(SRC[0]!, OUT[0]!, REFS[0]!).score);
    const viaVar = await gramscoreAssertion(OUT[1], { vars: { complex: SRC[1], expected: REFS[1] }, config: { metric: "sari", sourceVar: "complex", scale: "metric" } });
    expect(viaVar.score).toBe(sentenceSari(SRC[1]!, OUT[1]!, REFS[1]!).score);
    expect((await score("easse_sari", OUT[2], REFS[2], { source: SRC[2] })).score).toBe(easseSari([SRC[2]!], [OUT[2]!], streams([REFS[2]!])).score);
    expect(PERCENT_METRICS).toEqual(expect.arrayContaining(["sari", "easse_sari"]));
  });

  it("a missing source is EMPTY_INPUT saying where to give it; other metrics ignore the input", async () => {
    expect(await codeOf(gramscoreScorer("sari")({ output: OUT[0], expected: REFS[0] }))).toMatch(/^EMPTY_INPUT: sari needs the source: .*give it as the eval's input/);
    expect(await codeOf(gramscoreScorer("sari")({ input: { text: SRC[0] }, output: OUT[0], expected: REFS[0] }))).toMatch(/^EMPTY_INPUT: .*as a string, but got/);
    expect(await codeOf(langsmithEvaluator("sari")({ inputs: { a: "x", b: "y" }, outputs: { output: OUT[0] }, referenceOutputs: { output: REFS[0] } }))).toMatch(
      /^INVALID_TYPE: .*Name its field with the inputKey option/,
    );
    const chrf = await gramscoreScorer("chrf")({ input: { anything: 1 }, output: OUT[0], expected: REFS[0] });
    expect(chrf.metadata.metric).toBe("chrf");
  });

  it("corpus SARI: LangSmith's summary evaluator reads the sources from inputs; the corpus matcher from options.source", async () => {
    const want = sari(SRC, OUT, streams(REFS)).score;
    const summary = await langsmithSummaryEvaluator("sari")({
      inputs: SRC.map((input) => ({ input })),
      outputs: OUT.map((output) => ({ output })),
      referenceOutputs: REFS.map((output) => ({ output })),
    });
    expect(summary.score).toBe(want);
    expect(summary.metadata.level).toBe("corpus");
    expect(OUT).toCorpusScoreAtLeast("sari", want, REFS, { source: SRC });
    expect(OUT).not.toCorpusScoreAtLeast("sari", want + 1e-9, REFS, { source: SRC });
    expect((await corpusScore("easse_sari", OUT, REFS, { source: SRC })).score).toBe(easseSari(SRC, OUT, streams(REFS)).score);
    expect(await codeOf(corpusScore("sari", OUT, REFS, { source: SRC.slice(1) }))).toMatch(/^LENGTH_MISMATCH: sari needs one source per output \(20\)/);
  });
});

describe("CIDEr-D: document frequencies from the corpus, so corpus scorers only, on the metric's own scale", () => {
  it("the summary evaluator and the corpus matcher give pycocoevalcap's corpus CIDEr-D as the package computes it", async () => {
    const want = cider(CAPS, streams(CAP_REFS)).score;
    const summary = await langsmithSummaryEvaluator("cider")({ outputs: CAPS.map((output) => ({ output })), referenceOutputs: CAP_REFS.map((output) => ({ output })) });
    expect(summary.score).toBe(want);
    expect(summary.metadata.signature).toContain("df:corpus");
    expect(CAPS).toCorpusScoreAtLeast("cider", want, CAP_REFS);
    expect(CAPS).toCorpusScoreAtMost("cider", want, CAP_REFS);
    expect((await corpusScore("cider-original", CAPS, CAP_REFS)).score).toBe(ciderOriginal(CAPS, streams(CAP_REFS)).score);
  });

  it("per-row scorers refuse it (one output alone is always 0); scale unit is refused (no 0-1 form)", async () => {
    expect(CORPUS_ONLY_METRICS).toEqual(["cider", "cider-original"]);
    expect(UNBOUNDED_METRICS).toEqual(["cider", "cider-original"]);
    // What the refusal protects against: the package's sentence CIDEr-D of a caption alone is 0.
    expect(cider([CAPS[0]!], streams([CAP_REFS[0]!])).score).toBe(0);
    for (const call of [
      () => gramscoreScorer("cider")({ output: CAPS[0], expected: CAP_REFS[0] }),
      () => evaliteScorer("cider").scorer({ output: CAPS[0], expected: CAP_REFS[0] }),
      () => langsmithEvaluator("cider")({ outputs: CAPS[0], referenceOutputs: CAP_REFS[0] }),
      () => gramscoreAssertion(CAPS[0], { vars: { expected: CAP_REFS[0] }, config: { metric: "cider-original" } }),
      () => expect(CAPS[0]).toScoreAtLeast("cider", 0, CAP_REFS[0]!),
    ]) {
      expect(await codeOf(call)).toMatch(/^INVALID_OPTION: The metric "cider(-original)?" takes its document frequencies from the references of the whole corpus; one output scored alone is always 0/);
    }
    expect(await codeOf(corpusScore("cider", CAPS, CAP_REFS, { scale: "unit" }))).toMatch(/^INVALID_OPTION: The metric "cider" has no 0-1 form: .*Pass scale: "metric"/);
    expect(await codeOf(langsmithSummaryEvaluator("cider", { scale: "unit" })({ outputs: CAPS, referenceOutputs: CAP_REFS }))).toMatch(/^INVALID_OPTION: /);
  });
});

describe("characTER and EED: per-row error rates on 0-1", () => {
  it("each scorer gives the packages' sentence numbers; unit leaves them as they are", async () => {
    for (let i = 0; i < 15; i++) {
      const refs = CAP_REFS[i]!;
      const ch = sentenceCharacter(CAPS[i]!, refs).score;
      const ed = sentenceEed(CAPS[i]!, refs).score;
      const s = await gramscoreScorer("character")({ output: CAPS[i], expected: refs });
      expect(s.score).toBe(ch);
      expect(s.metadata.higherIsBetter).toBe(false);
      expect((await langsmithEvaluator("eed")({ outputs: CAPS[i], referenceOutputs: refs })).score).toBe(ed);
      expect(CAPS[i]).toScoreAtMost("character", ch, refs);
    }
  });
});

describe("distinct-n and Self-BLEU: reference-free, scored over the set of outputs", () => {
  const set = CAPS.map((hyp) => ({ hyp, refs: [] as string[] }));
  const cases = [
    ["distinct", () => createDistinct()],
    ["distinct-mean", () => createDistinctMean()],
    ["self-bleu", () => createSelfBleu()],
    ["self-bleu-sacrebleu", () => createSacrebleuSelfBleu()],
  ] as const;

  it.each(cases)("%s: the summary evaluator and the corpus matcher give the package's corpus number, without references", async (name, make) => {
    const want = evaluate(make() as never, set);
    const r = await langsmithSummaryEvaluator(name)({ outputs: CAPS.map((output) => ({ output })) });
    expect(r.score).toBe((want.corpus as { score: number }).score);
    expect(r.metadata.signature).toBe(want.signature);
    expect(CAPS).toCorpusScoreAtLeast(name, r.score, []);
    const unit = await corpusScore(name, CAPS, undefined, { scale: "unit" });
    expect(unit.score).toBe(name === "self-bleu-sacrebleu" ? r.score / 100 : r.score);
  });

  it("per-row scorers refuse them with a coded error that names the corpus scorers", async () => {
    for (const [name] of cases) {
      expect(await codeOf(gramscoreScorer(name)({ output: CAPS[0], expected: "x" }))).toMatch(
        new RegExp(`^INVALID_OPTION: The metric "${name}" scores a set of outputs with no references .*corpusScore, langsmithSummaryEvaluator, or expect\\(outputs\\)\\.toCorpusScoreAtLeast`),
      );
    }
    expect(await codeOf(() => expect(CAPS[0]).toScoreAtLeast("distinct", 0, "x"))).toMatch(/^INVALID_OPTION: /);
    expect(await codeOf(corpusScore("self-bleu", "one text", undefined))).toMatch(/^INVALID_TYPE: self-bleu scores a list of outputs together/);
  });

  it("property: references given to a reference-free scorer change nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...CAPS), { minLength: 2, maxLength: 8 }),
        fc.array(fc.string(), { maxLength: 8 }),
        fc.constantFrom("distinct", "self-bleu"),
        async (outs, refs, name) => {
          const without = await langsmithSummaryEvaluator(name)({ outputs: outs });
          const withRefs = await langsmithSummaryEvaluator(name)({ outputs: outs, referenceOutputs: refs });
          expect(withRefs.score).toBe(without.score);
          expect(withRefs.metadata.signature).toBe(without.metadata.signature);
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe("property: scale unit is the metric's number divided by exactly 100 for SARI", () => {
  it("on any TurkCorpus sentence and reference subset", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: SRC.length - 1 }), fc.integer({ min: 1, max: 8 }), async (i, k) => {
        const refs = REFS[i]!.slice(0, k);
        const unit = await score("sari", OUT[i], refs, { source: SRC[i], scale: "unit" });
        expect(unit.score).toBe(unit.metricScore / 100);
        expect(unit.metricScore).toBe(sentenceSari(SRC[i]!, OUT[i]!, refs).score);
      }),
      { numRuns: 40 },
    );
  });
});
