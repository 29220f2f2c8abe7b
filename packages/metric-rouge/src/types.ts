import type { NormalizerLike, TokenizerLike, WordList } from "@gramscore/core";
import type { ExceptionTable } from "@gramscore/stemmer-porter";

/**
 * Which reference implementation a ROUGE metric reproduces:
 * - `rouge-score`: Google's rouge-score 0.1.2 (what HuggingFace `evaluate` uses): ROUGE-N, sentence-level
 *   `rougeL`, summary-level `rougeLsum`, unrounded precision/recall/F1, best-F over references.
 * - `rouge155`: the Perl ROUGE-1.5.5 script: ROUGE-N, summary-level ROUGE-L, ROUGE-W, ROUGE-S/SU, its
 *   tokenizer and stemmer, pooled (`-f A`) or best-recall (`-f B`) references, 5-decimal rounding.
 */
export type RougeMode = "rouge-score" | "rouge155";

/**
 * How one segment's references are combined, per ROUGE type:
 * - `best-f`: the reference with the highest F (first wins ties): rouge-score's `score_multi`.
 * - `best-recall`: the reference with the highest recall (first wins ties): ROUGE-1.5.5's `-f B`
 *   (which compares recalls rounded to 5 decimals for ROUGE-N/S, unrounded for L and W).
 * - `pooled`: hits and counts summed over the references, then P/R/F: ROUGE-1.5.5's `-f A`.
 * - `average`: the mean of the per-reference precision, recall and F (torchmetrics' `avg`).
 * - `jackknife`: leave-one-out: for each reference left out, the best of the others (best-F in
 *   rouge-score mode, best-recall in rouge155 mode); the mean of those results. One reference: that one.
 */
export type MultiRefPolicy = "best-f" | "best-recall" | "pooled" | "average" | "jackknife";

/** ROUGE-1.5.5's `-t`: `segment` (0, the mean of per-segment scores) or `token` (1, pooled counts). */
export type Averaging = "segment" | "token";

