import { ErrorCode, GramscoreError, checkedTokenizer, contextTokenizer, describeValue, preferContext } from "@gramscore/core";
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
  if (typeof option === "string") {
    if (!preferContext(option, context, OWN_PLUGINS)) {
      if (option === "whitespace" || option === "none") return createWhitespace();
      if (option === "13a") return create13a();
    }
    return contextTokenizer(option, context, metric, undefined, `Built-in names are ${GLEU_TOKENIZERS.join(", ")}.`);
  }
  if (typeof option === "function") {
    return checkedTokenizer({ name: "custom", signature: "custom", tokenize: option as (text: string) => string[] }, metric);
  }
  if (option !== null && typeof option === "object" && typeof (option as { tokenize?: unknown }).tokenize === "function") {
    const o = option as Partial<Tokenizer> & { tokenize(text: string): string[] };
    const name = typeof o.name === "string" ? o.name : "custom";
    const signature = typeof o.signature === "string" ? o.signature : name;
    return checkedTokenizer({ name, signature, tokenize: (text) => o.tokenize(text) }, metric);
  }
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option tokenize of ${metric} must be a tokenizer name (${GLEU_TOKENIZERS.join(", ")}, …), a Tokenizer, ` +
      `a function (text) => string[] or an object with tokenize(text), but got ${describeValue(option)}.`,
    { details: { option: "tokenize" } },
  );
}
