import { ErrorCode, GramscoreError, describeValue, type TokenizerDescriptor } from "@gramscore/core";
import { pendingTokenizer, type SubwordTokenizer } from "./adapter.js";
import { loadHuggingFace, loadHuggingFaceSync } from "./huggingface.js";
import { nodeRequire } from "./load.js";
import { loadSentencePiece, readModel } from "./sentencepiece.js";
import { TIKTOKEN_ENCODINGS, TIKTOKEN_LIBRARIES, loadTiktoken, loadTiktokenSync, type TiktokenEncoding, type TiktokenLibrary } from "./tiktoken.js";

/** A tokenizer descriptor whose `create()` returns a {@link SubwordTokenizer} (with `ready`, `encode`, `dispose`). */
export interface SubwordTokenizerDescriptor<N extends string, O> extends TokenizerDescriptor<N, O> {
  create(options?: O): SubwordTokenizer;
}

function defineSubwordTokenizer<const N extends string, O>(descriptor: Omit<SubwordTokenizerDescriptor<N, O>, "kind">): SubwordTokenizerDescriptor<N, O> {
  return { kind: "tokenizer", ...descriptor };
}

/** Options of the `tiktoken` tokenizer descriptor. */
export interface TiktokenDescriptorOptions {
  /** The encoding (default `o200k_base`). */
  encoding?: TiktokenEncoding;
  /** The library to run it (default: the first installed of gpt-tokenizer, js-tiktoken, tiktoken). */
  library?: TiktokenLibrary;
}

/** Options of the `hf` tokenizer descriptor. */
export interface HuggingFaceDescriptorOptions {
  /** Path of the tokenizer.json file (required). */
  path: string;
  /** Path of the matching tokenizer_config.json (optional; part of the vocabulary hash when given). */
  config?: string;
  /** Add the model's special tokens (BOS/EOS) as well. Default false. */
  addSpecialTokens?: boolean;
  /** A label for the signature (`hf-<name>#…`). */
  name?: string;
}

/** Options of the `spm` tokenizer descriptor. */
export interface SentencePieceDescriptorOptions {
  /** Path of the SentencePiece .model file (required). */
  model: string;
  /** A label for the signature (`spm-<name>#…`). */
  name?: string;
}

function required(options: unknown, key: string, tokenizer: string, example: string): string {
  const value = options !== null && typeof options === "object" ? (options as Record<string, unknown>)[key] : undefined;
  if (typeof value !== "string" || value.length === 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The "${tokenizer}" tokenizer needs the option ${key} (${example}), but got ${describeValue(value)}.`,
      { details: { option: key } },
    );
  }
  return value;
}

/**
 * The `tiktoken` tokenizer: an OpenAI encoding through gpt-tokenizer, js-tiktoken or tiktoken (optional
 * peers). In Node it is ready at once; elsewhere await its `ready` before use.
 */
export const tiktokenTokenizer = defineSubwordTokenizer<"tiktoken", TiktokenDescriptorOptions>({
  name: "tiktoken",
  description: "OpenAI BPE token ids (o200k_base, cl100k_base, …) via gpt-tokenizer, js-tiktoken or tiktoken",
  options: [
    { key: "encoding", flag: "encoding", type: "string", choices: TIKTOKEN_ENCODINGS, default: "o200k_base", description: "tiktoken encoding" },
    { key: "library", flag: "library", type: "string", choices: TIKTOKEN_LIBRARIES, description: "library that runs it (default: first installed)" },
  ],
  create(options = {}): SubwordTokenizer {
    return nodeRequire() !== undefined ? loadTiktokenSync(options) : pendingTokenizer("tiktoken", loadTiktoken(options));
  },
});

/**
 * The `hf` tokenizer: a HuggingFace tokenizer.json through @huggingface/tokenizers (optional peer).
 * In Node it is ready at once; elsewhere await its `ready` before use.
 */
export const huggingFaceTokenizer = defineSubwordTokenizer<"hf", HuggingFaceDescriptorOptions>({
  name: "hf",
  aliases: ["huggingface"],
  description: "token ids of a HuggingFace tokenizer.json via @huggingface/tokenizers",
  options: [
    { key: "path", flag: "path", type: "string", description: "path of tokenizer.json" },
    { key: "config", flag: "config", type: "string", description: "path of tokenizer_config.json (optional)" },
    { key: "addSpecialTokens", flag: "add-special-tokens", type: "boolean", default: false, description: "also add BOS/EOS and other special tokens" },
    { key: "name", flag: "name", type: "string", description: "label shown in the signature" },
  ],
  create(options): SubwordTokenizer {
    const path = required(options, "path", "hf", "the path of a tokenizer.json file");
    const { config, addSpecialTokens, name } = options!;
    const rest = { config, addSpecialTokens, name };
    return nodeRequire() !== undefined ? loadHuggingFaceSync(path, rest) : pendingTokenizer("hf", loadHuggingFace(path, rest));
  },
});

/**
 * The `spm` tokenizer: a SentencePiece .model through @sctg/sentencepiece-js (optional peer). Its
 * WASM loads asynchronously: await the tokenizer's `ready` before use.
 */
export const sentencePieceTokenizer = defineSubwordTokenizer<"spm", SentencePieceDescriptorOptions>({
  name: "spm",
  aliases: ["sentencepiece"],
  description: "token ids of a SentencePiece .model via @sctg/sentencepiece-js",
  options: [
    { key: "model", flag: "model", type: "string", description: "path of the .model file" },
    { key: "name", flag: "name", type: "string", description: "label shown in the signature" },
  ],
  create(options): SubwordTokenizer {
    const bytes = readModel(required(options, "model", "spm", "the path of a SentencePiece .model file"));
    return pendingTokenizer("spm", loadSentencePiece(bytes, { name: options!.name }));
  },
});
