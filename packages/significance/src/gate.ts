/**
 * A regression gate: a candidate system against a baseline on one or more metrics, each decided by
 * the paired test of {@link pairedTest} (sacrebleu's paired bootstrap or approximate randomization,
 * the same draws and p-values) and a threshold, with a verdict per metric and one pass/fail for all.
 *
 * The rule, per metric. Let Δ = candidate − baseline (the scores as the metric computes them) and
 * the gain be Δ for metrics where higher is better (BLEU, chrF, ROUGE) and −Δ for error rates (TER,
 * WER). With `threshold` t ≥ 0 (default 0, in the metric's own points) and `pValue` α (default 0.05):
 *
 * - `regressed` when gain < −t **and** p < α: worse by more than the threshold, and significantly;
 * - `improved` when gain > t **and** p < α;
 * - `unchanged` (no significant change) otherwise.
 *
 * The gate passes when no metric regressed. The p-value is the paired test's (two-sided: it measures
 * how often a difference as large as |Δ| arises by chance), so the sign of the difference comes from
 * Δ; the comparison with α is strict, as sacrebleu's explanation says ("p-values < 0.05"). The rule
 * is symmetric: swapping baseline and candidate gives the same p-value (the draws do not depend on
 * which system is which) and turns `regressed` into `improved` and back.
 */

import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { concatRows, pairedTest, rowsOf } from "./engine.js";
import type { SystemRows } from "./engine.js";
import type { Seed } from "./rng.js";

/** The verdict of one metric: see the rule in {@link compareSystems}. */
export type Verdict = "regressed" | "improved" | "unchanged";

/** The default `pValue` of {@link compareSystems}: 0.05. */
export const DEFAULT_P_VALUE = 0.05;

/** The default `threshold` of {@link compareSystems}: 0 (any significant drop fails). */
export const DEFAULT_THRESHOLD = 0;

/** One metric of {@link compareSystems}: the metric and both systems' per-segment statistics. */
export interface GateInput<S = unknown> {
  /** The metric (from its package or a registry); its `higherIsBetter` says which way is worse. */
  readonly metric: Metric<S, unknown>;
  /**
   * The baseline: its per-segment statistics (`metric.stats(hyp, refs)` of each segment, in segment
   * order), or rows already collected with {@link collectRows} for this metric.
   */
  readonly baseline: readonly S[] | SystemRows;
  /** The candidate, as the baseline: the same segments in the same order. */
  readonly candidate: readonly S[] | SystemRows;
  /** Which score to test when the metric has several (ROUGE's `rouge1`, `rougeL`); statistics only. */
  readonly key?: string;
}

/** Options of {@link compareSystems}. */
export interface GateOptions {
  /** `bs`: paired bootstrap resampling (default; sacrebleu's `--paired-bs`); `ar`: approximate randomization (`--paired-ar`). */
  test?: "bs" | "ar";
  /** Significance level α: a difference counts when the p-value is below it (default 0.05). */
  pValue?: number;
  /**
   * Points of the metric's scale (BLEU 0–100) by which the candidate must be worse (or better) for a
   * verdict other than `unchanged`; one number for every metric, or one per metric name (`bleu`,
   * `chrf`), others 0. Default 0.
   */
  threshold?: number | Readonly<Record<string, number>>;
  /** Resamples (`bs`, default 1000) or trials (`ar`, default 10,000), as {@link pairedTest}. */
  samples?: number;
  /** With `ar`: bootstrap resamples for each system's 95% confidence interval (default none). */
  arConfidence?: number;
  /** numpy seed; default 12345 (sacrebleu's); `null` for an unseeded run. */
  seed?: Seed;
  /** The baseline's name in results and reports (default `baseline`). */
  baselineName?: string;
  /** The candidate's name (default `candidate`). */
  candidateName?: string;
}

/** One system's side of a {@link GateMetricResult}. */
export interface GateSystemScore {
  /** The system's name. */
  readonly system: string;
  /** Its score. */
  readonly score: number;
  /** Bootstrap mean of its score (paired bootstrap, or AR with `arConfidence`); else `null`. */
  readonly mean: number | null;
  /** Half-width of the bootstrap 95% confidence interval (sacrebleu's `μ ± CI`), with `mean`; else `null`. */
  readonly ci: number | null;
}

/** The result of one metric of {@link compareSystems}. */
export interface GateMetricResult {
  /** The metric's name (`bleu`, `chrf`, `ter`). */
  readonly metric: string;
  /** The tested score's name as tables show it (`BLEU`, `chrF2`, `rouge1`). */
  readonly name: string;
  /** True when a larger score is better. */
  readonly higherIsBetter: boolean;
  /** The baseline's score and confidence interval. */
  readonly baseline: GateSystemScore;
  /** The candidate's score and confidence interval. */
  readonly candidate: GateSystemScore;
  /** candidate − baseline. */
  readonly delta: number;
  /** The paired test's p-value of the difference. */
  readonly pValue: number;
  /** The threshold applied to this metric (points). */
  readonly threshold: number;
  /** The verdict (see the rule in {@link compareSystems}). */
  readonly verdict: Verdict;
  /** The metric's signature with the test's `bs:`/`ar:` and `seed:` fields. */
  readonly signature: string;
}

