/** The version of @gramscore/evaluate (the same as its package.json). */
export const VERSION = "0.1.0";
