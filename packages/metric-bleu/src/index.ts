/**
 * @gramscore/metric-bleu: sacrebleu-identical BLEU (corpus and sentence level, every smoothing,
 * signatures, explanations), plus NLTK's and HuggingFace evaluate's BLEU variants.
 */
import { defineMetric, definePlugin, namedNormalizer, normalizeOptionSpec } from "@gramscore/core";
import type { OptionSpec } from "@gramscore/core";
import { createBleu } from "./bleu.js";
import type { BleuResult, BleuStats } from "./compute.js";
import { createHfBleu } from "./hf.js";
import type { HfBleuOptions, HfBleuResult, HfBleuStats } from "./hf.js";
import { createNltkBleu } from "./nltk.js";
import type { NltkBleuMetricOptions, NltkBleuResult, NltkBleuStats } from "./nltk.js";
import { SMOOTH_METHODS } from "./options.js";
import type { BleuOptions } from "./options.js";
import { VERSION } from "./version.js";

export { VERSION } from "./version.js";
export { bleu, corpusBleu, createBleu, explainBleu, parseBleuStats, sentenceBleu } from "./bleu.js";
export type { BleuMetric, BleuScore, ReferenceCacheUsage } from "./bleu.js";
export { bleuSignature, computeBleu, formatBleu } from "./compute.js";
export type { BleuResult, BleuSignatureFields, BleuStats, ComputeOptions, FormatBleuOptions } from "./compute.js";
export type { BleuExplanation, BleuNgramExplanation, BleuOrderExplanation } from "./explain.js";
export { closestRefLength } from "./kernel.js";
export { aggregateBleu, pairwiseBleu } from "./pairwise-api.js";
export { DEFAULT_REFERENCE_CACHE, DEFAULT_REFERENCE_CACHE_BYTES, SMOOTH_DEFAULTS, SMOOTH_METHODS, resolveBleuOptions } from "./options.js";
export type { BleuOptions, NrefsOption, ResolvedBleuOptions, SmoothMethod } from "./options.js";
export { BUILTIN_TOKENIZERS } from "./tokenizer.js";
export type { TokenizeOption } from "./tokenizer.js";
export { createNltkBleu, nltkCorpusBleu, nltkCorpusBleuDetails, nltkSentenceBleu } from "./nltk.js";
export type { NltkBleuMetric, NltkBleuMetricOptions, NltkBleuOptions, NltkBleuResult, NltkBleuStats, NltkSmoothing } from "./nltk.js";
export { computeHfBleu, createHfBleu, hfBleu } from "./hf.js";
export type { HfBleuMetric, HfBleuOptions, HfBleuResult, HfBleuScore, HfBleuStats } from "./hf.js";

declare module "@gramscore/core" {
  interface MetricMap {
    bleu: { options: BleuOptions; stats: BleuStats; result: BleuResult };
    "nltk-bleu": { options: NltkBleuMetricOptions; stats: NltkBleuStats; result: NltkBleuResult };
    "bleu-hf": { options: HfBleuOptions; stats: HfBleuStats; result: HfBleuResult };
  }
}

// Spelled out in each description: a template string would keep these arrays in a bundle that never uses them.
const TOKENIZE_HELP = "Tokenizer: 13a, intl, zh, char, cjk, none, or any registered tokenizer name";

/** The options of `bleu`, with sacrebleu's flag names. */
export const BLEU_OPTIONS: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", default: "13a", description: TOKENIZE_HELP },
  {
    key: "smoothMethod",
    flag: "smooth-method",
    type: "string",
    choices: SMOOTH_METHODS,
    default: "exp",
    description: "Smoothing method (sacrebleu's): exp (NIST), floor, add-k or none",
  },
  {
    key: "smoothValue",
    flag: "smooth-value",
    type: "number",
    description: "Smoothing value for floor (default 0.1) and add-k (default 1)",
  },
  { key: "lowercase", flag: "lowercase", type: "boolean", default: false, description: "Lowercase before tokenizing (case-insensitive BLEU)" },
  {
    key: "effectiveOrder",
    flag: "effective-order",
    type: "boolean",
    default: false,
    description: "Average only over the orders the hypothesis has n-grams for (use for sentence-level BLEU)",
  },
  { key: "maxNgramOrder", flag: "max-ngram-order", type: "number", default: 4, description: "Highest n-gram order" },
  {
    key: "nrefs",
    flag: "nrefs",
    type: "string",
    description: "References per segment for the signature (a number, or var), checked against the data; default: as seen",
  },
  normalizeOptionSpec,
];

