/**
 * @gramscore/metric-wer: WER, CER, MER, WIL and WIP identical to jiwer 3.1.0 (its default
 * transforms, the hits / substitutions / deletions / insertions of rapidfuzz's alignment with its
 * tie order, corpus values from summed counts), with the alignment shown, as gramscore metric
 * plugins `wer`, `cer`, `mer`, `wil`, `wip`.
 */
import { ErrorCode, GramscoreError, defineMetric, definePlugin, describeValue, evaluate } from "@gramscore/core";
import type { MetricDescriptor, Segment } from "@gramscore/core";
import { createWerMetric, werOptionSpecs } from "./metric.js";
import type { WerMeasure, WerMetric, WerOptions, WerResult, WerStats } from "./metric.js";
import { VERSION } from "./version.js";

export { WER_MEASURES, createWerMetric, parseWerStats, resolveWerOptions, werMeasures, werOptionSpecs } from "./metric.js";
export type { ResolvedWerOptions, WerChunk, WerExplanation, WerMeasure, WerMetric, WerOperation, WerOptions, WerResult, WerStats } from "./metric.js";
export { jiwerChars, jiwerWordSpans, jiwerWords } from "./transforms.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    wer: { options: WerOptions; stats: WerStats; result: WerResult };
    cer: { options: WerOptions; stats: WerStats; result: WerResult };
    mer: { options: WerOptions; stats: WerStats; result: WerResult };
    wil: { options: WerOptions; stats: WerStats; result: WerResult };
    wip: { options: WerOptions; stats: WerStats; result: WerResult };
  }
}

function pairs(hyps: string | readonly string[], refs: string | readonly string[]): Segment[] {
  const h = typeof hyps === "string" ? [hyps] : hyps;
  const r = typeof refs === "string" ? [refs] : refs;
  if (!Array.isArray(h) || !Array.isArray(r)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Hypotheses and references must be strings or arrays of strings, but got ${describeValue(h)} and ${describeValue(r)}.`);
  }
  if (h.length !== r.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `There are ${h.length} hypotheses but ${r.length} references; give one reference per hypothesis.`,
      { details: { hypotheses: h.length, references: r.length } },
    );
  }
  return h.map((hyp, i) => ({ hyp, refs: [r[i]] as string[] }));
}

function corpus(measure: WerMeasure, hyps: string | readonly string[], refs: string | readonly string[]): WerResult {
  return evaluate(createWerMetric(measure), pairs(hyps, refs)).corpus;
}

/**
 * Word error rate of hypotheses against one reference each: jiwer's `wer(references, hypotheses)`
 * (note the order: hypotheses first here, as everywhere in gramscore). Total errors over total
 * reference words.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT` (no segment, an empty or whitespace-only reference), `INVALID_TYPE`.
 */
export function wer(hyps: string | readonly string[], refs: string | readonly string[]): WerResult {
  return corpus("wer", hyps, refs);
}

/** Character error rate: jiwer's `cer(references, hypotheses)` (see {@link wer} for the arguments). */
export function cer(hyps: string | readonly string[], refs: string | readonly string[]): WerResult {
  return corpus("cer", hyps, refs);
}

/** Match error rate: jiwer's `mer(references, hypotheses)` (see {@link wer} for the arguments). */
export function mer(hyps: string | readonly string[], refs: string | readonly string[]): WerResult {
  return corpus("mer", hyps, refs);
}

/** Word information lost: jiwer's `wil(references, hypotheses)` (see {@link wer} for the arguments). */
export function wil(hyps: string | readonly string[], refs: string | readonly string[]): WerResult {
  return corpus("wil", hyps, refs);
}

/** Word information preserved: jiwer's `wip(references, hypotheses)` (see {@link wer} for the arguments). */
export function wip(hyps: string | readonly string[], refs: string | readonly string[]): WerResult {
  return corpus("wip", hyps, refs);
}

/** Creates the `wer` metric. @throws GramscoreError `INVALID_OPTION`. */
export function createWer(options?: WerOptions): WerMetric {
  return createWerMetric("wer", options);
}

/** Creates the `cer` metric. @throws GramscoreError `INVALID_OPTION`. */
export function createCer(options?: WerOptions): WerMetric {
  return createWerMetric("cer", options);
}

/** The `wer` descriptor: jiwer's word error rate, lower is better. */
export const werMetric: MetricDescriptor<"wer", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ defineMetric<"wer", WerOptions | undefined, WerStats, WerResult>({
  name: "wer",
  description: "WER, word error rate (jiwer 3.1.0), lower is better",
  options: werOptionSpecs,
  create: (options): WerMetric => createWerMetric("wer", options),
});

/** The `cer` descriptor: jiwer's character error rate, lower is better. */
export const cerMetric: MetricDescriptor<"cer", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ defineMetric<"cer", WerOptions | undefined, WerStats, WerResult>({
  name: "cer",
  description: "CER, character error rate (jiwer 3.1.0), lower is better",
  options: werOptionSpecs,
  create: (options): WerMetric => createWerMetric("cer", options),
});

/** The `mer` descriptor: jiwer's match error rate, lower is better. */
export const merMetric: MetricDescriptor<"mer", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ defineMetric<"mer", WerOptions | undefined, WerStats, WerResult>({
  name: "mer",
  description: "MER, match error rate (jiwer 3.1.0), lower is better",
  options: werOptionSpecs,
  create: (options): WerMetric => createWerMetric("mer", options),
});

/** The `wil` descriptor: jiwer's word information lost, lower is better. */
export const wilMetric: MetricDescriptor<"wil", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ defineMetric<"wil", WerOptions | undefined, WerStats, WerResult>({
  name: "wil",
  description: "WIL, word information lost (jiwer 3.1.0), lower is better",
  options: werOptionSpecs,
  create: (options): WerMetric => createWerMetric("wil", options),
});

/** The `wip` descriptor: jiwer's word information preserved, higher is better. */
export const wipMetric: MetricDescriptor<"wip", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ defineMetric<"wip", WerOptions | undefined, WerStats, WerResult>({
  name: "wip",
  description: "WIP, word information preserved (jiwer 3.1.0), higher is better",
  options: werOptionSpecs,
  create: (options): WerMetric => createWerMetric("wip", options),
});

/** The plugin of this package: the metrics `wer`, `cer`, `mer`, `wil`, `wip`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-wer",
  version: VERSION,
  tokenizers: [],
  metrics: [werMetric, cerMetric, merMetric, wilMetric, wipMetric],
});

export default plugin;
