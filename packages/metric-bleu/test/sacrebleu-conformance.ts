// Every sacrebleu 2.6.0 BLEU configuration recorded in ../shared/conformance/expected, on every MT
// dataset: per system the corpus result (raw statistics exactly; score, precisions, bp and ratio
// identical to the last bit, as are sacrebleu's formatted line and signature), and per line the
// sentence_score result where the reference recorded one (score, precisions and bp identical). Statistics come from the metric's own stats() (tokenizer included).
// The passes are split over two test files so that they run in parallel.
import { describe, expect, it } from "vitest";
import { createBleu, formatBleu } from "@gramscore/metric-bleu";
import type { BleuMetric, BleuOptions, BleuStats } from "@gramscore/metric-bleu";
import { MT_DATASETS, SKIP_MESSAGE, hasExpected, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import type { DataRecord } from "../../../tooling/conformance/data.js";
import { Mismatches, checkSegment, readCorpus, readSegments, toBleuOptions, withoutVersion } from "./expected.js";
import type { SacrebleuSegment } from "./expected.js";


/**
 * Configurations that differ only in smoothing / effective order share one statistics pass: a pass
 * counts orders up to `maxNgramOrder` and each configuration uses its first `max_ngram_order` orders
 * (lower orders do not depend on the maximum).
 */
export const PASSES: { name: string; options: BleuOptions; configs: string[] }[] = [
  {
    name: "13a",
    options: { tokenize: "13a" },
    configs: ["bleu-13a", "bleu-13a-eff", "bleu-13a-addk", "bleu-13a-none", "bleu-13a-floor", "bleu-13a-max2"],
  },
  { name: "13a, order 6", options: { tokenize: "13a", maxNgramOrder: 6 }, configs: ["bleu-13a-max6"] },
  { name: "13a lowercase", options: { tokenize: "13a", lowercase: true }, configs: ["bleu-13a-lc"] },
  { name: "intl", options: { tokenize: "intl" }, configs: ["bleu-intl"] },
  { name: "char", options: { tokenize: "char" }, configs: ["bleu-char"] },
  { name: "none", options: { tokenize: "none" }, configs: ["bleu-none-floor-eff"] },
  { name: "zh", options: { tokenize: "zh" }, configs: ["bleu-zh"] },
];

function truncate(s: BleuStats, n: number): BleuStats {
  return n === s.matches.length ? s : { ...s, matches: s.matches.slice(0, n), totals: s.totals.slice(0, n) };
}

const records = new Map<string, DataRecord[]>();
function data(dataset: string): DataRecord[] {
  let r = records.get(dataset);
  if (r === undefined) records.set(dataset, (r = readDataset(dataset)));
  return r;
}

/** Defines the conformance tests of the named passes. */
export function defineSacrebleuConformance(passNames: readonly string[]): void {
  if (!hasShared) console.log(SKIP_MESSAGE);
  describe.skipIf(!hasShared)(`sacrebleu 2.6.0 BLEU on the shared MT data (${passNames.join("; ")})`, () => {
    for (const dataset of MT_DATASETS) {
      for (const pass of PASSES.filter((p) => passNames.includes(p.name))) {
        const configs = pass.configs.filter((c) => hasShared && hasExpected(dataset, `${c}.corpus.json`));
        if (hasShared && configs.length === 0) continue;
        it(`${dataset}: ${pass.name} (${configs.join(", ")})`, () => {
          const lines = data(dataset);
          const counter = createBleu(pass.options);
          const stats = lines.map((r) => counter.stats(r.hyp, r.refs));
          const m = new Mismatches();
          let segments = 0;
          let systems = 0;
          for (const config of configs) {
            const expected = readCorpus(dataset, config);
            const options = toBleuOptions(expected.options);
            const N = options.maxNgramOrder!;
            const perLine = readSegments<SacrebleuSegment | null>(dataset, config);
            for (const sys of expected.systems) {
              expect(sys.contiguous).toBe(true);
              const metric: BleuMetric = createBleu(options);
              let total = metric.empty();
              for (let i = sys.first_line; i <= sys.last_line; i++) total = metric.merge(total, truncate(stats[i]!, N));
              const where = () => `${dataset} ${config} ${sys.system}`;
              const raw = sys.corpus.raw_stats;
              m.equal([total.sysLen, total.refLen], [raw.sys_len, raw.ref_len], () => `${where()} lengths`);
              m.equal(total.matches, raw.matches, () => `${where()} matches`);
              m.equal(total.totals, raw.totals, () => `${where()} totals`);
              const r = metric.score(total, "corpus");
              const c = sys.corpus;
              m.same(r.score, c.score, () => `${where()} score`);
              m.same(r.bp, c.bp, () => `${where()} bp`);
              m.allSame(r.precisions, c.precisions, () => `${where()} precisions`);
              m.equal(r.counts, c.counts, () => `${where()} counts`);
              m.equal(r.totals, c.totals, () => `${where()} smoothed totals`);
              m.same(r.ratio, c.ratio, () => `${where()} ratio`);
              m.check(formatBleu(r) === c.str && metric.format(r) === c.str, () => `${where()} str "${formatBleu(r)}" vs "${c.str}"`);
              // sacrebleu's signature has no field for the order; ours adds ngram:N when N is not 4.
              const ours = (s: string) => withoutVersion(s.replace(`|ngram:${N}`, ""));
              m.check(ours(metric.signature()) === withoutVersion(sys.signature), () => `${where()} signature ${metric.signature()}`);
              m.check(ours(metric.shortSignature()) === withoutVersion(sys.signature_short), () => `${where()} short ${metric.shortSignature()}`);
              if (N !== 4) m.check(metric.signature().includes(`|ngram:${N}|`), () => `${where()} ngram field missing`);
              systems++;
              if (perLine === undefined) continue;
              for (let i = sys.first_line; i <= sys.last_line; i++) {
                const e = perLine[i]!;
                const s = truncate(stats[i]!, N);
                const at = () => `${dataset} ${config} line ${i}`;
                checkSegment(m, metric, s, e, at);
                segments++;
              }
              if (sys.segment_signature !== undefined) {
                const last = createBleu(options);
                last.score(truncate(stats[sys.last_line]!, N), "segment");
                m.check(
                  withoutVersion(last.signature().replace(`|ngram:${N}`, "")) === withoutVersion(sys.segment_signature),
                  () => `${where()} segment signature ${last.signature()}`,
                );
              }
            }
          }
          console.log(
            `${dataset} ${pass.name}: ${lines.length} lines counted; ${systems} system results and ${segments} segment results compared ` +
              `(${m.compared} checks; ${m.identical} of ${m.floats} floats identical, largest difference ${m.maxDelta.toExponential(2)}) for ${configs.join(", ")}`,
          );
          expect(m.report()).toEqual({ count: 0, first: [] });
          expect(m.identical).toBe(m.floats);
        });
      }
    }
  });
}
