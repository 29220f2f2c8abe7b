import { ErrorCode, GramscoreError, checkScoreKey, describeValue, formatFixed, formatSignature, glibcExp as exp, log, validateSegment, signatureVersion, toSegments } from "@gramscore/core";
import type { FormatOptions, Metric, MetricContext, OptionRules, StatsRows, Tokenizer } from "@gramscore/core";
import { BleuCounter, MATCH, REF, SYS } from "./kernel.js";
import type { Spans } from "./kernel.js";
import { readOptions } from "./options.js";
import { resolveTokenizer, spanner } from "./tokenizer.js";
import type { TokenizeOption } from "./tokenizer.js";
import { VERSION } from "./version.js";

/** Options of HuggingFace `evaluate`'s `bleu` (TF-NMT `compute_bleu`). */
export interface HfBleuOptions {
  /** Highest n-gram order (`max_order`). Default 4. */
  maxOrder?: number;
  /** Add one to the matches and the possible matches of every order, unigrams included (`smooth`). Default false. */
  smooth?: boolean;
  /**
   * Tokenizer. Default `13a`: evaluate's copy of sacrebleu's 13a, applied to the raw text (evaluate does
   * not right-strip, so a final `-\n` is removed with the hyphen). Any other name, Tokenizer or function
   * as for BLEU.
   */
  tokenize?: TokenizeOption;
}

/** Sufficient statistics of evaluate's BLEU (sums over segments). */
export interface HfBleuStats {
  /** Σ hypothesis lengths (`translation_length`). */
  translationLength: number;
  /** Σ shortest reference lengths (`reference_length`). */
  referenceLength: number;
  /** Clipped matches per order (`matches_by_order`). */
  matches: number[];
  /** Hypothesis n-grams per order (`possible_matches_by_order`). */
  possible: number[];
}

/** evaluate's BLEU result (its keys in camelCase), on the 0–1 scale. */
export interface HfBleuResult {
  bleu: number;
  precisions: number[];
  brevityPenalty: number;
  lengthRatio: number;
  translationLength: number;
  referenceLength: number;
}

interface ResolvedHf {
  maxOrder: number;
  smooth: boolean;
  tokenize: TokenizeOption | undefined;
}

/** evaluate BLEU's rules for `metric`. */
function hfRules(metric: string): OptionRules {
  return {
    metric,
    example: "{ maxOrder: 2 }",
    rules: [
      { key: "maxOrder", type: "number", integer: true, min: 1, max: 255, numericString: true, default: 4 },
      { key: "smooth", type: "boolean", default: false },
      { key: "tokenize", type: "string", read: (value) => value },
    ],
  };
}

function resolveHf(options: HfBleuOptions | undefined, metric: string): ResolvedHf {
  return readOptions<ResolvedHf>(options, hfRules(metric));
}

function makeTokenizer(option: TokenizeOption | undefined, context: MetricContext | undefined, metric: string) {
  // evaluate's Tokenizer13a is sacrebleu's 13a applied to the text as given (no rstrip).
  const name = option ?? "13a";
  const tokenizer = resolveTokenizer(name, context, metric);
  return { tokenizer, toSpans: spanner(name, tokenizer, metric) };
}

function zeroDivision(what: string): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `${what}, so evaluate's BLEU divides by zero (ZeroDivisionError: float division by zero) and has no score. ` +
      "Drop empty hypotheses and references, or use the sacrebleu-compatible bleu metric, which scores them 0.",
  );
}

/**
 * TF-NMT's `compute_bleu` (what evaluate's `bleu` returns) from summed statistics, with its order of
 * floating-point operations: precision `m / possible` (or `(m + 1) / (possible + 1)` when smoothing),
 * geometric mean 0 when any precision is 0, `ratio = hyp / ref`, `bp = exp(1 − 1 / ratio)` when
 * `ratio ≤ 1`.
 * @throws GramscoreError `EMPTY_INPUT` where the reference raises ZeroDivisionError (an empty
 * hypothesis or empty references).
 */
