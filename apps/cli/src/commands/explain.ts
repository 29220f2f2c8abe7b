/** `gramscore explain`: shows why one segment scores what it does, with each metric's explain(). */
import { Option, type Command } from "commander";
import { validateSegment } from "@gramscore/core";
import { usageError, withLocation } from "../shared/errors.js";
import { checkedResult, checkedSummary } from "../run/engine.js";
import { compactTree, highlightWords, matchedStrings, renderTree } from "../output/explain.js";
import { recordBatches, type InputRecord } from "../input/read.js";
import { colors, useColor } from "../shared/io.js";
import { writeStdout } from "../output/write.js";
import { VERSION } from "../shared/version.js";
import { globals, metricNames, prepareMetrics, warnUnavailable, type InputFlags } from "./common.js";
import { openInput } from "../input/open.js";
import { SCOPED_HELP, bind, collect, collectList, parsePositive, type CommandModule, type Context } from "./kit.js";

/** `gramscore explain`. */
async function action(
  ctx: Context,
  refs: string[],
  flags: InputFlags & { hyp?: string; ref?: string[]; line?: number; system?: string; format?: "text" | "json"; verbose?: boolean },
  cmd: Command,
) {
  const names = await metricNames(ctx, flags.metrics, "explain");
  let segment: { hyp: string; refs: readonly string[]; src?: string; system?: string; line?: number; source?: string };
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
    segment = { hyp: found.hyp, refs: found.refs, ...(found.src === undefined ? {} : { src: found.src }), system: found.system, line: flags.line, source: `${found.source} line ${found.line}` };
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
    const stats = m.metric.merge(m.metric.empty(), m.metric.stats(segment.hyp, segment.refs, segment.src));
    const result = checkedResult(m.metric.score(stats, "segment"), m.name, m.plugin);
    const explanation = typeof m.metric.explain === "function" ? m.metric.explain(segment.hyp, segment.refs, segment.src) : undefined;
    return { m, result, summary: checkedSummary(m.metric.summarize(result), m.name, m.plugin), explanation };
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
    await writeStdout(ctx.io.stdout, `${JSON.stringify(doc, null, 2)}\n`);
    return;
  }
  const c = colors(useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false));
  const out: string[] = [];
  const verbose = flags.verbose === true;
  const refLines = (indent: string) => segment.refs.map((ref, i) => `${indent}${c.bold(`ref ${i + 1}`)}${" ".repeat(Math.max(1, 4 - String(i + 1).length))}${ref}`);
  if (segment.system !== undefined) out.push(c.dim(`${segment.source} (system ${segment.system}, segment ${segment.line})`));
  // Compact: the references once, then per metric its hypothesis (its matches in colour), its score
  // and a few lines of its explanation; --verbose: the references and the whole explanation per metric.
  if (!verbose) out.push(...refLines(""), "");
  for (const r of results) {
    const matched = matchedStrings(r.explanation);
    out.push(`${c.bold(r.m.name)}  ${c.dim(r.m.metric.signature())}`);
    out.push(`  ${c.bold("hyp")}     ${highlightWords(segment.hyp, matched, c)}`);
    if (verbose) out.push(...refLines("  "));
    const summary = Object.entries(r.summary)
      .map(([k, v]) => `${k} ${c.yellow(typeof v === "number" ? v.toFixed(4) : String(v))}`)
      .join(", ");
    out.push(`  ${c.bold("score")}   ${summary}`);
    if (r.explanation === undefined) out.push(c.dim(`  (${r.m.name} does not implement explain(); only the score is shown)`));
    else if (verbose) out.push(`  ${c.bold("why")}`, ...renderTree(r.explanation, c, 4, "    "));
    else out.push(...compactTree(r.explanation, c, 4, "  ", r.summary));
    out.push("");
  }
  await writeStdout(ctx.io.stdout, out.join("\n"));
}

async function findSegment(ctx: Context, refs: string[], flags: InputFlags, line: number, system: string | undefined): Promise<InputRecord> {
  // explain's --system picks a system; it does not name the input files' systems as score's does.
  const batches = recordBatches(openInput(ctx.io, refs, { ...flags, system: undefined }, { read: 0, total: undefined }));
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

/** The `explain` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return program
      .command("explain")
      .summary("show why one segment scores what it does")
      .description(
        "Explain one segment with each metric's explain(): give it inline (--hyp, --ref) or pick it from the input " +
          "with --line (1-based; --system picks the system when there are several).",
      )
      .argument("[refs...]", "reference files, one per reference stream (leave out to read JSONL records)")
      .option("-m, --metrics <names>", "metrics to explain, comma-separated (repeatable)", collectList)
      .option("-i, --input <files...>", "hypothesis files or JSONL record files, as for score")
      .option("--hyp <text>", "the hypothesis, inline")
      .option("--ref <text>", "a reference, inline (repeatable)", collect)
      .option("--line <n>", "segment number in the input (1-based)", parsePositive)
      .option("--system <name>", "system to take the segment from")
      .option("--keep-whitespace", "keep trailing whitespace of text lines")
      .option("-v, --verbose", "the whole explanation of each metric (default: a few lines per metric: counts per n-gram order, missing and clipped n-grams, edits)")
      .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json"]))
      .addHelpText("after", SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
