/**
 * TER against sacrebleu 2.6.0 on every line of every MT dataset of the shared conformance data, for
 * every option set with expectations: per-segment edits, reference lengths and scores (where a
 * segments file exists), and per-system corpus sums, scores, score lines and signatures.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatFixed } from "@gramscore/core";
import { createTer, type TerOptions, type TerStats } from "@gramscore/metric-ter";
import {
  MT_DATASETS,
  SKIP_MESSAGE,
  conformanceDir,
  hasShared,
  readDataset,
  readJson,
  readJsonl,
  type DataRecord,
} from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

interface CorpusFile {
  config: string;
  options: { normalized: boolean; no_punct: boolean; asian_support: boolean; case_sensitive: boolean };
  segments_file?: string | null;
  systems: {
    system: string;
    n_lines: number;
    signature: string;
    corpus: { score: number; num_edits_sum: number; ref_length_sum: number; str: string };
  }[];
}

interface SegmentExpectation {
  score: number;
  num_edits: number;
  ref_length: number;
}

function toOptions(o: CorpusFile["options"]): TerOptions {
  return { normalized: o.normalized, noPunct: o.no_punct, asianSupport: o.asian_support, lowercase: !o.case_sensitive };
}

/** The TER configs with expectations for a dataset (`ter`, `ter-default`, `ter-cs`, …). */
function terConfigs(dataset: string): string[] {
  return readdirSync(join(conformanceDir, "expected", dataset))
    .filter((f) => /^ter(-[a-z-]+)?\.corpus\.json$/.test(f))
    .map((f) => f.replace(/\.corpus\.json$/, ""))
    .sort();
}

const records = new Map<string, DataRecord[]>();
function data(dataset: string): DataRecord[] {
  let r = records.get(dataset);
  if (r === undefined) {
    r = readDataset(dataset);
    records.set(dataset, r);
  }
  return r;
}

interface Scored {
  /** Per line: the segment's statistics and the system's metric. */
  stats: TerStats[];
  systems: { metric: ReturnType<typeof createTer>; stats: TerStats; count: number }[];
}

/** Per (dataset, options): every line scored once, shared by configs with the same options. */
const scoredCache = new Map<string, Scored>();
function score(dataset: string, options: TerOptions): Scored {
  const key = `${dataset} ${JSON.stringify(options)}`;
  let s = scoredCache.get(key);
  if (s !== undefined) return s;
  const lines = data(dataset);
  const bySystem = new Map<string, Scored["systems"][number]>();
  const stats: TerStats[] = [];
  // One metric per system (its signature reads nrefs off that system's data, as sacrebleu's does);
  // all systems share one metric's reference cache through `shared` being created per system here.
  for (const line of lines) {
    const k = `${line.langpair ?? ""}\u0000${line.system}`;
    let sys = bySystem.get(k);
    if (sys === undefined) {
      const metric = createTer(options);
      sys = { metric, stats: metric.empty(), count: 0 };
      bySystem.set(k, sys);
    }
    const st = sys.metric.stats(line.hyp, line.refs);
    stats.push(st);
    sys.stats = sys.metric.merge(sys.stats, st);
    sys.count++;
  }
  s = { stats, systems: [...bySystem.values()] };
  scoredCache.set(key, s);
  return s;
}

const plan = hasShared ? MT_DATASETS.map((d) => ({ dataset: d, configs: terConfigs(d) })) : [];

describe.skipIf(!hasShared)("sacrebleu 2.6.0 TER conformance on real data", () => {
  it("covers every MT dataset", () => {
    expect(plan.filter((p) => p.configs.includes("ter")).map((p) => p.dataset)).toEqual([...MT_DATASETS]);
  });

  for (const { dataset, configs } of plan) {
    for (const config of configs) {
      it(`${config} on ${dataset}: every segment and every system`, { timeout: 600_000 }, () => {
        const expectedCorpus = readJson<CorpusFile>(`expected/${dataset}/${config}.corpus.json`);
        const scored = score(dataset, toOptions(expectedCorpus.options));
        let compared = 0;
        if (expectedCorpus.segments_file) {
          const expected = readJsonl<SegmentExpectation | null>(`expected/${dataset}/${expectedCorpus.segments_file}`);
          expect(expected.length).toBe(scored.stats.length);
          const mismatches: string[] = [];
          const metric = createTer(toOptions(expectedCorpus.options));
          expected.forEach((e, i) => {
            if (e === null) return;
            const st = scored.stats[i]!;
            const r = metric.score(st, "segment");
            if (r.numEdits !== e.num_edits || r.refLength !== e.ref_length || r.score !== e.score) {
              if (mismatches.length < 5) {
                mismatches.push(`line ${i}: edits ${r.numEdits} len ${r.refLength} score ${r.score}; expected ${e.num_edits} ${e.ref_length} ${e.score}`);
              } else mismatches.push("");
            }
            compared++;
          });
          expect(mismatches.slice(0, 5), `${mismatches.length} segments differ`).toEqual([]);
        }
        expect(scored.systems.length).toBe(expectedCorpus.systems.length);
        expectedCorpus.systems.forEach((e, s) => {
          const sys = scored.systems[s]!;
          const corpus = sys.metric.score(sys.stats, "corpus");
          const label = `${dataset} ${config} system ${e.system}`;
          expect(sys.count, label).toBe(e.n_lines);
          expect(corpus.numEdits, `${label} num_edits_sum`).toBe(e.corpus.num_edits_sum);
          expect(corpus.refLength, `${label} ref_length_sum`).toBe(e.corpus.ref_length_sum);
          expect(corpus.score, `${label} score`).toBe(e.corpus.score);
          expect(sys.metric.format(corpus), `${label} str`).toBe(e.corpus.str);
          expect(sys.metric.signature(), `${label} signature`).toBe(e.signature.replace(/version:[^|]*$/, "version:gramscore-0.1.0"));
        });
        console.log(`TER ${config} ${dataset}: ${compared} segments and ${scored.systems.length} systems compared`);
      });
    }
  }

  it("reproduces every published tercom 0.7.25 TER row at its printed precision", { timeout: 600_000 }, () => {
    const rows = readJsonl<{ set: string; langpair: string; system: string; metric: string; refs: string; score: number }>(
      "data/published_scores.jsonl.gz",
    ).filter((r) => r.metric === "ter");
    expect(rows.length).toBeGreaterThan(0);
    const dataset = "mt_wmt17_newstest2017_en-de";
    const scored = score(dataset, {});
    const names = [...new Set(data(dataset).map((l) => `${l.langpair}\u0000${l.system}`))];
    let compared = 0;
    for (const row of rows) {
      expect(`${row.set} ${row.refs}`).toBe("wmt17-newstest2017 A");
      const s = names.indexOf(`${row.langpair}\u0000${row.system}`);
      expect(s, row.system).toBeGreaterThanOrEqual(0);
      const sys = scored.systems[s]!;
      const fraction = sys.metric.score(sys.stats, "corpus").score / 100;
      // Published as a fraction with 3 decimals (0.69 is 0.690).
      expect(formatFixed(fraction, 3), row.system).toBe(formatFixed(row.score, 3));
      compared++;
    }
    console.log(`TER published rows: ${compared} of ${rows.length} reproduced at 3 decimals`);
  });
});
