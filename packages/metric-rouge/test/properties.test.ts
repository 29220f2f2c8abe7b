// Property tests: the engine against plain implementations of the rules, the merge algebra, chunked
// scoring, score ranges, the exact sums and the 5-decimal rounding.
import { createAccumulator, evaluate, formatFixed, fsum } from "@gramscore/core";
import { pow } from "@gramscore/ngram";
import { createRouge, round5, type MultiRefPolicy, type RougeOptions } from "@gramscore/metric-rouge";
import { createRouge155Tokenizer, createRougeTokenizer } from "@gramscore/metric-rouge";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { exactAdd, exactOf } from "@gramscore/core";
import {
  bestF,
  fmeasure,
  naiveOverlap,
  naiveTotal,
  ngramCounter,
  perlRPF,
  rsLcs,
  rsLsum,
  rsNgrams,
  skipCounter,
  unionHits,
  wlcs,
  type Triple,
} from "./naive.js";

const WORDS = ["the", "The", "cat", "CATS", "sat", "sitting", "on", "mat", "a", "dog", "runs", "running", "mice", "went", "x1", "9", "é", ",", ".", "-", "$5", "Über"];

/** A text of 0-4 lines of 0-12 words (lines joined by "\n", sometimes empty). */
const text = fc
  .array(fc.array(fc.constantFrom(...WORDS), { maxLength: 12 }), { maxLength: 4 })
  .map((lines) => lines.map((l) => l.join(" ")).join("\n"));

const segment = fc.record({ hyp: text, refs: fc.array(text, { minLength: 1, maxLength: 4 }) });

