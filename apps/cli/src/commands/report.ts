/** `gramscore report`: one self-contained HTML file comparing systems (scores, buckets, n-grams, segments with their matches). */
import { InvalidArgumentError, type Command } from "commander";
import { buildReport, groupRecords, renderReport, type ReportData, type ReportRecord } from "@gramscore/report";
import { recordBatches } from "../input/read.js";
import type { ByteCounter } from "../shared/io.js";
import { checkOutputPath } from "../output/write.js";
import { startProgress } from "../output/progress.js";
import { columnOfRows, rowsFromStats, significancePlan } from "../run/significance.js";
import { confidenceInterval } from "@gramscore/significance";
import type { Metric } from "@gramscore/core";
import { pluginFailure, type PreparedMetric } from "../run/engine.js";
import { emit, metricNames, prepareMetrics, reportNaN, warnUnavailable, type InputFlags } from "./common.js";
import { openInput } from "../input/open.js";
import { SCOPED_HELP, bind, inputOptions, type CommandModule, type Context } from "./kit.js";

interface ReportFlags extends InputFlags {
  output?: string;
  title?: string;
  baseline?: string;
  explainLimit?: number;
  progress?: boolean;
  confidence?: boolean;
  confidenceN?: number;
  seed?: string;
}

/** A shell word as typed (quoted when it needs to be), for the command line shown in the report. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** The command line of this report, rebuilt from what was parsed (shown in the page). */
function commandLine(names: readonly string[], refs: readonly string[], flags: ReportFlags): string {
  const words = ["gramscore", "report", "-m", names.join(",")];
  words.push(...refs);
  if (flags.input !== undefined && flags.input.length > 0) words.push(refs.length > 0 ? "-i" : "--input", ...flags.input);
  // The names the page shows, and the text as it was read.
  for (const name of flags.system ?? []) words.push("--system", name);
  if (flags.keepWhitespace === true) words.push("--keep-whitespace");
  if (flags.baseline !== undefined) words.push("--baseline", flags.baseline);
  if (flags.explainLimit !== undefined) words.push("--explain-limit", String(flags.explainLimit));
  if (flags.title !== undefined) words.push("--title", flags.title);
  if (flags.confidence === true) words.push("--confidence");
  if (flags.confidenceN !== undefined) words.push("--confidence-n", String(flags.confidenceN));
  if (flags.seed !== undefined) words.push("--seed", flags.seed);
  words.push("-o", flags.output ?? "report.html");
  return words.map(shellWord).join(" ");
}

