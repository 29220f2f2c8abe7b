/**
 * Pairwise sentence-BLEU matrices and reference aggregation: every cell equals sentenceBleu (or the
 * metric's own segment score) of its pair, bit for bit, on random text incl. astral characters and on
 * WMT sentences across segments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateBleu, createBleu, pairwiseBleu, sentenceBleu, SMOOTH_METHODS } from "@gramscore/metric-bleu";
import type { BleuOptions } from "@gramscore/metric-bleu";
import { SKIP_MESSAGE, hasShared, readDataset, readJsonl } from "../../../tooling/conformance/data.js";

const word = fc.constantFrom("the", "cat", "sat", "on", "mat", "a", "dog", ".", ",", "2023", "-", "The", "ÜBER", "über", "😀", "𝐀b", "中文", "İ");
const sentence = fc.oneof(
  fc.array(word, { maxLength: 20 }).map((w) => w.join(" ")),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);
const strings = fc.array(sentence, { maxLength: 6 });
const options: fc.Arbitrary<BleuOptions> = fc.record({
  smoothMethod: fc.constantFrom(...SMOOTH_METHODS),
  smoothValue: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  effectiveOrder: fc.boolean(),
  lowercase: fc.boolean(),
  maxNgramOrder: fc.integer({ min: 1, max: 6 }),
  tokenize: fc.constantFrom("13a", "intl", "char", "none", "zh"),
});

function expectCells(m: Float64Array, hyps: string[], refs: string[], cell: (h: string, r: string) => number): void {
  expect(m.length).toBe(hyps.length * refs.length);
  for (let i = 0; i < hyps.length; i++) {
    for (let j = 0; j < refs.length; j++) expect(Object.is(m[i * refs.length + j], cell(hyps[i]!, refs[j]!))).toBe(true);
  }
}

describe("pairwiseBleu", () => {
  it("every cell is sentenceBleu of its pair, bit for bit, with any options", () => {
    fc.assert(
      fc.property(strings, strings, options, (hyps, refs, o) => {
        expectCells(pairwiseBleu(hyps, refs, o), hyps, refs, (h, r) => sentenceBleu(h, [r], o).score);
      }),
      { numRuns: 300 },
    );
  });

  it("the metric's pairwise is its own segment score; field bp gives the brevity penalty", () => {
    fc.assert(
      fc.property(strings, strings, (hyps, refs) => {
        const metric = createBleu();
        expectCells(metric.pairwise(hyps, refs), hyps, refs, (h, r) => metric.score(metric.stats(h, [r]), "segment").score);
        expectCells(metric.pairwise(hyps, refs, { field: "bp" }), hyps, refs, (h, r) => metric.score(metric.stats(h, [r]), "segment").bp);
      }),
      { numRuns: 100 },
    );
  });

  it("a set against itself: the diagonal is 100 wherever a string has tokens", () => {
    fc.assert(
      fc.property(strings, (xs) => {
        const m = pairwiseBleu(xs, xs);
        const metric = createBleu();
        for (let i = 0; i < xs.length; i++) {
          const d = m[i * xs.length + i]!;
          expect(d).toBe(sentenceBleu(xs[i]!, [xs[i]!]).score);
          expect(d).toBeCloseTo(metric.tokenize(xs[i]!).length > 0 ? 100 : 0, 10);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("rows and batches give the same cells", () => {
    fc.assert(
      fc.property(strings, strings, fc.nat(), (hyps, refs, a) => {
        const full = pairwiseBleu(hyps, refs);
        const s = a % (hyps.length + 1);
        const part = pairwiseBleu(hyps, refs, {}, { rows: [s, hyps.length] });
        expect(Array.from(part)).toEqual(Array.from(full.subarray(s * refs.length)));
        const [x] = createBleu({ effectiveOrder: true }).pairwiseBatch([{ hyps, refs }]);
        expect(Array.from(x!)).toEqual(Array.from(full));
      }),
      { numRuns: 100 },
    );
  });

  it("rejects bad input with one GramscoreError", () => {
    expect(() => pairwiseBleu("a" as unknown as string[], ["b"])).toThrow(expect.objectContaining({ code: "INVALID_TYPE" }));
    expect(() => pairwiseBleu(["a"], ["b\udc00"])).toThrow(expect.objectContaining({ code: "LONE_SURROGATE" }));
    expect(() => pairwiseBleu(["a"], ["b"], {}, { field: "precisions" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});

describe("aggregateBleu (reference aggregation)", () => {
  it("with one reference (or copies of it) it is the pairwise score", () => {
    fc.assert(
      fc.property(strings, sentence, (hyps, ref) => {
        const pw = pairwiseBleu(hyps, [ref]);
        expect(Array.from(aggregateBleu(hyps, [ref]))).toEqual(Array.from(pw));
        const copies = aggregateBleu(hyps, [ref, ref, ref], {}, { weights: [1, 2, 3] });
        for (let i = 0; i < hyps.length; i++) expect(copies[i]).toBeCloseTo(pw[i]!, 9);
      }),
      { numRuns: 100 },
    );
  });

  it("uses mean n-gram counts and the mean reference length", () => {
    // Unigrams only: hyp "a b" against refs "a a" and "b c d": mean counts a 1, b 0.5, c 0.5, d 0.5;
    // matches min(1,1) + min(1,0.5) = 1.5 of 2; mean length 2.5 > 2 gives BP exp(1 - 2.5/2).
    const got = aggregateBleu(["a b"], ["a a", "b c d"], { maxNgramOrder: 1, tokenize: "none" })[0]!;
    expect(got).toBeCloseTo(Math.exp(1 - 2.5 / 2) * 75, 10);
    const meanPairwise = pairwiseBleu(["a b"], ["a a", "b c d"], { maxNgramOrder: 1, tokenize: "none" }).reduce((x, y) => x + y) / 2;
    expect(Math.abs(got - meanPairwise)).toBeGreaterThan(1e-6);
  });
});

describe.skipIf(!hasShared)("pairwise BLEU on WMT sentences across segments", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  it("cells of hypotheses × references of other segments equal sentenceBleu", () => {
    const records = readDataset("mt_wmt17_newstest2017_en-de");
    const hyps = records.slice(0, 50).map((r) => r.hyp);
    const refs = records.slice(2000, 2050).map((r) => r.refs[0]!);
    for (const o of [{}, { smoothMethod: "floor" as const }, { lowercase: true, tokenize: "intl" as const }]) {
      expectCells(pairwiseBleu(hyps, refs, o), hyps, refs, (h, r) => sentenceBleu(h, [r], o).score);
    }
  });
});

describe.skipIf(!hasShared)("pairwise BLEU against sacrebleu's segment scores", () => {
  it("the diagonal of hyps × refs blocks is sentenceBleu and sacrebleu's sentence BLEU to the last bit (13a, effective order)", () => {
    const records = readDataset("mt_wmt17_newstest2017_en-de").slice(0, 3000);
    const expected = readJsonl<{ score: number } | null>("expected/mt_wmt17_newstest2017_en-de/bleu-13a-eff.segments.jsonl.gz");
    let compared = 0;
    for (let start = 0; start < records.length; start += 250) {
      const block = records.slice(start, start + 250).filter((r) => r.refs.length === 1);
      const m = pairwiseBleu(block.map((r) => r.hyp), block.map((r) => r.refs[0]!));
      block.forEach((r, k) => {
        const e = expected[records.indexOf(r)];
        if (e === null || e === undefined) return;
        expect(m[k * block.length + k], `segment ${records.indexOf(r)}`).toBe(sentenceBleu(r.hyp, [r.refs[0]!]).score);
        expect(m[k * block.length + k], `segment ${records.indexOf(r)}`).toBe(e.score);
        compared++;
      });
    }
    expect(compared).toBeGreaterThan(2000);
  });
});
