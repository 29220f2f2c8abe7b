// @gramscore/metric-wer: WER and CER throughput (counts of every segment and the corpus value) on
// WMT17 en-de (16 systems x 3004 segments, one reference), beside jiwer 3.1.0 measured on the first
// system over rapidfuzz's pure-Python Levenshtein (references.mjs, "jiwer-wer-wmt17", "jiwer-cer-wmt17").
import { evaluate } from "@gramscore/core";
import { createWerMetric, wer } from "@gramscore/metric-wer";
import { LevenshteinAligner } from "@gramscore/ngram";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  const hyps = records.map((r) => r.hyp);
  const refs = records.map((r) => r.refs[0]);
  // The aligner alone, on the word ids of every segment.
  const vocab = new Map();
  const ids = (text) => Int32Array.from(text.split(" ").filter(Boolean), (w) => (vocab.has(w) ? vocab.get(w) : (vocab.set(w, vocab.size), vocab.size - 1)));
  const pairs = records.map((r) => [ids(r.refs[0]), ids(r.hyp)]);
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "wer: evaluate (corpus WER of all 16 systems' segments)",
      input,
      items: segments.length,
      bytes,
      versus: "jiwer-wer-wmt17",
      fn: () => {
        sink += evaluate(createWerMetric("wer"), segments).corpus.score;
      },
    },
    {
      name: "wer: wer(hyps, [refs]), the corpus function",
      input,
      items: segments.length,
      bytes,
      versus: "jiwer-wer-wmt17",
      fn: () => {
        sink += wer(hyps, [refs]).score;
      },
    },
    {
      name: "cer: evaluate (corpus CER)",
      input,
      items: segments.length,
      bytes,
      versus: "jiwer-cer-wmt17",
      fn: () => {
        sink += evaluate(createWerMetric("cer"), segments).corpus.score;
      },
    },
    {
      name: "wer: segment scores (stats + score per segment)",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        const m = createWerMetric("wer");
        for (const s of segments) sink += m.score(m.stats(s.hyp, s.refs), "segment").score;
      },
    },
    {
      name: "ngram: LevenshteinAligner.align on interned word ids (no tokenizing)",
      input,
      items: pairs.length,
      fn: () => {
        const al = new LevenshteinAligner();
        for (const [a, b] of pairs) sink += al.align(a, a.length, b, b.length);
      },
    },
  ];
}
