/**
 * White-box tests of the counting kernel (an internal module): both pair-table paths against
 * @gramscore/ngram's counting on random token sequences.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NgramTable, countNgrams, matchStatistics } from "@gramscore/ngram";
import { NgramStatsCounter } from "../src/kernel.js";

const tokens = (alphabet: number) => fc.array(fc.integer({ min: 0, max: alphabet }), { maxLength: 60 }).map((a) => Int32Array.from(a));

function viaKernel(counter: NgramStatsCounter, hyp: Int32Array, refs: Int32Array[], orders: number): number[][] {
  const all = new Int32Array(refs.reduce((s, r) => s + r.length, 0) + 1);
  const starts = new Int32Array(refs.length + 1);
  let at = 0;
  refs.forEach((r, k) => {
    starts[k] = at;
    all.set(r, at);
    at += r.length;
  });
  starts[refs.length] = at;
  // Offset 3 and a wider stride check that the kernel writes only its own cells.
  const stride = 3 * orders + 5;
  const out = new Int32Array(refs.length * stride);
  counter.count(hyp, hyp.length, all, starts, refs.length, orders, out, stride, 3);
  return refs.map((_, k) => {
    const row = Array.from(out.subarray(k * stride, (k + 1) * stride));
    expect(row.slice(0, 3)).toEqual([0, 0, 0]);
    expect(row.slice(3 + 3 * orders)).toEqual([0, 0]);
    return row.slice(3, 3 + 3 * orders);
  });
}

function viaNgram(hyp: Int32Array, ref: Int32Array, orders: number): number[] {
  const table = new NgramTable();
  return Array.from(matchStatistics(countNgrams(table, hyp, orders), countNgrams(table, ref, orders)));
}

describe("NgramStatsCounter", () => {
  for (const [label, limit, maxBase] of [
    ["direct pair table", 1 << 18, undefined],
    // Ranks above a base of 100 come every few calls: the table is cleared and the base restarts.
    ["direct pair table, cleared often", 1 << 18, 100],
    ["hashed pairs", 0, undefined],
  ] as const) {
    it(`equals @gramscore/ngram's matchStatistics (${label}), reusing one counter`, () => {
      const counter = new NgramStatsCounter(limit, maxBase);
      fc.assert(
        fc.property(
          fc.oneof(tokens(3), tokens(50), tokens(0x10ffff)),
          fc.array(fc.oneof(tokens(3), tokens(50)), { minLength: 1, maxLength: 3 }),
          fc.integer({ min: 1, max: 9 }),
          (hyp, refs, orders) => {
            const got = viaKernel(counter, hyp, refs, orders);
            refs.forEach((ref, k) => expect(got[k]).toEqual(viaNgram(hyp, ref, orders)));
          },
        ),
        { numRuns: 500 },
      );
    });
  }

  it("handles empty sides and orders longer than the text", () => {
    const counter = new NgramStatsCounter();
    const a = Int32Array.of(1, 2, 3);
    expect(viaKernel(counter, new Int32Array(0), [a], 2)).toEqual([[0, 3, 0, 0, 2, 0]]);
    expect(viaKernel(counter, a, [new Int32Array(0)], 2)).toEqual([[0, 0, 0, 0, 0, 0]]);
    expect(viaKernel(counter, a, [a], 5)).toEqual([[3, 3, 3, 2, 2, 2, 1, 1, 1, 0, 0, 0, 0, 0, 0]]);
    expect(viaKernel(counter, Int32Array.of(7), [Int32Array.of(7, 7)], 2)).toEqual([[1, 2, 1, 0, 1, 0]]);
  });
});
