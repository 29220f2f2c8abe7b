/**
 * The Porter stemmers gramscore's metrics reproduce: NLTK 3.8's `PorterStemmer` (both modes, as
 * rouge-score and NLTK's METEOR use it) and the regular-expression Porter stemmer built into
 * ROUGE-1.5.5.pl, with the WordNet exception tables ROUGE-1.5.5's `-m` consults before it.
 */
export { VERSION } from "./version.js";
export { PORTER_MODES, STEM_CACHE_SIZE, createPorterStemmer, porterStem } from "./porter.js";
export type { PorterMode, PorterStemmerOptions, Stemmer } from "./porter.js";
export { createRouge155PorterStemmer, rouge155PorterStem } from "./porter-rouge155.js";
export type { Rouge155PorterStemmerOptions } from "./porter-rouge155.js";
export { buildWordNetExceptions, exceptionTableId, parseExceptionList, toExceptionTable } from "./exceptions.js";
export type { ExceptionTable, WordNetExceptionFiles } from "./exceptions.js";
