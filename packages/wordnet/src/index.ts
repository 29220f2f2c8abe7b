/**
 * @gramscore/wordnet: WordNet 3.0's synsets and lemma names for a word exactly as NLTK 3.8's
 * `wordnet.synsets(word)` finds them (lowercasing, morphy's suffix rules and WordNet's exception
 * lists), from compact generated data, offline, in Node and browsers. Its main use is the synonym
 * stage of `@gramscore/metric-meteor`.
 */
export { MORPHOLOGICAL_SUBSTITUTIONS, POS_LIST, lemmaNames, morphy, synsets, wordnet, wordnetStats } from "./wordnet.js";
export type { WordNetPos, WordNetSynonymProvider, WordNetSynset } from "./wordnet.js";
export { VERSION } from "./version.js";
