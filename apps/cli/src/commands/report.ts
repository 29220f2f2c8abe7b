/** `gramscore report`: one self-contained HTML file comparing systems (scores, buckets, n-grams, segments with their matches). */
import { basename } from "node:path";
import { InvalidArgumentError, type Command } from "commander";
import { buildReport, groupRecords, renderReport, type ReportData, type ReportRecord } from "@gramscore/report";
import { recordBatches } from "../input/read.js";
import type { ByteCounter } from "../shared/io.js";
import { checkOutputPath } from "../output/write.js";
import { startProgress } from "../output/progress.js";
import { columnOfRows, rowsFromStats, significancePlan, type SignificanceFlags } from "../run/significance.js";
import { confidenceInterval, pairedTest, type SystemRows } from "@gramscore/significance";
import { significanceOptions } from "./args/significance.js";
import type { Metric } from "@gramscore/core";
import type { SignificancePlan } from "../shared/report.js";
import { pluginFailure, type PreparedMetric } from "../run/engine.js";
import { emit, metricNames, prepareMetrics, reportNaN, warnUnavailable, type InputFlags } from "./common.js";
import { openInput } from "../input/open.js";
import { SCOPED_HELP, bind, inputOptions, type CommandModule, type Context } from "./kit.js";

interface ReportFlags extends InputFlags, SignificanceFlags {
  output?: string;
  title?: string;
  explainLimit?: number;
  progress?: boolean;
  fullCommand?: boolean;
}

/** A shell word as typed (quoted when it needs to be), for the command line shown in the report. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The command line of this report, rebuilt from what was parsed (shown in the page). Files are named
 * by their base names, so that a shared report does not carry the folders of whoever wrote it;
 * `--full-command` keeps them as given.
 */
function commandLine(names: readonly string[], refs: readonly string[], flags: ReportFlags): string {
  const file = (f: string) => (flags.fullCommand === true || f === "-" ? f : basename(f));
  const words = ["gramscore", "report", "-m", names.join(",")];
  words.push(...refs.map(file));
  if (flags.input !== undefined && flags.input.length > 0) words.push(refs.length > 0 ? "-i" : "--input", ...flags.input.map(file));
  // The names the page shows, and the text as it was read.
  for (const name of flags.system ?? []) words.push("--system", name);
  if (flags.keepWhitespace === true) words.push("--keep-whitespace");
  if (flags.baseline !== undefined) words.push("--baseline", flags.baseline);
  if (flags.explainLimit !== undefined) words.push("--explain-limit", String(flags.explainLimit));
  if (flags.title !== undefined) words.push("--title", flags.title);
  if (flags.confidence === true) words.push("--confidence");
  if (flags.confidenceN !== undefined) words.push("--confidence-n", String(flags.confidenceN));
  if (flags.pairedBs === true) words.push("--paired-bs");
  if (flags.pairedBsN !== undefined) words.push("--paired-bs-n", String(flags.pairedBsN));
  if (flags.pairedAr === true) words.push("--paired-ar");
  if (flags.pairedArN !== undefined) words.push("--paired-ar-n", String(flags.pairedArN));
  if (flags.pairedArCi === true) words.push("--paired-ar-ci");
  if (flags.pairedArCiN !== undefined) words.push("--paired-ar-ci-n", String(flags.pairedArCiN));
  if (flags.seed !== undefined) words.push("--seed", flags.seed);
  words.push("-o", file(flags.output ?? "report.html"));
  return words.map(shellWord).join(" ");
}

