/**
 * What `gramscore merge` does with shards: reads and checks them, groups them by metric and options,
 * merges each group into per-system accumulators, and gives significance tests their rows and pairing
 * keys back from the shards.
 */
import { ErrorCode, ExactColumns, GramscoreError, STATS_FORMAT, createAccumulator, describeValue, exactValue } from "@gramscore/core";
import type { Accumulator, MetricDescriptor } from "@gramscore/core";
import type { Registry } from "@gramscore/registry";
import { concatRows, rowsOf, type SystemRows } from "@gramscore/significance";
import { openLines } from "../input/read.js";
import { usageError, withLocation } from "../shared/errors.js";
import type { CliIO } from "../shared/io.js";
import type { MetricScore, Report, SystemReport } from "../shared/report.js";
import { describeMetric, type PreparedMetric, type ShardEntry } from "./engine.js";
import { checkPairsField, checkSegmentsField, checkShardInfo, type ReadEntry, type ShardSpan, type UnorderedGroup } from "./shard.js";
import { PAIRING_WORDS } from "./significance.js";

function checkShard(value: unknown, where: string): ShardEntry {
  const v = value as Partial<ShardEntry> | null;
  if (v === null || typeof v !== "object" || Array.isArray(v) || v.format !== STATS_FORMAT) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${where}: expected statistics written by gramscore stats (an object with "format": "${STATS_FORMAT}"), but got ${describeValue(value)}.`,
    );
  }
  if (typeof v.metric !== "string") throw new GramscoreError(ErrorCode.INVALID_STATS, `${where}: "metric" must be a metric name, but got ${describeValue(v.metric)}.`);
  if (v.system !== undefined && typeof v.system !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_STATS, `${where}: "system" must be a string, but got ${describeValue(v.system)}.`);
  }
  if (v.options !== undefined && (v.options === null || typeof v.options !== "object" || Array.isArray(v.options))) {
    throw new GramscoreError(ErrorCode.INVALID_STATS, `${where}: "options" must be an object, but got ${describeValue(v.options)}.`);
  }
  return { ...(v as ShardEntry), system: v.system ?? "default", options: v.options ?? {} };
}

/**
 * Reads the shard files (`-` is stdin, once): JSON lines, or one JSON document holding an entry or an
 * array of entries; each entry checked, with where it was read.
 * @throws GramscoreError for a file that is not JSON, holds no statistics, repeats another file, or an
 *   entry that is not statistics written by `gramscore stats`.
 */
export async function readShards(io: CliIO, files: readonly string[]): Promise<ReadEntry[]> {
  const out: ReadEntry[] = [];
  if (files.filter((f) => f === "-").length > 1) throw usageError("Standard input (-) can be read only once.");
  const seenFiles = new Map<string, string>();
  for (const file of files) {
    const reader = openLines(file, io, { read: 0, total: undefined });
    const lines: string[] = [];
    while (await reader.fill()) lines.push(...reader.take(reader.available));
    if (lines.length > 0) lines[0] = lines[0]!.replace(/^\uFEFF/, "");
    const parsed: { value: unknown; where: string }[] = [];
    let bad: { line: number; error: Error } | undefined;
    lines.forEach((text, i) => {
      if (bad !== undefined || text.trim() === "") return;
      try {
        parsed.push({ value: JSON.parse(text), where: `${reader.name} line ${i + 1}` });
      } catch (error) {
        bad = { line: i + 1, error: error as Error };
      }
    });
    if (bad !== undefined) {
      if (parsed.length > 0) {
        // JSON lines up to here: a line that does not parse is a truncated or damaged shard.
        throw new GramscoreError(
          ErrorCode.MALFORMED_INPUT,
          `${reader.name} line ${bad.line}: not valid JSON (${bad.error.message}). The shard may be truncated or damaged: write it again with gramscore stats.`,
          { cause: bad.error, details: { source: reader.name, line: bad.line } },
        );
      }
      // Not JSON lines: maybe one (pretty-printed) JSON document, an entry or an array of entries.
      let doc: unknown;
      try {
        doc = JSON.parse(lines.join("\n"));
      } catch (error) {
        throw new GramscoreError(
          ErrorCode.MALFORMED_INPUT,
          `${reader.name} line ${bad.line} is not valid JSON (${bad.error.message}), and the file is not one JSON document either. ` +
            "Give the files gramscore stats wrote (one JSON object per line).",
          { cause: error, details: { source: reader.name, line: bad.line } },
        );
      }
      parsed.length = 0;
      (Array.isArray(doc) ? doc : [doc]).forEach((value, i) => parsed.push({ value, where: `${reader.name} entry ${i + 1}` }));
    }
    if (parsed.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${reader.name} holds no statistics.`);
    const text = lines.join("\n");
    const twice = seenFiles.get(text);
    if (twice !== undefined) {
      throw new GramscoreError(ErrorCode.INVALID_STATS, `${reader.name} has the same content as ${twice}: the same shard given twice would be counted twice. Give each shard once.`);
    }
    seenFiles.set(text, reader.name);
    for (const p of parsed) {
      const entry = checkShard(p.value, p.where);
      const shard = checkShardInfo((p.value as { shard?: unknown }).shard, p.where);
      out.push({ entry: shard === undefined ? entry : { ...entry, shard }, where: p.where, file: reader.name });
    }
  }
  return out;
}

