/** The version of @gramscore/stemmer-porter (the same as its package.json). */
export const VERSION = "0.1.0";
