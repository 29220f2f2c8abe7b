import { createCharacter } from "@gramscore/metric-character";
import type { CharacterAggregate } from "@gramscore/metric-character";
import { defineModule } from "./module.js";
import type { CharacterOutput, EvaluationModule } from "./types.js";

/**
 * HF `character`: characTER through the cer package (BramVanroy/CharacTER), the lowest score over a
 * prediction's references, aggregated by `aggregate`; `return_all_scores` adds the per-prediction
 * scores, as HF's `cer_scores`.
 */
export function characterModule(): EvaluationModule<"character"> {
  return defineModule({
    name: "character",
    description: "characTER (character-level TER), identical to HF evaluate's character (the cer package), 0-1, lower is better",
    references: "any",
    args: [
      { name: "aggregate", default: "mean", type: { kind: "choice", values: ["mean", "sum", "median"] } },
      { name: "return_all_scores", default: false, type: { kind: "boolean" } },
    ],
    run(segments, o): CharacterOutput {
      const m = createCharacter({ aggregate: o.aggregate as CharacterAggregate });
      const stats = m.corpusStats!(segments);
      const score = m.score(stats, "corpus").score;
      return o.return_all_scores === true ? { cer_score: score, cer_scores: stats.scores } : { cer_score: score };
    },
  });
}
