/**
 * @gramscore/ngram: exact, fast n-gram machinery for gramscore metrics. Token interning, n-gram
 * counting with integer keys, clipping and overlap, character n-grams by code point, LCS (bit
 * parallel), union LCS, ROUGE-1.5.5's weighted LCS, skip-bigrams, and the Levenshtein alignment
 * of rapidfuzz (bit parallel, with its back-trace's tie order).
 */
import { definePlugin } from "@gramscore/core";
import { VERSION } from "./version.js";

export { Vocabulary } from "./vocabulary.js";
export { NgramTable, MAX_NGRAMS, MAX_TOKEN_ID } from "./table.js";
export {
  NgramCounts,
  clippedMatches,
  codePointIds,
  countCharNgrams,
  countNgrams,
  matchStatistics,
  maxCounts,
  overlap,
} from "./counts.js";
export { lcsIndices, lcsLength, lcsLengthDense, lcsLengthMasked, lcsLimits, popcount32, setLcsCellLimit, setLcsMaskLimit, unionLcsIndices } from "./lcs.js";
export type { LcsLimits } from "./lcs.js";
export { unionWeightedLcsIndices, weightedLcs } from "./wlcs.js";
export type { WeightedLcs } from "./wlcs.js";
export { clipLcsHits, clipWeightedLcsHits, unigramCounts } from "./clip.js";
export { countSkipBigrams } from "./skipgram.js";
export { EDIT_DELETE, EDIT_INSERT, EDIT_MATCH, EDIT_SUBSTITUTE, LevenshteinAligner, MAX_ALIGNMENT_CELLS, editCounts } from "./levenshtein.js";
export type { EditCounts } from "./levenshtein.js";
export type { SkipBigramOptions } from "./skipgram.js";
export { pow } from "@gramscore/core";
export { NgramPostings, NgramProfiler, addWeightedCounts, meanMatches } from "./profile.js";
export type { NgramProfile } from "./profile.js";
export { VERSION };

/**
 * The package's plugin descriptor. @gramscore/ngram is a library for metrics and registers no
 * tokenizer or metric of its own.
 */
export const plugin = /* @__PURE__ */ definePlugin({ name: "@gramscore/ngram", version: VERSION, tokenizers: [], metrics: [] });

export default plugin;
