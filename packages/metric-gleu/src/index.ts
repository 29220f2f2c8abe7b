/**
 * @gramscore/metric-gleu: GLEU identical to NLTK 3.8's `sentence_gleu` / `corpus_gleu` (Wu et al.
 * 2016's Google-BLEU: matches over `max(hypothesis, reference)` n-grams, the reference with the best
 * ratio per segment, summed over the corpus), and HF evaluate's `google_bleu` (the same over 13a
 * tokens), as a gramscore metric plugin with integer statistics that merge exactly.
 */
import { ErrorCode, GramscoreError, defineMetric, definePlugin, describeValue, evaluate, toSegments, validateSegment } from "@gramscore/core";
import { createGleu, createGoogleBleu } from "./metric.js";
import type { GleuMetric, GleuResult, GleuStats } from "./metric.js";
import { gleuOptionSpecs, googleBleuOptionSpecs } from "./options.js";
import type { GleuOptions } from "./options.js";
import { VERSION } from "./version.js";

export { GOOGLE_BLEU, NLTK_GLEU, createGleu, createGoogleBleu, gleuScore, parseGleuStats } from "./metric.js";
export type { GleuExplanation, GleuMetric, GleuResult, GleuStats, GleuVariant } from "./metric.js";
export { GLEU_DEFAULTS, gleuOptionSpecs, googleBleuOptionSpecs, resolveGleuOptions } from "./options.js";
export type { GleuOptions, ResolvedGleuOptions } from "./options.js";
export { GLEU_TOKENIZERS, resolveTokenizer } from "./tokenizer.js";
export type { TokenizeOption } from "./tokenizer.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    gleu: { options: GleuOptions; stats: GleuStats; result: GleuResult };
    google_bleu: { options: GleuOptions; stats: GleuStats; result: GleuResult };
  }
}

/**
 * Corpus GLEU in sacrebleu's layout (`refStreams[k][i]` is the k-th reference of hypothesis `i`;
 * `null` entries are skipped): NLTK's `corpus_gleu([[r.split() for r in refs] ...], [h.split() ...])`
 * with the default `whitespace` tokenizer.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`, `LONE_SURROGATE`.
 */
export function gleu(hyps: readonly string[], refStreams: readonly (readonly (string | null | undefined)[])[], options?: GleuOptions): GleuResult {
  const metric = createGleu(options);
  return evaluate(metric, toSegments(hyps, refStreams)).corpus;
}

/**
 * GLEU of one hypothesis against its references: NLTK's `sentence_gleu([r.split() ...], hyp.split())`.
 * @throws GramscoreError for a non-string hypothesis, no or non-string references, a bad option.
 */
export function sentenceGleu(hyp: string, refs: readonly string[], options?: GleuOptions): GleuResult {
  const metric = createGleu(options);
  const segment = validateSegment({ hyp, refs }, 0);
  return metric.score(metric.stats(segment.hyp, segment.refs), "segment");
}

/**
 * HF evaluate's `google_bleu` (corpus GLEU over 13a tokens) in gramscore's one layout:
 * `hypotheses[i]` against `references[k][i]`. For evaluate's own call and layout
 * (`load("google_bleu").compute({ predictions, references })`) see `@gramscore/evaluate`.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function googleBleu(
  hypotheses: readonly string[],
  references: readonly (readonly (string | null | undefined)[])[],
  options?: GleuOptions,
): GleuResult {
  return evaluate(createGoogleBleu(options), toSegments(hypotheses, references)).corpus;
}

/** GLEU of one hypothesis with HF evaluate's `google_bleu` settings (13a tokens); arguments as {@link sentenceGleu}. */
export function sentenceGoogleBleu(hypothesis: string, references: readonly string[], options?: GleuOptions): GleuResult {
  const metric = createGoogleBleu(options);
  const segment = validateSegment({ hyp: hypothesis, refs: references }, 0);
  return metric.score(metric.stats(segment.hyp, segment.refs), "segment");
}

/** The `gleu` metric descriptor: NLTK's GLEU over whitespace tokens by default. */
export const gleuMetric = /* @__PURE__ */ defineMetric<"gleu", GleuOptions | undefined, GleuStats, GleuResult>({
  name: "gleu",
  description: "GLEU (Google-BLEU, NLTK 3.8 sentence_gleu / corpus_gleu), min of n-gram precision and recall",
  options: gleuOptionSpecs,
  create: (options, context): GleuMetric => createGleu(options, context),
});

/** The `google_bleu` metric descriptor: HF evaluate's google_bleu (NLTK's GLEU over 13a tokens). */
export const googleBleuMetric = /* @__PURE__ */ defineMetric<"google_bleu", GleuOptions | undefined, GleuStats, GleuResult>({
  name: "google_bleu",
  description: "HF evaluate's google_bleu: NLTK corpus_gleu over sacrebleu 13a tokens",
  options: googleBleuOptionSpecs,
  create: (options, context): GleuMetric => createGoogleBleu(options, context),
});

/** The plugin of this package: the `gleu` and `google_bleu` metrics. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-gleu",
  version: VERSION,
  tokenizers: [],
  metrics: [gleuMetric, googleBleuMetric],
});

export default plugin;
