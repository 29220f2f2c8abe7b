// The page's scoring path (catalog entry → metric → the segments the page gives it → corpus score)
// for the metrics that need sources, score a corpus with its own document frequencies, or read no
// references, against the packages' own functions in Node, on real data of each task (the metric
// packages' test data: TurkCorpus with a published system's outputs, COCO captions with MAGIC's).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { evaluate, isGramscoreError } from "@gramscore/core";
import { character, eed, eedRwth } from "@gramscore/metric-character";
import { cider, ciderOriginal, createCider } from "@gramscore/metric-cider";
import { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";
import { createEasseSari, createSari, easseSari, sari } from "@gramscore/metric-sari";
import { squad, squadV2 } from "@gramscore/metric-squad";
import { beforeAll, describe, expect, it } from "vitest";
import { CATALOG, LAZY_METRICS, METRIC_IDS, loadLazyCatalog, makeMetric } from "../src/catalog.js";
import type { CatalogEntry } from "../src/catalog.js";
import { cardNote, entrySegments, explainsSegment, lines, scoreCard } from "../src/scoring.js";
import { repoRoot } from "./browser.js";

const json = (path: string) => JSON.parse(gunzipSync(readFileSync(join(repoRoot, path))).toString("utf8"));
const sariData = json("packages/metric-sari/test/data/sari-data.json.gz") as { sources: string[]; references: { turkcorpus: string[][] }; systems: Record<string, string[]> };
const ciderData = json("packages/metric-cider/test/data/cider-real.json.gz") as { corpora: { coco: { refs: string[][]; systems: Record<string, string[]> } } };

/** The page's catalog with the lazily loaded metrics' entries. */
let ALL: CatalogEntry[] = [];
beforeAll(async () => {
  ALL = [...CATALOG, ...(await loadLazyCatalog())];
});

const byId = (id: string): CatalogEntry => {
  const e = ALL.find((x) => x.id === id);
  if (e === undefined) throw new Error(`no catalog entry ${id}`);
  return e;
};

/** The page's boxes: hypotheses, the first and second reference of each, sources. */
interface Boxes {
  hyps: string[];
  refs: string[];
  refs2: string[];
  srcs: string[];
}

/** What the page shows for `id` with its defaults on these boxes, by the page's own path. */
function page(id: string, boxes: Boxes) {
  const entry = byId(id);
  const metric = makeMetric(entry, {});
  const segments = boxes.hyps.map((hyp, i) => ({ hyp, refs: [boxes.refs[i]!, boxes.refs2[i]!].filter((r) => r !== undefined) }));
  const segs = entrySegments(entry, boxes.hyps, segments, boxes.srcs);
  return { metric, card: scoreCard(metric, segs), count: segs.length };
}

// 24 TurkCorpus sentences (HF evaluate's SARI test data) with DMASS-DCSS's outputs and two of the eight references.
const N = 24;
const TURK: Boxes = {
  hyps: sariData.systems["DMASS-DCSS"]!.slice(0, N),
  refs: sariData.references.turkcorpus.slice(0, N).map((r) => r[0]!),
  refs2: sariData.references.turkcorpus.slice(0, N).map((r) => r[1]!),
  srcs: sariData.sources.slice(0, N),
};
// 30 COCO images with MAGIC's captions and two of the five references.
const COCO: Boxes = {
  hyps: ciderData.corpora.coco.systems.magic!.slice(0, 30),
  refs: ciderData.corpora.coco.refs.slice(0, 30).map((r) => r[0]!),
  refs2: ciderData.corpora.coco.refs.slice(0, 30).map((r) => r[1]!),
  srcs: [],
};

describe("the page's scoring path gives the packages' numbers", () => {
  it("SARI and EASSE's SARI: line i of the sources box is hypothesis i's source", () => {
    const { card, metric } = page("sari", TURK);
    const want = sari(TURK.srcs, TURK.hyps, [TURK.refs, TURK.refs2]);
    expect(card.result).toEqual(want);
    expect(card.parts).toEqual(createSari().format(want).split(" | "));
    expect(card.signature).toBe(metric.signature(evaluate(createSari(), TURK.hyps.map((hyp, i) => ({ hyp, refs: [TURK.refs[i]!, TURK.refs2[i]!], src: TURK.srcs[i]! }))).stats));
    const easse = page("easse_sari", TURK);
    expect(easse.card.result).toEqual(easseSari(TURK.srcs, TURK.hyps, [TURK.refs, TURK.refs2]));
    expect(easse.card.parts).toEqual(createEasseSari().format(easse.card.result as never).split(" | "));
  });

  it("SARI without sources that fit: a coded LENGTH_MISMATCH saying how many lines came", () => {
    let error: unknown;
    try {
      page("sari", { ...TURK, srcs: TURK.srcs.slice(0, 5) });
    } catch (e) {
      error = e;
    }
    expect(isGramscoreError(error) && error.code).toBe("LENGTH_MISMATCH");
    expect(String((error as Error).message)).toMatch(/the sources box has 5 lines and there are 24 hypotheses\. Put on line i the sentence hypothesis i was made from\./);
  });

  it("CIDEr-D and CIDEr: document frequencies from the references of every segment of the page", () => {
    const d = page("cider", COCO);
    const want = cider(COCO.hyps, [COCO.refs, COCO.refs2]);
    expect(d.card.result).toEqual(want);
    expect(d.card.parts).toEqual([createCider().format(want)]);
    expect(d.card.signature).toContain("df:corpus");
    expect((page("cider-original", COCO).card.result as { score: number }).score).toBe(ciderOriginal(COCO.hyps, [COCO.refs, COCO.refs2]).score);
    // The same caption scored alone, as one segment: every idf is 0, so CIDEr-D is 0 (and the card says why).
    const one = page("cider", { hyps: COCO.hyps.slice(0, 1), refs: COCO.refs.slice(0, 1), refs2: COCO.refs2.slice(0, 1), srcs: [] });
    expect((one.card.result as { score: number }).score).toBe(0);
    expect(want.scores[0]).toBeGreaterThan(0);
    expect(cardNote(byId("cider"), 1)).toMatch(/with one segment every n-gram's idf is log 1 − log 1 = 0, so the score is 0/);
    expect(cardNote(byId("cider"), 30)).toBe("document frequencies come from the references of all 30 segments");
  });

  it("characTER, EED (torchmetrics) and EED (rwth-i6's C++) on the page's segments", () => {
    const streams = [COCO.refs, COCO.refs2];
    expect(page("character", COCO).card.result).toEqual(character(COCO.hyps, streams));
    expect(page("eed", COCO).card.result).toEqual(eed(COCO.hyps, streams));
    expect(page("eed_rwth", COCO).card.result).toEqual(eedRwth(COCO.hyps, streams));
    expect(page("squad", COCO).card.result).toEqual(squad(COCO.hyps, streams));
  });

  it("SQuAD v2.0: an empty hypothesis is no answer, empty references an unanswerable question, every no-answer probability 0", () => {
    // Every fifth question unanswerable (both reference lines empty), every third hypothesis "no answer".
    const v2: Boxes = {
      hyps: COCO.hyps.map((h, i) => (i % 3 === 0 ? "" : h)),
      refs: COCO.refs.map((r, i) => (i % 5 === 0 ? "" : r)),
      refs2: COCO.refs2.map((r, i) => (i % 5 === 0 ? "" : r)),
      srcs: [],
    };
    const want = squadV2(v2.hyps, [v2.refs, v2.refs2]);
    const shown = page("squad_v2", v2);
    expect(shown.card.result).toEqual(want);
    expect(want).toMatchObject({ hasAns: { total: 24 }, noAns: { total: 6 } });
    // Of the six unanswerable questions, 0 and 15 are answered "no answer" (exact), the others not.
    expect(want.noAns!.exact).toBeCloseTo(100 / 3, 12);
    expect(squadV2(v2.hyps, [v2.refs, v2.refs2], { noAnswerProbabilities: v2.hyps.map(() => 0) })).toEqual(want);
    expect(cardNote(byId("squad_v2"), 30)).toMatch(/no-answer probability is 0/);
  });

  it("distinct-n and Self-BLEU score the hypotheses alone: references of any length are not read", () => {
    const noRefs: Boxes = { hyps: COCO.hyps, refs: [], refs2: [], srcs: [] };
    const hypOnly = COCO.hyps.map((hyp) => ({ hyp, refs: [] }));
    for (const [id, make] of [
      ["distinct", () => createDistinct()],
      ["distinct-mean", () => createDistinctMean()],
      ["self-bleu", () => createSelfBleu()],
      ["self-bleu-sacrebleu", () => createSacrebleuSelfBleu()],
    ] as const) {
      const m = make();
      const want = evaluate(m as never, hypOnly);
      const shown = page(id, noRefs);
      expect(shown.card.result, id).toEqual(want.corpus);
      expect(shown.card.signature, id).toBe(want.signature);
      expect(shown.count).toBe(COCO.hyps.length);
      // With references typed, the same numbers.
      expect(page(id, COCO).card.result, id).toEqual(want.corpus);
    }
    expect(cardNote(byId("self-bleu"), 30)).toBe("scored over the 30 hypotheses as a set; references are not read");
  });

  it("the catalog says which metrics need sources, read no references, or take corpus df; only the others draw segment views", async () => {
    // What the page knows before the chunk loads (the sources box, the order) agrees with the descriptors.
    const loaded = await loadLazyCatalog();
    expect(loaded.map((e) => e.id)).toEqual(LAZY_METRICS.map((l) => l.id));
    for (const [i, l] of LAZY_METRICS.entries()) {
      const e = loaded[i]!;
      expect([e.needsSource, e.referenceFree, e.corpusDf, e.label], l.id).toEqual([l.needsSource, l.referenceFree, l.corpusDf, l.label]);
      expect(e.needsSource, l.id).toBe(e.descriptor.needsSource === true);
      expect(e.referenceFree, l.id).toBe(e.descriptor.referenceFree === true);
    }
    expect(METRIC_IDS).toEqual(ALL.map((e) => e.id));
    const kinds = (pred: (e: CatalogEntry) => boolean) => ALL.filter(pred).map((e) => e.id);
    expect(kinds((e) => e.needsSource)).toEqual(["sari", "easse_sari"]);
    expect(kinds((e) => e.referenceFree)).toEqual(["distinct", "distinct-mean", "self-bleu", "self-bleu-sacrebleu"]);
    expect(kinds((e) => e.corpusDf)).toEqual(["cider", "cider-original"]);
    expect(kinds((e) => !explainsSegment(e))).toEqual(["cider", "cider-original", "sari", "easse_sari", "distinct", "distinct-mean", "self-bleu", "self-bleu-sacrebleu"]);
    expect(lines("")).toEqual([]);
    expect(lines("a\n")).toEqual(["a", ""]);
  });
});
