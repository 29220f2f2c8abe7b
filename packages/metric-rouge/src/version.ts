/** The version of @gramscore/metric-rouge, as written in signatures (`version:` field). */
export const VERSION = "0.1.0";
