/** The command implementations (loaded on first use). */
import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Command } from "commander";
import { ErrorCode, GramscoreError, STATS_FORMAT, createAccumulator, describeValue, isGramscoreError, validateSegment } from "@gramscore/core";
import type { Accumulator, MetricDescriptor, OptionSpec } from "@gramscore/core";
import { DEFAULT_WIDTH, FORMATS, type Format } from "./constants.js";
import { DEMO_SETS } from "./demo-data.js";
import {
  describeMetric,
  scoreInput,
  shardEntries,
  type MetricScore,
  type PreparedMetric,
  type Report,
  type ShardEntry,
  type SystemReport,
} from "./engine.js";
import { usageError, withLocation } from "./errors.js";
import { highlightWords, matchedStrings, renderTree } from "./explain.js";
import { formatReport } from "./format.js";
import {
  jsonlUnits,
  looksLikeJsonl,
  openLines,
  parallelUnits,
  readTextLines,
  recordBatches,
  type ByteCounter,
  type InputRecord,
  type InputUnit,
  type UnitSize,
} from "./input.js";
import { colors, useColor } from "./io.js";
import { startProgress } from "./progress.js";
import type { Context } from "./run.js";
import { collectSpecOptions } from "./spec-options.js";
import { VERSION } from "./version.js";

interface Globals {
  color?: boolean;
  debug?: boolean;
}

interface InputFlags {
  metrics?: string[];
  input?: string[];
  refs?: string[];
  keepWhitespace?: boolean;
  jobs?: number;
}

interface OutputFlags {
  format?: Format;
  width?: number;
  output?: string;
}

function globals(cmd: Command): Globals {
  return cmd.optsWithGlobals() as Globals;
}

/** Writes `text` to `--output` or stdout. */
function emit(ctx: Context, text: string, output: string | undefined): void {
  if (output === undefined) {
    ctx.io.stdout.write(text);
    return;
  }
  const file = resolve(ctx.io.cwd, output);
  try {
    writeFileSync(file, text);
  } catch (error) {
    throw new GramscoreError(ErrorCode.IO_ERROR, `Cannot write ${output}: ${(error as Error).message}`, { cause: error });
  }
}

/** Warns once about built-in plugins that failed to load (not merely missing or empty). */
function warnUnavailable(ctx: Context, cmd: Command): void {
  for (const u of ctx.registry.unavailable()) {
    if (ctx.warned.has(u.name)) continue;
    if (u.reason !== "failed" && globals(cmd).debug !== true) continue;
    ctx.warned.add(u.name);
    const why = u.error instanceof Error ? u.error.message : String(u.error);
    ctx.io.stderr.write(`gramscore: warning: plugin ${u.name} is unavailable (${u.reason}): ${why}\n`);
  }
}

/** The widest table before it is transposed: the terminal's width, or 120 columns off a terminal. */
function maxWidth(ctx: Context): number {
  return ctx.io.stdout.isTTY === true ? (ctx.io.stdout.columns ?? 80) : 120;
}

function chooseFormat(ctx: Context, given: Format | undefined): Format {
  if (given !== undefined) return given;
  const env = ctx.io.env.GRAMSCORE_FORMAT?.toLowerCase();
  if (env !== undefined && (FORMATS as readonly string[]).includes(env)) return env as Format;
  if (ctx.config.format !== undefined) return ctx.config.format;
  return ctx.io.stdout.isTTY === true ? "table" : "json";
}

function widthOf(ctx: Context, given: number | undefined): { width: number; widthGiven: boolean } {
  if (given !== undefined) return { width: given, widthGiven: true };
  if (ctx.config.width !== undefined) return { width: ctx.config.width, widthGiven: true };
  return { width: DEFAULT_WIDTH, widthGiven: false };
}