/** `gramscore report`. */
async function action(ctx: Context, args: string[], flags: ReportFlags, cmd: Command) {
  // --confidence: each score's bootstrap 95% CI beside it (sacrebleu's --confidence numbers);
  // --paired-bs / --paired-ar: each system against the baseline, p-values and sacrebleu's "*".
  // --baseline alone names the system the pages compare with; with a paired test, also its baseline.
  const paired = flags.pairedBs === true || flags.pairedAr === true;
  const plan = significancePlan(paired ? flags : { ...flags, baseline: undefined }, ctx.io.env);
  const names = await metricNames(ctx, flags.metrics, "report");
  if (flags.jobs !== undefined && flags.jobs > 1) ctx.io.stderr.write("gramscore: warning: report scores in this thread; --jobs is ignored\n");
  const prepared = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  const refs = [...args, ...(flags.refs ?? [])];
  checkOutputPath(ctx.io, flags.output ?? "report.html", [...refs, ...(flags.input ?? [])]);
  const bytes: ByteCounter = { read: 0, total: 0 };
  const records: ReportRecord[] = [];
  // Text input names each system by its file as given: the page names it by the file's last path
  // segments that tell the files apart (its base name, mostly), unless --full-command.
  const shown = flags.fullCommand === true || (flags.system ?? []).length > 0 ? new Map<string, string>() : fileNames(flags.input ?? []);
  const baselineName = flags.baseline === undefined ? undefined : (shown.get(flags.baseline) ?? flags.baseline);
  const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
  try {
    for await (const batch of recordBatches(openInput(ctx.io, refs, flags, bytes))) {
      for (const r of batch) records.push({ system: r.system === undefined ? undefined : (shown.get(r.system) ?? r.system), hyp: r.hyp, refs: r.refs, location: `${r.source} line ${r.line}` });
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
      ...(baselineName === undefined ? {} : { baseline: baselineName }),
      ...(flags.explainLimit === undefined ? {} : { explainLimit: flags.explainLimit }),
      ...(plan === undefined ? {} : { annotate: annotator(plan), annotationNote: planNote(plan) }),
    },
  );
  const output = flags.output ?? "report.html";
  await emit(ctx, renderReport(data), output);
  ctx.io.stderr.write(`gramscore: wrote ${output} (${systems.length} system${systems.length === 1 ? "" : "s"} × ${references.length} segments)\n`);
  checkFiniteTable(ctx, prepared, data);
}

/**
 * Names for files as given: each file's last path segments, as few as tell it apart from the others
 * (`sysA.txt`, or `a/out.txt` beside `b/out.txt`). Names that are only a file name stay as they are.
 */
function fileNames(files: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  const parts = files.map((f) => f.split(/[/\\]+/).filter((p) => p.length > 0));
  files.forEach((f, k) => {
    const own = parts[k]!;
    let n = 1;
    const tail = (p: string[], m: number) => p.slice(Math.max(0, p.length - m)).join("/");
    while (n < own.length && files.some((g, j) => g !== f && tail(parts[j]!, n) === tail(own, n))) n++;
    const name = tail(own, n);
    if (name !== f && name.length > 0) out.set(f, name);
  });
  return out;
}

/** The summary columns of a metric (what the report's measures are named by). */
function columnsOf(metric: Metric, stats: readonly unknown[]): string[] {
  return Object.keys(metric.summarize(metric.score(stats.reduce((a, b) => metric.merge(a, b), metric.empty()), "corpus")));
}

/** What the table's marks mean, shown under it. */
function planNote(plan: SignificancePlan): string {
  const seed = plan.seed === null ? "unseeded" : `seed ${String(plan.seed)}`;
  if (plan.kind === "confidence") return `Intervals: bootstrap 95% confidence intervals, ${plan.samples} resamples, ${seed} (sacrebleu's --confidence).`;
  const ci = plan.test === "bs" ? "; intervals: bootstrap mean ± 95% CI of the same resamples" : plan.arConfidence > 0 ? `; intervals: bootstrap mean ± 95% CI, ${plan.arConfidence} resamples` : "";
  return plan.test === "bs"
    ? `Paired bootstrap resampling, ${plan.samples} resamples, ${seed} (sacrebleu's --paired-bs)${ci}.`
    : `Paired approximate randomization, ${plan.samples} trials, ${seed} (sacrebleu's --paired-ar)${ci}.`;
}

