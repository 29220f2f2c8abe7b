// sacrebleu's SentencePiece tokenizers, in a chunk of their own (imported when one is chosen).
export { SACREBLEU_SPM_MODELS, createSacrebleuSpm, loadSentencePieceModel } from "@gramscore/tokenizer-sentencepiece";
