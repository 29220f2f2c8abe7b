/**
 * @gramscore/significance against sacrebleu 2.6.0 (expected/significance/*.significance.json): every
 * score, bootstrap mean, CI and p-value of `--confidence`, `--paired-bs` and `--paired-ar` for BLEU,
 * chrF and TER with seed 12345, and the command line's text output line for line (apart from the
 * signatures' version field). Metrics missing from METRICS would be filled from the recorded numbers
 * in the table test (layout only); all three are computed.
 */
import { describe, expect, it } from "vitest";
import type { Metric, Segment } from "@gramscore/core";
import { createBleu, createHfBleu, createNltkBleu } from "@gramscore/metric-bleu";
import { createRouge } from "@gramscore/metric-rouge";
import { createTer } from "@gramscore/metric-ter";
import { createChrf } from "@gramscore/metric-chrf";
import {
  collectRows,
  concatRows,
  confidenceInterval,
  formatConfidenceLines,
  formatPairedTable,
  pairedTest,
} from "@gramscore/significance";
import type { PairedResult, SystemRows } from "@gramscore/significance";
import { SKIP_MESSAGE, conformanceDir, hasShared, readDataset, readJson } from "../conformance/data.js";
import fc from "fast-check";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

interface Entry {
  system?: string;
  score: number;
  p_value?: number | null;
  mean: number | null;
  ci: number | null;
  str?: string;
}
interface Expected {
  dataset: string;
  systems: string[];
  metrics: string[];
  seed: string;
  confidence: Record<string, Record<string, Entry>>;
  paired_bs: { n_samples: number; signatures: Record<string, string>; results: Record<string, Entry[]> };
  paired_ar: { n_samples: number; signatures: Record<string, string>; results: Record<string, Entry[]> };
  cli_text: Record<string, { args: string[]; stdout: string }>;
}

const dir = join(conformanceDir, "expected/significance");
const files = hasShared && existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".significance.json")) : [];
if (files.length === 0) console.warn(`significance conformance: ${SKIP_MESSAGE}`);

/** The metrics this branch has, by sacrebleu's score name. */
const METRICS: Record<string, () => Metric<any, any>> = {
  BLEU: () => createBleu(),
  chrF2: () => createChrf(),
  TER: () => createTer(),
};

const TOL = 1e-9;
const stripVersion = (s: string): string => s.replace(/version:[^|\s]+/g, "version:*");

