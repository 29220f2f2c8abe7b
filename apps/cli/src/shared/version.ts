/** Version of the gramscore CLI (same as its package.json). */
export const VERSION = "0.1.0";
