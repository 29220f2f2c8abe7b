import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { TerAligner, createTer, type TerOptions, type TerStats } from "@gramscore/metric-ter";
import { budgetStops, naiveEdits } from "./naive.js";

/** Token lists over a small vocabulary, so words repeat and shifts are found often. */
function tokens(min: number, max: number, vocab = 6): fc.Arbitrary<string[]> {
  return fc.array(
    fc.integer({ min: 0, max: vocab - 1 }).map((i) => "abcdefghijklmnop"[i]!),
    { minLength: min, maxLength: max },
  );
}

const sentence = (max = 14) => tokens(0, max).map((t) => t.join(" "));
const options: fc.Arbitrary<TerOptions> = fc.record({
  normalized: fc.boolean(),
  noPunct: fc.boolean(),
  asianSupport: fc.boolean(),
  lowercase: fc.boolean(),
});
const segment = fc.record({
  hyp: fc.oneof(sentence(), fc.constantFrom("A b, c.", "a  b\tc", "", "中文 a. b")),
  refs: fc.array(fc.oneof(sentence(), fc.constantFrom("a B c", "", "c, b a.")), { minLength: 1, maxLength: 3 }),
});

function ids(words: readonly string[], vocab: Map<string, number>): Int32Array {
  return Int32Array.from(words, (w) => {
    let id = vocab.get(w);
    if (id === undefined) vocab.set(w, (id = vocab.size));
    return id;
  });
}

describe("the kernel equals a plain statement of sacrebleu's algorithm", () => {
  const aligner = new TerAligner();
  const check = (hyp: string[], ref: string[]) => {
    const vocab = new Map<string, number>();
    const h = ids(hyp, vocab);
    const r = ids(ref, vocab);
    expect(aligner.edits(h, h.length, r, r.length)).toBe(naiveEdits(hyp, ref));
  };

  it("short sequences over a small vocabulary (many shifts and ties)", () => {
    fc.assert(fc.property(tokens(0, 16, 5), tokens(0, 16, 5), check), { numRuns: 600 });
  });

  it("lengths far apart (the beam and its widening)", () => {
    fc.assert(fc.property(tokens(1, 4, 4), tokens(60, 140, 4), (a, b) => (check(a, b), check(b, a))), { numRuns: 25 });
  });

  it("long sequences where the 1000-candidate budget ends the search", () => {
    const before = budgetStops.count;
    fc.assert(fc.property(tokens(40, 70, 3), tokens(40, 70, 3), check), { numRuns: 10 });
    expect(budgetStops.count - before).toBeGreaterThan(0);
  });
});

describe("TER properties", () => {
  it("edits never exceed the longer token list plus the shifts taken; explain replays the hypothesis into the reference", () => {
    fc.assert(
      fc.property(options, segment, (o, seg) => {
        const metric = createTer(o);
        const stats = metric.stats(seg.hyp, seg.refs);
        const ex = metric.explain(seg.hyp, seg.refs);
        expect(ex.numEdits).toBe(stats.edits);
        const refTokens = ex.refTokens;
        expect(ex.numEdits).toBeLessThanOrEqual(Math.max(ex.hypTokens.length, refTokens.length) + ex.counts.shifts);
        const c = ex.counts;
        expect(c.shifts + c.substitutions + c.insertions + c.deletions).toBe(ex.numEdits);
        // Replay: shifts on the hypothesis, then the operations left to right give the reference.
        let words = [...ex.hypTokens];
        for (const s of ex.shifts) {
          expect(words.slice(s.from, s.from + s.words.length)).toEqual(s.words);
          const rest = [...words.slice(0, s.from), ...words.slice(s.from + s.words.length)];
          words = [...rest.slice(0, s.to), ...s.words, ...rest.slice(s.to)];
        }
        expect(words).toEqual(ex.shiftedHypTokens);
        const out: string[] = [];
        let h = 0;
        for (const op of ex.operations) {
          if (op.op === "insert") out.push(op.refToken!);
          else {
            expect(op.hypToken).toBe(words[h]);
            expect(op.hypToken).toBe(ex.hypTokens[op.hyp!]);
            h++;
            if (op.op === "match") {
              expect(op.hypToken).toBe(op.refToken);
              out.push(op.hypToken!);
            } else if (op.op === "substitute") {
              expect(op.hypToken).not.toBe(op.refToken);
              out.push(op.refToken!);
            }
          }
          if (op.ref !== null) expect(refTokens[op.ref]).toBe(op.refToken);
        }
        expect(h).toBe(words.length);
        expect(out).toEqual(refTokens);
      }),
      { numRuns: 400 },
    );
  });

  it("identical strings score 0", () => {
    fc.assert(
      fc.property(options, sentence(30), (o, s) => {
        const metric = createTer(o);
        const r = metric.score(metric.stats(s, [s, "x y z"]), "segment");
        expect(r.numEdits).toBe(0);
        expect(r.score).toBe(0);
      }),
      { numRuns: 200 },
    );
  });

  it("scores are in range: 0 with no edits, at most 100 × (longest + shifts) / length", () => {
    fc.assert(
      fc.property(segment, (seg) => {
        const metric = createTer();
        const r = metric.score(metric.stats(seg.hyp, seg.refs), "segment");
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(Number.isFinite(r.score)).toBe(true);
        if (r.numEdits === 0) expect(r.score).toBe(0);
      }),
      { numRuns: 200 },
    );
  });
});

