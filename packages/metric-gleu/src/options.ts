import { ErrorCode, GramscoreError, describeValue, unknownOptionError } from "@gramscore/core";
import type { OptionSpec } from "@gramscore/core";
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

const KEYS = ["tokenize", "minNgramOrder", "maxNgramOrder"];

/** The options of the `gleu` and `google_bleu` descriptors (the CLI adds `--gleu-min-ngram-order`, `--gleu-max-ngram-order`, `--tokenize`). */
export const gleuOptionSpecs: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer name (whitespace = str.split() as NLTK; 13a as HF google_bleu)" },
  { key: "minNgramOrder", flag: "min-ngram-order", type: "number", description: "shortest n-gram counted (NLTK min_len)", default: 1 },
  { key: "maxNgramOrder", flag: "max-ngram-order", type: "number", description: "longest n-gram counted (NLTK max_len)", default: 4 },
];

function bad(message: string, key: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option: key } });
}

/**
 * Checks GLEU options and fills in the defaults (`defaultTokenize` is `whitespace` for `gleu`, `13a`
 * for `google_bleu`).
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveGleuOptions(options: GleuOptions | undefined, defaultTokenize: TokenizeOption = "whitespace"): ResolvedGleuOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `GLEU options must be an object such as { maxNgramOrder: 4 }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key)) throw unknownOptionError("GLEU", key, KEYS);
  }
  const minNgramOrder = options.minNgramOrder ?? GLEU_DEFAULTS.minNgramOrder;
  if (typeof minNgramOrder !== "number" || !Number.isInteger(minNgramOrder) || minNgramOrder < 1 || minNgramOrder > 255) {
    throw bad(`GLEU option minNgramOrder must be an integer from 1 to 255 (the shortest n-gram counted), but got ${describeValue(minNgramOrder)}.`, "minNgramOrder");
  }
  const maxNgramOrder = options.maxNgramOrder ?? GLEU_DEFAULTS.maxNgramOrder;
  if (typeof maxNgramOrder !== "number" || !Number.isInteger(maxNgramOrder) || maxNgramOrder < minNgramOrder || maxNgramOrder > 255) {
    throw bad(
      `GLEU option maxNgramOrder must be an integer from minNgramOrder (${minNgramOrder}) to 255 (the longest n-gram counted), but got ${describeValue(maxNgramOrder)}. ` +
        "With maxNgramOrder below minNgramOrder NLTK counts no n-gram and every score is 0.",
      "maxNgramOrder",
    );
  }
  const tokenize = options.tokenize ?? defaultTokenize;
  return { tokenize, minNgramOrder, maxNgramOrder };
}
