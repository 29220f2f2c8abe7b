/**
 * @gramscore/metric-rouge: ROUGE that reproduces rouge-score 0.1.2 (rouge1..9, rougeL, rougeLsum) and
 * ROUGE-1.5.5 (ROUGE-N, L, W, S, SU with -f A/B, -p, -l/-b, -t) exactly, with selectable
 * multi-reference policies, any tokenizer, signatures, explanations and seeded bootstrap intervals; and
 * the tokenizers of both (`rouge`, `rouge-unicode`, `rouge155`).
 */
import { plugin } from "./plugin.js";

export { createRouge } from "./metric.js";
export type { RougeMetric } from "./metric.js";
export { BootstrapAggregator, RougeScorer, rouge, sentenceRouge } from "./api.js";
export type { AggregateScore, BootstrapAggregatorOptions, RougeScoreResult } from "./api.js";
export type {
  Averaging,
  MultiRefPolicy,
  RougeMode,
  RougeOptions,
  RougeResult,
  RougeScore,
  RougeStats,
  RougeTypeResult,
} from "./types.js";
export type {
  AlignedToken,
  ExplainedText,
  NgramMatch,
  ReferenceExplanation,
  RougeExplanation,
  TypeExplanation,
  WeightedRun,
} from "./explain.js";
export type { TypeKind } from "./options.js";
export { DEFAULT_SEED, DEFAULT_TYPES, MULTI_REF_POLICIES } from "./options.js";
export { round5 } from "./numbers.js";
export { ROUGE155_OPTIONS, ROUGE_OPTIONS, plugin, rouge155Metric, rougeMetric } from "./plugin.js";
export { VERSION } from "./version.js";
export { createRougeTokenizer, createRougeUnicodeTokenizer, rougeTokenize, rougeUnicodeTokenize } from "./tokenizers/rouge.js";
export type { RougeTokenizerOptions, RougeUnicodeTokenizerOptions } from "./tokenizers/rouge.js";
export { createRouge155Tokenizer, rouge155Tokenize } from "./tokenizers/rouge155.js";
export type { Rouge155TokenizerOptions } from "./tokenizers/rouge155.js";
export { rouge155Tokenizer, rougeTokenizer, rougeUnicodeTokenizer } from "./tokenizers/plugin.js";

/** The plugin descriptor (also the named export `plugin`). */
export default plugin;
