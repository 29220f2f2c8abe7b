/**
 * @gramscore/metric-bleu/lean: the main entry's bleu, corpusBleu and sentenceBleu for browser
 * bundles; `13a` and `none` by name, other tokenizers as objects (`createIntl()`); no `normalize`.
 */
import type { Segment } from "@gramscore/core";
import { bleuWith, corpusBleuWith, sentenceBleuWith, sentenceCounters } from "./bleu.js";
import type { EntryRules } from "./bleu.js";
import { refuseNormalizeRule } from "./options.js";
import { resolveLeanTokenizer } from "./tokenizer.js";
// The types come from the main entry, so that the declarations of the two entries share one file.
import type { BleuOptions, BleuScore } from "./index.js";

export { VERSION } from "./version.js";
export type { BleuOptions, BleuResult, BleuScore, NrefsOption, SmoothMethod, TokenizeOption } from "./index.js";

/** Tokenizers `13a` and `none` by name, the others as objects; no `normalize` (no normalizer code in a bundle). */
const LEAN: EntryRules = { tokenizer: resolveLeanTokenizer, normalize: refuseNormalizeRule };

/**
 * The main entry's `bleu` (`bleu(hyps, [refsA, refsB])`), with `13a` and `none` by name.
 * @throws GramscoreError as `bleu`; `UNKNOWN_TOKENIZER` naming the import for `intl`, `zh`, `char`, `cjk`.
 */
export function bleu(hyps: readonly string[], refStreams: readonly (readonly (string | null | undefined)[])[], options?: BleuOptions): BleuScore {
  return bleuWith(LEAN, hyps, refStreams, options);
}

/** The main entry's `corpusBleu`, with tokenizers as in {@link bleu}. @throws GramscoreError as `corpusBleu`. */
export function corpusBleu(segments: Iterable<Segment>, options?: BleuOptions): BleuScore {
  return corpusBleuWith(LEAN, segments, options);
}

const SENTENCES = /* @__PURE__ */ sentenceCounters(LEAN);

/** The main entry's `sentenceBleu`, with tokenizers as in {@link bleu}. @throws GramscoreError as `sentenceBleu`. */
export function sentenceBleu(hyp: string, refs: readonly string[], options?: BleuOptions): BleuScore {
  return sentenceBleuWith(SENTENCES, hyp, refs, options);
}
