// @gramscore/metric-ter: TER throughput (edits of every segment and the corpus score) on WMT17
// en-de (16 systems x 3004 segments, one reference), beside sacrebleu 2.6.0's TER measured on the
// same data (references.mjs, "sacrebleu-ter-wmt17").
import { evaluate } from "@gramscore/core";
import { createTer, ter } from "@gramscore/metric-ter";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  const first = segments.slice(0, 3004);
  const bySystem = new Map();
  for (const r of records) {
    if (!bySystem.has(r.system)) bySystem.set(r.system, { hyps: [], refs: [] });
    const s = bySystem.get(r.system);
    s.hyps.push(r.hyp);
    s.refs.push(r.refs[0]);
  }
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "ter: evaluate (corpus, one metric for all 16 systems: references tokenized once)",
      input,
      items: segments.length,
      bytes,
      versus: "sacrebleu-ter-wmt17",
      times: 20,
      fn: () => {
        sink += evaluate(createTer(), segments).corpus.score;
      },
    },
    {
      name: "ter: ter(hyps, [refs]) per system, sacrebleu layout (a fresh metric per system)",
      input,
      items: segments.length,
      bytes,
      versus: "sacrebleu-ter-wmt17",
      fn: () => {
        for (const s of bySystem.values()) sink += ter(s.hyps, [s.refs]).score;
      },
    },
    {
      name: "ter: segment scores (stats + score per segment)",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        const m = createTer();
        for (const s of segments) sink += m.score(m.stats(s.hyp, s.refs), "segment").score;
      },
    },
    {
      name: "ter: evaluate, normalized + case-sensitive (first system)",
      input: `${input}, first 3004 segments`,
      items: first.length,
      bytes: bytesOf(first),
      fn: () => {
        sink += evaluate(createTer({ normalized: true, lowercase: false }), first).corpus.score;
      },
    },
  ];
}
