import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, evaluate, isGramscoreError } from "@gramscore/core";
import type { SubwordTokenizer } from "@gramscore/tokenizer-subword";
import { fromSentencePieceProcessor, loadSentencePiece } from "@gramscore/tokenizer-subword/sentencepiece";
import { createOverlapMetric, lines, naiveOverlap, segmentsFromLines, spmReferenceIds, tinyModel, tinyModelPath } from "./helpers.js";

let tok: SubwordTokenizer;
beforeAll(async () => {
  tok = await loadSentencePiece(tinyModelPath, { name: "tiny" });
});
afterAll(() => tok.dispose());

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error("expected an error");
    },
    (e: unknown) => e,
  );
}

describe("loadSentencePiece over the committed tiny.model", () => {
  it("gives exactly the ids spm_encode --output_format=id recorded, line by line", () => {
    expect(spmReferenceIds.length).toBe(lines.length);
    let compared = 0;
    lines.forEach((line, i) => {
      expect(tok.encode(line), `line ${i}: ${line}`).toEqual(spmReferenceIds[i]);
      expect(tok.tokenize(line)).toEqual(spmReferenceIds[i]!.map(String));
      compared += spmReferenceIds[i]!.length;
    });
    console.log(`spm tiny.model: ${lines.length} lines, ${compared} token ids equal to spm_encode 0.1.97`);
  });

  it("signs with the SHA-256 of the model file (as sha256sum prints it)", () => {
    const sha = createHash("sha256").update(tinyModel).digest("hex");
    expect(tok.vocabularyHash).toBe(sha);
    expect(tok.signature).toBe(`spm-tiny#${sha.slice(0, 8)}`);
  });

  it("gives the same tokenizer from the bytes as from the path", async () => {
    const fromBytes = await loadSentencePiece(tinyModel.slice().buffer, { name: "tiny" });
    expect(fromBytes.signature).toBe(tok.signature);
    expect(fromBytes.encode(lines.join(" "))).toEqual(tok.encode(lines.join(" ")));
    fromBytes.dispose();
    const unnamed = await loadSentencePiece(tinyModel);
    expect(unnamed.signature).toBe(`spm#${tok.vocabularyId}`);
    unnamed.dispose();
  });

  it("gives another signature and other ids for another model", async () => {
    // A second real model: the 30k "clean" SentencePiece model bundled (base64) with @sctg/sentencepiece-js.
    const mod = (await import("@sctg/sentencepiece-js")) as { clean_30k_b64: string };
    const other = await loadSentencePiece(new Uint8Array(Buffer.from(mod.clean_30k_b64, "base64")), { name: "tiny" });
    expect(other.vocabularyHash).not.toBe(tok.vocabularyHash);
    expect(other.encode(lines[0]!)).not.toEqual(tok.encode(lines[0]!));
    other.dispose();
  });

  it("plugs into evaluate(): statistics equal a naive count over the reference ids", () => {
    const segments = segmentsFromLines();
    const result = evaluate(createOverlapMetric(tok), segments);
    const ids = (text: string) => tok.encode(text);
    // Hypotheses are lines of the fixture, so their ids are spm_encode's own.
    for (const s of segments) expect(ids(s.hyp)).toEqual(spmReferenceIds[lines.indexOf(s.hyp)]);
    expect(result.stats).toEqual(naiveOverlap(segments.map((s) => ({ hyp: ids(s.hyp), refs: s.refs.map(ids) }))));
    console.log(`spm tiny.model: evaluate() over ${result.count} segments, stats ${JSON.stringify(result.stats)}`);
  });
});

describe("fromSentencePieceProcessor", () => {
  it("adapts a processor you already have, hashing the model it came from", async () => {
    const { SentencePieceProcessor } = (await import("@sctg/sentencepiece-js")) as {
      SentencePieceProcessor: new () => { load(path: string): Promise<void>; encodeIds(t: string): number[] };
    };
    const spp = new SentencePieceProcessor();
    await spp.load(tinyModelPath);
    const adapted = fromSentencePieceProcessor(spp, tinyModelPath, { name: "tiny" });
    expect(adapted.signature).toBe(tok.signature);
    expect(adapted.encode(lines[0]!)).toEqual(spmReferenceIds[0]);
  });

  it("rejects objects without encodeIds", () => {
    expect(() => fromSentencePieceProcessor({} as never, tinyModel)).toThrow(/encodeIds/);
  });
});

describe("errors", () => {
  it("reports a missing @sctg/sentencepiece-js with the install command", async () => {
    const importer = async (s: string): Promise<never> => {
      throw Object.assign(new Error(`Cannot find module '${s}'`), { code: "MODULE_NOT_FOUND" });
    };
    const error = await errorOf(loadSentencePiece(tinyModel, { importer }));
    expect(isGramscoreError(error, ErrorCode.MISSING_DEPENDENCY)).toBe(true);
    expect((error as Error).message).toContain("npm install @sctg/sentencepiece-js");
  });

  it("rejects bytes that are not a model, unreadable paths and other values", async () => {
    const garbage = await errorOf(loadSentencePiece(new TextEncoder().encode("not a sentencepiece model")));
    expect(isGramscoreError(garbage, ErrorCode.MALFORMED_INPUT)).toBe(true);
    expect((garbage as Error).message).toMatch(/not a usable SentencePiece model/);
    expect(isGramscoreError(await errorOf(loadSentencePiece("/nonexistent/x.model")), ErrorCode.IO_ERROR)).toBe(true);
    expect(isGramscoreError(await errorOf(loadSentencePiece(7 as never)), ErrorCode.INVALID_TYPE)).toBe(true);
  });
});