describe("merge algebra (merge(a, b) is a followed by b in corpus order)", () => {
  const metric = createTer();
  const stats = fc.array(segment, { minLength: 1, maxLength: 6 }).map((segs) => segs.map((s) => metric.stats(s.hyp, s.refs)));
  const sameJson = (a: TerStats, b: TerStats) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

  // Segments here have 1 to 3 references; under nrefs "var" every segment keeps its term, which is
  // what makes parts with mixed counts merge exactly (see the next test for a shared count).
  const varMetric = createTer({ nrefs: "var" });
  const varStats = fc.array(segment, { minLength: 1, maxLength: 6 }).map((segs) => segs.map((s) => varMetric.stats(s.hyp, s.refs)));
  const uniformStats = fc
    .integer({ min: 1, max: 5 })
    .chain((n) => fc.array(fc.record({ hyp: sentence(), refs: fc.array(sentence(), { minLength: n, maxLength: n }) }), { minLength: 1, maxLength: 8 }))
    .chain((segs) => fc.tuple(fc.constant(segs), fc.integer({ min: 0, max: segs.length }), fc.integer({ min: 0, max: segs.length })))
    .map(([segs, i, j]) => {
      const [x, y] = [Math.min(i, j), Math.max(i, j)];
      return [segs.slice(0, x), segs.slice(x, y), segs.slice(y), segs].map((part) => metric.corpusStats(part));
    });

  it("with one reference count per corpus: merging parts in order, in any grouping, gives the one-pass statistics", () => {
    fc.assert(
      fc.property(uniformStats, ([a, b, c, whole]) => {
        sameJson(metric.merge(metric.merge(a!, b!), c!), whole!);
        sameJson(metric.merge(a!, metric.merge(b!, c!)), whole!);
      }),
      { numRuns: 150 },
    );
  });

  it("is associative (merging in corpus order), with empty() as identity on both sides", () => {
    const metric = varMetric;
    fc.assert(
      fc.property(varStats, (list) => {
        const [a, b, c] = [list[0]!, list[1] ?? metric.empty(), list[2] ?? metric.empty()];
        sameJson(metric.merge(metric.merge(a, b), c), metric.merge(a, metric.merge(b, c)));
        sameJson(metric.merge(a, metric.empty()), a);
        sameJson(metric.merge(metric.empty(), a), a);
        // Reusing a part (merging it twice) leaves both results and the part intact.
        const before = JSON.stringify(a);
        const ab = metric.merge(a, b);
        const ac = metric.merge(a, c);
        expect(JSON.stringify(a)).toBe(before);
        sameJson(ab, metric.merge(a, b));
        sameJson(ac, metric.merge(a, c));
      }),
      { numRuns: 200 },
    );
  });

  it("is commutative when every segment has 1, 2 or 4 references (their averages add exactly)", () => {
    const pow2 = fc
      .array(fc.record({ hyp: sentence(), refs: fc.constantFrom(1, 2, 4).chain((n) => fc.array(sentence(), { minLength: n, maxLength: n })) }), { minLength: 2, maxLength: 6 })
      .map((segs) => segs.map((s) => metric.stats(s.hyp, s.refs)));
    fc.assert(
      fc.property(pow2, (list) => {
        const [a, b] = [list[0]!, list[1]!];
        sameJson(metric.merge(a, b), metric.merge(b, a));
        expect(a.ordered).toBeUndefined();
      }),
      { numRuns: 100 },
    );
  });

  it("three references: any grouping of in-order merges gives sacrebleu's left-to-right float sum", () => {
    const thirds = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 40 }).map((lens) =>
      lens.map((n) => createTer().stats("a", ["b ".repeat(n), "c", "d e"])),
    );
    fc.assert(
      fc.property(thirds, fc.integer({ min: 0, max: 39 }), (list, cut) => {
        let floatSum = 0;
        for (const s of list) floatSum += metric.score(s, "segment").refLength;
        const forward = list.reduce((x, y) => metric.merge(x, y), metric.empty());
        const backward = list.reduceRight((x, y) => metric.merge(y, x), metric.empty());
        sameJson(forward, backward);
        const k = cut % list.length;
        const halves = metric.merge(
          list.slice(0, k).reduce((x, y) => metric.merge(x, y), metric.empty()),
          list.slice(k).reduce((x, y) => metric.merge(x, y), metric.empty()),
        );
        sameJson(forward, halves);
        expect(metric.score(forward, "corpus").refLength).toBe(floatSum);
        expect(metric.parseStats(JSON.parse(JSON.stringify(forward)))).toEqual(forward);
      }),
      { numRuns: 100 },
    );
  });

  it("chunked == one-pass: corpusStats, merged stats and an accumulator agree", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 4 }), (segs, chunk) => {
        const one = createTer().corpusStats(segs);
        const merged = segs.map((s) => metric.stats(s.hyp, s.refs)).reduce((x, y) => metric.merge(x, y), metric.empty());
        sameJson(one, merged);
        const acc = createAccumulator(createTer());
        for (let i = 0; i < segs.length; i += chunk) for (const s of segs.slice(i, i + chunk)) acc.add(s.hyp, s.refs);
        expect(acc.compute().score).toBe(metric.score(one, "corpus").score);
        expect(evaluate(createTer(), segs).corpus.score).toBe(metric.score(one, "corpus").score);
      }),
      { numRuns: 150 },
    );
  });
});
