/**
 * What several command actions share: their flags, the output format and width, metric set-up and
 * warnings, and the scoring of the input (read by input/open.ts, scored by run/score-input.ts).
 */
import type { Command } from "commander";
import type { MetricDescriptor } from "@gramscore/core";
import { DEFAULT_WIDTH, FORMATS, type Format } from "../shared/constants.js";
import { usageError } from "../shared/errors.js";
import type { ByteCounter } from "../shared/io.js";
import type { Report, SegmentSink } from "../shared/report.js";
import type { ReadFlags } from "../input/open.js";
import { checkOutputPath, writeOutput, type OutputText } from "../output/write.js";
import type { PreparedMetric } from "../run/engine.js";
import { scoreInputFiles } from "../run/score-input.js";
import type { CollectSpec, RowCollector } from "../run/significance.js";
import { collectSpecOptions } from "./args/spec-options.js";
import type { Context } from "./kit.js";

export interface Globals {
  color?: boolean;
  debug?: boolean;
}

export interface InputFlags extends ReadFlags {
  metrics?: string[];
  refs?: string[];
  jobs?: number;
}

export interface OutputFlags {
  format?: Format;
  width?: number;
  output?: string;
}

export function globals(cmd: Command): Globals {
  return cmd.optsWithGlobals() as Globals;
}

/**
 * Writes `text` to `--output` (atomically: the previous file survives any failure) or to stdout
 * (a failed write is an `IO_ERROR`); see ../output/write.ts.
 */
export async function emit(ctx: Context, text: OutputText, output: string | undefined): Promise<void> {
  await writeOutput(ctx.io, text, output);
}

/**
 * After the output is written: a corpus number that is NaN (printed as `nan`, `null` in JSON) means
 * a metric failed without saying so; report it on stderr and exit with code 1.
 */
export function checkFinite(ctx: Context, report: Report): void {
  for (const system of report.systems) {
    report.metrics.forEach((m, k) => {
      const summary = system.scores[k]?.summary ?? {};
      for (const [key, value] of Object.entries(summary)) if (Number.isNaN(value)) reportNaN(ctx, m, key, system.name);
    });
  }
}

/** {@link checkFinite}'s message for one NaN corpus number (the `report` command checks its table with it); sets exit code 1. */
export function reportNaN(ctx: Context, metric: { readonly name: string; readonly plugin: string }, key: string, system: string): void {
  ctx.io.stderr.write(
    `gramscore: error: the metric ${metric.name}${metric.plugin === "" ? "" : ` (plugin ${metric.plugin})`} returned NaN for ${key} of system ${system}: ` +
      "that number is not a score. Fix the metric (or the data it cannot handle), or leave it out with -m.\n",
  );
  ctx.exitCode = 1;
}

/** Warns once about built-in plugins that failed to load (not merely missing or empty). */
export function warnUnavailable(ctx: Context, cmd: Command): void {
  for (const u of ctx.registry.unavailable()) {
    if (ctx.warned.has(u.name)) continue;
    if (u.reason !== "failed" && globals(cmd).debug !== true) continue;
    ctx.warned.add(u.name);
    const why = u.error instanceof Error ? u.error.message : String(u.error);
    ctx.io.stderr.write(`gramscore: warning: plugin ${u.name} is unavailable (${u.reason}): ${why}\n`);
  }
}

/** The widest table before it is transposed: the terminal's width, or 120 columns off a terminal. */
export function maxWidth(ctx: Context): number {
  return ctx.io.stdout.isTTY === true ? (ctx.io.stdout.columns ?? 80) : 120;
}

export function chooseFormat(ctx: Context, given: Format | undefined): Format {
  if (given !== undefined) return given;
  const env = ctx.io.env.GRAMSCORE_FORMAT?.toLowerCase();
  if (env !== undefined && env !== "") {
    if ((FORMATS as readonly string[]).includes(env)) return env as Format;
    throw usageError(`GRAMSCORE_FORMAT is ${JSON.stringify(ctx.io.env.GRAMSCORE_FORMAT)}, which is not an output format; use one of ${FORMATS.join(", ")}, or unset it.`);
  }
  if (ctx.config.format !== undefined) return ctx.config.format;
  return ctx.io.stdout.isTTY === true ? "table" : "json";
}

export function widthOf(ctx: Context, given: number | undefined): { width: number; widthGiven: boolean } {
  if (given !== undefined) return { width: given, widthGiven: true };
  if (ctx.config.width !== undefined) return { width: ctx.config.width, widthGiven: true };
  return { width: DEFAULT_WIDTH, widthGiven: false };
}

export async function metricNames(ctx: Context, given: string[] | undefined, command: string): Promise<string[]> {
  const names = given !== undefined && given.length > 0 ? given : (ctx.config.metrics ?? []);
  if (names.length > 0) return names;
  await ctx.registry.loadAll();
  const installed = ctx.registry.list("metric").map((e) => e.name);
  throw usageError(
    `Choose the metrics with -m, e.g. gramscore ${command} -m ${installed.slice(0, 2).join(",") || "bleu"} ... ` +
      (installed.length > 0 ? `Installed metrics: ${installed.join(", ")}.` : "No metric plugins are installed."),
  );
}

export function pluginOf(ctx: Context, descriptor: MetricDescriptor): string {
  return ctx.registry.list("metric").find((e) => e.descriptor === descriptor)?.plugin ?? "";
}

/** Creates each named metric with the options given on the command line. */
export async function prepareMetrics(ctx: Context, names: readonly string[], cmd: Command): Promise<PreparedMetric[]> {
  const values = collectSpecOptions(cmd, ctx.metricBindings);
  const out: PreparedMetric[] = [];
  for (const name of names) {
    const descriptor = await ctx.registry.ensure("metric", name);
    if (out.some((m) => m.name === descriptor.name)) continue;
    const options = values.get(descriptor.name) ?? {};
    const metric = await ctx.registry.createAsync("metric", descriptor.name, options);
    out.push({ name: descriptor.name, plugin: pluginOf(ctx, descriptor), options, metric });
  }
  return out;
}

/** Creates the metrics of `-m` and scores the input of `score` and `stats` with them. */
export async function scoreFromInput(
  ctx: Context,
  args: string[],
  flags: InputFlags & { segments?: boolean; progress?: boolean; output?: string },
  cmd: Command,
  command: string,
  bytes: ByteCounter = { read: 0, total: 0 },
  stream?: { sink: SegmentSink; flush: () => Promise<void> },
  collect?: { spec: CollectSpec; collector?: RowCollector },
): Promise<Report> {
  const refs = [...args, ...(flags.refs ?? [])];
  checkOutputPath(ctx.io, flags.output, [...refs, ...(flags.input ?? [])]);
  const names = await metricNames(ctx, flags.metrics, command);
  const metrics = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  return scoreInputFiles(ctx, metrics, refs, flags, bytes, stream, collect);
}
