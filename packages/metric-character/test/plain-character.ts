/**
 * characTER computed the plain way, as the references spell it out: every shift candidate built as a
 * list, its word-level distance by the full dynamic programme, the best one found as Python's
 * `sorted(...)[-1]` does (largest gain, then largest word list), the character distance on the joined
 * strings. The oracle for the incremental search in src/character.ts.
 */
import { pySplit } from "@gramscore/core";
import { codePointArray, comparePy, levenshtein, pyLen } from "../src/character.js";
import type { CharacterTrace, ShiftStep } from "../src/character.js";

function compareLists(a: readonly number[], b: readonly number[], words: readonly string[]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] !== b[i]) return comparePy(words[a[i]!]!, words[b[i]!]!);
  }
  return 0;
}

function shiftCost(shifted: readonly number[], original: readonly number[], words: readonly string[]): number {
  let cost = 0;
  let os = 0;
  const n = shifted.length;
  while (os < n) {
    let avg = 0;
    const oi = os;
    if (original[os] === shifted[os]) {
      os++;
      continue;
    }
    for (let ss = os + 1; ss < n; ss++) {
      if (original[os] !== shifted[ss]) continue;
      let length = 1;
      for (let pos = 1; pos < original.length - oi; pos++) {
        const se = ss + pos;
        if (se < n && original[oi + pos] === shifted[se]) {
          length++;
          if (os + 1 < original.length) os++;
        } else break;
      }
      let chars = 0;
      for (let k = 0; k < length; k++) chars += pyLen(words[original[oi + k]!]!);
      avg = chars / length;
      break;
    }
    cost += avg;
    os++;
  }
  return cost;
}

/** characTER of two word lists, the plain way (same result shape as cerScore). */
export function plainCerScore(hypWords: readonly string[], refWords: readonly string[], float32: boolean): CharacterTrace {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const id = (w: string): number => {
    let k = ids.get(w);
    if (k === undefined) {
      k = words.length;
      ids.set(w, k);
      words.push(w);
    }
    return k;
  };
  let hyp = hypWords.map(id);
  const original = hyp;
  const ref = refWords.map(id);
  const m = ref.length;
  if (m === 0 && !float32) throw new Error("empty reference");
  const norm = (d: number): number => (float32 ? Math.fround(d / m) : d / m);
  let pre = norm(levenshtein(hyp, ref));
  const shifts: ShiftStep[] = [];
  if (pre === 0) {
    const joined = hypWords.join(" ");
    return { score: 0, shifted: joined, shifts, shiftCost: 0, editDistance: 0, hypLength: pyLen(joined) };
  }
  for (;;) {
    let bestDiff = 0;
    let best: number[] | null = null;
    let bestStep: ShiftStep | null = null;
    const n = hyp.length;
    for (let s1 = 0; s1 < n; s1++) {
      for (let s2 = 0; s2 < m; s2++) {
        if (s1 === s2 || hyp[s1] !== ref[s2]) continue;
        let length = 1;
        while (length < n - s1 && s2 + length < m && hyp[s1 + length] === ref[s2 + length]) length++;
        const rest = hyp.slice(0, s1).concat(hyp.slice(s1 + length));
        const at = Math.min(s2, rest.length);
        const cand = rest.slice(0, at).concat(hyp.slice(s1, s1 + length), rest.slice(at));
        const diff = pre - norm(levenshtein(cand, ref));
        if (best === null || diff > bestDiff || (diff === bestDiff && compareLists(cand, best, words) > 0)) {
          bestDiff = diff;
          best = cand;
          bestStep = { from: s1, to: at, length, gain: diff };
        }
      }
    }
    if (best === null || !(bestDiff > 0)) break;
    hyp = best;
    shifts.push(bestStep!);
    pre = pre - bestDiff;
  }
  const cost = shiftCost(hyp, original, words);
  const shifted = hyp.map((k) => words[k]!).join(" ");
  const hypLength = pyLen(shifted);
  if (hypLength === 0) return { score: 1.0, shifted, shifts, shiftCost: cost, editDistance: 0, hypLength: 0 };
  const editDistance = levenshtein(codePointArray(shifted), codePointArray(refWords.join(" ")));
  return { score: Math.min(1.0, (editDistance + cost) / hypLength), shifted, shifts, shiftCost: cost, editDistance, hypLength };
}

/** HF's characTER of two texts, the plain way. */
export function plainCharacter(hyp: string, ref: string): number {
  return plainCerScore(pySplit(hyp), pySplit(ref), false).score;
}
