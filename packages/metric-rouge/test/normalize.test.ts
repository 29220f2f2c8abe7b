/**
 * The `normalize` option of ROUGE (core's hook): a normalized metric is the metric on text normalized
 * beforehand, on every path (statistics, corpus statistics, segment results, explain, pairwise), with
 * `norm:` in every signature; without the option nothing changes. Whisper's normalizers with ROUGE
 * are tested in tooling/test/whisper-normalize-rouge.test.ts (the two packages are of one tier).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate, type Normalizer } from "@gramscore/core";
import { createRouge, rouge, rougeMetric, rouge155Metric, sentenceRouge, RougeScorer } from "@gramscore/metric-rouge";
import { codeOf } from "../../../tooling/test/errors.js";

/** Lowercases, drops every character that is not a letter, digit or space, and spells "colour" "color" (a stand-in for a real normalizer). */
const plain: Normalizer = { name: "plain", signature: "plain+v1", normalize: (t) => t.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, "").replaceAll("colour", "color") };

const HYPS = ["The Colour sat, on the MAT!", "A dog -- barked.\nThen it slept.", "Nothing matches"];
const REFS = [["the color sat on the mat"], ["a dog barked", "then it slept"], ["something else entirely", "Nothing, matches?"]];

describe("ROUGE's normalize option", () => {
  it("scores the normalized text and signs norm:<signature> before the version", () => {
    const m = createRouge({ normalize: plain });
    const base = createRouge();
    for (let i = 0; i < HYPS.length; i++) {
      const got = m.score(m.stats(HYPS[i]!, REFS[i]!), "segment");
      const want = base.score(base.stats(plain.normalize(HYPS[i]!), REFS[i]!.map(plain.normalize)), "segment");
      expect(got).toEqual(want);
      expect(m.scoreSegment(HYPS[i]!, REFS[i]!)).toEqual(want);
    }
    // The normalizer matters here: the first segment is a perfect match only after it (colour).
    expect(m.scoreSegment(HYPS[0]!, REFS[0]!).rouge1!.fmeasure).toBe(1);
    expect(base.scoreSegment(HYPS[0]!, REFS[0]!).rouge1!.fmeasure).toBeLessThan(1);
    expect(m.signature()).toBe(base.signature().replace("|version:", "|norm:plain+v1|version:"));
    expect(m.typeSignature("rougeL")).toBe(base.typeSignature("rougeL").replace("|version:", "|norm:plain+v1|version:"));
    expect(m.explain(HYPS[0]!, REFS[0]!).signature).toBe(m.signature());
  });

  it("corpus statistics, evaluate and the convenience functions see normalized text", () => {
    const segments = HYPS.map((hyp, i) => ({ hyp, refs: REFS[i]! }));
    const normalized = segments.map((s) => ({ hyp: plain.normalize(s.hyp), refs: s.refs.map(plain.normalize) }));
    const m = createRouge({ normalize: plain });
    const base = createRouge();
    expect(m.corpusStats(segments)).toEqual(base.corpusStats(normalized));
    const a = evaluate(m, segments, { segments: true });
    const b = evaluate(base, normalized, { segments: true });
    expect(a.corpus).toEqual(b.corpus);
    expect(a.segments!.map((s) => s.result)).toEqual(b.segments!.map((s) => s.result));
    expect(a.signature).toContain("|norm:plain+v1|");
    const refsByLine = [REFS.map((r) => r[0]!)];
    expect(rouge(HYPS, refsByLine, { normalize: plain }).rougeL).toEqual(rouge(HYPS.map(plain.normalize), refsByLine.map((r) => r.map(plain.normalize))).rougeL);
    expect(sentenceRouge(HYPS[0]!, REFS[0]!, { normalize: plain }).rouge2).toEqual(sentenceRouge(plain.normalize(HYPS[0]!), REFS[0]!.map(plain.normalize)).rouge2);
    const scorer = new RougeScorer(["rouge1"], { normalize: plain });
    expect(scorer.score(REFS[0]![0]!, HYPS[0]!).rouge1!.fmeasure).toBe(1);
    expect(scorer.signature()).toContain("|norm:plain+v1|");
  });

  it("pairwise matrices are those of the normalized texts", () => {
    const hyps = HYPS;
    const refs = REFS.flat();
    const m = createRouge({ normalize: plain, rougeTypes: ["rouge1", "rougeL", "rougeLsum"] });
    const base = createRouge({ rougeTypes: ["rouge1", "rougeL", "rougeLsum"] });
    for (const field of ["rouge1.f", "rougeL.r", "rougeLsum.p"]) {
      expect(m.pairwise(hyps, refs, { field })).toEqual(base.pairwise(hyps.map(plain.normalize), refs.map(plain.normalize), { field }));
    }
  });

  it("takes a function (named custom) and ROUGE-1.5.5 mode", () => {
    const fn = (t: string): string => t.toUpperCase();
    const m = createRouge({ normalize: fn });
    expect(m.signature()).toContain("|norm:custom|");
    const r155 = createRouge({ mode: "rouge155", normalize: plain });
    const b155 = createRouge({ mode: "rouge155" });
    expect(r155.scoreSegment(HYPS[1]!, REFS[1]!)).toEqual(b155.scoreSegment(plain.normalize(HYPS[1]!), REFS[1]!.map(plain.normalize)));
    expect(r155.signature()).toBe(b155.signature().replace("|version:", "|norm:plain+v1|version:"));
  });

  it("changes nothing when absent, null or none", () => {
    const base = createRouge();
    for (const normalize of [undefined, null, "none"] as const) {
      const m = createRouge({ normalize });
      expect(m.signature()).toBe(base.signature());
      expect(m.signature()).not.toContain("norm:");
      for (let i = 0; i < HYPS.length; i++) expect(m.scoreSegment(HYPS[i]!, REFS[i]!)).toEqual(base.scoreSegment(HYPS[i]!, REFS[i]!));
    }
  });

  it("refuses a bad value or a name without a registry with INVALID_OPTION naming the option", () => {
    for (const bad of [42, { name: "x" }, true, "whisper-en"]) {
      let error: unknown;
      try {
        createRouge({ normalize: bad as never });
      } catch (e) {
        error = e;
      }
      expect((error as { code?: unknown }).code).toBe(ErrorCode.INVALID_OPTION);
      expect((error as { details?: { option?: unknown } }).details?.option).toBe("normalize");
      expect((error as Error).message).toContain("Option normalize of ROUGE must be a Normalizer");
    }
    expect(codeOf(() => createRouge({ mode: "rouge155", normalize: 1 as never }))).toBe(ErrorCode.INVALID_OPTION);
  });

  it("a normalizer that throws or returns a non-string is reported with a code", () => {
    const throwing = createRouge({ normalize: () => { throw new Error("boom"); } });
    expect(codeOf(() => throwing.scoreSegment("a", ["a"]))).toBe(ErrorCode.PLUGIN_FAILED);
    const wrong = createRouge({ normalize: (() => 3) as never });
    expect(codeOf(() => wrong.scoreSegment("a", ["a"]))).toBe(ErrorCode.INVALID_TYPE);
  });

  it("a descriptor resolves a name through its context and offers the --normalize option", () => {
    const context = { normalizer: (name: string): Normalizer => (name === "plain" ? plain : { name, signature: name, normalize: (t) => t }) };
    const m = rougeMetric.create({ normalize: "plain" }, context as never);
    expect(m.signature()).toContain("|norm:plain+v1|");
    expect(m.score(m.stats(HYPS[0]!, REFS[0]!), "segment").rouge1!.fmeasure).toBe(1);
    const m155 = rouge155Metric.create({ normalize: "plain" }, context as never);
    expect(m155.signature()).toContain("|norm:plain+v1|");
    for (const d of [rougeMetric, rouge155Metric]) expect(d.options!.find((o) => o.key === "normalize")).toMatchObject({ flag: "normalize", type: "string" });
  });

  it("property: ROUGE with a normalizer equals ROUGE of the normalized strings", () => {
    const word = fc.constantFrom("The", "colour", "Color", "sat", "on", "mat", "a", "dog!", "—", "it's", "Mat.", "on,");
    const text = fc.array(word, { minLength: 0, maxLength: 8 }).map((w) => w.join(" "));
    const m = createRouge({ normalize: plain });
    const base = createRouge();
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), (hyp, refs) => {
        expect(m.score(m.stats(hyp, refs), "segment")).toEqual(base.score(base.stats(plain.normalize(hyp), refs.map(plain.normalize)), "segment"));
      }),
      { numRuns: 200 },
    );
  });
});
