import { resolveOptions, resolveTokenizerOption } from "@gramscore/core";
import type { MetricContext, OptionRules, OptionSpec, Tokenizer, TokenizerLike } from "@gramscore/core";
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
  { key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer name (whitespace = str.split() as NLTK)", default: "whitespace" },
  { key: "maxNgramOrder", flag: "max-ngram-order", type: "number", description: "highest n-gram order (NLTK n)", default: NIST_DEFAULTS.maxNgramOrder, integer: true, min: 1, max: 255 },
];

const RULES: OptionRules = {
  metric: "NIST",
  example: "{ maxNgramOrder: 5 }",
  rules: [
    { ...nistOptionSpecs[0]!, read: (value) => value ?? "whitespace" },
    { ...nistOptionSpecs[1]!, expected: "an integer from 1 to 255 (the highest n-gram order)" },
  ],
};

/**
 * Checks NIST options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveNistOptions(options: NistOptions | undefined): ResolvedNistOptions {
  return resolveOptions<ResolvedNistOptions>(options, RULES);
}

/**
 * Resolves a tokenizer option: `whitespace` / `none` are built in; any other name is looked up
 * through `context`; functions and tokenizer objects are checked on every call.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for an unknown name, `INVALID_OPTION` for another value.
 */
export function resolveTokenizer(option: TokenizeOption, context: MetricContext | undefined, metric: string): Tokenizer {
  return resolveTokenizerOption(option, {
    builtins: { whitespace: createWhitespace, none: createWhitespace },
    names: "whitespace (alias none)",
    context,
    metric,
    ownPlugins: ["@gramscore/tokenizer-whitespace"],
  });
}
