/** Version of @gramscore/mbr (same as its package.json). */
export const VERSION = "0.1.0";
