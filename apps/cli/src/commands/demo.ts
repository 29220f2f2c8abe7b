/** `gramscore demo`: scores the built-in sample data with every installed metric. */
import type { Command } from "commander";
import { isGramscoreError } from "@gramscore/core";
import { DEMO_SETS } from "../input/demo-data.js";
import { scoreInput, type PreparedMetric } from "../run/engine.js";
import { standInError } from "../run/setup.js";
import { formatReport, reportJson } from "../output/format.js";
import type { InputRecord } from "../input/read.js";
import { useColor } from "../shared/io.js";
import { checkOutputPath, writeStdout } from "../output/write.js";
import { emit, globals, maxWidth, warnUnavailable, widthOf, type OutputFlags } from "./common.js";
import { bind, formatOption, parseWidth, type CommandModule, type Context } from "./kit.js";

/** `gramscore demo`. */
async function action(ctx: Context, flags: OutputFlags & { report?: string }, cmd: Command) {
  // --report is checked before anything is printed (a folder, a missing folder).
  checkOutputPath(ctx.io, flags.report, [], "--report");
  await ctx.registry.loadAll();
  warnUnavailable(ctx, cmd);
  // Fresh instances for each sample set: some signatures record the data seen (nrefs).
  const prepare = async (warn: boolean): Promise<PreparedMetric[]> => {
    const out: PreparedMetric[] = [];
    const entries = ctx.registry.list("metric");
    // Metrics listed only to say how to install them (METEOR without its package) are left out, with one note.
    const missing = entries.filter((e) => standInError(e.descriptor) !== undefined);
    if (warn && missing.length > 0) {
      ctx.io.stderr.write(`gramscore: note: ${missing.map((e) => e.name).join(", ")} not installed (${standInError(missing[0]!.descriptor)!.details?.install ?? "see gramscore list"}), so not scored.\n`);
    }
    // The samples are hypotheses with references: metrics of other kinds of data, those that compare
    // with each segment's source (SARI) and those that score hypotheses alone (distinct-n, Self-BLEU),
    // are not demonstrated on them.
    const otherKind = entries.filter((e) => {
      const d = e.descriptor as { needsSource?: boolean; referenceFree?: boolean };
      return d.needsSource === true || d.referenceFree === true;
    });
    for (const entry of entries) {
      if (missing.includes(entry) || otherKind.includes(entry)) continue;
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
      documents.push({ title: set.title, ...(reportJson(report, options) as object) });
    } else parts.push(formatReport(report, format, { ...options, title: set.title }));
  }
  await writeStdout(ctx.io.stdout, format === "json" ? `${JSON.stringify(documents, null, 2)}\n` : parts.join(format === "jsonl" || format === "csv" ? "" : "\n"));
  if (flags.report !== undefined) {
    // The translation sample (two systems, two references) as one self-contained HTML report.
    const metrics = (await prepare(false)).map((m) => m.metric);
    if (metrics.length === 0) ctx.io.stderr.write("gramscore: warning: no metric is installed, so no report is written.\n");
    else {
      const { buildReport, groupRecords, renderReport } = await import("@gramscore/report");
      const set = DEMO_SETS[0]!;
      const { systems, references } = groupRecords(set.records);
      const data = buildReport(systems, references, metrics, { title: `gramscore demo: ${set.title}`, command: `gramscore demo --report ${flags.report}` });
      await emit(ctx, renderReport(data), flags.report);
      ctx.io.stderr.write(`gramscore: wrote ${flags.report} (the report of the ${set.title.toLowerCase()})\n`);
    }
  }
}

/** The `demo` command. */
export const command: CommandModule = {
  define(program, ctx) {
    return program
      .command("demo")
      .summary("score built-in sample data with every installed metric")
      .addOption(formatOption())
      .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
      .option("--report <file>", "also write the HTML report of the translation sample to <file>")
      .action(bind(ctx, action));
  },
};
