/**
 * @gramscore/metric-wer: WER, CER, MER, WIL and WIP identical to jiwer 3.1.0 (its default
 * transforms, the hits / substitutions / deletions / insertions of rapidfuzz's alignment with its
 * tie order, corpus values from summed counts), with the alignment shown, as gramscore metric
 * plugins `wer`, `cer`, `mer`, `wil`, `wip`.
 */
import { ErrorCode, GramscoreError, defineMetric, definePlugin, describeValue, evaluate, namedNormalizer, normalizeOptionSpec, toSegments } from "@gramscore/core";
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

type Streams = readonly (readonly (string | null | undefined)[])[];

function corpus(measure: WerMeasure, hypotheses: readonly string[], references: Streams, options: WerOptions | undefined): WerResult {
  return evaluate(createWerMetric(measure, options), toSegments(hypotheses, references)).corpus;
}

function sentence(measure: WerMeasure, hypothesis: string, references: readonly string[], options: WerOptions | undefined): WerResult {
  if (typeof hypothesis !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The hypothesis must be a string, but got ${describeValue(hypothesis)}.`);
  }
  if (!Array.isArray(references)) {
    const hint = typeof references === "string" ? ` Wrap one reference as [reference].` : "";
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The references of a sentence must be an array of strings, but got ${describeValue(references)}.${hint}`);
  }
  return evaluate(createWerMetric(measure, options), [{ hyp: hypothesis, refs: references }]).corpus;
}

/**
 * Word error rate of a corpus, in gramscore's one layout (sacrebleu's): `hypotheses[i]` against
 * `references[k][i]`. jiwer compares with one reference: with several, the first is used and the
 * signature says `refs:first` (see {@link WerOptions.firstReference}). The score is jiwer's: total
 * errors over total reference words, a fraction (0.25, not 25).
 * ```ts
 * wer(["the cat sat"], [["the cat sat down"]]).score; // 0.25
 * ```
 * For jiwer's own argument order (`wer(reference, hypothesis)`) use {@link jiwer}.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT` (no segment, an empty or whitespace-only reference), `INVALID_TYPE` (e.g. a flat list of references).
 */
export function wer(hypotheses: readonly string[], references: Streams, options?: WerOptions): WerResult {
  return corpus("wer", hypotheses, references, options);
}

/** Character error rate of a corpus (jiwer's `cer`); arguments as {@link wer}. */
export function cer(hypotheses: readonly string[], references: Streams, options?: WerOptions): WerResult {
  return corpus("cer", hypotheses, references, options);
}

/** Match error rate of a corpus (jiwer's `mer`); arguments as {@link wer}. */
export function mer(hypotheses: readonly string[], references: Streams, options?: WerOptions): WerResult {
  return corpus("mer", hypotheses, references, options);
}

/** Word information lost of a corpus (jiwer's `wil`); arguments as {@link wer}. */
export function wil(hypotheses: readonly string[], references: Streams, options?: WerOptions): WerResult {
  return corpus("wil", hypotheses, references, options);
}

/** Word information preserved of a corpus (jiwer's `wip`); arguments as {@link wer}. */
export function wip(hypotheses: readonly string[], references: Streams, options?: WerOptions): WerResult {
  return corpus("wip", hypotheses, references, options);
}

/**
 * Word error rate of one hypothesis against its references (the first one, as jiwer; see {@link wer}).
 * ```ts
 * sentenceWer("the cat sat", ["the cat sat down"]).score; // 0.25
 * ```
 */
export function sentenceWer(hypothesis: string, references: readonly string[], options?: WerOptions): WerResult {
  return sentence("wer", hypothesis, references, options);
}

/** Character error rate of one hypothesis; arguments as {@link sentenceWer}. */
export function sentenceCer(hypothesis: string, references: readonly string[], options?: WerOptions): WerResult {
  return sentence("cer", hypothesis, references, options);
}

/** Match error rate of one hypothesis; arguments as {@link sentenceWer}. */
export function sentenceMer(hypothesis: string, references: readonly string[], options?: WerOptions): WerResult {
  return sentence("mer", hypothesis, references, options);
}

/** Word information lost of one hypothesis; arguments as {@link sentenceWer}. */
export function sentenceWil(hypothesis: string, references: readonly string[], options?: WerOptions): WerResult {
  return sentence("wil", hypothesis, references, options);
}

/** Word information preserved of one hypothesis; arguments as {@link sentenceWer}. */
export function sentenceWip(hypothesis: string, references: readonly string[], options?: WerOptions): WerResult {
  return sentence("wip", hypothesis, references, options);
}

