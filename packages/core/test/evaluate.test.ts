import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  atSegment,
  ErrorCode,
  GramscoreError,
  STATS_FORMAT,
  createAccumulator,
  evaluate,
  evaluateAsync,
  hasSegmentShape,
  toSegments,
  validateSegment,
} from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { createToyMetric, type ToyStats } from "./toy-metric.js";
import { codeOf } from "../../../tooling/test/errors.js";

const metric = createToyMetric();
const words = fc.constantFrom("a", "b", "c", "d", "the", "cat", "😀");
const sentence = fc.array(words, { maxLength: 8 }).map((w) => w.join(" "));
const segment = fc.record({ hyp: sentence, refs: fc.array(sentence, { minLength: 1, maxLength: 3 }) });

describe("evaluate", () => {
  it("scores the corpus from merged stats and each segment on its own", () => {
    const res = evaluate(metric, [
      { hyp: "a b c", refs: ["a b d"] },
      { hyp: "a", refs: ["b"] },
    ], { segments: true });
    expect(res.count).toBe(2);
    expect(res.stats).toEqual([2, 4, 4]);
    expect(res.corpus).toEqual({ p: 0.5, r: 0.5 });
    expect(res.segments).toEqual([{ p: 2 / 3, r: 2 / 3 }, { p: 0, r: 0 }]);
    expect(res.signature).toBe("toy|version:test");
  });
  it("rejects an empty corpus, non-strings, missing refs and lone surrogates with codes", () => {
    expect(codeOf(() => evaluate(metric, []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => evaluate(metric, [{ hyp: 3 as unknown as string, refs: ["a"] }]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => evaluate(metric, [{ hyp: "a", refs: [] }]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => evaluate(metric, [{ hyp: "a", refs: "a" as unknown as string[] }]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => evaluate(metric, [{ hyp: "a\ud800b", refs: ["a"] }]))).toBe(ErrorCode.LONE_SURROGATE);
    expect(codeOf(() => evaluate(metric, [{ hyp: "a", refs: ["\udc00"] }]))).toBe(ErrorCode.LONE_SURROGATE);
    expect(codeOf(() => validateSegment(null, 0))).toBe(ErrorCode.INVALID_TYPE);
  });
  it("hasSegmentShape accepts exactly what validateSegment accepts, lone surrogates aside (property)", () => {
    const text = fc.oneof(fc.string(), fc.constantFrom("a\ud800", "\udc00b"));
    const value = fc.oneof(text, fc.integer(), fc.constant(null), fc.constant(undefined), fc.array(fc.oneof(text, fc.integer(), fc.constant(null)), { maxLength: 3 }));
    const record = fc.oneof(
      fc.record({ hyp: value, refs: value }),
      fc.record({ hyp: text, refs: fc.array(text, { maxLength: 3 }) }),
      value,
      fc.tuple(text, text).map(([hyp, ref]) => Object.assign([hyp], { hyp, refs: [ref] })),
    );
    const wellFormed = (s: string) => !/[\ud800-\udfff]/.test(s);
    fc.assert(
      fc.property(record, (raw) => {
        let accepted = true;
        let code: string | undefined;
        try {
          validateSegment(raw, 0);
        } catch (e) {
          accepted = false;
          code = (e as GramscoreError).code;
        }
        const shaped = hasSegmentShape(raw);
        // A well-formed text has no surrogate here, so a shaped record fails only for a lone surrogate.
        if (accepted) expect(shaped).toBe(true);
        else if (shaped) {
          expect(code).toBe(ErrorCode.LONE_SURROGATE);
          const seg = raw as { hyp: string; refs: string[] };
          expect([seg.hyp, ...seg.refs].every(wellFormed)).toBe(false);
        }
      }),
      { numRuns: 1000 },
    );
    expect(hasSegmentShape(Object.assign(["x"], { hyp: "a", refs: ["b"] }))).toBe(false);
  });
  it("names the segment and says how to fix it", () => {
    try {
      evaluate(metric, [{ hyp: "a", refs: ["a"] }, { hyp: "b", refs: [null as unknown as string] }]);
      expect.unreachable();
    } catch (e) {
      expect((e as Error).message).toMatch(/Reference 0 of segment 1 must be a string, but got null/);
    }
  });
  it("uses a metric's corpusStats when no segment results are asked for, with the same result", () => {
    const calls: number[] = [];
    const fast: Metric<ToyStats, { p: number; r: number }> = {
      ...metric,
      corpusStats(segments) {
        let total = metric.empty();
        let i = 0;
        for (const raw of segments) {
          const seg = validateSegment(raw, i++);
          total = metric.merge(total, metric.stats(seg.hyp, seg.refs));
        }
        calls.push(i);
        return total;
      },
    };
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), (segs) => {
        calls.length = 0;
        const plain = evaluate(metric, segs);
        expect(evaluate(fast, segs)).toEqual(plain);
        // Any iterable: the records are counted on the way through.
        expect(evaluate(fast, (function* () {
          yield* segs;
        })())).toEqual(plain);
        expect(calls).toEqual([segs.length, segs.length]);
        // Per-segment results need every segment's statistics: the plain path.
        expect(evaluate(fast, segs, { segments: true })).toEqual(evaluate(metric, segs, { segments: true }));
        expect(calls).toHaveLength(2);
      }),
      { numRuns: 50 },
    );
    expect(codeOf(() => evaluate(fast, []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => evaluate(fast, (function* () {})()))).toBe(ErrorCode.EMPTY_INPUT);
    expect(() => evaluate(fast, [{ hyp: "a", refs: ["a"] }, { hyp: "b", refs: [] }])).toThrow(/Segment 1 has no reference/);
  });
  it("evaluateAsync equals evaluate on an async stream", async () => {
    const segs = [{ hyp: "a b", refs: ["a"] }, { hyp: "c", refs: ["c d"] }];
    async function* gen() {
      yield* segs;
    }
    expect(await evaluateAsync(metric, gen(), { segments: true })).toEqual(evaluate(metric, segs, { segments: true }));
    await expect(evaluateAsync(metric, (async function* () {})())).rejects.toMatchObject({ code: ErrorCode.EMPTY_INPUT });
  });
});

describe("atSegment", () => {
  it("names the segment in a GramscoreError (same code, index in details) and passes other errors through", () => {
    const e = atSegment(new GramscoreError(ErrorCode.LONE_SURROGATE, "The hypothesis has a lone surrogate."), 7) as GramscoreError;
    expect(e).toBeInstanceOf(GramscoreError);
    expect([e.code, e.message, e.details]).toEqual([ErrorCode.LONE_SURROGATE, "Segment 7: The hypothesis has a lone surrogate.", { index: 7 }]);
    const plain = new RangeError("x");
    expect(atSegment(plain, 3)).toBe(plain);
  });
});

describe("toSegments (sacrebleu layout)", () => {
  it("transposes reference streams and drops null references", () => {
    expect(toSegments(["h1", "h2"], [["r1a", "r2a"], ["r1b", null]])).toEqual([
      { hyp: "h1", refs: ["r1a", "r1b"] },
      { hyp: "h2", refs: ["r2a"] },
    ]);
  });
  it("rejects mismatched lengths naming both counts (no silent truncation)", () => {
    try {
      toSegments(["a", "b", "c"], [["x", "y"]]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GramscoreError);
      expect((e as GramscoreError).code).toBe(ErrorCode.LENGTH_MISMATCH);
      expect((e as Error).message).toContain("2 lines but there are 3 hypotheses");
      expect((e as GramscoreError).details).toMatchObject({ hypotheses: 3, references: 2 });
    }
  });
  it("spots a flat reference list passed where streams are expected", () => {
    expect(() => toSegments(["a"], ["a"] as unknown as string[][])).toThrow(/wrap it as \[refs\]/);
    expect(codeOf(() => toSegments(["a"], []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => toSegments(["a"], [[null]]))).toBe(ErrorCode.EMPTY_INPUT);
  });
});

describe("accumulator and the merge algebra", () => {
  it("merge is associative and commutative with empty() as identity", () => {
    fc.assert(
      fc.property(segment, segment, segment, (x, y, z) => {
        const [a, b, c] = [x, y, z].map((s) => metric.stats(s.hyp, s.refs)) as [any, any, any];
        expect(metric.merge(metric.merge(a, b), c)).toEqual(metric.merge(a, metric.merge(b, c)));
        expect(metric.merge(a, b)).toEqual(metric.merge(b, a));
        expect(metric.merge(metric.empty(), a)).toEqual(a);
      }),
    );
  });
  it("scoring in arbitrary chunks equals scoring in one pass", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(), { maxLength: 5 }), (segs, cuts) => {
        const oneShot = evaluate(metric, segs);
        const bounds = [...new Set(cuts.map((c) => c % (segs.length + 1)))].sort((p, q) => p - q);
        const chunks: (typeof segs)[] = [];
        let start = 0;
        for (const b of [...bounds, segs.length]) {
          chunks.push(segs.slice(start, b));
          start = b;
        }
        const shards = chunks.map((ch) => JSON.parse(JSON.stringify(createAccumulator(metric).addAll(ch).toJSON())));
        const total = createAccumulator(metric);
        for (const s of shards.reverse()) total.merge(s);
        expect(total.count).toBe(segs.length);
        expect(total.compute()).toEqual(oneShot.corpus);
      }),
    );
  });
  it("serializes to a documented JSON shape", () => {
    const acc = createAccumulator(metric).add("a b", ["a"]);
    expect(acc.toJSON()).toEqual({ format: STATS_FORMAT, metric: "toy", signature: "toy|version:test", count: 1, stats: [1, 2, 1] });
  });
  it("refuses stats of another metric or signature, and malformed stats", () => {
    const acc = createAccumulator(metric);
    const other = createAccumulator(createToyMetric("other")).add("a", ["a"]);
    expect(codeOf(() => acc.merge(other))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => acc.merge(other.toJSON()))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => acc.merge({ format: "nope" } as never))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => acc.merge({ ...createAccumulator(metric).toJSON(), count: -1 }))).toBe(ErrorCode.INVALID_STATS);
    expect(() => acc.merge({ ...createAccumulator(metric).toJSON(), stats: [1, 2] as never })).toThrow(/bad toy stats/);
    expect(codeOf(() => createAccumulator(metric).compute())).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createAccumulator(metric).add(undefined as unknown as string, ["a"]))).toBe(ErrorCode.INVALID_TYPE);
  });
});

