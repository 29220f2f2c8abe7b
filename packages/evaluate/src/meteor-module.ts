import { evaluate } from "@gramscore/core";
import { createMeteor } from "@gramscore/metric-meteor";
import type { SynonymProvider } from "@gramscore/metric-meteor";
import { defineModule } from "./module.js";
import type { EvaluationModule } from "./types.js";

/**
 * HF `meteor`: NLTK 3.8's `meteor_score` per prediction on NLTK word tokens, WordNet synonyms from
 * `synonyms`, and the mean over the predictions.
 */
export function meteorModule(synonyms: SynonymProvider): EvaluationModule<"meteor"> {
  return defineModule({
    name: "meteor",
    description: "METEOR identical to NLTK 3.8's meteor_score (WordNet 3.0) on NLTK word tokens, mean over predictions, as HF evaluate's meteor",
    references: "any",
    args: [
      { name: "alpha", default: 0.9, type: { kind: "number" } },
      { name: "beta", default: 3, type: { kind: "number" } },
      { name: "gamma", default: 0.5, type: { kind: "number" } },
    ],
    run(segments, o) {
      const metric = createMeteor({ tokenize: "treebank", synonyms, alpha: o.alpha as number, beta: o.beta as number, gamma: o.gamma as number });
      return { meteor: evaluate(metric, segments).corpus.score };
    },
  });
}
