import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Metric, Segment } from "@gramscore/core";
import { createEasseSari, createSari, sentenceSari } from "@gramscore/metric-sari";

const word = fc.constantFrom("a", "the", "cat", "Cat", "sat", "on", "mat", ",", ".", "é", "ΟΔΟΣ", "1,000", "😀", "(x)");
const text = fc.array(word, { maxLength: 8 }).map((w) => w.join(" "));
const item = fc.record({ src: text, hyp: text, refs: fc.array(text, { minLength: 1, maxLength: 4 }) });
const items = fc.array(item, { minLength: 1, maxLength: 8 });

const hf = createSari();
const easse = createEasseSari();
const json = (x: unknown) => JSON.stringify(x);

describe("properties", () => {
  it("every score is between 0 and 100 (EASSE's operation scores too)", () => {
    fc.assert(
      fc.property(item, (t) => {
        const s = hf.score(hf.stats(t.hyp, t.refs, t.src), "segment").score;
        expect(s).toBeGreaterThanOrEqual(0);
        expect(s).toBeLessThanOrEqual(100);
        const e = easse.score(easse.stats(t.hyp, t.refs, t.src), "segment");
        for (const v of [e.score, e.add, e.keep, e.delete]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThanOrEqual(100);
        }
      }),
    );
  });

  it("a prediction equal to its source and only reference scores 100 (HF's 0/0 = 1)", () => {
    fc.assert(
      fc.property(text, (x) => {
        expect(sentenceSari(x, x, [x]).score).toBe(100);
      }),
    );
  });

  it("case does not matter (both lowercase first)", () => {
    fc.assert(
      fc.property(item, (t) => {
        const up = (s: string) => s.toUpperCase();
        expect(hf.stats(up(t.hyp), t.refs.map(up), up(t.src))).toEqual(hf.stats(t.hyp, t.refs, t.src));
        expect(easse.stats(up(t.hyp), t.refs.map(up), up(t.src))).toEqual(easse.stats(t.hyp, t.refs, t.src));
      }),
    );
  });

  it("merge is associative and commutative (as JSON), for both", () => {
    fc.assert(
      fc.property(item, item, item, (a, b, c) => {
        for (const m of [hf, easse] as Metric<any, any>[]) {
          const [x, y, z] = [a, b, c].map((t) => m.stats(t.hyp, t.refs, t.src)) as [never, never, never];
          expect(json(m.merge(m.merge(x, y), z))).toBe(json(m.merge(x, m.merge(y, z))));
          expect(json(m.merge(x, y))).toBe(json(m.merge(y, x)));
          expect(json(m.merge(m.empty() as never, x))).toBe(json(m.merge(x, m.empty() as never)));
        }
      }),
    );
  });

  it("chunked = one pass: corpusStats of the whole = merged corpusStats of any split = merged stats of each item", () => {
    fc.assert(
      fc.property(items, fc.nat(), (list, cut) => {
        const segs: Segment[] = list.map((t) => ({ hyp: t.hyp, refs: t.refs, src: t.src }));
        const k = cut % (segs.length + 1);
        for (const m of [hf, easse] as Metric<any, any>[]) {
          const whole = m.corpusStats!(segs);
          const split = m.merge(m.corpusStats!(segs.slice(0, k)) as never, m.corpusStats!(segs.slice(k)) as never);
          let folded = m.empty();
          for (const s of segs) folded = m.merge(folded as never, m.stats(s.hyp, s.refs, s.src) as never);
          expect(json(split)).toBe(json(whole));
          expect(json(folded)).toBe(json(whole));
        }
      }),
    );
  });

  it("rows: the column sums of the items' rows score as the merged statistics", () => {
    fc.assert(
      fc.property(items, (list) => {
        for (const m of [hf, easse] as Metric<any, any>[]) {
          const rows = m.rows!();
          const sums = new Float64Array(rows.width);
          const row = new Float64Array(rows.width);
          let total = m.empty();
          for (const t of list) {
            const s = m.stats(t.hyp, t.refs, t.src);
            rows.toRow(s as never, row, 0);
            row.forEach((v, i) => (sums[i]! += v));
            total = m.merge(total as never, s as never);
          }
          expect(rows.score(sums, list.length, false)).toBeCloseTo(rows.scoreStats(total as never), 12);
          expect(rows.scoreStats(total as never)).toBe(m.score(total as never, "corpus").score);
        }
      }),
    );
  });
});
