// NLTK 3.8 (nltk-bleu, methods 0-7) and HuggingFace evaluate (bleu-hf, bleu-hf-smooth) on the shared
// MT data: per line and per system, every float identical to the last bit, errors where the reference
// raised.
import { pySplit } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { createHfBleu, createNltkBleu, hfBleu, nltkCorpusBleuDetails, nltkSentenceBleu } from "@gramscore/metric-bleu";
import type { HfBleuStats } from "@gramscore/metric-bleu";
import { MT_DATASETS, SKIP_MESSAGE, hasExpected, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { Mismatches, readCorpus, readSegments } from "./expected.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const METHODS = [0, 1, 2, 3, 4, 5, 6, 7] as const;

interface NltkSegment {
  hyp_len: number;
  ref_len: number;
  p_n: [number, number][];
  scores: Record<string, number>;
  errors?: Record<string, string>;
}

interface NltkCorpus {
  systems: {
    system: string;
    first_line: number;
    last_line: number;
    corpus: Record<string, { score: number | null; matches: number[]; totals: number[]; hyp_len: number; ref_len: number; bp: number; error?: string }>;
    segment_errors: Record<string, number>;
  }[];
}

interface HfResult {
  bleu: number | null;
  precisions?: number[];
  brevity_penalty?: number;
  length_ratio?: number;
  translation_length?: number;
  reference_length?: number;
  error?: string;
}

describe.skipIf(!hasShared)("NLTK 3.8 BLEU (nltk-bleu) on the shared data", () => {
  it("sentence_bleu per line and corpus_bleu per system, methods 0-7, errors included", () => {
    const dataset = "mt_wmt17_newstest2017_en-de";
    const lines = readDataset(dataset);
    const perLine = readSegments<NltkSegment | null>(dataset, "nltk-bleu")!;
    const expected = readCorpus<NltkCorpus>(dataset, "nltk-bleu");
    const m = new Mismatches();
    let segments = 0;
    let errors = 0;
    for (const sys of expected.systems) {
      const hyps: string[][] = [];
      const refs: string[][][] = [];
      for (let i = sys.first_line; i <= sys.last_line; i++) {
        const e = perLine[i]!;
        const hyp = pySplit(lines[i]!.hyp);
        const rs = lines[i]!.refs.map((r) => pySplit(r));
        hyps.push(hyp);
        refs.push(rs);
        for (const k of METHODS) {
          const name = `method${k}`;
          const at = () => `line ${i} ${name}`;
          if (k === 0) {
            const d = nltkCorpusBleuDetails([rs], [hyp]);
            m.equal([d.hypLen, d.refLen], [e.hyp_len, e.ref_len], () => `${at()} lengths`);
            m.equal(d.matches, e.p_n.map((p) => p[0]), () => `${at()} numerators`);
            m.equal(d.totals, e.p_n.map((p) => p[1]), () => `${at()} denominators`);
          }
          const want = e.errors?.[name];
          try {
            const got = nltkSentenceBleu(rs, hyp, { smoothing: k });
            m.check(want === undefined, () => `${at()}: expected ${want}, got ${got}`);
            if (want === undefined) m.same(got, e.scores[name]!, at);
          } catch (error) {
            const nltkError = (error as { details?: { nltkError?: string } }).details?.nltkError;
            m.check(want !== undefined && nltkError === want, () => `${at()}: unexpected ${String(error)}`);
            errors++;
          }
        }
        segments++;
      }
      for (const k of METHODS) {
        const name = `method${k}`;
        const c = sys.corpus[name]!;
        const at = () => `${sys.system} corpus ${name}`;
        try {
          const d = nltkCorpusBleuDetails(refs, hyps, { smoothing: k });
          m.check(c.error === undefined, () => `${at()}: expected ${c.error}`);
          m.same(d.score, c.score!, at);
          m.equal(d.matches, c.matches, () => `${at()} matches`);
          m.equal(d.totals, c.totals, () => `${at()} totals`);
          m.equal([d.hypLen, d.refLen], [c.hyp_len, c.ref_len], () => `${at()} lengths`);
          m.same(d.bp, c.bp, () => `${at()} bp`);
        } catch (error) {
          m.check(c.error !== undefined, () => `${at()}: unexpected ${String(error)}`);
        }
        // The metric (mergeable statistics) supports methods 0-4 and must give the same numbers.
        if (k <= 4) {
          const metric = createNltkBleu({ smoothing: k });
          let total = metric.empty();
          for (let i = sys.first_line; i <= sys.last_line; i++) total = metric.merge(total, metric.stats(lines[i]!.hyp, lines[i]!.refs));
          m.same(metric.score(total, "corpus").score, c.score!, () => `${at()} via the metric`);
        }
      }
      m.check(errors === sys.segment_errors.method6, () => `method6 errors ${errors} vs ${sys.segment_errors.method6}`);
    }
    console.log(
      `nltk-bleu: ${segments} segments x 8 methods and ${expected.systems.length} system(s) compared, ${errors} expected errors reproduced, ` +
        `${m.identical} of ${m.floats} floats identical, largest difference ${m.maxDelta.toExponential(2)}`,
    );
    expect(m.report()).toEqual({ count: 0, first: [] });
    expect(m.identical).toBe(m.floats);
  });
});

describe.skipIf(!hasShared)("HuggingFace evaluate bleu (bleu-hf, bleu-hf-smooth) on the shared data", () => {
  for (const dataset of MT_DATASETS) {
    if (hasShared && !hasExpected(dataset, "bleu-hf.corpus.json")) continue;
    it(dataset, () => {
      const lines = readDataset(dataset);
      const counter = createHfBleu();
      const stats = lines.map((r) => counter.stats(r.hyp, r.refs));
      const m = new Mismatches();
      let segments = 0;
      let systems = 0;
      let raised = 0;
      for (const [config, smooth] of [
        ["bleu-hf", false],
        ["bleu-hf-smooth", true],
      ] as const) {
        const metric = createHfBleu({ smooth });
        const perLine = readSegments<HfResult>(dataset, config)!;
        const expected = readCorpus<{ systems: { system: string; first_line: number; last_line: number; corpus: HfResult }[] }>(dataset, config);
        const compare = (got: () => ReturnType<typeof metric.score>, e: HfResult, at: () => string) => {
          try {
            const r = got();
            m.check(e.error === undefined, () => `${at()}: expected ${e.error}`);
            m.same(r.bleu, e.bleu!, at);
            m.allSame(r.precisions, e.precisions!, () => `${at()} precisions`);
            m.same(r.brevityPenalty, e.brevity_penalty!, () => `${at()} bp`);
            m.same(r.lengthRatio, e.length_ratio!, () => `${at()} ratio`);
            m.equal([r.translationLength, r.referenceLength], [e.translation_length!, e.reference_length!], () => `${at()} lengths`);
          } catch (error) {
            m.check(e.error === "ZeroDivisionError: float division by zero", () => `${at()}: unexpected ${String(error)}`);
            raised++;
          }
        };
        for (let i = 0; i < lines.length; i++) {
          compare(() => metric.score(stats[i]!, "segment"), perLine[i]!, () => `${dataset} ${config} line ${i}`);
          segments++;
        }
        for (const sys of expected.systems) {
          let total: HfBleuStats = metric.empty();
          for (let i = sys.first_line; i <= sys.last_line; i++) total = metric.merge(total, stats[i]!);
          compare(() => metric.score(total, "corpus"), sys.corpus, () => `${dataset} ${config} ${sys.system}`);
          systems++;
        }
        // The convenience function in evaluate's layout gives the same corpus result.
        const first = expected.systems[0]!;
        const slice = lines.slice(first.first_line, first.last_line + 1);
        const width = Math.max(...slice.map((r) => r.refs.length));
        const streams = Array.from({ length: width }, (_, k) => slice.map((r) => r.refs[k] ?? null));
        compare(() => hfBleu(slice.map((r) => r.hyp), streams, { smooth }), first.corpus, () => `${dataset} ${config} hfBleu()`);
      }
      console.log(
        `${dataset}: bleu-hf and bleu-hf-smooth, ${segments} segment and ${systems} system results compared, ` +
          `${raised} ZeroDivisionErrors reproduced, ${m.identical} of ${m.floats} floats identical, largest difference ${m.maxDelta.toExponential(2)}`,
      );
      expect(m.report()).toEqual({ count: 0, first: [] });
      expect(m.identical).toBe(m.floats);
    });
  }
});
