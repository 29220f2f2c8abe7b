// Real-data checks against the statistics sacrebleu 2.6.0 and rouge-score 0.1.2 computed
// (../shared/conformance). Tokenization is taken from the recorded tokenizer outputs where the
// reference used a real tokenizer, so these tests exercise this package's counting, clipping and
// LCS code only.
import { pySplit } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import {
  NgramTable,
  Vocabulary,
  clippedMatches,
  countCharNgrams,
  countNgrams,
  lcsLength,
  matchStatistics,
  maxCounts,
  overlap,
  unionLcsIndices,
} from "@gramscore/ngram";
import {
  MT_DATASETS,
  SKIP_MESSAGE,
  hasExpected,
  hasShared,
  readDataset,
  readJsonl,
  readTokens,
  type TokenRecord,
} from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

/** The recorded tokenizer outputs of a dataset, grouped per data line: [hyp, ref0, ref1, …]. */
function tokenLines(dataset: string): Map<number, TokenRecord[]> {
  const out = new Map<number, TokenRecord[]>();
  for (const t of readTokens(`${dataset}.tokens.jsonl.gz`)) {
    const list = out.get(t.line) ?? [];
    const slot = t.field === "hyp" ? 0 : Number(/^refs\[(\d+)\]$/.exec(t.field)![1]) + 1;
    list[slot] = t;
    out.set(t.line, list);
  }
  return out;
}

describe.skipIf(!hasShared)("sacrebleu BLEU n-gram statistics (recorded tokenizer outputs)", () => {
  for (const [tok, config] of [
    ["13a", "bleu-13a"],
    ["intl", "bleu-intl"],
    ["zh", "bleu-zh"],
  ] as const) {
    it(`matches / totals equal ${config} per segment on every dataset`, () => {
      let segments = 0;
      let datasets = 0;
      for (const dataset of MT_DATASETS) {
        if (!hasExpected(dataset, `${config}.segments.jsonl.gz`)) continue;
        const expected = readJsonl<{ matches: number[]; totals: number[]; sys_len: number } | null>(
          `expected/${dataset}/${config}.segments.jsonl.gz`,
        );
        datasets++;
        for (const [line, fields] of tokenLines(dataset)) {
          const exp = expected[line];
          if (exp == null) continue;
          const vocab = new Vocabulary();
          const table = new NgramTable();
          const [hyp, ...refs] = fields.map((f) => vocab.ids(pySplit(f[tok])));
          const h = countNgrams(table, hyp!, 4);
          const refMax = maxCounts(refs.map((r) => countNgrams(table, r, 4)));
          expect({ line, matches: Array.from(clippedMatches(h, refMax)), totals: Array.from(h.totals) }).toEqual({
            line,
            matches: exp.matches,
            totals: exp.totals,
          });
          segments++;
        }
      }
      console.log(`${config}: ${segments} segments of ${datasets} datasets compared`);
      expect(segments).toBeGreaterThan(1000);
    });
  }
});

/** sacrebleu's string.punctuation set. */
const PUNCT = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');

/** sacrebleu CHRF._remove_punctuation (chrF++ words): split one leading or trailing punctuation mark. */
function chrfWords(sent: string): string[] {
  const out: string[] = [];
  for (const w of pySplit(sent)) {
    if (Array.from(w).length === 1) out.push(w);
    else if (PUNCT.has(w[w.length - 1]!)) out.push(w.slice(0, -1), w[w.length - 1]!);
    else if (PUNCT.has(w[0]!)) out.push(w[0]!, w.slice(1));
    else out.push(w);
  }
  return out;
}

/** sacrebleu CHRF._compute_f_score with effective order (the default), beta 2. */
function chrfF(stats: ArrayLike<number>): number {
  const factor = 4;
  let avgPrec = 0;
  let avgRec = 0;
  let eff = 0;
  for (let i = 0; i < stats.length / 3; i++) {
    const nHyp = stats[3 * i]!;
    const nRef = stats[3 * i + 1]!;
    const nMatch = stats[3 * i + 2]!;
    const prec = nHyp > 0 ? nMatch / nHyp : 1e-16;
    const rec = nRef > 0 ? nMatch / nRef : 1e-16;
    if (nHyp > 0 && nRef > 0) {
      avgPrec += prec;
      avgRec += rec;
      eff++;
    }
  }
  if (eff === 0) avgPrec = avgRec = 0;
  else {
    avgPrec /= eff;
    avgRec /= eff;
  }
  if (avgPrec + avgRec === 0) return 0;
  return (100 * ((1 + factor) * avgPrec * avgRec)) / (factor * avgPrec + avgRec);
}

