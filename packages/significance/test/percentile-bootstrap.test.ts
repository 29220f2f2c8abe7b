// rouge-score's percentile bootstrap, seeded with xoshiro128** (ROUGE's intervals). The pinned values
// were produced by the same code when it lived in @gramscore/metric-rouge: moving it changed no number.
import { describe, expect, it } from "vitest";
import { SeededRandom, canonicalRows, percentile, percentileBootstrap } from "@gramscore/significance";

describe("percentile bootstrap (rouge-score's BootstrapAggregator, seeded)", () => {
  it("percentile interpolates like numpy; SeededRandom is uniform and reproducible", () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([0, 10], 0.025)).toBeCloseTo(0.25, 14);
    expect(percentile([5], 0.975)).toBe(5);
    expect(percentile([], 0.5)).toBeNaN();
    const r = new SeededRandom(1);
    const s = new SeededRandom(1);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60000; i++) {
      const x = r.below(6);
      expect(x).toBe(s.below(6));
      counts[x]!++;
    }
    for (const c of counts) expect(Math.abs(c - 10000)).toBeLessThan(500);
  });

  it("the generator's stream and a bootstrap are pinned", () => {
    const r = new SeededRandom(12345);
    expect(Array.from({ length: 5 }, () => r.nextUint32())).toEqual([518667457, 440444462, 4232892992, 3757857622, 3939018813]);
    const r7 = new SeededRandom(7);
    expect(Array.from({ length: 8 }, () => r7.below(10))).toEqual([0, 7, 9, 8, 7, 9, 7, 4]);
    const rows = canonicalRows([[0.5, 1, 0.25, 0.75], [1, 0, 0.5, 0.5]], 2);
    expect(Array.from(rows)).toEqual([0.25, 0.75, 0.5, 0.5, 0.5, 1, 1, 0]);
    const [low, mid, high] = percentileBootstrap(rows, 2, 200, 12345, 0.95, 2, (sums, n, out) => {
      out[0] = sums[0]! / n;
      out[1] = sums[1]! / n;
    });
    expect([Array.from(low), Array.from(mid), Array.from(high)]).toEqual([
      [0.3125, 0.18593750000000026],
      [0.5625, 0.5625],
      [0.875, 0.875],
    ]);
  });

  it("refuses a seed outside 0 … 2^32 − 1", () => {
    for (const seed of [-1, 1.5, 2 ** 32, Number.NaN]) {
      expect(() => new SeededRandom(seed)).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
    }
  });
});
