// Real-data conformance: rouge-score 0.1.2 (rouge, rouge-stem) and ROUGE-1.5.5 (rouge155-fA, -fB,
// -fA-stop, -fA-noexc) on the summarization sets (and WMT22 en-de for rouge-score's ASCII tokenizer),
// every segment and every system's mean, against ../shared/conformance/expected.
import { createRouge, type RougeStats } from "@gramscore/metric-rouge";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset, readJson, readJsonl, type DataRecord } from "../../../tooling/conformance/data.js";
import { R155_KEYS, asRPF, differences, rouge155Options } from "./helpers.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const datasets = new Map<string, DataRecord[]>();
function data(name: string): DataRecord[] {
  let d = datasets.get(name);
  if (d === undefined) {
    d = readDataset(name);
    datasets.set(name, d);
  }
  return d;
}

/** The lines of each system (by langpair and system, in order of first appearance). */
function systems(records: DataRecord[]): Map<string, number[]> {
  const out = new Map<string, number[]>();
  records.forEach((r, i) => {
    const key = `${r.langpair ?? ""}\u0000${r.system}`;
    const list = out.get(key) ?? [];
    list.push(i);
    out.set(key, list);
  });
  return out;
}

interface CorpusSystem {
  system: string;
  langpair?: string;
  n_lines: number;
  mean: Record<string, Record<string, number>>;
}

describe.skipIf(!hasShared)("rouge-score 0.1.2 on real data", () => {
  for (const config of ["rouge", "rouge-stem"]) {
    for (const dataset of ["sum_summeval", "sum_cnndm_ptrgen_public", "mt_wmt22_generaltest2022_en-de"]) {
      it(`${config} on ${dataset}: every segment bit for bit, every system mean within 1e-12`, () => {
        const records = data(dataset);
        const expected = readJsonl<Record<string, Record<string, number>>>(`expected/${dataset}/${config}.segments.jsonl.gz`);
        const corpus = readJson<{ options: { rouge_types: string[]; use_stemmer: boolean }; systems: CorpusSystem[] }>(
          `expected/${dataset}/${config}.corpus.json`,
        );
        const metric = createRouge({ rougeTypes: corpus.options.rouge_types, stemmer: corpus.options.use_stemmer ? "porter" : "none" });
        const stats: RougeStats[] = [];
        const bad: string[] = [];
        for (let line = 0; line < records.length; line++) {
          const r = records[line]!;
          const s = metric.stats(r.hyp, r.refs);
          stats.push(s);
          const d = differences(metric.score(s, "segment"), expected[line]);
          if (d.length > 0) bad.push(`line ${line}: ${d.join("; ")}`);
        }
        expect(bad.slice(0, 10)).toEqual([]);
        let systemsCompared = 0;
        const byName = systems(records);
        for (const sys of corpus.systems) {
          const lines = byName.get(`${sys.langpair ?? ""}\u0000${sys.system}`)!;
          expect(lines.length).toBe(sys.n_lines);
          let total = metric.empty();
          for (const line of lines) total = metric.merge(total, stats[line]!);
          const mean = metric.score(total, "corpus");
          for (const t of corpus.options.rouge_types) {
            for (const f of ["precision", "recall", "fmeasure"] as const) {
              expect(Math.abs(mean[t]![f] - sys.mean[t]![f]!), `${sys.system} ${t}.${f}`).toBeLessThanOrEqual(1e-12);
            }
          }
          systemsCompared++;
        }
        console.log(`${config} ${dataset}: ${records.length} segments (${records[0]!.refs.length} refs/line) and ${systemsCompared} system means compared`);
      });
    }
  }
});

describe.skipIf(!hasShared)("ROUGE-1.5.5 on real data", () => {
  for (const config of ["rouge155-fA", "rouge155-fB", "rouge155-fA-stop", "rouge155-fA-noexc"]) {
    it(`${config}: every printed row (R-1..4, L, W-1.2, S4, SU4) and every system mean`, () => {
      const metric = createRouge(rouge155Options(config));
      let segments = 0;
      let systemsCompared = 0;
      for (const dataset of ["sum_summeval", "sum_cnndm_ptrgen_public"]) {
        const records = data(dataset);
        const expected = readJsonl<Record<string, { R: number; P: number; F: number }> | null>(`expected/${dataset}/${config}.segments.jsonl.gz`);
        const corpus = readJson<{ systems: CorpusSystem[] }>(`expected/${dataset}/${config}.corpus.json`);
        const stats = new Map<number, RougeStats>();
        const bad: string[] = [];
        for (let line = 0; line < records.length; line++) {
          const exp = expected[line];
          if (exp == null) continue;
          const r = records[line]!;
          const s = metric.stats(r.hyp, r.refs);
          stats.set(line, s);
          const d = differences(asRPF(metric.score(s, "segment")), exp);
          if (d.length > 0) bad.push(`${dataset} line ${line}: ${d.join("; ")}`);
          segments++;
        }
        expect(bad.slice(0, 10)).toEqual([]);
        const byName = systems(records);
        for (const sys of corpus.systems) {
          const lines = byName.get(`${sys.langpair ?? ""}\u0000${sys.system}`)!.filter((l) => stats.has(l));
          expect(lines.length).toBe(sys.n_lines);
          let total = metric.empty();
          for (const line of lines) total = metric.merge(total, stats.get(line)!);
          const mean = asRPF(metric.score(total, "corpus"));
          for (const k of R155_KEYS) {
            for (const f of ["R", "P", "F"] as const) {
              expect(Math.abs(mean[k]![f] - sys.mean[k]![f]!), `${dataset} ${sys.system} ${k}.${f}`).toBeLessThanOrEqual(1e-12);
            }
          }
          systemsCompared++;
        }
      }
      console.log(`${config}: ${segments} segments and ${systemsCompared} system means compared`);
    });
  }
});
