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
  caseSensitive: fc.boolean(),
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

describe("merge algebra", () => {
  const metric = createTer();
  const stats = fc.array(segment, { minLength: 1, maxLength: 6 }).map((segs) => segs.map((s) => metric.stats(s.hyp, s.refs)));
  const sameJson = (a: TerStats, b: TerStats) => expect(JSON.stringify(a)).toBe(JSON.stringify(b));

  it("is associative and commutative, with empty() as identity", () => {
    fc.assert(
      fc.property(stats, (list) => {
        const [a, b, c] = [list[0]!, list[1] ?? metric.empty(), list[2] ?? metric.empty()];
        sameJson(metric.merge(metric.merge(a, b), c), metric.merge(a, metric.merge(b, c)));
        sameJson(metric.merge(a, b), metric.merge(b, a));
        sameJson(metric.merge(a, metric.empty()), a);
      }),
      { numRuns: 200 },
    );
  });

  it("exact reference lengths: any merge order of thirds gives one canonical sum", () => {
    const thirds = fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 1, maxLength: 40 }).map((lens) =>
      lens.map((n) => createTer().stats("a", ["b ".repeat(n), "c", "d e"])),
    );
    fc.assert(
      fc.property(thirds, fc.integer(), (list, seed) => {
        const forward = list.reduce((x, y) => metric.merge(x, y), metric.empty());
        const shuffled = [...list].sort((x, y) => ((x.edits * 31 + seed) % 7) - ((y.edits * 31 + seed) % 7));
        const backward = shuffled.reduceRight((x, y) => metric.merge(y, x), metric.empty());
        sameJson(forward, backward);
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
