// @gramscore/significance: sacrebleu's paired tests (--paired-bs with 1,000 resamples, --paired-ar
// with 10,000 trials, seed 12345) for 5 systems x 3 metrics (BLEU, chrF2, chrF2++) on WMT22 en-de
// (2,037 segments, 2 references), beside sacrebleu 2.6.0's time for the same tests on the same data
// (references.mjs). A run is the whole test: every system's statistics, then the resampling; items
// are system-segments (5 x 2,037). The "resampling only" cases start from collected rows, to show
// the cost per trial.
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { collectRows, pairedTest } from "@gramscore/significance";
import { dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt22_generaltest2022_en-de");
  const names = [];
  for (const r of records) if (!names.includes(r.system) && names.length < 5) names.push(r.system);
  const systems = names.map((name) => records.filter((r) => r.system === name).map((r) => ({ hyp: r.hyp, refs: r.refs })));
  const segments = systems[0].length;
  const input = "mt_wmt22_generaltest2022_en-de (5 systems)";
  const metrics = () => [createBleu(), createChrf(), createChrf({ wordOrder: 2 })];
  const collect = () => metrics().map((m) => names.map((name, i) => ({ name, rows: collectRows(m, systems[i]) })));
  let sink = 0;
  const run = (rows, test, samples) => {
    for (const systemsOfMetric of rows) sink += pairedTest(systemsOfMetric, { test, samples, seed: 12345 }).results[1].pValue;
  };
  const collected = collect();
  const items = names.length * segments;
  return [
    {
      name: "significance: --paired-bs 1000, 5 sys x 3 metrics",
      input,
      items,
      versus: "sacrebleu-paired-bs",
      fn: () => run(collect(), "bs", 1000),
    },
    {
      name: "significance: --paired-ar 10000, 5 sys x 3 metrics",
      input,
      items,
      versus: "sacrebleu-paired-ar",
      fn: () => run(collect(), "ar", 10000),
    },
    {
      // 3 metrics x (4 systems + the baseline) x 1,000 resamples = 15,000 resampled corpus scores.
      name: "significance: paired-bs resampling only (15k resamples)",
      input,
      items,
      fn: () => run(collected, "bs", 1000),
    },
    {
      // 3 metrics x 4 comparisons x 10,000 trials = 120,000 trials (240,000 corpus scores).
      name: "significance: paired-ar resampling only (120k trials)",
      input,
      items,
      fn: () => run(collected, "ar", 10000),
    },
  ].map((c) => ({ ...c, sink: () => sink }));
}
