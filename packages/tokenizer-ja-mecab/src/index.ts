/**
 * @gramscore/tokenizer-ja-mecab: sacrebleu's `ja-mecab` tokenizer (MeCab 0.996 `-Owakati` with IPADIC
 * 2.7.0-20070801) in TypeScript. The dictionary (@gramscore/dict-ipadic) is read on the first call.
 * @packageDocumentation
 */
import { definePlugin, defineTokenizer } from "@gramscore/core";
import type { Tokenizer } from "@gramscore/core";
import { createJaMecab } from "./tokenizer.js";
import { VERSION } from "./version.js";

export { createJaMecab, tokenizeJaMecab, JA_MECAB_SIGNATURE } from "./tokenizer.js";
export { Lattice } from "./lattice.js";
export { VERSION };

declare module "@gramscore/core" {
  interface TokenizerMap {
    "ja-mecab": undefined;
  }
}

/** The `ja-mecab` tokenizer as a registry entry (signature `ja-mecab-0.996-IPA`). */
export const jaMecabTokenizer = /* @__PURE__ */ defineTokenizer({
  name: "ja-mecab",
  description: "sacrebleu's ja-mecab: MeCab 0.996 -Owakati with IPADIC 2.7.0-20070801",
  // A dependency of this package, so it is there whenever the tokenizer is.
  needs: () => ({ kind: "data-package", name: "@gramscore/dict-ipadic", found: true, source: "npm install @gramscore/dict-ipadic" }),
  create: (): Tokenizer => createJaMecab(),
});

/**
 * The plugin of this package: the `ja-mecab` tokenizer. Register it (a registry, or BLEU's `context`)
 * to use `tokenize: "ja-mecab"` by name.
 */
export const plugin = /* @__PURE__ */ definePlugin({ name: "@gramscore/tokenizer-ja-mecab", version: VERSION, tokenizers: [jaMecabTokenizer], metrics: [] });

export default plugin;
