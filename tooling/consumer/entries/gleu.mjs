// GLEU alone: what a browser app that imports only `gleu`, `sentenceGleu` and `googleBleu` bundles.
import { gleu, googleBleu, sentenceGleu } from "@gramscore/metric-gleu";
import { runAll } from "./harness.mjs";

export function run(input) {
  return runAll(
    input,
    {
      gleu: (hyps, refs) => gleu(hyps, refs).score,
      "gleu-min2-max6": (hyps, refs) => gleu(hyps, refs, { minNgramOrder: 2, maxNgramOrder: 6 }).score,
      google_bleu: (hyps, refs) => googleBleu(hyps, refs).score,
    },
    {
      sentence: (hyp, refs) => sentenceGleu(hyp, refs).score,
    },
  );
}
