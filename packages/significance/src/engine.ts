/**
 * The resampling engine: per-segment statistics as numeric rows (collected once), and sacrebleu
 * 2.6.0's three procedures over them — the bootstrap confidence interval of one system
 * (`corpus_score(n_bootstrap=…)`, `--confidence`), the paired bootstrap test (`--paired-bs`) and the
 * paired approximate randomization test (`--paired-ar`) — with numpy's generator and sacrebleu's
 * float32 sums, so that the same seed gives the same numbers.
 */

import { ErrorCode, GramscoreError, defineLimit, describeValue, validateSegment } from "@gramscore/core";
import type { Metric, Segment, StatsRows } from "@gramscore/core";
import { defaultRng } from "./rng.js";
import type { NumpyGenerator, Seed } from "./rng.js";
import { exactMean, numpyMean } from "./sums.js";

/** sacrebleu's default seed (`SACREBLEU_SEED`). */
export const DEFAULT_SEED = 12345;

/** Per-segment statistics of one system under one metric, as rows; see {@link collectRows}. */
export interface SystemRows {
  /** The score's name (`BLEU`, `chrF2`, `rouge1`). */
  readonly name: string;
  /** Segments. */
  readonly count: number;
  /** Numbers per segment. */
  readonly width: number;
  /** `count × width` numbers, segment after segment. */
  readonly rows: Float64Array;
  /** The system's score (from its merged statistics, as the metric computes it). */
  readonly score: number;
  /** The metric's signature for these statistics. */
  readonly signature: string;
  /** The metric's row capability the rows came from. */
  readonly resampler: StatsRows<any>;
}

/** Options of {@link collectRows}. */
export interface CollectOptions {
  /** Which score of the metric to resample (ROUGE: `rouge1`, `rougeL`, …); the metric's default when absent. */
  key?: string;
}

/**
 * The metric's rows capability, or a `NOT_RESAMPLABLE` error naming the metric.
 * @throws GramscoreError `NOT_RESAMPLABLE`.
 */
export function rowsOf<S>(metric: Metric<S, unknown>, key?: string): StatsRows<S> {
  if (typeof metric.rows !== "function") {
    throw new GramscoreError(
      ErrorCode.NOT_RESAMPLABLE,
      `The metric ${metric.name} has no numeric rows (Metric.rows), so its statistics cannot be resampled for confidence intervals or paired tests. ` +
        "Use a metric that implements rows(), or add rows() to the plugin's metric.",
      { details: { metric: metric.name } },
    );
  }
  return metric.rows(key);
}

/**
 * Computes every segment's statistics once and keeps them as rows for resampling. The score is the
 * metric's score of the merged statistics.
 * @throws GramscoreError `NOT_RESAMPLABLE`, `EMPTY_INPUT`, and the metric's errors for bad records.
 */
export function collectRows<S>(metric: Metric<S, unknown>, segments: Iterable<Segment>, options: CollectOptions = {}): SystemRows {
  const resampler = rowsOf(metric, options.key);
  const width = resampler.width;
  let rows = new Float64Array(width * 1024);
  let count = 0;
  let merged = metric.empty();
  for (const raw of segments) {
    const seg = validateSegment(raw, count);
    const stats = metric.stats(seg.hyp, seg.refs);
    if ((count + 1) * width > rows.length) {
      const grown = new Float64Array(rows.length * 2);
      grown.set(rows);
      rows = grown;
    }
    resampler.toRow(stats, rows, count * width);
    merged = metric.merge(merged, stats);
    count++;
  }
  if (count === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, `Resampling needs at least one segment, but ${metric.name} got none.`);
  }
  return {
    name: resampler.name,
    count,
    width,
    rows: rows.slice(0, count * width),
    score: resampler.scoreStats(merged),
    signature: metric.signature(merged),
    resampler,
  };
}

/**
 * Rows of consecutive chunks of one system (from worker threads, `--jobs`, or shards), joined in
 * input order: equal to {@link collectRows} over all segments when `merged` gives the statistics of
 * all of them (the merge of the chunks' statistics), from which the score and signature are taken.
 * @throws GramscoreError `BAD_SYSTEMS` when the chunks come from different metrics or keys, `EMPTY_INPUT` for none.
 */
