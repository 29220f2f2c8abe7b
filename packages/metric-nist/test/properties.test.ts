import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { canonicalChunks, createNist, nistLengthPenalty, type NistStats } from "@gramscore/metric-nist";
import { naiveCorpusNist } from "./naive.js";

const words = (min: number, max: number) =>
  fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f"), { minLength: min, maxLength: max }).map((t) => t.join(" "));
const segment = fc.record({ hyp: words(0, 14), refs: fc.array(words(0, 14), { minLength: 1, maxLength: 3 }) });
const longSegment = fc.record({ hyp: words(5, 14), refs: fc.array(words(0, 14), { minLength: 1, maxLength: 3 }) });
const split = (s: string) => s.split(" ").filter((t) => t !== "");
const relClose = (a: number, b: number) => Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(b));

describe("NIST properties", () => {
  it("equals a plain statement of NLTK's corpus_nist bit for bit (reference ties, varying lengths)", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.integer({ min: 1, max: 5 }), (segments, n) => {
        const want = naiveCorpusNist(segments.map((s) => s.refs.map(split)), segments.map((s) => split(s.hyp)), n);
        const got = evaluate(createNist({ maxNgramOrder: n }), segments).corpus.score;
        if (want === null) expect(Number.isFinite(got)).toBe(true);
        else expect(got).toBe(want);
      }),
      { numRuns: 400 },
    );
  });

  it("scores are non-negative and the length penalty lies in [0, 1]", () => {
    fc.assert(
      fc.property(segment, (s) => {
        const r = createNist().score(createNist().stats(s.hyp, s.refs), "segment");
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.lengthPenalty).toBeGreaterThanOrEqual(0);
        expect(r.lengthPenalty).toBeLessThanOrEqual(1);
      }),
    );
    expect(nistLengthPenalty(3, 2)).toBeCloseTo(0.5, 12);
    expect(nistLengthPenalty(10, 12)).toBe(1);
  });

  it("merge is associative (identical statistics) and commutative up to the order of NLTK's float sums", () => {
    const m = createNist();
    const stats = fc.array(longSegment, { minLength: 1, maxLength: 4 }).map((segs) => m.corpusStats(segs));
    fc.assert(
      fc.property(stats, stats, stats, (a: NistStats, b: NistStats, c: NistStats) => {
        expect(m.merge(m.merge(a, b), c)).toEqual(m.merge(a, m.merge(b, c)));
        expect(m.merge(a, m.empty())).toEqual(a);
        const ab = m.score(m.merge(a, b), "corpus");
        const ba = m.score(m.merge(b, a), "corpus");
        expect(relClose(ab.score, ba.score)).toBe(true);
        expect(ab.hypLength).toBe(ba.hypLength);
      }),
      { numRuns: 60 },
    );
  });

  it("chunked, one-segment-at-a-time and serialized scoring equal one pass exactly", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 6 }), (segments, size) => {
        const m = createNist();
        const whole = evaluate(m, segments);
        expect(evaluate(m, segments, { segments: true }).stats).toEqual(whole.stats);
        const acc = createAccumulator(m);
        for (let i = 0; i < segments.length; i += size) {
          const part = createAccumulator(m).addAll(segments.slice(i, i + size));
          acc.merge(JSON.parse(JSON.stringify(part.toJSON())));
        }
        expect(acc.stats).toEqual(whole.stats);
        expect(acc.compute()).toEqual(whole.corpus);
      }),
      { numRuns: 80 },
    );
  });

  it("canonical chunks are the binary digits of the count, in order, whatever the input chunking", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer(), { maxLength: 9 }), { maxLength: 8 }), (parts) => {
        const segs = parts.map((p) => p.map((x) => [[String(x)], ["r"]]));
        const out = canonicalChunks(segs);
        expect(out.flat()).toEqual(segs.flat());
        const total = segs.flat().length;
        const sizes = out.map((c) => c.length);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
        for (let i = 1; i < sizes.length; i++) expect(sizes[i]).toBeLessThan(sizes[i - 1]!);
        for (const s of sizes) expect(Math.log2(s) % 1).toBe(0);
      }),
    );
  });
});