describe.skipIf(files.length === 0)("significance: sacrebleu 2.6.0 conformance", () => {
  for (const file of files) {
    const exp = readJson<Expected>(`expected/significance/${file}`);
    const records = readDataset(exp.dataset);
    const bySystem = new Map<string, Segment[]>();
    for (const r of records) {
      let list = bySystem.get(r.system);
      if (!list) bySystem.set(r.system, (list = []));
      list.push({ hyp: r.hyp, refs: r.refs });
    }
    const names = exp.systems;
    const rows = new Map<string, SystemRows[]>();
    const rowsOf = (metric: string): SystemRows[] => {
      let r = rows.get(metric);
      if (!r) {
        const m = METRICS[metric]!();
        r = names.map((n) => collectRows(m, bySystem.get(n)!));
        rows.set(metric, r);
      }
      return r;
    };
    const metrics = exp.metrics.filter((m) => m in METRICS);
    let compared = 0;
    let identical = 0;
    const close = (got: number | null, want: number | null | undefined, what: string): void => {
      if (want === null || want === undefined) {
        expect(got, what).toBeNull();
        return;
      }
      expect(got, what).not.toBeNull();
      expect(Math.abs(got! - want), `${what}: ${got} vs ${want}`).toBeLessThanOrEqual(TOL);
      compared++;
      if (got === want) identical++;
      else console.log(`not identical: ${what}: ${got} vs ${want}`);
    };
    const paired: Record<string, Record<string, PairedResult>> = { bs: {}, ar: {} };

    describe(exp.dataset, () => {
      it("confidence intervals (corpus_score n_bootstrap=1000) of every system", () => {
        for (const metric of metrics) {
          names.forEach((name, i) => {
            const got = confidenceInterval(rowsOf(metric)[i]!, { samples: 1000, seed: 12345 });
            const want = exp.confidence[name]![metric]!;
            close(got.score, want.score, `${name} ${metric} score`);
            close(got.mean, want.mean, `${name} ${metric} mean`);
            close(got.ci, want.ci, `${name} ${metric} ci`);
          });
        }
      });

      for (const [test, key] of [["bs", "paired_bs"], ["ar", "paired_ar"]] as const) {
        it(`paired ${test === "bs" ? "bootstrap" : "approximate randomization"} (${exp[key].n_samples}) against ${names[0]}`, () => {
          for (const metric of metrics) {
            const got = pairedTest(
              names.map((name, i) => ({ name, rows: rowsOf(metric)[i]! })),
              { test, samples: exp[key].n_samples, seed: 12345 },
            );
            paired[test]![metric] = got;
            expect(stripVersion(got.signature)).toBe(stripVersion(exp[key].signatures[metric]!));
            exp[key].results[metric]!.forEach((want, i) => {
              const r = got.results[i]!;
              expect(r.system).toBe(want.system);
              close(r.score, want.score, `${test} ${metric} ${want.system} score`);
              close(r.pValue, want.p_value, `${test} ${metric} ${want.system} p`);
              close(r.mean, want.mean, `${test} ${metric} ${want.system} mean`);
              close(r.ci, want.ci, `${test} ${metric} ${want.system} ci`);
            });
          }
        });
      }

      it("prints the command line's text: paired tables and --confidence lines", () => {
        // Results of the metrics this branch lacks (TER) come from the recorded numbers, so the whole
        // table can be compared; every BLEU and chrF number in it is computed.
        const recorded = (test: "bs" | "ar", metric: string): PairedResult => {
          const key = test === "bs" ? "paired_bs" : "paired_ar";
          return {
            test,
            name: metric,
            samples: exp[key].n_samples,
            arConfidence: 0,
            seed: exp.seed,
            signature: exp[key].signatures[metric]!,
            baseline: 0,
            results: exp[key].results[metric]!.map((e) => ({ system: e.system!, score: e.score, pValue: e.p_value ?? null, mean: e.mean, ci: e.ci })),
          };
        };
        let lines = 0;
        for (const [name, cli] of Object.entries(exp.cli_text)) {
          const width = Number(cli.args[cli.args.indexOf("-w") + 1]);
          const sysArgs = cli.args.slice(cli.args.indexOf("-i") + 1, cli.args.indexOf("-m"));
          let text: string;
          if (name.startsWith("paired_")) {
            const test = name.startsWith("paired_bs") ? "bs" : "ar";
            const results = exp.metrics.map((m) => {
              const r = metrics.includes(m) ? paired[test]![m] : recorded(test, m);
              expect(r, `${test} ${m} computed first`).toBeDefined();
              // The command line names systems by their file names.
              return { ...r!, results: r!.results.map((x, i) => ({ ...x, system: sysArgs[i]! })) };
            });
            text = formatPairedTable(results, { width });
          } else {
            // sacrebleu prints the metrics sorted by their command-line names (bleu, chrf, ter).
            const entries = exp.metrics.map((m) => {
              const want = exp.confidence[exp.systems[0]!]![m]!;
              if (!metrics.includes(m)) {
                const sig = exp.paired_bs.signatures[m]!;
                return { line: `${m} = ${want.score.toFixed(width)}`, signature: sig, mean: want.mean!, ci: want.ci! };
              }
              const metric = METRICS[m]!();
              const rows = rowsOf(m)[0]!;
              const ci = confidenceInterval(rows, { samples: 1000, seed: 12345 });
              const result = metric.score(metric.corpusStats!(bySystem.get(exp.systems[0]!)!), "corpus");
              return { line: metric.format!(result, { width }), signature: ci.signature, mean: ci.mean, ci: ci.ci };
            });
            text = formatConfidenceLines(entries, width);
          }
          const got = stripVersion(text).split("\n");
          const want = stripVersion(cli.stdout).split("\n");
          expect(got, name).toEqual(want);
          lines += want.length;
        }
        console.log(`significance ${exp.dataset}: ${Object.keys(exp.cli_text).length} command-line outputs, ${lines} lines identical`);
      });

      it("reports what it compared", () => {
        console.log(
          `significance ${exp.dataset}: ${compared} numbers of ${metrics.join(", ")} compared (scores, means, CIs, p-values), ` +
            `${identical} identical, all within ${TOL}; not compared: ${exp.metrics.filter((m) => !(m in METRICS)).join(", ") || "none"}`,
        );
        expect(compared).toBeGreaterThan(0);
      });
    });
  }
});

