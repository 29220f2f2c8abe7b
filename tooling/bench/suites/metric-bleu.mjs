// @gramscore/metric-bleu: BLEU from raw text (tokenization included) on WMT17 en-de, 16 systems x 3004
// segments, 1 reference. One item = one segment (its hypothesis and reference tokenized and counted).
// Every run creates its metrics afresh, so nothing is kept between runs.
// - "corpus, 16 systems": one metric scores each system's corpus, as sacrebleu scores several systems
//   against the same references (its CLI builds the reference cache once; its tokenizers keep an
//   lru_cache): each reference is tokenized once per run and found in the metric's bounded reference
//   cache for the other 15 systems.
// - "bleu() per system": a fresh metric per system call, so every reference is tokenized 16 times.
// - "sentence (metric)": every segment scored on its own with effective order (sacrebleu's
//   sentence_bleu), with a metric created in the run.
// - "sentenceBleu()": the convenience function, whose default metric (and its reference cache) lives
//   across calls and runs, so after the first run every reference is found in the cache.
// The NLTK and evaluate modes are listed for comparison.
import { createBleu, bleu, createHfBleu, createNltkBleu, sentenceBleu } from "@gramscore/metric-bleu";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function suite() {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const input = "mt_wmt17_newstest2017_en-de (16 systems, hyp + 1 ref)";
  const systems = new Map();
  for (const r of records) {
    let s = systems.get(r.system);
    if (s === undefined) systems.set(r.system, (s = { hyps: [], refs: [] }));
    s.hyps.push(r.hyp);
    s.refs.push(r.refs[0]);
  }
  const groups = [...systems.values()];
  let sink = 0;

  const perSegment = (make) => () => {
    const metric = make();
    for (const r of records) sink += metric.summarize(metric.score(metric.stats(r.hyp, r.refs), "segment")).score;
  };

  for (const g of groups) g.segments = g.hyps.map((hyp, i) => ({ hyp, refs: [g.refs[i]] }));

  return [
    {
      name: "bleu: corpus BLEU, 16 systems, one metric (13a, exp)",
      input,
      items: records.length,
      bytes,
      target: 200_000,
      versus: "sacrebleu-corpus-bleu",
      fn: () => {
        const metric = createBleu();
        for (const g of groups) sink += metric.score(metric.corpusStats(g.segments), "corpus").score;
      },
    },
    {
      name: "bleu: bleu(hyps, [refs]) per system, fresh metric each",
      input,
      items: records.length,
      bytes,
      fn: () => {
        for (const g of groups) sink += bleu(g.hyps, [g.refs]).score;
      },
    },
    {
      name: "bleu: sentence BLEU, every segment (metric)",
      input,
      items: records.length,
      bytes,
      target: 100_000,
      versus: "sacrebleu-sentence-bleu",
      fn: perSegment(() => createBleu({ effectiveOrder: true })),
    },
    {
      name: "bleu: sentenceBleu(), every segment",
      input,
      items: records.length,
      bytes,
      fn: () => {
        for (const r of records) sink += sentenceBleu(r.hyp, r.refs).score;
      },
    },
    {
      name: "bleu: corpus BLEU, intl",
      input,
      items: records.length,
      bytes,
      fn: () => {
        for (const g of groups) sink += bleu(g.hyps, [g.refs], { tokenize: "intl" }).score;
      },
    },
    {
      name: "bleu: corpus BLEU, char",
      input,
      items: records.length,
      bytes,
      fn: () => {
        for (const g of groups) sink += bleu(g.hyps, [g.refs], { tokenize: "char" }).score;
      },
    },
    {
      name: "nltk-bleu: sentence, every segment (method3)",
      input,
      items: records.length,
      bytes,
      fn: perSegment(() => createNltkBleu({ smoothing: 3 })),
    },
    {
      name: "bleu-hf: sentence, every segment",
      input,
      items: records.length,
      bytes,
      fn: perSegment(() => createHfBleu({ smooth: true })),
    },
  ];
}
