// BLEU alone: what a browser app that imports only `bleu` and `sentenceBleu` from the lean entry
// bundles (13a, the default, and none by name; every option).
import { bleu, sentenceBleu } from "@gramscore/metric-bleu/lean";
import { runAll } from "./harness.mjs";

const CONFIGS = {
  "13a": {},
  none: { tokenize: "none" },
  lowercase: { lowercase: true },
  floor: { smoothMethod: "floor" },
  addk: { smoothMethod: "add-k" },
  nosmooth: { smoothMethod: "none" },
  effective: { effectiveOrder: true },
  max2: { maxNgramOrder: 2 },
  max6: { maxNgramOrder: 6 },
};

export function run(input) {
  const corpus = {};
  for (const [name, options] of Object.entries(CONFIGS)) corpus[name] = (hyps, refs) => bleu(hyps, refs, options).score;
  return runAll(input, corpus, {
    sentence: (hyp, refs) => sentenceBleu(hyp, refs).score,
  });
}