/** The options of two statistics of one metric, where they differ. */
function optionDiff(a: Record<string, unknown>, b: Record<string, unknown>): string {
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]));
  return keys.map((k) => `${k}: ${a[k] === undefined ? "(default)" : JSON.stringify(a[k])} vs ${b[k] === undefined ? "(default)" : JSON.stringify(b[k])}`).join(", ");
}

/** What to do about two signatures that differ. */
function signatureHint(a: string, b: string): string {
  const nrefs = (sig: string) => /(?:^|\|)nrefs:([^|]+)/.exec(sig)?.[1];
  const na = nrefs(a);
  const nb = nrefs(b);
  if (na !== undefined && nb !== undefined && na !== nb) {
    return (
      ` The shards have different numbers of references per segment (nrefs:${na} and nrefs:${nb}); sacrebleu's signature records it, so ` +
      "such statistics are not merged. If the number really varies, write every shard with --nrefs var (when the metric offers it) or score the whole corpus at once."
    );
  }
  return " Only statistics computed by the same version with the same options can be merged.";
}

/**
 * The shards by metric and options (one group each, in order of first appearance). Within a system
 * the whole signature must agree; across systems all but nrefs (systems of one run may have different
 * numbers of references, as score reports them: nrefs:var).
 * @throws GramscoreError `INVALID_STATS` for signatures that differ, or one metric with two sets of options.
 */
export function groupShards(shards: readonly ReadEntry[]): Map<string, ReadEntry[]> {
  const groups = new Map<string, ReadEntry[]>();
  for (const shard of shards) {
    const key = `${shard.entry.metric}\u0000${JSON.stringify(shard.entry.options)}`;
    const group = groups.get(key) ?? [];
    groups.set(key, group);
    const sameSystem = group.find((g) => g.entry.system === shard.entry.system);
    const first = sameSystem ?? group[0];
    const comparable = (sig: string) => (sameSystem === undefined ? sig.replace(/(^|\|)nrefs:[^|]*/, "$1") : sig);
    if (first !== undefined && comparable(first.entry.signature) !== comparable(shard.entry.signature)) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `The shards hold ${shard.entry.metric} statistics with different signatures: ${first.entry.signature} (${first.where}) ` +
          `and ${shard.entry.signature} (${shard.where}).${signatureHint(first.entry.signature, shard.entry.signature)}`,
      );
    }
    group.push(shard);
  }
  for (const [, group] of groups) {
    const other = [...groups.values()].find((g) => g !== group && g[0]!.entry.metric === group[0]!.entry.metric);
    if (other !== undefined) {
      const a = group[0]!;
      const b = other[0]!;
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `The shards hold ${a.entry.metric} statistics computed with different options: ${a.where} and ${b.where} differ in ${optionDiff(a.entry.options, b.entry.options)}. ` +
          "Merge only shards computed with the same options (write the others again with the same flags).",
      );
    }
  }
  return groups;
}

/** The shards merged: the metric of each group (by its key) and each system's accumulators. */
export interface MergedShards {
  readonly metrics: Map<string, PreparedMetric>;
  readonly systems: Map<string, Map<string, Accumulator<unknown, unknown>>>;
}

/**
 * Creates each group's metric through `registry` and merges the group's statistics into one
 * accumulator per system. A fresh metric has seen no data; signatures that depend on the data
 * (sacrebleu's nrefs) are brought up to date by letting it parse, merge and score the statistics first.
 * Groups without a place in the corpus must merge alike in any order ({@link checkOrderFree}).
 * @param pluginOf The plugin that registered a metric (for the report).
 * @throws GramscoreError from the metric (statistics it refuses), located at the shard line.
 */