/** Options of {@link createRouge}; every field is optional. */
export interface RougeOptions {
  /** Reference implementation to reproduce. Default `rouge-score`. */
  mode?: RougeMode;
  /**
   * The ROUGE types to compute. rouge-score mode: `rouge1` … `rouge9`, `rougeL`, `rougeLsum` (default
   * `rouge1, rouge2, rougeL, rougeLsum`). rouge155 mode: `rouge1` … `rouge9` (or `ROUGE-1` …),
   * `rougeL`, `rougeW`, `rougeS`, `rougeSU` (default `rouge1, rouge2, rougeL`); results are keyed by
   * ROUGE-1.5.5's labels (`ROUGE-1`, `ROUGE-L`, `ROUGE-W-1.2`, `ROUGE-S4`, `ROUGE-SU4`).
   */
  rougeTypes?: readonly string[];
  /**
   * The tokenizer: `rouge` (rouge-score's, the rouge-score mode default), `rouge155` (ROUGE-1.5.5's,
   * the rouge155 mode default), `rouge-unicode` (keeps every script), any other name a registry
   * knows (resolved through the metric context), a `Tokenizer` object or a function `text => tokens`.
   */
  tokenize?: string | TokenizerLike;
  /** Options passed when a tokenizer name is resolved through a registry (not for the built-in names). */
  tokenizeOptions?: Record<string, unknown>;
  /**
   * `porter`: stem tokens longer than 3 characters with the mode's Porter stemmer (rouge-score's
   * `use_stemmer=True`, ROUGE-1.5.5's `-m`); `none` (the default): no stemming. Built-in tokenizers only.
   */
  stemmer?: "porter" | "none";
  /** Words to drop before stemming (ROUGE-1.5.5's `-s` uses its `smart_common_words.txt`). */
  stopwords?: WordList;
  /** rouge155 mode: the WordNet exception table `-m` consults before the Porter stemmer (see @gramscore/stemmer-porter). */
  exceptions?: ExceptionTable;
  /** rouge-score's `split_summaries` (sentences by NLTK's `sent_tokenize`) is not supported: only `false` (sentences are lines). */
  splitSummaries?: boolean;
  /** How references are combined. Default `best-f` (rouge-score mode) or `pooled` (rouge155 mode, `-f A`). */
  multiRef?: MultiRefPolicy;
  /** rouge155 mode: `-p`, the weight of recall in F = P·R / ((1 − α)·P + α·R), 0 … 1. Default 0.5. */
  alpha?: number;
  /** rouge155 mode: `-w`, the ROUGE-W weight factor (f(k) = k^weight), > 0. Default 1.2. */
  weight?: number;
  /** rouge155 mode: `-2`, the most words between the two words of a skip-bigram (negative: unlimited). Default 4. */
  skipDistance?: number;
  /** rouge155 mode: `-l`, keep only the first n words of every text (hypothesis and references). 0 = no limit. */
  lengthLimit?: number;
  /** rouge155 mode: `-b`, keep only the first n bytes (UTF-8) of every text. 0 = no limit. */
  byteLimit?: number;
  /** rouge155 mode: `-t` 0 (`segment`, default) or 1 (`token`). */
  averaging?: Averaging | 0 | 1;
  /**
   * rouge155 mode, ROUGE-W with a reference that has no token (ROUGE-1.5.5 dies with "Illegal division
   * by zero"): `error` (default) throws `EMPTY_INPUT`; `zero` scores that reference 0 and goes on.
   */
  emptyReference?: "error" | "zero";
  /** Compute bootstrap confidence intervals (rouge-score's BootstrapAggregator semantics, seeded). Default false. */
  bootstrap?: boolean;
  /** Number of bootstrap resamples. Default 1000. */
  bootstrapSamples?: number;
  /** Seed of the bootstrap resampling (0 … 2^32 − 1). Default 12345. */
  seed?: number;
  /** Confidence of the bootstrap interval, 0 … 1. Default 0.95. */
  confidence?: number;
  /**
   * A transform applied to the hypothesis and every reference before ROUGE's own tokenizer (e.g.
   * `whisperEnglish` of `@gramscore/normalizer-whisper`), named in the signature (`norm:whisper-en`);
   * a function is named `custom`. A name (`"whisper-en"`) works through a registry that has the
   * normalizer's plugin (`registry.metric("rouge", { normalize: "whisper-en" })`, the CLI's
   * `--normalize`). rougeLsum and ROUGE-1.5.5 read sentences from lines, so a normalizer that
   * collapses line breaks (Whisper's do) leaves each text one sentence. Default: none.
   */
  normalize?: NormalizerLike | "none" | null | (string & {});
}

/** Precision, recall and F-measure of one ROUGE type. */
export interface RougeScore {
  precision: number;
  recall: number;
  fmeasure: number;
}

/**
 * One ROUGE type's result. With bootstrap (corpus level), `low`, `mid`, `high` are rouge-score's
 * percentiles of the resample means, computed for each of the three columns on its own.
 */
export interface RougeTypeResult extends RougeScore {
  low?: RougeScore;
  mid?: RougeScore;
  high?: RougeScore;
}

/** A ROUGE result: one entry per ROUGE type, keyed by its name (`rouge1`, `rougeLsum`, `ROUGE-W-1.2`, …). */
export type RougeResult = Record<string, RougeTypeResult>;

/**
 * Sufficient statistics (plain JSON). `sums[c]` is the exact sum of column `c` over the segments, as
 * canonical partials (see `exact.ts`): per ROUGE type, precision, recall, F, and in rouge155 mode the
 * model count, peer count and hits (for `-t 1`). With bootstrap, `rows` holds every segment's columns
 * (chunks of rows, flattened), in no particular order.
 */
export interface RougeStats {
  count: number;
  sums: number[][];
  rows?: number[][];
}
