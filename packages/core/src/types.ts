/** One segment of input: a hypothesis and all of its references (segment-major layout). */
export interface Segment {
  /** The system output to score. */
  readonly hyp: string;
  /** Every reference for this hypothesis (at least one). */
  readonly refs: readonly string[];
  /** The source text the hypothesis was made from, for metrics that compare with it (SARI); others ignore it. */
  readonly src?: string;
}

/**
 * Splits text into tokens. `name` identifies the tokenizer (`13a`, `rouge`, ...); `signature` names it
 * with every option that changes its output (`13a`, `rouge+stem`, `tiktoken-o200k_base#3f2a9c1e`), for
 * use in a metric's signature.
 */
export interface Tokenizer {
  readonly name: string;
  readonly signature: string;
  tokenize(text: string): string[];
  /**
   * Present on tokenizers whose library loads asynchronously (e.g. a WASM build): resolves when
   * `tokenize` and `signature` can be used. Front ends (the registry's `createAsync`, the CLI) await it.
   */
  readonly ready?: PromiseLike<unknown>;
}

/**
 * A text transform applied before a metric tokenizes (Whisper's normalizers, for instance): `name`
 * identifies it, `signature` names it with every option that changes its output, for the `norm:` field
 * of a metric's signature.
 */
export interface Normalizer {
  readonly name: string;
  readonly signature: string;
  normalize(text: string): string;
}

import type { AggregateOptions, PairwiseInput, PairwiseOptions } from "./pairwise.js";

/** The level a score is computed for. */
export type ScoreLevel = "segment" | "corpus";

/**
 * A metric over mergeable sufficient statistics.
 *
 * `S` must be plain JSON (numbers, strings, arrays, objects) and `(empty(), merge)` must form a
 * commutative monoid: the corpus score is `score(merge(...stats), "corpus")` whatever the order or
 * grouping of the merges, which is what makes chunked, streaming, parallel and sharded scoring give the
 * one-pass result.
 */
export interface Metric<S = unknown, R = unknown> {
  /** Registry name, e.g. `bleu`. */
  readonly name: string;
  /** True when a larger score is better (BLEU, ROUGE, chrF); false for error rates (TER). */
  readonly higherIsBetter: boolean;
  /** The identity statistics (no segments). */
  empty(): S;
  /** Statistics of one segment; `src` is its source text, which only source-based metrics (SARI) read. */
  stats(hyp: string, refs: readonly string[], src?: string): S;
  /** Combines two statistics; must not modify its arguments. */
  merge(a: S, b: S): S;
  /**
   * Optional fast path: the statistics of many segments in one pass, equal (as JSON) to merging
   * `stats()` of every segment, each record validated as `validateSegment` does (errors name the
   * record's index). `evaluate` uses it when per-segment results are not asked for.
   */
  corpusStats?(segments: Iterable<Segment>): S;
  /** Turns statistics into a result. */
  score(stats: S, level: ScoreLevel): R;
  /**
   * A `key:value|key:value` string naming every option that affects the numbers, and the version.
   * Fields that depend on the data (sacrebleu's `nrefs`) are read from `stats` when given, so the
   * signature of serialized statistics can be recomputed from them.
   */
  signature(stats?: S): string;
  /** The numbers a table shows for a result, by column name (e.g. `{ score: 38.6 }`). */
  summarize(result: R): Record<string, number>;
  /** One human-readable line for a result, in the reference tool's format where it has one. */
  format?(result: R, options?: FormatOptions): string;
  /** Validates statistics read from JSON and returns them typed; throws `INVALID_STATS` otherwise. */
  parseStats?(value: unknown): S;
  /** Why the segment scores what it does: matched n-grams, alignments (`src`: as for {@link Metric.stats}). */
  explain?(hyp: string, refs: readonly string[], src?: string): unknown;
  /**
   * Optional: segment statistics as fixed-width numeric rows whose column sums score a resample, for
   * confidence intervals and paired significance tests (`@gramscore/significance`). `key` picks the
   * score when a result has several (ROUGE's `rouge1`, `rougeL`, …; each metric documents its keys).
   * Metrics without it cannot be resampled.
   */
  rows?(key?: string): StatsRows<S>;
  /**
   * Optional: the row-major `hyps.length × refs.length` matrix of segment scores of every hypothesis
   * against every single reference, each cell bit-identical to scoring that pair alone (see
   * {@link PairwiseScorer}). For MBR decoding and reranking.
   */
  pairwise?(hyps: readonly string[], refs: readonly string[], options?: PairwiseOptions): Float64Array;
  /** Optional: {@link Metric.pairwise} of many inputs at once. */
  pairwiseBatch?(inputs: readonly PairwiseInput[], options?: PairwiseOptions): Float64Array[];
  /**
   * Optional: every hypothesis scored once against the (weighted) average of the references' n-gram
   * statistics: reference aggregation (see {@link AggregateScorer}), not the mean pairwise score.
   */
  aggregateScores?(hyps: readonly string[], refs: readonly string[], options?: AggregateOptions): Float64Array;
}

