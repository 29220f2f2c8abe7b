// Property tests: the counting kernel against a naive implementation, the statistics monoid,
// chunked / serialized accumulation against one pass, score bounds, explanations against statistics,
// and Python-exact integer division.
import { createAccumulator, evaluate } from "@gramscore/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createBleu, createHfBleu, createNltkBleu, nltkCorpusBleuDetails, SMOOTH_METHODS } from "@gramscore/metric-bleu";
import type { BleuOptions, BleuStats } from "@gramscore/metric-bleu";
import { divideInts } from "../src/pynum.js";
import { naiveSegmentStats } from "./naive.js";

/** Tokens that break join-based keys, plus a small alphabet for many matches. */
const TOKENS = ["a", "b", "c", "a b", "a|b", "|", "", "😀", "\u0000", "ab", ",", "1", "a,b"];
const token = fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...TOKENS) }, { weight: 1, arbitrary: fc.string({ maxLength: 3 }) });
const tokens = (max = 30) => fc.array(token, { maxLength: max });
/** A segment as token lists. */
const tokenSegment = fc.record({ hyp: tokens(), refs: fc.array(tokens(), { minLength: 1, maxLength: 4 }) });

/** Segments of text the JSON tokenizer reads back: each string is the JSON of its token list. */
const encode = (s: { hyp: string[]; refs: string[][] }) => ({ hyp: JSON.stringify(s.hyp), refs: s.refs.map((r) => JSON.stringify(r)) });
const jsonTokenizer = { name: "json", signature: "json", tokenize: (text: string) => JSON.parse(text) as string[] };

/** Plain-word segments for the built-in tokenizers. */
const word = fc.constantFrom("the", "cat", "sat", "on", "mat", "a", "dog", ".", ",", "2023", "-", "The", "ÜBER", "über");
const sentence = fc.array(word, { maxLength: 25 }).map((w) => w.join(" "));
const textSegment = fc.record({ hyp: sentence, refs: fc.array(sentence, { minLength: 1, maxLength: 3 }) });

const options: fc.Arbitrary<BleuOptions> = fc.record({
  smoothMethod: fc.constantFrom(...SMOOTH_METHODS),
  // A floor value above 1 makes a zero-match precision exceed 100% (sacrebleu does the same), so the
  // bound holds for values in [0, 1]; add-k keeps every precision at most 100% for any k.
  smoothValue: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
  effectiveOrder: fc.boolean(),
  lowercase: fc.boolean(),
  maxNgramOrder: fc.integer({ min: 1, max: 6 }),
  tokenize: fc.constantFrom("13a", "intl", "char", "none", "zh"),
});

function flat(s: BleuStats): number[] {
  return [s.sysLen, s.refLen, ...s.matches, ...s.totals];
}

describe("counting kernel", () => {
  it("equals a naive n-gram count for any tokens, orders 1-8, with buffers reused across segments", () => {
    fc.assert(
      fc.property(fc.array(tokenSegment, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 8 }), (segments, N) => {
        const metric = createBleu({ tokenize: jsonTokenizer, maxNgramOrder: N });
        for (const s of segments) {
          const e = encode(s);
          expect(flat(metric.stats(e.hyp, e.refs))).toEqual(naiveSegmentStats(s.hyp, s.refs, N));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("handles long segments (table growth) and shortest-reference lengths (evaluate)", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "d"), { minLength: 200, maxLength: 600 }), fc.array(tokens(700), { minLength: 1, maxLength: 3 }), (hyp, refs) => {
        const metric = createBleu({ tokenize: jsonTokenizer, maxNgramOrder: 5 });
        const e = encode({ hyp, refs });
        expect(flat(metric.stats(e.hyp, e.refs))).toEqual(naiveSegmentStats(hyp, refs, 5));
        const hf = createHfBleu({ tokenize: jsonTokenizer });
        const h = hf.stats(e.hyp, e.refs);
        expect([h.translationLength, h.referenceLength, ...h.matches, ...h.possible]).toEqual(naiveSegmentStats(hyp, refs, 4, "shortest"));
      }),
      { numRuns: 40 },
    );
  });
});

