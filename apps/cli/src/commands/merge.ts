/** `gramscore merge`: combines the statistics written by `gramscore stats` into corpus scores. */
import type { Command } from "commander";
import { ErrorCode, ExactColumns, GramscoreError, STATS_FORMAT, createAccumulator, describeValue, exactValue } from "@gramscore/core";
import type { Accumulator } from "@gramscore/core";
import { describeMetric, type PreparedMetric, type ShardEntry } from "../run/engine.js";
import type { MetricScore, Report, SystemReport } from "../shared/report.js";
import { usageError, withLocation } from "../shared/errors.js";
import { formatReport } from "../output/format.js";
import { openLines } from "../input/read.js";
import { useColor } from "../shared/io.js";
import { checkOutputPath } from "../output/write.js";
import { checkOverlaps, checkPairsField, checkSegmentsField, checkShardInfo, checkShards, orderShards, type ReadEntry, type ShardSpan, type UnorderedGroup } from "../run/shard.js";
import { PAIRING_WORDS, runSignificance, significancePlan, type SignificanceFlags } from "../run/significance.js";
import { formatSignificance } from "../output/significance.js";
import { concatRows, rowsOf, type SystemRows } from "@gramscore/significance";
import { FORMATS } from "../shared/constants.js";
import { SIGNIFICANCE_HELP, significanceOptions } from "./args/significance.js";
import { checkFinite, chooseFormat, emit, globals, maxWidth, pluginOf, warnUnavailable, widthOf, type OutputFlags } from "./common.js";
import { bind, formatOption, parseWidth, type CommandModule, type Context } from "./kit.js";

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

async function readShards(ctx: Context, files: readonly string[]): Promise<ReadEntry[]> {
  const out: ReadEntry[] = [];
  if (files.filter((f) => f === "-").length > 1) throw usageError("Standard input (-) can be read only once.");
  const seenFiles = new Map<string, string>();
  for (const file of files) {
    const reader = openLines(file, ctx.io, { read: 0, total: undefined });
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

/** `gramscore merge`. */
type MergeFlags = OutputFlags & SignificanceFlags & { allowRepeatedSegments?: boolean };

/** The segments each shard covers per system (lines written with segment digests). */
function spansOf(shards: readonly ReadEntry[]): ShardSpan[] {
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
function pairsOf(shards: readonly ReadEntry[], system: string): Uint32Array | undefined {
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

async function action(ctx: Context, files: string[], flags: MergeFlags, cmd: Command) {
  checkOutputPath(ctx.io, flags.output, files);
  const plan = significancePlan(flags, ctx.io.env);
  // Lines in corpus order (shard indexes), whatever the order of the arguments.
  const { entries: shards, unordered } = orderShards(await readShards(ctx, files), plan !== undefined);
  // Shards of one metric with the same options form a group; they must agree on the signature.
  const groups = new Map<string, ReadEntry[]>();
  for (const shard of shards) {
    const key = `${shard.entry.metric}\u0000${JSON.stringify(shard.entry.options)}`;
    const group = groups.get(key) ?? [];
    groups.set(key, group);
    // Within a system the whole signature must agree; across systems all but nrefs (systems of one
    // run may have different numbers of references, as score reports them: nrefs:var).
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
  // Then what identifies the shards: duplicates, missing lines, metrics over different segments.
  const warning = checkShards(shards);
  if (warning !== undefined) ctx.io.stderr.write(`gramscore: warning: ${warning}\n`);
  // And the segments they cover: no segments of a system in two shards.
  const spans = spansOf(shards);
  if (flags.allowRepeatedSegments !== true) checkOverlaps(spans);
  const metrics = new Map<string, PreparedMetric>();
  const systems = new Map<string, Map<string, Accumulator<unknown, unknown>>>();
  for (const [key, group] of groups) {
    const { entry, where } = group[0]!;
    const descriptor = await ctx.registry.ensure("metric", entry.metric);
    let metric;
    try {
      metric = await ctx.registry.createAsync("metric", descriptor.name, entry.options);
    } catch (error) {
      throw withLocation(error, where);
    }
    metrics.set(key, { name: descriptor.name, plugin: pluginOf(ctx, descriptor), options: entry.options, metric });
    // A fresh metric has seen no data; signatures that depend on the data (sacrebleu's nrefs) are
    // brought up to date by letting it parse, merge and score the statistics first.
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
  warnUnavailable(ctx, cmd);
  const keys = [...metrics.keys()];
  const prepared = keys.map((k) => metrics.get(k)!);
  const reports: SystemReport[] = [...systems].map(([name, accs]) => {
    const scores: (MetricScore | undefined)[] = keys.map((k) => {
      const acc = accs.get(k);
      if (acc === undefined) return undefined;
      const corpus = acc.compute();
      return { count: acc.count, stats: acc.stats, corpus, summary: acc.metric.summarize(corpus) };
    });
    return { name, count: Math.max(0, ...scores.map((s) => s?.count ?? 0)), scores };
  });
  const report: Report = { metrics: prepared.map(describeMetric), systems: reports, segments: false };
  if (plan !== undefined) {
    // Rows of each system joined in corpus order (the shards' indexes; orderShards refuses shards
    // without them), so the resampled segment indexes are the one-pass ones.
    const result = runSignificance(
      plan,
      report,
      (s, k) => {
        const key = keys[k]!;
        const lines = groups.get(key)!.filter((g) => g.entry.system === s.name);
        const metric = metrics.get(key)!.metric;
        return concatRows(
          lines.map((g) => rowsOfLine(g, metric)),
          metric,
          systems.get(s.name)!.get(key)!.stats,
        );
      },
      (s) => pairsOf(shards, s.name),
    );
    const text = (flags.format as string | undefined) === "text";
    const format = text ? "text" : chooseFormat(ctx, flags.format);
    await emit(ctx, formatSignificance(report, result, format, { ...widthOf(ctx, flags.width), color: false, command: "merge", maxWidth: maxWidth(ctx) }), flags.output);
    checkFinite(ctx, report);
    return;
  }
  const format = chooseFormat(ctx, flags.format);
  const color = format === "table" && flags.output === undefined && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false);
  await emit(ctx, formatReport(report, format, { ...widthOf(ctx, flags.width), color, command: "merge", maxWidth: maxWidth(ctx) }), flags.output);
  checkFinite(ctx, report);
}

/** The `merge` command. */
export const command: CommandModule = {
  define(program, ctx) {
    return significanceOptions(program
      .command("merge")
      .summary("merge shard statistics into the final scores")
      .description("Merge statistics written by `gramscore stats` (any number of files, any order) into corpus scores.")
      .argument("<shards...>", "files written by gramscore stats ('-' is stdin)")
      .addOption(formatOption([...FORMATS, "text"]))
      .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
      .option("-o, --output <file>", "write the result to a file instead of stdout")
      .option("--allow-repeated-segments", "merge shards even when one repeats segments of another (the same text in the same order)"))
      .addHelpText(
        "after",
        `${SIGNIFICANCE_HELP} Shards for these must be written with gramscore stats --rows --shard-index N. ` +
          "Shards are merged in the order of their --shard-index, whatever the order of the arguments.",
      )
      .action(bind(ctx, action));
  },
};
