/**
 * @gramscore/metric-diversity: distinct-n and Self-BLEU, each in the definitions public code uses,
 * under separate names and signatures: `distinct` (the corpus ratio of microsoft/DialoGPT and Li et
 * al. 2016), `distinct-mean` (the per-text ratio averaged, neural-dialogue-metrics/Distinct-N),
 * `self-bleu` (Texygen: NLTK sentence BLEU with method1) and `self-bleu-sacrebleu` (sacrebleu's BLEU,
 * sentence or corpus level). They need no references.
 */
import { defineMetric, definePlugin } from "@gramscore/core";
import { createDistinct, createDistinctMean, distinctOptionSpecs } from "./distinct.js";
import type { DistinctMeanStats, DistinctOptions, DistinctResult, DistinctStats } from "./distinct.js";
import { createSacrebleuSelfBleu, createSelfBleu, sacrebleuSelfBleuOptionSpecs, selfBleuOptionSpecs } from "./self-bleu.js";
import type { SacrebleuSelfBleuOptions, SelfBleuOptions, SelfBleuResult, SelfBleuStats } from "./self-bleu.js";
import { VERSION } from "./version.js";

export { createDistinct, createDistinctMean, distinctOptionSpecs } from "./distinct.js";
export type { DistinctExplanation, DistinctMeanStats, DistinctMetric, DistinctOptions, DistinctResult, DistinctStats } from "./distinct.js";
export { createSacrebleuSelfBleu, createSelfBleu, sacrebleuSelfBleuOptionSpecs, selfBleuOptionSpecs } from "./self-bleu.js";
export type { SacrebleuSelfBleuOptions, SelfBleuMetric, SelfBleuOptions, SelfBleuResult, SelfBleuStats } from "./self-bleu.js";
export { DIVERSITY_TOKENIZERS } from "./tokenize.js";
export type { DiversityTokenizeOption } from "./tokenize.js";
export { VERSION };

declare module "@gramscore/core" {
  interface MetricMap {
    distinct: { options: DistinctOptions; stats: DistinctStats; result: DistinctResult };
    "distinct-mean": { options: DistinctOptions; stats: DistinctMeanStats; result: DistinctResult };
    "self-bleu": { options: SelfBleuOptions; stats: SelfBleuStats; result: SelfBleuResult };
    "self-bleu-sacrebleu": { options: SacrebleuSelfBleuOptions; stats: SelfBleuStats; result: SelfBleuResult };
  }
}

/** Descriptor of `distinct`: distinct n-grams of the corpus / its n-grams (DialoGPT's `calc_diversity`). */
export const distinctMetric = /* @__PURE__ */ defineMetric<"distinct", DistinctOptions | undefined, DistinctStats, DistinctResult>({
  name: "distinct",
  referenceFree: true,
  description: "distinct-n over the corpus: distinct n-grams / all n-grams (Li et al. 2016, DialoGPT's calc_diversity), 0-1; no references",
  options: distinctOptionSpecs,
  create: (options, context) => createDistinct(options, context),
});

/** Descriptor of `distinct-mean`: per-text distinct n-grams / tokens, averaged (Distinct-N's `distinct_n_corpus_level`). */
export const distinctMeanMetric = /* @__PURE__ */ defineMetric<"distinct-mean", DistinctOptions | undefined, DistinctMeanStats, DistinctResult>({
  name: "distinct-mean",
  referenceFree: true,
  description: "distinct-n per text (distinct n-grams / tokens) averaged over texts (neural-dialogue-metrics/Distinct-N), 0-1; no references",
  options: distinctOptionSpecs,
  create: (options, context) => createDistinctMean(options, context),
});

/** Descriptor of `self-bleu`: Texygen's Self-BLEU (NLTK sentence_bleu, method1). */
export const selfBleuMetric = /* @__PURE__ */ defineMetric<"self-bleu", SelfBleuOptions | undefined, SelfBleuStats, SelfBleuResult>({
  name: "self-bleu",
  referenceFree: true,
  description: "Self-BLEU as Texygen computes it: NLTK 3.8 sentence_bleu of each text against all others, method1, weights 1/gram, 0-1; no references",
  options: selfBleuOptionSpecs,
  create: (options, context) => createSelfBleu(options, context),
});

/** Descriptor of `self-bleu-sacrebleu`: Self-BLEU with sacrebleu 2.6.0's BLEU. */
export const sacrebleuSelfBleuMetric = /* @__PURE__ */ defineMetric<"self-bleu-sacrebleu", SacrebleuSelfBleuOptions | undefined, SelfBleuStats, SelfBleuResult>({
  name: "self-bleu-sacrebleu",
  referenceFree: true,
  description: "Self-BLEU with sacrebleu 2.6.0's BLEU (each text against all others; sentence mean or corpus), 0-100; no references",
  options: sacrebleuSelfBleuOptionSpecs,
  create: (options, context) => createSacrebleuSelfBleu(options, context),
});

/** The plugin: `distinct`, `distinct-mean`, `self-bleu`, `self-bleu-sacrebleu`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-diversity",
  version: VERSION,
  metrics: [distinctMetric, distinctMeanMetric, selfBleuMetric, sacrebleuSelfBleuMetric],
});

export default plugin;
