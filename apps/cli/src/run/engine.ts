import { ErrorCode, GramscoreError, STATS_FORMAT, createAccumulator, describeValue, isGramscoreError, validateSegment } from "@gramscore/core";
import type { Metric, Segment, SerializedStats } from "@gramscore/core";
import { withLocation } from "../shared/errors.js";
import type { InputRecord } from "../input/read.js";
import { profile } from "../shared/profile.js";
import type { MetricInfo, MetricScore, Report, SegmentScore, SegmentSink, SystemReport } from "../shared/report.js";

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

/**
 * `summary` (what `metric.summarize()` returned), checked: an object of numbers (NaN included, which
 * is reported after the output), since every output format prints them as numbers. A plugin that
 * returns a bigint, a string or anything else gets an error naming the metric, its plugin and the key,
 * instead of a failure deep in JSON or an empty table cell.
 * @throws GramscoreError `INVALID_TYPE`.
 */
export function checkedSummary(summary: unknown, metric: string, plugin?: string): Record<string, number> {
  const who = `the metric ${metric}${plugin === undefined || plugin === "" ? "" : ` (plugin ${plugin})`}`;
  if (summary === null || typeof summary !== "object" || Array.isArray(summary)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${who} returned ${describeValue(summary)} from summarize(), which must return an object of numbers ({ score: 12.3 }). Fix the plugin, or leave the metric out with -m.`,
      { details: { metric, ...(plugin === undefined ? {} : { plugin }) } },
    );
  }
  for (const [key, value] of Object.entries(summary)) {
    if (typeof value === "number") continue;
    const hint = typeof value === "bigint" || typeof value === "string" ? ` (convert it with Number(${typeof value === "bigint" ? `${value}n` : JSON.stringify(value)}))` : "";
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${who} returned ${describeValue(value)}${typeof value === "bigint" ? " (a BigInt)" : ""} as "${key}" of its summary, but summarize() must return numbers, ` +
        `which every output format prints. Fix the plugin${hint}, or leave the metric out with -m.`,
      { details: { metric, key, ...(plugin === undefined ? {} : { plugin }) } },
    );
  }
  return summary as Record<string, number>;
}

