// characTER and EED alone: what a browser app that imports only `character`, `eed`, `eedRwth` and the sentence forms bundles.
import { character, eed, eedRwth, sentenceCharacter, sentenceEed } from "@gramscore/metric-character";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      character: (hyps, refs) => character(hyps, refs),
      "character-median": (hyps, refs) => character(hyps, refs, { aggregate: "median" }),
      eed: (hyps, refs) => eed(hyps, refs),
      "eed-rwth": (hyps, refs) => eedRwth(hyps, refs),
    },
    {
      sentence: (hyp, refs) => sentenceCharacter(hyp, refs),
      "sentence-eed": (hyp, refs) => sentenceEed(hyp, refs),
    },
  );
}