export function concatRows<S>(parts: readonly SystemRows[], metric: Metric<S, unknown>, merged: S): SystemRows {
  if (parts.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, "concatRows needs at least one chunk of rows.");
  const first = parts[0]!;
  let count = 0;
  for (const p of parts) {
    if (p.width !== first.width || p.name !== first.name) {
      throw new GramscoreError(
        ErrorCode.BAD_SYSTEMS,
        `Chunks of one system must have rows of one metric: ${first.name} (${first.width} numbers) and ${p.name} (${p.width}).`,
      );
    }
    count += p.count;
  }
  const rows = new Float64Array(count * first.width);
  let at = 0;
  for (const p of parts) {
    rows.set(p.rows, at);
    at += p.rows.length;
  }
  const resampler = first.resampler as StatsRows<S>;
  return { name: first.name, count, width: first.width, rows, score: resampler.scoreStats(merged), signature: metric.signature(merged), resampler };
}

/** Seed handling shared by the procedures: `undefined` is sacrebleu's default 12345, `null` unseeded. */
function resolveSeed(seed: Seed | undefined): Seed {
  return seed === undefined ? DEFAULT_SEED : seed;
}

/** The seed as sacrebleu's signature prints it: the number, or `none`. */
export function seedLabel(seed: Seed | undefined): string {
  const s = resolveSeed(seed);
  return s === null ? "none" : String(s);
}

function checkSamples(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 1) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `${what} must be a positive integer, but got ${describeValue(n)}.`);
  }
}

/**
 * Most bytes the draws of one procedure may take (default 2^30, 1 GiB): bootstrap indices (4 bytes
 * per resample and segment), AR swaps (1 byte per trial and segment) and the resampled scores (16
 * bytes per resample). Past it the procedure throws `LIMIT_EXCEEDED` before allocating; change it
 * with {@link setResamplingLimit}.
 */
const resamplingLimit = /* @__PURE__ */ defineLimit("The resampling limit", 2 ** 30, { unit: "bytes", safe: true });

/**
 * Sets the most bytes the draws of one resampling procedure may take (default 2^30, 1 GiB) and
 * returns the previous value. The limit protects the process, not the numbers: within it, results
 * are the same.
 * @throws GramscoreError `INVALID_OPTION` for a value that is not a positive whole number.
 */
export function setResamplingLimit(bytes: number): number {
  return resamplingLimit.set(bytes);
}

/**
 * Refuses a procedure whose draws would pass the limit (and the engine's typed arrays, 2^32
 * elements), before anything is allocated.
 * @throws GramscoreError `LIMIT_EXCEEDED` naming the counts, the size and the limit.
 */
function checkDraws(what: string, samples: number, count: number, bytesPerDraw: number): void {
  const bytes = samples * count * bytesPerDraw + samples * 16;
  const limit = resamplingLimit.get();
  if (bytes <= limit && samples * count < 2 ** 32) return;
  const mib = (b: number) => `${(b / 2 ** 20).toFixed(b < 2 ** 20 ? 3 : 0)} MiB`;
  throw new GramscoreError(
    ErrorCode.LIMIT_EXCEEDED,
    `${what}: ${samples} × ${count} segments would take about ${mib(bytes)} of draws, over the limit of ${mib(limit)}. ` +
      "Use fewer (sacrebleu's defaults are 1,000 resamples and 10,000 AR trials; on the command line --confidence-n, --paired-bs-n, " +
      "--paired-ar-n, --paired-ar-ci-n), or raise the limit with setResamplingLimit() in code.",
    { details: { samples, segments: count, bytes, limit } },
  );
}

/** Bootstrap indices `samples × count` drawn as `rng.choice(count, size=(samples, count))`. */
function drawIndices(rng: NumpyGenerator, samples: number, count: number): Int32Array {
  const idx = new Int32Array(samples * count);
  rng.integers(count, idx);
  return idx;
}

/**
 * True when float32 sums of any resample are exact: every value a non-negative integer and `count`
 * times the largest value of each column below 2^24 (so no partial sum is ever rounded).
 */