async function metricNames(ctx: Context, given: string[] | undefined, command: string): Promise<string[]> {
  const names = given !== undefined && given.length > 0 ? given : (ctx.config.metrics ?? []);
  if (names.length > 0) return names;
  await ctx.registry.loadAll();
  const installed = ctx.registry.list("metric").map((e) => e.name);
  throw usageError(
    `Choose the metrics with -m, e.g. gramscore ${command} -m ${installed.slice(0, 2).join(",") || "bleu"} ... ` +
      (installed.length > 0 ? `Installed metrics: ${installed.join(", ")}.` : "No metric plugins are installed."),
  );
}

function pluginOf(ctx: Context, descriptor: MetricDescriptor): string {
  return ctx.registry.list("metric").find((e) => e.descriptor === descriptor)?.plugin ?? "";
}

/** Creates each named metric with the options given on the command line. */
async function prepareMetrics(ctx: Context, names: readonly string[], cmd: Command): Promise<PreparedMetric[]> {
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
function openInput(ctx: Context, refs: readonly string[], flags: InputFlags, bytes: ByteCounter, size?: UnitSize): AsyncIterable<InputUnit> {
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
    if (hyps.includes("-") && stdinIsTerminal()) {
      throw usageError("Waiting for hypotheses on the terminal: pipe them in (gramscore score -m bleu ref.txt < hyp.txt) or pass -i FILE.");
    }
    return parallelUnits(hyps, refs, ctx.io, bytes, { keepWhitespace: flags.keepWhitespace === true }, size);
  }
  if ((inputs.length === 0 || inputs.includes("-")) && stdinIsTerminal()) {
    throw usageError(
      "No input: give reference files with the hypotheses (gramscore score -m bleu ref.txt < hyp.txt) " +
        "or JSONL records (gramscore score -m bleu --input data.jsonl).",
    );
  }
  return jsonlUnits(inputs, ctx.io, bytes, size);
}

async function scoreFromInput(ctx: Context, args: string[], flags: InputFlags & { segments?: boolean; progress?: boolean }, cmd: Command, command: string) {
  const names = await metricNames(ctx, flags.metrics, command);
  const metrics = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  const refs = [...args, ...(flags.refs ?? [])];
  const jobs = flags.jobs ?? 1;
  const bytes: ByteCounter = { read: 0, total: 0 };
  if (jobs > 1) {
    const { JOB_UNIT, scoreParallel } = await import("./parallel.js");
    const units = openInput(ctx, refs, flags, bytes, JOB_UNIT);
    const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
    const pool = ctx.warmPool;
    ctx.warmPool = undefined;
    try {
      return await scoreParallel(metrics, units, {
        jobs,
        cwd: ctx.io.cwd,
        plugins: [...ctx.config.plugins, ...ctx.pre.plugins],
        segments: flags.segments === true,
        onProgress: (n) => progress.update(n),
        ...(pool === undefined ? {} : { pool }),
      });
    } finally {
      progress.stop();
    }
  }
  const batches = recordBatches(openInput(ctx, refs, flags, bytes));
  const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
  try {
    return await scoreInput(metrics, batches, { segments: flags.segments === true, onProgress: (n) => progress.update(n) });
  } finally {
    progress.stop();
  }
}

/** `gramscore score`. */
export async function scoreAction(ctx: Context, refs: string[], flags: InputFlags & OutputFlags & { segments?: boolean; progress?: boolean }, cmd: Command) {
  const report = await scoreFromInput(ctx, refs, flags, cmd, "score");
  const format = chooseFormat(ctx, flags.format);
  const color = format === "table" && flags.output === undefined && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false);
  emit(ctx, formatReport(report, format, { ...widthOf(ctx, flags.width), color, command: "score", maxWidth: maxWidth(ctx) }), flags.output);
}

/** `gramscore stats`. */
export async function statsAction(ctx: Context, refs: string[], flags: InputFlags & { output?: string; progress?: boolean }, cmd: Command) {
  const report = await scoreFromInput(ctx, refs, flags, cmd, "stats");
  emit(ctx, shardEntries(report).map((e) => `${JSON.stringify(e)}\n`).join(""), flags.output);
}

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
export async function mergeAction(ctx: Context, files: string[], flags: OutputFlags, cmd: Command) {
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
  emit(ctx, formatReport(report, format, { ...widthOf(ctx, flags.width), color, command: "merge", maxWidth: maxWidth(ctx) }), flags.output);
}

