import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Metric } from "@gramscore/core";
import { aggregateUtility, argmax, expectedUtility, mbr, scoreMatrix } from "@gramscore/mbr";

/** A toy metric without the pairwise capability: unigram F1 × 100 of space-split words. */
function toyMetric(higherIsBetter = true): Metric<{ m: number; h: number; r: number }, { f: number; p: number }> {
  const count = (s: string) => {
    const c = new Map<string, number>();
    for (const w of s.split(" ").filter(Boolean)) c.set(w, (c.get(w) ?? 0) + 1);
    return c;
  };
  return {
    name: "toy",
    higherIsBetter,
    empty: () => ({ m: 0, h: 0, r: 0 }),
    stats(hyp, refs) {
      const h = count(hyp);
      const r = count(refs[0]!);
      let m = 0;
      for (const [w, c] of h) m += Math.min(c, r.get(w) ?? 0);
      return { m, h: [...h.values()].reduce((a, b) => a + b, 0), r: [...r.values()].reduce((a, b) => a + b, 0) };
    },
    merge: (a, b) => ({ m: a.m + b.m, h: a.h + b.h, r: a.r + b.r }),
    score: (s) => ({ f: s.h + s.r === 0 ? 0 : (200 * s.m) / (s.h + s.r), p: s.h === 0 ? 0 : s.m / s.h }),
    signature: () => "toy",
    summarize: (r) => ({ f: r.f, p: r.p }),
  };
}

const words = fc.array(fc.constantFrom("a", "b", "c", "d"), { maxLength: 6 }).map((w) => w.join(" "));

describe("expectedUtility", () => {
  it("is the row mean, or the weighted row mean; scaling weights changes nothing", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.nat(), (rows, cols, seed) => {
        const m = Float64Array.from({ length: rows * cols }, (_, k) => ((k * 7919 + seed) % 101) / 3);
        const u = expectedUtility(m, rows, cols);
        const w = Array.from({ length: cols }, (_, j) => 1 + ((j + seed) % 3));
        const uw = expectedUtility(m, rows, cols, { weights: w });
        const uw2 = expectedUtility(m, rows, cols, { weights: w.map((x) => 4 * x) });
        for (let i = 0; i < rows; i++) {
          let s = 0;
          let sw = 0;
          for (let j = 0; j < cols; j++) {
            s += m[i * cols + j]!;
            sw += (w[j]! / w.reduce((a, b) => a + b)) * m[i * cols + j]!;
          }
          expect(u[i]).toBeCloseTo(s / cols, 12);
          expect(uw[i]).toBeCloseTo(sw, 12);
          expect(uw2[i]).toBeCloseTo(uw[i]!, 12);
        }
      }),
    );
  });

  it("excludeSelf leaves out the diagonal", () => {
    const m = Float64Array.from([100, 10, 20, 30, 100, 50, 0, 0, 100]);
    expect(Array.from(expectedUtility(m, 3, 3, { excludeSelf: true }))).toEqual([15, 40, 0]);
    expect(() => expectedUtility(m, 3, 2)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => expectedUtility(m, 3, 3, { weights: [1, 2] })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => expectedUtility(m, 3, 3, { weights: [0, 0, 0] })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });

  it("refuses finite weights whose sum overflows (each would normalize to 0 and the utility be NaN)", () => {
    const m = Float64Array.from([100, 10, 20, 30, 100, 50, 0, 0, 100]);
    const huge = [1e308, 1e308, 1];
    expect(() => expectedUtility(m, 3, 3, { weights: huge })).toThrow(expect.objectContaining({ code: "INVALID_OPTION", message: expect.stringMatching(/add up to Infinity/) }));
    // The same distribution, scaled down, is accepted.
    expect(Array.from(expectedUtility(m, 3, 3, { weights: huge.map((w) => w / 1e308) })).every(Number.isFinite)).toBe(true);
    expect(() => mbr(toyMetric(), ["a b", "a c", "b c"], { weights: huge })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});

describe("argmax", () => {
  it("first best, NaN never wins, lower-is-better picks the smallest", () => {
    expect(argmax([1, 3, 3, 2])).toBe(1);
    expect(argmax([NaN, 1, NaN])).toBe(1);
    expect(argmax([])).toBe(-1);
    expect(argmax([2, 1, 1], false)).toBe(1);
  });
});

describe("mbr on a metric without pairwise", () => {
  it("scoreMatrix scores each pair alone; mbr picks the argmax of the row means", () => {
    fc.assert(
      fc.property(fc.array(words, { minLength: 1, maxLength: 6 }), (cands) => {
        const metric = toyMetric();
        const m = scoreMatrix(metric, cands, cands);
        for (let i = 0; i < cands.length; i++) {
          for (let j = 0; j < cands.length; j++) expect(m[i * cands.length + j]).toBe(metric.score(metric.stats(cands[i]!, [cands[j]!]), "segment").f);
        }
        const r = mbr(metric, cands);
        const u = expectedUtility(m, cands.length, cands.length);
        expect(r.index).toBe(argmax(u));
        expect(r.candidate).toBe(cands[r.index]);
        expect(r.utility).toBe(u[r.index]);
        expect(r.method).toBe("pairwise");
        const p = scoreMatrix(metric, cands, cands, { field: "p" });
        expect(p[0]).toBe(metric.score(metric.stats(cands[0]!, [cands[0]!]), "segment").p);
      }),
    );
  });

  it("lower-is-better metrics choose the smallest expected score; errors are GramscoreErrors", () => {
    const r = mbr(toyMetric(false), ["a b", "a b", "c d"]);
    expect(r.candidate).toBe("c d");
    expect(() => mbr(toyMetric(), [])).toThrow(expect.objectContaining({ code: "EMPTY_INPUT" }));
    expect(() => mbr(toyMetric(), ["a"], { method: "aggregate" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => aggregateUtility(toyMetric(), ["a"], ["a"])).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => scoreMatrix(toyMetric(), ["a"], ["a"], { field: "nope" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => mbr(toyMetric(), ["a"], { method: "x" as "pairwise" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});
