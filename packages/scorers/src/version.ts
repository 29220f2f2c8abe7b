/** The version of @gramscore/scorers (the same as its package.json). */
export const VERSION = "0.1.0";
