import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
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
  minLen?: number;
  /** Longest n-gram counted (NLTK `max_len`), an integer from `minLen` to 255. Default 4. */
  maxLen?: number;
}

/** {@link GleuOptions} with every default filled in. */
export interface ResolvedGleuOptions {
  readonly tokenize: TokenizeOption;
  readonly minLen: number;
  readonly maxLen: number;
}

/** NLTK's defaults (`min_len=1, max_len=4`). */
export const GLEU_DEFAULTS = { minLen: 1, maxLen: 4 } as const;

const KEYS = ["tokenize", "minLen", "maxLen"];
const HINTS: Record<string, string> = { min_len: "minLen", max_len: "maxLen", tokenizer: "tokenize", "min-len": "minLen", "max-len": "maxLen" };

/** The options of the `gleu` and `google_bleu` descriptors (the CLI adds `--gleu-min-len`, `--gleu-max-len`, `--tokenize`). */
export const gleuOptionSpecs: readonly OptionSpec[] = [
  { key: "tokenize", flag: "tokenize", type: "string", description: "tokenizer name (whitespace = str.split() as NLTK; 13a as HF google_bleu)" },
  { key: "minLen", flag: "min-len", type: "number", description: "shortest n-gram counted (NLTK min_len)", default: 1 },
  { key: "maxLen", flag: "max-len", type: "number", description: "longest n-gram counted (NLTK max_len)", default: 4 },
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
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `GLEU options must be an object such as { maxLen: 4 }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (KEYS.includes(key)) continue;
    const hint = HINTS[key];
    throw bad(`GLEU has no option "${key}".${hint === undefined ? "" : ` Did you mean ${hint}?`} Its options are ${KEYS.join(", ")}.`, key);
  }
  const minLen = options.minLen ?? GLEU_DEFAULTS.minLen;
  if (typeof minLen !== "number" || !Number.isInteger(minLen) || minLen < 1 || minLen > 255) {
    throw bad(`GLEU option minLen must be an integer from 1 to 255 (the shortest n-gram counted), but got ${describeValue(minLen)}.`, "minLen");
  }
  const maxLen = options.maxLen ?? GLEU_DEFAULTS.maxLen;
  if (typeof maxLen !== "number" || !Number.isInteger(maxLen) || maxLen < minLen || maxLen > 255) {
    throw bad(
      `GLEU option maxLen must be an integer from minLen (${minLen}) to 255 (the longest n-gram counted), but got ${describeValue(maxLen)}. ` +
        "With maxLen below minLen NLTK counts no n-gram and every score is 0.",
      "maxLen",
    );
  }
  const tokenize = options.tokenize ?? defaultTokenize;
  return { tokenize, minLen, maxLen };
}
