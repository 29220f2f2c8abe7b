import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasShared, readDataset, SKIP_MESSAGE } from "../../../tooling/conformance/data.js";
import type { SubwordTokenizer } from "@gramscore/tokenizer-subword";
import { TIKTOKEN_LIBRARIES, loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import { loadHuggingFace } from "@gramscore/tokenizer-subword/huggingface";
import { llama2Config, llama2Json } from "./helpers.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const require = createRequire(import.meta.url);

/**
 * Hard real inputs (emoji, astral characters, RTL, combining marks, ZWJ/ZWNJ, BOM, control
 * characters, unusual spaces, tabs, very long lines, empty strings): every string of the shared
 * `robust_public` set, through every adapter, against the libraries themselves.
 */
describe.skipIf(!hasShared)("shared robust_public inputs", () => {
  let texts: string[] = [];
  const toks = new Map<string, SubwordTokenizer>();

  beforeAll(async () => {
    const seen = new Set<string>();
    for (const r of readDataset("robust_public")) for (const t of [r.hyp, ...r.refs]) seen.add(t);
    texts = [...seen];
    for (const library of TIKTOKEN_LIBRARIES) toks.set(library, await loadTiktoken({ encoding: "o200k_base", library }));
  });
  afterAll(() => {
    for (const t of toks.values()) t.dispose();
  });

  it("o200k_base: gpt-tokenizer, js-tiktoken and tiktoken (WASM) give identical ids on every string", () => {
    const [a, b, c] = TIKTOKEN_LIBRARIES.map((l) => toks.get(l)!);
    let ids = 0;
    for (const text of texts) {
      const ref = c!.encode(text);
      expect(a!.encode(text)).toEqual(ref);
      expect(b!.encode(text)).toEqual(ref);
      ids += ref.length;
    }
    console.log(`robust_public: ${texts.length} distinct strings, ${ids} o200k ids identical across 3 libraries`);
  });

  it("o200k_base: decoding the ids gives the text back, and tokens are the ids", () => {
    const decode = (require("gpt-tokenizer/encoding/o200k_base") as { decode(ids: number[]): string }).decode;
    const tok = toks.get("gpt-tokenizer")!;
    for (const text of texts) {
      const ids = tok.encode(text);
      expect(decode(ids)).toBe(text);
      expect(tok.tokenize(text)).toEqual(ids.map(String));
    }
  });

  it("HuggingFace llama2 tokenizer.json: the adapter gives @huggingface/tokenizers' ids on every string", async () => {
    const { Tokenizer } = require("@huggingface/tokenizers") as {
      Tokenizer: new (j: unknown, c: unknown) => { encode(t: string, o: object): { ids: number[] } };
    };
    const reference = new Tokenizer(llama2Json, llama2Config);
    const tok = await loadHuggingFace(llama2Json, { config: llama2Config });
    // The llama2 tokenizer has no pre-tokenizer and is slow on very long strings: use the first 400.
    const sample = texts.filter((t) => t.length < 2000).slice(0, 400);
    let ids = 0;
    for (const text of sample) {
      const ref = reference.encode(text, { add_special_tokens: false }).ids;
      expect(tok.encode(text)).toEqual(ref);
      ids += ref.length;
    }
    console.log(`robust_public: ${sample.length} strings, ${ids} llama2 ids equal to @huggingface/tokenizers`);
  });
});