describe("data-dependent signatures (sacrebleu's nrefs)", () => {
  type S = { n: number; refs: number };
  const nrefsMetric: Metric<S, number> = {
    name: "nrefs",
    higherIsBetter: true,
    empty: (): S => ({ n: 0, refs: 0 }),
    stats: (_h: string, refs: readonly string[]): S => ({ n: 1, refs: refs.length }),
    merge: (a: S, b: S): S => ({ n: a.n + b.n, refs: a.refs === 0 ? b.refs : b.refs === 0 || b.refs === a.refs ? a.refs : -1 }),
    score: (s: S) => s.n,
    summarize: (n: number) => ({ n }),
    signature: (s?: S) => `nrefs:${s === undefined || s.refs === 0 ? "?" : s.refs < 0 ? "var" : s.refs}|version:test`,
    parseStats: (v: unknown) => v as S,
  };
  it("evaluate and toJSON take the signature of the statistics", () => {
    expect(evaluate(nrefsMetric, [{ hyp: "a", refs: ["x", "y"] }]).signature).toBe("nrefs:2|version:test");
    expect(createAccumulator(nrefsMetric).add("a", ["x"]).toJSON().signature).toBe("nrefs:1|version:test");
  });
  it("merges shards with different data fields into the merged signature, and refuses a forged one", () => {
    const one = createAccumulator(nrefsMetric).add("a", ["x"]).toJSON();
    const two = createAccumulator(nrefsMetric).add("b", ["x", "y"]).toJSON();
    const total = createAccumulator(nrefsMetric).merge(one).merge(two);
    expect(total.toJSON().signature).toBe("nrefs:var|version:test");
    expect(total.compute()).toBe(2);
    expect(codeOf(() => createAccumulator(nrefsMetric).merge({ ...one, signature: "nrefs:1|version:other" }))).toBe(ErrorCode.INVALID_STATS);
  });
});