export async function mergeGroups(
  registry: Registry,
  groups: ReadonlyMap<string, readonly ReadEntry[]>,
  unordered: readonly UnorderedGroup[],
  pluginOf: (descriptor: MetricDescriptor) => string,
): Promise<MergedShards> {
  const metrics = new Map<string, PreparedMetric>();
  const systems = new Map<string, Map<string, Accumulator<unknown, unknown>>>();
  for (const [key, group] of groups) {
    const { entry, where } = group[0]!;
    const descriptor = await registry.ensure("metric", entry.metric);
    let metric;
    try {
      metric = await registry.createAsync("metric", descriptor.name, entry.options);
    } catch (error) {
      throw withLocation(error, where);
    }
    metrics.set(key, { name: descriptor.name, plugin: pluginOf(descriptor), options: entry.options, metric });
    let total = metric.empty();
    for (const g of group) {
      try {
        total = metric.merge(total, typeof metric.parseStats === "function" ? metric.parseStats(g.entry.stats) : g.entry.stats);
      } catch (error) {
        throw withLocation(error, g.where);
      }
    }
    try {
      metric.score(total, "corpus");
      for (const u of unordered) if (u.lines[0]!.entry.metric === entry.metric && group.includes(u.lines[0]!)) checkOrderFree(u, metric);
    } catch (error) {
      throw withLocation(error, group.map((g) => g.where).join(", "));
    }
    for (const g of group) {
      const bySystem = systems.get(g.entry.system) ?? new Map<string, Accumulator<unknown, unknown>>();
      systems.set(g.entry.system, bySystem);
      const acc = bySystem.get(key) ?? createAccumulator(metric);
      bySystem.set(key, acc);
      try {
        acc.merge(g.entry);
      } catch (error) {
        throw withLocation(error, g.where);
      }
    }
  }
  return { metrics, systems };
}

/** The report of merged shards: every system's corpus scores, metrics in the order of their groups. */
export function mergedReport(merged: MergedShards): Report {
  const keys = [...merged.metrics.keys()];
  const reports: SystemReport[] = [...merged.systems].map(([name, accs]) => {
    const scores: (MetricScore | undefined)[] = keys.map((k) => {
      const acc = accs.get(k);
      if (acc === undefined) return undefined;
      const corpus = acc.compute();
      return { count: acc.count, stats: acc.stats, corpus, summary: acc.metric.summarize(corpus) };
    });
    return { name, count: Math.max(0, ...scores.map((s) => s?.count ?? 0)), scores };
  });
  return { metrics: keys.map((k) => describeMetric(merged.metrics.get(k)!)), systems: reports, segments: false };
}

/**
 * The statistics rows of system `system` and the report's metric `k`: the rows of its shard lines
 * joined in corpus order (the shards' indexes; orderShards refuses shards without them), so the
 * resampled segment indexes are the one-pass ones.
 */
export function mergedRows(groups: ReadonlyMap<string, readonly ReadEntry[]>, merged: MergedShards, system: string, k: number): SystemRows {
  const key = [...merged.metrics.keys()][k]!;
  const lines = groups.get(key)!.filter((g) => g.entry.system === system);
  const metric = merged.metrics.get(key)!.metric;
  return concatRows(
    lines.map((g) => rowsOfLine(g, metric)),
    metric,
    merged.systems.get(system)!.get(key)!.stats,
  );
}

/** The segments each shard covers per system (lines written with segment digests). */
export function spansOf(shards: readonly ReadEntry[]): ShardSpan[] {
  const spans: ShardSpan[] = [];
  for (const s of shards) {
    const seg = checkSegmentsField((s.entry as { segments?: unknown }).segments, s.entry.count, s.where);
    if (seg?.ids === undefined) continue;
    spans.push({ label: `${s.file} (shard ${s.entry.shard?.id ?? "without id"})`, system: s.entry.system, ids: seg.ids });
  }
  return spans;
}

/**
 * The pairing keys of a system's segments in corpus order, from the `pairs` field of its first line
 * in each shard; undefined when a shard has none (written before the field existed).
 */
export function pairsOf(shards: readonly ReadEntry[], system: string): Uint32Array | undefined {
  // One shard's lines of the system share one id; the first line written carries the field.
  const byShard = new Map<string, Uint32Array | undefined>();
  for (const s of shards) {
    if (s.entry.system !== system) continue;
    const id = `${s.file}\u0000${s.entry.shard?.id ?? s.where}`;
    const keys = checkPairsField((s.entry as { pairs?: unknown }).pairs, s.entry.count, PAIRING_WORDS, s.where);
    if (!byShard.has(id) || keys !== undefined) byShard.set(id, keys ?? byShard.get(id));
  }
  const parts = [...byShard.values()];
  if (parts.some((p) => p === undefined)) return undefined;
  const all = new Uint32Array(parts.reduce((n, p) => n + p!.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p!, at);
    at += p!.length;
  }
  return all;
}

