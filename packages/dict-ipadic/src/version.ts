/** The version of @gramscore/dict-ipadic (the same as its package.json). */
export const VERSION = "0.1.0";
