/**
 * METEOR against NLTK 3.8 (tooling/references/meteor: values written by generate.py) on WMT17 en-de,
 * WMT22 en-de, SummEval (its first 400 lines) and robust_public: every segment score and every
 * system's mean, on str.split() tokens with WordNet 3.0 synonyms.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { fsum } from "@gramscore/core";
import { wordnet } from "@gramscore/wordnet";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../../../tooling/conformance/data.js";
import { createMeteor, meteorPlugin } from "../src/index.js";
import type { MeteorStats } from "../src/index.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const refDir = join(repoRoot, "tooling", "references", "meteor");

interface CorpusFile {
  datasets: Record<string, { lines: number; systems: { system: string; n: number; nltk: { fsum: number; np: number }; tb: { fsum: number; np: number } }[] }>;
}

function expectedLines(dataset: string): { nltk: number; tb: number }[] {
  const text = gunzipSync(readFileSync(join(refDir, `${dataset}.jsonl.gz`))).toString("utf8");
  return text
    .split("\n")
    .filter((l) => l.length > 0)
    .map((l) => JSON.parse(l) as { nltk: number; tb: number });
}

/** Each dataset's expected values and records, read once for both suites (meteor and meteor-hf). */
const inputs = new Map<string, { expected: { nltk: number; tb: number }[]; records: ReturnType<typeof readDataset> }>();
function input(dataset: string): { expected: { nltk: number; tb: number }[]; records: ReturnType<typeof readDataset> } {
  let found = inputs.get(dataset);
  if (found === undefined) {
    const expected = expectedLines(dataset);
    inputs.set(dataset, (found = { expected, records: readDataset(dataset).slice(0, expected.length) }));
  }
  return found;
}

const corpus = JSON.parse(readFileSync(join(refDir, "corpus.json"), "utf8")) as CorpusFile;
const DATASETS = ["mt_wmt17_newstest2017_en-de", "mt_wmt22_generaltest2022_en-de", "sum_summeval", "robust_public"];

describe.skipIf(!hasShared)("METEOR equals NLTK 3.8 (str.split tokens, WordNet 3.0)", () => {
  for (const dataset of DATASETS) {
    it(dataset, () => {
      const { expected, records } = input(dataset);
      const metric = createMeteor({ synonyms: wordnet });
      const bySystem = new Map<string, { stats: MeteorStats; scores: number[] }>();
      let identical = 0;
      let maxDiff = 0;
      const wrong: string[] = [];
      for (let i = 0; i < records.length; i++) {
        const rec = records[i]!;
        const stats = metric.stats(rec.hyp, rec.refs);
        const got = metric.score(stats, "segment").score;
        const want = expected[i]!.nltk;
        if (Object.is(got, want)) identical++;
        else {
          maxDiff = Math.max(maxDiff, Math.abs(got - want));
          if (wrong.length < 5) wrong.push(`line ${i}: ${got} != ${want}`);
        }
        const key = `${rec.langpair ?? ""}|${rec.system}`;
        const entry = bySystem.get(key) ?? { stats: metric.empty(), scores: [] };
        entry.stats = metric.merge(entry.stats, stats);
        entry.scores.push(got);
        bySystem.set(key, entry);
      }
      const systems = corpus.datasets[dataset]!.systems;
      for (const sys of systems) {
        const entry = bySystem.get(sys.system)!;
        const result = metric.score(entry.stats, "corpus");
        expect(entry.stats.segments).toBe(sys.n);
        expect(result.score).toBe(sys.nltk.fsum);
        expect(result.score).toBe(fsum(entry.scores) / entry.scores.length);
        expect(Math.abs(result.score - sys.nltk.np)).toBeLessThanOrEqual(1e-15);
      }
      console.log(
        `meteor ${dataset}: ${records.length} segments, ${identical} identical to NLTK, max difference ${maxDiff}; ${systems.length} system means equal`,
      );
      expect(wrong).toEqual([]);
      expect(maxDiff).toBeLessThanOrEqual(1e-12);
    });
  }
});

describe.skipIf(!hasShared)("meteor-hf equals NLTK 3.8 on NLTKWordTokenizer tokens (word_tokenize without Punkt)", () => {
  const descriptor = meteorPlugin({ providers: { wordnet }, defaultSynonyms: "wordnet" }).metrics!.find((m) => m.name === "meteor-hf")!;
  for (const dataset of DATASETS) {
    it(dataset, () => {
      const { expected, records } = input(dataset);
      const metric = descriptor.create(undefined) as ReturnType<typeof createMeteor>;
      const bySystem = new Map<string, MeteorStats>();
      let identical = 0;
      const wrong: string[] = [];
      for (let i = 0; i < records.length; i++) {
        const rec = records[i]!;
        const stats = metric.stats(rec.hyp, rec.refs);
        const got = metric.score(stats, "segment").score;
        if (Object.is(got, expected[i]!.tb)) identical++;
        else if (wrong.length < 5) wrong.push(`line ${i}: ${got} != ${expected[i]!.tb}`);
        const key = `${rec.langpair ?? ""}|${rec.system}`;
        bySystem.set(key, metric.merge(bySystem.get(key) ?? metric.empty(), stats));
      }
      const systems = corpus.datasets[dataset]!.systems;
      for (const sys of systems) {
        const result = metric.score(bySystem.get(sys.system)!, "corpus");
        expect(result.score).toBe(sys.tb.fsum);
        expect(Math.abs(result.score - sys.tb.np)).toBeLessThanOrEqual(1e-15);
      }
      console.log(`meteor-hf ${dataset}: ${records.length} segments, ${identical} identical to NLTK; ${systems.length} system means equal`);
      expect(wrong).toEqual([]);
    });
  }
});
