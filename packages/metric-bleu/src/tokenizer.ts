import { ErrorCode, GramscoreError, checkedTokenizer, contextTokenizer, describeValue, preferContext } from "@gramscore/core";
import type { MetricContext, Tokenizer, TokenizerLike } from "@gramscore/core";
import { SACREBLEU_TOKENIZER_NAMES, createSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import type { SacrebleuTokenizerName } from "@gramscore/tokenizer-sacrebleu";
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
  if (typeof option === "string") {
    // A tokenizer the user registered under a built-in name takes precedence (core's preferContext).
    if (!preferContext(option, context, OWN_PLUGINS)) {
      if ((SACREBLEU_TOKENIZER_NAMES as readonly string[]).includes(option)) {
        return built(createSacrebleuTokenizer(option as SacrebleuTokenizerName));
      }
      if (option === "none" || option === "whitespace") return built(createWhitespace());
    }
    return contextTokenizer(option, context, metric, undefined, `Built-in names are ${BUILTIN_TOKENIZERS.join(", ")}.`);
  }
  // Functions and objects are wrapped here (not with core's toTokenizer, which copies the result with
  // a spread and would turn a string returned by mistake into characters), then checked on every call.
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
    `Option tokenize of ${metric} must be a tokenizer name (${BUILTIN_TOKENIZERS.join(", ")}, …), a Tokenizer, ` +
      `a function (text) => string[] or an object with tokenize(text), but got ${describeValue(option)}.`,
  );
}

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
