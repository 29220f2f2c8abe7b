import { ErrorCode, GramscoreError, checkedTokenizer, contextTokenizer, describeValue, preferContext } from "@gramscore/core";
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
  n?: number;
}

/** {@link NistOptions} with every default filled in. */
export interface ResolvedNistOptions {
  readonly tokenize: TokenizeOption;
  readonly n: number;
}

/** NLTK's default (`n=5`). */
export const NIST_DEFAULTS = { n: 5 } as const;

/** The options of the `nist` descriptor (the CLI adds `--nist-n` and `--tokenize`). */
export const nistOptionSpecs: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer name (whitespace = str.split() as NLTK)" },
  { key: "n", flag: "n", type: "number", description: "highest n-gram order (NLTK n)", default: 5 },
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
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `NIST options must be an object such as { n: 5 }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (key !== "tokenize" && key !== "n") {
      const hint = key === "tokenizer" ? " Did you mean tokenize?" : key === "maxOrder" || key === "max_order" ? " Did you mean n?" : "";
      throw bad(`NIST has no option "${key}".${hint} Its options are tokenize, n.`, key);
    }
  }
  const n = options.n ?? NIST_DEFAULTS.n;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 1 || n > 255) {
    throw bad(`NIST option n must be an integer from 1 to 255 (the highest n-gram order), but got ${describeValue(n)}.`, "n");
  }
  return { tokenize: options.tokenize ?? "whitespace", n };
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
