// @gramscore/metric-chrf: chrF and chrF++ throughput (statistics of every segment and the corpus
// score), on WMT17 en-de (16 systems x 3004 segments, one reference).
import { evaluate } from "@gramscore/core";
import { chrf, createChrf } from "@gramscore/metric-chrf";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  const hyps = records.map((r) => r.hyp);
  const refs = [records.map((r) => r.refs[0])];
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "chrf: evaluate (corpus, default options)",
      input,
      items: segments.length,
      bytes,
      target: 80_000,
      fn: () => {
        sink += evaluate(createChrf(), segments).corpus.score;
      },
    },
    {
      name: "chrf++: evaluate (corpus, wordOrder 2)",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        sink += evaluate(createChrf({ wordOrder: 2 }), segments).corpus.score;
      },
    },
    {
      name: "chrf: chrf(hyps, [refs]) sacrebleu layout",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        sink += chrf(hyps, refs).score;
      },
    },
    {
      name: "chrf: segment scores (stats + score per segment)",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        const m = createChrf();
        for (const s of segments) sink += m.score(m.stats(s.hyp, s.refs), "segment").score;
      },
    },
  ];
}