/**
 * A metric's statistics as numeric rows (see {@link Metric.rows}): a resample of segments is scored from
 * the column sums of its segments' rows, without re-tokenizing or merging objects.
 */
export interface StatsRows<S = unknown> {
  /** The name of the resampled score as tables show it (sacrebleu's `BLEU`, `chrF2`; `rouge1`). */
  readonly name: string;
  /** Numbers per row. */
  readonly width: number;
  /**
   * True when the reference tool sums resampled rows in float32 (sacrebleu:
   * `np.array(stats, dtype="float32")`); the engine then rounds each value and each running sum to float32.
   */
  readonly float32: boolean;
  /**
   * Writes one segment's statistics (from `stats()`) as `width` numbers at `out[offset]`. Rows
   * add up: given merged statistics it writes the column sums of their segments' rows (`gramscore
   * merge` checks a shard's rows against its statistics this way).
   */
  toRow(stats: S, out: Float64Array, offset: number): void;
  /**
   * The score of column sums over `count` segments. `float32`: the sums are float32 values (a resample
   * summed as above) and the metric repeats its reference's arithmetic on float32 statistics.
   */
  score(sums: Float64Array, count: number, float32: boolean): number;
  /** The same score of merged statistics: the number resampled scores are compared with. */
  scoreStats(stats: S): number;
}

/** Options for {@link Metric.format}. */
export interface FormatOptions {
  /** Decimal places (sacrebleu's `-w`). */
  width?: number;
}

/** Resolves tokenizer names for metrics, so they can use tokenizers a registry knows. */
export interface MetricContext {
  /** Returns the tokenizer registered under `name`, created with `options`. */
  tokenizer(name: string, options?: unknown): Tokenizer;
  /**
   * Where the tokenizer registered under `name` comes from, when the context knows: the plugin that
   * registered it, and whether the user chose that plugin (`user`: registered with `use()`, such as a
   * `--plugin`) rather than it being a lazily loaded built-in. A metric that builds tokenizers of its
   * own under some names (BLEU's `13a`, ROUGE's `rouge`) uses the context's tokenizer instead when
   * `user` is true: user plugins take precedence (see `preferContext` in core).
   */
  origin?(name: string): TokenizerOrigin | undefined;
  /**
   * Returns the normalizer registered under `name` (a metric's `normalize: "whisper-en"`), when the
   * context has normalizers (a registry's does).
   */
  normalizer?(name: string): Normalizer;
}

/** See {@link MetricContext.origin}. */
export interface TokenizerOrigin {
  /** Name of the plugin that registered the tokenizer. */
  readonly plugin: string;
  /** True when the user chose the plugin (`registry.use()`), false for a lazily loaded built-in. */
  readonly user: boolean;
}

/**
 * Maps tokenizer names to their option types. Packages augment it so registry lookups are typed:
 * ```ts
 * declare module "@gramscore/core" { interface TokenizerMap { "13a": Tokenizer13aOptions } }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface TokenizerMap {}

/**
 * Maps metric names to their option, statistics and result types. Packages augment it:
 * ```ts
 * declare module "@gramscore/core" { interface MetricMap { bleu: { options: BleuOptions; stats: BleuStats; result: BleuResult } } }
 * ```
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface MetricMap {}

/** The shape of one {@link MetricMap} entry. */
export interface MetricTypes {
  options: unknown;
  stats: unknown;
  result: unknown;
}

