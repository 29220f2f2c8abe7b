/**
 * NLTK 3.8's METEOR transcribed literally (enumerated lists, pops, Python's loop order), on token
 * lists, with a synonym function: the reference the fast aligner is checked against.
 */
import { pow } from "@gramscore/core";
import { porterStem } from "@gramscore/stemmer-porter";
import { pyLower } from "@gramscore/tokenizer-whitespace";

type Enum = [number, string][];

function matchEnums(h: Enum, r: Enum): [number, number][] {
  const out: [number, number][] = [];
  for (let i = h.length - 1; i >= 0; i--) {
    for (let j = r.length - 1; j >= 0; j--) {
      if (h[i]![1] === r[j]![1]) {
        out.push([h[i]![0], r[j]![0]]);
        h.splice(i, 1);
        r.splice(j, 1);
        break;
      }
    }
  }
  return out;
}

export function naiveSingle(
  ref: readonly string[],
  hyp: readonly string[],
  synonyms: ((w: string) => Iterable<string>) | null,
  stem = true,
  alpha = 0.9,
  beta = 3,
  gamma = 0.5,
): number {
  let h: Enum = hyp.map((w, i) => [i, pyLower(w)]);
  let r: Enum = ref.map((w, i) => [i, pyLower(w)]);
  const tl = h.length;
  const rl = r.length;
  const matches = matchEnums(h, r);
  if (stem) {
    h = h.map(([i, w]) => [i, porterStem(w)]);
    r = r.map(([i, w]) => [i, porterStem(w)]);
    matches.push(...matchEnums(h, r));
  }
  if (synonyms !== null) {
    for (let i = h.length - 1; i >= 0; i--) {
      const syns = new Set([...synonyms(h[i]![1])].filter((n) => n.indexOf("_") < 0));
      syns.add(h[i]![1]);
      for (let j = r.length - 1; j >= 0; j--) {
        if (syns.has(r[j]![1])) {
          matches.push([h[i]![0], r[j]![0]]);
          h.splice(i, 1);
          r.splice(j, 1);
          break;
        }
      }
    }
  }
  matches.sort((a, b) => a[0] - b[0]);
  const m = matches.length;
  if (tl === 0 || rl === 0) return 0;
  const p = m / tl;
  const rc = m / rl;
  const den = alpha * p + (1 - alpha) * rc;
  if (den === 0) return 0;
  const fmean = (p * rc) / den;
  let chunks = 1;
  for (let i = 0; i < m - 1; i++) {
    if (!(matches[i + 1]![0] === matches[i]![0] + 1 && matches[i + 1]![1] === matches[i]![1] + 1)) chunks++;
  }
  if (m === 0) return 0;
  return (1 - gamma * pow(chunks / m, beta)) * fmean;
}
