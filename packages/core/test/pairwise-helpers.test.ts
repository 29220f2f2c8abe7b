import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, normalizedWeights, pairwiseBatchOf } from "@gramscore/core";
import type { PairwiseOptions } from "@gramscore/core";
import { codeOf } from "../../../tooling/test/errors.js";

describe("pairwiseBatchOf", () => {
  it("scores each input with pairwise, passing the options, in order", () => {
    const calls: unknown[] = [];
    const pairwise = (hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions) => {
      calls.push(options);
      return Float64Array.from(hyps.flatMap((h) => refs.map((r) => h.length - r.length)));
    };
    const batch = pairwiseBatchOf(pairwise);
    const out = batch([{ hyps: ["ab", "c"], refs: ["x"] }, { hyps: [], refs: ["y"] }], { field: "f" });
    expect(out.map((m) => Array.from(m))).toEqual([[1, 0], []]);
    expect(calls).toEqual([{ field: "f" }, { field: "f" }]);
  });

  it("refuses what is not an array, and passes bad entries on to pairwise's own checks", () => {
    const batch = pairwiseBatchOf((hyps) => {
      if (!Array.isArray(hyps)) throw new GramscoreError(ErrorCode.INVALID_TYPE, "hyps");
      return new Float64Array(0);
    });
    expect(codeOf(() => batch({ hyps: [], refs: [] } as never))).toBe(ErrorCode.INVALID_TYPE);
    expect(() => batch({} as never)).toThrow(/pairwiseBatch needs an array of \{ hyps, refs \}, but got/);
    expect(codeOf(() => batch([null as never]))).toBe(ErrorCode.INVALID_TYPE);
  });
});

describe("normalizedWeights", () => {
  it("gives equal weights by default and sums to 1 (property)", () => {
    expect(Array.from(normalizedWeights(4, undefined))).toEqual([0.25, 0.25, 0.25, 0.25]);
    expect(Array.from(normalizedWeights(2, [1, 3]))).toEqual([0.25, 0.75]);
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 20 }), (ws) => {
        fc.pre(ws.some((x) => x > 0));
        const w = normalizedWeights(ws.length, ws);
        const sum = w.reduce((a, b) => a + b, 0);
        expect(Math.abs(sum - 1)).toBeLessThan(1e-12);
        w.forEach((x) => expect(x).toBeGreaterThanOrEqual(0));
      }),
    );
  });

  it("refuses no references and bad weights with coded errors", () => {
    expect(codeOf(() => normalizedWeights(0, undefined))).toBe(ErrorCode.EMPTY_INPUT);
    for (const bad of [[1], [1, -1], [1, Number.NaN], [0, 0], "12", null]) {
      expect(codeOf(() => normalizedWeights(2, bad as never))).toBe(ErrorCode.INVALID_OPTION);
    }
    expect(() => normalizedWeights(2, [0, 0])).toThrow("weights must not all be 0.");
  });

  it("refuses finite weights whose sum overflows (each would become 0)", () => {
    expect(codeOf(() => normalizedWeights(2, [1e308, 1e308]))).toBe(ErrorCode.INVALID_OPTION);
    expect(() => normalizedWeights(2, [1e308, 1e308])).toThrow(/add up to Infinity/);
    expect(Array.from(normalizedWeights(2, [1e308, 1e307]))).toEqual([1e308 / 1.1e308, 1e307 / 1.1e308]);
  });
});
