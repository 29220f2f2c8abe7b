import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { evaluate } from "@gramscore/core";
import { createSquad, createSquadV2, normalizeAnswer, normalizedTokens, squadV2, tokenF1, type SquadV2Stats } from "@gramscore/metric-squad";

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

// The official script's four steps, transcribed literally (one intermediate string each), against
// which the one-pass normalizer is checked.
const PY_WS = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
function scriptNormalize(text: string): string {
  const lower = text.toLowerCase();
  const noPunct = Array.from(lower)
    .filter((c) => !"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".includes(c))
    .join("");
  const noArticles = noPunct.replace(/(?<![\p{L}\p{N}_])(a|an|the)(?![\p{L}\p{N}_])/gu, " ");
  return noArticles.split(PY_WS).filter((t) => t !== "").join(" ");
}

describe("one-pass normalization", () => {
  const v2m = createSquadV2({ noAnswerThreshold: 0.5 });
  const piece = fc.constantFrom("a", "an", "the", "The", "THE", "A", "t", "he", "x", "_", ".", "'", "-", "é", "Σ", "ς", "İ", "€", "–", "😀", "𝐀", "1", " ", "  ", "\t", "\u00a0", "\u3000", "\u200b", "\x1f");
  const messy = fc.array(piece, { maxLength: 12 }).map((p) => p.join(""));

  it("equals the script's four steps on text mixing articles, punctuation, whitespace and non-ASCII", () => {
    fc.assert(
      fc.property(fc.oneof(messy, fc.string({ unit: "grapheme", maxLength: 20 })), (t) => {
        expect(normalizeAnswer(t)).toBe(scriptNormalize(t));
        expect(normalizedTokens(t)).toEqual(scriptNormalize(t) === "" ? [] : scriptNormalize(t).split(" "));
      }),
      { numRuns: 2000 },
    );
  });

  it("token F1 counts the multiset overlap alike for short and long answers", () => {
    const tokens = fc.array(fc.constantFrom("x", "y", "z", "w"), { maxLength: 40 });
    fc.assert(
      fc.property(tokens, tokens, fc.boolean(), (p, g, v2) => {
        const left = new Map<string, number>();
        for (const t of g) left.set(t, (left.get(t) ?? 0) + 1);
        let same = 0;
        for (const t of p) {
          const c = left.get(t) ?? 0;
          if (c > 0) {
            same++;
            left.set(t, c - 1);
          }
        }
        const expected =
          v2 && (p.length === 0 || g.length === 0)
            ? Number(p.length === g.length)
            : same === 0
              ? 0
              : (2 * (same / p.length) * (same / g.length)) / (same / p.length + same / g.length);
        expect(tokenF1(p, g, v2)).toBe(expected);
      }),
    );
  });

  it("squadV2() equals scoring the merged statistics of its questions", () => {
    fc.assert(
      fc.property(fc.array(question, { minLength: 1, maxLength: 8 }), (list) => {
        const width = Math.max(...list.map((q) => q.refs.length));
        const streams = Array.from({ length: width }, (_, k) => list.map((q) => q.refs[k] ?? null));
        const got = squadV2(
          list.map((q) => q.hyp),
          streams,
          { noAnswerThreshold: 0.5, noAnswerProbabilities: list.map((q) => q.p) },
        );
        const stats = v2m.corpusQuestionStats(list.map((q) => ({ hyp: q.hyp, refs: q.refs, question: { noAnswerProbability: q.p } })));
        expect(got).toEqual(v2m.score(stats, "corpus"));
      }),
    );
  });
});
