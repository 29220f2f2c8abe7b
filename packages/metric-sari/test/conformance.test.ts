// SARI against HF evaluate v0.4.6's `sari` and EASSE's `corpus_sari`, run by
// tooling/references/sari/generate.py on the TurkCorpus test set (8 references) and ASSET's test set
// (10 references) with the 21 published system outputs EASSE ships (sari-data.json.gz).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createEasseSari, createSari, easseSari, sari, sentenceEasseSari, sentenceSari } from "@gramscore/metric-sari";

const here = new URL("./data/", import.meta.url);
const read = (name: string) => JSON.parse(gunzipSync(readFileSync(new URL(name, here))).toString("utf8"));
const data = read("sari-data.json.gz");
const golden = read("sari-golden.json.gz");

type SystemGolden = { hf: number; fsum: number; easse: number; easseOps: [number, number, number]; items: number[]; easseItems: number[] };

/** Items' references as streams: references[k][i], null where item i has fewer. */
function streams(refs: string[][]): (string | null)[][] {
  const width = Math.max(...refs.map((r) => r.length));
  return Array.from({ length: width }, (_, k) => refs.map((r) => r[k] ?? null));
}

// HF adds the items' scores left to right in double; gramscore adds them exactly (so statistics merge
// in any order) and rounds once, as math.fsum does. Corpus values are compared bit for bit with the
// fsum values the driver writes, and with HF's within 8 units in the last place at 32-64 (2^-44): a
// left-to-right sum of 359 terms drifts by a few ulp; the largest difference measured on this data is
// 8 units (ASSET, BTRLTS10), most are 0 to 3.
const ULP8 = 2 ** -44;

const sources: string[] = data.sources;

describe.each(Object.keys(golden.sets))("%s references", (set) => {
  const refs: string[][] = data.references[set];
  const systems = golden.sets[set] as Record<string, SystemGolden>;
  const hf = createSari();
  const easse = createEasseSari();

  it("covers 21 systems x 359 items", () => {
    expect(Object.keys(systems)).toHaveLength(21);
    expect(sources).toHaveLength(359);
  });

  for (const [system, g] of Object.entries(systems)) {
    const preds: string[] = data.systems[system];
    it(`${system}: every item's HF and EASSE SARI`, () => {
      expect(g.items).toHaveLength(preds.length);
      preds.forEach((p, i) => {
        expect(sentenceSari(sources[i]!, p, refs[i]!).score, `${system} item ${i}`).toBe(g.items[i]);
        expect(easse.score(easse.stats(p, refs[i]!, sources[i]!), "segment").score, `${system} item ${i} (EASSE)`).toBe(g.easseItems[i]);
      });
    });
    it(`${system}: corpus SARI (HF, EASSE and its operation scores)`, () => {
      const r = sari(sources, preds, streams(refs));
      expect(r.score).toBe(g.fsum);
      expect(Math.abs(r.score - g.hf)).toBeLessThanOrEqual(ULP8);
      expect(r.total).toBe(359);
      const e = easseSari(sources, preds, streams(refs));
      expect(e.score).toBe(g.easse);
      expect([e.add, e.keep, e.delete]).toEqual(g.easseOps);
      // Statistics merged item by item give the same bits as the one-pass corpus.
      let s = hf.empty();
      preds.forEach((p, i) => (s = hf.merge(s, hf.stats(p, refs[i]!, sources[i]!))));
      expect(hf.score(s, "corpus").score).toBe(r.score);
    });
  }
});

describe("hand cases", () => {
  for (const c of golden.cases as {
    name: string;
    sources: string[];
    predictions: string[];
    references: string[][];
    hf: number;
    items: number[];
    normalized: [string, string, string[]][];
    easse?: number;
    easseOps?: [number, number, number];
  }[]) {
    it(c.name, () => {
      const r = sari(c.sources, c.predictions, streams(c.references));
      expect(Math.abs(r.score - c.hf)).toBeLessThanOrEqual(ULP8);
      c.items.forEach((v, i) => expect(sentenceSari(c.sources[i]!, c.predictions[i]!, c.references[i]!).score).toBe(v));
      const m = createSari();
      c.normalized.forEach(([src, pred, refs], i) => {
        const ex = m.explain(c.predictions[i]!, c.references[i]!, c.sources[i]);
        expect(ex.tokens.source.join(" ")).toBe(src);
        expect(ex.tokens.prediction.join(" ")).toBe(pred);
        expect(ex.tokens.references.map((t) => t.join(" "))).toEqual(refs);
        expect(ex.score).toBe(c.items[i]);
      });
      if (c.easse !== undefined) {
        const e = easseSari(c.sources, c.predictions, streams(c.references));
        expect(e.score).toBe(c.easse);
        expect([e.add, e.keep, e.delete]).toEqual(c.easseOps);
      }
    });
  }
  it("HF's docstring example gives HF's documented value", () => {
    expect(golden.cases[0].hf).toBe(26.953601953601954);
    const c = golden.cases[0];
    expect(sentenceSari(c.sources[0], c.predictions[0], c.references[0]).score).toBe(26.953601953601954);
    expect(sentenceEasseSari(c.sources[0], c.predictions[0], c.references[0]).score).toBe(c.easse);
  });
});
