// @gramscore/metric-cider: CIDEr-D throughput on the package's golden data (4,982 COCO Karpathy-test
// images with MAGIC's captions and 5 references each), beside pycocoevalcap's Cider on the same
// PTB-tokenized captions (references.mjs, "pycocoevalcap-cider"); the same through evaluate(), which
// keeps every caption's tokens as mergeable statistics (the CLI's path); and the whole COCO pipeline on
// the raw captions with the coco-ptb tokenizer (no reference speed: pycocoevalcap's runs Java).
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { evaluate, toSegments } from "@gramscore/core";
import { cider, createCider } from "@gramscore/metric-cider";

export default async function () {
  const read = (name) => JSON.parse(gunzipSync(readFileSync(new URL(`../../../packages/metric-cider/test/data/${name}`, import.meta.url))).toString("utf8"));
  const golden = read("cider-golden.json.gz").corpora.coco;
  const real = read("cider-real.json.gz").corpora.coco;
  const streams = (refs) => {
    const width = Math.max(...refs.map((r) => r.length));
    return Array.from({ length: width }, (_, k) => refs.map((r) => r[k] ?? null));
  };
  const tokHyps = golden.systems.magic.hyps;
  const tokRefs = streams(golden.refs);
  const rawHyps = real.systems.magic;
  const rawRefs = streams(real.refs);
  const bytesOf = (xs) => xs.reduce((n, t) => n + Buffer.byteLength(t), 0);
  let sink = 0;
  return [
    {
      name: "cider: cider(captions, references, { tokenize: 'none' }), PTB-tokenized",
      input: "coco-karpathy-test-4982x5",
      items: tokHyps.length,
      bytes: bytesOf(tokHyps),
      versus: "pycocoevalcap-cider",
      times: 20,
      fn: () => {
        sink += cider(tokHyps, tokRefs, { tokenize: "none" }).score;
      },
    },
    {
      name: "cider: evaluate(createCider({ tokenize: 'none' }), segments), statistics kept, PTB-tokenized",
      input: "coco-karpathy-test-4982x5",
      items: tokHyps.length,
      bytes: bytesOf(tokHyps),
      fn: () => {
        sink += evaluate(createCider({ tokenize: "none" }), toSegments(tokHyps, tokRefs)).corpus.score;
      },
    },
    {
      name: "cider: cider(captions, references), raw captions through coco-ptb",
      input: "coco-karpathy-test-4982x5-raw",
      items: rawHyps.length,
      bytes: bytesOf(rawHyps),
      fn: () => {
        sink += cider(rawHyps, rawRefs).score;
      },
    },
  ];
}
