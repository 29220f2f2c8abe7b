// BLEU alone: what a browser app that imports only `bleu` and `sentenceBleu` bundles.
import { bleu, sentenceBleu } from "@gramscore/metric-bleu";
import { runAll } from "./harness.mjs";

const CONFIGS = {
  "13a": {},
  intl: { tokenize: "intl" },
  zh: { tokenize: "zh" },
  char: { tokenize: "char" },
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
    "sentence-intl": (hyp, refs) => sentenceBleu(hyp, refs, { tokenize: "intl" }).score,
  });
}