describe("statistics monoid", () => {
  it("merge is associative and commutative, empty() is its identity", () => {
    fc.assert(
      fc.property(textSegment, textSegment, textSegment, fc.integer({ min: 1, max: 5 }), (x, y, z, N) => {
        const m = createBleu({ maxNgramOrder: N });
        const [a, b, c] = [x, y, z].map((s) => m.stats(s.hyp, s.refs)) as [BleuStats, BleuStats, BleuStats];
        expect(m.merge(m.merge(a, b), c)).toEqual(m.merge(a, m.merge(b, c)));
        expect(m.merge(a, b)).toEqual(m.merge(b, a));
        expect(m.merge(m.empty(), a)).toEqual(a);
        expect(m.merge(a, m.empty())).toEqual(a);
      }),
      { numRuns: 200 },
    );
  });

  it("the reference count code is a monoid too (k, 0 = none, -1 = varies)", () => {
    fc.assert(
      fc.property(fc.array(textSegment, { maxLength: 6 }), (segs) => {
        const m = createBleu();
        const total = segs.reduce((acc, s) => m.merge(acc, m.stats(s.hyp, s.refs)), m.empty());
        const counts = new Set(segs.map((s) => s.refs.length));
        expect(total.nrefs).toBe(counts.size === 0 ? 0 : counts.size === 1 ? [...counts][0] : -1);
      }),
    );
  });

  it("chunked, streamed and serialized accumulation equals one pass", () => {
    fc.assert(
      fc.property(fc.array(textSegment, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(12), { maxLength: 4 }), options, (segs, cuts, opts) => {
        const metric = createBleu({ ...opts, nrefs: "var" });
        const once = evaluate(metric, segs);
        const bounds = [0, ...cuts.map((c) => c % (segs.length + 1)).sort((p, q) => p - q), segs.length];
        const total = createAccumulator(metric);
        for (let i = 0; i + 1 < bounds.length; i++) {
          const part = createAccumulator(createBleu({ ...opts, nrefs: "var" })).addAll(segs.slice(bounds[i], bounds[i + 1]));
          total.merge(JSON.parse(JSON.stringify(part.toJSON())));
        }
        expect(total.count).toBe(segs.length);
        expect(total.stats).toEqual(once.stats);
        expect(total.compute()).toEqual(once.corpus);
        expect(metric.corpusStats(segs)).toEqual(once.stats);
      }),
      { numRuns: 150 },
    );
  });
});

