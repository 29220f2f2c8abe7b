/**
 * @gramscore/metric-sari: SARI for text simplification, identical to HF evaluate's `sari` (the mean
 * of sentence scores, lowercased 13a tokens) and, under its own name, to EASSE's `corpus_sari`
 * (n-gram counts pooled over the corpus).
 */
import { ErrorCode, GramscoreError, defineMetric, definePlugin, describeValue, evaluate, toSegments } from "@gramscore/core";
import type { MetricDescriptor, Segment } from "@gramscore/core";
import { createEasseSari, createSari } from "./metric.js";
import type { EasseSariResult, EasseSariStats, SariResult, SariStats } from "./metric.js";
import { VERSION } from "./version.js";

export { createEasseSari, createSari, parseEasseSariStats, parseSariStats, sariTokens } from "./metric.js";
export type { EasseSariMetric, EasseSariResult, EasseSariStats, SariExplanation, SariMetric, SariResult, SariStats } from "./metric.js";
export { EASSE_WIDTH, NGRAM_ORDER, easseOperationScores, easseScore } from "./sari.js";
export type { SariOrderScores } from "./sari.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    sari: { options: undefined; stats: SariStats; result: SariResult };
    easse_sari: { options: undefined; stats: EasseSariStats; result: EasseSariResult };
  }
}

type Streams = readonly (readonly (string | null | undefined)[])[];

/** Segments with their sources: `sources[i]` is the source of `predictions[i]`. */
function withSources(sources: readonly string[], predictions: readonly string[], references: Streams): Segment[] {
  if (!Array.isArray(sources)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `Sources must be an array of strings (one per prediction), but got ${describeValue(sources)}.`);
  }
  const segments = toSegments(predictions, references);
  if (sources.length !== segments.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `SARI needs one source per prediction, but got ${sources.length} sources for ${segments.length} predictions. Give sources[i] as the sentence predictions[i] simplifies.`,
      { details: { sources: sources.length, predictions: segments.length } },
    );
  }
  return segments.map((s, i) => ({ hyp: s.hyp, refs: s.refs, src: sources[i]! }));
}

/**
 * SARI of a corpus as HF evaluate's `sari` computes it: the mean over items of each item's SARI,
 * 0–100. `sources[i]` is the sentence that `predictions[i]` simplifies, `references[k][i]` its k-th
 * reference simplification (gramscore's stream layout; `null` where an item has fewer).
 * ```ts
 * sari(["About 95 species are currently accepted ."], ["About 95 you now get in ."],
 *   [["About 95 species are currently known ."], ["About 95 species are now accepted ."], ["95 species are now accepted ."]]).score;
 * // 26.953601953601954
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH` (sources, predictions or a stream of another length), `EMPTY_INPUT`, `INVALID_TYPE`.
 */
export function sari(sources: readonly string[], predictions: readonly string[], references: Streams): SariResult {
  return evaluate(createSari(), withSources(sources, predictions, references)).corpus;
}

/** SARI of one item (HF's `sari` on a one-item corpus), 0–100. */
export function sentenceSari(source: string, prediction: string, references: readonly string[]): SariResult {
  const m = createSari();
  return m.score(m.stats(prediction, references, source), "segment");
}

/**
 * SARI of a corpus as EASSE's `corpus_sari` computes it (its defaults): the n-gram counts of all
 * items pooled, F1 per order macro-averaged, with the add, keep and delete scores; same layout as {@link sari}.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`.
 */
export function easseSari(sources: readonly string[], predictions: readonly string[], references: Streams): EasseSariResult {
  return evaluate(createEasseSari(), withSources(sources, predictions, references)).corpus;
}

/** EASSE's `corpus_sari` of one item, 0–100. */
export function sentenceEasseSari(source: string, prediction: string, references: readonly string[]): EasseSariResult {
  const m = createEasseSari();
  return m.score(m.stats(prediction, references, source), "segment");
}

/** The `sari` descriptor: HF evaluate's SARI. */
export const sariMetric: MetricDescriptor<"sari", undefined, SariStats, SariResult> = /* @__PURE__ */ defineMetric<"sari", undefined, SariStats, SariResult>({
  name: "sari",
  description: "SARI for simplification (HF evaluate's sari: mean of sentence scores, lowercased 13a), 0-100; needs each segment's source",
  options: [],
  needsSource: true,
  create: () => createSari(),
});

/** The `easse_sari` descriptor: EASSE's corpus SARI. */
export const easseSariMetric: MetricDescriptor<"easse_sari", undefined, EasseSariStats, EasseSariResult> = /* @__PURE__ */ defineMetric<
  "easse_sari",
  undefined,
  EasseSariStats,
  EasseSariResult
>({
  name: "easse_sari",
  description: "SARI as EASSE's corpus_sari (n-gram counts pooled over the corpus, add/keep/delete F1), 0-100; needs each segment's source",
  options: [],
  needsSource: true,
  create: () => createEasseSari(),
});

/** The plugin of this package: the metrics `sari` and `easse_sari`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-sari",
  version: VERSION,
  tokenizers: [],
  metrics: [sariMetric, easseSariMetric],
});

export default plugin;
