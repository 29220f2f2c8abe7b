/**
 * @gramscore/metric-ter: TER (translation edit rate) identical to sacrebleu 2.6.0 (tercom 0.7.25's
 * tokenizer options, beam edit distance and shift search), with sacrebleu's signature and score
 * line, and an `explain` that shows the shifts and the final alignment, as a gramscore metric plugin.
 */
import { defineMetric, definePlugin, evaluate, toSegments, validateSegment } from "@gramscore/core";
import { makeTer } from "./metric.js";
import type { TerMetric, TerResult, TerStats } from "./metric.js";
import { resolveTerOptions, terOptionSpecs } from "./options.js";
import type { TerOptions } from "./options.js";
import { VERSION } from "./version.js";

export { createTer, parseTerStats, terRefLengthSum, terScore } from "./metric.js";
export type { TerExplanation, TerMetric, TerOperation, TerOrderedLengths, TerResult, TerShift, TerStats } from "./metric.js";
export { TER_DEFAULTS, resolveTerOptions, terOptionSpecs } from "./options.js";
export type { ResolvedTerOptions, TerOptions } from "./options.js";
export { tercomNormalize, tercomReferenceTokens, tercomTokens } from "./tokenizer.js";
export type { TercomTokenizerOptions } from "./tokenizer.js";
export { BEAM_WIDTH, MAX_SHIFT_CANDIDATES, MAX_SHIFT_DIST, MAX_SHIFT_SIZE, TER_BYTES_PER_CELL, TerAligner, performShift, setTerCellLimit, terCellLimit } from "./align.js";
export type { ShiftStep } from "./align.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    ter: { options: TerOptions; stats: TerStats; result: TerResult };
  }
}

/**
 * Scores a corpus with TER, in sacrebleu's layout: `hyps[i]` is scored against `refStreams[k][i]`
 * for every reference stream `k` (`null` / `undefined` entries are skipped, so segments can have
 * different numbers of references). The same as sacrebleu's `TER(**options).corpus_score(hyps, refStreams)`.
 * @throws GramscoreError `LENGTH_MISMATCH` when a stream's length differs from the hypotheses',
 *   `EMPTY_INPUT` for no hypotheses or streams, `INVALID_OPTION`, `INVALID_TYPE`, `LONE_SURROGATE`.
 */
export function ter(hyps: readonly string[], refStreams: readonly (readonly (string | null | undefined)[])[], options?: TerOptions): TerResult {
  const metric = makeTer(resolveTerOptions(options));
  return evaluate(metric, toSegments(hyps, refStreams)).corpus;
}

/**
 * Scores one hypothesis against its references with TER: sacrebleu's
 * `TER(**options).sentence_score(hyp, refs)`.
 * @throws GramscoreError for a non-string hypothesis, no or non-string references, a bad option.
 */
export function sentenceTer(hyp: string, refs: readonly string[], options?: TerOptions): TerResult {
  const metric = makeTer(resolveTerOptions(options));
  const segment = validateSegment({ hyp, refs }, 0);
  return metric.score(metric.stats(segment.hyp, segment.refs), "segment");
}

/** The `ter` metric descriptor: sacrebleu's TER (case-insensitive, tercom tokenization). */
export const terMetric = /* @__PURE__ */ defineMetric<"ter", TerOptions | undefined, TerStats, TerResult>({
  name: "ter",
  description: "TER, translation edit rate with shifts (sacrebleu 2.6.0 / tercom 0.7.25), lower is better",
  options: terOptionSpecs,
  create: (options): TerMetric => makeTer(resolveTerOptions(options)),
});

/** The plugin of this package: the `ter` metric. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-ter",
  version: VERSION,
  tokenizers: [],
  metrics: [terMetric],
});

export default plugin;
