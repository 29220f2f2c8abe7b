/** `gramscore merge`: combines the statistics written by `gramscore stats` into corpus scores. */
import type { Command } from "commander";
import { ErrorCode, GramscoreError, STATS_FORMAT, createAccumulator, describeValue } from "@gramscore/core";
import type { Accumulator } from "@gramscore/core";
import { describeMetric, type MetricScore, type PreparedMetric, type Report, type ShardEntry, type SystemReport } from "../engine.js";
import { usageError, withLocation } from "../errors.js";
import { formatReport } from "../format.js";
import { openLines } from "../input.js";
import { useColor } from "../io.js";
import { checkOutputPath } from "../output.js";
import { chooseFormat, emit, globals, maxWidth, pluginOf, warnUnavailable, widthOf, type OutputFlags } from "./common.js";
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

async function readShards(ctx: Context, files: readonly string[]): Promise<{ entry: ShardEntry; where: string }[]> {
  const out: { entry: ShardEntry; where: string }[] = [];
  if (files.filter((f) => f === "-").length > 1) throw usageError("Standard input (-) can be read only once.");
  for (const file of files) {
    const reader = openLines(file, ctx.io, { read: 0, total: undefined });
    const lines: string[] = [];
    while (await reader.fill()) lines.push(...reader.take(reader.available));
    const parsed: { value: unknown; where: string }[] = [];
    let whole = false;
    lines.forEach((text, i) => {
      if (whole || text.trim() === "") return;
      try {
        parsed.push({ value: JSON.parse(text), where: `${reader.name} line ${i + 1}` });
      } catch {
        whole = true;
      }
    });
    if (whole) {
      // Not JSON lines: maybe one (pretty-printed) JSON document, an entry or an array of entries.
      let doc: unknown;
      try {
        doc = JSON.parse(lines.join("\n"));
      } catch (error) {
        throw new GramscoreError(ErrorCode.MALFORMED_INPUT, `${reader.name} is neither JSON lines nor a JSON document: ${(error as Error).message}`, {
          cause: error,
        });
      }
      parsed.length = 0;
      (Array.isArray(doc) ? doc : [doc]).forEach((value, i) => parsed.push({ value, where: `${reader.name} entry ${i + 1}` }));
    }
    if (parsed.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${reader.name} holds no statistics.`);
    for (const p of parsed) out.push({ entry: checkShard(p.value, p.where), where: p.where });
  }
  return out;
}

/** `gramscore merge`. */
async function action(ctx: Context, files: string[], flags: OutputFlags, cmd: Command) {
  checkOutputPath(ctx.io, flags.output, files);
  const shards = await readShards(ctx, files);
  // Shards of one metric with the same options form a group; they must agree on the signature.
  const groups = new Map<string, { entry: ShardEntry; where: string }[]>();
  for (const shard of shards) {
    const key = `${shard.entry.metric}\u0000${JSON.stringify(shard.entry.options)}`;
    const group = groups.get(key) ?? [];
    groups.set(key, group);
    const first = group[0];
    if (first !== undefined && first.entry.signature !== shard.entry.signature) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `The shards hold ${shard.entry.metric} statistics with different signatures: ${first.entry.signature} (${first.where}) ` +
          `and ${shard.entry.signature} (${shard.where}). Only statistics computed by the same version with the same options ` +
          "(and, for sacrebleu metrics, the same number of references) can be merged.",
      );
    }
    group.push(shard);
  }
  const metrics = new Map<string, PreparedMetric>();
  const systems = new Map<string, Map<string, Accumulator<unknown, unknown>>>();
  for (const [key, group] of groups) {
    const { entry, where } = group[0]!;
    const descriptor = await ctx.registry.ensure("metric", entry.metric);
    const metric = await ctx.registry.createAsync("metric", descriptor.name, entry.options);
    metrics.set(key, { name: descriptor.name, plugin: pluginOf(ctx, descriptor), options: entry.options, metric });
    // A fresh metric has seen no data; signatures that depend on the data (sacrebleu's nrefs) are
    // brought up to date by letting it parse, merge and score the statistics first.
    try {
      let total = metric.empty();
      for (const g of group) total = metric.merge(total, typeof metric.parseStats === "function" ? metric.parseStats(g.entry.stats) : g.entry.stats);
      metric.score(total, "corpus");
    } catch (error) {
      throw withLocation(error, where);
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
  const names = prepared.map((p) => p.name);
  const dupes = names.filter((n, i) => names.indexOf(n) !== i);
  if (dupes.length > 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `The shards hold ${dupes[0]} statistics computed with different options; merge only shards computed with the same options.`,
    );
  }
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
  const format = chooseFormat(ctx, flags.format);
  const color = format === "table" && flags.output === undefined && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false);
  await emit(ctx, formatReport(report, format, { ...widthOf(ctx, flags.width), color, command: "merge", maxWidth: maxWidth(ctx) }), flags.output);
}

/** The `merge` command. */
export const command: CommandModule = {
  define(program, ctx) {
    return program
      .command("merge")
      .summary("merge shard statistics into the final scores")
      .description("Merge statistics written by `gramscore stats` (any number of files, any order) into corpus scores.")
      .argument("<shards...>", "files written by gramscore stats ('-' is stdin)")
      .addOption(formatOption())
      .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
      .option("-o, --output <file>", "write the result to a file instead of stdout")
      .action(bind(ctx, action));
  },
};
