// @gramscore/metric-meteor: METEOR throughput (NLTK 3.8's meteor_score of every segment and the
// corpus mean) on WMT17 en-de (16 systems x 3004 segments, one reference), with WordNet synonyms as
// NLTK, beside NLTK's METEOR measured on the first system (references.mjs, "nltk-meteor-wmt17"), and
// on SummEval (English, 11 references) beside NLTK on the same lines ("nltk-meteor-summeval").
import { evaluate } from "@gramscore/core";
import { createMeteor } from "@gramscore/metric-meteor";
import { wordnet } from "@gramscore/wordnet";
import { bytesOf, dataset } from "../inputs.mjs";

export default async function () {
  const records = dataset("mt_wmt17_newstest2017_en-de");
  const bytes = bytesOf(records);
  const segments = records.map((r) => ({ hyp: r.hyp, refs: r.refs }));
  const first = segments.slice(0, 3004);
  const summeval = dataset("sum_summeval").map((r) => ({ hyp: r.hyp, refs: r.refs }));
  // WordNet's data is parsed on the first lookup; do it before timing.
  wordnet.synonyms("warm-up");
  let sink = 0;
  const input = "mt_wmt17_newstest2017_en-de";
  return [
    {
      name: "meteor: evaluate with WordNet (corpus mean, all 16 systems)",
      input,
      items: segments.length,
      bytes,
      versus: "nltk-meteor-wmt17",
      times: 100,
      fn: () => {
        sink += evaluate(createMeteor({ synonyms: wordnet }), segments).corpus.score;
      },
    },
    {
      name: "meteor: evaluate with WordNet, first system (a fresh metric: cold caches)",
      input: `${input}, first 3004 segments`,
      items: first.length,
      bytes: bytesOf(first),
      versus: "nltk-meteor-wmt17",
      times: 100,
      fn: () => {
        sink += evaluate(createMeteor({ synonyms: wordnet }), first).corpus.score;
      },
    },
    {
      name: "meteor: segment scores without synonyms (stats + score per segment)",
      input,
      items: segments.length,
      bytes,
      fn: () => {
        const m = createMeteor();
        for (const s of segments) sink += m.score(m.stats(s.hyp, s.refs), "segment").score;
      },
    },
    {
      name: "meteor: evaluate with WordNet, SummEval (11 references, ~60-word summaries)",
      input: "sum_summeval",
      items: summeval.length,
      bytes: bytesOf(summeval),
      versus: "nltk-meteor-summeval",
      times: 100,
      fn: () => {
        sink += evaluate(createMeteor({ synonyms: wordnet }), summeval).corpus.score;
      },
    },
  ];
}
