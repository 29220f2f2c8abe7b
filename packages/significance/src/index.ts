/**
 * Bootstrap confidence intervals and paired significance tests (paired bootstrap, approximate
 * randomization) for every gramscore metric with numeric rows, identical to sacrebleu 2.6.0 with the
 * same seed: numpy's `default_rng`, sacrebleu's float32 sums and arithmetic, and its text output; and
 * rouge-score's percentile bootstrap, seeded (xoshiro128**), which ROUGE's intervals use; and a
 * regression gate over the paired tests ({@link compareSystems}) with its CI reports (Markdown,
 * GitHub annotations, JUnit XML).
 */
export { NumpyGenerator, defaultRng } from "./rng.js";
export type { Seed } from "./rng.js";
export { SeededRandom } from "./xoshiro.js";
export { canonicalRows, percentile, percentileBootstrap } from "./percentile-bootstrap.js";
export { exactMean, numpyMean, pairwiseSum } from "./sums.js";
export {
  DEFAULT_SEED,
  collectRows,
  concatRows,
  confidenceInterval,
  estimateCi,
  pairedTest,
  resamplingSignature,
  rowsOf,
  seedLabel,
  setResamplingLimit,
} from "./engine.js";
export type {
  CollectOptions,
  ConfidenceInterval,
  ConfidenceOptions,
  NamedRows,
  PairedOptions,
  PairedResult,
  PairedSystemResult,
  SystemRows,
} from "./engine.js";
export { formatConfidenceLines, formatPairedTable } from "./format.js";
export type { ConfidenceLine, PairedTableOptions } from "./format.js";
export { DEFAULT_P_VALUE, DEFAULT_THRESHOLD, compareSystems, verdictOf } from "./gate.js";
export type { GateInput, GateMetricResult, GateOptions, GateResult, GateSystemScore, Verdict } from "./gate.js";
export {
  escapeAnnotationData,
  escapeAnnotationProperty,
  escapeMarkdown,
  escapeXmlAttribute,
  escapeXmlText,
  formatGateAnnotations,
  formatGateJUnit,
  formatGateMarkdown,
  formatGateTable,
} from "./gate-format.js";
export type { GateFormatOptions, GateJUnitOptions } from "./gate-format.js";
export { VERSION } from "./version.js";
