import { describeValue, invalidOption, normalizeRule, nrefsRule, resolveOptions } from "@gramscore/core";
import type { Normalizer, NormalizerLike, OptionRule, OptionRules } from "@gramscore/core";
import type { TokenizeOption } from "./tokenizer.js";

/** sacrebleu's smoothing methods (Chen & Cherry 2014): none, floor (method 1), add-k (method 2), exp (method 3, NIST). */
export type SmoothMethod = "none" | "floor" | "add-k" | "exp";

/** Every smoothing method, in sacrebleu's order. */
export const SMOOTH_METHODS: readonly SmoothMethod[] = ["none", "floor", "add-k", "exp"];

/** The default smoothing value of each method (sacrebleu's `BLEU.SMOOTH_DEFAULTS`); `undefined` = takes none. */
export const SMOOTH_DEFAULTS: Readonly<Record<SmoothMethod, number | undefined>> = {
  none: undefined,
  floor: 0.1,
  "add-k": 1,
  exp: undefined,
};

/** The number of references per segment a signature reports: a count, or `"var"` when it varies. */
export type NrefsOption = number | "var";

/** Options of sacrebleu-compatible BLEU (sacrebleu's names in camelCase; every default is sacrebleu's). */
export interface BleuOptions {
  /**
   * Tokenizer: `13a` (default), `intl`, `zh`, `char`, `none` (whitespace only), `cjk`, a name a
   * registry knows, a {@link Tokenizer}, a function `text => tokens` or an object with `tokenize`.
   * Like sacrebleu, the text is lowercased (when asked) and right-stripped before tokenizing.
   */
  tokenize?: TokenizeOption;
  /** Smoothing: `exp` (default), `floor`, `add-k` or `none`. */
  smoothMethod?: SmoothMethod;
  /** Value for `floor` (default 0.1) and `add-k` (default 1); ignored by `exp` and `none`, as in sacrebleu. */
  smoothValue?: number | null;
  /** Lowercase hypothesis and references (Python's `str.lower()`) before tokenizing. Default false. */
  lowercase?: boolean;
  /**
   * Average only over the orders the hypothesis has n-grams for (needed for sentence-level BLEU).
   * Default false (sacrebleu's corpus default); {@link sentenceBleu} turns it on.
   */
  effectiveOrder?: boolean;
  /** Highest n-gram order, an integer from 1 to 255. Default 4. */
  maxNgramOrder?: number;
  /**
   * The `nrefs:` of the signature. When given, every segment must have exactly this many references
   * (or any number, for `"var"`). When omitted, the signature reports the reference counts this metric
   * has seen so far (a count, or `var` when they differ), as sacrebleu does.
   */
  nrefs?: NrefsOption | string;
  /**
   * How many references to remember tokenized (with their token hashes), so that references scored
   * again (the same references for every system, as sacrebleu's `lru_cache` and its reference cache
   * assume) are not tokenized again. Default 65536 (sacrebleu's cache size); 0 turns it off. Only for
   * the built-in tokenizers; the cache is also bounded in bytes ({@link BleuOptions.referenceCacheBytes}).
   * When either bound would be passed, the cache is emptied and starts over. It never changes a number.
   */
  referenceCache?: number;
  /**
   * The most memory the reference cache may hold, in bytes (an estimate: text at 2 bytes per UTF-16
   * unit, 12 bytes per token, 640 bytes per entry). Default 33554432 (32 MiB); 0 turns the cache off.
   * A reference whose estimate alone is over the bound is never cached.
   */
  referenceCacheBytes?: number;
  /**
   * A normalizer (e.g. `whisperEnglish`) or function `text => text` applied first, signed `norm:`;
   * a name only through a registry. Default none. Not in the lean entry.
   */
  normalize?: NormalizerLike | "none" | null | (string & {});
}

/** {@link BleuOptions} after validation and defaults. */
export interface ResolvedBleuOptions {
  readonly tokenize: TokenizeOption;
  readonly smoothMethod: SmoothMethod;
  /** The smoothing value in effect (the method's default when none was given; `undefined` for exp / none). */
  readonly smoothValue: number | undefined;
  readonly lowercase: boolean;
  readonly effectiveOrder: boolean;
  readonly maxNgramOrder: number;
  readonly nrefs: NrefsOption | undefined;
  readonly referenceCache: number;
  readonly referenceCacheBytes: number;
  readonly normalize: Normalizer | undefined;
}

/**
 * Reads options with core's {@link resolveOptions} after reading flag-style values as a command line
 * gives them: `null` is "not given"; `"true"`, `"yes"`, `"false"`, `"no"` for a boolean. (Other
 * spellings of an option, such as sacrebleu's flags or NLTK's `smoothing_function`, are named by
 * core's unknown-option error.)
 * @throws GramscoreError `INVALID_OPTION` with `details.option` = the key.
 */
