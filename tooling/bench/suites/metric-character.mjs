// @gramscore/metric-character: characTER and EED throughput on the first system of WMT17 en-de
// (3,004 segments, one reference), beside HF evaluate's character and torchmetrics' / rwth-i6's EED on
// the same segments (references.mjs: "hf-character", "torchmetrics-eed", "rwth-eed-cpp"); the target
// is 20× the reference's speed.
import { readFileSync, existsSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { character, eed, eedRwth } from "@gramscore/metric-character";

const DATA = new URL("../../../../shared/conformance/data/mt_wmt17_newstest2017_en-de.jsonl.gz", import.meta.url);

export default async function () {
  if (!existsSync(DATA)) return [];
  const records = gunzipSync(readFileSync(DATA))
    .toString("utf8")
    .split("\n")
    .filter((l) => l.length > 0)
    .slice(0, 3004)
    .map((l) => JSON.parse(l));
  const hyps = records.map((r) => r.hyp);
  const refs = [records.map((r) => r.refs[0])];
  const bytes = hyps.reduce((n, t) => n + Buffer.byteLength(t), 0);
  let sink = 0;
  const input = "wmt17-en-de-first-system-3004";
  return [
    { name: "character: character(hyps, refs)", input, items: hyps.length, bytes, versus: "hf-character", times: 20, fn: () => (sink += character(hyps, refs).score) },
    { name: "eed: eed(hyps, refs) (torchmetrics)", input, items: hyps.length, bytes, versus: "torchmetrics-eed", times: 20, fn: () => (sink += eed(hyps, refs).score) },
    { name: "eed_rwth: eedRwth(hyps, refs) (rwth-i6 C++)", input, items: hyps.length, bytes, versus: "rwth-eed-cpp", times: 20, fn: () => (sink += eedRwth(hyps, refs).score) },
  ];
}
