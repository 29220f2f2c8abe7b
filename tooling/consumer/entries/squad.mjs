// SQuAD alone: what a browser app that imports only `squad`, `squadV2` and their sentence forms bundles.
import { sentenceSquad, sentenceSquadV2, squad, squadV2 } from "@gramscore/metric-squad";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      squad: (hyps, refs) => squad(hyps, refs),
      "squad-v2": (hyps, refs) => squadV2(hyps, refs, { noAnswerProbabilities: hyps.map((h, i) => (i % 3) - 0.5 * (h.length % 2)) }),
      "squad-v2-thresh0": (hyps, refs) => squadV2(hyps, refs, { noAnswerThreshold: 0, noAnswerProbabilities: hyps.map((_, i) => i % 2) }),
    },
    {
      sentence: (hyp, refs) => sentenceSquad(hyp, refs),
      "sentence-v2": (hyp, refs) => sentenceSquadV2(hyp, refs),
    },
  );
}
