import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate, pow, pySplit } from "@gramscore/core";
import { lemmaNames, wordnet } from "@gramscore/wordnet";
import { createMeteor, type MeteorStats } from "../src/index.js";
import { naiveSingle } from "./naive.js";

/** Words that repeat, share stems (runs/running/ran) and synonyms (car/auto/automobile), in mixed case. */
const VOCAB = ["the", "The", "car", "auto", "automobile", "runs", "running", "ran", "run", "dog", "dogs", "Hound", "a", "big", "large", "quick", "fast", "is", "was", "zqx", "."];
const words = (max = 12) => fc.array(fc.constantFrom(...VOCAB), { maxLength: max });
const sentence = (max = 12) => words(max).map((w) => w.join(" "));
const segment = fc.record({ hyp: sentence(), refs: fc.array(sentence(), { minLength: 1, maxLength: 3 }) });
const params = fc.record({
  alpha: fc.double({ min: 0, max: 1, noNaN: true }),
  beta: fc.double({ min: 0.5, max: 6, noNaN: true }),
  gamma: fc.double({ min: 0, max: 1, noNaN: true }),
});

const synFn = (w: string) => lemmaNames(w);

describe("METEOR properties", () => {
  it("equals a literal transcription of NLTK's code, with and without stems and synonyms", () => {
    fc.assert(
      fc.property(segment, params, fc.boolean(), fc.boolean(), ({ hyp, refs }, p, stem, syn) => {
        const metric = createMeteor({ ...p, stemmer: stem ? "porter" : "none", synonyms: syn ? wordnet : null });
        const want = Math.max(...refs.map((r) => naiveSingle(pySplit(r), pySplit(hyp), syn ? synFn : null, stem, p.alpha, p.beta, p.gamma)));
        expect(metric.segmentScore(hyp, refs)).toBe(want);
      }),
      { numRuns: 400 },
    );
  });

  it("scores identical texts 1 minus the fragmentation penalty of one chunk", () => {
    const metric = createMeteor({ synonyms: wordnet });
    fc.assert(
      fc.property(words(20).filter((w) => w.length > 0), (w) => {
        const text = w.join(" ");
        const n = w.length;
        const fmean = (1 * 1) / (0.9 * 1 + (1 - 0.9) * 1);
        expect(metric.segmentScore(text, [text])).toBe((1 - 0.5 * pow(1 / n, 3)) * fmean);
        const ex = metric.explain(text, [text]);
        expect(ex.alignments[0]!.chunks).toBe(1);
        expect(ex.alignments[0]!.matches.every((m) => m.stage === "exact" && m.hyp === m.ref)).toBe(true);
      }),
    );
  });

  it("without synonyms equals the full METEOR on texts without synonym matches", () => {
    const full = createMeteor({ synonyms: wordnet });
    const bare = createMeteor();
    fc.assert(
      fc.property(segment, ({ hyp, refs }) => {
        const usesSynonyms = full.explain(hyp, refs).alignments.some((a) => a.matches.some((m) => m.stage === "synonym"));
        if (!usesSynonyms) expect(bare.segmentScore(hyp, refs)).toBe(full.segmentScore(hyp, refs));
        else expect(bare.segmentScore(hyp, refs)).toBeLessThanOrEqual(full.segmentScore(hyp, refs));
      }),
    );
    // Words WordNet does not know: the stage cannot change anything.
    const unknown = ["zqx", "vbnm", "qwop", "xkcd", "zzyzx"];
    expect(unknown.every((w) => lemmaNames(w).length === 0)).toBe(true);
    const text = fc.array(fc.constantFrom(...unknown), { maxLength: 10 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(text, fc.array(text, { minLength: 1, maxLength: 3 }), (hyp, refs) => {
        expect(bare.segmentScore(hyp, refs)).toBe(full.segmentScore(hyp, refs));
      }),
    );
  });

  it("stays in [0, 1] with NLTK's parameters", () => {
    const metric = createMeteor({ synonyms: wordnet });
    fc.assert(
      fc.property(segment, ({ hyp, refs }) => {
        const s = metric.segmentScore(hyp, refs);
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("merges commutatively and associatively, and chunked scoring equals one pass", () => {
    const metric = createMeteor({ synonyms: wordnet });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (segments, chunk) => {
        const each = segments.map((s) => metric.stats(s.hyp, s.refs));
        const onePass = metric.corpusStats(segments);
        const left = each.reduce((a, b) => metric.merge(a, b), metric.empty());
        const right = each.reduceRight((a, b) => metric.merge(b, a), metric.empty());
        expect(left).toEqual(onePass);
        expect(right).toEqual(onePass);
        let chunked: MeteorStats = metric.empty();
        for (let i = 0; i < segments.length; i += chunk) chunked = metric.merge(metric.corpusStats(segments.slice(i, i + chunk)), chunked);
        expect(chunked).toEqual(onePass);
        const acc = createAccumulator(metric);
        for (const s of segments) acc.add(s.hyp, s.refs);
        expect(acc.compute().score).toBe(evaluate(metric, segments).corpus.score);
        expect(metric.parseStats(JSON.parse(JSON.stringify(onePass)))).toEqual(onePass);
      }),
      { numRuns: 100 },
    );
  });
});
