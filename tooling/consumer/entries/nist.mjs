// NIST alone: what a browser app that imports only `nist` and `sentenceNist` bundles.
import { nist, sentenceNist } from "@gramscore/metric-nist";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      nist: (hyps, refs) => nist(hyps, refs).score,
      "nist-n3": (hyps, refs) => nist(hyps, refs, { maxNgramOrder: 3 }).score,
    },
    {
      sentence: (hyp, refs) => sentenceNist(hyp, refs).score,
    },
  );
}
