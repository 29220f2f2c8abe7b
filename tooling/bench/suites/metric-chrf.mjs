// @gramscore/metric-chrf: chrF and chrF++ throughput (statistics of every segment and the corpus
// score) on WMT17 en-de (16 systems x 3004 segments, one reference), with a string-keyed baseline
// that counts n-grams the way sacrebleu does (Counter of substrings), for scale.
import { evaluate, pySplit } from "@gramscore/core";
import { chrf, createChrf } from "@gramscore/metric-chrf";
import { bytesOf, dataset } from "../inputs.mjs";

/** sacrebleu's character n-gram statistics with string keys (one reference, orders 1-6). */
function baselineStats(hyp, ref) {
  const h = Array.from(pySplit(hyp).join(""));
  const r = Array.from(pySplit(ref).join(""));
  let matches = 0;
  for (let n = 1; n <= 6; n++) {
    const counts = new Map();
    for (let i = 0; i + n <= r.length; i++) {
      const g = r.slice(i, i + n).join("");
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
    const seen = new Map();
    for (let i = 0; i + n <= h.length; i++) {
      const g = h.slice(i, i + n).join("");
      const c = (seen.get(g) ?? 0) + 1;
      seen.set(g, c);
      if (c <= (counts.get(g) ?? 0)) matches++;
    }
  }
  return matches;
}

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  const hyps = records.map((r) => r.hyp);
  const refs = [records.map((r) => r.refs[0])];
  const first = segments.slice(0, 3004);
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "chrf: evaluate (corpus, default options)",
      input,
      items: segments.length,
      bytes,
      target: 80_000,
      versus: "sacrebleu-chrf",
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
    {
      name: "chrf: baseline string-keyed counting (first system)",
      input: `${input}, first 3004 segments`,
      items: first.length,
      bytes: bytesOf(first),
      fn: () => {
        for (const s of first) sink += baselineStats(s.hyp, s.refs[0]);
      },
    },
  ];
}
