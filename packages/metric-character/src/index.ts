/**
 * @gramscore/metric-character: characTER (identical to HF evaluate's `character`) and EED, the extended edit distance (identical to torchmetrics'
 * `extended_edit_distance` as `eed`, and to rwth-i6's C++ scorer as `eed_rwth`): the character-level
 * edit-distance metrics of machine translation from RWTH Aachen.
 */
import { defineMetric, definePlugin, evaluate, toSegments } from "@gramscore/core";
import type { MetricDescriptor } from "@gramscore/core";
import { characterOptionSpecs, createCharacter, createEed, eedOptionSpecs } from "./metric.js";
import type { CharacterOptions, CharacterResult, CharacterStats, EedOptions, EedResult, EedStats } from "./metric.js";
import { VERSION } from "./version.js";

export { characterOptionSpecs, createCharacter, createEed, eedOptionSpecs, resolveCharacterOptions, resolveEedOptions } from "./metric.js";
export type {
  CharacterAggregate,
  CharacterExplanation,
  CharacterMetric,
  CharacterOptions,
  CharacterReferenceExplanation,
  CharacterResult,
  CharacterStats,
  EedExplanation,
  EedMetric,
  EedOptions,
  EedResult,
  EedStats,
  ResolvedCharacterOptions,
  ResolvedEedOptions,
} from "./metric.js";
export { cerScore } from "./character.js";
export type { CharacterTrace, ShiftStep } from "./character.js";
export { eedCpp, eedPython, preprocessEn, preprocessJa } from "./eed.js";
export type { EedCosts } from "./eed.js";
export { exactMean } from "./stats.js";
export type { ScoreListStats } from "./stats.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    character: { options: CharacterOptions | undefined; stats: CharacterStats; result: CharacterResult };
    eed: { options: EedOptions | undefined; stats: EedStats; result: EedResult };
    eed_rwth: { options: EedOptions | undefined; stats: EedStats; result: EedResult };
  }
}

type Streams = readonly (readonly (string | null | undefined)[])[];

/**
 * characTER of a corpus as HF evaluate's `character` computes it: `hypotheses[i]` against its
 * references `references[k][i]` (`null` where a segment has fewer), the lowest score per segment,
 * then the mean (or `aggregate`) over the segments. Lower is better.
 * ```ts
 * character(["this week the saudis denied information published in the new york times"],
 *   [["saudi arabia denied this week information published in the american new york times"]]).score;
 * // 0.36619718309859156
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function character(hypotheses: readonly string[], references: Streams, options?: CharacterOptions): CharacterResult {
  return evaluate(createCharacter(options), toSegments(hypotheses, references)).corpus;
}

/** characTER of one hypothesis against its references (the lowest over them). */
export function sentenceCharacter(hypothesis: string, references: readonly string[]): CharacterResult {
  const m = createCharacter();
  return m.score(m.stats(hypothesis, references), "segment");
}

/**
 * EED of a corpus as torchmetrics' `extended_edit_distance` computes it: per segment the lowest score
 * over its references (a float32), the corpus score their float32 mean. Lower is better.
 * ```ts
 * eed(["this is the prediction", "here is an other sample"], [["this is the reference", "here is another one"]]).score;
 * // 0.30776655673980713
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function eed(hypotheses: readonly string[], references: Streams, options?: EedOptions): EedResult {
  return evaluate(createEed(options), toSegments(hypotheses, references)).corpus;
}

/** EED (torchmetrics) of one hypothesis against its references. */
export function sentenceEed(hypothesis: string, references: readonly string[], options?: EedOptions): EedResult {
  const m = createEed(options);
  return m.score(m.stats(hypothesis, references), "segment");
}

/** EED as rwth-i6's C++ scorer computes it, over a corpus (the double mean of the sentence scores). */
export function eedRwth(hypotheses: readonly string[], references: Streams, options?: EedOptions): EedResult {
  return evaluate(createEed(options, "rwth-cpp"), toSegments(hypotheses, references)).corpus;
}

/** The `character` descriptor: characTER as HF evaluate's `character` computes it. */
export const characterMetric: MetricDescriptor<"character", CharacterOptions | undefined, CharacterStats, CharacterResult> = /* @__PURE__ */ defineMetric<
  "character",
  CharacterOptions | undefined,
  CharacterStats,
  CharacterResult
>({
  name: "character",
  description: "characTER, character-level TER (HF evaluate's character / the cer package), 0-1, lower is better",
  options: characterOptionSpecs,
  create: (options) => createCharacter(options),
});

/** The `eed` descriptor: EED as torchmetrics' `extended_edit_distance` computes it. */
export const eedMetric: MetricDescriptor<"eed", EedOptions | undefined, EedStats, EedResult> = /* @__PURE__ */ defineMetric<
  "eed",
  EedOptions | undefined,
  EedStats,
  EedResult
>({
  name: "eed",
  description: "EED, extended edit distance (torchmetrics' extended_edit_distance), 0-1, lower is better",
  options: eedOptionSpecs,
  create: (options) => createEed(options),
});

/** The `eed_rwth` descriptor: EED as rwth-i6's C++ scorer computes it. */
export const eedRwthMetric: MetricDescriptor<"eed_rwth", EedOptions | undefined, EedStats, EedResult> = /* @__PURE__ */ defineMetric<
  "eed_rwth",
  EedOptions | undefined,
  EedStats,
  EedResult
>({
  name: "eed_rwth",
  description: "EED as rwth-i6's C++ scorer computes it (float32, coverage from position 1), 0-1, lower is better",
  options: eedOptionSpecs,
  create: (options) => createEed(options, "rwth-cpp"),
});

/** The plugin of this package: the metrics `character`, `eed` and `eed_rwth`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-character",
  version: VERSION,
  tokenizers: [],
  metrics: [characterMetric, eedMetric, eedRwthMetric],
});

export default plugin;
