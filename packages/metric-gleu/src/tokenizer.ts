import { resolveTokenizerOption } from "@gramscore/core";
import type { MetricContext, Tokenizer, TokenizerLike } from "@gramscore/core";
import { create13a } from "@gramscore/tokenizer-sacrebleu";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";

/**
 * A tokenizer option: a name (`whitespace` / `none`, `13a`, or any name the {@link MetricContext}
 * knows), a {@link Tokenizer}, a function `text => tokens`, or an object with a `tokenize(text)` method.
 */
export type TokenizeOption = string | TokenizerLike;

/** The plugins whose tokenizers this package builds itself. */
const OWN_PLUGINS = ["@gramscore/tokenizer-sacrebleu", "@gramscore/tokenizer-whitespace"];

/** The tokenizer names this package resolves without a registry. */
export const GLEU_TOKENIZERS: readonly string[] = ["whitespace", "none", "13a"];

/**
 * Resolves a tokenizer option: `whitespace` / `none` (Python's `str.split()`, NLTK's usual input)
 * and `13a` (sacrebleu's, which HF evaluate's google_bleu uses) are built in; any other name is looked
 * up through `context`; functions and tokenizer objects are checked on every call.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for an unknown name, `INVALID_OPTION` for another value.
 */
export function resolveTokenizer(option: TokenizeOption, context: MetricContext | undefined, metric: string): Tokenizer {
  return resolveTokenizerOption(option, { builtins: BUILTINS, context, metric, ownPlugins: OWN_PLUGINS });
}

const BUILTINS: Readonly<Record<string, () => Tokenizer>> = { whitespace: createWhitespace, none: createWhitespace, "13a": create13a };
