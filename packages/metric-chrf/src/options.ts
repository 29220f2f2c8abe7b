import { ErrorCode, GramscoreError, describeValue, readNrefsOption, unknownOptionError } from "@gramscore/core";
import type { OptionSpec } from "@gramscore/core";

/** Options of chrF / chrF++ (sacrebleu's `CHRF(...)` arguments, in camelCase). */
export interface ChrfOptions {
  /** Highest character n-gram order (sacrebleu `char_order`). Default 6. */
  charOrder?: number;
  /** Highest word n-gram order (sacrebleu `word_order`): 0 is chrF, 2 is chrF++. Default 0. */
  wordOrder?: number;
  /** Weight of recall against precision (sacrebleu `beta`). Default 2. */
  beta?: number;
  /** Lowercase hypotheses and references first (sacrebleu `lowercase`). Default false. */
  lowercase?: boolean;
  /** Keep whitespace inside character n-grams (sacrebleu `whitespace`). Default false. */
  whitespace?: boolean;
  /**
   * Average per-order F scores with an epsilon for empty orders, as chrF++.py, Moses and NLTK do
   * (sacrebleu `eps_smoothing`). Default false: sacrebleu's effective-order averaging of precision
   * and recall over the orders that have n-grams on both sides.
   */
  epsSmoothing?: boolean;
  /**
   * The `nrefs:` of the signature: the number of references of every segment, or `"var"` when it
   * varies (a numeric string such as `"2"` is accepted too). When given, every segment must have
   * exactly that many references (any number for `"var"`). When omitted, the signature reports the
   * reference counts this metric has seen so far (`?` before the first segment), as sacrebleu does.
   * Give it to merge serialized statistics into a fresh metric, whose signature must match theirs.
   */
  nrefs?: number | "var" | string;
  /**
   * The most memory, in bytes, the reference cache may hold: references seen before (keyed by their
   * text) keep an index of their character n-grams, so that scoring them again (every system of a
   * test set is scored against the same references) does no work on them. An estimate (the index's
   * arrays, 2 bytes per UTF-16 unit of the text and some bytes per entry). Default 33554432 (32 MiB);
   * 0 turns the cache off. A reference whose estimate alone is over the bound is never cached; when
   * adding one would pass it, the cache is emptied and starts over. It never changes a number, nor
   * the signature.
   */
  referenceCacheBytes?: number;
}

/** {@link ChrfOptions} with every default filled in. */
export interface ResolvedChrfOptions {
  /** Highest character n-gram order. */
  readonly charOrder: number;
  /** Highest word n-gram order (0: chrF, 2: chrF++). */
  readonly wordOrder: number;
  /** Weight of recall against precision. */
  readonly beta: number;
  /** Lowercase first. */
  readonly lowercase: boolean;
  /** Keep whitespace in character n-grams. */
  readonly whitespace: boolean;
  /** Epsilon-smoothed averaging of per-order F instead of effective order. */
  readonly epsSmoothing: boolean;
  /** The pinned `nrefs:` of the signature, or undefined to read it off the data. */
  readonly nrefs: number | "var" | undefined;
  /** The reference cache's bound in bytes (0: no cache). */
  readonly referenceCacheBytes: number;
}

/** The default {@link ChrfOptions.referenceCacheBytes}: 32 MiB. */
export const DEFAULT_REFERENCE_CACHE_BYTES = 32 * 1024 * 1024;

/** sacrebleu's defaults, and the reference cache's bound. */
export const CHRF_DEFAULTS = {
  charOrder: 6,
  wordOrder: 0,
  beta: 2,
  lowercase: false,
  whitespace: false,
  epsSmoothing: false,
  referenceCacheBytes: DEFAULT_REFERENCE_CACHE_BYTES,
} as const;

/** The highest order (character or word) accepted. */
export const MAX_ORDER = 255;

const KEYS = new Set(["charOrder", "wordOrder", "beta", "lowercase", "whitespace", "epsSmoothing", "nrefs", "referenceCacheBytes"]);