function exactInFloat32(sys: SystemRows): boolean {
  const { rows, count, width } = sys;
  for (let k = 0; k < width; k++) {
    let max = 0;
    for (let i = 0; i < count; i++) {
      const v = rows[i * width + k]!;
      if (!(v >= 0) || !Number.isInteger(v)) return false;
      if (v > max) max = v;
    }
    if (max * count >= 16777216) return false;
  }
  return true;
}

/** Each row value rounded to float32, as `np.array(stats, dtype="float32")`. */
function toFloat32(sys: SystemRows): Float32Array {
  return Float32Array.from(sys.rows);
}

/**
 * Scores of bootstrap resamples: for each resample, the column sums of its rows (in float32 with
 * sacrebleu's sequential order when the metric asks for it, else float64), then the metric's score.
 */
function resampleScores(sys: SystemRows, idx: Int32Array, samples: number): Float64Array {
  const { count, width, resampler } = sys;
  const out = new Float64Array(samples);
  const sums = new Float64Array(width);
  if (resampler.float32 && exactInFloat32(sys)) {
    // Every partial sum is an integer below 2^24, so numpy's sequential float32 sums are the exact
    // sums: count how often each segment was drawn and add each drawn row once, times its count.
    const rows = sys.rows;
    const times = new Int32Array(count);
    for (let s = 0; s < samples; s++) {
      times.fill(0);
      const base = s * count;
      for (let i = 0; i < count; i++) times[idx[base + i]!]!++;
      sums.fill(0);
      for (let i = 0; i < count; i++) {
        const m = times[i]!;
        if (m === 0) continue;
        const o = i * width;
        for (let k = 0; k < width; k++) sums[k] = sums[k]! + m * rows[o + k]!;
      }
      out[s] = resampler.score(sums, count, true);
    }
  } else if (resampler.float32) {
    const rows = toFloat32(sys);
    const acc = new Float32Array(width);
    for (let s = 0; s < samples; s++) {
      acc.fill(0);
      const base = s * count;
      for (let i = 0; i < count; i++) {
        const o = idx[base + i]! * width;
        // A Float32Array store rounds each running sum to float32, as numpy's float32 add does.
        for (let k = 0; k < width; k++) acc[k] = acc[k]! + rows[o + k]!;
      }
      for (let k = 0; k < width; k++) sums[k] = acc[k]!;
      out[s] = resampler.score(sums, count, true);
    }
  } else {
    const rows = sys.rows;
    for (let s = 0; s < samples; s++) {
      sums.fill(0);
      const base = s * count;
      for (let i = 0; i < count; i++) {
        const o = idx[base + i]! * width;
        for (let k = 0; k < width; k++) sums[k] = sums[k]! + rows[o + k]!;
      }
      out[s] = resampler.score(sums, count, false);
    }
  }
  return out;
}

/** A score with its bootstrap mean and the half-width of its 95% confidence interval. */
export interface ConfidenceInterval {
  /** The score's name. */
  name: string;
  /** The system's score. */
  score: number;
  /** Mean of the resampled scores. */
  mean: number;
  /** Half the distance between the 2.5% and 97.5% resampled scores (sacrebleu's `ci`). */
  ci: number;
  /** Resamples drawn. */
  samples: number;
  /** The seed, as the signature prints it (`12345`, `none`). */
  seed: string;
  /** The metric's signature with `bs:` and `seed:` added, as sacrebleu prints it. */
  signature: string;
}

/**
 * sacrebleu's `estimate_ci`: sort, take the `n // 40`-th scores from both ends, half their distance;
 * `exact` uses Python's `statistics.mean` (`Score.estimate_ci`, the `--confidence` path), otherwise
 * numpy's mean of the sorted scores (`significance.estimate_ci`, the paired tests).
 */
export function estimateCi(scores: Float64Array, exact: boolean): { mean: number; ci: number } {
  const sorted = Float64Array.from(scores).sort();
  const n = sorted.length;
  const lowerIdx = Math.floor(n / 40);
  const upperIdx = n - lowerIdx - 1;
  const ci = 0.5 * (sorted[upperIdx]! - sorted[lowerIdx]!);
  return { mean: exact ? exactMean(sorted) : numpyMean(sorted), ci };
}

