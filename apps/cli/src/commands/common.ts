/** What several command actions share: options, output, metric set-up and the scoring of the input. */
import { closeSync, openSync, readSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import type { Command } from "commander";
import type { MetricDescriptor } from "@gramscore/core";
import { DEFAULT_WIDTH, FORMATS, jobsMinBytes, usefulJobs, type Format } from "../shared/constants.js";
import { scoreInput, type PreparedMetric } from "../run/engine.js";
import type { Report, SegmentSink } from "../shared/report.js";
import { usageError } from "../shared/errors.js";
import { inputBytes } from "../input/size.js";
import { jsonlUnits, looksLikeJsonl, parallelUnits, recordBatches, type InputUnit, type UnitSize } from "../input/read.js";
import type { ByteCounter } from "../shared/io.js";
import { checkOutputPath, writeOutput, type OutputText } from "../output/write.js";
import { profile } from "../shared/profile.js";
import { startProgress } from "../output/progress.js";
import { RowCollector, type CollectSpec } from "../run/significance.js";
import { collectSpecOptions } from "./spec-options.js";
import type { Context } from "./kit.js";

export interface Globals {
  color?: boolean;
  debug?: boolean;
}

export interface InputFlags {
  metrics?: string[];
  input?: string[];
  refs?: string[];
  keepWhitespace?: boolean;
  jobs?: number;
  /** `--system`: names of the systems, one per input file. */
  system?: string[];
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
 * (a failed write is an `IO_ERROR`); see output.ts.
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

/**
 * The input as units of whole lines: reference files with hypothesis files (or stdin), else JSONL
 * records. `size` is the size of a unit (undefined: whatever each read gives).
 */
export function openInput(ctx: Context, refs: readonly string[], flags: InputFlags, bytes: ByteCounter, size?: UnitSize): AsyncIterable<InputUnit> {
  const inputs = flags.input ?? [];
  const stdinIsTerminal = (): boolean => ctx.io.stdin.isTTY === true;
  if (refs.length > 0) {
    for (const r of refs) {
      if (looksLikeJsonl(r)) {
        throw usageError(`${r} looks like JSONL records, but reference files are plain text. Give JSONL records with --input ${r} and no reference files.`);
      }
    }
    for (const h of inputs) {
      if (looksLikeJsonl(h)) {
        throw usageError(`${h} looks like JSONL records, but reference files were given too. Drop the reference files to read records.`);
      }
    }
    const hyps = inputs.length > 0 ? inputs : ["-"];
    const dup = hyps.find((h, i) => hyps.indexOf(h) !== i);
    if (dup !== undefined) throw usageError(`The hypothesis file ${dup} is given twice; each system needs its own file.`);
    const systems = systemNames(flags.system, hyps, "hypothesis file");
    warnBom(ctx, [...hyps, ...refs]);
    if (hyps.includes("-") && stdinIsTerminal()) {
      throw usageError("Waiting for hypotheses on the terminal: pipe them in (gramscore score -m bleu ref.txt < hyp.txt) or pass -i FILE.");
    }
    return parallelUnits(hyps, refs, ctx.io, bytes, { keepWhitespace: flags.keepWhitespace === true, ...(systems === undefined ? {} : { systems }) }, size);
  }
  if ((inputs.length === 0 || inputs.includes("-")) && stdinIsTerminal()) {
    throw usageError(
      "No input: give reference files with the hypotheses (gramscore score -m bleu ref.txt < hyp.txt) " +
        "or JSONL records (gramscore score -m bleu --input data.jsonl).",
    );
  }
  return jsonlUnits(inputs, ctx.io, bytes, size, systemNames(flags.system, inputs.length > 0 ? inputs : ["-"], "JSONL file"));
}

/** The files the input is read from (as {@link openInput} reads them; `-` for stdin). */
export function inputPaths(refs: readonly string[], flags: InputFlags): string[] {
  const inputs = flags.input ?? [];
  return [...refs, ...(inputs.length > 0 ? inputs : ["-"])];
}

/**
 * Warns about text files that start with a UTF-8 byte order mark: it stays in the first token (as in
 * sacrebleu, whose numbers are kept), which is rarely what was meant. `-` (stdin) and `.gz` files are
 * not looked at.
 */
export function warnBom(ctx: Context, files: readonly string[]): void {
  for (const file of files) {
    if (file === "-" || file.endsWith(".gz")) continue;
    let fd: number | undefined;
    try {
      fd = openSync(resolve(ctx.io.cwd, file), "r");
      const head = Buffer.alloc(3);
      if (readSync(fd, head, 0, 3, 0) === 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
        ctx.io.stderr.write(
          `gramscore: warning: ${file} line 1 starts with a UTF-8 byte order mark, which stays part of its first word (as in sacrebleu, ` +
            `whose scores are kept). If it is not meant as text, remove it: sed -i '1s/^\\xEF\\xBB\\xBF//' ${file}\n`,
        );
      }
    } catch {
      // Unreadable files are reported when they are read.
    } finally {
      if (fd !== undefined) closeSync(fd);
    }
  }
}

/**
 * `--system`: one name per input file, in order (text: the system of each hypothesis file; JSONL:
 * the system of records without a "system" field). Several hypothesis files are several systems
 * scored against the same references, so the names must differ.
 */
function systemNames(given: readonly string[] | undefined, files: readonly string[], what: string): string[] | undefined {
  if (given === undefined || given.length === 0) return undefined;
  if (given.length !== files.length) {
    throw usageError(
      `--system takes one name per ${what} (${files.length} given: ${files.join(", ")}), but got ${given.length} (${given.join(", ")}). ` +
        `Give --system once per file, in the same order${files.length > 1 ? ", e.g. --system A,B" : ""}.`,
    );
  }
  const dup = given.find((n, i) => given.indexOf(n) !== i);
  if (dup !== undefined) {
    throw usageError(`--system names ${dup} twice: each ${what} is a system of its own. To score parts of one system, run gramscore stats once per part and merge.`);
  }
  if (given.some((n) => n.trim() === "")) throw usageError("--system needs a non-empty name.");
  return [...given];
}

export async function scoreFromInput(
  ctx: Context,
  args: string[],
  flags: InputFlags & { segments?: boolean; progress?: boolean; output?: string },
  cmd: Command,
  command: string,
  bytes: ByteCounter = { read: 0, total: 0 },
  stream?: { sink: SegmentSink; flush: () => Promise<void> },
  collect?: { spec: CollectSpec; collector?: RowCollector },
) {
  const refs = [...args, ...(flags.refs ?? [])];
  checkOutputPath(ctx.io, flags.output, [...refs, ...(flags.input ?? [])]);
  const names = await metricNames(ctx, flags.metrics, command);
  const metrics = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  // Statistics rows (significance) and segment digests (shards) are gathered as records are scored.
  const collector = collect === undefined ? undefined : new RowCollector(metrics.map((m) => m.metric), collect.spec);
  if (collect !== undefined) collect.collector = collector;
  const hooked = collector === undefined ? {} : { hook: collector, collect: collector.spec };
  const processors = availableParallelism();
  let jobs = usefulJobs(flags.jobs ?? 1, processors);
  if (flags.jobs !== undefined && jobs < flags.jobs) {
    ctx.io.stderr.write(
      `gramscore: note: --jobs ${flags.jobs} is far more than the ${processors} processor${processors === 1 ? "" : "s"} available; using ${jobs} ` +
        "(more threads only add memory and switching).\n",
    );
  }
  if (jobs > 1) {
    // Workers pay only on large inputs: below the bound, this thread scores (the same results). The
    // bound is read first, so that a bad GRAMSCORE_JOBS_MIN_BYTES is refused whatever the input.
    const bound = jobsMinBytes(ctx.io.env);
    const size = inputBytes(inputPaths(refs, flags), ctx.io.cwd);
    if (size !== undefined && size < bound) {
      jobs = 1;
      const pool = ctx.warmPool;
      ctx.warmPool = undefined;
      if (pool !== undefined) await (await pool.catch(() => undefined))?.close();
    }
  }
  if (jobs > 1) {
    const { JOB_UNIT, scoreParallel } = await import("../run/parallel.js");
    const units = openInput(ctx, refs, flags, bytes, JOB_UNIT);
    const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
    profile?.lap("set-up");
    const pool = ctx.warmPool;
    ctx.warmPool = undefined;
    try {
      return await scoreParallel(metrics, units, {
        jobs,
        cwd: ctx.io.cwd,
        plugins: [...ctx.config.plugins, ...ctx.pre.plugins],
        segments: flags.segments === true,
        onProgress: (n) => progress.update(n),
        ...(stream ?? {}),
        ...hooked,
        ...(pool === undefined ? {} : { pool }),
      });
    } finally {
      progress.stop();
    }
  }
  const batches = recordBatches(openInput(ctx, refs, flags, bytes));
  const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
  profile?.lap("set-up");
  try {
    return await scoreInput(metrics, batches, { segments: flags.segments === true, onProgress: (n) => progress.update(n), ...(stream ?? {}), ...(collector === undefined ? {} : { hook: collector }) });
  } finally {
    progress.stop();
  }
}

