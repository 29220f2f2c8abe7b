/**
 * @gramscore/metric-nist: NIST identical to NLTK 3.8's `sentence_nist` / `corpus_nist` (Doddington
 * 2002: information-weighted n-gram precision with weights from the references' n-gram counts, and
 * NIST's brevity penalty), as a gramscore metric plugin whose statistics merge exactly.
 */
import { defineMetric, definePlugin, evaluate, toSegments, validateSegment } from "@gramscore/core";
import { createNist } from "./metric.js";
import type { NistMetric, NistResult, NistStats } from "./metric.js";
import { nistOptionSpecs } from "./options.js";
import type { NistOptions } from "./options.js";
import { VERSION } from "./version.js";

export { createNist, parseNistStats } from "./metric.js";
export type { NistExplanation, NistMetric, NistOrderExplanation, NistResult, NistStats } from "./metric.js";
export { NIST_DEFAULTS, nistOptionSpecs, resolveNistOptions, resolveTokenizer } from "./options.js";
export type { NistOptions, ResolvedNistOptions, TokenizeOption } from "./options.js";
export { nistDetail, nistLengthPenalty, nistWorkspace } from "./score.js";
export type { NistDetail, NistSegment, NistWorkspace } from "./score.js";
export { canonicalChunks } from "./chunks.js";
export { nistMemoryLimit, segmentBytes, setNistMemoryLimit } from "./memory.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    nist: { options: NistOptions; stats: NistStats; result: NistResult };
  }
}

/**
 * Corpus NIST in sacrebleu's layout (`refStreams[k][i]` is the k-th reference of hypothesis `i`;
 * `null` entries are skipped): NLTK's `corpus_nist([[r.split() ...] ...], [h.split() ...], n)` with
 * the default `whitespace` tokenizer.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`, `LONE_SURROGATE`.
 */
export function nist(hyps: readonly string[], refStreams: readonly (readonly (string | null | undefined)[])[], options?: NistOptions): NistResult {
  const metric = createNist(options);
  return evaluate(metric, toSegments(hyps, refStreams)).corpus;
}

/**
 * NIST of one hypothesis against its references: NLTK's `sentence_nist([r.split() ...], hyp.split(), n)`
 * (the information weights come from these references alone).
 * @throws GramscoreError for a non-string hypothesis, no or non-string references, a bad option.
 */
export function sentenceNist(hyp: string, refs: readonly string[], options?: NistOptions): NistResult {
  const metric = createNist(options);
  const segment = validateSegment({ hyp, refs }, 0);
  return metric.score(metric.stats(segment.hyp, segment.refs), "segment");
}

/** The `nist` metric descriptor: NLTK's NIST over whitespace tokens by default. */
export const nistMetric = /* @__PURE__ */ defineMetric<"nist", NistOptions | undefined, NistStats, NistResult>({
  name: "nist",
  description: "NIST (NLTK 3.8 sentence_nist / corpus_nist): information-weighted n-gram precision with NIST's brevity penalty",
  options: nistOptionSpecs,
  create: (options, context): NistMetric => createNist(options, context),
});

/** The plugin of this package: the `nist` metric. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-nist",
  version: VERSION,
  tokenizers: [],
  metrics: [nistMetric],
});

export default plugin;
