/** The version of @gramscore/ngram (the same as its package.json). */
export const VERSION = "0.1.0";
