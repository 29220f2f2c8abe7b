// SARI alone: what a browser app that imports only `sari`, `easseSari` and their sentence forms bundles.
// The cases have no source sentence: each item's first reference stands in for it (and its
// hypothesis, for the sentence forms), so that keep, delete and add all occur.
import { easseSari, sari, sentenceEasseSari, sentenceSari } from "@gramscore/metric-sari";
import { runAll } from "./harness.mjs";

const sourcesOf = (hyps, refs) => hyps.map((h, i) => refs[0][i] ?? h);

export function run(input) {
  return runAll(
    input,
    {
      sari: (hyps, refs) => sari(sourcesOf(hyps, refs), hyps, refs),
      "easse-sari": (hyps, refs) => easseSari(sourcesOf(hyps, refs), hyps, refs),
    },
    {
      sentence: (hyp, refs) => sentenceSari(refs[0] ?? hyp, hyp, refs),
      "sentence-easse": (hyp, refs) => sentenceEasseSari(hyp, refs[0] ?? hyp, refs),
    },
  );
}