/**
 * The report's annotate hook for a significance plan. `--confidence` resamples each system's
 * statistics in its own order (the rows `score --confidence` resamples); a paired test compares each
 * system with the baseline segment by segment through `@gramscore/significance`'s `pairedTest`, one
 * pair at a time: with a seed, every comparison starts from the same draws, so the numbers are those
 * of one test over all systems (`score --paired-bs`).
 */
function annotator(plan: SignificancePlan) {
  return ({ metric, system, baseline, stats, baselineStats, ownStats }: { metric: Metric; system: string; baseline: string; stats: readonly unknown[]; baselineStats: readonly unknown[]; ownStats: readonly unknown[] }) => {
    if (plan.kind === "confidence") {
      const rows = rowsFromStats(metric, ownStats);
      const c = confidenceInterval(rows, { samples: plan.samples, seed: plan.seed });
      const column = columnOfRows(rows.name, columnsOf(metric, ownStats));
      return { [column]: { low: c.mean - c.ci, high: c.mean + c.ci, level: 0.95, note: `${c.name} bootstrap mean ${c.mean} ± ${c.ci} (${c.signature})` } };
    }
    const baseRows: SystemRows = rowsFromStats(metric, baselineStats);
    const own = system === baseline;
    const rows = own ? baseRows : rowsFromStats(metric, stats);
    const result = pairedTest(
      [
        { name: baseline, rows: baseRows },
        { name: own ? `${baseline} (itself)` : system, rows },
      ],
      { test: plan.test, samples: plan.samples, seed: plan.seed, baseline: 0, ...(plan.arConfidence > 0 ? { arConfidence: plan.arConfidence } : {}) },
    );
    const r = result.results[own ? 0 : 1]!;
    const column = columnOfRows(rows.name, columnsOf(metric, stats));
    const interval = r.mean !== null && r.ci !== null ? { low: r.mean - r.ci, high: r.mean + r.ci, level: 0.95 } : {};
    if (r.pValue === null) return { [column]: { ...interval, note: `baseline; ${result.signature}` } };
    // sacrebleu's mark: "*" when p ≤ 0.05 (its text output stars every p-value not above 0.05).
    const significant = r.pValue <= 0.05;
    return {
      [column]: {
        ...interval,
        pValue: r.pValue,
        significant,
        note: `${result.name}: p = ${r.pValue.toFixed(4)} against ${baseline}${significant ? " (significant, *)" : ""}${r.mean !== null && r.ci !== null ? `; mean ${r.mean} ± ${r.ci}` : ""}; ${result.signature}`,
      },
    };
  };
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


const REPORT_SIGNIFICANCE_HELP =
  "\nSignificance (sacrebleu 2.6.0's procedures, the numbers of score's same flags): --paired-bs or --paired-ar test every system " +
  "against the baseline, segment by segment; the table shows each p-value and marks p ≤ 0.05 with *. --confidence shows each " +
  "score's bootstrap 95% interval instead. Seed: --seed, else $SACREBLEU_SEED, else 12345 (none: unseeded).\n";

/** The `report` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return significanceOptions(inputOptions(
      program
        .command("report")
        .summary("write a self-contained HTML report comparing systems")
        .description(
          "Write one HTML file (no network, opens from disk) with the systems × metrics table, score distributions, scores by " +
            "reference length and word frequency, the n-grams one system matches more often than another, and a segment " +
            "browser that marks each metric's matches. Input as for score: reference files with -i (one file per system), " +
            'or JSONL records {"hyp", "refs", "system"}. The baseline (--baseline, else the first system) is the one the ' +
            "others are compared with; with --paired-bs or --paired-ar the table marks significant differences from it with " +
            "sacrebleu's *. The command line shown in the page names files without their folders (--full-command: as given).",
        ),
    ))
      .option("-o, --output <file>", "the HTML file to write", "report.html")
      .option("--title <text>", "title of the page")
      .option("--explain-limit <n>", "segments whose matches are embedded (default: 600 segment × system pairs)", parseLimit)
      .option("--full-command", "show the command line in the page as given, folders included (default: file names only)")
      .option("--no-progress", "no progress bar")
      .addHelpText("after", REPORT_SIGNIFICANCE_HELP + SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
