import { nrefsOptionSpec, nrefsRule, resolveOptions } from "@gramscore/core";
import type { OptionRules, OptionSpec } from "@gramscore/core";

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
  nrefsOptionSpec,
];

/** TER's rules, in the order messages list the keys. */
const RULES: OptionRules = {
  metric: "TER",
  example: "{ normalized: true }",
  rules: [
    { key: "normalized", type: "boolean", default: TER_DEFAULTS.normalized },
    { key: "noPunct", type: "boolean", default: TER_DEFAULTS.noPunct },
    { key: "asianSupport", type: "boolean", default: TER_DEFAULTS.asianSupport },
    { key: "lowercase", type: "boolean", default: TER_DEFAULTS.lowercase },
    { key: "tokenizeRefsOnce", type: "boolean", default: TER_DEFAULTS.tokenizeRefsOnce },
    nrefsRule("TER"),
  ],
};

/**
 * Checks TER options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveTerOptions(options: TerOptions | undefined): ResolvedTerOptions {
  return resolveOptions<ResolvedTerOptions>(options, RULES);
}
