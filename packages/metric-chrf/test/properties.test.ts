import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate, pySplit } from "@gramscore/core";
import { createChrf, type ChrfStats } from "@gramscore/metric-chrf";
import { options, segment, text } from "./arbitraries.js";
import { naiveSegment } from "./naive.js";

describe("chrF equals a plain implementation of sacrebleu's rules", () => {
  it("segment statistics and scores, any options, 1-4 references", () => {
    fc.assert(
      fc.property(options(), segment(), (o, seg) => {
        const metric = createChrf(o);
        const stats = metric.stats(seg.hyp, seg.refs);
        const expected = naiveSegment(seg.hyp, seg.refs, o);
        expect(stats.counts).toEqual(expected.stats);
        expect(metric.score(stats, "segment").score).toBe(expected.score);
        expect(stats.nrefs).toBe(seg.refs.length);
      }),
      { numRuns: 400 },
    );
  });

  it("long hypotheses with many distinct characters (the hash-table path)", () => {
    const cjk = fc
      .array(fc.integer({ min: 0x4e00, max: 0x4e00 + 700 }), { minLength: 300, maxLength: 700 })
      .map((cps) => String.fromCodePoint(...cps));
    fc.assert(
      fc.property(cjk, cjk, (hyp, ref) => {
        // Share a long stretch so that higher orders match too.
        const r = ref.slice(0, 200) + hyp.slice(100, 400);
        const o = { charOrder: 6, wordOrder: 0, beta: 2, lowercase: false, whitespace: false, epsSmoothing: false };
        expect(createChrf(o).stats(hyp, [r, ref]).counts).toEqual(naiveSegment(hyp, [r, ref], o).stats);
      }),
      { numRuns: 20 },
    );
  });
});

describe("merge algebra", () => {
  const metric = createChrf({ wordOrder: 2 });
  const stats = segment().map((s) => metric.stats(s.hyp, s.refs));

  it("is commutative and associative, with empty() as identity", () => {
    fc.assert(
      fc.property(stats, stats, stats, (a, b, c) => {
        expect(metric.merge(a, b)).toEqual(metric.merge(b, a));
        expect(metric.merge(metric.merge(a, b), c)).toEqual(metric.merge(a, metric.merge(b, c)));
        expect(metric.merge(a, metric.empty())).toEqual(a);
        expect(metric.merge(metric.empty(), a)).toEqual(a);
      }),
    );
  });

  it("does not modify its arguments", () => {
    fc.assert(
      fc.property(stats, stats, (a, b) => {
        const before = [structuredClone(a), structuredClone(b)];
        metric.merge(a, b);
        expect([a, b]).toEqual(before);
      }),
    );
  });

  it("keeps the number of references, or var when it varies", () => {
    const e = metric.empty();
    const one: ChrfStats = { counts: e.counts, nrefs: 1 };
    const two: ChrfStats = { counts: e.counts, nrefs: 2 };
    expect(metric.merge(e, one).nrefs).toBe(1);
    expect(metric.merge(one, one).nrefs).toBe(1);
    expect(metric.merge(one, two).nrefs).toBe(-1);
    expect(metric.merge(metric.merge(one, two), one).nrefs).toBe(-1);
  });
});

describe("corpusStats", () => {
  it("equals merging every segment's stats, any options and numbers of references (and evaluate uses it)", () => {
    fc.assert(
      fc.property(options(), fc.array(segment(), { maxLength: 10 }), (opts, segs) => {
        const metric = createChrf(opts);
        let merged = metric.empty();
        for (const s of segs) merged = metric.merge(merged, metric.stats(s.hyp, s.refs));
        const fresh = createChrf(opts);
        expect(fresh.corpusStats(segs)).toEqual(merged);
        // The signature's nrefs comes out the same as after per-segment stats.
        expect(fresh.signature()).toBe(metric.signature());
        if (segs.length > 0) expect(evaluate(createChrf(opts), segs).stats).toEqual(merged);
      }),
      { numRuns: 150 },
    );
  });

  it("validates each record and names its index", () => {
    const metric = createChrf();
    expect(() => metric.corpusStats([{ hyp: "a", refs: ["a"] }, { hyp: "b", refs: [] }])).toThrow(/Segment 1 has no reference/);
    expect(() => metric.corpusStats([{ hyp: "a", refs: ["a"] }, { hyp: "b", refs: ["\ud800"] }])).toThrow(/segment 1/);
    expect(() => createChrf({ nrefs: 2 }).corpusStats([{ hyp: "a", refs: ["a"] }])).toThrow(/nrefs: 2/);
  });
});

