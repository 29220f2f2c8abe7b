// @gramscore/metric-nist: NIST throughput on WMT17 en-de (16 systems x 3004 segments, one reference,
// str.split() tokens), beside NLTK 3.8's corpus_nist / sentence_nist measured on the first system
// (references.mjs, "nltk-nist-wmt17", "nltk-sentence-nist-wmt17").
import { evaluate } from "@gramscore/core";
import { createNist } from "@gramscore/metric-nist";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "nist: evaluate (corpus, per system: weights from that system's references)",
      input,
      items: segments.length,
      bytes,
      versus: "nltk-nist-wmt17",
      fn: () => {
        for (let s = 0; s < 16; s++) sink += evaluate(createNist(), segments.slice(s * 3004, (s + 1) * 3004)).corpus.score;
      },
    },
    {
      name: "nist: sentence NIST of every segment (stats + score per segment)",
      input,
      items: segments.length,
      bytes,
      versus: "nltk-sentence-nist-wmt17",
      fn: () => {
        const m = createNist();
        for (const s of segments) sink += m.score(m.stats(s.hyp, s.refs), "segment").score;
      },
    },
    {
      name: "nist: merge of 16 per-system shards (statistics as JSON) and one corpus score",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        const m = createNist();
        let stats = m.empty();
        for (let s = 0; s < 16; s++) {
          const shard = JSON.parse(JSON.stringify(m.corpusStats(segments.slice(s * 3004, (s + 1) * 3004))));
          stats = m.merge(stats, m.parseStats(shard));
        }
        sink += m.score(stats, "corpus").score;
      },
    },
  ];
}
