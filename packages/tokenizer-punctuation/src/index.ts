export { VERSION } from "./version.js";
export { PORTER_MODES, createPorterStemmer, porterStem } from "./porter.js";
export type { PorterMode, PorterStemmerOptions, Stemmer } from "./porter.js";
export { createRouge155PorterStemmer, rouge155PorterStem } from "./porter-rouge155.js";
export type { Rouge155PorterStemmerOptions } from "./porter-rouge155.js";
export { createRougeTokenizer, createRougeUnicodeTokenizer, rougeTokenize, rougeUnicodeTokenize } from "./rouge.js";
export type { RougeTokenizerOptions, RougeUnicodeTokenizerOptions } from "./rouge.js";
export {
  buildWordNetExceptions,
  createRouge155Tokenizer,
  exceptionTableId,
  parseExceptionList,
  rouge155Tokenize,
} from "./rouge155.js";
export type { ExceptionTable, Rouge155TokenizerOptions, WordNetExceptionFiles } from "./rouge155.js";
export { PYTHON_PUNCTUATION, createPunctuationTokenizer, punctuationTokenize } from "./punctuation.js";
export type { PunctuationTokenizerOptions } from "./punctuation.js";
export { parseWordList, toWordSet, withStopwords, wordSetId } from "./stopwords.js";
export type { WordList } from "./stopwords.js";
export { fnv1a32 } from "./hash.js";
export { plugin, punctuationTokenizer, rougeTokenizer, rougeUnicodeTokenizer, rouge155Tokenizer } from "./plugin.js";
import { plugin } from "./plugin.js";

/** The plugin descriptor (also the named export `plugin`). */
export default plugin;
