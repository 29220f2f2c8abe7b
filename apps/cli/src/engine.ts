import { ErrorCode, GramscoreError, STATS_FORMAT, createAccumulator, validateSegment } from "@gramscore/core";
import type { Metric, SerializedStats } from "@gramscore/core";
import { withLocation } from "./errors.js";
import type { InputRecord } from "./input.js";

/** A metric created for a run, with the options it was created with. */
export interface PreparedMetric {
  /** Canonical name (the descriptor's). */
  readonly name: string;
  /** The plugin that provides it. */
  readonly plugin: string;
  /** The options object passed to `create` (plain JSON). */
  readonly options: Record<string, unknown>;
  readonly metric: Metric;
}

/** The result of one segment. */
export interface SegmentScore {
  /** 0-based position of the segment within its system. */
  readonly index: number;
  readonly result: unknown;
  readonly summary: Record<string, number>;
}

/** One metric's result for one system. */
export interface MetricScore {
  /** Segments covered. */
  readonly count: number;
  /** Merged sufficient statistics. */
  readonly stats: unknown;
  /** `score(stats, "corpus")`. */
  readonly corpus: unknown;
  /** `summarize(corpus)`: the numbers tables show. */
  readonly summary: Record<string, number>;
  /** Per-segment results, when asked for. */
  readonly segments?: readonly SegmentScore[];
}

/** All results of one system. */
export interface SystemReport {
  readonly name: string;
  readonly count: number;
  /** One entry per metric of the report, in the same order (undefined when a shard lacked it). */
  readonly scores: readonly (MetricScore | undefined)[];
}

/** A metric as the report describes it. */
export interface MetricInfo {
  readonly name: string;
  readonly plugin: string;
  readonly signature: string;
  readonly higherIsBetter: boolean;
  readonly options: Record<string, unknown>;
  /** The metric instance (for its optional `format()`); not serialized. */
  readonly metric: Metric;
}

/** Everything `score`, `merge` and `demo` print. */
export interface Report {
  readonly metrics: readonly MetricInfo[];
  readonly systems: readonly SystemReport[];
  /** True when systems carry per-segment results. */
  readonly segments: boolean;
}

/** Options of {@link scoreInput}. */
export interface ScoreOptions {
  /** Keep per-segment results. */
  segments?: boolean;
  /** Called after each batch with the number of segments scored so far. */
  onProgress?: (segments: number) => void;
}

interface SystemState {
  name: string;
  count: number;
  totals: unknown[];
  segments: SegmentScore[][] | undefined;
}

/**
 * Scores every record with every metric in one pass, keeping merged statistics per system (systems
 * in order of first appearance). The corpus result of a system is exactly what core's `evaluate`
 * returns for that system's segments: `score(merge(empty(), stats(seg 0), ...), "corpus")`.
 * @throws GramscoreError for invalid records (with their file and line) or empty input.
 */
export async function scoreInput(
  metrics: readonly PreparedMetric[],
  batches: AsyncIterable<readonly InputRecord[]>,
  options: ScoreOptions = {},
): Promise<Report> {
  const systems = new Map<string, SystemState>();
  let seen = 0;
  for await (const batch of batches) {
    for (const record of batch) {
      let state = systems.get(record.system);
      if (state === undefined) {
        state = {
          name: record.system,
          count: 0,
          totals: metrics.map((m) => m.metric.empty()),
          segments: options.segments ? metrics.map(() => []) : undefined,
        };
        systems.set(record.system, state);
      }
      try {
        const seg = validateSegment(record, state.count);
        for (let k = 0; k < metrics.length; k++) {
          const metric = metrics[k]!.metric;
          const stats = metric.stats(seg.hyp, seg.refs);
          state.totals[k] = metric.merge(state.totals[k], stats);
          if (state.segments !== undefined) {
            const result = metric.score(stats, "segment");
            state.segments[k]!.push({ index: state.count, result, summary: metric.summarize(result) });
          }
        }
      } catch (error) {
        throw withLocation(error, `${record.source} line ${record.line}`);
      }
      state.count++;
    }
    seen += batch.length;
    options.onProgress?.(seen);
  }
  if (systems.size === 0) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      "There is nothing to score: the input has no segments. Give hypotheses (a file or stdin) with their references.",
    );
  }
  const reports: SystemReport[] = [];
  for (const state of systems.values()) {
    reports.push({
      name: state.name,
      count: state.count,
      scores: metrics.map((m, k) => {
        const corpus = m.metric.score(state.totals[k], "corpus");
        const score: MetricScore = { count: state.count, stats: state.totals[k], corpus, summary: m.metric.summarize(corpus) };
        return state.segments === undefined ? score : { ...score, segments: state.segments[k]! };
      }),
    });
  }
  return { metrics: metrics.map(describeMetric), systems: reports, segments: options.segments === true };
}

/** The report's description of a prepared metric (signature read now, after scoring). */
export function describeMetric(m: PreparedMetric): MetricInfo {
  return {
    name: m.name,
    plugin: m.plugin,
    signature: m.metric.signature(),
    higherIsBetter: m.metric.higherIsBetter,
    options: m.options,
    metric: m.metric,
  };
}

/** A shard line of `gramscore stats`: core's serialized statistics plus the system and options. */
export interface ShardEntry extends SerializedStats {
  /** The system the statistics belong to. */
  system: string;
  /** The options the metric was created with, so `merge` can recreate it. */
  options: Record<string, unknown>;
}

/**
 * The shard entries of a report: one per system and metric, each the `toJSON()` of an accumulator
 * holding that system's statistics (so the metric's own `parseStats` has checked them).
 */
export function shardEntries(report: Report): ShardEntry[] {
  const out: ShardEntry[] = [];
  for (const system of report.systems) {
    report.metrics.forEach((m, k) => {
      const score = system.scores[k];
      if (score === undefined) return;
      const accumulator = createAccumulator(m.metric).merge({
        format: STATS_FORMAT,
        metric: m.metric.name,
        signature: m.metric.signature(),
        count: score.count,
        stats: score.stats,
      });
      out.push({ ...accumulator.toJSON(), system: system.name, options: m.options });
    });
  }
  return out;
}
