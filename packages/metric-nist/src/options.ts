import { ErrorCode, GramscoreError, checkedTokenizer, contextTokenizer, describeValue, preferContext, unknownOptionError } from "@gramscore/core";
import type { MetricContext, OptionSpec, Tokenizer, TokenizerLike } from "@gramscore/core";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";

/**
 * A tokenizer option: a name (`whitespace` / `none` built in, any other name through the registry
 * the metric is created by), a {@link Tokenizer}, a function `text => tokens`, or an object with `tokenize(text)`.
 */
export type TokenizeOption = string | TokenizerLike;

/** Options of NIST (NLTK's `corpus_nist` arguments plus the tokenizer). */
export interface NistOptions {
  /** How texts become tokens; default `whitespace` (Python's `str.split()`: NLTK takes token lists). */
  tokenize?: TokenizeOption;
  /** Highest n-gram order (NLTK `n`), an integer from 1 to 255. Default 5. */
  maxNgramOrder?: number;
}

/** {@link NistOptions} with every default filled in. */
export interface ResolvedNistOptions {
  readonly tokenize: TokenizeOption;
  readonly maxNgramOrder: number;
}

/** NLTK's default (`n=5`). */
export const NIST_DEFAULTS = { maxNgramOrder: 5 } as const;

/** The options of the `nist` descriptor (the CLI adds `--nist-max-ngram-order` and `--tokenize`). */
export const nistOptionSpecs: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer name (whitespace = str.split() as NLTK)" },
  { key: "maxNgramOrder", flag: "max-ngram-order", type: "number", description: "highest n-gram order (NLTK n)", default: 5 },
];

function bad(message: string, key: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option: key } });
}

/**
 * Checks NIST options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveNistOptions(options: NistOptions | undefined): ResolvedNistOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `NIST options must be an object such as { maxNgramOrder: 5 }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (key !== "tokenize" && key !== "maxNgramOrder") throw unknownOptionError("NIST", key, ["tokenize", "maxNgramOrder"]);
  }
  const maxNgramOrder = options.maxNgramOrder ?? NIST_DEFAULTS.maxNgramOrder;
  if (typeof maxNgramOrder !== "number" || !Number.isInteger(maxNgramOrder) || maxNgramOrder < 1 || maxNgramOrder > 255) {
    throw bad(`NIST option maxNgramOrder must be an integer from 1 to 255 (the highest n-gram order), but got ${describeValue(maxNgramOrder)}.`, "maxNgramOrder");
  }
  return { tokenize: options.tokenize ?? "whitespace", maxNgramOrder };
}

/** The plugins whose tokenizers this package builds itself. */
const OWN_PLUGINS = ["@gramscore/tokenizer-whitespace"];

/**
 * Resolves a tokenizer option: `whitespace` / `none` are built in; any other name is looked up
 * through `context`; functions and tokenizer objects are checked on every call.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for an unknown name, `INVALID_OPTION` for another value.
 */
export function resolveTokenizer(option: TokenizeOption, context: MetricContext | undefined, metric: string): Tokenizer {
  if (typeof option === "string") {
    if (!preferContext(option, context, OWN_PLUGINS) && (option === "whitespace" || option === "none")) return createWhitespace();
    return contextTokenizer(option, context, metric, undefined, "The built-in name is whitespace (alias none).");
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
  throw bad(
    `Option tokenize of ${metric} must be a tokenizer name (whitespace, …), a Tokenizer, a function (text) => string[] ` +
      `or an object with tokenize(text), but got ${describeValue(option)}.`,
    "tokenize",
  );
}
