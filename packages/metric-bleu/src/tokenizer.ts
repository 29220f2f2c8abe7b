import { resolveTokenizerOption } from "@gramscore/core";
import type { MetricContext, Tokenizer, TokenizerLike } from "@gramscore/core";
import { SACREBLEU_TOKENIZER_NAMES, createSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";
import { tokensToSpans, whitespaceSpans } from "./kernel.js";
import type { Spans } from "./kernel.js";

/**
 * A tokenizer option: a name (`13a`, `intl`, `zh`, `char`, `cjk`, `none`, or any name the
 * {@link MetricContext} knows), a {@link Tokenizer}, a function `text => tokens`, or an object with a
 * `tokenize(text)` method.
 */
export type TokenizeOption = string | TokenizerLike;

/** The plugins whose tokenizers are the ones this package builds itself. */
const OWN_PLUGINS = ["@gramscore/tokenizer-sacrebleu", "@gramscore/tokenizer-whitespace"];

/** The tokenizer names this package resolves without a registry. */
export const BUILTIN_TOKENIZERS: readonly string[] = [...SACREBLEU_TOKENIZER_NAMES, "none", "whitespace"];

/**
 * Resolves a tokenizer option. Built-in names come from @gramscore/tokenizer-sacrebleu (`13a`,
 * `intl`, `zh`, `char`, `cjk`) and @gramscore/tokenizer-whitespace (`none`, alias `whitespace`); any
 * other name is looked up through `context` when there is one.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for an unknown name, `INVALID_OPTION` for another value.
 */
export function resolveTokenizer(option: TokenizeOption, context: MetricContext | undefined, metric: string): Tokenizer {
  return resolveTokenizerOption(option, { builtins: BUILTINS, context, metric, ownPlugins: OWN_PLUGINS });
}

/** The built-in names and their factories; a tokenizer built here is marked as one (see {@link isBuiltin}). */
const BUILTINS: Readonly<Record<string, () => Tokenizer>> = /* @__PURE__ */ Object.fromEntries([
  ...SACREBLEU_TOKENIZER_NAMES.map((name) => [name, () => built(createSacrebleuTokenizer(name))] as const),
  ["none", () => built(createWhitespace())],
  ["whitespace", () => built(createWhitespace())],
]);

function built<T extends Tokenizer>(tokenizer: T): T {
  BUILT.add(tokenizer);
  return tokenizer;
}

/**
 * The tokenize function of a resolved tokenizer (custom and plugin tokenizers are already checked by
 * {@link resolveTokenizer}, through core's checkedTokenizer).
 */
export function checkedTokenize(tokenizer: Tokenizer, _metric: string): (text: string) => readonly string[] {
  return tokenizer.tokenize.bind(tokenizer);
}

/**
 * How the counting kernel reads a tokenizer's output: as spans. The sacrebleu tokenizers report their
 * token offsets directly, `none` is Python's `str.split()` scanned here, and any other tokenizer's
 * token list is turned into spans of its concatenation.
 */
export function spanner(option: TokenizeOption, tokenizer: Tokenizer, metric: string): (text: string, into: Spans) => Spans {
  if (isBuiltin(tokenizer)) {
    if (option === "none" || option === "whitespace") return whitespaceSpans;
    const t = tokenizer as Tokenizer & { spans(text: string, into: Spans): Spans };
    return (text, into) => t.spans(text, into);
  }
  const tokenize = checkedTokenize(tokenizer, metric);
  return (text, into) => tokensToSpans(tokenize(text), into);
}

/** Tokenizers {@link resolveTokenizer} built itself from a built-in name. */
const BUILT = new WeakSet<Tokenizer>();

/** True when `tokenizer` is one this package created from a built-in name (no output check needed). */
export function isBuiltin(tokenizer: Tokenizer): boolean {
  return BUILT.has(tokenizer);
}
