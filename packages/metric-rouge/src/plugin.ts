import { defineMetric, definePlugin, namedNormalizer, normalizeOptionSpec, type OptionSpec } from "@gramscore/core";
import { buildRouge } from "./metric.js";
import { rouge155Tokenizer, rougeTokenizer, rougeUnicodeTokenizer } from "./tokenizers/plugin.js";
import { DEFAULT_SEED, DEFAULT_TYPES, MULTI_REF_POLICIES } from "./options.js";
import type { RougeOptions, RougeResult, RougeStats } from "./types.js";
import { VERSION } from "./version.js";

declare module "@gramscore/core" {
  interface MetricMap {
    rouge: { options: RougeOptions; stats: RougeStats; result: RougeResult };
    rouge155: { options: RougeOptions; stats: RougeStats; result: RougeResult };
  }
}

const COMMON_OPTIONS: readonly OptionSpec[] = [
  { key: "stemmer", flag: "stemmer", type: "string", choices: ["porter", "none"], description: "porter: stem tokens longer than 3 characters with the mode's Porter stemmer; none: no stemming.", default: "none" },
  {
    key: "stopwords",
    flag: "stopwords",
    type: "list",
    description: "Words to drop before stemming (ROUGE-1.5.5's -s uses its smart_common_words.txt); adds stop:<count>#<hash> to the signature.",
  },
  { key: "bootstrap", flag: "bootstrap", type: "boolean", description: "Bootstrap confidence intervals (low/mid/high per column, rouge-score's semantics, seeded).", default: false },
  { key: "bootstrapSamples", flag: "bootstrap-samples", type: "number", description: "Number of bootstrap resamples.", default: 1000 },
  { key: "seed", flag: "seed", type: "number", description: "Seed of the bootstrap resampling (0 to 4294967295).", default: DEFAULT_SEED },
  { key: "confidence", flag: "bootstrap-confidence", type: "number", description: "Confidence level of the bootstrap interval (0 to 1).", default: 0.95 },
  normalizeOptionSpec,
];

/** Option specs of the `rouge` metric (rouge-score 0.1.2 mode). */
export const ROUGE_OPTIONS: readonly OptionSpec[] = [
  {
    key: "mode",
    flag: "mode",
    type: "string",
    choices: ["rouge-score", "rouge155"],
    description: "Reference implementation: rouge-score 0.1.2, or ROUGE-1.5.5 (whose own options the rouge155 metric offers).",
    default: "rouge-score",
  },
  {
    key: "rougeTypes",
    flag: "rouge-types",
    type: "list",
    description: "ROUGE types: rouge1 ... rouge9, rougeL (sentence-level LCS), rougeLsum (union LCS over \\n-separated sentences).",
    default: DEFAULT_TYPES["rouge-score"],
  },
  {
    key: "tokenize",
    flag: "tokenize",
    type: "string",
    description: "Tokenizer: rouge (rouge-score's, ASCII only), rouge-unicode (every script), rouge155, or any registered tokenizer.",
    default: "rouge",
  },
  {
    key: "multiRef",
    flag: "multi-ref",
    type: "string",
    choices: MULTI_REF_POLICIES,
    description: "How references combine per type: best-f (rouge-score's score_multi), best-recall, pooled, average, jackknife.",
    default: "best-f",
  },
  ...COMMON_OPTIONS,
];

/** Option specs of the `rouge155` metric (ROUGE-1.5.5 mode). */
export const ROUGE155_OPTIONS: readonly OptionSpec[] = [
  {
    key: "rougeTypes",
    flag: "rouge-types",
    type: "list",
    description: "ROUGE types: rouge1 ... rouge9 (-n), rougeL (summary-level), rougeW (-w), rougeS (-2), rougeSU (-U).",
    default: DEFAULT_TYPES.rouge155,
  },
  {
    key: "tokenize",
    flag: "tokenize",
    type: "string",
    description: "Tokenizer: rouge155 (ROUGE-1.5.5's, ASCII only), rouge-unicode (every script, same on ASCII), rouge, or any registered tokenizer.",
    default: "rouge155",
  },
  {
    key: "multiRef",
    flag: "multi-ref",
    type: "string",
    choices: MULTI_REF_POLICIES,
    description: "How references combine per measure: pooled (-f A), best-recall (-f B), best-f, average, jackknife.",
    default: "pooled",
  },
  { key: "exceptions", flag: "exceptions", type: "string", description: "WordNet exception list consulted by -m before the Porter stemmer (the text of a .exc file)." },
  { key: "alpha", flag: "alpha", type: "number", description: "-p: F = P*R/((1-alpha)*P + alpha*R).", default: 0.5 },
  { key: "weight", flag: "weight", type: "number", description: "-w: ROUGE-W weight factor.", default: 1.2 },
  { key: "skipDistance", flag: "skip-distance", type: "number", description: "-2: most words between the two words of a skip-bigram (negative: unlimited).", default: 4 },
  { key: "lengthLimit", flag: "length-limit", type: "number", description: "-l: keep only the first n words of every summary (0: no limit).", default: 0 },
  { key: "byteLimit", flag: "byte-limit", type: "number", description: "-b: keep only the first n bytes of every summary (0: no limit).", default: 0 },
  {
    key: "averaging",
    flag: "averaging",
    type: "string",
    choices: ["segment", "token"],
    description: "-t: corpus score as the mean of segment scores (segment, -t 0) or from pooled counts (token, -t 1).",
    default: "segment",
  },
  {
    key: "emptyReference",
    flag: "empty-reference",
    type: "string",
    choices: ["error", "zero"],
    description: "ROUGE-W with a reference without tokens (ROUGE-1.5.5 dies): error, or score it zero.",
    default: "error",
  },
  ...COMMON_OPTIONS,
];

/**
 * The `rouge` metric descriptor: rouge-score 0.1.2 (what HuggingFace evaluate reports) by default;
 * `mode: "rouge155"` makes the same metric as the `rouge155` descriptor (named `rouge155`).
 */
export const rougeMetric = /* @__PURE__ */ defineMetric<"rouge", RougeOptions, RougeStats, RougeResult>({
  name: "rouge",
  description: "ROUGE as rouge-score 0.1.2 computes it (rouge1..9, rougeL, rougeLsum; P/R/F1; best-F over references).",
  options: ROUGE_OPTIONS,
  // A normalizer's name (`normalize: "whisper-en"`, `--normalize`) is the registry's to resolve.
  create: (options, context) => buildRouge(namedNormalizer(options, context), context, undefined),
});

/** The `rouge155` metric descriptor: the Perl ROUGE-1.5.5 script's numbers. */
export const rouge155Metric = /* @__PURE__ */ defineMetric<"rouge155", RougeOptions, RougeStats, RougeResult>({
  name: "rouge155",
  description: "ROUGE as ROUGE-1.5.5.pl computes it (ROUGE-N, summary-level L, W, S, SU; -f A/B; 5-decimal rounding).",
  aliases: ["rouge-1.5.5"],
  options: ROUGE155_OPTIONS,
  create: (options, context) => buildRouge(namedNormalizer(options, context), context, "rouge155"),
});

/** The plugin: the `rouge` and `rouge155` metrics and the `rouge`, `rouge-unicode` and `rouge155` tokenizers. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/metric-rouge",
  version: VERSION,
  metrics: [rougeMetric, rouge155Metric],
  tokenizers: [rougeTokenizer, rougeUnicodeTokenizer, rouge155Tokenizer],
});
