// ROUGE alone: what a browser app that imports only `rouge` and `scoreRouge` bundles.
import { rouge, scoreRouge } from "@gramscore/metric-rouge";
import { runAll } from "./harness.mjs";

const TYPES = ["rouge1", "rouge2", "rougeL", "rougeLsum"];

export function run(input) {
  return runAll(
    input,
    {
      rouge: (hyps, refs) => rouge(hyps, refs, { rougeTypes: TYPES }).corpus,
      stem: (hyps, refs) => rouge(hyps, refs, { rougeTypes: TYPES, useStemmer: true }).corpus,
      rouge155: (hyps, refs) => rouge(hyps, refs, { mode: "rouge155", rougeTypes: ["ROUGE-1", "ROUGE-2", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"] }).corpus,
    },
    {
      sentence: (hyp, refs) => scoreRouge(hyp, refs, { rougeTypes: TYPES, useStemmer: true }),
    },
  );
}
