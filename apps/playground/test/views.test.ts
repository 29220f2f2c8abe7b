// @gramscore/report's match views against the real metrics' explain() (the report package itself
// depends on core only, so these checks live here, beside the apps that use both).
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createRouge } from "@gramscore/metric-rouge";
import type { Metric } from "@gramscore/core";
import { createGleu } from "@gramscore/metric-gleu";
import { createMeteor } from "@gramscore/metric-meteor";
import { createNist } from "@gramscore/metric-nist";
import { createTer } from "@gramscore/metric-ter";
import { createWer } from "@gramscore/metric-wer";
import { matchViews } from "@gramscore/report";
import { wordnet } from "@gramscore/wordnet";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { PLAYGROUND_ADAPTERS } from "../src/adapters.js";

const sample = hasShared ? readDataset("mt_wmt22_generaltest2022_en-de").filter((_, i) => i % 61 === 0) : [];

describe.skipIf(!hasShared)(`match views of WMT22 en-de segments${hasShared ? "" : `: ${SKIP_MESSAGE}`}`, () => {
  it("BLEU: marks are explain()'s coverage; clipped unigrams are marked as such; reference marks count the matches", () => {
    const bleu = createBleu();
    for (const r of sample) {
      const e = bleu.explain(r.hyp, r.refs);
      const [v] = matchViews(bleu, r.hyp, r.refs);
      expect(v!.hypothesis.units).toEqual(e.hypothesis);
      const clip = e.orders.length + 1;
      const clipped = new Set(e.orders[0]!.ngrams.filter((g) => g.maxReferenceCount > 0).flatMap((g) => g.positions.slice(g.matched)));
      v!.hypothesis.marks.forEach((m, i) => expect(m).toBe(e.coverage[i]! > 0 ? e.coverage[i] : clipped.has(i) ? clip : 0));
      // Each reference's marked unigrams: exactly the unigram matches credited to that reference.
      e.references.forEach((_, k) => {
        const credited = e.orders[0]!.ngrams.filter((g) => g.reference === k).reduce((n, g) => n + g.matched, 0);
        const marked = v!.references[k]!.marks.filter((m) => m > 0).length;
        expect(marked).toBeGreaterThanOrEqual(credited);
      });
    }
  });

  it("ROUGE-L: the hypothesis tokens marked are those on the LCS with the reference used", () => {
    const rouge = createRouge({ rougeTypes: ["rouge1", "rougeL"] });
    for (const r of sample) {
      const e = rouge.explain(r.hyp, r.refs);
      const views = matchViews(rouge, r.hyp, r.refs);
      const l = views.find((v) => v.title.startsWith("ROUGE rougeL"))!;
      const used = e.types.rougeL!.used[0]!;
      const on = new Set(e.types.rougeL!.references[used]!.alignment!.map((a) => a.hypToken));
      expect(l.hypothesis.marks).toEqual(e.hypothesis.tokens.map((_, i) => (on.has(i) ? 1 : 0)));
      expect(l.hypothesis.marks.filter((m) => m === 1).length).toBe(e.types.rougeL!.references[used]!.hits);
      // rouge1: as many marked hypothesis tokens as clipped unigram matches with the reference used.
      const one = views.find((v) => v.title.startsWith("ROUGE rouge1"))!;
      const matched = e.types.rouge1!.references[e.types.rouge1!.used[0]!]!.matches!.reduce((n, m) => n + m.matched, 0);
      expect(one.hypothesis.marks.filter((m) => m === 1).length).toBe(matched);
    }
  });

  it("chrF: every matched character unigram is marked once; shades never exceed the character order", () => {
    const chrf = createChrf();
    for (const r of sample) {
      const e = chrf.explain(r.hyp, r.refs);
      const [v] = matchViews(chrf, r.hyp, r.refs);
      expect(v!.hypothesis.units.join("")).toBe(r.hyp);
      const unigrams = e.orders.find((o) => o.kind === "char" && o.order === 1)!;
      const marked = v!.hypothesis.marks.filter((m) => m > 0).length;
      // Order-1 matches mark exactly `matches` characters; higher orders can only add marks on characters they cover.
      expect(marked).toBeGreaterThanOrEqual(unigrams.matches);
      expect(Math.max(...v!.hypothesis.marks)).toBeLessThanOrEqual(6);
      const chosen = v!.references[e.reference]!;
      expect(chosen.marks.filter((m) => m > 0).length).toBeGreaterThanOrEqual(unigrams.matches);
    }
  });
});

