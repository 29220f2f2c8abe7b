// distinct-n and Self-BLEU against the public code that defines each variant
// (tooling/references/diversity/generate.py): DialoGPT's calc_diversity, Distinct-N's
// distinct_n_corpus_level, Texygen's SelfBleu with Debian's NLTK 3.8, and sacrebleu 2.6.0, on real
// system outputs (SummEval summarizers, pointer-generator CNN/DailyMail, a WMT22 en-de submission).
// Every number is compared bit for bit: both sides do the same float operations in the same order
// (Python's left-to-right sum for the means, math.fsum for NLTK's log sum).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { evaluate } from "@gramscore/core";
import { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";

interface Item {
  dataset: string;
  system: string;
  texts: string[];
  distinctCorpus: Record<string, number>;
  distinctMean: Record<string, number>;
  distinctSentence: Record<string, number[]>;
  selfBleuTexygen: Record<string, { score: number; scores: number[] }>;
  selfBleuSacrebleu: Record<string, { score: number; scores: number[]; corpus: number }>;
}

const golden = JSON.parse(gunzipSync(readFileSync(new URL("./data/diversity-golden.json.gz", import.meta.url))).toString("utf8")) as { items: Item[] };
const segments = (texts: string[]) => texts.map((hyp) => ({ hyp, refs: [] as string[] }));

describe("the golden file", () => {
  it("holds real system outputs", () => {
    expect(golden.items.length).toBeGreaterThanOrEqual(4);
    for (const item of golden.items) expect(item.texts.length).toBeGreaterThanOrEqual(100);
  });
});

for (const item of golden.items) {
  describe(`${item.dataset} ${item.system} (${item.texts.length} texts)`, () => {
    it("distinct (corpus) = DialoGPT calc_diversity, n = 1, 2", () => {
      for (const n of [1, 2]) {
        const m = createDistinct({ n });
        expect(evaluate(m, segments(item.texts)).corpus.score).toBe(item.distinctCorpus[String(n)]);
        // Merging per-text statistics gives the same corpus statistics as the one pass.
        const merged = item.texts.map((t) => m.stats(t, [])).reduce((a, b) => m.merge(a, b), m.empty());
        expect(m.score(merged, "corpus").score).toBe(item.distinctCorpus[String(n)]);
      }
    });

    it("distinct-mean = Distinct-N distinct_n_corpus_level, n = 1..4, and each text's sentence level", () => {
      for (const n of [1, 2, 3, 4]) {
        const m = createDistinctMean({ n });
        expect(evaluate(m, segments(item.texts)).corpus.score).toBe(item.distinctMean[String(n)]);
      }
      for (const n of [1, 2]) {
        const m = createDistinctMean({ n });
        expect(item.texts.map((t) => m.score(m.stats(t, []), "segment").score)).toEqual(item.distinctSentence[String(n)]);
      }
    });

    it("self-bleu = Texygen SelfBleu (NLTK sentence_bleu, method1), gram 2, 3, 4, and every text's score", () => {
      for (const gram of [2, 3, 4]) {
        const expected = item.selfBleuTexygen[String(gram)]!;
        const result = createSelfBleu({ gram }).compute(item.texts);
        expect(result.scores).toEqual(expected.scores);
        expect(result.score).toBe(expected.score);
      }
    });

    it("self-bleu-sacrebleu = sacrebleu 2.6.0 sentence (exp, none) and corpus BLEU against all others", () => {
      for (const smoothMethod of ["exp", "none"] as const) {
        const expected = item.selfBleuSacrebleu[smoothMethod]!;
        const sentence = createSacrebleuSelfBleu({ smoothMethod }).compute(item.texts);
        expect(sentence.scores).toEqual(expected.scores);
        expect(sentence.score).toBe(expected.score);
        const corpus = createSacrebleuSelfBleu({ smoothMethod, level: "corpus" });
        expect(evaluate(corpus, segments(item.texts)).corpus.score).toBe(expected.corpus);
      }
    });
  });
}
