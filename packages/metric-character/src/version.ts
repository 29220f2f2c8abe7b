/** The version of @gramscore/metric-character (the same as its package.json); signatures end with it. */
export const VERSION = "0.1.0";
