import { defineTokenizer, type OptionSpec } from "@gramscore/core";
import { createRougeTokenizer, createRougeUnicodeTokenizer, type RougeTokenizerOptions, type RougeUnicodeTokenizerOptions } from "./rouge.js";
import { createRouge155Tokenizer, type Rouge155TokenizerOptions } from "./rouge155.js";

declare module "@gramscore/core" {
  interface TokenizerMap {
    rouge: RougeTokenizerOptions;
    "rouge-unicode": RougeUnicodeTokenizerOptions;
    rouge155: Rouge155TokenizerOptions;
  }
}

const STOPWORDS_OPTION: OptionSpec = {
  key: "stopwords",
  flag: "stopwords",
  type: "list",
  description: "Words to drop (compared before stemming); adds +stop[<count>#<hash>] to the signature.",
};

const USE_STEMMER_OPTION: OptionSpec = {
  key: "useStemmer",
  flag: "use-stemmer",
  type: "boolean",
  description: "Stem tokens longer than 3 characters with NLTK's Porter stemmer (NLTK_EXTENSIONS), as rouge-score's use_stemmer.",
  default: false,
};

/** Descriptor of the `rouge` tokenizer (rouge-score 0.1.2's DefaultTokenizer). */
export const rougeTokenizer = /* @__PURE__ */ defineTokenizer<"rouge", RougeTokenizerOptions>({
  name: "rouge",
  description: "rouge-score 0.1.2's tokenizer: lowercase, keep [a-z0-9] runs, optional NLTK Porter stemming.",
  options: [USE_STEMMER_OPTION, STOPWORDS_OPTION],
  create: (options) => createRougeTokenizer(options),
});

/** Descriptor of the `rouge-unicode` tokenizer. */
export const rougeUnicodeTokenizer = /* @__PURE__ */ defineTokenizer<"rouge-unicode", RougeUnicodeTokenizerOptions>({
  name: "rouge-unicode",
  description: "rouge for every script: letters, marks and numbers survive; CJK, kana, Thai split per character.",
  options: [{ ...USE_STEMMER_OPTION, description: "Stem ASCII tokens longer than 3 characters with NLTK's Porter stemmer, as rouge does." }, STOPWORDS_OPTION],
  create: (options) => createRougeUnicodeTokenizer(options),
});

/** Descriptor of the `rouge155` tokenizer (ROUGE-1.5.5.pl). */
export const rouge155Tokenizer = /* @__PURE__ */ defineTokenizer<"rouge155", Rouge155TokenizerOptions>({
  name: "rouge155",
  description: "ROUGE-1.5.5.pl's tokenizer: ASCII letters and digits, optional -m stemming (WordNet exceptions, then its Porter) and -s stopwords.",
  options: [
    {
      key: "useStemmer",
      flag: "use-stemmer",
      type: "boolean",
      description: "ROUGE-1.5.5's -m: stem tokens longer than 3 characters (exception table, else its Porter stemmer).",
      default: false,
    },
    {
      key: "exceptions",
      flag: "exceptions",
      type: "string",
      description: "WordNet exception table consulted by -m: the text of a .exc list (inflected base per line).",
    },
    { ...STOPWORDS_OPTION, description: "ROUGE-1.5.5's -s: words to drop before stemming (e.g. its smart_common_words.txt)." },
  ],
  create: (options) => createRouge155Tokenizer(options),
});
