import { describeValue, invalidOption, resolveOptions } from "@gramscore/core";
import type { OptionRules, OptionSpec } from "@gramscore/core";
import type { TokenizeOption } from "./tokenizer.js";

/** Options of GLEU (NLTK's `corpus_gleu` arguments, in camelCase, plus the tokenizer). */
export interface GleuOptions {
  /**
   * How texts become tokens: `whitespace` (Python's `str.split()`, the default for `gleu`: NLTK
   * takes token lists), `13a` (the default for `google_bleu`, as HF evaluate), any registry name,
   * a Tokenizer, or a function `text => tokens`.
   */
  tokenize?: TokenizeOption;
  /** Shortest n-gram counted (NLTK `min_len`), an integer ≥ 1. Default 1. */
  minNgramOrder?: number;
  /** Longest n-gram counted (NLTK `max_len`), an integer from `minNgramOrder` to 255. Default 4. */
  maxNgramOrder?: number;
}

/** {@link GleuOptions} with every default filled in. */
export interface ResolvedGleuOptions {
  readonly tokenize: TokenizeOption;
  readonly minNgramOrder: number;
  readonly maxNgramOrder: number;
}

/** NLTK's defaults (`min_len=1, max_len=4`). */
export const GLEU_DEFAULTS = { minNgramOrder: 1, maxNgramOrder: 4 } as const;

const TOKENIZE_HELP = "tokenizer name (whitespace = str.split() as NLTK; 13a as HF google_bleu)";
const MIN_ORDER: OptionSpec = { key: "minNgramOrder", flag: "min-ngram-order", type: "number", description: "shortest n-gram counted (NLTK min_len)", default: GLEU_DEFAULTS.minNgramOrder, integer: true, min: 1, max: 255 };
const MAX_ORDER: OptionSpec = { key: "maxNgramOrder", flag: "max-ngram-order", type: "number", description: "longest n-gram counted (NLTK max_len)", default: GLEU_DEFAULTS.maxNgramOrder, integer: true, max: 255 };

/** The options of the `gleu` descriptor (the CLI adds `--gleu-min-ngram-order`, `--gleu-max-ngram-order`, `--tokenize`). */
export const gleuOptionSpecs: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", description: TOKENIZE_HELP, default: "whitespace" },
  MIN_ORDER,
  MAX_ORDER,
];

/** The options of the `google_bleu` descriptor: those of `gleu`, with HF's 13a as the tokenizer's default. */
export const googleBleuOptionSpecs: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", description: TOKENIZE_HELP, default: "13a" },
  MIN_ORDER,
  MAX_ORDER,
];

/** `maxNgramOrder` is checked against the `minNgramOrder` read before it. */
function readMaxNgramOrder(value: unknown, resolved: Readonly<Record<string, unknown>>): number {
  const min = resolved.minNgramOrder as number;
  const max = value ?? GLEU_DEFAULTS.maxNgramOrder;
  if (typeof max !== "number" || !Number.isInteger(max) || max < min || max > 255) {
    throw invalidOption(
      `GLEU option maxNgramOrder must be an integer from minNgramOrder (${min}) to 255 (the longest n-gram counted), but got ${describeValue(max)}. ` +
        "With maxNgramOrder below minNgramOrder NLTK counts no n-gram and every score is 0.",
      "maxNgramOrder",
    );
  }
  return max;
}

const RULES: OptionRules = {
  metric: "GLEU",
  example: "{ maxNgramOrder: 4 }",
  rules: [
    { ...gleuOptionSpecs[0]!, read: (value) => value },
    { ...gleuOptionSpecs[1]!, expected: "an integer from 1 to 255 (the shortest n-gram counted)" },
    { ...gleuOptionSpecs[2]!, read: readMaxNgramOrder },
  ],
};

/**
 * Checks GLEU options and fills in the defaults (`defaultTokenize` is `whitespace` for `gleu`, `13a`
 * for `google_bleu`).
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveGleuOptions(options: GleuOptions | undefined, defaultTokenize: TokenizeOption = "whitespace"): ResolvedGleuOptions {
  const { tokenize, minNgramOrder, maxNgramOrder } = resolveOptions<{ tokenize: TokenizeOption | undefined; minNgramOrder: number; maxNgramOrder: number }>(options, RULES);
  return { tokenize: tokenize ?? defaultTokenize, minNgramOrder, maxNgramOrder };
}
