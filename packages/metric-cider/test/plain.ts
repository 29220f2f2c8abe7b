// CIDEr written out plainly, the way pycocoevalcap's CiderScorer (and vrama91/cider's for the original
// CIDEr) computes it: n-gram counts in dictionaries keyed by the n-gram, in order of first occurrence;
// document frequencies over each image's references; tf-idf vectors with their norms; the clipped,
// length-penalized cosine per order; the mean over orders, over references, times 10; np.mean over the
// images. Slow and obvious: the engine must give its numbers bit for bit on any corpus.
import { log, npMean, powE } from "../src/numeric.js";

type Counts = Map<string, { order: number; count: number }>;

function precook(words: readonly string[], n: number): Counts {
  const counts: Counts = new Map();
  for (let k = 1; k <= n; k++) {
    for (let i = 0; i + k <= words.length; i++) {
      const key = JSON.stringify(words.slice(i, i + k));
      const c = counts.get(key);
      if (c === undefined) counts.set(key, { order: k - 1, count: 1 });
      else c.count++;
    }
  }
  return counts;
}

/** Each image's score and their mean, for images of tokens. */
export function plainCider(images: readonly { hyp: readonly string[]; refs: readonly (readonly string[])[] }[], n: number, sigma: number, ciderD: boolean): { score: number; scores: number[] } {
  const tests = images.map((i) => precook(i.hyp, n));
  const refs = images.map((i) => i.refs.map((r) => precook(r, n)));
  const df = new Map<string, number>();
  for (const rs of refs) {
    const seen = new Set<string>();
    for (const r of rs) for (const key of r.keys()) seen.add(key);
    for (const key of seen) df.set(key, (df.get(key) ?? 0) + 1);
  }
  const refLen = log(images.length);
  const vec = (counts: Counts) => {
    const v = Array.from({ length: n }, () => new Map<string, number>());
    const norm: number[] = new Array(n).fill(0);
    let length = 0;
    for (const [key, { order, count }] of counts) {
      const x = count * (refLen - log(Math.max(1, df.get(key) ?? 0)));
      v[order]!.set(key, x);
      norm[order] = norm[order]! + x * x;
      if (order === 1) length += count;
    }
    return { v, norm: norm.map(Math.sqrt), length };
  };
  const scores = tests.map((test, i) => {
    const h = vec(test);
    const score = new Float64Array(n);
    for (const ref of refs[i]!) {
      const r = vec(ref);
      const delta = h.length - r.length;
      for (let k = 0; k < n; k++) {
        let val = 0;
        for (const [key, x] of h.v[k]!) {
          const y = r.v[k]!.get(key) ?? 0;
          val += ciderD ? Math.min(x, y) * y : x * y;
        }
        if (h.norm[k] !== 0 && r.norm[k] !== 0) val /= h.norm[k]! * r.norm[k]!;
        if (ciderD) val *= powE(-(delta * delta) / (2 * sigma * sigma));
        score[k] = score[k]! + val;
      }
    }
    return (npMean(score) / refs[i]!.length) * 10.0;
  });
  return { score: npMean(scores), scores };
}
