// chrF alone: what a browser app that imports only `chrf` and `sentenceChrf` bundles.
import { chrf, sentenceChrf } from "@gramscore/metric-chrf";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      chrf: (hyps, refs) => chrf(hyps, refs).score,
      "chrf++": (hyps, refs) => chrf(hyps, refs, { wordOrder: 2 }).score,
      whitespace: (hyps, refs) => chrf(hyps, refs, { whitespace: true, lowercase: true }).score,
    },
    {
      sentence: (hyp, refs) => sentenceChrf(hyp, refs).score,
      "sentence++": (hyp, refs) => sentenceChrf(hyp, refs, { wordOrder: 2 }).score,
    },
  );
}