describe("scores", () => {
  it("lie in [0, 100] (sentence and corpus level, every option), never NaN", () => {
    fc.assert(
      fc.property(fc.array(textSegment, { minLength: 1, maxLength: 5 }), options, (segs, opts) => {
        const metric = createBleu(opts);
        const e = evaluate(metric, segs, { segments: true });
        for (const r of [e.corpus, ...e.segments!]) {
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(100 + 1e-9);
          expect(r.bp).toBeGreaterThanOrEqual(0);
          expect(r.bp).toBeLessThanOrEqual(1);
          for (const p of r.precisions) expect(p).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a hypothesis identical to its reference scores 100 with effective order", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("x", "y", "z", "w"), { minLength: 1, maxLength: 20 }), fc.constantFrom(...SMOOTH_METHODS), (words, smoothMethod) => {
        const text = words.join(" ");
        const r = createBleu({ effectiveOrder: true, smoothMethod, tokenize: "none" });
        expect(r.score(r.stats(text, [text]), "segment").score).toBeCloseTo(100, 9);
      }),
    );
  });

  it("explain() agrees with the statistics (matches, totals, lengths, score)", () => {
    fc.assert(
      fc.property(tokenSegment, fc.integer({ min: 1, max: 5 }), (s, N) => {
        const metric = createBleu({ tokenize: jsonTokenizer, maxNgramOrder: N, effectiveOrder: true });
        const e = encode(s);
        const st = metric.stats(e.hyp, e.refs);
        const x = metric.explain(e.hyp, e.refs);
        expect(x.orders.map((o) => o.matches)).toEqual(st.matches);
        expect(x.orders.map((o) => o.total)).toEqual(st.totals);
        expect(x.orders.map((o) => o.ngrams.reduce((t, g) => t + g.count, 0))).toEqual(st.totals);
        expect([x.sysLen, x.refLen]).toEqual([st.sysLen, st.refLen]);
        expect(x.referenceLengths[x.refIndex]).toBe(x.refLen);
        expect(x.result).toEqual(metric.score(st, "segment"));
        for (const o of x.orders) {
          for (const g of o.ngrams) {
            expect(g.matched).toBe(Math.min(g.count, g.maxReferenceCount));
            if (g.reference >= 0) expect(g.referenceCounts[g.reference]).toBe(g.maxReferenceCount);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("NLTK mode", () => {
  it("the mergeable metric equals corpus_bleu on token lists (methods 0-4, any weights)", () => {
    fc.assert(
      fc.property(
        fc.array(textSegment, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.double({ min: 0.05, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 }),
        (segs, k, weights) => {
          const metric = createNltkBleu({ smoothing: k, weights });
          const e = evaluate(metric, segs);
          const split = (t: string) => t.split(" ").filter((x) => x !== "");
          const d = nltkCorpusBleuDetails(
            segs.map((s) => s.refs.map(split)),
            segs.map((s) => split(s.hyp)),
            { smoothing: k, weights },
          );
          expect(e.corpus).toEqual(d);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** The exact rational value of a finite double. */
function exact(x: number): [bigint, bigint] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const hi = view.getUint32(0);
  const lo = view.getUint32(4);
  const e = (hi >>> 20) & 0x7ff;
  let m = BigInt(hi & 0xfffff) * 2n ** 32n + BigInt(lo);
  let exp = -1074;
  if (e !== 0) {
    m += 2n ** 52n;
    exp = e - 1075;
  }
  const sign = x < 0 ? -1n : 1n;
  return exp >= 0 ? [sign * m * 2n ** BigInt(exp), 1n] : [sign * m, 2n ** BigInt(-exp)];
}

/** The next double above (`step` 1) or below (`step` -1) a positive finite double. */
function neighbour(x: number, step: 1 | -1): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) + BigInt(step));
  return view.getFloat64(0);
}

/** |n/d - x| as an exact fraction compared: returns sign of |n/d - a| - |n/d - b|. */
function closer(n: bigint, d: bigint, a: number, b: number): number {
  const dist = (x: number) => {
    const [p, q] = exact(x);
    const num = n * q - p * d;
    return [num < 0n ? -num : num, d * q] as const;
  };
  const [x1, y1] = dist(a);
  const [x2, y2] = dist(b);
  const l = x1 * y2;
  const r = x2 * y1;
  return l < r ? -1 : l > r ? 1 : 0;
}

describe("Python int division", () => {
  it("divideInts rounds n/d to the nearest double like Python's int / int", () => {
    const big = fc.bigInt({ min: 1n, max: 2n ** 300n });
    fc.assert(
      fc.property(big, big, (n, d) => {
        const x = divideInts(n, d);
        const up = neighbour(x, 1);
        const down = neighbour(x, -1);
        // No neighbour is strictly closer to the exact quotient.
        expect(closer(n, d, x, up)).toBeLessThanOrEqual(0);
        expect(closer(n, d, x, down)).toBeLessThanOrEqual(0);
      }),
      { numRuns: 500 },
    );
    expect(divideInts(1n, 3n)).toBe(1 / 3);
    expect(divideInts(10n ** 30n, 3n * 10n ** 29n)).toBe(10 / 3);
  });
});
