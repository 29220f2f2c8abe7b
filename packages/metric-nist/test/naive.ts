import { glibcExp, log } from "@gramscore/core";

/**
 * NLTK 3.8's corpus_nist written as plainly as its Python (string keys, Counter-like maps in
 * insertion order, the same loop order: orders outside, segments inside), with the same log and exp.
 * Returns null where NLTK raises ZeroDivisionError.
 */
export function naiveCorpusNist(refsList: string[][][], hyps: string[][], n: number): number | null {
  const ngrams = (seq: string[], k: number): string[] => {
    const out: string[] = [];
    for (let i = 0; i + k <= seq.length; i++) out.push(JSON.stringify(seq.slice(i, i + k)));
    return out;
  };
  const counter = (keys: string[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
    return m;
  };
  const freq = new Map<string, number>();
  let totalWords = 0;
  for (const refs of refsList) {
    for (const ref of refs) {
      for (let i = 1; i <= n; i++) for (const g of ngrams(ref, i)) freq.set(g, (freq.get(g) ?? 0) + 1);
      totalWords += ref.length;
    }
  }
  const info = new Map<string, number>();
  for (const [g, c] of freq) {
    const tokens = JSON.parse(g) as string[];
    const prefix = JSON.stringify(tokens.slice(0, -1));
    const numerator = tokens.length > 1 && freq.has(prefix) ? freq.get(prefix)! : totalWords;
    info.set(g, log(numerator / c) / log(2));
  }
  const numSum = new Map<number, number>();
  const denSum = new Map<number, number>();
  let lRef = 0;
  let lSys = 0;
  for (let i = 1; i <= n; i++) {
    for (let s = 0; s < hyps.length; s++) {
      const hyp = hyps[s]!;
      let best: [number, number, number, number] | undefined;
      for (const ref of refsList[s]!) {
        const h = counter(ngrams(hyp, i));
        const r = counter(ngrams(ref, i));
        let num = 0;
        for (const [g, c] of h) {
          const m = Math.min(c, r.get(g) ?? 0);
          if (m > 0) num += info.get(g)! * m;
        }
        const den = [...h.values()].reduce((a, b) => a + b, 0);
        const t: [number, number, number, number] = [den === 0 ? 0 : num / den, num, den, ref.length];
        const greater = best === undefined || t[0] > best[0] || (t[0] === best[0] && (t[1] > best[1] || (t[1] === best[1] && (t[2] > best[2] || (t[2] === best[2] && t[3] > best[3])))));
        if (greater) best = t;
      }
      numSum.set(i, (numSum.get(i) ?? 0) + best![1]);
      denSum.set(i, (denSum.get(i) ?? 0) + best![2]);
      lRef += best![3];
      lSys += hyp.length;
    }
  }
  let precision = 0;
  for (const [i, num] of numSum) {
    const den = denSum.get(i)!;
    if (den === 0) return null;
    precision += num / den;
  }
  if (lRef === 0) return null;
  const ratio = lSys / lRef;
  let penalty: number;
  if (ratio > 0 && ratio < 1) {
    const beta = log(0.5) / log(1.5) ** 2;
    penalty = glibcExp(beta * log(ratio) ** 2);
  } else penalty = Math.max(Math.min(ratio, 1), 0);
  return precision * penalty;
}
