export { VERSION } from "./version.js";
export { PYTHON_PUNCTUATION, createPunctuationTokenizer, punctuationTokenize } from "./punctuation.js";
export type { PunctuationTokenizerOptions } from "./punctuation.js";
export { plugin, punctuationTokenizer } from "./plugin.js";
import { plugin } from "./plugin.js";

/** The plugin descriptor (also the named export `plugin`). */
export default plugin;
