// METEOR alone, without WordNet: what a browser app that imports only `meteor` and `sentenceMeteor` bundles.
import { meteor, sentenceMeteor } from "@gramscore/metric-meteor";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      meteor: (hyps, refs) => meteor(hyps, refs).score,
      "meteor-treebank": (hyps, refs) => meteor(hyps, refs, { tokenize: "treebank", alpha: 0.85, beta: 2.5, gamma: 0.4 }).score,
    },
    {
      sentence: (hyp, refs) => sentenceMeteor(hyp, refs).score,
    },
  );
}
