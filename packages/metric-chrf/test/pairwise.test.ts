/**
 * Pairwise chrF matrices and reference aggregation: every cell equals the sentence score of its
 * pair (bit for bit, with any options), on random strings and on real WMT sentences across segments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateChrf, createChrf, pairwiseChrf, sentenceChrf } from "@gramscore/metric-chrf";
import { SKIP_MESSAGE, hasShared, readDataset, readJsonl } from "../../../tooling/conformance/data.js";
import { options, repetitive, text } from "./arbitraries.js";

function expectCells(m: Float64Array, hyps: string[], refs: string[], cell: (h: string, r: string) => number): void {
  expect(m.length).toBe(hyps.length * refs.length);
  for (let i = 0; i < hyps.length; i++) {
    for (let j = 0; j < refs.length; j++) expect(Object.is(m[i * refs.length + j], cell(hyps[i]!, refs[j]!))).toBe(true);
  }
}

const strings = fc.array(fc.oneof(text(30), repetitive(30)), { minLength: 0, maxLength: 6 });

describe("pairwiseChrf", () => {
  it("every cell is sentenceChrf of its pair, bit for bit, with any options", () => {
    fc.assert(
      fc.property(strings, strings, options(), (hyps, refs, o) => {
        const m = pairwiseChrf(hyps, refs, o);
        expectCells(m, hyps, refs, (h, r) => sentenceChrf(h, [r], o).score);
      }),
      { numRuns: 300 },
    );
  });

  it("the metric's pairwise is its own segment score (chrF++ from the descriptor options)", () => {
    fc.assert(
      fc.property(strings, strings, (hyps, refs) => {
        const metric = createChrf({ wordOrder: 2 });
        const m = metric.pairwise(hyps, refs);
        expectCells(m, hyps, refs, (h, r) => metric.score(metric.stats(h, [r]), "segment").score);
      }),
      { numRuns: 100 },
    );
  });

  it("a set against itself: the diagonal is 100 for non-empty strings, 0 for empty ones", () => {
    fc.assert(
      fc.property(strings, (xs) => {
        const m = pairwiseChrf(xs, xs);
        for (let i = 0; i < xs.length; i++) {
          const nonEmpty = xs[i]!.split(/[\s\u001c-\u001f\u0085]/u).join("").length > 0;
          const d = m[i * xs.length + i]!;
          expect(d).toBe(sentenceChrf(xs[i]!, [xs[i]!]).score);
          if (nonEmpty && /[^\s\u001c-\u001f\u0085\u00a0\u3000]/u.test(xs[i]!)) expect(d).toBeCloseTo(100, 10);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("rows [start, end) are the same rows of the full matrix; batch equals one by one", () => {
    fc.assert(
      fc.property(strings, strings, fc.nat(), fc.nat(), (hyps, refs, a, b) => {
        const full = pairwiseChrf(hyps, refs, { wordOrder: 2 });
        const s = hyps.length === 0 ? 0 : a % (hyps.length + 1);
        const e = s + (hyps.length === 0 ? 0 : b % (hyps.length - s + 1));
        const part = pairwiseChrf(hyps, refs, { wordOrder: 2 }, { rows: [s, e] });
        expect(Array.from(part)).toEqual(Array.from(full.subarray(s * refs.length, e * refs.length)));
        const metric = createChrf({ wordOrder: 2 });
        const [x, y] = metric.pairwiseBatch([{ hyps, refs }, { hyps: refs, refs: hyps }]);
        expect(Array.from(x!)).toEqual(Array.from(full));
        expect(Array.from(y!)).toEqual(Array.from(pairwiseChrf(refs, hyps, { wordOrder: 2 })));
      }),
      { numRuns: 100 },
    );
  });

  it("rejects bad input with one GramscoreError", () => {
    expect(() => pairwiseChrf(["a", 3 as unknown as string], ["b"])).toThrow(expect.objectContaining({ code: "INVALID_TYPE" }));
    expect(() => pairwiseChrf(["a\ud800"], ["b"])).toThrow(expect.objectContaining({ code: "LONE_SURROGATE" }));
    expect(() => pairwiseChrf(["a"], ["b"], {}, { rows: [0, 2] })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => pairwiseChrf(["a"], ["b"], {}, { field: "precision" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});

describe("aggregateChrf (reference aggregation)", () => {
  it("with one reference it is the pairwise score; weights only matter relatively", () => {
    fc.assert(
      fc.property(strings, fc.oneof(text(30), repetitive(30)), options(), (hyps, ref, o) => {
        const agg = aggregateChrf(hyps, [ref], o);
        const pw = pairwiseChrf(hyps, [ref], o);
        expect(Array.from(agg)).toEqual(Array.from(pw));
        const twice = aggregateChrf(hyps, [ref, ref], o, { weights: [3, 1] });
        for (let i = 0; i < hyps.length; i++) expect(twice[i]).toBeCloseTo(pw[i]!, 9);
      }),
      { numRuns: 100 },
    );
  });

  it("matches a direct computation from averaged n-gram counts", () => {
    const refs = ["the cat sat", "a cat sat down", "the dog"];
    const hyp = "the cat";
    // Orders 1..2 with whitespace removed, by hand: F from Σ min(hyp, mean ref) over mean totals.
    const grams = (s: string, n: number): string[] => {
      const c = [...s.replace(/\s/g, "")];
      return c.slice(0, Math.max(0, c.length - n + 1)).map((_, i) => c.slice(i, i + n).join(""));
    };
    let p = 0;
    let r = 0;
    for (const n of [1, 2]) {
      const mean = new Map<string, number>();
      let total = 0;
      for (const ref of refs) {
        for (const g of grams(ref, n)) mean.set(g, (mean.get(g) ?? 0) + 1 / 3);
        total += grams(ref, n).length / 3;
      }
      const hc = new Map<string, number>();
      for (const g of grams(hyp, n)) hc.set(g, (hc.get(g) ?? 0) + 1);
      let match = 0;
      for (const [g, c] of hc) match += Math.min(c, mean.get(g) ?? 0);
      p += match / grams(hyp, n).length / 2;
      r += match / total / 2;
    }
    const expected = (100 * (5 * p * r)) / (4 * p + r);
    expect(aggregateChrf([hyp], refs, { charOrder: 2 })[0]).toBeCloseTo(expected, 10);
    // It is a different quantity from the mean pairwise score.
    const mean = pairwiseChrf([hyp], refs, { charOrder: 2 }).reduce((a, b) => a + b, 0) / 3;
    expect(Math.abs(aggregateChrf([hyp], refs, { charOrder: 2 })[0]! - mean)).toBeGreaterThan(1e-6);
  });

  it("rejects bad weights", () => {
    expect(() => aggregateChrf(["a"], ["b", "c"], {}, { weights: [1] })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => aggregateChrf(["a"], ["b"], {}, { weights: [-1] })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => aggregateChrf(["a"], [])).toThrow(expect.objectContaining({ code: "EMPTY_INPUT" }));
  });
});

describe.skipIf(!hasShared)("pairwise chrF on WMT sentences across segments", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  it("cells of hypotheses × references of other segments equal the metric's sentence scores", () => {
    const records = readDataset("mt_wmt17_newstest2017_en-de");
    const hyps = records.slice(0, 40).map((r) => r.hyp);
    const refs = records.slice(1000, 1040).map((r) => r.refs[0]!);
    for (const o of [{}, { wordOrder: 2 }, { epsSmoothing: true }, { lowercase: true, whitespace: true }]) {
      const m = pairwiseChrf(hyps, refs, o);
      expectCells(m, hyps, refs, (h, r) => sentenceChrf(h, [r], o).score);
    }
  });
});

describe.skipIf(!hasShared)("pairwise chrF against sacrebleu's segment scores", () => {
  it("the diagonal of hyps × refs blocks is sacrebleu's sentence chrF / chrF++ (one-reference segments)", () => {
    const records = readDataset("mt_wmt17_newstest2017_en-de").slice(0, 3000);
    for (const [config, options] of [
      ["chrf", {}],
      ["chrfpp", { wordOrder: 2 }],
      ["chrf-eps", { epsSmoothing: true }],
    ] as const) {
      const expected = readJsonl<{ score: number } | null>(`expected/mt_wmt17_newstest2017_en-de/${config}.segments.jsonl.gz`);
      let compared = 0;
      for (let start = 0; start < records.length; start += 250) {
        const block = records.slice(start, start + 250).filter((r) => r.refs.length === 1);
        const m = pairwiseChrf(block.map((r) => r.hyp), block.map((r) => r.refs[0]!), options);
        block.forEach((r, k) => {
          const e = expected[records.indexOf(r)];
          if (e === null || e === undefined) return;
          expect(m[k * block.length + k], `${config} segment ${records.indexOf(r)}`).toBe(e.score);
          compared++;
        });
      }
      expect(compared).toBeGreaterThan(2000);
    }
  });
});
