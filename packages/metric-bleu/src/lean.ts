/**
 * @gramscore/metric-bleu/lean: sacrebleu-identical corpus and sentence BLEU for browser bundles.
 * The same functions and numbers as the main entry, but only `13a` (the default) and `none` are known
 * by name: the other sacrebleu tokenizers are passed as objects (`tokenize: createIntl()` from
 * @gramscore/tokenizer-sacrebleu), so that a bundle holds only the tokenizers it imports. No metric
 * object, explanations, pairwise scorers, NLTK/HuggingFace variants, option descriptions or `normalize`.
 */
import type { Segment } from "@gramscore/core";
import { bleuWith, corpusBleuWith, sentenceBleuWith, sentenceCounters } from "./bleu.js";
import type { BleuScore, EntryRules } from "./bleu.js";
import type { BleuOptions } from "./options.js";
import { refuseNormalize } from "./options.js";
import { resolveLeanTokenizer } from "./tokenizer.js";

export { VERSION } from "./version.js";
export type { BleuScore } from "./bleu.js";
export type { BleuResult } from "./compute.js";
export type { BleuOptions, NrefsOption, SmoothMethod } from "./options.js";
export type { TokenizeOption } from "./tokenizer.js";

/** Tokenizers `13a` and `none` by name, the others as objects; no `normalize` (no normalizer code in a bundle). */
const LEAN: EntryRules = { tokenizer: resolveLeanTokenizer, normalize: refuseNormalize };

/**
 * Corpus BLEU in sacrebleu's layout, as the main entry's `bleu`: `bleu(hyps, [refsA, refsB])`.
 * Tokenizers by name: `13a` (default) and `none`; pass the others as objects
 * (`{ tokenize: createIntl() }`, from @gramscore/tokenizer-sacrebleu).
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`, `UNKNOWN_TOKENIZER`
 *   (saying which import to add for `intl`, `zh`, `char` or `cjk` by name).
 */
export function bleu(hyps: readonly string[], refStreams: readonly (readonly (string | null | undefined)[])[], options?: BleuOptions): BleuScore {
  return bleuWith(LEAN, hyps, refStreams, options);
}

/**
 * Corpus BLEU of segment-major records `{ hyp, refs }`, as the main entry's `corpusBleu` (tokenizers
 * as in {@link bleu}).
 * @throws GramscoreError for invalid records, an empty corpus or bad options.
 */
export function corpusBleu(segments: Iterable<Segment>, options?: BleuOptions): BleuScore {
  return corpusBleuWith(LEAN, segments, options);
}

const SENTENCES = /* @__PURE__ */ sentenceCounters(LEAN);

/**
 * Sentence BLEU of one hypothesis against its references, as the main entry's `sentenceBleu`
 * (effective order on by default; tokenizers as in {@link bleu}).
 * @throws GramscoreError `INVALID_TYPE`, `EMPTY_INPUT` (no reference), `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function sentenceBleu(hyp: string, refs: readonly string[], options?: BleuOptions): BleuScore {
  return sentenceBleuWith(SENTENCES, hyp, refs, options);
}