/**
 * The options of the `chrf` / `chrf++` descriptors, with sacrebleu's command-line names as flags
 * (`--chrf-char-order`, `--chrf-word-order`, `--chrf-beta`, `--chrf-whitespace`, `--chrf-lowercase`,
 * `--chrf-eps-smoothing`).
 */
export function chrfOptionSpecs(wordOrderDefault: number): readonly OptionSpec[] {
  return [
    { key: "charOrder", flag: "chrf-char-order", type: "number", description: "character n-gram order", default: CHRF_DEFAULTS.charOrder },
    { key: "wordOrder", flag: "chrf-word-order", type: "number", description: "word n-gram order (2 = chrF++)", default: wordOrderDefault },
    { key: "beta", flag: "chrf-beta", type: "number", description: "weight of recall against precision", default: CHRF_DEFAULTS.beta },
    { key: "whitespace", flag: "chrf-whitespace", type: "boolean", description: "include whitespace in character n-grams", default: false },
    { key: "lowercase", flag: "chrf-lowercase", type: "boolean", description: "lowercase hypotheses and references first", default: false },
    {
      key: "epsSmoothing",
      flag: "chrf-eps-smoothing",
      type: "boolean",
      description: "average per-order F with epsilon smoothing (chrF++.py, Moses, NLTK) instead of effective order",
      default: false,
    },
    {
      key: "nrefs",
      flag: "nrefs",
      type: "string",
      description: "references per segment for the signature (a number, or var), checked against the data; default: as seen",
    },
  ];
}

function bad(message: string, key: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option: key } });
}

function order(value: unknown, key: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_ORDER) {
    throw bad(`chrF option ${key} must be an integer from 0 to ${MAX_ORDER}, but got ${describeValue(value)}.`, key);
  }
  return value;
}

function flag(value: unknown, key: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") throw bad(`chrF option ${key} must be true or false, but got ${describeValue(value)}.`, key);
  return value;
}

/**
 * Checks chrF options and fills in the defaults (`wordOrderDefault` is 0 for chrF, 2 for chrF++).
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveChrfOptions(options: ChrfOptions | undefined, wordOrderDefault = 0): ResolvedChrfOptions {
  if (options === undefined || options === null) options = {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `chrF options must be an object such as { wordOrder: 2 }, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (!KEYS.has(key)) {
      throw unknownOptionError("chrF", key, KEYS);
    }
  }
  const charOrder = order(options.charOrder, "charOrder", CHRF_DEFAULTS.charOrder);
  const wordOrder = order(options.wordOrder, "wordOrder", wordOrderDefault);
  if (charOrder + wordOrder === 0) {
    throw bad("chrF needs at least one n-gram order: charOrder and wordOrder cannot both be 0.", "charOrder");
  }
  const beta = options.beta === undefined ? CHRF_DEFAULTS.beta : options.beta;
  if (typeof beta !== "number" || !Number.isFinite(beta) || beta < 0) {
    throw bad(`chrF option beta must be a finite number >= 0 (2 weighs recall twice as much as precision), but got ${describeValue(beta)}.`, "beta");
  }
  const nrefs = readNrefsOption(options.nrefs, "chrF");
  const cacheBytes = options.referenceCacheBytes ?? CHRF_DEFAULTS.referenceCacheBytes;
  if (typeof cacheBytes !== "number" || !Number.isSafeInteger(cacheBytes) || cacheBytes < 0) {
    throw bad(
      `chrF option referenceCacheBytes must be a whole number of bytes >= 0 (0 turns the reference cache off), but got ${describeValue(cacheBytes)}.`,
      "referenceCacheBytes",
    );
  }
  return {
    charOrder,
    wordOrder,
    beta,
    lowercase: flag(options.lowercase, "lowercase", CHRF_DEFAULTS.lowercase),
    whitespace: flag(options.whitespace, "whitespace", CHRF_DEFAULTS.whitespace),
    epsSmoothing: flag(options.epsSmoothing, "epsSmoothing", CHRF_DEFAULTS.epsSmoothing),
    nrefs,
    referenceCacheBytes: cacheBytes,
  };
}