/** `gramscore explain`. */
export async function explainAction(
  ctx: Context,
  refs: string[],
  flags: InputFlags & { hyp?: string; ref?: string[]; line?: number; system?: string; format?: "text" | "json" },
  cmd: Command,
) {
  const names = await metricNames(ctx, flags.metrics, "explain");
  let segment: { hyp: string; refs: readonly string[]; system?: string; line?: number; source?: string };
  if (flags.hyp !== undefined) {
    if (refs.length > 0 || flags.input !== undefined || flags.line !== undefined) {
      throw usageError("Give the segment either inline (--hyp with --ref) or from the input (files with --line), not both.");
    }
    if (flags.ref === undefined || flags.ref.length === 0) throw usageError("--hyp needs at least one --ref (repeat --ref for more references).");
    segment = { hyp: flags.hyp, refs: flags.ref };
  } else {
    if (flags.ref !== undefined) throw usageError("--ref goes with --hyp; to explain a segment of files, use --line.");
    if (flags.line === undefined) {
      throw usageError('Say which segment to explain: --line N (1-based) of the input, or inline with --hyp "..." --ref "...".');
    }
    const found = await findSegment(ctx, refs, flags, flags.line, flags.system);
    segment = { hyp: found.hyp, refs: found.refs, system: found.system, line: flags.line, source: `${found.source} line ${found.line}` };
  }
  const metrics = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  try {
    validateSegment(segment, 0);
  } catch (error) {
    throw withLocation(error, segment.source ?? "the segment");
  }
  const results = metrics.map((m) => {
    // As evaluate() does for a one-segment corpus: merged into empty(), then scored.
    const stats = m.metric.merge(m.metric.empty(), m.metric.stats(segment.hyp, segment.refs));
    const result = m.metric.score(stats, "segment");
    const explanation = typeof m.metric.explain === "function" ? m.metric.explain(segment.hyp, segment.refs) : undefined;
    return { m, result, summary: m.metric.summarize(result), explanation };
  });
  if (flags.format === "json") {
    const doc = {
      gramscore: VERSION,
      hyp: segment.hyp,
      refs: segment.refs,
      ...(segment.system === undefined ? {} : { system: segment.system, line: segment.line }),
      metrics: results.map((r) => ({
        metric: r.m.name,
        signature: r.m.metric.signature(),
        summary: r.summary,
        result: r.result,
        explanation: r.explanation ?? null,
      })),
    };
    ctx.io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const c = colors(useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false));
  const out: string[] = [];
  if (segment.system !== undefined) out.push(c.dim(`${segment.source} (system ${segment.system}, segment ${segment.line})`));
  for (const r of results) {
    const matched = matchedStrings(r.explanation);
    out.push(`${c.bold(r.m.name)}  ${c.dim(r.m.metric.signature())}`);
    out.push(`  ${c.bold("hyp")}     ${highlightWords(segment.hyp, matched, c)}`);
    segment.refs.forEach((ref, i) => out.push(`  ${c.bold(`ref ${i + 1}`)}${" ".repeat(Math.max(1, 4 - String(i + 1).length))}${ref}`));
    const summary = Object.entries(r.summary)
      .map(([k, v]) => `${k} ${c.yellow(typeof v === "number" ? v.toFixed(4) : String(v))}`)
      .join(", ");
    out.push(`  ${c.bold("score")}   ${summary}`);
    if (r.explanation === undefined) out.push(c.dim(`  (${r.m.name} does not implement explain(); only the score is shown)`));
    else out.push(`  ${c.bold("why")}`, ...renderTree(r.explanation, c, 4, "    "));
    out.push("");
  }
  ctx.io.stdout.write(`${out.join("\n")}`);
}

