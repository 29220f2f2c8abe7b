/** The version of @gramscore/tokenizer-intl-words (the same as its package.json). */
export const VERSION = "0.1.0";
