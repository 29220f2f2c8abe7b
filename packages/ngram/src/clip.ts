import { ErrorCode, GramscoreError, describeValue, pow } from "@gramscore/core";
import { checkSequence } from "./lcs.js";

/**
 * Token counts over one or more token-id sequences (e.g. all sentences of a summary), as a `Map`
 * from id to count: the unigram counters that rougeLsum and ROUGE-1.5.5's ROUGE-L / ROUGE-W clip
 * their hits with. {@link clipLcsHits} and {@link clipWeightedLcsHits} decrement them.
 */
export function unigramCounts(sequences: readonly ArrayLike<number>[]): Map<number, number> {
  if (!Array.isArray(sequences)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected an array of token-id sequences, but got ${describeValue(sequences)}.`,
    );
  }
  const out = new Map<number, number>();
  for (const s of sequences) {
    checkSequence(s, "a sentence");
    for (let i = 0; i < s.length; i++) out.set(s[i]!, (out.get(s[i]!) ?? 0) + 1);
  }
  return out;
}

function marked(sentence: ArrayLike<number>, indices: ArrayLike<number>): Uint8Array {
  checkSequence(sentence, "the reference sentence");
  checkSequence(indices, "the LCS indices");
  const marks = new Uint8Array(sentence.length);
  for (let k = 0; k < indices.length; k++) {
    const i = indices[k]!;
    if (!Number.isInteger(i) || i < 0 || i >= sentence.length) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `LCS indices must be positions in the reference sentence (0 to ${sentence.length - 1}), but got ${describeValue(i)}.`,
      );
    }
    marks[i] = 1;
  }
  return marks;
}

/**
 * Counts the clipped LCS hits of one reference (model) sentence, as rouge-score's
 * `_summary_level_lcs` (rougeLsum) and ROUGE-1.5.5's `lcs` (summary-level ROUGE-L) do: for each
 * marked position in ascending order, the token is a hit when both `referenceCounts` and
 * `candidateCounts` still hold it (> 0), and then both are decremented.
 *
 * Call it for the reference sentences in order with the same two counters (from
 * {@link unigramCounts} of all reference and all candidate sentences) and sum the hits.
 *
 * @param sentence The reference sentence's token ids.
 * @param indices Positions in `sentence`, e.g. {@link unionLcsIndices}`(sentence, candidates)`.
 * @returns The number of hits (the counters are updated in place).
 */
export function clipLcsHits(
  sentence: ArrayLike<number>,
  indices: ArrayLike<number>,
  referenceCounts: Map<number, number>,
  candidateCounts: Map<number, number>,
): number {
  const marks = marked(sentence, indices);
  let hits = 0;
  for (let j = 0; j < marks.length; j++) {
    if (marks[j] === 0) continue;
    const t = sentence[j]!;
    const r = referenceCounts.get(t) ?? 0;
    const c = candidateCounts.get(t) ?? 0;
    if (r > 0 && c > 0) {
      hits++;
      referenceCounts.set(t, r - 1);
      candidateCounts.set(t, c - 1);
    }
  }
  return hits;
}

/**
 * ROUGE-1.5.5's weighted hits of one model sentence (`wlcs`): walking the sentence left to right,
 * a marked position whose token both counters still hold is a hit (both are decremented) and
 * extends the current run `L`; when such a hit is followed by an unmarked position, or is the last
 * token, `f(L) = L^weightFactor` is added and `L` restarts. Exactly as the script, a marked but
 * clipped position neither extends nor ends the run, and a run still open at a clipped last token
 * is dropped.
 *
 * Floating-point sums depend on their order: pass the running total of the model's earlier
 * sentences as `hits` (the script adds every `f(L)` to one accumulator) rather than adding the
 * per-sentence results afterwards.
 *
 * @param sentence The model sentence's token ids.
 * @param indices Positions in `sentence`, e.g. {@link unionWeightedLcsIndices}`(sentence, peers, w)`.
 * @param hits The running total to add to (default 0).
 * @returns `hits` plus this sentence's weighted hits (the counters are updated in place).
 */
export function clipWeightedLcsHits(
  sentence: ArrayLike<number>,
  indices: ArrayLike<number>,
  modelCounts: Map<number, number>,
  peerCounts: Map<number, number>,
  weightFactor: number,
  hits = 0,
): number {
  const marks = marked(sentence, indices);
  const n = marks.length;
  let run = 0;
  for (let j = 0; j < n; j++) {
    if (marks[j] === 0) continue;
    const t = sentence[j]!;
    const r = modelCounts.get(t) ?? 0;
    const c = peerCounts.get(t) ?? 0;
    if (r > 0 && c > 0) {
      run++;
      if ((j + 1 < n && marks[j + 1] === 0) || j + 1 === n) {
        hits += pow(run, weightFactor);
        run = 0;
      }
      modelCounts.set(t, r - 1);
      peerCounts.set(t, c - 1);
    }
  }
  return hits;
}
