/**
 * @gramscore/scorers: gramscore's metrics in the shapes LLM eval tools take (autoevals and
 * Braintrust, evalite, promptfoo, LangSmith, Vitest and Jest matchers), each a thin adapter over the
 * metric packages: the same numbers, with the signature beside every score.
 */
export { CORPUS_ONLY_METRICS, PERCENT_METRICS, UNBOUNDED_METRICS, getMetric, loadMetric, metricInput, scoreCorpus, scoreKey, scoreSentence, scorerRegistry } from "./metrics.js";
export type { InputKind, Scale, ScoreDetails, ScorerOptions } from "./metrics.js";
export { corpusScore, evaliteScorer, gramscoreScorer, langsmithEvaluator, langsmithSummaryEvaluator, score } from "./adapters.js";
export type {
  EvaliteScorerDefinition,
  GramscoreScore,
  GramscoreScorer,
  LangSmithEvaluatorArgs,
  LangSmithOptions,
  LangSmithResult,
  LangSmithSummaryArgs,
  ScoreMetadata,
  ScorerArgs,
} from "./adapters.js";
export { explainMatches, gramscoreMatchers, regressionGate } from "./matchers.js";
export type { GramscoreMatchers, MatcherContext, MatcherOptions, MatcherResult, RegressionOptions } from "./matchers.js";
export { gramscoreAssertion } from "./promptfoo.js";
export type { PromptfooAssertionConfig, PromptfooContext, PromptfooGradingResult } from "./promptfoo.js";
export { VERSION } from "./version.js";
