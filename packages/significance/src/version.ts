/** The version of @gramscore/significance (the same as its package.json). */
export const VERSION = "0.1.0";
