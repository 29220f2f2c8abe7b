// CIDEr alone: what a browser app that imports only `cider`, `ciderOriginal` and `sentenceCider` bundles
// (the coco-ptb tokenizer, the double-double log and pow, numpy's pairwise mean).
import { cider, ciderOriginal, sentenceCider } from "@gramscore/metric-cider";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      "cider-d": (hyps, refs) => cider(hyps, refs),
      "cider-d-none": (hyps, refs) => cider(hyps, refs, { tokenize: "none" }),
      "cider-original": (hyps, refs) => ciderOriginal(hyps, refs),
    },
    {
      sentence: (hyp, refs) => sentenceCider(hyp, refs),
    },
  );
}
