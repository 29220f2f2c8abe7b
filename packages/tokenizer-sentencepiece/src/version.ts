/** The version of @gramscore/tokenizer-sentencepiece (the same as its package.json). */
export const VERSION = "0.1.0";
