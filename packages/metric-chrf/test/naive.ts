/**
 * A deliberately plain chrF, written straight from sacrebleu 2.6.0's description (string-keyed
 * counters, code points from Array.from, Python's str.split()), to check the fast implementation
 * against.
 */
import { pySplit } from "@gramscore/core";

/** Python's string.punctuation. */
const PUNCTUATION = new Set(Array.from("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"));

/** sacrebleu CHRF._remove_punctuation. */
export function naiveWords(sentence: string): string[] {
  const out: string[] = [];
  for (const word of pySplit(sentence)) {
    const chars = Array.from(word);
    if (chars.length === 1) out.push(word);
    else if (PUNCTUATION.has(chars[chars.length - 1]!)) out.push(chars.slice(0, -1).join(""), chars[chars.length - 1]!);
    else if (PUNCTUATION.has(chars[0]!)) out.push(chars[0]!, chars.slice(1).join(""));
    else out.push(word);
  }
  return out;
}

function counter(items: string[]): Map<string, number> {
  const m = new Map<string, number>();
  for (const it of items) m.set(it, (m.get(it) ?? 0) + 1);
  return m;
}

function charNgrams(line: string, n: number, whitespace: boolean): Map<string, number> {
  const chars = Array.from(whitespace ? line : pySplit(line).join(""));
  const grams: string[] = [];
  for (let i = 0; i + n <= chars.length; i++) grams.push(chars.slice(i, i + n).join(""));
  return counter(grams);
}

function wordNgrams(words: string[], n: number): Map<string, number> {
  const grams: string[] = [];
  for (let i = 0; i + n <= words.length; i++) grams.push(words.slice(i, i + n).join(" "));
  return counter(grams);
}

function matchStats(hyp: Map<string, number>, ref: Map<string, number>): number[] {
  let hypCount = 0;
  let match = 0;
  let refCount = 0;
  for (const [g, c] of hyp) {
    hypCount += c;
    const r = ref.get(g);
    if (r !== undefined) match += Math.min(c, r);
  }
  for (const c of ref.values()) refCount += c;
  return [ref.size > 0 ? hypCount : 0, refCount, match];
}

/** Options of the naive chrF (sacrebleu's names). */
export interface NaiveOptions {
  charOrder: number;
  wordOrder: number;
  beta: number;
  lowercase: boolean;
  whitespace: boolean;
  epsSmoothing: boolean;
}

/** sacrebleu CHRF._compute_f_score. */
export function naiveF(stats: number[], o: NaiveOptions): number {
  const eps = 1e-16;
  const factor = o.beta ** 2;
  const order = o.charOrder + o.wordOrder;
  let score = 0;
  let effective = 0;
  let avgPrec = 0;
  let avgRec = 0;
  for (let i = 0; i < order; i++) {
    const [nHyp, nRef, nMatch] = stats.slice(3 * i, 3 * i + 3) as [number, number, number];
    const prec = nHyp > 0 ? nMatch / nHyp : eps;
    const rec = nRef > 0 ? nMatch / nRef : eps;
    const denom = factor * prec + rec;
    score += denom > 0 ? ((1 + factor) * prec * rec) / denom : eps;
    if (nHyp > 0 && nRef > 0) {
      avgPrec += prec;
      avgRec += rec;
      effective++;
    }
  }
  if (o.epsSmoothing) return (100 * score) / order;
  if (effective === 0) {
    avgPrec = 0;
    avgRec = 0;
  } else {
    avgPrec /= effective;
    avgRec /= effective;
  }
  if (avgPrec + avgRec) {
    score = (1 + factor) * avgPrec * avgRec;
    score /= factor * avgPrec + avgRec;
    return 100 * score;
  }
  return 0;
}

/** Segment statistics of sacrebleu CHRF: those of the first reference with the strictly best F. */
export function naiveSegment(hyp: string, refs: readonly string[], o: NaiveOptions): { stats: number[]; score: number } {
  if (o.lowercase) {
    hyp = hyp.toLowerCase();
    refs = refs.map((r) => r.toLowerCase());
  }
  let best: number[] = [];
  let bestF = -1;
  for (const ref of refs) {
    const stats: number[] = [];
    for (let n = 1; n <= o.charOrder; n++) stats.push(...matchStats(charNgrams(hyp, n, o.whitespace), charNgrams(ref, n, o.whitespace)));
    const hw = naiveWords(hyp);
    const rw = naiveWords(ref);
    for (let n = 1; n <= o.wordOrder; n++) stats.push(...matchStats(wordNgrams(hw, n), wordNgrams(rw, n)));
    const f = naiveF(stats, o);
    if (f > bestF) {
      bestF = f;
      best = stats;
    }
  }
  return { stats: best, score: bestF };
}
