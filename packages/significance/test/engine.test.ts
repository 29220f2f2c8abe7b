import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Metric, StatsRows } from "@gramscore/core";
import {
  collectRows,
  confidenceInterval,
  defaultRng,
  estimateCi,
  exactMean,
  formatConfidenceLines,
  formatPairedTable,
  numpyMean,
  pairedTest,
  resamplingSignature,
  setResamplingLimit,
} from "../src/index.js";

/** A plugin-style metric: word accuracy (matching words / hypothesis words) with numeric rows. */
interface AccStats {
  hits: number;
  words: number;
}
function accuracy(withRows = true): Metric<AccStats, { score: number }> {
  const rows: StatsRows<AccStats> = {
    name: "ACC",
    width: 2,
    float32: false,
    toRow: (s, out, o) => {
      out[o] = s.hits;
      out[o + 1] = s.words;
    },
    score: (sums) => (sums[1]! > 0 ? (100 * sums[0]!) / sums[1]! : 0),
    scoreStats: (s) => (s.words > 0 ? (100 * s.hits) / s.words : 0),
  };
  const m: Metric<AccStats, { score: number }> = {
    name: "acc",
    higherIsBetter: true,
    empty: () => ({ hits: 0, words: 0 }),
    stats(hyp, refs) {
      const ref = new Set(refs[0]!.split(" "));
      const words = hyp.split(" ").filter((w) => w.length > 0);
      return { hits: words.filter((w) => ref.has(w)).length, words: words.length };
    },
    merge: (a, b) => ({ hits: a.hits + b.hits, words: a.words + b.words }),
    score: (s) => ({ score: s.words > 0 ? (100 * s.hits) / s.words : 0 }),
    signature: () => "nrefs:1|acc:yes|version:1.0.0",
    summarize: (r) => ({ score: r.score }),
    format: (r) => `ACC = ${r.score.toFixed(1)}`,
  };
  if (withRows) m.rows = () => rows;
  return m;
}

const words = ["a", "b", "c", "d", "e", "f", "g"];
const sentence = fc.array(fc.constantFrom(...words), { minLength: 1, maxLength: 8 }).map((w) => w.join(" "));
const corpus = fc.array(fc.tuple(sentence, sentence, sentence), { minLength: 2, maxLength: 25 });

function systems(data: [string, string, string][]) {
  const m = accuracy();
  const base = collectRows(m, data.map(([h, , r]) => ({ hyp: h, refs: [r] })));
  const other = collectRows(m, data.map(([, h, r]) => ({ hyp: h, refs: [r] })));
  return [
    { name: "base", rows: base },
    { name: "other", rows: other },
  ];
}

