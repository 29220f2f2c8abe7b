/**
 * What the parts of ROUGE's engine pass each other: a text as token ids, and one segment's numbers
 * per type and reference. Types only, so every part can import them without importing the engine.
 */

/** A text turned into token ids. */
export interface PreparedText {
  /** The tokens of the whole text (ROUGE-N, rougeL, S/SU; ROUGE-1.5.5's unigram counts). */
  readonly flat: Int32Array;
  /** The tokens of each sentence (rougeLsum, ROUGE-1.5.5's L and W). */
  readonly sents: Int32Array[];
  /** The tokens whose counts clip union-LCS hits (rouge-score: all sentence tokens; ROUGE-1.5.5: `flat`). */
  readonly counter: Int32Array;
  /** The token strings behind the ids: `flat` and `sents` (for explanations). */
  readonly strings?: { flat: string[]; sents: string[][] };
  /** The n-gram keys of `flat` per order (index n − 1), filled on first use within a segment. */
  keys?: Int32Array[];
  /** The segment `keys` belong to (keys are only valid until the n-gram table is cleared). */
  keysSegment?: number;
}

/**
 * What one segment yields per ROUGE type `t` and reference `r` (index `t·K + r`): the hits, the
 * reference (model) count, the hypothesis (peer) count, and ROUGE-1.5.5's `-f B` selection score.
 * For ROUGE-W the model count is `f(base)`, `base[t·K + r]` keeps `Σ f(sentence length)`.
 */
export interface ReferenceData {
  readonly refs: number;
  readonly hit: Float64Array;
  readonly model: Float64Array;
  readonly peer: Float64Array;
  readonly select: Float64Array;
}