export function computeHfBleu(stats: HfBleuStats, smooth: boolean): HfBleuResult {
  const N = stats.matches.length;
  const precisions = new Array<number>(N);
  for (let i = 0; i < N; i++) {
    const m = stats.matches[i]!;
    const p = stats.possible[i]!;
    if (smooth) precisions[i] = (m + 1.0) / (p + 1.0);
    else precisions[i] = p > 0 ? m / p : 0.0;
  }
  let geoMean = 0;
  if (Math.min(...precisions) > 0) {
    let logSum = 0;
    for (const p of precisions) logSum += (1.0 / N) * log(p);
    geoMean = exp(logSum);
  }
  if (stats.referenceLength === 0) throw zeroDivision("The reference length is 0 (every shortest reference is empty)");
  const ratio = stats.translationLength / stats.referenceLength;
  let bp = 1.0;
  if (!(ratio > 1.0)) {
    if (ratio === 0) throw zeroDivision("The translation length is 0 (empty hypotheses)");
    bp = exp(1 - 1.0 / ratio);
  }
  return {
    bleu: geoMean * bp,
    precisions,
    brevityPenalty: bp,
    lengthRatio: ratio,
    translationLength: stats.translationLength,
    referenceLength: stats.referenceLength,
  };
}

/** What {@link hfBleu} returns: evaluate's numbers, with the headline `score` (= `bleu`) and the signature. */
export interface HfBleuScore extends HfBleuResult {
  /** The same as `bleu` (0 … 1). */
  score: number;
  /** `tok:13a|order:4|smooth:no|ref:shortest|version:…`. */
  signature: string;
}

/**
 * HuggingFace evaluate's `bleu` (the tensorflow/nmt BLEU: evaluate's 13a tokenizer on the raw text,
 * the **shortest** reference length, optional add-one smoothing on every order, 0–1 scale) in
 * gramscore's one layout: `hypotheses[i]` against `references[k][i]`. For evaluate's own call and
 * dictionary (`load("bleu").compute({ predictions, references })`) see `@gramscore/evaluate`.
 * ```ts
 * hfBleu(["the cat sat on the mat"], [["the cat sat on the mat"]]).score; // 1
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT` (empty corpus, no reference, or where
 * evaluate raises ZeroDivisionError), `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function hfBleu(
  hypotheses: readonly string[],
  references: readonly (readonly (string | null | undefined)[])[],
  options?: HfBleuOptions,
): HfBleuScore {
  const metric = createHfBleu(options);
  const segments = toSegments(hypotheses, references);
  if (segments.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "The corpus is empty: pass at least one hypothesis with its references.");
  }
  let total = metric.empty();
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    if (seg.refs.length === 0) {
      throw new GramscoreError(ErrorCode.EMPTY_INPUT, `Hypothesis ${i} has no reference (every stream is null there).`);
    }
    total = metric.merge(total, metric.stats(seg.hyp, seg.refs));
  }
  const result = metric.score(total, "corpus");
  return { ...result, score: result.bleu, signature: metric.signature(total) };
}

/** evaluate's BLEU as a gramscore {@link Metric} (see {@link createHfBleu}). */
export interface HfBleuMetric extends Metric<HfBleuStats, HfBleuResult> {
  readonly name: "bleu-hf";
  readonly tokenizer: Tokenizer;
  parseStats(value: unknown): HfBleuStats;
  /** Resampling rows `[translationLength, referenceLength, matches…, possible…]` (float64 sums); one key, `score`. */
  rows(key?: string): StatsRows<HfBleuStats>;
}

