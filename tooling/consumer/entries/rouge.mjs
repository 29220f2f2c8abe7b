// ROUGE alone: what a browser app that imports only `rouge` and `sentenceRouge` bundles.
import { rouge, sentenceRouge } from "@gramscore/metric-rouge";
import { runAll } from "./harness.mjs";

const TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"];

export function run(input) {
  return runAll(
    input,
    {
      rouge: (hyps, refs) => rouge(hyps, refs, { rougeTypes: TYPES }),
      stem: (hyps, refs) => rouge(hyps, refs, { rougeTypes: TYPES, stemmer: "porter" }),
      rouge155: (hyps, refs) => rouge(hyps, refs, { mode: "rouge155", rougeTypes: ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"] }),
    },
    {
      sentence: (hyp, refs) => sentenceRouge(hyp, refs, { rougeTypes: TYPES, stemmer: "porter" }),
    },
  );
}
