/** The version of @gramscore/metric-bleu (the same as its package.json); the `version:` of its signatures. */
export const VERSION = "0.1.0";