async function findSegment(ctx: Context, refs: string[], flags: InputFlags, line: number, system: string | undefined): Promise<InputRecord> {
  const batches = recordBatches(openInput(ctx, refs, flags, { read: 0, total: undefined }));
  let chosen = system;
  let seen = 0;
  const systemsSeen: string[] = [];
  for await (const batch of batches) {
    for (const record of batch) {
      if (!systemsSeen.includes(record.system)) systemsSeen.push(record.system);
      chosen ??= record.system;
      if (record.system !== chosen) continue;
      seen++;
      if (seen === line) return record;
    }
  }
  if (system !== undefined && !systemsSeen.includes(system)) {
    throw usageError(`There is no system "${system}" in the input; its systems are: ${systemsSeen.join(", ") || "none"}.`);
  }
  throw usageError(`--line ${line} is past the end of the input: ${chosen === undefined ? "it is empty" : `system ${chosen} has ${seen} segments`}.`);
}

/** `gramscore tokenize`. */
export async function tokenizeAction(ctx: Context, files: string[], flags: { tokenizer: string; format?: "text" | "json"; keepWhitespace?: boolean }, cmd: Command) {
  const descriptor = await ctx.registry.ensure("tokenizer", flags.tokenizer);
  const options = collectSpecOptions(cmd, ctx.tokenizerBindings).get(descriptor.name) ?? {};
  const tokenizer = await ctx.registry.createAsync("tokenizer", descriptor.name, options);
  warnUnavailable(ctx, cmd);
  if (files.length === 0 && ctx.io.stdin.isTTY === true) throw usageError("No input: give text files or pipe text in (gramscore tokenize -t NAME < text.txt).");
  let line = 0;
  for await (const lines of readTextLines(files, ctx.io, { read: 0, total: undefined }, { keepWhitespace: flags.keepWhitespace === true })) {
    const out: string[] = [];
    for (const text of lines) {
      line++;
      let tokens: string[];
      try {
        tokens = tokenizer.tokenize(text);
      } catch (error) {
        throw withLocation(error, `line ${line}`);
      }
      out.push(flags.format === "json" ? JSON.stringify(tokens) : tokens.join(" "));
    }
    ctx.io.stdout.write(`${out.join("\n")}\n`);
  }
}

function optionLine(spec: OptionSpec): string {
  const arg = spec.type === "boolean" ? "" : spec.type === "number" ? " <number>" : spec.type === "list" ? " <items>" : " <value>";
  const extra = [
    spec.choices !== undefined && spec.choices.length > 0 ? `choices: ${spec.choices.join(", ")}` : undefined,
    spec.default !== undefined ? `default: ${Array.isArray(spec.default) ? spec.default.join(",") : String(spec.default)}` : undefined,
  ].filter((x) => x !== undefined);
  return `--${spec.flag}${arg}  ${spec.description}${extra.length > 0 ? ` (${extra.join("; ")})` : ""}`;
}

