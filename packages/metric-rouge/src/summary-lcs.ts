/**
 * Summary-level LCS (rouge-score's rougeLsum, ROUGE-1.5.5's ROUGE-L): the union LCS of each reference
 * sentence against every hypothesis sentence, each hit clipped by the unigram counts of both texts.
 */
import { unionLcsIndices } from "@gramscore/ngram";
import type { PreparedText } from "./prepared.js";
import type { Scratch } from "./scratch.js";

/**
 * Union-LCS hits of model sentences against peer sentences, clipped by unigram counts (rouge-score's
 * `_summary_level_lcs`, ROUGE-1.5.5's `lcs`). Returns the hits; `onHit(sentence, position)` sees each.
 * `scratch`'s count arrays must cover every token id (`countSize`).
 */
export function unionHits(
  scratch: Scratch,
  model: PreparedText,
  peer: PreparedText,
  onHit?: (sentence: number, position: number, counted: boolean) => void,
): number {
  const M = scratch.countA;
  const P = scratch.countB;
  for (const id of model.counter) M[id]!++;
  for (const id of peer.counter) P[id]!++;
  let hits = 0;
  for (let si = 0; si < model.sents.length; si++) {
    const s = model.sents[si]!;
    if (s.length === 0) continue;
    const idx = unionLcsIndices(s, peer.sents);
    for (let k = 0; k < idx.length; k++) {
      const t = s[idx[k]!]!;
      const counted = M[t]! > 0 && P[t]! > 0;
      if (counted) {
        hits++;
        M[t]!--;
        P[t]!--;
      }
      onHit?.(si, idx[k]!, counted);
    }
  }
  for (const id of model.counter) M[id] = 0;
  for (const id of peer.counter) P[id] = 0;
  return hits;
}