describe("engine properties", () => {
  it("a fixed seed gives identical results on every run", () => {
    fc.assert(
      fc.property(corpus, fc.integer({ min: 0, max: 2 ** 40 }), (data, seed) => {
        const s = systems(data);
        expect(pairedTest(s, { test: "bs", samples: 50, seed })).toEqual(pairedTest(s, { test: "bs", samples: 50, seed }));
        expect(pairedTest(s, { test: "ar", samples: 60, seed, arConfidence: 20 })).toEqual(
          pairedTest(s, { test: "ar", samples: 60, seed, arConfidence: 20 }),
        );
        expect(confidenceInterval(s[0]!.rows, { samples: 40, seed })).toEqual(confidenceInterval(s[0]!.rows, { samples: 40, seed }));
      }),
      { numRuns: 30 },
    );
  });

  // sacrebleu counts resampled differences strictly above the observed one, plus one: a system
  // compared with itself (observed difference 0, every resampled difference 0) gets 1 / (n + 1), and
  // this is kept for identical numbers.
  it("a system compared with itself gets sacrebleu's p = 1 / (n + 1) in both tests", () => {
    fc.assert(
      fc.property(corpus, fc.integer({ min: 1, max: 200 }), (data, n) => {
        const s = systems(data);
        const self = [s[0]!, { name: "copy", rows: s[0]!.rows }];
        expect(pairedTest(self, { test: "bs", samples: n }).results[1]!.pValue).toBe(1 / (n + 1));
        expect(pairedTest(self, { test: "ar", samples: n }).results[1]!.pValue).toBe(1 / (n + 1));
      }),
      { numRuns: 30 },
    );
  });

  it("the confidence interval contains the mean and p-values lie in (0, 1]", () => {
    fc.assert(
      fc.property(corpus, fc.integer({ min: 0, max: 1000 }), (data, seed) => {
        const s = systems(data);
        const ci = confidenceInterval(s[1]!.rows, { samples: 80, seed });
        expect(ci.ci).toBeGreaterThanOrEqual(0);
        for (const test of ["bs", "ar"] as const) {
          const r = pairedTest(s, { test, samples: 80, seed, arConfidence: test === "ar" ? 40 : undefined });
          for (const x of r.results) {
            if (x.pValue !== null) {
              expect(x.pValue).toBeGreaterThan(0);
              expect(x.pValue).toBeLessThanOrEqual(1);
            }
            expect(x.mean).not.toBeNull();
            expect(x.ci).toBeGreaterThanOrEqual(0);
          }
        }
      }),
      { numRuns: 30 },
    );
  });

  it("estimateCi: the interval [mean − ci, mean + ci] reaches from the 2.5% to the 97.5% score around the mean", () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 100, noNaN: true }), { minLength: 1, maxLength: 300 }), (xs) => {
        const a = Float64Array.from(xs);
        const sorted = Float64Array.from(xs).sort();
        const lo = sorted[Math.floor(a.length / 40)]!;
        const hi = sorted[a.length - Math.floor(a.length / 40) - 1]!;
        const { mean, ci } = estimateCi(a, true);
        expect(ci).toBe(0.5 * (hi - lo));
        expect(mean).toBeGreaterThanOrEqual(sorted[0]!);
        expect(mean).toBeLessThanOrEqual(sorted[sorted.length - 1]!);
      }),
    );
  });

  it("exactMean is the correctly rounded mean (checked against BigInt arithmetic on integers) and numpyMean sums pairwise", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), { minLength: 1, maxLength: 200 }), (xs) => {
        const total = xs.reduce((s, x) => s + BigInt(x), 0n);
        // For integers the exact mean is total / n; compare with a rounding of the exact quotient.
        const got = exactMean(xs);
        const n = BigInt(xs.length);
        const scaled = (total * 2n ** 60n) / n;
        expect(Math.abs(got - Number(scaled) / 2 ** 60)).toBeLessThanOrEqual(Math.abs(got) * 2 ** -52 + 2 ** -50);
      }),
    );
    expect(exactMean([0.1, 0.2, 0.3])).toBe(0.2); // statistics.mean([0.1, 0.2, 0.3]) == 0.2; the naive mean is 0.20000000000000004
    expect(numpyMean([0.1, 0.2, 0.3])).toBe((0.1 + 0.2 + 0.3) / 3);
    // numpy's blocked order: 8 running sums, then ((r0+r1)+(r2+r3))+((r4+r5)+(r6+r7)).
    const xs = Array.from({ length: 20 }, (_, i) => 1 / (i + 1));
    let r = xs.slice(0, 8);
    for (let i = 8; i < 16; i++) r[i - 8] = r[i - 8]! + xs[i]!;
    let res = r[0]! + r[1]! + (r[2]! + r[3]!) + (r[4]! + r[5]! + (r[6]! + r[7]!));
    for (let i = 16; i < 20; i++) res += xs[i]!;
    expect(numpyMean(xs)).toBe(res / 20);
  });

  it("signatures carry the test, the sample count and the seed", () => {
    const s = systems([
      ["a b", "a c", "a b c"],
      ["c d", "d e", "c d"],
    ]);
    expect(pairedTest(s, { test: "bs", samples: 30 }).signature).toBe("nrefs:1|bs:30|seed:12345|acc:yes|version:1.0.0");
    expect(pairedTest(s, { test: "ar", samples: 40, seed: 7, arConfidence: 9 }).signature).toBe("nrefs:1|bs:9|ar:40|seed:7|acc:yes|version:1.0.0");
    expect(confidenceInterval(s[0]!.rows, { samples: 20, seed: null }).signature).toBe("nrefs:1|bs:20|seed:none|acc:yes|version:1.0.0");
    expect(resamplingSignature("tok:13a|version:1", { ar: 5, seed: "none" })).toBe("ar:5|seed:none|tok:13a|version:1");
  });

  it("the baseline may be named; results keep the input order", () => {
    const s = systems([
      ["a b", "a c", "a b c"],
      ["c d", "d e", "c d"],
      ["e f", "e g", "e f g"],
    ]);
    const r = pairedTest(s, { test: "bs", samples: 30, baseline: "other" });
    expect(r.baseline).toBe(1);
    expect(r.results.map((x) => x.system)).toEqual(["base", "other"]);
    expect(r.results[1]!.pValue).toBeNull();
    expect(r.results[0]!.pValue).not.toBeNull();
  });
});

