// BLEU with the other sacrebleu tokenizers: the lean entry, with intl, zh, char and cjk imported as
// objects from @gramscore/tokenizer-sacrebleu (a bundle holds only the tokenizers it imports).
import { bleu, sentenceBleu } from "@gramscore/metric-bleu/lean";
import { createChar, createCjk, createIntl, createZh } from "@gramscore/tokenizer-sacrebleu";
import { runAll } from "./harness.mjs";

const CONFIGS = {
  intl: { tokenize: createIntl() },
  zh: { tokenize: createZh() },
  char: { tokenize: createChar() },
  cjk: { tokenize: createCjk() },
};

export function run(input) {
  const corpus = {};
  for (const [name, options] of Object.entries(CONFIGS)) corpus[name] = (hyps, refs) => bleu(hyps, refs, options).score;
  const intl = { tokenize: createIntl() };
  return runAll(input, corpus, {
    "sentence-intl": (hyp, refs) => sentenceBleu(hyp, refs, intl).score,
  });
}
