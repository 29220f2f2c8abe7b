import { ErrorCode, GramscoreError, describeValue, resolveNormalizeOption, unknownOptionError } from "@gramscore/core";
import type { Normalizer, NormalizerLike } from "@gramscore/core";
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

const SNAKE_HINTS: Record<string, string> = {
  smooth_method: "smoothMethod",
  smooth_value: "smoothValue",
  effective_order: "effectiveOrder",
  use_effective_order: "effectiveOrder",
  max_ngram_order: "maxNgramOrder",
  tokenizer: "tokenize",
  "smooth-method": "smoothMethod",
  "smooth-value": "smoothValue",
  "effective-order": "effectiveOrder",
  "max-ngram-order": "maxNgramOrder",
  max_order: "maxOrder",
  auto_reweigh: "autoReweigh",
  smoothing_function: "smoothing",
};

/** Throws `INVALID_OPTION` unless `options` is undefined, null or a plain object with only `allowed` keys. */
export function checkOptionKeys(options: unknown, allowed: readonly string[], metric: string): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Options of ${metric} must be an object such as { ${allowed[0]}: … }, but got ${describeValue(options)}.`,
    );
  }
  for (const key of Object.keys(options)) {
    if (allowed.includes(key)) continue;
    const hint = SNAKE_HINTS[key];
    if (hint === undefined || !allowed.includes(hint)) throw unknownOptionError(metric, key, allowed);
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `${metric} has no option "${key}". Did you mean ${hint}? Its options are ${allowed.join(", ")}.`, {
      details: { option: key },
    });
  }
  return options as Record<string, unknown>;
}

/** Reads a boolean option (`undefined` → `fallback`). */
export function readBoolean(value: unknown, name: string, metric: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "yes") return true;
  if (value === "false" || value === "no") return false;
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option ${name} of ${metric} must be true or false, but got ${describeValue(value)}.`,
    { details: { option: name } },
  );
}

/** Reads a number option given as a number or a numeric string (`undefined` → `undefined`). */
export function readNumber(value: unknown, name: string, metric: string, expected: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  if (typeof n !== "number" || !Number.isFinite(n)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option ${name} of ${metric} must be ${expected}, but got ${describeValue(value)}.`,
      { details: { option: name } },
    );
  }
  return n;
}

/** Reads an integer option within `[min, max]`. */
export function readInteger(value: unknown, name: string, metric: string, min: number, max: number, fallback: number): number {
  const expected = `an integer from ${min} to ${max}`;
  const n = readNumber(value, name, metric, expected);
  if (n === undefined) return fallback;
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Option ${name} of ${metric} must be ${expected}, but got ${describeValue(value)}.`, {
      details: { option: name },
    });
  }
  return n;
}

/** Reads the `nrefs` option: a positive integer, `"var"`, or undefined. */
export function readNrefs(value: unknown, metric: string): NrefsOption | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (value === "var") return "var";
  const n = typeof value === "string" ? Number(value) : value;
  if (typeof n === "number" && Number.isInteger(n) && n >= 1) return n;
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option nrefs of ${metric} must be the number of references per segment (an integer ≥ 1) or "var" ` +
      `when it varies, but got ${describeValue(value)}. Omit it to report the counts seen in the data.`,
    { details: { option: "nrefs" } },
  );
}

const BLEU_KEYS = ["tokenize", "smoothMethod", "smoothValue", "lowercase", "effectiveOrder", "maxNgramOrder", "nrefs", "referenceCache", "referenceCacheBytes", "normalize"];

/** Reads the `normalize` option (core's resolveNormalizeOption in the main entry). */
export type NormalizeReader = (value: unknown, metric: string) => Normalizer | undefined;

/**
 * The `normalize` reader of the lean entry: none given is fine; anything else is refused, so that a
 * browser bundle carries no normalizer code.
 * @throws GramscoreError `INVALID_OPTION` saying which entry takes the option.
 */
export function refuseNormalize(value: unknown, metric: string): undefined {
  if (value === undefined || value === null || value === "none") return undefined;
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option normalize of ${metric} is not in @gramscore/metric-bleu/lean: normalize first, or import @gramscore/metric-bleu.`,
    { details: { option: "normalize" } },
  );
}

/** The default entries bound of the reference cache: sacrebleu's `lru_cache(maxsize=2**16)`. */
export const DEFAULT_REFERENCE_CACHE = 65536;

/** The default bound of the reference cache in estimated bytes: 32 MiB. */
export const DEFAULT_REFERENCE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Validates BLEU options and fills in sacrebleu's defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it accepts and what came.
 */
export function resolveBleuOptions(options: BleuOptions | undefined, metric = "bleu"): ResolvedBleuOptions {
  return readBleuOptions(options, metric, resolveNormalizeOption);
}

/** {@link resolveBleuOptions} with the entry point's `normalize` reader. */
export function readBleuOptions(options: BleuOptions | undefined, metric: string, readNormalize: NormalizeReader): ResolvedBleuOptions {
  const o = checkOptionKeys(options, BLEU_KEYS, metric);
  const method = o.smoothMethod ?? "exp";
  if (typeof method !== "string" || !(SMOOTH_METHODS as readonly string[]).includes(method)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Unknown smoothMethod ${typeof method === "string" ? JSON.stringify(method) : describeValue(method)} for ${metric}: ` +
        `expected one of ${SMOOTH_METHODS.join(", ")} ` +
        "(sacrebleu's names; exp is the default).",
      { details: { option: "smoothMethod" } },
    );
  }
  const smoothMethod = method as SmoothMethod;
  const given = readNumber(o.smoothValue, "smoothValue", metric, "a non-negative number");
  if (given !== undefined && given < 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option smoothValue of ${metric} must be a non-negative number, but got ${given}. ` +
        `Use a small positive value such as ${SMOOTH_DEFAULTS.floor} for floor or ${SMOOTH_DEFAULTS["add-k"]} for add-k, or omit it for the default.`,
      { details: { option: "smoothValue" } },
    );
  }
  const fallback = SMOOTH_DEFAULTS[smoothMethod];
  const smoothValue = fallback === undefined ? undefined : (given ?? fallback);
  const tokenize = o.tokenize ?? "13a";
  return {
    tokenize: tokenize as TokenizeOption,
    smoothMethod,
    smoothValue,
    lowercase: readBoolean(o.lowercase, "lowercase", metric, false),
    effectiveOrder: readBoolean(o.effectiveOrder, "effectiveOrder", metric, false),
    maxNgramOrder: readInteger(o.maxNgramOrder, "maxNgramOrder", metric, 1, 255, 4),
    nrefs: readNrefs(o.nrefs, metric),
    referenceCache: readInteger(o.referenceCache, "referenceCache", metric, 0, 2 ** 30, DEFAULT_REFERENCE_CACHE),
    referenceCacheBytes: readInteger(o.referenceCacheBytes, "referenceCacheBytes", metric, 0, 2 ** 48, DEFAULT_REFERENCE_CACHE_BYTES),
    normalize: readNormalize(o.normalize, metric),
  };
}