describe("chunked scoring equals one pass", () => {
  it("accumulators in any chunks, merged directly or through JSON, give the one-pass corpus result", () => {
    fc.assert(
      fc.property(
        options(),
        fc.array(segment(), { minLength: 1, maxLength: 12 }),
        fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 12 }),
        (options, segments, sizes) => {
          // Shards merge when signatures agree: pin nrefs, since the references per segment vary here.
          const o = { ...options, nrefs: "var" };
          const once = evaluate(createChrf(o), segments).corpus;
          const total = createAccumulator(createChrf(o));
          let at = 0;
          let k = 0;
          while (at < segments.length) {
            const size = sizes[k++ % sizes.length]!;
            const part = createAccumulator(createChrf(o)).addAll(segments.slice(at, at + size));
            // Every other chunk travels as JSON, as shards from other processes do.
            total.merge(k % 2 === 0 ? part : JSON.parse(JSON.stringify(part.toJSON())));
            at += size;
          }
          const chunked = total.compute();
          expect(chunked.counts).toEqual(once.counts);
          expect(chunked.score).toBe(once.score);
          expect(chunked.nrefs).toBe(once.nrefs);
          expect(total.count).toBe(segments.length);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("score range", () => {
  it("is within [0, 100] for segments and corpora, under any options", () => {
    fc.assert(
      fc.property(options(), fc.array(segment(), { minLength: 1, maxLength: 6 }), (o, segments) => {
        const result = evaluate(createChrf(o), segments, { segments: true });
        for (const r of [result.corpus, ...result.segments!]) {
          expect(r.score).toBeGreaterThanOrEqual(0);
          expect(r.score).toBeLessThanOrEqual(100);
        }
      }),
      { numRuns: 200 },
    );
  });

  it("is 100 for a hypothesis equal to a reference, 0 against an unrelated one", () => {
    fc.assert(
      fc.property(text(30), (t) => {
        const metric = createChrf({ wordOrder: 2 });
        // An exact match scores 100 unless there is nothing but whitespace to compare.
        expect(metric.score(metric.stats(t, [t]), "segment").score).toBe(pySplit(t).length > 0 ? 100 : 0);
        expect(metric.score(metric.stats(t, ["\u{10fffd}"]), "segment").score).toBe(0);
      }),
    );
  });
});

describe("explain", () => {
  it("agrees with the statistics of the chosen reference, order by order", () => {
    fc.assert(
      fc.property(options(), segment(), (o, seg) => {
        const metric = createChrf(o);
        const stats = metric.stats(seg.hyp, seg.refs);
        const ex = metric.explain(seg.hyp, seg.refs);
        expect(ex.references).toHaveLength(seg.refs.length);
        expect(ex.references[ex.reference]!.counts).toEqual(stats.counts);
        expect(ex.score).toBe(metric.score(stats, "segment").score);
        const flat = ex.orders.flatMap((d) => [d.hyp, d.ref, d.matches]);
        expect(flat).toEqual(stats.counts);
        expect(ex.orders.map((d) => `${d.kind}${d.order}`)).toEqual([
          ...Array.from({ length: o.charOrder }, (_, i) => `char${i + 1}`),
          ...Array.from({ length: o.wordOrder }, (_, i) => `word${i + 1}`),
        ]);
        for (const d of ex.orders) {
          expect(d.matched.reduce((s, m) => s + m.count, 0)).toBe(d.matches);
          for (const m of d.matched) expect(m.count).toBe(Math.min(m.hyp, m.ref));
        }
      }),
      { numRuns: 200 },
    );
  });
});