/**
 * Declares one option of a tokenizer or metric so that generic front ends (the CLI, config files)
 * can offer it without code specific to that plugin.
 */
export interface OptionSpec {
  /** Key in the options object, e.g. `smoothMethod`. */
  readonly key: string;
  /** Long command-line flag without dashes, e.g. `smooth-method` (sacrebleu's and rouge-score's names). */
  readonly flag: string;
  /** Value type; `list` is a comma-separated list of strings. */
  readonly type: "string" | "number" | "boolean" | "list";
  /** Allowed values, when the set is closed. */
  readonly choices?: readonly string[];
  /** One line of help. */
  readonly description: string;
  /** The default, for help output. */
  readonly default?: string | number | boolean | readonly string[];
  /** A `number` must be an integer (checked by core's `resolveOptions`). */
  readonly integer?: boolean;
  /** Smallest allowed `number` (checked by core's `resolveOptions`). */
  readonly min?: number;
  /** Largest allowed `number` (checked by core's `resolveOptions`). */
  readonly max?: number;
}

/** Describes how to create a tokenizer; what plugins register. */
export interface TokenizerDescriptor<N extends string = string, O = unknown> {
  readonly kind: "tokenizer";
  readonly name: N;
  /** One line for `gramscore list`. */
  readonly description: string;
  /** Alternative names (e.g. `none` for `whitespace`). */
  readonly aliases?: readonly string[];
  /** The options `create` accepts, for generic front ends. */
  readonly options?: readonly OptionSpec[];
  /**
   * What the tokenizer needs besides its own package (a model file the user supplies, a data
   * package), checked when called: `gramscore list` shows it, with whether it is found.
   */
  readonly needs?: () => TokenizerNeeds;
  create(options?: O): Tokenizer;
}

/** See {@link TokenizerDescriptor.needs}. */
export interface TokenizerNeeds {
  /** `model-file`: a file the user supplies (never downloaded); `data-package`: an npm package holding data. */
  readonly kind: "model-file" | "data-package";
  /** The file name or package name. */
  readonly name: string;
  /** Whether it is there now. */
  readonly found: boolean;
  /** Where it is looked for (a path), or where it was found. */
  readonly location?: string;
  /** Where to get it (a URL or an install command). */
  readonly source?: string;
  /** SHA-256 of the file found, so that two users can tell whether they used the same one. */
  readonly sha256?: string;
}

/** Describes how to create a metric; what plugins register. */
export interface MetricDescriptor<N extends string = string, O = unknown, S = unknown, R = unknown> {
  readonly kind: "metric";
  readonly name: N;
  /** One line for `gramscore list`. */
  readonly description: string;
  readonly aliases?: readonly string[];
  /** The options `create` accepts, for generic front ends (the CLI turns them into flags). */
  readonly options?: readonly OptionSpec[];
  /**
   * The metric compares each hypothesis with its segment's source (`src`, SARI) and fails without
   * one; front ends whose data has no sources (the CLI's demo) leave it out.
   */
  readonly needsSource?: boolean;
  /**
   * The metric scores the hypotheses alone (distinct-n, Self-BLEU): it ignores references and has no
   * score for one segment by itself; front ends that compare systems with references segment by
   * segment (the CLI's demo and its report) leave it out.
   */
  readonly referenceFree?: boolean;
  /** Creates the metric; `context` resolves tokenizer names through a registry when there is one. */
  create(options?: O, context?: MetricContext): Metric<S, R>;
}

/** A bundle of tokenizers and metrics, the default export of a plugin package. */
export interface Plugin {
  readonly kind: "plugin";
  /** Package or plugin name. */
  readonly name: string;
  readonly version?: string;
  readonly tokenizers?: readonly TokenizerDescriptor<string, any>[];
  readonly metrics?: readonly MetricDescriptor<string, any, any, any>[];
  /** Normalizers that metrics' `normalize` option can name (`normalize: "whisper-en"`), registered under their `name`. */
  readonly normalizers?: readonly Normalizer[];
}