/** The result of {@link compareSystems}: plain data (JSON-serializable), e.g. for a test matcher. */
export interface GateResult {
  /** True when no metric regressed. */
  readonly pass: boolean;
  /** One line saying what passed or failed, naming the regressed metrics with their numbers. */
  readonly message: string;
  /** The test: `bs` or `ar`. */
  readonly test: "bs" | "ar";
  /** Resamples (`bs`) or trials (`ar`). */
  readonly samples: number;
  /** The seed as printed (`12345`, `none`). */
  readonly seed: string;
  /** The significance level α. */
  readonly pValue: number;
  /** The baseline's name. */
  readonly baseline: string;
  /** The candidate's name. */
  readonly candidate: string;
  /** Segments compared. */
  readonly segments: number;
  /** One result per metric, in the given order. */
  readonly metrics: readonly GateMetricResult[];
  /** Names (`metric`) of the metrics that regressed. */
  readonly regressed: readonly string[];
  /** Names of the metrics that improved. */
  readonly improved: readonly string[];
}

function isRows(value: unknown): value is SystemRows {
  return typeof value === "object" && value !== null && !Array.isArray(value) && (value as SystemRows).rows instanceof Float64Array;
}

/** Rows of one system from its per-segment statistics; the score and signature from their merge. */
function rowsFromStats<S>(metric: Metric<S, unknown>, stats: readonly S[], key: string | undefined, role: string): SystemRows {
  if (!Array.isArray(stats)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The ${role} of ${metric.name} must be an array of per-segment statistics (metric.stats(hyp, refs) of each segment) or rows from collectRows(), but got ${describeValue(stats)}.`,
    );
  }
  if (stats.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, `The ${role} of ${metric.name} has no segments; a paired test needs at least one.`);
  }
  const resampler = rowsOf(metric, key);
  const rows = new Float64Array(stats.length * resampler.width);
  let merged = metric.empty();
  for (let i = 0; i < stats.length; i++) {
    resampler.toRow(stats[i]!, rows, i * resampler.width);
    merged = metric.merge(merged, stats[i]!);
  }
  const part: SystemRows = { name: resampler.name, count: stats.length, width: resampler.width, rows, score: Number.NaN, signature: "", resampler };
  return concatRows([part], metric, merged);
}

function checkLevel(p: unknown): number {
  if (typeof p !== "number" || !(p > 0 && p <= 1)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `pValue is the significance level, a number above 0 and at most 1 (default ${DEFAULT_P_VALUE}), but got ${describeValue(p)}.`,
    );
  }
  return p;
}

function checkThreshold(t: unknown, what: string): number {
  if (typeof t !== "number" || !Number.isFinite(t) || t < 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `${what} is a number of points of the metric's scale, 0 or more (default ${DEFAULT_THRESHOLD}), but got ${describeValue(t)}.`,
    );
  }
  return t;
}

/** The threshold of each metric, checked: unknown names in a per-metric record are refused. */
function thresholds(given: GateOptions["threshold"], names: readonly string[]): number[] {
  if (given === undefined) return names.map(() => DEFAULT_THRESHOLD);
  if (typeof given === "number") {
    const t = checkThreshold(given, "threshold");
    return names.map(() => t);
  }
  if (typeof given !== "object" || given === null) checkThreshold(given, "threshold");
  for (const [name, t] of Object.entries(given)) {
    if (!names.includes(name)) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `threshold names the metric ${JSON.stringify(name)}, which is not compared here (${names.join(", ")}). Name one of them, or give one number for all.`,
        { details: { metric: name, metrics: [...names] } },
      );
    }
    checkThreshold(t, `threshold of ${name}`);
  }
  return names.map((n) => (Object.hasOwn(given, n) ? given[n]! : DEFAULT_THRESHOLD));
}

/** The verdict of the rule documented in {@link compareSystems}. */
export function verdictOf(delta: number, pValue: number, options: { higherIsBetter: boolean; threshold?: number; pValue?: number }): Verdict {
  const t = checkThreshold(options.threshold ?? DEFAULT_THRESHOLD, "threshold");
  const alpha = checkLevel(options.pValue ?? DEFAULT_P_VALUE);
  if (!(pValue < alpha)) return "unchanged";
  const gain = options.higherIsBetter ? delta : -delta;
  if (gain < -t) return "regressed";
  if (gain > t) return "improved";
  return "unchanged";
}

/** Scores as messages print them: up to 4 decimals, no trailing zeros. */
function short(x: number): string {
  return Number.isFinite(x) ? String(Math.round(x * 10000) / 10000) : String(x);
}

