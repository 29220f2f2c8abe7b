import { ErrorCode, GramscoreError, describeValue, isGramscoreError } from "@gramscore/core";
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
    if ((SACREBLEU_TOKENIZER_NAMES as readonly string[]).includes(option)) {
      return createSacrebleuTokenizer(option as SacrebleuTokenizerName);
    }
    if (option === "none" || option === "whitespace") return createWhitespace();
    if (context !== undefined) {
      try {
        return context.tokenizer(option);
      } catch (error) {
        if (isGramscoreError(error)) throw error;
        throw new GramscoreError(ErrorCode.UNKNOWN_TOKENIZER, `The tokenizer "${option}" could not be created: ${String(error)}`, {
          cause: error,
          details: { name: option },
        });
      }
    }
    throw new GramscoreError(
      ErrorCode.UNKNOWN_TOKENIZER,
      `${metric} has no tokenizer named "${option}". Built-in names are ${BUILTIN_TOKENIZERS.join(", ")}; ` +
        "for another one pass a Tokenizer object or a function (text) => string[] as tokenize, " +
        "or create the metric through a registry that knows the name.",
      { details: { name: option } },
    );
  }
  // Functions and objects are wrapped here (not with core's toTokenizer, which copies the result with
  // a spread and would turn a string returned by mistake into characters): checkedTokenize then
  // verifies that every call returns an array of strings.
  if (typeof option === "function") {
    return { name: "custom", signature: "custom", tokenize: option as (text: string) => string[] };
  }
  if (option !== null && typeof option === "object" && typeof (option as { tokenize?: unknown }).tokenize === "function") {
    const o = option as Partial<Tokenizer> & { tokenize(text: string): string[] };
    const name = typeof o.name === "string" ? o.name : "custom";
    const signature = typeof o.signature === "string" ? o.signature : name;
    return { name, signature, tokenize: (text) => o.tokenize(text) };
  }
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option tokenize of ${metric} must be a tokenizer name (${BUILTIN_TOKENIZERS.join(", ")}, …), a Tokenizer, ` +
      `a function (text) => string[] or an object with tokenize(text), but got ${describeValue(option)}.`,
  );
}

/**
 * Wraps a tokenizer so that every result is checked to be an array of strings (custom tokenizers
 * only; the built-in ones always return string arrays).
 */
export function checkedTokenize(tokenizer: Tokenizer, metric: string): (text: string) => readonly string[] {
  const fn = tokenizer.tokenize.bind(tokenizer);
  return (text) => {
    const tokens = fn(text) as unknown;
    if (!Array.isArray(tokens)) {
      throw new GramscoreError(
        ErrorCode.INVALID_TYPE,
        `The tokenizer "${tokenizer.name}" used by ${metric} must return an array of strings, but returned ${describeValue(tokens)}.`,
      );
    }
    for (let i = 0; i < tokens.length; i++) {
      if (typeof tokens[i] !== "string") {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `The tokenizer "${tokenizer.name}" used by ${metric} returned a token that is not a string ` +
            `(${describeValue(tokens[i])} at index ${i}); tokens must be strings.`,
        );
      }
    }
    return tokens as readonly string[];
  };
}

/**
 * How the counting kernel reads a tokenizer's output: as spans. The sacrebleu tokenizers report their
 * token offsets directly, `none` is Python's `str.split()` scanned here, and any other tokenizer's
 * token list is turned into spans of its concatenation.
 */
export function spanner(option: TokenizeOption, tokenizer: Tokenizer, metric: string): (text: string, into: Spans) => Spans {
  if (option === "none" || option === "whitespace") return whitespaceSpans;
  if (isBuiltinName(option)) {
    const t = tokenizer as Tokenizer & { spans(text: string, into: Spans): Spans };
    return (text, into) => t.spans(text, into);
  }
  const tokenize = checkedTokenize(tokenizer, metric);
  return (text, into) => tokensToSpans(tokenize(text), into);
}

/** True when `tokenizer` is one this package created from a built-in name (no output check needed). */
export function isBuiltinName(option: TokenizeOption): boolean {
  return typeof option === "string" && BUILTIN_TOKENIZERS.includes(option);
}