/** The path of the first bigint in `value` (objects and arrays, a few levels deep), or undefined. */
function bigintPath(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === "bigint") return path;
  if (value === null || typeof value !== "object" || depth === 0 || ArrayBuffer.isView(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const found = bigintPath(inner, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth - 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * `result` (what `metric.score()` returned), checked for what JSON output cannot write: a bigint
 * anywhere in it is an error naming the metric, its plugin and where it is, instead of JSON's
 * "Do not know how to serialize a BigInt".
 * @throws GramscoreError `INVALID_TYPE`.
 */
export function checkedResult<R>(result: R, metric: string, plugin?: string): R {
  const at = bigintPath(result, "result", 6);
  if (at === undefined) return result;
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `the metric ${metric}${plugin === undefined || plugin === "" ? "" : ` (plugin ${plugin})`} returned a BigInt at ${at} of its score() result, which JSON output cannot write. ` +
      "Fix the plugin to return numbers (Number(value)), or leave the metric out with -m.",
    { details: { metric, path: at, ...(plugin === undefined ? {} : { plugin }) } },
  );
}

/** Options of {@link scoreInput}. */
export interface ScoreOptions {
  /** Keep per-segment results. */
  segments?: boolean;
  /** Called after each batch with the number of segments scored so far. */
  onProgress?: (segments: number) => void;
  /**
   * Receives per-segment results as they are scored, instead of keeping them in the report (with
   * `segments`); `flush` is awaited after each batch (to write them out).
   */
  sink?: SegmentSink;
  flush?: () => Promise<void>;
  /** Sees every record's statistics (statistics rows for resampling, segment digests); see significance.ts. */
  hook?: RecordHook;
}

/**
 * Sees every scored record with its statistics under each metric, per system; what it gathers in a
 * worker thread travels with the part ({@link take}) and is added in input order ({@link addPart}).
 */
export interface RecordHook {
  add(system: string, record: InputRecord, stats: readonly unknown[]): void;
  take(system: string): unknown;
  addPart(system: string, data: unknown): void;
}

interface SystemState {
  name: string;
  count: number;
  totals: unknown[];
  segments: SegmentScore[][] | undefined;
}

/** The totals of one system over a part of the input (what a worker thread sends back). */
export interface PartSystem {
  readonly name: string;
  /** Segments of this system in the part. */
  readonly count: number;
  /** Merged statistics of each metric. */
  readonly totals: readonly unknown[];
  /** Per-segment results of each metric (indexes counted from the start of the part). */
  readonly segments?: readonly (readonly SegmentScore[])[];
  /** What the record hook gathered for this system in the part. */
  readonly hooked?: unknown;
}

/** Statistics of a part of the input: its systems in order of first appearance. */
export interface PartResult {
  /** Records in the part. */
  readonly records: number;
  readonly systems: readonly PartSystem[];
  /** With per-segment results: the system (index into `systems`) of each record, in input order. */
  readonly order?: readonly number[];
}

/**
 * An exception that is not a `GramscoreError` comes from a metric's own code (a plugin's, or a bug):
 * `PLUGIN_FAILED` naming the metric, instead of "unexpected error".
 */
export function pluginFailure(error: unknown, metric: Metric | undefined): unknown {
  if (isGramscoreError(error) || metric === undefined) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new GramscoreError(
    ErrorCode.PLUGIN_FAILED,
    `the metric ${metric.name} threw while scoring this segment: ${message}. ` +
      "If it comes from a plugin, fix the plugin (run with --debug for the stack trace) or leave it out with -m.",
    { cause: error },
  );
}

/**
 * The records of each system, in order; systems in order of first appearance. (A function of its
 * own: the loop over records is hot, and compiled alone it does not take the metrics' code along.)
 */
function groupBySystem(records: readonly InputRecord[]): Map<string, InputRecord[]> {
  const groups = new Map<string, InputRecord[]>();
  let run: InputRecord[] | undefined;
  let runSystem: string | undefined;
  for (let i = 0; i < records.length; i++) {
    const record = records[i]!;
    if (record.system !== runSystem) {
      runSystem = record.system;
      run = groups.get(runSystem);
      if (run === undefined) groups.set(runSystem, (run = []));
    }
    run!.push(record);
  }
  return groups;
}

/**
 * Running totals of every metric per system, in order of first appearance: records are added one by
 * one ({@link Tally.add}) or as the totals of a later part of the input scored elsewhere
 * ({@link Tally.addPart}); both give the same statistics, because statistics merge exactly.
 */
export class Tally {
  /** Records added so far. */
  seen = 0;
  /** The record whose error {@link add} (or {@link addBatch}) threw last. */
  failed: InputRecord | undefined;
  private readonly systems = new Map<string, SystemState>();
  private readonly metrics: readonly Metric[];
  private readonly segments: boolean;
  private readonly sink: SegmentSink | undefined;
  /** The system of each record added, in order (kept with per-segment results, for toPart). */
  private readonly order: SystemState[] = [];
  private readonly hook: RecordHook | undefined;
  /**
   * Batches go through the metrics' one-pass `corpusStats`: no per-segment results, no record hook
   * (it needs each record's statistics), and every metric has one.
   */
  private readonly batchable: boolean;

  /**
   * @param segments Score every segment too.
   * @param sink Where per-segment results go as they are scored; without one they are kept for the report.
   */
  constructor(metrics: readonly Metric[], segments: boolean, sink?: SegmentSink, hook?: RecordHook) {
    this.metrics = metrics;
    this.hook = hook;
    this.segments = segments;
    this.sink = segments ? sink : undefined;
    this.batchable = !segments && hook === undefined && metrics.every((m) => typeof m.corpusStats === "function");
  }

  private state(name: string): SystemState {
    let state = this.systems.get(name);
    if (state === undefined) {
      state = {
        name,
        count: 0,
        totals: this.metrics.map((m) => m.empty()),
        segments: this.segments && this.sink === undefined ? this.metrics.map(() => []) : undefined,
      };
      this.systems.set(name, state);
    }
    return state;
  }

  /**
   * Scores a batch of records with every metric: the same statistics, counts, order of systems and
   * first error as {@link add} on each record in turn. Without per-segment results, each system's
   * records of the batch go through the metrics' one-pass `corpusStats` (when every metric has one)
   * and are merged once; if that fails anywhere, nothing of the batch is kept and the batch is
   * replayed record by record, so that the error reported is the one of the first bad record in
   * input order, with its file, line and index.
   * @throws GramscoreError for an invalid record, prefixed with its file and line.
   */
  addBatch(records: readonly InputRecord[]): void {
    if (records.length === 0) return;
    profile?.batch(records.length);
    if (!this.batchable) {
      for (const record of records) this.add(record);
      profile?.lap("scoring");
      return;
    }
    const groups = groupBySystem(records);
    const sums: unknown[][] = [];
    try {
      for (const group of groups.values()) {
        const part: unknown[] = [];
        for (const metric of this.metrics) part.push(metric.corpusStats!(group as readonly Segment[]));
        sums.push(part);
      }
    } catch {
      // Replay: the first bad record in input order throws, with its index within its system.
      for (const record of records) this.add(record);
      profile?.lap("scoring");
      return;
    }
    profile?.lap("scoring");
    const merged: unknown[][] = [];
    try {
      let g = 0;
      for (const name of groups.keys()) {
        const state = this.systems.get(name);
        const totals = state?.totals ?? this.metrics.map((m) => m.empty());
        merged.push(this.metrics.map((m, k) => m.merge(totals[k], sums[g]![k])));
        g++;
      }
    } catch {
      for (const record of records) this.add(record);
      profile?.lap("merging");
      return;
    }
    // Everything succeeded: commit.
    let g = 0;
    for (const [name, group] of groups) {
      const state = this.state(name);
      state.totals = merged[g]!;
      state.count += group.length;
      g++;
    }
    this.seen += records.length;
    profile?.lap("merging");
  }

  /**
   * Scores one record with every metric.
   * @throws GramscoreError for an invalid record, prefixed with its file and line.
   */
  add(record: InputRecord): void {
    const state = this.state(record.system);
    let current: Metric | undefined;
    try {
      const seg = validateSegment(record, state.count);
      const streamed: SegmentScore[] | undefined = this.sink === undefined ? undefined : [];
      const hooked: unknown[] | undefined = this.hook === undefined ? undefined : [];
      for (let k = 0; k < this.metrics.length; k++) {
        const metric = this.metrics[k]!;
        current = metric;
        const stats = metric.stats(seg.hyp, seg.refs, seg.src);
        hooked?.push(stats);
        state.totals[k] = metric.merge(state.totals[k], stats);
        if (state.segments !== undefined || streamed !== undefined) {
          const result = metric.score(stats, "segment");
          const score = { index: state.count, result, summary: checkedSummary(metric.summarize(result), metric.name) };
          if (streamed !== undefined) streamed.push(score);
          else state.segments![k]!.push(score);
        }
      }
      if (hooked !== undefined) this.hook!.add(state.name, record, hooked);
      if (streamed !== undefined) this.sink!.segment(state.name, state.count, streamed);
      else if (state.segments !== undefined) this.order.push(state);
    } catch (error) {
      this.failed = record;
      throw withLocation(pluginFailure(error, current), `${record.source} line ${record.line}`);
    }
    state.count++;
    this.seen++;
  }

  /** Adds the totals of the next part of the input (parts must come in input order). */
  addPart(part: PartResult): void {
    if (this.sink !== undefined && part.order !== undefined) {
      // Per-segment results go to the sink in input order, before the counts move on.
      const states = part.systems.map((sys) => this.state(sys.name));
      const next = part.systems.map(() => 0);
      for (const s of part.order) {
        const i = next[s]!++;
        const sys = part.systems[s]!;
        this.sink.segment(sys.name, states[s]!.count + i, this.metrics.map((_, k) => sys.segments![k]![i]!));
      }
    }
    for (const sys of part.systems) {
      const state = this.state(sys.name);
      if (sys.hooked !== undefined) this.hook?.addPart(sys.name, sys.hooked);
      for (let k = 0; k < this.metrics.length; k++) {
        state.totals[k] = this.metrics[k]!.merge(state.totals[k], sys.totals[k]);
        const own = state.segments?.[k];
        const theirs = sys.segments?.[k];
        if (own !== undefined && theirs !== undefined) {
          for (const s of theirs) own.push({ index: state.count + s.index, result: s.result, summary: s.summary });
        }
      }
      state.count += sys.count;
    }
    this.seen += part.records;
  }

  /** Everything added so far, as a part. */
  toPart(): PartResult {
    const systems: PartSystem[] = [];
    const position = new Map<SystemState, number>();
    for (const s of this.systems.values()) {
      if (s.count === 0) continue;
      position.set(s, systems.length);
      const hooked = this.hook?.take(s.name);
      const part: PartSystem = s.segments === undefined ? { name: s.name, count: s.count, totals: s.totals } : { name: s.name, count: s.count, totals: s.totals, segments: s.segments };
      systems.push(hooked === undefined ? part : { ...part, hooked });
    }
    if (!this.segments || this.sink !== undefined) return { records: this.seen, systems };
    return { records: this.seen, systems, order: this.order.map((s) => position.get(s)!) };
  }

  /**
   * The report: each system's corpus results.
   * @throws GramscoreError `EMPTY_INPUT` when no record was added.
   */
  report(prepared: readonly PreparedMetric[]): Report {
    if (this.seen === 0) {
      throw new GramscoreError(
        ErrorCode.EMPTY_INPUT,
        "There is nothing to score: the input has no segments. Give hypotheses (a file or stdin) with their references.",
      );
    }
    const reports: SystemReport[] = [];
    for (const state of this.systems.values()) {
      if (state.count === 0) continue;
      reports.push({
        name: state.name,
        count: state.count,
        scores: prepared.map((m, k) => {
          const corpus = checkedResult(m.metric.score(state.totals[k], "corpus"), m.name, m.plugin);
          const score: MetricScore = { count: state.count, stats: state.totals[k], corpus, summary: checkedSummary(m.metric.summarize(corpus), m.name, m.plugin) };
          return state.segments === undefined ? score : { ...score, segments: state.segments[k]! };
        }),
      });
    }
    return { metrics: prepared.map(describeMetric), systems: reports, segments: this.segments && this.sink === undefined };
  }
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
  const tally = new Tally(
    metrics.map((m) => m.metric),
    options.segments === true,
    options.sink,
    options.hook,
  );
  for await (const batch of batches) {
    tally.addBatch(batch);
    options.onProgress?.(tally.seen);
    await options.flush?.();
  }
  const report = tally.report(metrics);
  profile?.lap("report");
  return report;
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
        // This system's own signature: its nrefs, not the run's (which is "var" when systems differ).
        signature: m.metric.signature(score.stats),
        count: score.count,
        stats: score.stats,
      });
      out.push({ ...accumulator.toJSON(), system: system.name, options: m.options });
    });
  }
  return out;
}