describe("float32 sums", () => {
  /** A metric whose rows are given numbers and whose score is the first column sum. */
  function sumMetric(values: number[]): Metric<{ v: number }, number> {
    let i = 0;
    return {
      name: "sum",
      higherIsBetter: true,
      empty: () => ({ v: 0 }),
      stats: () => ({ v: values[i++]! }),
      merge: (a, b) => ({ v: a.v + b.v }),
      score: (s) => s.v,
      signature: () => "sum:1",
      summarize: (r) => ({ score: r }),
      rows: () => ({
        name: "SUM",
        width: 1,
        float32: true,
        toRow: (st, out, o) => {
          out[o] = st.v;
        },
        score: (sums) => sums[0]!,
        scoreStats: (st) => st.v,
      }),
    };
  }
  const cases: [string, fc.Arbitrary<number[]>][] = [
    ["fractions (sequential float32 path)", fc.array(fc.double({ min: 0, max: 1000, noNaN: true }), { minLength: 1, maxLength: 60 })],
    ["small integers (exact counting path)", fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 60 })],
    ["large integers (sequential float32 path)", fc.array(fc.integer({ min: 0, max: 2 ** 26 }), { minLength: 1, maxLength: 60 })],
  ];
  for (const [what, values] of cases) {
    it(`resamples are numpy's sequential float32 sums: ${what}`, () => {
      fc.assert(
        fc.property(values, fc.integer({ min: 0, max: 100 }), (vs, seed) => {
          const rows = collectRows(sumMetric(vs), vs.map(() => ({ hyp: "x", refs: ["x"] })));
          const samples = 30;
          const got = confidenceInterval(rows, { samples, seed });
          // Independent model: the indices numpy draws, float32 values, float32 running sums.
          const idx = new Int32Array(samples * vs.length);
          defaultRng(seed).integers(vs.length, idx);
          const scores = new Float64Array(samples);
          for (let t = 0; t < samples; t++) {
            let acc = 0;
            for (let i = 0; i < vs.length; i++) acc = Math.fround(acc + Math.fround(vs[idx[t * vs.length + i]!]!));
            scores[t] = acc;
          }
          expect(got.mean).toBe(estimateCi(scores, true).mean);
          expect(got.ci).toBe(estimateCi(scores, true).ci);
        }),
        { numRuns: 40 },
      );
    });
  }
});

