/**
 * ROUGE-W (ROUGE-1.5.5's weighted LCS): weighted union-LCS hits of each reference sentence against the
 * hypothesis sentences, a run of consecutive hits of length k adding f(k) = k^weight.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { unionWeightedLcsIndices } from "@gramscore/ngram";
import { weightTable } from "./numbers.js";
import type { PreparedText } from "./prepared.js";
import type { Scratch } from "./scratch.js";

/**
 * ROUGE-1.5.5's `wlcs`: weighted union-LCS hits and the base `Σ f(sentence length)`. A run of
 * counted hits adds `f(run length)` when the next position is unmarked or the sentence ends.
 * `scratch`'s count arrays must cover every token id (`countSize`).
 */
export function wlcsHits(
  scratch: Scratch,
  weight: number,
  model: PreparedText,
  peer: PreparedText,
  onRun?: (sentence: number, start: number, length: number, weight: number) => void,
  onHit?: (sentence: number, position: number, counted: boolean) => void,
): { hit: number; base: number } {
  let longest = 0;
  for (const s of model.sents) if (s.length > longest) longest = s.length;
  const f = weightTable(weight, longest + 1);
  const M = scratch.countA;
  const P = scratch.countB;
  for (const id of model.counter) M[id]!++;
  for (const id of peer.counter) P[id]!++;
  let hit = 0;
  let base = 0;
  for (let si = 0; si < model.sents.length; si++) {
    const s = model.sents[si]!;
    base += f[s.length]!;
    if (s.length === 0) continue;
    const idx = unionWeightedLcsIndices(s, peer.sents, weight);
    if (scratch.mask.length <= s.length) scratch.mask = new Uint8Array(2 * s.length + 1);
    const mask = scratch.mask;
    mask.fill(0, 0, s.length + 1);
    for (let k = 0; k < idx.length; k++) mask[idx[k]!] = 1;
    let run = 0;
    let start = 0;
    for (let j = 0; j < s.length; j++) {
      if (mask[j] !== 1) continue;
      const t = s[j]!;
      const counted = M[t]! > 0 && P[t]! > 0;
      onHit?.(si, j, counted);
      if (!counted) continue;
      if (run === 0) start = j;
      run++;
      if ((j + 1 < s.length && mask[j + 1] === 0) || j + 1 === s.length) {
        hit += f[run]!;
        onRun?.(si, start, run, f[run]!);
        run = 0;
      }
      M[t]!--;
      P[t]!--;
    }
  }
  for (const id of model.counter) M[id] = 0;
  for (const id of peer.counter) P[id] = 0;
  return { hit, base };
}

/** Throws the error ROUGE-1.5.5 dies with when ROUGE-W meets a reference without tokens. */
export function wlcsDivisionByZero(reference: number): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `ROUGE-W is undefined for reference ${reference} of this segment: it has no token left after tokenization ` +
      "(empty, only spaces or punctuation, non-ASCII only for ROUGE-1.5.5's tokenizer, or only stopwords). ROUGE-1.5.5.pl dies here " +
      "with \"Illegal division by zero\". Fix or drop that reference, leave rougeW out of rougeTypes, or set emptyReference: \"zero\" to score it 0.",
    { details: { reference, measure: "ROUGE-W" } },
  );
}