/**
 * HuggingFace evaluate's `bleu` as a metric with mergeable statistics: corpus score = `compute` on
 * all segments, segment score = `compute` on one. 0–1 scale.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createHfBleu(options?: HfBleuOptions, context?: MetricContext): HfBleuMetric {
  const o = resolveHf(options, "bleu-hf");
  const { tokenizer, toSpans } = makeTokenizer(o.tokenize, context, "bleu-hf");
  const refSpans: Spans[] = [];
  const N = o.maxOrder;
  const counter = new BleuCounter(N, "shortest");
  const row = new Float64Array(2 + 2 * N);
  const signature = formatSignature([
    ["tok", tokenizer.signature],
    ["order", N],
    ["smooth", o.smooth],
    ["ref", "shortest"],
    ["version", signatureVersion(VERSION)],
  ]);
  const check = (s: HfBleuStats, what: string) => {
    if (s === null || typeof s !== "object" || !Array.isArray(s.matches) || s.matches.length !== N) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `${what} must be bleu-hf statistics with ${N} orders ({ translationLength, referenceLength, matches, possible }), but got ${describeValue(s)}.`,
      );
    }
  };
  return {
    name: "bleu-hf",
    higherIsBetter: true,
    tokenizer,
    empty: () => ({ translationLength: 0, referenceLength: 0, matches: new Array<number>(N).fill(0), possible: new Array<number>(N).fill(0) }),
    stats(hyp, refs) {
      validateSegment({ hyp, refs }, 0);
      const h = toSpans(hyp, counter.scratch(0));
      for (let r = 0; r < refs.length; r++) refSpans[r] = toSpans(refs[r]!, counter.scratch(r + 1));
      counter.countSpans(h, refSpans, refs.length, row);
      const matches = new Array<number>(N);
      const possible = new Array<number>(N);
      for (let n = 0; n < N; n++) {
        matches[n] = row[MATCH + n]!;
        possible[n] = row[MATCH + N + n]!;
      }
      return { translationLength: row[SYS]!, referenceLength: row[REF]!, matches, possible };
    },
    merge(a, b) {
      check(a, "The first argument of merge");
      check(b, "The second argument of merge");
      return {
        translationLength: a.translationLength + b.translationLength,
        referenceLength: a.referenceLength + b.referenceLength,
        matches: a.matches.map((x, i) => x + b.matches[i]!),
        possible: a.possible.map((x, i) => x + b.possible[i]!),
      };
    },
    score(stats) {
      check(stats, "The statistics to score");
      return computeHfBleu(stats, o.smooth);
    },
    signature: () => signature,
    summarize: (result) => ({ score: result.bleu }),
    rows(key?: string): StatsRows<HfBleuStats> {
      checkScoreKey(key, "bleu-hf");
      const fromRow = (r: ArrayLike<number>): HfBleuStats => {
        const matches = new Array<number>(N);
        const possible = new Array<number>(N);
        for (let n = 0; n < N; n++) {
          matches[n] = r[2 + n]!;
          possible[n] = r[2 + N + n]!;
        }
        return { translationLength: r[0]!, referenceLength: r[1]!, matches, possible };
      };
      return {
        name: "BLEU-HF",
        width: 2 + 2 * N,
        float32: false,
        toRow(stats, out, offset) {
          out[offset] = stats.translationLength;
          out[offset + 1] = stats.referenceLength;
          for (let n = 0; n < N; n++) {
            out[offset + 2 + n] = stats.matches[n]!;
            out[offset + 2 + N + n] = stats.possible[n]!;
          }
        },
        score: (sums) => computeHfBleu(fromRow(sums), o.smooth).bleu,
        scoreStats: (stats) => computeHfBleu(stats, o.smooth).bleu,
      };
    },
    format(result: HfBleuResult, fmt?: FormatOptions) {
      const width = fmt?.width ?? 4;
      return (
        `BLEU-HF = ${formatFixed(result.bleu, width)} ${result.precisions.map((p) => formatFixed(p, 4)).join("/")} ` +
        `(BP = ${formatFixed(result.brevityPenalty, 3)} ratio = ${formatFixed(result.lengthRatio, 3)} ` +
        `translation_length = ${result.translationLength} reference_length = ${result.referenceLength})`
      );
    },
    parseStats(value) {
      const v = value as Partial<HfBleuStats> | null;
      const ok =
        v !== null &&
        typeof v === "object" &&
        [v.translationLength, v.referenceLength].every((x) => Number.isSafeInteger(x) && (x as number) >= 0) &&
        [v.matches, v.possible].every((a) => Array.isArray(a) && a.length === N && a.every((x) => Number.isSafeInteger(x) && x >= 0)) &&
        v.matches!.every((x, i) => x <= v.possible![i]!);
      if (!ok) {
        throw new GramscoreError(
          ErrorCode.INVALID_STATS,
          `bleu-hf statistics must be { translationLength, referenceLength, matches, possible } with non-negative integers, ` +
            `${N} orders and matches never above possible, but got ${describeValue(value)}.`,
        );
      }
      return {
        translationLength: v.translationLength!,
        referenceLength: v.referenceLength!,
        matches: [...v.matches!],
        possible: [...v.possible!],
      };
    },
  };
}
