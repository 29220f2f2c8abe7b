import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "@gramscore/core";
import { createSquad, createSquadV2, type SquadV2Stats } from "@gramscore/metric-squad";

const word = fc.constantFrom("a", "an", "the", "cat", "Cat!", "dog", "é", "ΟΔΟΣ", "x_y", "1,000", "«»", "😀");
const text = fc.array(word, { maxLength: 6 }).map((w) => w.join(" "));
const question = fc.record({
  hyp: text,
  refs: fc.array(text, { minLength: 1, maxLength: 3 }),
  p: fc.constantFrom(-3, -1, 0, 0.5, 1, 2),
});

describe("properties", () => {
  const v1 = createSquad();
  const v2 = createSquadV2({ noAnswerThreshold: 0.5 });
  const qs = (list: { hyp: string; refs: string[]; p: number }[]): SquadV2Stats[] =>
    list.map((q) => v2.questionStats(q.hyp, q.refs, { noAnswerProbability: q.p }));

  it("v1 merge is associative and commutative (as JSON)", () => {
    fc.assert(
      fc.property(question, question, question, (a, b, c) => {
        const [x, y, z] = [a, b, c].map((q) => v1.stats(q.hyp, q.refs));
        expect(JSON.stringify(v1.merge(v1.merge(x!, y!), z!))).toBe(JSON.stringify(v1.merge(x!, v1.merge(y!, z!))));
        expect(JSON.stringify(v1.merge(x!, y!))).toBe(JSON.stringify(v1.merge(y!, x!)));
      }),
    );
  });

  it("v2 merge is associative; its sums commute and the best thresholds do not depend on shards", () => {
    fc.assert(
      fc.property(question, question, question, (a, b, c) => {
        const [x, y, z] = qs([a, b, c]);
        expect(JSON.stringify(v2.merge(v2.merge(x!, y!), z!))).toBe(JSON.stringify(v2.merge(x!, v2.merge(y!, z!))));
        const xy = v2.score(v2.merge(x!, y!), "corpus");
        const yx = v2.score(v2.merge(y!, x!), "corpus");
        expect([xy.exact, xy.f1, xy.total]).toEqual([yx.exact, yx.f1, yx.total]);
      }),
    );
  });

  it("chunked statistics equal one pass, for both versions", () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 20 }), fc.nat(), (list, cut) => {
        const k = cut % (list.length + 1);
        const segs = list.map((q) => ({ hyp: q.hyp, refs: q.refs }));
        const fold = (xs: typeof segs) => xs.reduce((acc, q) => v1.merge(acc, v1.stats(q.hyp, q.refs)), v1.empty());
        const one = evaluate(v1, segs).stats;
        const two = v1.merge(fold(segs.slice(0, k)), fold(segs.slice(k)));
        expect(JSON.stringify(two)).toBe(JSON.stringify(one));
        const s = qs(list);
        const all = s.reduce((acc, x) => v2.merge(acc, x), v2.empty());
        const left = s.slice(0, k).reduce((acc, x) => v2.merge(acc, x), v2.empty());
        const right = s.slice(k).reduce((acc, x) => v2.merge(acc, x), v2.empty());
        expect(JSON.stringify(v2.merge(left, right))).toBe(JSON.stringify(all));
      }),
    );
  });

  it("scores lie in 0-100, exact match never above F1 for v1, best at least the score at the best threshold's own value", () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 20 }), (list) => {
        const r1 = evaluate(v1, list.map((q) => ({ hyp: q.hyp, refs: q.refs }))).corpus;
        for (const x of [r1.exactMatch, r1.f1]) expect(x >= 0 && x <= 100).toBe(true);
        const r2 = v2.score(qs(list).reduce((acc, x) => v2.merge(acc, x), v2.empty()), "corpus");
        for (const x of [r2.exact, r2.f1, r2.bestExact, r2.bestF1]) expect(x >= 0 && x <= 100 + 1e-9).toBe(true);
        // Thresholding at the best threshold gives the best value.
        const at = createSquadV2({ noAnswerThreshold: r2.bestExactThresh });
        const atStats = list.map((q) => at.questionStats(q.hyp, q.refs, { noAnswerProbability: q.p })).reduce((acc, x) => at.merge(acc, x), at.empty());
        expect(at.score(atStats, "corpus").exact).toBeLessThanOrEqual(r2.bestExact + 1e-9);
      }),
    );
  });
});
