/**
 * @gramscore/tokenizer-treebank: NLTK 3.8's improved Treebank word tokenizer (`NLTKWordTokenizer`,
 * what `nltk.word_tokenize` runs on each sentence), registered as `treebank`.
 */
import { definePlugin, defineTokenizer } from "@gramscore/core";
import { createTreebank } from "./treebank.js";
import type { TreebankOptions } from "./treebank.js";
import { VERSION } from "./version.js";

export { createTreebank, treebankTokenize } from "./treebank.js";
export type { TreebankOptions, TreebankTokenizer } from "./treebank.js";
export { VERSION };

declare module "@gramscore/core" {
  interface TokenizerMap {
    treebank: TreebankOptions;
  }
}

/** The `treebank` tokenizer descriptor. */
export const treebankTokenizer = /* @__PURE__ */ defineTokenizer({
  name: "treebank",
  description: "NLTK 3.8 NLTKWordTokenizer (word_tokenize without Punkt sentence splitting)",
  options: [{ key: "convertParentheses", flag: "convert-parentheses", type: "boolean", description: "brackets as PTB symbols (-LRB-, -RRB-, ...)", default: false }],
  create: (options?: TreebankOptions) => createTreebank(options ?? {}),
});

/** The plugin of this package: the `treebank` tokenizer. */
export const plugin = /* @__PURE__ */ definePlugin({ name: "@gramscore/tokenizer-treebank", version: VERSION, tokenizers: [treebankTokenizer], metrics: [] });

export default plugin;
