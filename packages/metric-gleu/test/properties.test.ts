import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { createGleu, type GleuStats } from "@gramscore/metric-gleu";

/** Sentences over a small vocabulary, so n-grams repeat and reference ties are common. */
const words = (min: number, max: number) =>
  fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { minLength: min, maxLength: max }).map((t) => t.join(" "));
const segment = fc.record({ hyp: words(0, 12), refs: fc.array(words(0, 12), { minLength: 1, maxLength: 4 }) });
const lens = fc.integer({ min: 1, max: 4 }).chain((minNgramOrder) => fc.record({ minNgramOrder: fc.constant(minNgramOrder), maxNgramOrder: fc.integer({ min: minNgramOrder, max: 6 }) }));

/** NLTK 3.8's corpus_gleu written plainly over string keys (everygrams, Counter &, max by ratio). */
function naiveCorpus(segments: { hyp: string; refs: string[] }[], minNgramOrder: number, maxNgramOrder: number): [number, number] {
  const grams = (tokens: string[]): Map<string, number> => {
    const m = new Map<string, number>();
    for (let i = 0; i < tokens.length; i++) {
      for (let n = minNgramOrder; n <= maxNgramOrder && i + n <= tokens.length; n++) {
        const k = JSON.stringify(tokens.slice(i, i + n));
        m.set(k, (m.get(k) ?? 0) + 1);
      }
    }
    return m;
  };
  const sum = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
  let match = 0;
  let all = 0;
  for (const { hyp, refs } of segments) {
    const h = grams(hyp.split(/\s+/).filter((t) => t !== ""));
    const tpfp = sum(h);
    const counts: [number, number][] = [];
    for (const ref of refs) {
      const r = grams(ref.split(/\s+/).filter((t) => t !== ""));
      let tp = 0;
      for (const [k, c] of h) tp += Math.min(c, r.get(k) ?? 0);
      const nAll = Math.max(tpfp, sum(r));
      if (nAll > 0) counts.push([tp, nAll]);
    }
    if (counts.length > 0) {
      let best = counts[0]!;
      for (const c of counts) if (c[0] / c[1] > best[0] / best[1]) best = c;
      match += best[0];
      all += best[1];
    }
  }
  return [match, all];
}

describe("GLEU properties", () => {
  it("equals a plain statement of NLTK's corpus_gleu, ties between references included", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), lens, (segments, o) => {
        const m = createGleu(o);
        const corpus = evaluate(m, segments).corpus;
        const [match, total] = naiveCorpus(segments, o.minNgramOrder, o.maxNgramOrder);
        expect([corpus.match, corpus.total]).toEqual([match, total]);
        expect(corpus.score).toBe(total === 0 ? 0 : match / total);
      }),
      { numRuns: 300 },
    );
  });

  it("identical non-empty texts score 1, whatever the references' order", () => {
    fc.assert(
      fc.property(words(4, 20), fc.array(words(0, 10), { maxLength: 3 }), (text, others) => {
        expect(createGleu().score(createGleu().stats(text, [...others, text]), "segment").score).toBe(1);
      }),
    );
  });

  it("scores lie in [0, 1] with match ≤ total", () => {
    fc.assert(
      fc.property(segment, lens, (s, o) => {
        const m = createGleu(o);
        const st = m.stats(s.hyp, s.refs);
        expect(st.match).toBeLessThanOrEqual(st.total);
        const r = m.score(st, "segment").score;
        expect(r).toBeGreaterThanOrEqual(0);
        expect(r).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("merge is associative and commutative with empty() as identity", () => {
    const m = createGleu();
    const stats = segment.map((s) => m.stats(s.hyp, s.refs));
    fc.assert(
      fc.property(stats, stats, stats, (a: GleuStats, b: GleuStats, c: GleuStats) => {
        expect(m.merge(m.merge(a, b), c)).toEqual(m.merge(a, m.merge(b, c)));
        expect(m.merge(a, b)).toEqual(m.merge(b, a));
        expect(m.merge(a, m.empty())).toEqual(a);
      }),
    );
  });

  it("chunked and serialized scoring equals one pass", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.integer({ min: 1, max: 5 }), (segments, size) => {
        const m = createGleu();
        const whole = evaluate(m, segments);
        const acc = createAccumulator(m);
        for (let i = 0; i < segments.length; i += size) {
          const part = createAccumulator(m).addAll(segments.slice(i, i + size));
          acc.merge(JSON.parse(JSON.stringify(part.toJSON())));
        }
        expect(acc.compute()).toEqual(whole.corpus);
        expect(m.corpusStats(segments)).toEqual(whole.stats);
        // Significance rows sum to the merged statistics.
        const rows = m.rows();
        const sums = new Float64Array(2);
        const row = new Float64Array(2);
        for (const s of segments) {
          rows.toRow(m.stats(s.hyp, s.refs), row, 0);
          sums[0] = sums[0]! + row[0]!;
          sums[1] = sums[1]! + row[1]!;
        }
        expect(rows.score(sums, segments.length, false)).toBe(whole.corpus.score);
      }),
      { numRuns: 100 },
    );
  });
});
