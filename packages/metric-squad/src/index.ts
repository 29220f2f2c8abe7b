/**
 * @gramscore/metric-squad: SQuAD v1.1 and v2.0 exact match and token F1, identical to HF evaluate's
 * `squad` and `squad_v2` (the official evaluation scripts): answer normalization, the best score
 * over the gold answers, v2.0's no-answer threshold, `HasAns`/`NoAns` splits and best thresholds.
 */
import { ErrorCode, GramscoreError, defineMetric, definePlugin, describeValue, evaluate, toSegments } from "@gramscore/core";
import type { MetricDescriptor } from "@gramscore/core";
import { createSquad, createSquadV2, resolveSquadV2Options, squadV2Corpus, squadV2OptionSpecs } from "./metric.js";
import type { SquadResult, SquadStats, SquadV2Options, SquadV2Question, SquadV2Result, SquadV2Stats } from "./metric.js";
import { VERSION } from "./version.js";

export { createSquad, createSquadV2, parseSquadStats, parseSquadV2Stats, resolveSquadV2Options, squadV2OptionSpecs } from "./metric.js";
export type {
  ResolvedSquadV2Options,
  SquadExplanation,
  SquadGoldExplanation,
  SquadMetric,
  SquadResult,
  SquadScores,
  SquadStats,
  SquadSums,
  SquadV2Metric,
  SquadV2Options,
  SquadV2Question,
  SquadV2Result,
  SquadV2Stats,
} from "./metric.js";
export { normalizeAnswer, normalizedTokens, tokenF1 } from "./normalize.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    squad: { options: undefined; stats: SquadStats; result: SquadResult };
    squad_v2: { options: SquadV2Options; stats: SquadV2Stats; result: SquadV2Result };
  }
}

type Streams = readonly (readonly (string | null | undefined)[])[];

/**
 * SQuAD v1.1 exact match and F1 of a corpus, in gramscore's one layout: `predictions[i]` against its
 * gold answers `references[k][i]` (`null` where a question has fewer answers). Numbers are HF's
 * `squad` (0–100); `score` is F1.
 * ```ts
 * squad(["Denver Broncos"], [["Denver Broncos"], ["The Broncos"]]).exactMatch; // 100
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT` (no question, a question without answer), `INVALID_TYPE`.
 */
export function squad(predictions: readonly string[], references: Streams): SquadResult {
  return evaluate(createSquad(), toSegments(predictions, references)).corpus;
}

/** SQuAD v1.1 exact match and F1 of one prediction against its gold answers. */
export function sentenceSquad(prediction: string, answers: readonly string[]): SquadResult {
  const m = createSquad();
  return m.score(m.stats(prediction, answers), "segment");
}

/** {@link SquadV2Options} of the corpus function: the threshold and each question's no-answer probability. */
export interface SquadV2CorpusOptions extends SquadV2Options {
  /** `noAnswerProbabilities[i]` belongs to `predictions[i]`; default 0 for every question. */
  noAnswerProbabilities?: readonly number[];
}

/**
 * SQuAD v2.0 scores of a corpus (HF's `squad_v2`, every key): `predictions[i]` against its gold
 * answers `references[k][i]`; a question whose answers are all `null` or `""` has no answer (predict
 * `""` for it). `score` is F1.
 * ```ts
 * squadV2(["Denver Broncos", ""], [["Denver Broncos", null]], { noAnswerProbabilities: [0.1, 0.9] }).hasAns;
 * // { exact: 100, f1: 100, total: 1 }
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT` (no question), `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function squadV2(predictions: readonly string[], references: Streams, options?: SquadV2CorpusOptions): SquadV2Result {
  const { noAnswerProbabilities, ...rest } = options ?? {};
  const v2Options = options === undefined ? undefined : rest;
  resolveSquadV2Options(v2Options); // bad options first, as createSquadV2 reports them
  if (!Array.isArray(predictions)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Predictions must be an array of strings, but got ${describeValue(predictions)}.`);
  }
  if (predictions.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "squad_v2 needs at least one question, but got no prediction (HF divides by zero).");
  }
  if (noAnswerProbabilities !== undefined && (!Array.isArray(noAnswerProbabilities) || noAnswerProbabilities.length !== predictions.length)) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `noAnswerProbabilities must have one number per prediction (${predictions.length}), but got ${describeValue(noAnswerProbabilities)}.`,
    );
  }
  // Streams as toSegments checks them, but a question may have no answer at all.
  const placeholder = predictions.map(() => "");
  const segments = toSegments(predictions, Array.isArray(references) ? [...references, placeholder] : references);
  const question = { noAnswerProbability: 0 };
  const item = { hyp: "", refs: [] as readonly string[], question };
  return squadV2Corpus(v2Options, segments.length, (i) => {
    const seg = segments[i]!;
    (seg.refs as string[]).pop(); // the placeholder (toSegments built this array for us)
    item.hyp = seg.hyp;
    item.refs = seg.refs;
    question.noAnswerProbability = noAnswerProbabilities?.[i] ?? 0;
    return item;
  });
}

/** SQuAD v2.0 scores of one question: its prediction, gold answers (none for an unanswerable one) and no-answer probability. */
export function sentenceSquadV2(prediction: string, answers: readonly string[], options?: SquadV2Options & SquadV2Question): SquadV2Result {
  const { noAnswerProbability, hasAnswer, ...rest } = options ?? {};
  const m = createSquadV2(options === undefined ? undefined : rest);
  const q: SquadV2Question = {};
  if (noAnswerProbability !== undefined) q.noAnswerProbability = noAnswerProbability;
  if (hasAnswer !== undefined) q.hasAnswer = hasAnswer;
  return m.score(m.questionStats(prediction, answers, q), "segment");
}

/** The `squad` descriptor: SQuAD v1.1 exact match and F1 (HF evaluate's `squad`). */
export const squadMetric: MetricDescriptor<"squad", undefined, SquadStats, SquadResult> = /* @__PURE__ */ defineMetric<"squad", undefined, SquadStats, SquadResult>({
  name: "squad",
  description: "SQuAD v1.1 exact match and F1 (HF evaluate's squad, the official script), 0-100",
  options: [],
  create: () => createSquad(),
});

/** The `squad_v2` descriptor: SQuAD v2.0 scores (HF evaluate's `squad_v2`). */
export const squadV2Metric: MetricDescriptor<"squad_v2", SquadV2Options | undefined, SquadV2Stats, SquadV2Result> = /* @__PURE__ */ defineMetric<
  "squad_v2",
  SquadV2Options | undefined,
  SquadV2Stats,
  SquadV2Result
>({
  name: "squad_v2",
  description: "SQuAD v2.0 exact match, F1, HasAns/NoAns and best thresholds (HF evaluate's squad_v2), 0-100",
  options: squadV2OptionSpecs,
  create: (options) => createSquadV2(options),
});

/** The plugin of this package: the metrics `squad` and `squad_v2`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-squad",
  version: VERSION,
  tokenizers: [],
  metrics: [squadMetric, squadV2Metric],
});

export default plugin;
