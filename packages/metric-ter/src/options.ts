import { ErrorCode, GramscoreError, describeValue, readNrefsOption, unknownOptionError } from "@gramscore/core";
import type { OptionSpec } from "@gramscore/core";

/** Options of TER (sacrebleu's `TER(...)` arguments, in camelCase). */
export interface TerOptions {
  /**
   * tercom's normalization (sacrebleu `normalized`): joins lines, decodes `&quot; &amp; &lt; &gt;`,
   * splits off punctuation (periods and commas only when not next to a digit) and possessive `'s`.
   * Default false.
   */
  normalized?: boolean;
  /** Remove `. , ? : ; ! " ( )` (sacrebleu `no_punct`); with `asianSupport` also CJK punctuation. Default false. */
  noPunct?: boolean;
  /**
   * CJK handling (sacrebleu `asian_support`): with `normalized`, CJK characters become single tokens;
   * with `noPunct`, CJK and full-width punctuation is removed. No effect without either. Default false.
   */
  asianSupport?: boolean;
  /** Lowercase hypotheses and references first. Default true, as sacrebleu's TER (`lowercase: false` is its `case_sensitive=True`). */
  lowercase?: boolean;
  /**
   * Tokenize references once, as hypotheses are (not a sacrebleu option). sacrebleu 2.6.0 runs its
   * tokenizer over every reference twice, which under `normalized` splits a possessive before
   * punctuation in references only (`Poor's,` → `poor 's ,`, but `poor's ,` in the hypothesis), so
   * a hypothesis identical to its reference can get edits. The default (false) reproduces that;
   * true scores such a hypothesis 0, and adds `reftok:once` to the signature (before `version`),
   * since the scores are no longer sacrebleu's. Default false.
   */
  tokenizeRefsOnce?: boolean;
  /**
   * The `nrefs:` of the signature: the number of references of every segment, or `"var"` when it
   * varies (a numeric string such as `"2"` is accepted too). When given, every segment must have
   * exactly that many references. When omitted, the signature reports the reference counts this
   * metric has seen so far (`?` before the first segment), as sacrebleu does.
   */
  nrefs?: number | "var" | string;
}

/** {@link TerOptions} with every default filled in. */
export interface ResolvedTerOptions {
  /** tercom's normalization. */
  readonly normalized: boolean;
  /** Punctuation removed. */
  readonly noPunct: boolean;
  /** CJK handling. */
  readonly asianSupport: boolean;
  /** Lowercased first. */
  readonly lowercase: boolean;
  /** References tokenized once instead of sacrebleu's twice. */
  readonly tokenizeRefsOnce: boolean;
  /** The pinned `nrefs:` of the signature, or undefined to read it off the data. */
  readonly nrefs: number | "var" | undefined;
}

/** sacrebleu's defaults. */
export const TER_DEFAULTS = {
  normalized: false,
  noPunct: false,
  asianSupport: false,
  lowercase: true,
  tokenizeRefsOnce: false,
} as const;

const KEYS = new Set(["normalized", "noPunct", "asianSupport", "lowercase", "tokenizeRefsOnce", "nrefs"]);

/**
 * The options of the `ter` descriptor, with sacrebleu's command-line names as flags (the CLI
 * prefixes `ter-`: `--ter-normalized`, `--ter-no-punct`, `--ter-asian-support`, `--ter-case-sensitive`),
 * plus `--ter-tokenize-refs-once` (not a sacrebleu flag).
 */
export const terOptionSpecs: readonly OptionSpec[] = [
  { key: "lowercase", flag: "lowercase", type: "boolean", description: "lowercase hypotheses and references (sacrebleu's TER default; --no-lowercase is its --ter-case-sensitive)", default: true },
  { key: "normalized", flag: "normalized", type: "boolean", description: "tercom normalization: split punctuation, decode XML entities", default: false },
  { key: "noPunct", flag: "no-punct", type: "boolean", description: "remove punctuation", default: false },
  {
    key: "asianSupport",
    flag: "asian-support",
    type: "boolean",
    description: "with --ter-normalized split CJK characters, with --ter-no-punct remove CJK punctuation",
    default: false,
  },
  {
    key: "tokenizeRefsOnce",
    flag: "tokenize-refs-once",
    type: "boolean",
    description: "tokenize references once, like hypotheses (sacrebleu tokenizes them twice); signature gets reftok:once",
    default: false,
  },
  {
    key: "nrefs",
    flag: "nrefs",
    type: "string",
    description: "references per segment for the signature (a number, or var), checked against the data; default: as seen",
  },
];

function bad(message: string, key: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option: key } });
}

function flag(value: unknown, key: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw bad(`TER option ${key} must be true or false, but got ${describeValue(value)}.`, key);
  return value;
}

/**
 * Checks TER options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveTerOptions(options: TerOptions | undefined): ResolvedTerOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `TER options must be an object such as { normalized: true }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) throw unknownOptionError("TER", key, KEYS);
  }
  return {
    normalized: flag(options.normalized, "normalized", TER_DEFAULTS.normalized),
    noPunct: flag(options.noPunct, "noPunct", TER_DEFAULTS.noPunct),
    asianSupport: flag(options.asianSupport, "asianSupport", TER_DEFAULTS.asianSupport),
    lowercase: flag(options.lowercase, "lowercase", TER_DEFAULTS.lowercase),
    tokenizeRefsOnce: flag(options.tokenizeRefsOnce, "tokenizeRefsOnce", TER_DEFAULTS.tokenizeRefsOnce),
    nrefs: readNrefsOption(options.nrefs, "TER"),
  };
}
