/**
 * The tokenizers the diversity metrics build themselves (`none`: Python's `str.split()`; `treebank`:
 * NLTK's `NLTKWordTokenizer`; sacrebleu's `13a`, `intl`, `zh`, `char`, `cjk`), and any other name
 * through a registry.
 */
import { resolveTokenizerOption } from "@gramscore/core";
import type { MetricContext, Tokenizer, TokenizerLike } from "@gramscore/core";
import { SACREBLEU_TOKENIZER_NAMES, createSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import { createTreebank } from "@gramscore/tokenizer-treebank";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";

/** A tokenizer option: a name, a {@link Tokenizer}, a function `text => tokens`, or an object with `tokenize(text)`. */
export type DiversityTokenizeOption = string | TokenizerLike;

const OWN_PLUGINS = ["@gramscore/tokenizer-sacrebleu", "@gramscore/tokenizer-whitespace", "@gramscore/tokenizer-treebank"];

const BUILTINS: Readonly<Record<string, () => Tokenizer>> = /* @__PURE__ */ Object.fromEntries([
  ["none", () => createWhitespace()],
  ["whitespace", () => createWhitespace()],
  ["treebank", () => createTreebank()],
  ...SACREBLEU_TOKENIZER_NAMES.map((name) => [name, () => createSacrebleuTokenizer(name)] as const),
]);

/** The tokenizer names the diversity metrics resolve without a registry. */
export const DIVERSITY_TOKENIZERS: readonly string[] = /* @__PURE__ */ Object.keys(BUILTINS);

/**
 * Resolves a diversity metric's `tokenize` option.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for an unknown name, `INVALID_OPTION` for another value.
 */
export function resolveDiversityTokenizer(option: DiversityTokenizeOption, context: MetricContext | undefined, metric: string): Tokenizer {
  return resolveTokenizerOption(option, { builtins: BUILTINS, context, metric, ownPlugins: OWN_PLUGINS });
}
