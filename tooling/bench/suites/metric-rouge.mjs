// @gramscore/metric-rouge: corpus scoring throughput (statistics of every segment, merged). One item =
// one segment: its hypothesis against all of its references. "one pass" cases run `evaluate` with a
// new metric in each run, so every run starts with empty word caches and stems the corpus vocabulary
// again, as one pass over a corpus does; "stats + merge" does the same segment by segment, as an
// accumulator or a stream does; "warm" cases reuse one metric across runs, the per-segment cost of a
// long stream once its vocabulary is known (the vocabulary is stemmed once per metric, not per segment).
import { evaluate } from "@gramscore/core";
import { createRouge } from "@gramscore/metric-rouge";
import * as jsRouge from "js-rouge";
import { bytesOf, dataset } from "../inputs.mjs";

/** The corpus result through `evaluate` (which uses the metric's one-pass `corpusStats`). */
function run(records, options) {
  return () => evaluate(createRouge(options), records).corpus;
}

/** The same through `stats` + `merge` per segment (what an accumulator or a stream does). */
function perSegment(records, options) {
  return () => {
    const metric = createRouge(options);
    let total = metric.empty();
    for (const r of records) total = metric.merge(total, metric.stats(r.hyp, r.refs));
    return metric.score(total, "corpus");
  };
}

function warm(records, options) {
  const metric = createRouge(options);
  return () => metric.score(metric.corpusStats(records), "corpus");
}

export default async function suite() {
  const cnndm = dataset("sum_cnndm_ptrgen_public");
  const summeval = dataset("sum_summeval");
  const cnndmBytes = bytesOf(cnndm);
  const summevalBytes = bytesOf(summeval);
  const r155 = { mode: "rouge155", rougeTypes: ["rouge1", "rouge2", "rouge3", "rouge4", "rougeL", "rougeW", "rougeS", "rougeSU"], stemmer: "porter" };
  const wmt17 = dataset("mt_wmt17_newstest2017_en-de");
  const wmt17Bytes = bytesOf(wmt17);
  const rouge12L = { rougeTypes: ["rouge1", "rouge2", "rougeL"], stemmer: "porter" };
  return [
    {
      // The published reference speeds are for segments of about 25 words with one reference:
      // WMT17 en-de is such data (rouge-score: 2,472 segments/s on its first 3,004 segments).
      name: "rouge: rouge1+2+L stem, one pass",
      input: "mt_wmt17_newstest2017_en-de (1 ref)",
      items: wmt17.length,
      bytes: wmt17Bytes,
      target: 100_000,
      versus: "rouge-score-wmt17-stem",
      fn: run(wmt17, rouge12L),
    },
    {
      name: "rouge: rouge1+2+L stem, stats + merge per segment",
      input: "mt_wmt17_newstest2017_en-de (1 ref)",
      items: wmt17.length,
      bytes: wmt17Bytes,
      versus: "rouge-score-wmt17-stem",
      fn: perSegment(wmt17, rouge12L),
    },
    {
      name: "rouge: rouge1+2+L, one pass",
      input: "mt_wmt17_newstest2017_en-de (1 ref)",
      items: wmt17.length,
      bytes: wmt17Bytes,
      versus: "rouge-score-wmt17",
      fn: run(wmt17, { rougeTypes: ["rouge1", "rouge2", "rougeL"] }),
    },
    {
      // CNN/DailyMail texts are about 2.5 times as long (about 50 words a side).
      name: "rouge: rouge1+2+L stem, one pass",
      input: "sum_cnndm_ptrgen_public (1 ref)",
      items: cnndm.length,
      bytes: cnndmBytes,
      versus: "rouge-score-cnndm-stem",
      fn: run(cnndm, rouge12L),
    },
    {
      name: "rouge: rouge1+2+L stem, warm",
      input: "sum_cnndm_ptrgen_public (1 ref)",
      items: cnndm.length,
      bytes: cnndmBytes,
      versus: "rouge-score-cnndm-stem",
      fn: warm(cnndm, rouge12L),
    },
    {
      // js-rouge (the most used npm ROUGE) is slow enough that its first 500 segments suffice.
      name: "baseline js-rouge 3.2.3: n(1)+n(2)+l, no stem",
      input: "sum_cnndm_ptrgen_public (first 500, 1 ref)",
      items: 500,
      bytes: bytesOf(cnndm.slice(0, 500)),
      fn: () => {
        let sink = 0;
        for (const r of cnndm.slice(0, 500)) sink += jsRouge.n(r.hyp, r.refs[0], { n: 1 }) + jsRouge.n(r.hyp, r.refs[0], { n: 2 }) + jsRouge.l(r.hyp, r.refs[0]);
        return sink;
      },
    },
    {
      name: "rouge: rougeLsum stem, one pass",
      input: "sum_cnndm_ptrgen_public (1 ref)",
      items: cnndm.length,
      bytes: cnndmBytes,
      versus: "rouge-score-cnndm-lsum-stem",
      times: 20,
      fn: run(cnndm, { rougeTypes: ["rougeLsum"], stemmer: "porter" }),
    },
    {
      name: "rouge: rouge1+2+L+Lsum (HF default), one pass",
      input: "sum_cnndm_ptrgen_public (1 ref)",
      items: cnndm.length,
      bytes: cnndmBytes,
      versus: "rouge-score-cnndm-hf",
      fn: run(cnndm, {}),
    },
    {
      name: "rouge: rouge1+2+L+Lsum stem 11 refs, one pass",
      input: "sum_summeval (11 refs)",
      items: summeval.length,
      bytes: summevalBytes,
      fn: run(summeval, { stemmer: "porter" }),
    },
    {
      name: "rouge155: R1-4 L W1.2 S4 SU4 -m -f A, one pass",
      input: "mt_wmt17_newstest2017_en-de (1 ref)",
      items: wmt17.length,
      bytes: wmt17Bytes,
      versus: "rouge155-perl",
      fn: run(wmt17, r155),
    },
    {
      name: "rouge155: R1-4 L W1.2 S4 SU4 -m -f A, one pass",
      input: "sum_summeval (11 refs)",
      items: summeval.length,
      bytes: summevalBytes,
      fn: run(summeval, r155),
    },
    {
      name: "rouge155: R1-4 L W1.2 S4 SU4 -m -f A, one pass",
      input: "sum_cnndm_ptrgen_public (1 ref)",
      items: cnndm.length,
      bytes: cnndmBytes,
      fn: run(cnndm, r155),
    },
  ];
}
