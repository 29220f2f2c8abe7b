import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { createCharacter, createEed, exactMean } from "@gramscore/metric-character";
import type { ScoreListStats } from "@gramscore/metric-character";

type AnyList = Metric<ScoreListStats, { score: number }> & { sentence(hyp: string, refs: readonly string[]): number; rows(): ReturnType<NonNullable<Metric<ScoreListStats>["rows"]>> };

const word = fc.constantFrom("a", "cat", "Cat", "sat", "on", "the", "mat", "é", "ΟΔΟΣ", "😀", "1.5", "Mr", "x,y", "!");
const text = fc.array(word, { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));
const segment = fc.record({ hyp: fc.oneof(text, fc.constant("")), refs: fc.array(text, { minLength: 1, maxLength: 3 }) });

describe("properties", () => {
  const metrics: AnyList[] = [createCharacter(), createCharacter({ aggregate: "sum" }), createEed(), createEed(undefined, "rwth-cpp"), createEed({ language: "ja" })];

  it("scores lie in [0, 1]; a segment scores the lowest over its references", () => {
    fc.assert(
      fc.property(segment, (s) => {
        for (const m of metrics) {
          const x = m.sentence(s.hyp, s.refs);
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
          expect(x).toBe(Math.min(...s.refs.map((r) => m.sentence(s.hyp, [r]))));
        }
      }),
    );
  });

  it("characTER of a text against itself is 0; so is the C++ EED's", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(createCharacter().sentence(t, [t])).toBe(0);
        expect(createEed(undefined, "rwth-cpp").sentence(t, [t])).toBe(0);
      }),
    );
  });

  it("merge is associative, and shards give the one-pass corpus score bit for bit", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.nat(), fc.nat(), (list, c1, c2) => {
        const [i, j] = [c1 % (list.length + 1), c2 % (list.length + 1)].sort((a, b) => a - b) as [number, number];
        for (const m of metrics) {
          const one = evaluate(m, list).stats;
          const part = (xs: typeof list) => xs.reduce((acc, s) => m.merge(acc, m.stats(s.hyp, s.refs)), m.empty());
          const [a, b, c] = [part(list.slice(0, i)), part(list.slice(i, j)), part(list.slice(j))];
          const left = m.merge(m.merge(a, b), c);
          expect(JSON.stringify(left)).toBe(JSON.stringify(m.merge(a, m.merge(b, c))));
          expect(JSON.stringify(left)).toBe(JSON.stringify(one));
          expect(m.score(left, "corpus").score).toBe(m.score(one, "corpus").score);
        }
      }),
    );
  });

  it("the mean is Python's statistics.mean: the exact sum over n, correctly rounded", () => {
    // Multiples of 2^-10 with at most 64 terms add exactly in double, so sum / n is then the
    // correctly rounded mean; exactMean must agree and must not depend on the order.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1024 }), { minLength: 1, maxLength: 64 }), (ks) => {
        const xs = ks.map((k) => k / 1024);
        let s = 0;
        for (const x of xs) s += x;
        expect(exactMean(xs)).toBe(s / xs.length);
        expect(exactMean(xs.slice().reverse())).toBe(exactMean(xs));
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }), (xs) => {
        expect(exactMean(xs)).toBe(exactMean(xs.slice().reverse()));
        expect(exactMean(xs)).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(exactMean(xs)).toBeLessThanOrEqual(Math.max(...xs));
      }),
    );
  });

  it("EED's resampling rows score a corpus as its reference does", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 10 }), (list) => {
        for (const m of [createEed(), createEed(undefined, "rwth-cpp"), createCharacter({ aggregate: "sum" })] as AnyList[]) {
          const stats = evaluate(m, list).stats;
          const rows = m.rows();
          expect(rows.scoreStats(stats)).toBe(m.score(stats, "corpus").score);
        }
      }),
    );
  });
});
