import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate, isGramscoreError, type OptionSpec, type TokenizerMap } from "@gramscore/core";
import plugin, { huggingFaceTokenizer, sentencePieceTokenizer, tiktokenTokenizer, VERSION } from "@gramscore/tokenizer-subword";
import { createOverlapMetric, llama2JsonPath, segmentsFromLines, spmReferenceIds, lines, tinyModelPath } from "./helpers.js";
import pkg from "../package.json" with { type: "json" };

describe("plugin", () => {
  it("registers tiktoken, hf and spm with their options", () => {
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/tokenizer-subword", version: VERSION });
    expect(VERSION).toBe(pkg.version);
    expect(plugin.tokenizers!.map((t) => [t.name, t.aliases ?? []])).toEqual([
      ["tiktoken", []],
      ["hf", ["huggingface"]],
      ["spm", ["sentencepiece"]],
    ]);
    const flags = (options: readonly OptionSpec[] | undefined) => (options ?? []).map((o) => o.flag);
    expect(flags(tiktokenTokenizer.options)).toEqual(["encoding", "library"]);
    expect(tiktokenTokenizer.options![0]!.choices).toContain("o200k_base");
    expect(flags(huggingFaceTokenizer.options)).toEqual(["path", "config", "add-special-tokens", "name"]);
    expect(flags(sentencePieceTokenizer.options)).toEqual(["model", "name"]);
    for (const t of plugin.tokenizers!) {
      expect(t.description.length).toBeGreaterThan(10);
      for (const o of t.options ?? []) expect(o.description.length).toBeGreaterThan(5);
    }
    // The TokenizerMap augmentation types the option objects.
    const typed: TokenizerMap["spm"] = { model: "x.model" };
    expect(typed.model).toBe("x.model");
  });

  it("tiktoken and hf are ready at once in Node", async () => {
    const tik = tiktokenTokenizer.create({ encoding: "cl100k_base" });
    expect(tik.tokenize("Hello world")).toEqual(["9906", "1917"]);
    expect(tik.signature).toMatch(/^tiktoken-cl100k_base#[0-9a-f]{8}$/);
    await expect(tik.ready).resolves.toBe(tik);
    const byDefault = tiktokenTokenizer.create();
    expect(byDefault.signature).toMatch(/^tiktoken-o200k_base#/);
    const hf = huggingFaceTokenizer.create({ path: llama2JsonPath, name: "llama2" });
    expect(hf.tokenize("Hello world")).toEqual(["22557", "1526"]);
    expect(hf.signature).toMatch(/^hf-llama2#[0-9a-f]{8}$/);
  });

  it("spm loads its WASM asynchronously: ready first, then the reference ids", async () => {
    const spm = sentencePieceTokenizer.create({ model: tinyModelPath, name: "tiny" });
    expect(() => spm.tokenize("x")).toThrow(/still loading/);
    await spm.ready;
    expect(spm.encode(lines[0]!)).toEqual(spmReferenceIds[0]);
    expect(spm.signature).toMatch(/^spm-tiny#[0-9a-f]{8}$/);
    spm.dispose();
  });

  it("needs its required options and checks them", () => {
    expect(() => huggingFaceTokenizer.create({} as never)).toThrow(/needs the option path/);
    expect(() => sentencePieceTokenizer.create({} as never)).toThrow(/needs the option model/);
    expect(() => tiktokenTokenizer.create({ encoding: "o300k" as never })).toThrow(/Unknown tiktoken encoding/);
    try {
      sentencePieceTokenizer.create({ model: "/nonexistent.model" });
      expect.unreachable();
    } catch (e) {
      expect(isGramscoreError(e, ErrorCode.IO_ERROR)).toBe(true);
    }
  });

  it("every adapter plugs into evaluate() through a metric's signature", async () => {
    const tokenizers = [
      tiktokenTokenizer.create({ encoding: "o200k_base" }),
      huggingFaceTokenizer.create({ path: llama2JsonPath }),
      sentencePieceTokenizer.create({ model: tinyModelPath }),
    ];
    const segments = segmentsFromLines();
    for (const tok of tokenizers) {
      await tok.ready;
      const result = evaluate(createOverlapMetric(tok), segments, { segments: true });
      expect(result.count).toBe(segments.length);
      expect(result.signature).toBe(`tok:${tok.signature}|version:test`);
      expect(result.stats.every((n) => Number.isInteger(n) && n > 0)).toBe(true);
      expect(result.corpus.precision).toBeGreaterThan(0.5);
      console.log(`${tok.signature}: precision ${result.corpus.precision.toFixed(4)} recall ${result.corpus.recall.toFixed(4)} over ${result.count} segments`);
    }
    tokenizers[2]!.dispose();
  });
});
