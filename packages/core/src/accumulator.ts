import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import { validateSegment } from "./segments.js";
import type { Metric, Segment } from "./types.js";

/** The format tag of serialized statistics. */
export const STATS_FORMAT = "gramscore-stats/1";

/** Statistics of a shard as JSON: what `gramscore stats` writes and `gramscore merge` reads. */
export interface SerializedStats<S = unknown> {
  format: typeof STATS_FORMAT;
  /** Metric name. */
  metric: string;
  /** Metric signature for these statistics: a shard merges only into a metric that computes the same one for them. */
  signature: string;
  /** Number of segments the statistics cover. */
  count: number;
  stats: S;
}

/** Incrementally accumulated statistics of one metric; see {@link createAccumulator}. */
export interface Accumulator<S, R> {
  readonly metric: Metric<S, R>;
  /** Segments added so far (including those inside merged statistics). */
  readonly count: number;
  /** The merged statistics so far. */
  readonly stats: S;
  /** Adds one segment. */
  add(hyp: string, refs: readonly string[]): this;
  /** Adds many `{ hyp, refs }` records. */
  addAll(segments: Iterable<Segment>): this;
  /** Merges another accumulator of the same metric configuration, or serialized statistics. */
  merge(other: Accumulator<S, R> | SerializedStats<unknown>): this;
  /** The corpus result. @throws GramscoreError `EMPTY_INPUT` when nothing was added. */
  compute(): R;
  /** Serialized statistics (plain JSON). */
  toJSON(): SerializedStats<S>;
}

function checkSerialized<S>(metric: Metric<S, unknown>, value: unknown): SerializedStats<S> {
  const v = value as Partial<SerializedStats<unknown>> | null;
  if (v === null || typeof v !== "object" || v.format !== STATS_FORMAT) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `Expected serialized statistics with format "${STATS_FORMAT}", but got ${describeValue(value)}. ` +
        "Pass the JSON that toJSON() or `gramscore stats` wrote.",
    );
  }
  if (v.metric !== metric.name) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `These statistics were computed by ${String(v.metric)}, not by ${metric.name}. Only statistics of the same metric can be merged.`,
      { details: { expected: metric.name, received: v.metric } },
    );
  }
  if (typeof v.count !== "number" || !Number.isInteger(v.count) || v.count < 0) {
    throw new GramscoreError(ErrorCode.INVALID_STATS, `Serialized statistics need a non-negative integer count, but got ${describeValue(v.count)}.`);
  }
  const stats = metric.parseStats ? metric.parseStats(v.stats) : (v.stats as S);
  // The shard's signature must be what this metric's options give for these statistics: equal
  // options, with data-dependent fields (nrefs) taken from the statistics themselves.
  const expected = metric.signature(stats);
  if (v.signature !== expected) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `These statistics were computed with ${String(v.signature)}, but this metric gives ${expected} for them. ` +
        "Only statistics of the same metric with the same options can be merged: score the shards with identical options.",
      { details: { expected, received: v.signature } },
    );
  }
  return { format: STATS_FORMAT, metric: v.metric, signature: v.signature, count: v.count, stats };
}

/**
 * Creates an accumulator: add segments in any number of chunks, merge accumulators or serialized
 * shards (from other workers, processes or machines), then compute the corpus result. The result
 * equals one-pass {@link evaluate} because statistics merge exactly.
 */
export function createAccumulator<S, R>(metric: Metric<S, R>): Accumulator<S, R> {
  let stats = metric.empty();
  let count = 0;
  const acc: Accumulator<S, R> = {
    metric,
    get count() {
      return count;
    },
    get stats() {
      return stats;
    },
    add(hyp, refs) {
      const seg = validateSegment({ hyp, refs }, count);
      stats = metric.merge(stats, metric.stats(seg.hyp, seg.refs));
      count++;
      return this;
    },
    addAll(segments) {
      for (const seg of segments) this.add(seg?.hyp, seg?.refs);
      return this;
    },
    merge(other) {
      if ("format" in other) {
        const s = checkSerialized(metric, other);
        stats = metric.merge(stats, s.stats);
        count += s.count;
      } else {
        const theirs = other.metric.signature(other.stats);
        if (other.metric.name !== metric.name || metric.signature(other.stats) !== theirs) {
          throw new GramscoreError(
            ErrorCode.INVALID_STATS,
            `Cannot merge an accumulator of ${theirs} into one of ${metric.signature(stats)}: the metric or its options differ.`,
          );
        }
        stats = metric.merge(stats, other.stats);
        count += other.count;
      }
      return this;
    },
    compute() {
      if (count === 0) {
        throw new GramscoreError(ErrorCode.EMPTY_INPUT, "Nothing to score: add at least one segment (or merge statistics) before compute().");
      }
      return metric.score(stats, "corpus");
    },
    toJSON() {
      return { format: STATS_FORMAT, metric: metric.name, signature: metric.signature(stats), count, stats };
    },
  };
  return acc;
}

/** Parses serialized statistics of `metric` (validated) from a JSON value. */
export function parseSerializedStats<S>(metric: Metric<S, unknown>, value: unknown): SerializedStats<S> {
  return checkSerialized(metric, value);
}
