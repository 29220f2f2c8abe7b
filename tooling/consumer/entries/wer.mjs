// WER alone: what a browser app that imports only `wer`, `cer` and the metric factory bundles.
import { cer, createWerMetric, mer, wer, wil, wip } from "@gramscore/metric-wer";
import { runAll } from "./harness.mjs";

const first = (refs) => [refs[0]];

export function run(input) {
  const metrics = ["wer", "cer"].map((m) => createWerMetric(m));
  return runAll(
    input,
    {
      wer: (hyps, refs) => wer(hyps, first(refs)),
      cer: (hyps, refs) => cer(hyps, first(refs)).score,
      "mer-wil-wip": (hyps, refs) => [mer(hyps, first(refs)).score, wil(hyps, first(refs)).score, wip(hyps, first(refs)).score],
    },
    {
      sentence: (hyp, refs) => metrics.map((m) => m.score(m.stats(hyp, refs), "segment")),
    },
  );
}
