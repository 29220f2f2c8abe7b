/** The version of @gramscore/normalizer-whisper (the same as its package.json). */
export const VERSION = "0.1.0";
