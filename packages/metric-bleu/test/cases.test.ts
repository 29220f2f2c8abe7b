// The hand-written edge cases of ../shared/conformance/cases/cases.jsonl (empty hypotheses and
// references, one-word segments, multi-reference length ties, variable reference counts, Unicode
// whitespace, zh range quirks, …): every BLEU configuration and NLTK method they record.
import { pySplit } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { bleu, corpusBleu, createBleu, formatBleu, nltkCorpusBleuDetails, nltkSentenceBleu, sentenceBleu } from "@gramscore/metric-bleu";
import type { BleuResult } from "@gramscore/metric-bleu";
import { SKIP_MESSAGE, hasShared, readCases } from "../../../tooling/conformance/data.js";
import { Mismatches, toBleuOptions, withoutVersion } from "./expected.js";
import type { SacrebleuOptions, SacrebleuResult } from "./expected.js";

if (!hasShared) console.log(SKIP_MESSAGE);

type ExpectedResult = SacrebleuResult;

interface ExpectedBleu {
  options: SacrebleuOptions;
  signature: string;
  signature_short?: string;
  segment_signature?: string;
  corpus: ExpectedResult;
  segments: ExpectedResult[];
}

function compare(m: Mismatches, r: BleuResult, e: ExpectedResult, at: () => string): void {
  m.same(r.score, e.score, () => `${at()} score`);
  m.same(r.bp, e.bp, () => `${at()} bp`);
  m.allSame(r.precisions, e.precisions, () => `${at()} precisions`);
  m.equal(r.counts, e.counts, () => `${at()} counts`);
  m.equal(r.totals, e.totals, () => `${at()} totals`);
  m.equal([r.sysLen, r.refLen], [e.sys_len, e.ref_len], () => `${at()} lengths`);
  m.same(r.ratio, e.ratio, () => `${at()} ratio`);
  m.check(formatBleu(r) === e.str, () => `${at()} str "${formatBleu(r)}" vs "${e.str}"`);
}

describe.skipIf(!hasShared)("cases.jsonl", () => {
  const cases = hasShared ? readCases() : [];

  it("every BLEU configuration of every case (corpus, segments, signatures)", () => {
    const m = new Mismatches();
    let configs = 0;
    let segments = 0;
    for (const c of cases) {
      for (const [config, raw] of Object.entries(c.expected)) {
        if (!config.startsWith("bleu-")) continue;
        const e = raw as ExpectedBleu;
        const options = toBleuOptions(e.options);
        const N = options.maxNgramOrder!;
        const sig = (s: string) => withoutVersion(s.replace(`|ngram:${N}`, ""));
        const at = () => `${c.id} ${config}`;
        // Corpus: segment-major helper.
        const corpus = corpusBleu(c.segments, options);
        compare(m, corpus, e.corpus, () => `${at()} corpus`);
        m.check(sig(corpus.signature) === withoutVersion(e.signature), () => `${at()} signature ${corpus.signature} vs ${e.signature}`);
        // Corpus: sacrebleu's stream layout, padding missing references with null as sacrebleu's users do.
        const width = Math.max(...c.segments.map((s) => s.refs.length));
        const streams = Array.from({ length: width }, (_, k) => c.segments.map((s) => s.refs[k] ?? null));
        const viaStreams = bleu(c.segments.map((s) => s.hyp), streams, options);
        m.check(viaStreams.score === corpus.score && viaStreams.signature === corpus.signature, () => `${at()} bleu() differs from corpusBleu()`);
        // The metric: raw statistics and the short signature.
        const metric = createBleu(options);
        const stats = metric.corpusStats(c.segments);
        const rs = e.corpus.raw_stats;
        m.equal([stats.sysLen, stats.refLen, ...stats.matches, ...stats.totals], [rs.sys_len, rs.ref_len, ...rs.matches, ...rs.totals], () => `${at()} raw`);
        if (e.signature_short !== undefined) {
          m.check(sig(metric.shortSignature()) === withoutVersion(e.signature_short), () => `${at()} short ${metric.shortSignature()}`);
        }
        // Segments: sentence_score with the same options.
        c.segments.forEach((s, i) => {
          const one = createBleu(options);
          const st = one.stats(s.hyp, s.refs);
          compare(m, one.score(st, "segment"), e.segments[i]!, () => `${at()} segment ${i}`);
          const r = e.segments[i]!.raw_stats;
          m.equal([st.sysLen, st.refLen, ...st.matches, ...st.totals], [r.sys_len, r.ref_len, ...r.matches, ...r.totals], () => `${at()} segment ${i} raw`);
          if (i === c.segments.length - 1 && e.segment_signature !== undefined) {
            m.check(sig(one.signature()) === withoutVersion(e.segment_signature), () => `${at()} segment signature ${one.signature()}`);
          }
          if (options.effectiveOrder === true) {
            const { signature, name, ...viaSentence } = sentenceBleu(s.hyp, s.refs, options);
            m.check(JSON.stringify(viaSentence) === JSON.stringify(one.score(st, "segment")), () => `${at()} sentenceBleu differs`);
            m.check(signature === one.signature(), () => `${at()} sentenceBleu signature ${signature}`);
          }
          segments++;
        });
        configs++;
      }
    }
    console.log(`cases.jsonl: ${cases.length} cases, ${configs} BLEU configuration results and ${segments} segment results compared (${m.identical} of ${m.floats} floats identical)`);
    expect(m.report()).toEqual({ count: 0, first: [] });
    expect(m.identical).toBe(m.floats);
  });

  it("every NLTK method of every case (sentence_bleu and corpus_bleu, errors included)", () => {
    const m = new Mismatches();
    let compared = 0;
    for (const c of cases) {
      const expected = c.expected["nltk-bleu"] as Record<string, { corpus: any; segments: any[] }> | undefined;
      if (expected === undefined) continue;
      const hyps = c.segments.map((s) => pySplit(s.hyp));
      const refs = c.segments.map((s) => s.refs.map((r) => pySplit(r)));
      for (const [name, e] of Object.entries(expected)) {
        const k = Number(name.slice("method".length));
        const at = () => `${c.id} ${name}`;
        const run = (f: () => void, error: string | undefined, what: string) => {
          try {
            f();
            m.check(error === undefined, () => `${at()} ${what}: expected ${error}`);
          } catch (err) {
            const nltkError = (err as { details?: { nltkError?: string } }).details?.nltkError;
            m.check(error !== undefined && nltkError === error, () => `${at()} ${what}: unexpected ${String(err)}`);
          }
          compared++;
        };
        run(
          () => {
            const d = nltkCorpusBleuDetails(refs, hyps, { smoothing: k });
            m.same(d.score, e.corpus.score, () => `${at()} corpus`);
            m.equal(d.matches, e.corpus.matches, () => `${at()} matches`);
            m.equal(d.totals, e.corpus.totals, () => `${at()} totals`);
            m.equal([d.hypLen, d.refLen], [e.corpus.hyp_len, e.corpus.ref_len], () => `${at()} lengths`);
            m.same(d.bp, e.corpus.bp, () => `${at()} bp`);
          },
          e.corpus.error,
          "corpus",
        );
        e.segments.forEach((s, i) => {
          run(() => m.same(nltkSentenceBleu(refs[i]!, hyps[i]!, { smoothing: k }), s.score, () => `${at()} segment ${i}`), s.error, `segment ${i}`);
        });
      }
    }
    console.log(`cases.jsonl: ${compared} NLTK results compared (${m.identical} of ${m.floats} floats identical)`);
    expect(m.report()).toEqual({ count: 0, first: [] });
    expect(m.identical).toBe(m.floats);
  });
});
