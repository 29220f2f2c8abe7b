/**
 * `@gramscore/evaluate/meteor`: HF evaluate's `meteor` module, ready to use without `await`, with
 * WordNet 3.0 from `@gramscore/wordnet` (about 5 MB of data, which is why this is its own entry).
 */
import { wordnet } from "@gramscore/wordnet";
import { meteorModule } from "./meteor-module.js";
import type { EvaluationModule } from "./types.js";

/** `evaluate.load("meteor")`: `meteor.compute({ predictions, references, alpha, beta, gamma })` → `{ meteor }`. */
export const meteor: EvaluationModule<"meteor"> = /* @__PURE__ */ meteorModule(wordnet);

export { meteorModule } from "./meteor-module.js";
export type { EvaluationModule, MeteorArgs, MeteorOutput } from "./types.js";
