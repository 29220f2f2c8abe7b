// TER alone: what a browser app that imports only `ter` and `sentenceTer` bundles.
import { sentenceTer, ter } from "@gramscore/metric-ter";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      ter: (hyps, refs) => ter(hyps, refs).score,
      "ter-cs": (hyps, refs) => ter(hyps, refs, { lowercase: false }).score,
      "ter-norm-nopunct": (hyps, refs) => ter(hyps, refs, { normalized: true, noPunct: true, asianSupport: true }).score,
    },
    {
      sentence: (hyp, refs) => sentenceTer(hyp, refs).score,
    },
  );
}