describe("the playground's match views of TER, METEOR, GLEU, NIST and WER", () => {
  // Real segments when ../shared is there, a few fixed ones otherwise (these checks need no reference data).
  const segs = hasShared
    ? sample.map((r) => ({ hyp: r.hyp, refs: r.refs }))
    : [
        { hyp: "The cat sat on the mat today.", refs: ["Today the cat is sitting on the mat."] },
        { hyp: "It is raining heavily in the city.", refs: ["It rains hard in the city.", "Heavy rain falls in the town."] },
      ];
  const one = (m: Metric<any, any>, hyp: string, refs: readonly string[]) => {
    const views = matchViews(m, hyp, refs, PLAYGROUND_ADAPTERS);
    expect(views).toHaveLength(1);
    return views[0]!;
  };

  it("TER: shifted words, substitutions and deletions on the hypothesis; substitutions and insertions on the reference; counts add up", () => {
    const ter = createTer();
    for (const s of segs) {
      const e = ter.explain(s.hyp, s.refs);
      const v = one(ter, s.hyp, s.refs);
      expect(v.hypothesis.units).toEqual(e.hypTokens);
      expect(v.references[0]!.units).toEqual(e.refTokens);
      const marked = (side: readonly number[], m: number) => side.filter((x) => x === m).length;
      expect(marked(v.hypothesis.marks, 1)).toBe(e.counts.substitutions);
      expect(marked(v.hypothesis.marks, 3)).toBe(e.counts.deletions);
      expect(marked(v.references[0]!.marks, 1)).toBe(e.counts.substitutions);
      expect(marked(v.references[0]!.marks, 2)).toBe(e.counts.insertions);
      expect(v.table!.rows.length).toBe(e.counts.shifts + e.counts.substitutions + e.counts.insertions + e.counts.deletions);
    }
  });

  it("METEOR: every hypothesis token of the best alignment is marked by its stage; one reference side per reference", () => {
    const meteor = createMeteor({ synonyms: wordnet });
    let synonyms = 0;
    for (const s of segs) {
      const e = meteor.explain(s.hyp, s.refs);
      const v = one(meteor, s.hyp, s.refs);
      const best = e.alignments[e.reference]!;
      expect(v.hypothesis.marks.filter((m) => m > 0).length).toBe(best.matches.length);
      for (const m of best.matches) expect(v.hypothesis.marks[m.hyp]).toBe(m.stage === "exact" ? 1 : m.stage === "stem" ? 2 : 4);
      expect(v.references.map((r) => r.units)).toEqual(e.alignments.map((a) => a.refTokens));
      synonyms += best.matches.filter((m) => m.stage === "synonym").length;
    }
    if (!hasShared) expect(synonyms).toBeGreaterThan(0);
  });

  it("GLEU and NIST: at least as many hypothesis tokens marked as unigrams matched (higher orders may mark more), shades within the orders; WER: as many edits marked as jiwer counts", () => {
    const gleu = createGleu();
    const nist = createNist();
    const wer = createWer();
    for (const s of segs) {
      const g = gleu.explain(s.hyp, s.refs);
      const unigrams = g.matched.filter((m) => m.ngram.length === 1).reduce((n, m) => n + m.count, 0);
      const gv = one(gleu, s.hyp, s.refs);
      expect(gv.hypothesis.marks.filter((m) => m > 0).length).toBeGreaterThanOrEqual(unigrams);
      expect(Math.max(0, ...gv.hypothesis.marks)).toBeLessThanOrEqual(4);
      const n = nist.explain(s.hyp, s.refs);
      const nUnigrams = n.orders[0]!.matched.reduce((k, m) => k + m.count, 0);
      const nv = one(nist, s.hyp, s.refs);
      expect(nv.hypothesis.marks.filter((m) => m > 0).length).toBeGreaterThanOrEqual(nUnigrams);
      expect(Math.max(0, ...nv.hypothesis.marks)).toBeLessThanOrEqual(5);
      const w = wer.explain(s.hyp, s.refs.slice(0, 1));
      const v = one(wer, s.hyp, s.refs.slice(0, 1));
      expect(v.hypothesis.marks.filter((m) => m > 0).length).toBe(w.result.substitutions + w.result.insertions);
      expect(v.references[0]!.marks.filter((m) => m > 0).length).toBe(w.result.substitutions + w.result.deletions);
    }
  });
});