/**
 * Adds sacrebleu's resampling fields to a metric signature, after `nrefs` (or first when there is
 * none): `nrefs:2|bs:1000|seed:12345|case:mixed|…`.
 */
export function resamplingSignature(signature: string, fields: { bs?: number; ar?: number; seed: string }): string {
  const extra: string[] = [];
  if (fields.bs !== undefined) extra.push(`bs:${fields.bs}`);
  if (fields.ar !== undefined) extra.push(`ar:${fields.ar}`);
  extra.push(`seed:${fields.seed}`);
  const parts = signature === "" ? [] : signature.split("|");
  const at = parts.length > 0 && /^(nrefs|#):/.test(parts[0]!) ? 1 : 0;
  parts.splice(at, 0, ...extra);
  return parts.join("|");
}

/** Options of {@link confidenceInterval}. */
export interface ConfidenceOptions {
  /** Bootstrap resamples (sacrebleu's `--confidence-n`, default 1000). */
  samples?: number;
  /** numpy seed; default 12345 (sacrebleu's `SACREBLEU_SEED` default); `null` for an unseeded run. */
  seed?: Seed;
}

/**
 * The bootstrap 95% confidence interval of one system, as sacrebleu's
 * `corpus_score(..., n_bootstrap=samples)` (`sacrebleu --confidence`): resamples drawn by
 * `default_rng(seed).choice(count, (samples, count))`, statistics summed in float32, mean by
 * `statistics.mean`.
 * @throws GramscoreError `INVALID_OPTION` for a bad sample count or seed.
 */
export function confidenceInterval(sys: SystemRows, options: ConfidenceOptions = {}): ConfidenceInterval {
  const samples = options.samples ?? 1000;
  checkSamples(samples, "The number of bootstrap resamples");
  checkDraws("Bootstrap resamples", samples, sys.count, 4);
  const seed = resolveSeed(options.seed);
  const idx = drawIndices(defaultRng(seed), samples, sys.count);
  const { mean, ci } = estimateCi(resampleScores(sys, idx, samples), true);
  const label = seedLabel(seed);
  return {
    name: sys.name,
    score: sys.score,
    mean,
    ci,
    samples,
    seed: label,
    signature: resamplingSignature(sys.signature, { bs: samples, seed: label }),
  };
}

/** One system's line of a paired test. */
export interface PairedSystemResult {
  /** The system's name. */
  system: string;
  /** Its score. */
  score: number;
  /** p-value against the baseline; `null` for the baseline. */
  pValue: number | null;
  /** Bootstrap mean (paired bootstrap, or AR with `arConfidence`); else `null`. */
  mean: number | null;
  /** Half-width of the 95% interval, with `mean`; else `null`. */
  ci: number | null;
}

/** The result of a paired test of one metric. */
export interface PairedResult {
  /** `bs` (paired bootstrap) or `ar` (approximate randomization). */
  test: "bs" | "ar";
  /** The score's name (`BLEU`, `chrF2`). */
  name: string;
  /** Resamples (`bs`) or trials (`ar`). */
  samples: number;
  /** Bootstrap resamples for AR confidence intervals; 0 when none. */
  arConfidence: number;
  /** The seed as printed (`12345`, `none`). */
  seed: string;
  /** The signature with sacrebleu's `bs:`/`ar:` and `seed:` fields. */
  signature: string;
  /** Index of the baseline in `results`. */
  baseline: number;
  /** One entry per system, in input order. */
  results: PairedSystemResult[];
}

/** A named system for {@link pairedTest}. */
export interface NamedRows {
  /** The system's name. */
  name: string;
  /** Its rows under the metric being tested. */
  rows: SystemRows;
}

/** Options of {@link pairedTest}. */
export interface PairedOptions {
  /** `bs` (paired bootstrap resampling, sacrebleu's `--paired-bs`) or `ar` (approximate randomization, `--paired-ar`). */
  test: "bs" | "ar";
  /** Resamples (`bs`, default 1000) or trials (`ar`, default 10,000). */
  samples?: number;
  /** With `ar`: bootstrap resamples for a confidence interval per system (sacrebleu's `n_ar_confidence`); default none. */
  arConfidence?: number;
  /** numpy seed; default 12345; `null` for an unseeded run. */
  seed?: Seed;
  /** The baseline: an index or a system name (default: the first system). */
  baseline?: number | string;
}

function resolveBaseline(systems: readonly NamedRows[], baseline: number | string | undefined): number {
  if (baseline === undefined) return 0;
  const index = typeof baseline === "number" ? baseline : systems.findIndex((s) => s.name === baseline);
  if (!Number.isInteger(index) || index < 0 || index >= systems.length) {
    throw new GramscoreError(
      ErrorCode.BAD_SYSTEMS,
      `The baseline ${describeValue(baseline)} is not one of the systems (${systems.map((s) => s.name).join(", ")}). Name one of them, or give its index.`,
      { details: { baseline, systems: systems.map((s) => s.name) } },
    );
  }
  return index;
}

function checkSystems(systems: readonly NamedRows[]): void {
  if (systems.length < 2) {
    throw new GramscoreError(
      ErrorCode.BAD_SYSTEMS,
      `A paired test compares systems with a baseline, so it needs at least two systems, but got ${systems.length}. ` +
        "Give the baseline and one or more systems, or use a confidence interval for a single system.",
      { details: { systems: systems.length } },
    );
  }
  const first = systems[0]!.rows;
  for (const s of systems) {
    if (s.rows.count !== first.count) {
      throw new GramscoreError(
        ErrorCode.LENGTH_MISMATCH,
        `Paired tests need every system to cover the same segments, but ${systems[0]!.name} has ${first.count} and ${s.name} has ${s.rows.count}.`,
        { details: { expected: first.count, received: s.rows.count, system: s.name } },
      );
    }
    if (s.rows.width !== first.width || s.rows.name !== first.name) {
      throw new GramscoreError(
        ErrorCode.BAD_SYSTEMS,
        `Paired tests compare one metric: ${systems[0]!.name} has ${first.name} rows of ${first.width} numbers, ${s.name} has ${s.rows.name} rows of ${s.rows.width}.`,
      );
    }
  }
}

/** sacrebleu's `_compute_p_value`: `(#{stats > real} + 1) / (n + 1)`. */
function pValue(stats: Float64Array, real: number): number {
  let c = 0;
  for (let i = 0; i < stats.length; i++) if (stats[i]! > real) c++;
  return (c + 1) / (stats.length + 1);
}

/** True when every value is an integer (sums of such rows in float64 are exact below 2^53). */
function integral(rows: Float64Array): boolean {
  for (let i = 0; i < rows.length; i++) if (!Number.isInteger(rows[i]!)) return false;
  return true;
}

/**
 * AR trial scores: for each trial, pseudo-system A takes the baseline's row where the draw is true
 * and the system's otherwise, B the opposite; scores of their column sums (sacrebleu sums the
 * original statistics, integers, exactly).
 */
function arScores(bl: SystemRows, sys: SystemRows, swaps: Uint8Array, trials: number): { a: Float64Array; b: Float64Array } {
  const { count, width, resampler } = sys;
  const a = new Float64Array(trials);
  const b = new Float64Array(trials);
  const sa = new Float64Array(width);
  const sb = new Float64Array(width);
  const blRows = bl.rows;
  const sysRows = sys.rows;
  if (integral(blRows) && integral(sysRows)) {
    // A = Σ sys + Σ_{swapped} (bl − sys); B = Σ bl + Σ sys − A: exact for integers.
    const diff = new Float64Array(count * width);
    const totalSys = new Float64Array(width);
    const total = new Float64Array(width);
    for (let i = 0; i < count * width; i++) diff[i] = blRows[i]! - sysRows[i]!;
    for (let i = 0; i < count; i++) {
      for (let k = 0; k < width; k++) {
        totalSys[k] = totalSys[k]! + sysRows[i * width + k]!;
        total[k] = total[k]! + sysRows[i * width + k]! + blRows[i * width + k]!;
      }
    }
    // Sums of the differences of every subset of 4 consecutive segments, so that a trial adds one
    // table row per 4 segments, without a branch per segment.
    const blocks = Math.ceil(count / 4);
    const table = new Float64Array(blocks * 16 * width);
    for (let blk = 0; blk < blocks; blk++) {
      for (let mask = 1; mask < 16; mask++) {
        const low = 31 - Math.clz32(mask & -mask);
        const seg = blk * 4 + low;
        const dst = (blk * 16 + mask) * width;
        const src = (blk * 16 + (mask & (mask - 1))) * width;
        if (seg >= count) {
          for (let k = 0; k < width; k++) table[dst + k] = table[src + k]!;
        } else {
          const o = seg * width;
          for (let k = 0; k < width; k++) table[dst + k] = table[src + k]! + diff[o + k]!;
        }
      }
    }
    const padded = new Uint8Array(blocks * 4);
    for (let t = 0; t < trials; t++) {
      sa.set(totalSys);
      padded.set(swaps.subarray(t * count, (t + 1) * count));
      for (let blk = 0; blk < blocks; blk++) {
        const i = blk * 4;
        const mask = padded[i]! | (padded[i + 1]! << 1) | (padded[i + 2]! << 2) | (padded[i + 3]! << 3);
        if (mask === 0) continue;
        const o = (blk * 16 + mask) * width;
        for (let k = 0; k < width; k++) sa[k] = sa[k]! + table[o + k]!;
      }
      for (let k = 0; k < width; k++) sb[k] = total[k]! - sa[k]!;
      a[t] = resampler.score(sa, count, false);
      b[t] = resampler.score(sb, count, false);
    }
  } else {
    for (let t = 0; t < trials; t++) {
      sa.fill(0);
      sb.fill(0);
      const base = t * count;
      for (let i = 0; i < count; i++) {
        const o = i * width;
        const fromBl = swaps[base + i] === 1;
        const ra = fromBl ? blRows : sysRows;
        const rb = fromBl ? sysRows : blRows;
        for (let k = 0; k < width; k++) {
          sa[k] = sa[k]! + ra[o + k]!;
          sb[k] = sb[k]! + rb[o + k]!;
        }
      }
      a[t] = resampler.score(sa, count, false);
      b[t] = resampler.score(sb, count, false);
    }
  }
  return { a, b };
}

/**
 * A paired significance test of every system against the baseline under one metric, as sacrebleu
 * 2.6.0's `PairedTest(...)()`:
 *
 * - `bs`: each comparison draws `default_rng(seed).choice(count, (samples, count))`; both systems'
 *   resampled scores (float32 sums); the p-value counts `|Δ_s| − mean|Δ| > |Δ|`; the system's mean
 *   and CI from its resamples; the baseline's CI from its own bootstrap with a fresh generator.
 * - `ar`: each comparison draws `default_rng(seed).integers(2, (samples, count), dtype=bool)`; the
 *   p-value counts `|score(A) − score(B)| > |Δ|` over the swapped pseudo-systems; with
 *   `arConfidence`, bootstrap CIs as above from indices drawn after the swaps.
 *
 * @throws GramscoreError `BAD_SYSTEMS` (fewer than two systems, unknown baseline, mixed metrics),
 *   `LENGTH_MISMATCH` (systems of different lengths), `INVALID_OPTION` (sample counts, seed).
 */
export function pairedTest(systems: readonly NamedRows[], options: PairedOptions): PairedResult {
  const test = options.test;
  if (test !== "bs" && test !== "ar") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `The paired test must be "bs" or "ar", but got ${describeValue(test)}.`);
  }
  checkSystems(systems);
  const samples = options.samples ?? (test === "bs" ? 1000 : 10000);
  checkSamples(samples, test === "bs" ? "The number of bootstrap resamples" : "The number of AR trials");
  const arConfidence = test === "ar" ? (options.arConfidence ?? 0) : 0;
  if (arConfidence !== 0) checkSamples(arConfidence, "The number of AR confidence resamples");
  const seed = resolveSeed(options.seed);
  const label = seedLabel(seed);
  const b = resolveBaseline(systems, options.baseline);
  const bl = systems[b]!.rows;
  const count = bl.count;
  if (test === "bs") checkDraws("Paired bootstrap resamples", samples, count, 4);
  else {
    checkDraws("AR trials", samples, count, 1);
    if (arConfidence > 0) checkDraws("AR confidence resamples", arConfidence, count, 4);
  }

  // With a fixed seed every comparison (and the baseline's own bootstrap) starts from the same
  // generator state, so the draws are made once and shared.
  const confidenceN = test === "bs" ? samples : arConfidence;
  let sharedIdx: Int32Array | undefined;
  const baselineIdx = (): Int32Array => {
    if (seed === null) return drawIndices(defaultRng(null), confidenceN, count);
    return (sharedIdx ??= drawIndices(defaultRng(seed), confidenceN, count));
  };

  const results: PairedSystemResult[] = [];
  const baselineResult: PairedSystemResult = { system: systems[b]!.name, score: bl.score, pValue: null, mean: null, ci: null };
  let blScores: Float64Array | undefined;
  if (confidenceN > 0) {
    blScores = resampleScores(bl, baselineIdx(), confidenceN);
    const est = estimateCi(blScores, false);
    baselineResult.mean = est.mean;
    baselineResult.ci = est.ci;
  }

  let sharedSwaps: { swaps: Uint8Array; idx?: Int32Array } | undefined;
  const drawAr = (): { swaps: Uint8Array; idx?: Int32Array } => {
    if (seed !== null && sharedSwaps) return sharedSwaps;
    const rng = defaultRng(seed);
    const swaps = new Uint8Array(samples * count);
    rng.booleans(swaps);
    const out: { swaps: Uint8Array; idx?: Int32Array } = { swaps };
    if (arConfidence > 0) out.idx = drawIndices(rng, arConfidence, count);
    if (seed !== null) sharedSwaps = out;
    return out;
  };

  for (let s = 0; s < systems.length; s++) {
    if (s === b) {
      results.push(baselineResult);
      continue;
    }
    const sys = systems[s]!.rows;
    const diff = Math.abs(bl.score - sys.score);
    if (test === "bs") {
      const idx = seed === null ? drawIndices(defaultRng(null), samples, count) : baselineIdx();
      const scoresBl = seed === null ? resampleScores(bl, idx, samples) : blScores!;
      const scoresSys = resampleScores(sys, idx, samples);
      const { mean, ci } = estimateCi(scoresSys, false);
      const sampleDiffs = new Float64Array(samples);
      for (let i = 0; i < samples; i++) sampleDiffs[i] = Math.abs(scoresSys[i]! - scoresBl[i]!);
      const m = numpyMean(sampleDiffs);
      for (let i = 0; i < samples; i++) sampleDiffs[i] = sampleDiffs[i]! - m;
      results.push({ system: systems[s]!.name, score: sys.score, pValue: pValue(sampleDiffs, diff), mean, ci });
    } else {
      const draws = drawAr();
      const { a, b: bScores } = arScores(bl, sys, draws.swaps, samples);
      const deltas = new Float64Array(samples);
      for (let i = 0; i < samples; i++) deltas[i] = Math.abs(a[i]! - bScores[i]!);
      const result: PairedSystemResult = { system: systems[s]!.name, score: sys.score, pValue: pValue(deltas, diff), mean: null, ci: null };
      if (draws.idx) {
        const est = estimateCi(resampleScores(sys, draws.idx, arConfidence), false);
        result.mean = est.mean;
        result.ci = est.ci;
      }
      results.push(result);
    }
  }

  const sigFields: { bs?: number; ar?: number; seed: string } = { seed: label };
  if (test === "bs") sigFields.bs = samples;
  else {
    sigFields.ar = samples;
    if (arConfidence > 0) sigFields.bs = arConfidence;
  }
  return {
    test,
    name: bl.name,
    samples,
    arConfidence,
    seed: label,
    signature: resamplingSignature(bl.signature, sigFields),
    baseline: b,
    results,
  };
}
