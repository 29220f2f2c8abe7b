/**
 * chrF, chrF++ and chrF with epsilon smoothing against sacrebleu 2.6.0 on every line of every MT
 * dataset of the shared conformance data: segment statistics and scores, and per-system corpus
 * statistics, scores, score lines and signatures.
 */
import { describe, expect, it } from "vitest";
import { createChrf, type ChrfOptions, type ChrfStats } from "@gramscore/metric-chrf";
import {
  MT_DATASETS,
  SKIP_MESSAGE,
  hasExpected,
  hasShared,
  readDataset,
  readJson,
  readJsonl,
  type DataRecord,
} from "../../../tooling/conformance/data.js";

const CONFIGS = ["chrf", "chrfpp", "chrf-eps"] as const;

if (!hasShared) console.log(SKIP_MESSAGE);

interface CorpusFile {
  options: { char_order: number; word_order: number; beta: number; lowercase: boolean; whitespace: boolean; eps_smoothing: boolean };
  systems: {
    system: string;
    langpair?: string;
    n_lines: number;
    signature: string;
    corpus: { score: number; str: string; stats_sum: number[] };
  }[];
}

function toOptions(o: CorpusFile["options"]): ChrfOptions {
  return { charOrder: o.char_order, wordOrder: o.word_order, beta: o.beta, lowercase: o.lowercase, whitespace: o.whitespace, epsSmoothing: o.eps_smoothing };
}

function sameArray(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

const datasets = hasShared ? MT_DATASETS.filter((d) => CONFIGS.every((c) => hasExpected(d, `${c}.corpus.json`))) : [];
const records = new Map<string, DataRecord[]>();
function data(dataset: string): DataRecord[] {
  let r = records.get(dataset);
  if (r === undefined) {
    r = readDataset(dataset);
    records.set(dataset, r);
  }
  return r;
}

describe.skipIf(!hasShared)("sacrebleu 2.6.0 chrF conformance on real data", () => {
  it("covers every MT dataset, including zh, ja and he", () => {
    expect(datasets).toEqual([...MT_DATASETS]);
  });

  for (const dataset of datasets) {
    for (const config of CONFIGS) {
      it(`${config} on ${dataset}: every segment and every system`, () => {
        const lines = data(dataset);
        const expectedCorpus = readJson<CorpusFile>(`expected/${dataset}/${config}.corpus.json`);
        const expectedSegments = readJsonl<{ score: number; stats: number[] } | null>(`expected/${dataset}/${config}.segments.jsonl.gz`);
        expect(expectedSegments.length).toBe(lines.length);
        const options = toOptions(expectedCorpus.options);

        // One metric per system (its signature reads nrefs off that system's data, as sacrebleu's does).
        const systems = new Map<string, { metric: ReturnType<typeof createChrf>; stats: ChrfStats; count: number }>();
        const mismatches: string[] = [];
        let compared = 0;
        lines.forEach((line, i) => {
          const key = `${line.langpair ?? ""}\u0000${line.system}`;
          let sys = systems.get(key);
          if (sys === undefined) {
            const metric = createChrf(options);
            sys = { metric, stats: metric.empty(), count: 0 };
            systems.set(key, sys);
          }
          const stats = sys.metric.stats(line.hyp, line.refs);
          sys.stats = sys.metric.merge(sys.stats, stats);
          sys.count++;
          const expected = expectedSegments[i];
          if (expected === null || expected === undefined) return;
          const score = sys.metric.score(stats, "segment").score;
          if (!sameArray(stats.counts, expected.stats) || score !== expected.score) {
            if (mismatches.length < 5) {
              mismatches.push(`line ${i}: stats ${JSON.stringify(stats.counts)} score ${score}; expected ${JSON.stringify(expected.stats)} score ${expected.score}`);
            } else mismatches.push("");
          }
          compared++;
        });
        expect(mismatches.slice(0, 5), `${mismatches.length} segments differ`).toEqual([]);

        const got = [...systems.values()];
        expect(got.length).toBe(expectedCorpus.systems.length);
        expectedCorpus.systems.forEach((e, s) => {
          const sys = got[s]!;
          const corpus = sys.metric.score(sys.stats, "corpus");
          const label = `${dataset} ${config} system ${e.system}`;
          expect(sys.count, label).toBe(e.n_lines);
          expect(corpus.counts, `${label} stats_sum`).toEqual(e.corpus.stats_sum);
          expect(corpus.score, `${label} score`).toBe(e.corpus.score);
          expect(sys.metric.format(corpus), `${label} str`).toBe(e.corpus.str);
          expect(sys.metric.signature(), `${label} signature`).toBe(e.signature.replace(/version:[^|]*$/, "version:gramscore-0.1.0"));
        });
        console.log(`${config} ${dataset}: ${compared} segments and ${got.length} systems compared`);
      });
    }
  }
});
