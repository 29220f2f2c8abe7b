import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ExactColumns, ExactSum, exactAdd, exactOf, exactValue, fsum, isExactSum } from "@gramscore/core";

/** Finite doubles of very different magnitudes (cancellation is what exact sums are for). */
const double = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }),
  fc.integer({ min: -1000, max: 1000 }).map((n) => n / 2),
  fc.constantFrom(1e16, -1e16, 1, -1, 0.1, 2 ** -1074, 2 ** 52, -0),
);

/** The canonical sum of `xs`, added one by one left to right. */
const sumOf = (xs: readonly number[]) => xs.reduce((acc, x) => exactAdd(acc, exactOf(x)), [] as number[]);

describe("exact sums", () => {
  it("are what Python's math.fsum gives, and 1e16 + 1 - 1e16 is 1", () => {
    expect(sumOf([1e16, 1, -1e16])).toEqual([1]);
    expect(sumOf([0.1, 0.2])).toEqual([0.30000000000000004, -2.7755575615628914e-17]);
    expect(exactValue(sumOf([0.1, 0.2, 0.3]))).toBe(fsum([0.1, 0.2, 0.3]));
    expect(sumOf([])).toEqual([]);
    expect(sumOf([2.5, -2.5])).toEqual([]);
    expect(exactValue([])).toBe(0);
  });

  it("value is fsum of the numbers, the list is canonical (property)", () => {
    fc.assert(
      fc.property(fc.array(double, { maxLength: 30 }), (xs) => {
        const s = sumOf(xs);
        expect(exactValue(s)).toBe(fsum(xs) + 0);
        expect(isExactSum(s)).toBe(true);
      }),
    );
  });

  it("merge is commutative and associative: any order or grouping gives the same list (property)", () => {
    fc.assert(
      fc.property(fc.array(double, { maxLength: 12 }), fc.array(double, { maxLength: 12 }), fc.array(double, { maxLength: 12 }), (xs, ys, zs) => {
        const [a, b, c] = [sumOf(xs), sumOf(ys), sumOf(zs)];
        expect(exactAdd(a, b)).toEqual(exactAdd(b, a));
        expect(exactAdd(exactAdd(a, b), c)).toEqual(exactAdd(a, exactAdd(b, c)));
        expect(exactAdd(exactAdd(a, b), c)).toEqual(sumOf([...zs, ...ys, ...xs]));
      }),
    );
  });

  it("a running ExactSum and ExactColumns equal the merged sums, chunked or in one pass (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(double, double, double), { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (rows, chunk) => {
        const columns = new ExactColumns(3);
        const running = [new ExactSum(), new ExactSum(), new ExactSum()];
        for (const row of rows) {
          columns.addRow(row);
          row.forEach((x, c) => running[c]!.add(x));
        }
        // Chunks summed on their own, then merged.
        const chunked = [[], [], []] as number[][];
        for (let at = 0; at < rows.length; at += chunk) {
          const part = new ExactColumns(3);
          for (const row of rows.slice(at, at + chunk)) part.addRow(row);
          part.sums().forEach((s, c) => (chunked[c] = exactAdd(chunked[c]!, s)));
        }
        const want = [0, 1, 2].map((c) => sumOf(rows.map((r) => r[c]!)));
        expect(columns.sums()).toEqual(want);
        expect(running.map((r) => r.value())).toEqual(want);
        expect(chunked).toEqual(want);
        // Reading does not consume.
        expect(columns.sums()).toEqual(want);
      }),
    );
  });

  it("many parts (a wide range of magnitudes) grow the buffers and stay exact", () => {
    const xs: number[] = [];
    for (let e = -1000; e <= 1000; e += 20) xs.push(2 ** e, -(2 ** e) / 3);
    const running = new ExactSum();
    for (const x of xs) running.add(x);
    const s = sumOf(xs);
    expect(s.length).toBeGreaterThan(16);
    expect(running.value()).toEqual(s);
    expect(sumOf([...xs].reverse())).toEqual(s);
    expect(isExactSum(s)).toBe(true);
  });

  it("isExactSum refuses what is not a canonical list", () => {
    expect(isExactSum([])).toBe(true);
    expect(isExactSum([3])).toBe(true);
    for (const bad of [[0], [1, 1], [Number.NaN], [Infinity], ["1"], 1, null, [1e-20, 1]]) expect(isExactSum(bad)).toBe(false);
  });

  it("a sum past the largest double is refused at once, never looped on (untrusted shards)", () => {
    for (const bad of [[1e308, 1e308], [-1e308, -1e308], [1.7976931348623157e308, 1e292], Array.from({ length: 70 }, () => 1e307)]) {
      expect(isExactSum(bad)).toBe(false);
    }
    // Adding two valid sums whose total overflows returns (a non-finite list that isExactSum refuses).
    const big = exactAdd([1e308, 1e291], [1e308]);
    expect(isExactSum(big)).toBe(false);
  });
});
