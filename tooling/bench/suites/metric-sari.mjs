// @gramscore/metric-sari: SARI throughput on the package's golden data (TurkCorpus test, 21 published
// systems x 359 sentences, against the TurkCorpus and the ASSET references: 15,078 items), beside HF
// evaluate's sari and EASSE's corpus_sari on the same items (references.mjs, "hf-sari", "easse-sari").
// Sources and references recur for every system, as in the references' own use (sacrebleu's 13a keeps
// an lru_cache there; gramscore keeps the counted sources and references).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { easseSari, sari } from "@gramscore/metric-sari";

export default async function () {
  const data = JSON.parse(gunzipSync(readFileSync(new URL("../../../packages/metric-sari/test/data/sari-data.json.gz", import.meta.url))).toString("utf8"));
  const streams = (refs) => Array.from({ length: Math.max(...refs.map((r) => r.length)) }, (_, k) => refs.map((r) => r[k] ?? null));
  const jobs = [];
  for (const refs of Object.values(data.references)) for (const preds of Object.values(data.systems)) jobs.push([preds, streams(refs)]);
  const items = jobs.reduce((n, [p]) => n + p.length, 0);
  const bytes = jobs.reduce((n, [p]) => n + p.reduce((m, t) => m + Buffer.byteLength(t), 0), 0);
  let sink = 0;
  return [
    {
      name: "sari: sari(sources, predictions, references), 21 systems x 2 reference sets",
      input: "turkcorpus-asset-test-359x21x2",
      items,
      bytes,
      versus: "hf-sari",
      fn: () => {
        for (const [p, r] of jobs) sink += sari(data.sources, p, r).score;
      },
    },
    {
      name: "easse_sari: easseSari(sources, predictions, references), 21 systems x 2 reference sets",
      input: "turkcorpus-asset-test-359x21x2",
      items,
      bytes,
      versus: "easse-sari",
      fn: () => {
        for (const [p, r] of jobs) sink += easseSari(data.sources, p, r).score;
      },
    },
  ];
}
