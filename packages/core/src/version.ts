/** The version of @gramscore/core. */
export const VERSION = "0.1.0";