/** The statistics rows a `stats --rows` line carries, checked, as one chunk of its system's rows. */
function rowsOfLine(read: ReadEntry, metric: PreparedMetric["metric"]): SystemRows {
  const resampler = rowsOf(metric);
  const rows = (read.entry as { rows?: { width?: unknown; values?: unknown } }).rows;
  if (rows === undefined) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${read.where} holds no statistics rows, which confidence intervals and paired tests resample. Write the shards with gramscore stats --rows.`,
    );
  }
  const values = rows.values;
  if (
    rows.width !== resampler.width ||
    !Array.isArray(values) ||
    values.length !== read.entry.count * resampler.width ||
    !values.every((v) => typeof v === "number" && Number.isFinite(v))
  ) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${read.where}: "rows" must hold ${read.entry.count} rows of ${resampler.width} finite numbers for ${read.entry.metric}, as gramscore stats --rows writes them. Write the shard again.`,
    );
  }
  const data = Float64Array.from(values as number[]);
  // The rows must be the segments of the line's statistics: their (exact) column sums must be the
  // row of the statistics (StatsRows.toRow of merged statistics is the column sums of their
  // segments' rows), and their score the statistics' score. Rows of other segments, or edited
  // ones, would resample a corpus other than the one scored.
  const columns = new ExactColumns(resampler.width);
  for (let i = 0; i < read.entry.count; i++) columns.addRow(data.subarray(i * resampler.width, (i + 1) * resampler.width));
  const sums = Float64Array.from(columns.sums(), exactValue);
  const stats = typeof metric.parseStats === "function" ? metric.parseStats(read.entry.stats) : read.entry.stats;
  const expected = new Float64Array(resampler.width);
  resampler.toRow(stats, expected, 0);
  const column = expected.findIndex((x, c) => !agree(x, sums[c]!));
  const fromRows = resampler.score(sums, read.entry.count, false);
  const fromStats = resampler.scoreStats(stats);
  if (column >= 0 || !agree(fromRows, fromStats)) {
    const what =
      column >= 0
        ? `column ${column + 1} of its ${read.entry.count} rows sums to ${sums[column]}, but the statistics hold ${expected[column]}`
        : `their ${read.entry.count} rows give ${resampler.name} ${fromRows}, but the statistics give ${fromStats}`;
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${read.where}: its "rows" do not belong to its statistics: ${what}. ` +
        "The line was edited or put together from different runs; write the shard again with gramscore stats --rows.",
      { details: { where: read.where, column: column + 1, fromRows, fromStats } },
    );
  }
  return { name: resampler.name, count: read.entry.count, width: resampler.width, rows: data, score: Number.NaN, signature: "", resampler };
}

/**
 * Numbers from rows and from statistics agree: equal, both NaN, or within 1e-9 relative (a plugin's
 * rows may hold rounded per-segment numbers whose sums differ from its statistics in the last bits;
 * a foreign or edited row moves them far more).
 */
function agree(a: number, b: number): boolean {
  if (Object.is(a, b) || (Number.isNaN(a) && Number.isNaN(b))) return true;
  return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/**
 * Refuses shards without a place in the corpus whose metric does not merge alike in any order: the
 * statistics merged in the order used and in the reverse order must give the same numbers (for two
 * shards these are the only orders). Exact metrics (BLEU, chrF, GLEU, WER, ROUGE, METEOR) always do;
 * NIST, which sums in corpus order, does not.
 * @throws GramscoreError `INVALID_STATS` naming the system, the metric and how to fix it.
 */
function checkOrderFree(group: UnorderedGroup, metric: PreparedMetric["metric"]): void {
  const summary = (lines: readonly ReadEntry[]) => {
    let total = metric.empty();
    for (const g of lines) total = metric.merge(total, typeof metric.parseStats === "function" ? metric.parseStats(g.entry.stats) : g.entry.stats);
    return metric.summarize(metric.score(total, "corpus"));
  };
  const forward = summary(group.lines);
  const backward = summary([...group.lines].reverse());
  const differs = Object.keys(forward).find((k) => !Object.is(forward[k], backward[k]));
  if (differs === undefined) return;
  throw new GramscoreError(
    ErrorCode.INVALID_STATS,
    `System ${group.system}: its ${group.lines.length} shards of ${group.metric} statistics (${group.lines.map((g) => g.where).join(", ")}) carry no place in the corpus, ` +
      `and ${group.metric} gives a different result in another order (${differs}: ${forward[differs]} and ${backward[differs]}), so the one-pass result cannot be determined. ` +
      "Write every shard with gramscore stats --shard-index N (0 for the first part of the corpus, 1 for the next, …).",
    { details: { system: group.system, metric: group.metric, shards: group.lines.map((g) => g.where) } },
  );
}