/** Every metric with rows through the same engine: ROUGE (each type and measure), chrF, NLTK and HF BLEU. */
describe("significance: the same procedures for every metric", () => {
  const words = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "in", "park"];
  const sentence = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 12 }).map((w) => w.join(" "));
  const corpus = fc.array(fc.tuple(sentence, sentence, sentence), { minLength: 3, maxLength: 30 });
  const metrics: [string, () => Metric<any, any>, string | undefined][] = [
    ["rouge1", () => createRouge({ rougeTypes: ["rouge1", "rougeL"] }), undefined],
    ["rougeL.r", () => createRouge({ rougeTypes: ["rouge1", "rougeL"] }), "rougeL.r"],
    ["chrF2", () => createChrf(), undefined],
    ["chrF2++", () => createChrf({ wordOrder: 2 }), undefined],
    ["NLTK-BLEU", () => createNltkBleu(), undefined],
    ["BLEU-HF", () => createHfBleu(), undefined],
    ["TER", () => createTer(), undefined],
  ];
  for (const [name, make, key] of metrics) {
    it(`${name}: CI and both paired tests, deterministic, with the procedure, samples and seed in the signature`, () => {
      fc.assert(
        fc.property(corpus, fc.integer({ min: 0, max: 10 ** 6 }), (data, seed) => {
          const m = make();
          const a = collectRows(m, data.map(([h, , r]) => ({ hyp: h, refs: [r] })), { key });
          const b = collectRows(m, data.map(([, h, r]) => ({ hyp: h, refs: [r] })), { key });
          expect(a.name).toBe(name);
          // The score the engine compares with is the metric's own corpus score.
          const direct = m.summarize(m.score(m.corpusStats ? m.corpusStats(data.map(([h, , r]) => ({ hyp: h, refs: [r] }))) : data.map(([h, , r]) => m.stats(h, [r])).reduce((x, y) => m.merge(x, y), m.empty()), "corpus"));
          const keyName = key ?? (name.startsWith("rouge") ? `${name}.f` : "score");
          expect(a.score).toBe(direct[keyName]);
          const ci = confidenceInterval(a, { samples: 60, seed });
          expect(ci.signature).toContain(`bs:60|seed:${seed}`);
          expect(ci).toEqual(confidenceInterval(a, { samples: 60, seed }));
          const systems = [{ name: "A", rows: a }, { name: "B", rows: b }];
          const bs = pairedTest(systems, { test: "bs", samples: 50, seed });
          const ar = pairedTest(systems, { test: "ar", samples: 70, seed });
          expect(bs.signature).toContain(`bs:50|seed:${seed}`);
          expect(ar.signature).toContain(`ar:70|seed:${seed}`);
          expect(bs).toEqual(pairedTest(systems, { test: "bs", samples: 50, seed }));
          expect(ar).toEqual(pairedTest(systems, { test: "ar", samples: 70, seed }));
          for (const r of [...bs.results, ...ar.results]) if (r.pValue !== null) expect(r.pValue).toBeGreaterThan(0);
          // Chunks (worker threads, shards) joined in order give the one-pass rows and results.
          const segs = data.map(([h, , r]) => ({ hyp: h, refs: [r] }));
          const cut = Math.floor(segs.length / 2);
          const m2 = make();
          const parts = [collectRows(m2, segs.slice(0, cut), { key }), collectRows(m2, segs.slice(cut), { key })].filter((p) => p.count > 0);
          const merged = segs.map((x) => m2.stats(x.hyp, x.refs)).reduce((x, y) => m2.merge(x, y), m2.empty());
          const joined = concatRows(parts, m2, merged);
          expect(joined.rows).toEqual(a.rows);
          expect(joined.score).toBe(a.score);
          expect(pairedTest([{ name: "A", rows: joined }, systems[1]!], { test: "bs", samples: 50, seed })).toEqual(bs);
          expect(pairedTest([systems[0]!, { name: "A2", rows: a }], { test: "ar", samples: 70, seed }).results[1]!.pValue).toBe(1 / 71);
        }),
        { numRuns: 8 },
      );
    });
  }
});
