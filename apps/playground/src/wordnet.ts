// WordNet for METEOR's synonym stage, in a chunk of its own (the module the page imports lazily).
export { wordnet } from "@gramscore/wordnet";