/** The options of `nltk-bleu`, with NLTK's parameter names as flags. */
export const NLTK_BLEU_OPTIONS: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", default: "none", description: "Tokenizer: 13a, intl, zh, char, cjk, none, or any registered tokenizer name (default none: str.split())" },
  { key: "weights", flag: "weights", type: "list", default: ["0.25", "0.25", "0.25", "0.25"], description: "Weight of each n-gram order" },
  {
    key: "smoothing",
    flag: "smoothing-function",
    type: "string",
    choices: ["method0", "method1", "method2", "method3", "method4"],
    default: "method0",
    description: "NLTK SmoothingFunction method (5-7 are order-dependent: use the nltkCorpusBleu function)",
  },
  { key: "epsilon", flag: "epsilon", type: "number", default: 0.1, description: "SmoothingFunction epsilon (method1)" },
  { key: "k", flag: "k", type: "number", default: 5, description: "SmoothingFunction k (method4)" },
  { key: "autoReweigh", flag: "auto-reweigh", type: "boolean", default: false, description: "NLTK auto_reweigh" },
];

/** The options of `bleu-hf`, with evaluate's parameter names as flags. */
export const HF_BLEU_OPTIONS: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", default: "13a", description: "Tokenizer: 13a, intl, zh, char, cjk, none, or any registered tokenizer name (default: evaluate's 13a, no rstrip)" },
  { key: "maxOrder", flag: "max-order", type: "number", default: 4, description: "Highest n-gram order (max_order)" },
  { key: "smooth", flag: "smooth", type: "boolean", default: false, description: "Add-one smoothing on every order (smooth)" },
];

/** Descriptor of `bleu`: sacrebleu 2.6.0's BLEU. */
export const bleuMetric = /* @__PURE__ */ defineMetric<"bleu", BleuOptions | undefined, BleuStats, BleuResult>({
  name: "bleu",
  description: "BLEU identical to sacrebleu 2.6.0 (13a, exp smoothing, 0-100), every option and signature",
  aliases: ["sacrebleu"],
  options: BLEU_OPTIONS,
  // A normalizer's name (`normalize: "whisper-en"`, `--normalize`) is the registry's to resolve.
  create: (options, context) => createBleu(namedNormalizer(options, context), context),
});

/** Descriptor of `nltk-bleu`: NLTK 3.8's BLEU (smoothing methods 0–4). */
export const nltkBleuMetric = /* @__PURE__ */ defineMetric<"nltk-bleu", NltkBleuMetricOptions | undefined, NltkBleuStats, NltkBleuResult>({
  name: "nltk-bleu",
  description: "BLEU identical to NLTK 3.8 corpus_bleu / sentence_bleu (0-1), weights and smoothing methods 0-4",
  options: NLTK_BLEU_OPTIONS,
  create: (options, context) => createNltkBleu(options, context),
});

/** Descriptor of `bleu-hf`: HuggingFace evaluate's `bleu`. */
export const hfBleuMetric = /* @__PURE__ */ defineMetric<"bleu-hf", HfBleuOptions | undefined, HfBleuStats, HfBleuResult>({
  name: "bleu-hf",
  description: "BLEU identical to HuggingFace evaluate's bleu (TF-NMT: shortest reference, add-one smoothing option, 0-1)",
  options: HF_BLEU_OPTIONS,
  create: (options, context) => createHfBleu(options, context),
});

/** The plugin: `bleu`, `nltk-bleu` and `bleu-hf`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-bleu",
  version: VERSION,
  metrics: [bleuMetric, nltkBleuMetric, hfBleuMetric],
});

export default plugin;