function jiwerPairs(reference: unknown, hypothesis: unknown, fn: string): Segment[] {
  const one = typeof reference === "string";
  if (one !== (typeof hypothesis === "string")) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `jiwer.${fn}(reference, hypothesis) takes two strings or two lists of strings, but got ${describeValue(reference)} and ${describeValue(hypothesis)}.`,
    );
  }
  const refs = one ? [reference as string] : reference;
  const hyps = one ? [hypothesis as string] : hypothesis;
  if (!Array.isArray(refs) || !Array.isArray(hyps)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `jiwer.${fn}(reference, hypothesis) takes two strings or two lists of strings, but got ${describeValue(reference)} and ${describeValue(hypothesis)}.`,
    );
  }
  if (refs.length !== hyps.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `jiwer.${fn}(reference, hypothesis): ${refs.length} references but ${hyps.length} hypotheses; give one hypothesis per reference.`,
      { details: { hypotheses: hyps.length, references: refs.length } },
    );
  }
  return hyps.map((hyp: string, i: number) => ({ hyp, refs: [refs[i] as string] }));
}

/** A jiwer function: `(reference, hypothesis)`, both strings or both lists of strings, giving jiwer's number. */
export interface JiwerFunction {
  (reference: string, hypothesis: string): number;
  (reference: readonly string[], hypothesis: readonly string[]): number;
}

function jiwerMeasure(measure: WerMeasure): JiwerFunction {
  return ((reference: unknown, hypothesis: unknown) => evaluate(createWerMetric(measure), jiwerPairs(reference, hypothesis, measure)).corpus.score) as JiwerFunction;
}

/**
 * jiwer's functions in jiwer's argument order, **reference first**, returning jiwer's number: for
 * code ported from Python (`jiwer.wer(reference, hypothesis)`). Both arguments are strings, or lists
 * of the same length. The rest of gramscore puts hypotheses first ({@link wer}); these names live
 * apart so that neither order can be mistaken for the other.
 * ```ts
 * jiwer.wer("the cat sat down", "the cat sat"); // 0.25
 * ```
 */
export const jiwer: {
  /** jiwer's `wer(reference, hypothesis)`. */
  readonly wer: JiwerFunction;
  /** jiwer's `cer(reference, hypothesis)`. */
  readonly cer: JiwerFunction;
  /** jiwer's `mer(reference, hypothesis)`. */
  readonly mer: JiwerFunction;
  /** jiwer's `wil(reference, hypothesis)`. */
  readonly wil: JiwerFunction;
  /** jiwer's `wip(reference, hypothesis)`. */
  readonly wip: JiwerFunction;
} = /* @__PURE__ */ Object.freeze({
  wer: /* @__PURE__ */ jiwerMeasure("wer"),
  cer: /* @__PURE__ */ jiwerMeasure("cer"),
  mer: /* @__PURE__ */ jiwerMeasure("mer"),
  wil: /* @__PURE__ */ jiwerMeasure("wil"),
  wip: /* @__PURE__ */ jiwerMeasure("wip"),
});

/** Creates the `wer` metric. @throws GramscoreError `INVALID_OPTION`. */
export function createWer(options?: WerOptions): WerMetric {
  return createWerMetric("wer", options);
}

/** Creates the `cer` metric. @throws GramscoreError `INVALID_OPTION`. */
export function createCer(options?: WerOptions): WerMetric {
  return createWerMetric("cer", options);
}

/** A measure's descriptor: the metric `measure`, with the options every measure takes. */
function measureMetric<M extends WerMeasure>(measure: M, description: string): MetricDescriptor<M, WerOptions | undefined, WerStats, WerResult> {
  return defineMetric<M, WerOptions | undefined, WerStats, WerResult>({
    name: measure,
    description,
    options: [...werOptionSpecs, normalizeOptionSpec],
    // A normalizer's name (`normalize: "whisper-en"`, `--normalize`) is the registry's to resolve.
    create: (options, context): WerMetric => createWerMetric(measure, namedNormalizer(options, context)),
  });
}

/** The `wer` descriptor: jiwer's word error rate, lower is better. */
export const werMetric: MetricDescriptor<"wer", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ measureMetric("wer", "WER, word error rate (jiwer 3.1.0), lower is better");

/** The `cer` descriptor: jiwer's character error rate, lower is better. */
export const cerMetric: MetricDescriptor<"cer", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ measureMetric("cer", "CER, character error rate (jiwer 3.1.0), lower is better");

/** The `mer` descriptor: jiwer's match error rate, lower is better. */
export const merMetric: MetricDescriptor<"mer", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ measureMetric("mer", "MER, match error rate (jiwer 3.1.0), lower is better");

/** The `wil` descriptor: jiwer's word information lost, lower is better. */
export const wilMetric: MetricDescriptor<"wil", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ measureMetric("wil", "WIL, word information lost (jiwer 3.1.0), lower is better");

/** The `wip` descriptor: jiwer's word information preserved, higher is better. */
export const wipMetric: MetricDescriptor<"wip", WerOptions | undefined, WerStats, WerResult> = /* @__PURE__ */ measureMetric("wip", "WIP, word information preserved (jiwer 3.1.0), higher is better");

/** The plugin of this package: the metrics `wer`, `cer`, `mer`, `wil`, `wip`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-wer",
  version: VERSION,
  tokenizers: [],
  metrics: [werMetric, cerMetric, merMetric, wilMetric, wipMetric],
});

export default plugin;