describe.skipIf(!hasShared)("sacrebleu chrF++ statistics", () => {
  // The first three systems of each file (their lines are contiguous), to keep the suite quick;
  // the chrF metric package checks every line.
  for (const dataset of ["mt_wmt17_newstest2017_en-de", "mt_wmt22_generaltest2022_en-de"]) {
    it(`char orders 1-6 and word orders 1-2 equal chrfpp stats on ${dataset} (3 systems)`, () => {
      const all = readDataset(dataset);
      const systems = [...new Set(all.map((r) => r.system))].slice(0, 3);
      let end = 0;
      while (end < all.length && systems.includes(all[end]!.system)) end++;
      const data = all.slice(0, end); // line i of data is line i of the expected file
      const expected = readJsonl<{ stats: number[] }>(`expected/${dataset}/chrfpp.segments.jsonl.gz`);
      const chars = new NgramTable();
      const words = new NgramTable();
      const vocab = new Vocabulary();
      let compared = 0;
      for (let line = 0; line < data.length; line++) {
        const r = data[line]!;
        chars.clear();
        words.clear();
        const hc = countCharNgrams(chars, pySplit(r.hyp).join(""), 6);
        const hw = countNgrams(words, vocab.ids(chrfWords(r.hyp)), 2);
        let best: number[] = [];
        let bestF = -1;
        for (const ref of r.refs) {
          const stats = [
            ...matchStatistics(hc, countCharNgrams(chars, pySplit(ref).join(""), 6)),
            ...matchStatistics(hw, countNgrams(words, vocab.ids(chrfWords(ref)), 2)),
          ];
          const f = chrfF(stats);
          if (f > bestF) {
            bestF = f;
            best = stats;
          }
        }
        if (best.join() !== expected[line]!.stats.join()) expect({ line, stats: best }).toEqual({ line, stats: expected[line]!.stats });
        compared++;
      }
      console.log(`chrfpp ${dataset}: ${compared} segments of ${systems.length} systems compared`);
      expect(compared).toBe(data.length);
      expect(compared).toBeGreaterThan(6000);
    });
  }
});

/** rouge-score's tokenizer without stemming. */
function rougeTokens(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .split(/\s+/)
    .filter((t) => /^[a-z0-9]+$/.test(t));
}

/** rouge_score.scoring.fmeasure. */
const fmeasure = (p: number, r: number) => (p + r > 0 ? (2 * p * r) / (p + r) : 0);
const score = (p: number, r: number) => ({ precision: p, recall: r, fmeasure: fmeasure(p, r) });
const ZERO = { precision: 0, recall: 0, fmeasure: 0 };

describe.skipIf(!hasShared)("rouge-score ROUGE-N / L / Lsum", () => {
  it("rouge1-3 (overlap), rougeL (lcsLength) and rougeLsum (unionLcsIndices) equal rouge-score bit for bit", () => {
    const dataset = "sum_cnndm_ptrgen_public";
    const data = readDataset(dataset);
    const expected = readJsonl<Record<string, { precision: number; recall: number; fmeasure: number }>>(
      `expected/${dataset}/rouge.segments.jsonl.gz`,
    );
    const vocab = new Vocabulary();
    const table = new NgramTable();
    let compared = 0;
    for (let line = 0; line < data.length; line++) {
      const r = data[line]!;
      const target = vocab.ids(rougeTokens(r.refs[0]!));
      const pred = vocab.ids(rougeTokens(r.hyp));
      table.clear();
      const t = countNgrams(table, target, 3);
      const p = countNgrams(table, pred, 3);
      const ov = overlap(t, p);
      const got: Record<string, unknown> = {};
      for (let n = 1; n <= 3; n++) {
        got[`rouge${n}`] = score(ov[n - 1]! / Math.max(p.totals[n - 1]!, 1), ov[n - 1]! / Math.max(t.totals[n - 1]!, 1));
      }
      if (target.length === 0 || pred.length === 0) got.rougeL = ZERO;
      else {
        const l = lcsLength(target, pred);
        got.rougeL = score(l / pred.length, l / target.length);
      }
      got.rougeLsum = rougeLsum(vocab, r.refs[0]!, r.hyp);
      expect({ line, ...got }).toEqual({ line, ...expected[line] });
      compared++;
    }
    console.log(`rouge ${dataset}: ${compared} segments compared`);
  });
});

/** rouge-score _summary_level_lcs on "\n"-separated sentences. */
function rougeLsum(vocab: Vocabulary, target: string, prediction: string) {
  const sents = (text: string) =>
    text
      .split("\n")
      .filter((s) => s.length > 0)
      .map((s) => vocab.ids(rougeTokens(s)));
  const refSents = sents(target);
  const canSents = sents(prediction);
  if (refSents.length === 0 || canSents.length === 0) return ZERO;
  const m = refSents.reduce((s, x) => s + x.length, 0);
  const n = canSents.reduce((s, x) => s + x.length, 0);
  if (m === 0 || n === 0) return ZERO;
  const cntR = new Map<number, number>();
  const cntC = new Map<number, number>();
  for (const s of refSents) for (const t of s) cntR.set(t, (cntR.get(t) ?? 0) + 1);
  for (const s of canSents) for (const t of s) cntC.set(t, (cntC.get(t) ?? 0) + 1);
  let hits = 0;
  for (const r of refSents) {
    for (const i of unionLcsIndices(r, canSents)) {
      const t = r[i]!;
      if ((cntC.get(t) ?? 0) > 0 && (cntR.get(t) ?? 0) > 0) {
        hits++;
        cntC.set(t, cntC.get(t)! - 1);
        cntR.set(t, cntR.get(t)! - 1);
      }
    }
  }
  return score(hits / n, hits / m);
}
