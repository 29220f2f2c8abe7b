import { definePlugin, defineTokenizer } from "@gramscore/core";
import { createPunctuationTokenizer, type PunctuationTokenizerOptions } from "./punctuation.js";
import { VERSION } from "./version.js";

declare module "@gramscore/core" {
  interface TokenizerMap {
    punctuation: PunctuationTokenizerOptions;
  }
}

/** Descriptor of the `punctuation` tokenizer. */
export const punctuationTokenizer = /* @__PURE__ */ defineTokenizer<"punctuation", PunctuationTokenizerOptions>({
  name: "punctuation",
  description: "Lowercase, delete ASCII punctuation (Python's string.punctuation), split on whitespace.",
  options: [
    { key: "lowercase", flag: "lowercase", type: "boolean", description: "Lowercase before splitting.", default: true },
    {
      key: "stopwords",
      flag: "stopwords",
      type: "list",
      description: "Words to drop after splitting; adds +stop[<count>#<hash>] to the signature.",
    },
  ],
  create: (options) => createPunctuationTokenizer(options),
});

/** The plugin: the tokenizer of @gramscore/tokenizer-punctuation. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/tokenizer-punctuation",
  version: VERSION,
  tokenizers: [punctuationTokenizer],
});
