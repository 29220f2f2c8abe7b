export { ErrorCode, GramscoreError, describeValue, isGramscoreError } from "./errors.js";
export type { GramscoreErrorOptions } from "./errors.js";
export {
  PYTHON_WHITESPACE_CLASS,
  PYTHON_WHITESPACE_RUN,
  addToPartials,
  codePoints,
  formatFixed,
  fsum,
  growExpansion,
  isPythonWhitespace,
  pyRstrip,
  pySplit,
  pyStrip,
  roundExpansion,
  roundHalfEven,
  sumPartials,
} from "./numerics.js";
export { ExactColumns, ExactSum, exactAdd, exactOf, exactValue, isExactSum } from "./exact-sum.js";
export { checkWidth, formatScoreLine } from "./score-line.js";
export { exp, log, pow } from "./libm.js";
export { glibcExp } from "./libm-glibc.js";
export { assertText, findLoneSurrogate } from "./text.js";
export { BoundedCache } from "./cache.js";
export { fnv1a32, parseWordList, toWordSet, withStopwords, wordSetId } from "./wordlist.js";
export type { WordList } from "./wordlist.js";
export type {
  FormatOptions,
  Metric,
  MetricContext,
  MetricDescriptor,
  MetricMap,
  MetricTypes,
  Normalizer,
  OptionSpec,
  Plugin,
  ScoreLevel,
  Segment,
  StatsRows,
  Tokenizer,
  TokenizerDescriptor,
  TokenizerNeeds,
  TokenizerMap,
  TokenizerOrigin,
} from "./types.js";
export { checkedTokenizer, contextTokenizer, preferContext } from "./tokenizers.js";
export { definePlugin, defineMetric, defineTokenizer, toTokenizer } from "./define.js";
export type { TokenizerLike } from "./define.js";
export { formatSignature, parseSignature, readNrefsOption, signatureVersion } from "./signature.js";
export type { SignatureValue } from "./signature.js";
export { atSegment, hasSegmentShape, toSegments, validateSegment } from "./segments.js";
export { evaluate, evaluateAsync } from "./evaluate.js";
export type { EvaluateOptions, Evaluation } from "./evaluate.js";
export { STATS_FORMAT, createAccumulator, parseSerializedStats } from "./accumulator.js";
export type { Accumulator, SerializedStats } from "./accumulator.js";
export { VERSION } from "./version.js";
export type { AggregateOptions, AggregateScorer, PairwiseInput, PairwiseOptions, PairwiseScorer } from "./pairwise.js";
export { checkPairwiseInput, normalizedWeights, pairwiseBatchOf, pairwiseRows } from "./pairwise-check.js";
export { RENAMED_OPTIONS, unknownOptionError } from "./option-names.js";
export { expectedOf, invalidOption, resolveOptions } from "./kit/options.js";
export type { OptionRule, OptionRules } from "./kit/options.js";
export { customTokenizer, readCacheSize, resolveTokenizerOption, tokenizerFlag, tokenizerOptions } from "./kit/tokenizer.js";
export type { TokenizerOptionSetup } from "./kit/tokenizer.js";
export { invalidStats, isCount, readCount, readCounts, readExactSum, readStatsNrefs, statsObject } from "./kit/stats.js";
export type { CountsMessages } from "./kit/stats.js";
export { defineLimit } from "./kit/limit.js";
export type { Limit, LimitCheck } from "./kit/limit.js";
export { checkPinnedNrefs, checkScoreKey, checkSegmentInput, combineNrefs, nrefsLabel, nrefsOptionSpec, nrefsRule, scoreMethods } from "./kit/metric.js";
export type { ScoreMethods, StatsMetric } from "./kit/metric.js";
export { pairwiseFieldError, pairwiseMethods, pairwiseUnits } from "./kit/pairwise.js";
export { Sha256, sha256Hex, utf8 } from "./sha256.js";
export { namedNormalizer, normalizeOptionSpec, normalizeRule, resolveNormalizeOption, signatureWithNormalizer, withNormalizer } from "./kit/normalize.js";
export type { NormalizerLike } from "./kit/normalize.js";