function gateMessage(metrics: readonly GateMetricResult[], alpha: number, baseline: string, candidate: string): string {
  const bad = metrics.filter((m) => m.verdict === "regressed");
  if (bad.length === 0) {
    return `${candidate} is not significantly worse than ${baseline} on ${metrics.map((m) => m.name).join(", ")} (significance level ${alpha}).`;
  }
  const parts = bad.map(
    (m) => `${m.name} ${short(m.baseline.score)} -> ${short(m.candidate.score)} (delta ${short(m.delta)}, p = ${short(m.pValue)}, threshold ${short(m.threshold)})`,
  );
  return `${candidate} is significantly worse than ${baseline} on ${bad.length} metric${bad.length === 1 ? "" : "s"}: ${parts.join("; ")}.`;
}

/**
 * Compares a candidate system with a baseline on each given metric with a paired significance test
 * and decides, per metric, `regressed`, `improved` or `unchanged`:
 *
 * - Δ = candidate − baseline; gain = Δ when higher is better, −Δ for error rates (`higherIsBetter`).
 * - `regressed` when gain < −threshold and p < pValue; `improved` when gain > threshold and
 *   p < pValue; `unchanged` otherwise. Defaults: threshold 0 points, pValue 0.05, paired bootstrap
 *   with 1000 resamples, seed 12345 (sacrebleu's).
 * - `pass` is true when no metric regressed.
 *
 * The p-values, scores and confidence intervals are {@link pairedTest}'s with the baseline first —
 * the numbers `sacrebleu -i baseline candidate --paired-bs` (or `gramscore score --paired-bs`)
 * prints for the same seed.
 *
 * @throws GramscoreError `INVALID_OPTION` (bad level, threshold, test, sample count or statistics),
 *   `EMPTY_INPUT` (no metric, or no segments), `LENGTH_MISMATCH` (systems of different lengths),
 *   `BAD_SYSTEMS` (the same name for both systems), `NOT_RESAMPLABLE` (a metric without rows).
 */
export function compareSystems(inputs: readonly GateInput<any>[], options: GateOptions = {}): GateResult {
  if (!Array.isArray(inputs) || inputs.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "compareSystems needs at least one metric: [{ metric, baseline, candidate }, ...].");
  }
  const test = options.test ?? "bs";
  const alpha = checkLevel(options.pValue ?? DEFAULT_P_VALUE);
  const baselineName = options.baselineName ?? "baseline";
  const candidateName = options.candidateName ?? "candidate";
  if (baselineName === candidateName) {
    throw new GramscoreError(
      ErrorCode.BAD_SYSTEMS,
      `The baseline and the candidate are both named ${JSON.stringify(baselineName)}; give them different names (baselineName, candidateName).`,
    );
  }
  const names = inputs.map((i) => i.metric.name);
  const limits = thresholds(options.threshold, names);
  let segments = 0;
  let samples = 0;
  let seed = "";
  const metrics = inputs.map((input, k): GateMetricResult => {
    const { metric } = input;
    const bl = isRows(input.baseline) ? input.baseline : rowsFromStats(metric, input.baseline, input.key, "baseline");
    const cand = isRows(input.candidate) ? input.candidate : rowsFromStats(metric, input.candidate, input.key, "candidate");
    const paired = pairedTest(
      [
        { name: baselineName, rows: bl },
        { name: candidateName, rows: cand },
      ],
      {
        test,
        ...(options.samples === undefined ? {} : { samples: options.samples }),
        ...(options.arConfidence === undefined ? {} : { arConfidence: options.arConfidence }),
        ...(options.seed === undefined ? {} : { seed: options.seed }),
      },
    );
    segments = bl.count;
    samples = paired.samples;
    seed = paired.seed;
    const [b, c] = paired.results as [(typeof paired.results)[0], (typeof paired.results)[0]];
    const delta = c.score - b.score;
    const p = c.pValue!;
    const threshold = limits[k]!;
    return {
      metric: metric.name,
      name: paired.name,
      higherIsBetter: metric.higherIsBetter,
      baseline: { system: baselineName, score: b.score, mean: b.mean, ci: b.ci },
      candidate: { system: candidateName, score: c.score, mean: c.mean, ci: c.ci },
      delta,
      pValue: p,
      threshold,
      verdict: verdictOf(delta, p, { higherIsBetter: metric.higherIsBetter, threshold, pValue: alpha }),
      signature: paired.signature,
    };
  });
  const regressed = metrics.filter((m) => m.verdict === "regressed").map((m) => m.metric);
  const improved = metrics.filter((m) => m.verdict === "improved").map((m) => m.metric);
  return {
    pass: regressed.length === 0,
    message: gateMessage(metrics, alpha, baselineName, candidateName),
    test,
    samples,
    seed,
    pValue: alpha,
    baseline: baselineName,
    candidate: candidateName,
    segments,
    metrics,
    regressed,
    improved,
  };
}
