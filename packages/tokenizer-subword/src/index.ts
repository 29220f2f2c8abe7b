/**
 * @gramscore/tokenizer-subword: score over the subword tokens a language model sees. The main entry
 * has no dependency: it adapts any `encode()`-shaped tokenizer you pass in. Loaders for tiktoken,
 * HuggingFace tokenizer.json and SentencePiece live on their own subpaths, each with its library as
 * an optional peer dependency loaded on demand.
 */
import { definePlugin } from "@gramscore/core";
import { huggingFaceTokenizer, sentencePieceTokenizer, tiktokenTokenizer } from "./plugin.js";
import type { HuggingFaceDescriptorOptions, SentencePieceDescriptorOptions, TiktokenDescriptorOptions } from "./plugin.js";
import { VERSION } from "./version.js";

export { checkLabel, createSubwordTokenizer, pendingTokenizer } from "./adapter.js";
export type { EncodeOutput, EncoderLike, SubwordTokenizer, SubwordTokenizerOptions } from "./adapter.js";
export { SIGNATURE_HASH_LENGTH, canonicalJson, hashRanks, hashVocabulary, serializeRanks } from "./fingerprint.js";
export type { VocabularySource } from "./fingerprint.js";
export { Sha256, sha256Hex } from "@gramscore/core";
export { huggingFaceTokenizer, sentencePieceTokenizer, tiktokenTokenizer } from "./plugin.js";
export type { HuggingFaceDescriptorOptions, SentencePieceDescriptorOptions, SubwordTokenizerDescriptor, TiktokenDescriptorOptions } from "./plugin.js";
export type { Importer } from "./load.js";
export { VERSION } from "./version.js";

declare module "@gramscore/core" {
  interface TokenizerMap {
    tiktoken: TiktokenDescriptorOptions;
    hf: HuggingFaceDescriptorOptions;
    spm: SentencePieceDescriptorOptions;
  }
}

/** The plugin: the `tiktoken`, `hf` and `spm` tokenizers for a gramscore registry. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/tokenizer-subword",
  version: VERSION,
  tokenizers: [tiktokenTokenizer, huggingFaceTokenizer, sentencePieceTokenizer],
});

export default plugin;
