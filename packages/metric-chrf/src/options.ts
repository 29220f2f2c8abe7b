import { invalidOption, nrefsOptionSpec, nrefsRule, resolveOptions } from "@gramscore/core";
import type { OptionRules, OptionSpec } from "@gramscore/core";

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
    nrefsOptionSpec,
  ];
}

/** chrF's rules, in the order messages list the keys. */
const RULES: OptionRules = {
  metric: "chrF",
  example: "{ wordOrder: 2 }",
  rules: [
    { key: "charOrder", type: "number", integer: true, min: 0, max: MAX_ORDER, default: CHRF_DEFAULTS.charOrder },
    { key: "wordOrder", type: "number", integer: true, min: 0, max: MAX_ORDER, default: CHRF_DEFAULTS.wordOrder },
    { key: "beta", type: "number", min: 0, default: CHRF_DEFAULTS.beta, expected: "a finite number >= 0 (2 weighs recall twice as much as precision)" },
    { key: "lowercase", type: "boolean", default: CHRF_DEFAULTS.lowercase },
    { key: "whitespace", type: "boolean", default: CHRF_DEFAULTS.whitespace },
    { key: "epsSmoothing", type: "boolean", default: CHRF_DEFAULTS.epsSmoothing },
    nrefsRule("chrF"),
    {
      key: "referenceCacheBytes",
      type: "number",
      integer: true,
      min: 0,
      default: CHRF_DEFAULTS.referenceCacheBytes,
      expected: "a whole number of bytes >= 0 (0 turns the reference cache off)",
    },
  ],
};

/**
 * Checks chrF options and fills in the defaults (`wordOrderDefault` is 0 for chrF, 2 for chrF++).
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveChrfOptions(options: ChrfOptions | undefined, wordOrderDefault = 0): ResolvedChrfOptions {
  const resolved = resolveOptions<ResolvedChrfOptions>(options, RULES, { wordOrder: wordOrderDefault });
  if (resolved.charOrder + resolved.wordOrder === 0) {
    throw invalidOption("chrF needs at least one n-gram order: charOrder and wordOrder cannot both be 0.", "charOrder");
  }
  return resolved;
}
