import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fsum, glibcExp, log } from "@gramscore/core";
import { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";

const word = fc.constantFrom("a", "b", "c", "the", "cat", "sat", ".", "é", "😀", "x_y");
const text = fc.array(word, { maxLength: 9 }).map((w) => w.join(" "));
const corpus = fc.array(text, { minLength: 2, maxLength: 12 });
const permuted = corpus.chain((texts) => fc.shuffledSubarray(texts.map((_, i) => i), { minLength: texts.length, maxLength: texts.length }).map((order) => [texts, order] as const));

/** Multi-reference clipped matches counted the obvious way: text i against every other text. */
function naiveMatches(tokens: string[][], i: number, n: number): number {
  const grams = (t: string[]) => {
    const m = new Map<string, number>();
    for (let k = 0; k + n <= t.length; k++) {
      const g = t.slice(k, k + n).join(" ");
      m.set(g, (m.get(g) ?? 0) + 1);
    }
    return m;
  };
  const own = grams(tokens[i]!);
  let matches = 0;
  for (const [g, c] of own) {
    let best = 0;
    tokens.forEach((t, j) => {
      if (j !== i) best = Math.max(best, grams(t).get(g) ?? 0);
    });
    matches += Math.min(c, best);
  }
  return matches;
}

describe("properties", () => {
  it("distinct and distinct-mean lie in [0, 1]; Self-BLEU in [0, 1] (Texygen) and [0, 100] (sacrebleu)", () => {
    fc.assert(
      fc.property(corpus, (texts) => {
        const segs = texts.map((hyp) => ({ hyp, refs: [] }));
        const tokens = texts.join(" ").split(" ").filter((t) => t !== "");
        if (tokens.length > 0) {
          const d = createDistinct({ n: 1 });
          const s = d.score(d.corpusStats(segs), "corpus").score;
          expect(s).toBeGreaterThan(0);
          expect(s).toBeLessThanOrEqual(1);
        }
        const mean = createDistinctMean({ n: 2 });
        const m = mean.score(mean.corpusStats(segs), "corpus").score;
        expect(m).toBeGreaterThanOrEqual(0);
        expect(m).toBeLessThanOrEqual(1);
        for (const r of [createSelfBleu().compute(texts), createSelfBleu({ gram: 4 }).compute(texts)]) {
          for (const x of [r.score, ...r.scores]) {
            expect(x).toBeGreaterThanOrEqual(0);
            expect(x).toBeLessThanOrEqual(1);
          }
        }
        const sb = createSacrebleuSelfBleu().compute(texts);
        for (const x of [sb.score, ...sb.scores]) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(100 + 1e-9);
        }
      }),
    );
  });

  it("permuting the texts permutes the per-text scores exactly and leaves the corpus numbers unchanged", () => {
    fc.assert(
      fc.property(permuted, ([texts, order]) => {
        const shuffled = order.map((i) => texts[i]!);
        const segs = (list: string[]) => list.map((hyp) => ({ hyp, refs: [] }));
        const d = createDistinct({ n: 2 });
        const a = d.corpusStats(segs(texts));
        const b = d.corpusStats(segs(shuffled));
        expect(b).toEqual(a);
        const corpusLevel = createSacrebleuSelfBleu({ level: "corpus" });
        // Sums of integer counts: exact in any order.
        expect(corpusLevel.compute(shuffled).score).toBe(corpusLevel.compute(texts).score);
        for (const m of [createSelfBleu(), createSacrebleuSelfBleu()]) {
          const x = m.compute(texts);
          const y = m.compute(shuffled);
          expect(y.scores).toEqual(order.map((i) => x.scores[i]));
          // The mean is a left-to-right float sum, as the references add: equal up to rounding.
          expect(Math.abs(y.score - x.score)).toBeLessThanOrEqual(1e-12 * Math.max(1, Math.abs(x.score)));
        }
      }),
    );
  });

  it("Self-BLEU's linear-time clipping and closest lengths equal counting every text against every other one", () => {
    fc.assert(
      fc.property(corpus, fc.integer({ min: 1, max: 4 }), (texts, gram) => {
        const tokens = texts.map((t) => t.split(" ").filter((w) => w !== ""));
        const r = createSelfBleu({ gram, tokenize: "none" }).compute(texts);
        tokens.forEach((t, i) => {
          const L = t.length;
          // NLTK's closest_ref_length: the nearest other length, ties to the shorter.
          let closest = -1;
          tokens.forEach((u, j) => {
            if (j === i) return;
            const d = Math.abs(u.length - L);
            if (closest < 0 || d < Math.abs(closest - L) || (d === Math.abs(closest - L) && u.length < closest)) closest = u.length;
          });
          if (naiveMatches(tokens, i, 1) === 0) {
            expect(r.scores[i]).toBe(0);
            return;
          }
          const terms = [];
          for (let n = 1; n <= gram; n++) {
            const m = naiveMatches(tokens, i, n);
            const den = Math.max(1, L - n + 1);
            terms.push((1 / gram) * log(m === 0 ? 0.1 / den : m / den));
          }
          const bp = L > closest ? 1 : glibcExp(1 - closest / L);
          expect(r.scores[i]).toBe(bp * glibcExp(fsum(terms)));
        });
      }),
    );
  });

  it("distinct merges associatively and commutatively (as JSON); distinct-mean and Self-BLEU associatively", () => {
    fc.assert(
      fc.property(text, text, text, (a, b, c) => {
        const d = createDistinct({ n: 1 });
        const [x, y, z] = [a, b, c].map((t) => d.stats(t, []));
        expect(JSON.stringify(d.merge(d.merge(x!, y!), z!))).toBe(JSON.stringify(d.merge(x!, d.merge(y!, z!))));
        expect(JSON.stringify(d.merge(x!, y!))).toBe(JSON.stringify(d.merge(y!, x!)));
        for (const m of [createDistinctMean(), createSelfBleu()] as const) {
          const [p, q, r] = [a, b, c].map((t) => m.stats(t, [])) as never[];
          const merge = m.merge as (u: unknown, v: unknown) => unknown;
          expect(JSON.stringify(merge(merge(p, q), r))).toBe(JSON.stringify(merge(p, merge(q, r))));
        }
      }),
    );
  });
});