/** `gramscore list`. */
export async function listAction(ctx: Context, flags: { format?: "text" | "json" }, cmd: Command) {
  await ctx.registry.loadAll();
  warnUnavailable(ctx, cmd);
  const metrics = ctx.registry.list("metric");
  const tokenizers = ctx.registry.list("tokenizer");
  const unavailable = ctx.registry.unavailable();
  if (flags.format === "json") {
    const entry = (e: (typeof metrics)[number] | (typeof tokenizers)[number]) => ({
      name: e.name,
      aliases: e.descriptor.aliases ?? [],
      description: e.descriptor.description ?? "",
      plugin: e.plugin,
      builtin: e.lazy,
      options: e.descriptor.options ?? [],
    });
    const doc = {
      gramscore: VERSION,
      metrics: metrics.map(entry),
      tokenizers: tokenizers.map(entry),
      plugins: ctx.registry.plugins().map((p) => ({ name: p.name, version: p.version ?? null, builtin: p.lazy, tokenizers: p.tokenizers, metrics: p.metrics })),
      unavailable: unavailable.map((u) => ({ name: u.name, reason: u.reason, message: u.error instanceof Error ? u.error.message : String(u.error) })),
    };
    ctx.io.stdout.write(`${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const c = colors(useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false));
  const out: string[] = [];
  const section = (title: string, entries: typeof metrics | typeof tokenizers) => {
    out.push(c.bold(title));
    if (entries.length === 0) out.push(c.dim("  (none)"));
    for (const e of entries) {
      const aliases = e.descriptor.aliases !== undefined && e.descriptor.aliases.length > 0 ? c.dim(` (${e.descriptor.aliases.join(", ")})`) : "";
      out.push(`  ${c.cyan(e.name)}${aliases}  ${e.descriptor.description ?? ""}  ${c.dim(`[${e.plugin}]`)}`);
      for (const spec of e.descriptor.options ?? []) out.push(`      ${optionLine(spec)}`);
    }
    out.push("");
  };
  section("Metrics", metrics);
  section("Tokenizers", tokenizers);
  out.push(c.bold("Plugins"));
  for (const p of ctx.registry.plugins()) out.push(`  ${p.name}${p.version !== undefined ? ` ${p.version}` : ""}${p.lazy ? c.dim(" (built-in)") : ""}`);
  for (const s of ctx.registry.shadowed()) out.push(c.dim(`  ${s.kind} "${s.name}" of ${s.plugin} is replaced by ${s.by}`));
  if (unavailable.length > 0) {
    out.push("", c.bold("Not available"));
    const why = { "not-installed": "not installed", "no-plugin": "exports no plugin yet", failed: "failed to load" } as const;
    for (const u of unavailable) {
      const message = (u.error instanceof Error ? u.error.message : String(u.error)).split("\n")[0]!;
      out.push(`  ${u.name}  ${why[u.reason]}${c.dim(`: ${message}`)}`);
    }
  }
  ctx.io.stdout.write(`${out.join("\n")}\n`);
}

/** `gramscore demo`. */
export async function demoAction(ctx: Context, flags: OutputFlags, cmd: Command) {
  await ctx.registry.loadAll();
  warnUnavailable(ctx, cmd);
  // Fresh instances for each sample set: some signatures record the data seen (nrefs).
  const prepare = async (warn: boolean): Promise<PreparedMetric[]> => {
    const out: PreparedMetric[] = [];
    for (const entry of ctx.registry.list("metric")) {
      try {
        const metric = await ctx.registry.createAsync("metric", entry.name, {});
        out.push({ name: entry.name, plugin: entry.plugin, options: {}, metric });
      } catch (error) {
        const why = isGramscoreError(error) || error instanceof Error ? error.message : String(error);
        if (warn) ctx.io.stderr.write(`gramscore: warning: skipping metric ${entry.name}: ${why}\n`);
      }
    }
    return out;
  };
  if ((await prepare(true)).length === 0) {
    ctx.io.stderr.write("gramscore: no metric plugins are installed, so the tables below only list the samples. Install @gramscore/metric-bleu (or another metric) to score them.\n");
  }
  const format = flags.format ?? "table";
  const options = { ...widthOf(ctx, flags.width), color: format === "table" && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false), command: "demo", maxWidth: maxWidth(ctx) };
  const parts: string[] = [];
  const documents: unknown[] = [];
  for (const set of DEMO_SETS) {
    const batch: InputRecord[] = set.records.map((r, i) => ({ ...r, source: "demo", line: i + 1 }));
    const report = await scoreInput(await prepare(false), (async function* () {
      yield batch;
    })());
    if (format === "json") {
      const { reportJson } = await import("./format.js");
      documents.push({ title: set.title, ...(reportJson(report, options) as object) });
    } else parts.push(formatReport(report, format, { ...options, title: set.title }));
  }
  ctx.io.stdout.write(format === "json" ? `${JSON.stringify(documents, null, 2)}\n` : parts.join(format === "jsonl" || format === "csv" ? "" : "\n"));
}
