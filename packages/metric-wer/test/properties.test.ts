import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { WER_MEASURES, createWerMetric, jiwerChars, jiwerWordSpans, jiwerWords, werMeasures, type WerStats } from "@gramscore/metric-wer";

const word = fc.constantFrom("a", "b", "c", "the", "cat", "😀", "é", "e\u0301", "x\u00a0y", "tab\tbed");
const sep = fc.constantFrom(" ", "  ", "\t\n", "\u3000", " \u00a0");
const text = fc.array(fc.tuple(word, sep), { maxLength: 12 }).map((parts) => parts.map(([w, s]) => w + s).join(""));
const refText = fc.tuple(word, text).map(([w, t]) => `${w} ${t}`);
const segment = fc.record({ hyp: text, refs: fc.tuple(refText) });
const stats = fc.record({
  hits: fc.nat(1000),
  substitutions: fc.nat(1000),
  deletions: fc.nat(1000),
  insertions: fc.nat(1000),
});

describe("properties", () => {
  const wer = createWerMetric("wer");
  const cer = createWerMetric("cer");

  it("identical texts: WER 0, CER 0, WIP 1", () => {
    fc.assert(
      fc.property(refText, (t) => {
        expect(wer.score(wer.stats(t, [t]), "segment").score).toBe(0);
        expect(cer.score(cer.stats(t, [t]), "segment").score).toBe(0);
        expect(wer.score(wer.stats(t, [t]), "segment").wip).toBe(1);
      }),
    );
  });

  it("counts add up: H+S+D = reference items, H+S+I = hypothesis items (words and characters)", () => {
    fc.assert(
      fc.property(segment, ({ hyp, refs }) => {
        const w = wer.stats(hyp, refs);
        expect(w.hits + w.substitutions + w.deletions).toBe(jiwerWords(refs[0]).length);
        expect(w.hits + w.substitutions + w.insertions).toBe(jiwerWords(hyp).length);
        const c = cer.stats(hyp, refs);
        expect(c.hits + c.substitutions + c.deletions).toBe(jiwerChars(refs[0]).length);
        expect(c.hits + c.substitutions + c.insertions).toBe(jiwerChars(hyp).length);
      }),
    );
  });

  it("the span scanner of the hot path splits exactly as jiwer's three transforms (regex, strip, split)", () => {
    const ws = fc.constantFrom(" ", "\t", "\n", "\u00a0", "\u3000", "\u2028", "\u001f", "\u200b", "x", "yz", "😀");
    fc.assert(
      fc.property(fc.array(ws, { maxLength: 30 }), (parts) => {
        const t = parts.join("");
        const [sp, n] = jiwerWordSpans(t, new Int32Array(2));
        const words = Array.from({ length: n }, (_, k) => t.slice(sp[2 * k]!, sp[2 * k + 1]!));
        expect(words).toEqual(jiwerWords(t));
      }),
      { numRuns: 500 },
    );
  });

  it("merge is associative and commutative, with empty() as identity", () => {
    fc.assert(
      fc.property(stats, stats, stats, (a, b, c) => {
        expect(wer.merge(wer.merge(a, b), c)).toEqual(wer.merge(a, wer.merge(b, c)));
        expect(wer.merge(a, b)).toEqual(wer.merge(b, a));
        expect(wer.merge(a, wer.empty())).toEqual(a);
      }),
    );
  });

  it("chunked scoring equals one-pass scoring, for every measure", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 12 }), fc.nat(12), (segs, cut) => {
        const k = Math.min(cut, segs.length);
        for (const measure of WER_MEASURES) {
          const m = createWerMetric(measure);
          const one = m.corpusStats(segs);
          const merged = segs.map((s) => m.stats(s.hyp, s.refs)).reduce((x, y) => m.merge(x, y), m.empty());
          expect(one).toEqual(merged);
          const chunked = m.merge(m.corpusStats(segs.slice(0, k)), m.corpusStats(segs.slice(k)));
          expect(chunked).toEqual(one);
          const acc = createAccumulator(m);
          for (const s of segs.slice(0, k)) acc.add(s.hyp, s.refs);
          const other = createAccumulator(m);
          for (const s of segs.slice(k)) other.add(s.hyp, s.refs);
          acc.merge(other);
          expect(acc.stats).toEqual(one);
          expect(m.score(one, "corpus").score).toBe(evaluate(m, segs).corpus.score);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("rows: column sums score like merged statistics", () => {
    fc.assert(
      fc.property(fc.array(stats, { minLength: 1, maxLength: 8 }), (list) => {
        for (const measure of WER_MEASURES) {
          const m = createWerMetric(measure);
          const rows = m.rows();
          const sums = new Float64Array(4);
          const row = new Float64Array(4);
          for (const s of list) {
            rows.toRow(s, row, 0);
            for (let i = 0; i < 4; i++) sums[i]! += row[i]!;
          }
          const merged = list.reduce((x, y) => m.merge(x, y), m.empty());
          expect(rows.score(sums, list.length, false)).toBe(rows.scoreStats(merged));
          expect(rows.scoreStats(merged)).toBe(m.score(merged, "corpus").score);
        }
      }),
    );
  });

  it("ranges: WER, CER ≥ 0; MER, WIL, WIP in [0, 1]; WIL = 1 − WIP; parseStats round-trips", () => {
    fc.assert(
      fc.property(stats, (s: WerStats) => {
        const m = werMeasures(s);
        expect(m.errorRate).toBeGreaterThanOrEqual(0);
        for (const x of [m.mer, m.wil, m.wip]) {
          expect(x).toBeGreaterThanOrEqual(0);
          expect(x).toBeLessThanOrEqual(1);
        }
        expect(m.wil).toBe(1 - m.wip);
        expect(wer.parseStats(JSON.parse(JSON.stringify(s)))).toEqual(s);
      }),
    );
  });
});
