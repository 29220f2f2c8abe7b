/** The version of @gramscore/metric-cider (the same as its package.json); signatures end with it. */
export const VERSION = "0.1.0";
