/** The version of @gramscore/report (the same as its package.json). */
export const VERSION = "0.1.0";