const RS_TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeLsum"];
const R155_TYPES = ["rouge1", "rouge2", "rouge3", "rougeL", "rougeW", "rougeS", "rougeSU"];
const R155_KEYS = ["ROUGE-1", "ROUGE-2", "ROUGE-3", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-S4", "ROUGE-SU4"];
const POLICIES: MultiRefPolicy[] = ["best-f", "best-recall", "pooled", "average", "jackknife"];

const lines = (t: string) => t.split("\n").filter((s) => s.length > 0);

describe("rouge-score mode equals a plain implementation of rouge-score", () => {
  for (const useStemmer of [false, true]) {
    it(`rouge1-3, rougeL, rougeLsum with score_multi (useStemmer ${useStemmer})`, () => {
      const tok = createRougeTokenizer({ useStemmer });
      const metric = createRouge({ rougeTypes: RS_TYPES, stemmer: useStemmer ? "porter" : "none" });
      fc.assert(
        fc.property(segment, ({ hyp, refs }) => {
          const got = metric.scoreSegment(hyp, refs);
          const p = tok.tokenize(hyp);
          const ps = lines(hyp).map((s) => tok.tokenize(s));
          const per = refs.map((ref) => {
            const t = tok.tokenize(ref);
            const ts = lines(ref).map((s) => tok.tokenize(s));
            return {
              rouge1: rsNgrams(t, p, 1),
              rouge2: rsNgrams(t, p, 2),
              rouge3: rsNgrams(t, p, 3),
              rougeL: rsLcs(t, p),
              rougeLsum: rsLsum(ts, ps),
            } as Record<string, Triple>;
          });
          for (const type of RS_TYPES) expect(got[type]).toEqual(bestF(per.map((x) => x[type]!)));
        }),
        { numRuns: 300 },
      );
    });
  }

  it("high orders with many distinct tokens (array, sorted and table counting paths)", () => {
    const many = fc.array(fc.integer({ min: 0, max: 400 }).map((k) => `w${k % 40 === 0 ? 0 : k}`), { maxLength: 120 }).map((w) => w.join(" "));
    const types = ["rouge1", "rouge2", "rouge4", "rouge9"];
    const metric = createRouge({ rougeTypes: types });
    const tok = createRougeTokenizer();
    fc.assert(
      fc.property(many, fc.array(many, { minLength: 1, maxLength: 3 }), (hyp, refs) => {
        const got = metric.scoreSegment(hyp, refs);
        const p = tok.tokenize(hyp);
        for (const type of types) {
          const n = Number(type.slice(5));
          expect(got[type]).toEqual(bestF(refs.map((r) => rsNgrams(tok.tokenize(r), p, n))));
        }
      }),
      { numRuns: 150 },
    );
  });

  it("the other policies follow their definitions", () => {
    const tok = createRougeTokenizer();
    const metrics = Object.fromEntries(POLICIES.map((p) => [p, createRouge({ rougeTypes: ["rouge1", "rougeL"], multiRef: p })]));
    fc.assert(
      fc.property(segment, ({ hyp, refs }) => {
        const p = tok.tokenize(hyp);
        const ts = refs.map((r) => tok.tokenize(r));
        const r1 = ts.map((t) => rsNgrams(t, p, 1));
        const rl = ts.map((t) => rsLcs(t, p));
        const mean = (xs: Triple[]): Triple => ({
          precision: xs.reduce((a, x) => a + x.precision, 0) / xs.length,
          recall: xs.reduce((a, x) => a + x.recall, 0) / xs.length,
          fmeasure: xs.reduce((a, x) => a + x.fmeasure, 0) / xs.length,
        });
        const bestRecall = (xs: Triple[]) => xs.reduce((b, x) => (x.recall > b.recall ? x : b), xs[0]!);
        const jack = (xs: Triple[]) => (xs.length === 1 ? xs[0]! : mean(xs.map((_, k) => bestF(xs.filter((__, i) => i !== k)))));
        expect(metrics["average"]!.scoreSegment(hyp, refs).rouge1).toEqual(mean(r1));
        expect(metrics["best-recall"]!.scoreSegment(hyp, refs).rougeL).toEqual(bestRecall(rl));
        expect(metrics["jackknife"]!.scoreSegment(hyp, refs).rouge1).toEqual(jack(r1));
        // Pooled: hits and counts summed over the references.
        let hit = 0;
        let model = 0;
        let peer = 0;
        for (const t of ts) {
          const a = ngramCounter(t, 1);
          const b = ngramCounter(p, 1);
          hit += naiveOverlap(a, b);
          model += naiveTotal(a);
          peer += naiveTotal(b);
        }
        const P = hit / Math.max(peer, 1);
        const R = hit / Math.max(model, 1);
        expect(metrics["pooled"]!.scoreSegment(hyp, refs).rouge1).toEqual({ precision: P, recall: R, fmeasure: fmeasure(P, R) });
      }),
      { numRuns: 300 },
    );
  });
});

describe("rouge155 mode equals a plain implementation of ROUGE-1.5.5.pl", () => {
  for (const multiRef of ["pooled", "best-recall"] as const) {
    it(`ROUGE-1..3, L, W-1.2, S4, SU4 with -f ${multiRef === "pooled" ? "A" : "B"} -m`, () => {
      const tok = createRouge155Tokenizer({ useStemmer: true });
      const metric = createRouge({ mode: "rouge155", rougeTypes: R155_TYPES, stemmer: "porter", multiRef, emptyReference: "zero" });
      fc.assert(
        fc.property(segment, ({ hyp, refs }) => {
          const got = metric.scoreSegment(hyp, refs);
          const peerSents = lines(hyp).map((s) => tok.tokenize(s));
          const peer = peerSents.flat();
          const models = refs.map((r) => lines(r).map((s) => tok.tokenize(s)));
          // Per model: [hit, model count, peer count, -f B score] per measure.
          const per = models.map((ms) => {
            const m = ms.flat();
            const rows: Record<string, [number, number, number, number]> = {};
            for (const n of [1, 2, 3]) {
              const a = ngramCounter(m, n);
              const b = ngramCounter(p1(peer), n);
              const h = naiveOverlap(a, b);
              const mc = naiveTotal(a);
              rows[`ROUGE-${n}`] = [h, mc, naiveTotal(b), mc ? round5(h / mc) : 0];
            }
            const lh = unionHits(ms, peerSents);
            rows["ROUGE-L"] = [lh, m.length, peer.length, m.length ? lh / m.length : 0];
            const { hit, base } = wlcs(ms, peerSents, 1.2);
            rows["ROUGE-W-1.2"] = [hit, pow(base, 1.2), pow(peer.length, 1.2), base === 0 ? 0 : pow(hit / base, 1 / 1.2)];
            for (const [k, u] of [
              ["ROUGE-S4", false],
              ["ROUGE-SU4", true],
            ] as const) {
              const a = skipCounter(m, 4, u);
              const b = skipCounter(peer, 4, u);
              const h = naiveOverlap(a, b);
              const mc = naiveTotal(a);
              rows[k] = [h, mc, naiveTotal(b), mc ? round5(h / mc) : 0];
            }
            return rows;
          });
          for (const k of R155_KEYS) {
            const inverse = k === "ROUGE-W-1.2" ? (x: number) => pow(x, 1 / 1.2) : undefined;
            let expected;
            if (multiRef === "pooled") {
              let h = 0;
              let mc = 0;
              let pc = 0;
              for (const row of per) {
                h += row[k]![0];
                mc += row[k]![1];
                pc += row[k]![2];
              }
              expected = perlRPF(h, mc, pc, inverse);
            } else {
              let best = -1;
              let chosen = per[0]![k]!;
              for (const row of per) {
                if (row[k]![3] > best) {
                  best = row[k]![3];
                  chosen = row[k]!;
                }
              }
              expected = perlRPF(chosen[0], chosen[1], chosen[2], inverse);
            }
            const g = got[k]!;
            expect({ k, R: g.recall, P: g.precision, F: g.fmeasure }).toEqual({ k, ...expected });
          }
        }),
        { numRuns: 200 },
      );
    });
  }
});

describe("skip-bigrams with more than a thousand distinct tokens (the n-gram table path)", () => {
  it("ROUGE-S and ROUGE-SU equal the plain implementation", () => {
    const long = fc.array(fc.integer({ min: 0, max: 5000 }).map((k) => `w${k % 97 === 0 ? 0 : k}`), { minLength: 500, maxLength: 700 }).map((w) => w.join(" "));
    const metric = createRouge({ mode: "rouge155", rougeTypes: ["rougeS", "rougeSU"], skipDistance: 3 });
    const tok = createRouge155Tokenizer();
    fc.assert(
      fc.property(long, long, long, (hyp, r1, r2) => {
        const got = metric.scoreSegment(hyp, [r1, r2]);
        const p = tok.tokenize(hyp);
        for (const [key, u] of [
          ["ROUGE-S3", false],
          ["ROUGE-SU3", true],
        ] as const) {
          let h = 0;
          let m = 0;
          let pc = 0;
          for (const r of [r1, r2]) {
            const a = skipCounter(tok.tokenize(r), 3, u);
            const b = skipCounter(p, 3, u);
            h += naiveOverlap(a, b);
            m += naiveTotal(a);
            pc += naiveTotal(b);
          }
          const e = perlRPF(h, m, pc);
          expect({ R: got[key]!.recall, P: got[key]!.precision, F: got[key]!.fmeasure }).toEqual(e);
        }
      }),
      { numRuns: 8 },
    );
  });
});

/** Identity helper (keeps the peer tokens readable above). */
function p1<T>(x: T): T {
  return x;
}

const CONFIGS: [string, RougeOptions][] = [
  ["rouge-score best-f", { rougeTypes: RS_TYPES }],
  ["rouge-score pooled stem", { rougeTypes: RS_TYPES, stemmer: "porter", multiRef: "pooled" }],
  ["rouge-score jackknife unicode", { rougeTypes: RS_TYPES, tokenize: "rouge-unicode", multiRef: "jackknife" }],
  ["rouge155 -f A", { mode: "rouge155", rougeTypes: R155_TYPES, stemmer: "porter", emptyReference: "zero" }],
  ["rouge155 -f B -t 1", { mode: "rouge155", rougeTypes: R155_TYPES, multiRef: "best-recall", averaging: "token", emptyReference: "zero" }],
  ["rouge155 average -l 7", { mode: "rouge155", rougeTypes: R155_TYPES, multiRef: "average", lengthLimit: 7, emptyReference: "zero" }],
  ["rouge155 best-f -b 20 alpha 0.3", { mode: "rouge155", rougeTypes: R155_TYPES, multiRef: "best-f", byteLimit: 20, alpha: 0.3, emptyReference: "zero" }],
];

describe("statistics form a commutative monoid; chunked scoring equals one pass", () => {
  for (const [name, options] of CONFIGS) {
    it(`${name}: merge is associative and commutative with empty() as identity (identical JSON)`, () => {
      const metric = createRouge(options);
      fc.assert(
        fc.property(segment, segment, segment, (a, b, c) => {
          const sa = metric.stats(a.hyp, a.refs);
          const sb = metric.stats(b.hyp, b.refs);
          const sc = metric.stats(c.hyp, c.refs);
          const j = JSON.stringify;
          expect(j(metric.merge(metric.merge(sa, sb), sc))).toBe(j(metric.merge(sa, metric.merge(sb, sc))));
          expect(j(metric.merge(sa, sb))).toBe(j(metric.merge(sb, sa)));
          expect(j(metric.merge(metric.empty(), sa))).toBe(j(sa));
          expect(j(metric.merge(sa, metric.empty()))).toBe(j(sa));
        }),
        { numRuns: 100 },
      );
    });

    it(`${name}: shards merged in any order give the one-pass corpus result; P, R, F in [0, 1]`, () => {
      const metric = createRouge(options);
      fc.assert(
        fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.array(fc.nat(), { maxLength: 12 }), (segs, cuts) => {
          const one = evaluate(metric, segs, { segments: true });
          const shards: ReturnType<ReturnType<typeof createAccumulator>["toJSON"]>[] = [];
          let start = 0;
          for (const cut of cuts) {
            const end = Math.min(segs.length, start + (cut % 4));
            shards.push(createAccumulator(metric).addAll(segs.slice(start, end)).toJSON());
            start = end;
          }
          shards.push(createAccumulator(metric).addAll(segs.slice(start)).toJSON());
          shards.reverse();
          const acc = createAccumulator(createRouge(options));
          for (const s of shards) acc.merge(JSON.parse(JSON.stringify(s)));
          expect(acc.compute()).toEqual(one.corpus);
          for (const r of [one.corpus, ...one.segments!]) {
            for (const s of Object.values(r)) {
              for (const v of [s.precision, s.recall, s.fmeasure]) {
                expect(v).toBeGreaterThanOrEqual(0);
                expect(v).toBeLessThanOrEqual(1);
              }
            }
          }
        }),
        { numRuns: 60 },
      );
    });
  }

  for (const [name, options] of [...CONFIGS, ["bootstrap", { rougeTypes: ["rouge1", "rougeL"], bootstrap: true, bootstrapSamples: 50 }] as const]) {
    it(`${name}: corpusStats (and evaluate, which uses it) equals merging every segment's stats (identical JSON)`, () => {
      fc.assert(
        fc.property(fc.array(segment, { maxLength: 12 }), (segs) => {
          const metric = createRouge(options);
          let merged = metric.empty();
          for (const s of segs) merged = metric.merge(merged, metric.stats(s.hyp, s.refs));
          expect(JSON.stringify(createRouge(options).corpusStats(segs))).toBe(JSON.stringify(merged));
          if (segs.length > 0) expect(evaluate(createRouge(options), segs).stats).toEqual(merged);
        }),
        { numRuns: 60 },
      );
    });
  }

  it("corpusStats validates each record and names its index", () => {
    const metric = createRouge();
    expect(() => metric.corpusStats([{ hyp: "a", refs: ["a"] }, { hyp: "b", refs: [] }])).toThrow(/Segment 1 has no reference/);
    expect(() => metric.corpusStats([{ hyp: "a", refs: ["a"] }, { hyp: 7 as unknown as string, refs: ["a"] }])).toThrow(/hypothesis of segment 1/);
    expect(metric.corpusStats([])).toEqual(metric.empty());
  });

  it("with bootstrap: the intervals do not depend on segment order or chunking", () => {
    const metric = createRouge({ rougeTypes: ["rouge1", "rougeL"], bootstrap: true, bootstrapSamples: 200 });
    fc.assert(
      fc.property(fc.array(segment, { minLength: 2, maxLength: 10 }), (segs) => {
        const one = evaluate(metric, segs).corpus;
        const reversed = evaluate(metric, [...segs].reverse()).corpus;
        expect(reversed).toEqual(one);
        for (const t of ["rouge1", "rougeL"]) {
          const r = one[t]!;
          for (const f of ["precision", "recall", "fmeasure"] as const) {
            expect(r.low![f]).toBeLessThanOrEqual(r.mid![f]);
            expect(r.mid![f]).toBeLessThanOrEqual(r.high![f]);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe("numerics", () => {
  const double = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
    fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 1 }),
    fc.integer({ min: -1000, max: 1000 }).map((k) => k / 7),
  );
  it("exact sums: any grouping gives the same canonical list, led by fsum's correctly rounded value", () => {
    fc.assert(
      fc.property(fc.array(double, { minLength: 1, maxLength: 30 }), fc.array(fc.nat(), { maxLength: 30 }), (xs, order) => {
        const left = xs.reduce((acc, x) => exactAdd(acc, exactOf(x)), [] as number[]);
        // Another grouping: a random order, pairs first.
        const ys = [...xs];
        for (let i = 0; i < order.length && ys.length > 1; i++) {
          const a = order[i]! % ys.length;
          const b = (a + 1) % ys.length;
          [ys[a], ys[b]] = [ys[b]!, ys[a]!];
        }
        const parts = ys.map(exactOf);
        while (parts.length > 1) parts.push(exactAdd(parts.shift()!, parts.shift()!));
        expect(parts[0]).toEqual(left);
        // (=== : the empty list is +0 where fsum may give -0.)
        expect((left.length === 0 ? 0 : left[0]!) === fsum(xs)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("round5 equals C printf %.5f (half-even on the exact value)", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ noNaN: true, noDefaultInfinity: true, min: 0, max: 2 }),
          fc.integer({ min: 0, max: 200000 }).map((k) => (2 * k + 1) / 200000),
          fc.integer({ min: 0, max: 1000 }).map((k) => k / 1024),
        ),
        (x) => {
          expect(round5(x)).toBe(Number(formatFixed(x, 5)));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