describe("errors", () => {
  const s = systems([
    ["a b", "a c", "a b c"],
    ["c d", "d e", "c d"],
  ]);
  it("a single system with a paired test", () => {
    expect(() => pairedTest([s[0]!], { test: "bs" })).toThrow(expect.objectContaining({ code: "BAD_SYSTEMS" }));
  });
  it("systems of different lengths", () => {
    const short = collectRows(accuracy(), [{ hyp: "a", refs: ["a"] }]);
    expect(() => pairedTest([s[0]!, { name: "short", rows: short }], { test: "ar" })).toThrow(expect.objectContaining({ code: "LENGTH_MISMATCH" }));
  });
  it("an unknown baseline", () => {
    expect(() => pairedTest(s, { test: "bs", baseline: "nope" })).toThrow(expect.objectContaining({ code: "BAD_SYSTEMS" }));
    expect(() => pairedTest(s, { test: "bs", baseline: 5 })).toThrow(expect.objectContaining({ code: "BAD_SYSTEMS" }));
  });
  it("a metric without rows", () => {
    expect(() => collectRows(accuracy(false), [{ hyp: "a", refs: ["a"] }])).toThrow(expect.objectContaining({ code: "NOT_RESAMPLABLE" }));
  });
  it("bad sample counts and tests", () => {
    expect(() => pairedTest(s, { test: "bs", samples: 0 })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => pairedTest(s, { test: "xx" as "bs" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => confidenceInterval(s[0]!.rows, { samples: 1.5 })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
  it("sample counts past the typed arrays or the memory limit: LIMIT_EXCEEDED naming the size, not a RangeError", () => {
    // Used to be "Invalid typed array length" from inside the engine.
    const huge = 2 ** 40;
    for (const run of [
      () => confidenceInterval(s[0]!.rows, { samples: huge }),
      () => pairedTest(s, { test: "bs", samples: huge }),
      () => pairedTest(s, { test: "ar", samples: huge }),
      () => pairedTest(s, { test: "ar", samples: 10, arConfidence: huge }),
    ]) {
      expect(run).toThrow(expect.objectContaining({ code: "LIMIT_EXCEEDED", message: expect.stringMatching(/1099511627776 × 2 segments .* MiB of draws, over the limit of 1024 MiB/) }));
    }
    const before = setResamplingLimit(1000);
    try {
      expect(() => confidenceInterval(s[0]!.rows, { samples: 200 })).toThrow(expect.objectContaining({ code: "LIMIT_EXCEEDED" }));
      expect(confidenceInterval(s[0]!.rows, { samples: 10 }).samples).toBe(10);
    } finally {
      setResamplingLimit(before);
    }
    expect(() => setResamplingLimit(0)).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
  it("no segments", () => {
    expect(() => collectRows(accuracy(), [])).toThrow(expect.objectContaining({ code: "EMPTY_INPUT" }));
  });
});

describe("text output", () => {
  it("formats a paired AR table in sacrebleu's layout, the baseline first", () => {
    const s = systems([
      ["a b", "a c", "a b c"],
      ["c d", "d e", "c d"],
      ["e f", "e g", "e f g"],
    ]);
    const r = pairedTest(s, { test: "ar", samples: 20 });
    const text = formatPairedTable([r], { width: 1 });
    const lines = text.split("\n");
    expect(lines[1]).toBe("│         System │      ACC      │");
    expect(lines[3]).toBe("│ Baseline: base │     100.0     │");
    expect(lines[6]!).toMatch(/^│                │ \(p = \d\.\d{4}\)\*? *│$/);
    expect(text).toContain("Paired approximate randomization test with 20 trials");
    expect(text.endsWith(" - ACC        nrefs:1|ar:20|seed:12345|acc:yes|version:1.0.0\n")).toBe(true);
  });
  it("aligns --confidence lines on ' = '", () => {
    const out = formatConfidenceLines(
      [
        { line: "BLEU = 51.6 78.7/58.3 (BP = 1.000)", signature: "nrefs:2|bs:1000", mean: 51.62, ci: 0.97 },
        { line: "chrF2 = 69.2", signature: "nrefs:2|bs:1000|x:y", mean: 69.17, ci: 0.6 },
      ],
      1,
    );
    expect(out).toBe("     BLEU|nrefs:2|bs:1000 = 51.6 (μ = 51.6 ± 1.0) 78.7/58.3 (BP = 1.000)\nchrF2|nrefs:2|bs:1000|x:y = 69.2 (μ = 69.2 ± 0.6)\n");
  });
});
