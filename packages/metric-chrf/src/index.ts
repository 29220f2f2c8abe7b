/**
 * @gramscore/metric-chrf: chrF and chrF++ identical to sacrebleu 2.6.0 (character n-grams by code
 * point, chrF++ word n-grams, multi-reference selection, effective-order or epsilon averaging,
 * sacrebleu's signature and score line), as a gramscore metric plugin.
 */
import { defineMetric, definePlugin, evaluate, toSegments, validateSegment } from "@gramscore/core";
import { makeChrf } from "./metric.js";
import type { ChrfMetric, ChrfResult, ChrfStats } from "./metric.js";
import { chrfOptionSpecs, resolveChrfOptions } from "./options.js";
import type { ChrfOptions } from "./options.js";
import { VERSION } from "./version.js";

export { createChrf, chrfScoreName, parseChrfStats } from "./metric.js";
export type { ChrfExplanation, ChrfMetric, ChrfOrderExplanation, ChrfResult, ChrfStats } from "./metric.js";
export { CHRF_DEFAULTS, MAX_ORDER, chrfOptionSpecs, resolveChrfOptions } from "./options.js";
export type { ChrfOptions, ResolvedChrfOptions } from "./options.js";
export { fScore } from "./score.js";
export { aggregateChrf, pairwiseChrf } from "./pairwise.js";
export { chrfWords, isAsciiPunctuation } from "./words.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    chrf: { options: ChrfOptions; stats: ChrfStats; result: ChrfResult };
    "chrf++": { options: ChrfOptions; stats: ChrfStats; result: ChrfResult };
  }
}

/**
 * Scores a corpus with chrF, in sacrebleu's layout: `hyps[i]` is scored against `refStreams[k][i]`
 * for every reference stream `k` (`null` / `undefined` entries are skipped, so segments can have
 * different numbers of references). The same as sacrebleu's `CHRF(**options).corpus_score(hyps, refStreams)`.
 * @throws GramscoreError `LENGTH_MISMATCH` when a stream's length differs from the hypotheses',
 *   `EMPTY_INPUT` for no hypotheses or streams, `INVALID_OPTION`, `INVALID_TYPE`, `LONE_SURROGATE`.
 */
export function chrf(
  hyps: readonly string[],
  refStreams: readonly (readonly (string | null | undefined)[])[],
  options?: ChrfOptions,
): ChrfResult {
  const metric = makeChrf(resolveChrfOptions(options, 0));
  return evaluate(metric, toSegments(hyps, refStreams)).corpus;
}

/**
 * Scores one hypothesis against its references with chrF: sacrebleu's
 * `CHRF(**options).sentence_score(hyp, refs)`.
 * @throws GramscoreError for a non-string hypothesis, no or non-string references, a bad option.
 */
export function sentenceChrf(hyp: string, refs: readonly string[], options?: ChrfOptions): ChrfResult {
  const metric = makeChrf(resolveChrfOptions(options, 0));
  const segment = validateSegment({ hyp, refs }, 0);
  return metric.score(metric.stats(segment.hyp, segment.refs), "segment");
}

/** The `chrf` metric descriptor: sacrebleu's chrF (word order 0 unless `wordOrder` is given). */
export const chrfMetric = /* @__PURE__ */ defineMetric<"chrf", ChrfOptions | undefined, ChrfStats, ChrfResult>({
  name: "chrf",
  description: "chrF, character n-gram F-score (sacrebleu 2.6.0): char order 6, beta 2",
  options: chrfOptionSpecs(0),
  create: (options): ChrfMetric => makeChrf(resolveChrfOptions(options, 0)),
});

/** The `chrf++` metric descriptor (alias `chrfpp`): chrF with word n-grams up to order 2 by default. */
export const chrfPlusPlusMetric = /* @__PURE__ */ defineMetric<"chrf++", ChrfOptions | undefined, ChrfStats, ChrfResult>({
  name: "chrf++",
  description: "chrF++, chrF plus word unigrams and bigrams (sacrebleu 2.6.0, word order 2)",
  aliases: ["chrfpp"],
  options: chrfOptionSpecs(2),
  create: (options): ChrfMetric => makeChrf(resolveChrfOptions(options, 2)),
});

/** The plugin of this package: the `chrf` and `chrf++` metrics. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-chrf",
  version: VERSION,
  tokenizers: [],
  metrics: [chrfMetric, chrfPlusPlusMetric],
});

export default plugin;