/** `gramscore report`. */
async function action(ctx: Context, args: string[], flags: ReportFlags, cmd: Command) {
  // --confidence: each score's bootstrap 95% CI beside it (sacrebleu's --confidence numbers).
  const plan = significancePlan(
    {
      ...(flags.confidence === true ? { confidence: true } : {}),
      ...(flags.confidenceN === undefined ? {} : { confidenceN: flags.confidenceN }),
      ...(flags.seed === undefined ? {} : { seed: flags.seed }),
    },
    ctx.io.env,
  );
  const names = await metricNames(ctx, flags.metrics, "report");
  if (flags.jobs !== undefined && flags.jobs > 1) ctx.io.stderr.write("gramscore: warning: report scores in this thread; --jobs is ignored\n");
  const prepared = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  const refs = [...args, ...(flags.refs ?? [])];
  checkOutputPath(ctx.io, flags.output ?? "report.html", [...refs, ...(flags.input ?? [])]);
  const bytes: ByteCounter = { read: 0, total: 0 };
  const records: ReportRecord[] = [];
  const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
  try {
    for await (const batch of recordBatches(openInput(ctx.io, refs, flags, bytes))) {
      for (const r of batch) records.push({ system: r.system, hyp: r.hyp, refs: r.refs, location: `${r.source} line ${r.line}` });
      progress.update(records.length);
    }
  } finally {
    progress.stop();
  }
  const { systems, references } = groupRecords(records);
  const data = buildReport(
    systems,
    references,
    prepared.map((m) => guarded(m.metric)),
    {
      command: commandLine(prepared.map((m) => m.name), refs, flags),
      ...(flags.title === undefined ? {} : { title: flags.title }),
      ...(flags.baseline === undefined ? {} : { baseline: flags.baseline }),
      ...(flags.explainLimit === undefined ? {} : { explainLimit: flags.explainLimit }),
      ...(plan?.kind === "confidence"
        ? {
            // The system's statistics in its own order: the rows score's --confidence resamples.
            annotate: ({ metric, ownStats: stats }) => {
              const rows = rowsFromStats(metric, stats);
              const c = confidenceInterval(rows, { samples: plan.samples, seed: plan.seed });
              const column = columnOfRows(rows.name, Object.keys(metric.summarize(metric.score(stats.reduce((a, b) => metric.merge(a, b), metric.empty()), "corpus"))));
              return { [column]: { low: c.mean - c.ci, high: c.mean + c.ci, level: 0.95, note: `${c.name} bootstrap mean ${c.mean} ± ${c.ci} (${c.signature})` } };
            },
          }
        : {}),
    },
  );
  const output = flags.output ?? "report.html";
  await emit(ctx, renderReport(data), output);
  ctx.io.stderr.write(`gramscore: wrote ${output} (${systems.length} system${systems.length === 1 ? "" : "s"} × ${references.length} segments)\n`);
  checkFiniteTable(ctx, prepared, data);
}

/**
 * The metric with every method call guarded as `score` guards it: an exception that is not a
 * `GramscoreError` becomes score's `PLUGIN_FAILED` naming the metric (buildReport puts the record's
 * file and line in front), instead of "unexpected error".
 */
function guarded(metric: Metric): Metric {
  return new Proxy(metric, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        try {
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        } catch (error) {
          throw pluginFailure(error, target);
        }
      };
    },
  });
}

/**
 * After the file is written, as `score` after its output: a NaN corpus number in the table exits
 * with 1, naming the metric, its plugin, the column and the system (systems, then metrics, in order).
 */
function checkFiniteTable(ctx: Context, prepared: readonly PreparedMetric[], data: ReportData): void {
  data.systems.forEach((system, s) => {
    prepared.forEach((m, k) => {
      for (const measure of data.measures) if (measure.metric === k && Number.isNaN(measure.corpus[s])) reportNaN(ctx, m, measure.column, system);
    });
  });
}

function parseLimit(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim())) throw new InvalidArgumentError("takes a whole number of segments (0 for none).");
  return n;
}

function parseSamples(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) throw new InvalidArgumentError("takes a whole number of resamples (1 or more).");
  return n;
}

/** The `report` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return inputOptions(
      program
        .command("report")
        .summary("write a self-contained HTML report comparing systems")
        .description(
          "Write one HTML file (no network, opens from disk) with the systems × metrics table, score distributions, scores by " +
            "reference length and word frequency, the n-grams one system matches more often than another, and a segment " +
            "browser that marks each metric's matches. Input as for score: reference files with -i (one file per system), " +
            'or JSONL records {"hyp", "refs", "system"}.',
        ),
    )
      .option("-o, --output <file>", "the HTML file to write", "report.html")
      .option("--title <text>", "title of the page")
      .option("--baseline <system>", "the system the others are compared with (default: the first)")
      .option("--explain-limit <n>", "segments whose matches are embedded (default: 600 segment × system pairs)", parseLimit)
      .option("--confidence", "show each score's bootstrap 95% confidence interval (sacrebleu's --confidence; metrics with numeric rows)")
      .option("--confidence-n <n>", "bootstrap resamples of --confidence (default 1000, sacrebleu 2.6.0's)", parseSamples)
      .option("--seed <n|none>", "seed of --confidence (default: $SACREBLEU_SEED, else 12345; none: unseeded)")
      .option("--no-progress", "no progress bar")
      .addHelpText("after", SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