export function readOptions<R>(options: unknown, rules: OptionRules): R {
  if (options === null || typeof options !== "object" || Array.isArray(options)) return resolveOptions<R>(options, rules);
  const given = options as Record<string, unknown>;
  let loose: Record<string, unknown> | undefined;
  for (const key of Object.keys(given)) {
    const rule = rules.rules.find((r) => r.key === key);
    if (rule === undefined) continue;
    const value = given[key];
    const flag = rule.type !== "boolean" ? undefined : value === "true" || value === "yes" ? true : value === "false" || value === "no" ? false : undefined;
    if (value !== null && flag === undefined) continue;
    loose ??= { ...given };
    loose[key] = value === null ? undefined : flag;
  }
  return resolveOptions<R>(loose ?? options, rules);
}

/** The `normalize` rule of an entry point: core's {@link normalizeRule} in the main entry, {@link refuseNormalizeRule} in the lean one. */
export type NormalizeRule = (metric: string) => OptionRule;

/**
 * The `normalize` reader of the lean entry: none given is fine; anything else is refused, so that a
 * browser bundle carries no normalizer code.
 * @throws GramscoreError `INVALID_OPTION` saying which entry takes the option.
 */
export function refuseNormalize(value: unknown, metric: string): undefined {
  if (value === undefined || value === null || value === "none") return undefined;
  throw invalidOption(`${metric} option normalize is not in @gramscore/metric-bleu/lean: normalize first, or import @gramscore/metric-bleu.`, "normalize");
}

/** The lean entry's `normalize` rule: {@link refuseNormalize}. */
export function refuseNormalizeRule(metric: string): OptionRule {
  return { key: "normalize", type: "string", read: (value) => refuseNormalize(value, metric) };
}

/** Reads `smoothValue` once `smoothMethod` is read: the method's default, or `undefined` for exp and none (as sacrebleu). */
function readSmoothValue(value: unknown, resolved: Readonly<Record<string, unknown>>, metric: string): number | undefined {
  const fallback = SMOOTH_DEFAULTS[resolved.smoothMethod as SmoothMethod];
  if (value === undefined || value === null) return fallback;
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n) || n < 0) {
    throw invalidOption(
      `${metric} option smoothValue must be a non-negative number, but got ${describeValue(value)}. ` +
        `Use a small positive value such as ${SMOOTH_DEFAULTS.floor} for floor or ${SMOOTH_DEFAULTS["add-k"]} for add-k, or omit it for the default.`,
      "smoothValue",
    );
  }
  return fallback === undefined ? undefined : n;
}
/** The default entries bound of the reference cache: sacrebleu's `lru_cache(maxsize=2**16)`. */
export const DEFAULT_REFERENCE_CACHE = 65536;

/** The default bound of the reference cache in estimated bytes: 32 MiB. */
export const DEFAULT_REFERENCE_CACHE_BYTES = 32 * 1024 * 1024;

/** BLEU's rules for `metric` with an entry point's `normalize` rule, in the order messages list the keys. */
function bleuRules(metric: string, normalize: NormalizeRule): OptionRules {
  return {
    metric,
    example: "{ tokenize: \"intl\" }",
    rules: [
      { key: "tokenize", type: "string", read: (value) => value ?? "13a" },
      {
        key: "smoothMethod",
        type: "string",
        choices: SMOOTH_METHODS,
        default: "exp",
        expected: `one of ${SMOOTH_METHODS.join(", ")} (sacrebleu's names; exp is the default)`,
      },
      { key: "smoothValue", type: "number", read: (value, resolved) => readSmoothValue(value, resolved, metric) },
      { key: "lowercase", type: "boolean", default: false },
      { key: "effectiveOrder", type: "boolean", default: false },
      { key: "maxNgramOrder", type: "number", integer: true, min: 1, max: 255, numericString: true, default: 4 },
      nrefsRule(metric),
      {
        key: "referenceCache",
        type: "number",
        integer: true,
        min: 0,
        max: 2 ** 30,
        numericString: true,
        default: DEFAULT_REFERENCE_CACHE,
      },
      {
        key: "referenceCacheBytes",
        type: "number",
        integer: true,
        min: 0,
        max: 2 ** 48,
        numericString: true,
        default: DEFAULT_REFERENCE_CACHE_BYTES,
      },
      normalize(metric),
    ],
  };
}

/**
 * Validates BLEU options and fills in sacrebleu's defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it accepts and what came.
 */
export function resolveBleuOptions(options: BleuOptions | undefined, metric = "bleu"): ResolvedBleuOptions {
  return readBleuOptions(options, metric, normalizeRule);
}

/** {@link resolveBleuOptions} with the entry point's `normalize` rule. */
export function readBleuOptions(options: BleuOptions | undefined, metric: string, normalize: NormalizeRule): ResolvedBleuOptions {
  return readOptions<ResolvedBleuOptions>(options, bleuRules(metric, normalize));
}
