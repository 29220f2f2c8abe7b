// @gramscore/report's match views against the real metrics' explain() (the report package itself
// depends on core only, so these checks live here, beside the apps that use both).
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createRouge } from "@gramscore/metric-rouge";
import { matchViews } from "@gramscore/report";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";

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
