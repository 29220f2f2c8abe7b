/** Version of @gramscore/registry (same as its package.json). */
export const VERSION = "0.1.0";
