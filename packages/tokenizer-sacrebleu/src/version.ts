/** The version of @gramscore/tokenizer-sacrebleu (the same as its package.json). */
export const VERSION = "0.1.0";
