// @gramscore/metric-gleu: GLEU throughput on WMT17 en-de (16 systems x 3004 segments, one reference,
// str.split() tokens as NLTK is usually fed), beside NLTK 3.8's corpus_gleu / sentence_gleu measured on
// the first system (references.mjs, "nltk-gleu-wmt17", "nltk-sentence-gleu-wmt17").
import { evaluate } from "@gramscore/core";
import { createGleu, createGoogleBleu } from "@gramscore/metric-gleu";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "gleu: evaluate (corpus, per system), whitespace tokens",
      input,
      items: segments.length,
      bytes,
      versus: "nltk-gleu-wmt17",
      fn: () => {
        for (let s = 0; s < 16; s++) sink += evaluate(createGleu(), segments.slice(s * 3004, (s + 1) * 3004)).corpus.score;
      },
    },
    {
      name: "gleu: sentence GLEU of every segment (stats + score per segment)",
      input,
      items: segments.length,
      bytes,
      versus: "nltk-sentence-gleu-wmt17",
      fn: () => {
        const m = createGleu();
        for (const s of segments) sink += m.score(m.stats(s.hyp, s.refs), "segment").score;
      },
    },
    {
      name: "google_bleu: evaluate (corpus), 13a tokens",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        sink += evaluate(createGoogleBleu(), segments).corpus.score;
      },
    },
  ];
}
