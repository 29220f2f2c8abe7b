/**
 * `gramscore pairwise`: the score matrix of every hypothesis against every reference with one metric's
 * pairwise capability (each cell that metric's segment score of the pair), as JSONL, CSV or NumPy
 * `.npy`. The references are read first; the hypotheses stream through in blocks of rows.
 */
import { Option, type Command } from "commander";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { pairwiseParallel } from "@gramscore/mbr/node";
import { usageError } from "../shared/errors.js";
import { withOutput } from "../output/write.js";
import { metricNames, prepareMetrics, warnUnavailable } from "./common.js";
import { warnBom } from "../input/open.js";
import { SCOPED_HELP, bind, collectList, parseJobs, type CommandModule, type Context } from "./kit.js";
import { blocks, readLines } from "../input/lines.js";

/** Rows computed (and written) at a time. */
const BLOCK = 1024;

export interface PairwiseFlags {
  metrics?: string[];
  hyps?: string;
  refs?: string;
  format?: "jsonl" | "csv" | "npy";
  output?: string;
  field?: string;
  jobs?: number;
  keepWhitespace?: boolean;
}

/** The one metric of `pairwise` / `mbr`, created with its command-line options. */
export async function singleMetric(ctx: Context, flags: { metrics?: string[] }, cmd: Command, command: string) {
  const names = await metricNames(ctx, flags.metrics, command);
  if (names.length !== 1) {
    throw usageError(`${command} takes one metric (e.g. -m chrf), but got ${names.length}: ${names.join(", ")}.`);
  }
  const [prepared] = await prepareMetrics(ctx, names, cmd);
  warnUnavailable(ctx, cmd);
  return prepared!;
}

/** Where worker threads import the metric's plugin from. */
function pluginUrl(plugin: string, metric: string): string {
  try {
    return import.meta.resolve(plugin);
  } catch (cause) {
    throw new GramscoreError(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `--jobs needs the plugin of ${metric} (${plugin || "unknown"}) as an installed package the worker threads can import; run without --jobs.`,
      { cause },
    );
  }
}

/** A NumPy `.npy` (version 1.0) header for a C-order float64 matrix. */
export function npyHeader(rows: number, cols: number): Buffer {
  const dict = `{'descr': '<f8', 'fortran_order': False, 'shape': (${rows}, ${cols}), }`;
  // Magic (6) + version (2) + header length (2) + dict + padding + "\n", a multiple of 64 bytes.
  const total = Math.ceil((10 + dict.length + 1) / 64) * 64;
  const header = Buffer.alloc(total, 0x20);
  header.write("\x93NUMPY", 0, "latin1");
  header[6] = 1;
  header[7] = 0;
  header.writeUInt16LE(total - 10, 8);
  header.write(dict, 10, "latin1");
  header[total - 1] = 0x0a;
  return header;
}

async function action(ctx: Context, flags: PairwiseFlags, cmd: Command) {
  if (flags.hyps === undefined || flags.refs === undefined) {
    throw usageError("Give the hypotheses and the references: --hyps FILE --refs FILE (one text per line; '-' is stdin for one of them).");
  }
  if (flags.hyps === "-" && flags.refs === "-") throw usageError("Only one of --hyps and --refs can read stdin ('-').");
  const format = flags.format ?? "jsonl";
  if (format === "npy" && flags.output === undefined) throw usageError("npy is binary: write it to a file with -o FILE.");
  const m = await singleMetric(ctx, flags, cmd, "pairwise");
  const metric: Metric = m.metric;
  if (typeof metric.pairwise !== "function") {
    throw usageError(`${m.name} has no pairwise scoring. Metrics with it: chrf, chrf++, bleu, rouge.`);
  }
  // Text files, read as score reads them: strict UTF-8, a byte order mark kept (with a warning).
  const keep = { keepWhitespace: flags.keepWhitespace === true };
  warnBom(ctx.io, [...new Set([flags.refs, flags.hyps])]);
  const refs: string[] = [];
  for await (const line of readLines(ctx.io, flags.refs, keep)) refs.push(line);
  const jobs = flags.jobs ?? 1;
  const source = jobs > 1 ? { module: pluginUrl(m.plugin, m.name), metric: m.name, options: m.options } : undefined;
  const options = flags.field === undefined ? undefined : { field: flags.field };
  const score = (hyps: string[]): Promise<Float64Array> | Float64Array =>
    source === undefined ? metric.pairwise!(hyps, refs, options) : pairwiseParallel(source, hyps, refs, { jobs, field: flags.field });

  const inputs = [flags.hyps, flags.refs];
  await withOutput(ctx.io, flags.output, inputs, async (out) => {
    if (format === "npy") {
      // The shape goes first: all hypotheses are read before the rows are written.
      const hyps: string[] = [];
      for await (const line of readLines(ctx.io, flags.hyps!, keep)) hyps.push(line);
      await out.writeBytes(npyHeader(hyps.length, refs.length));
      for (let start = 0; start < hyps.length; start += BLOCK) {
        const matrix = await score(hyps.slice(start, start + BLOCK));
        const bytes = Buffer.alloc(matrix.length * 8);
        for (let k = 0; k < matrix.length; k++) bytes.writeDoubleLE(matrix[k]!, 8 * k);
        await out.writeBytes(bytes);
      }
      return;
    }
    let row = 0;
    for await (const block of blocks(readLines(ctx.io, flags.hyps!, keep), BLOCK)) {
      const matrix = await score(block);
      const lines: string[] = [];
      for (let i = 0; i < block.length; i++) {
        const cells = Array.from(matrix.subarray(i * refs.length, (i + 1) * refs.length));
        lines.push(format === "csv" ? cells.join(",") : JSON.stringify({ hyp: row, scores: cells }));
        row++;
      }
      if (lines.length > 0) await out.write(`${lines.join("\n")}\n`);
    }
  });
}

/** The `pairwise` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return program
      .command("pairwise")
      .summary("score every hypothesis against every reference (a matrix)")
      .description(
        "The matrix of one metric's segment scores of every hypothesis (row) against every reference (column), " +
          "each cell equal to scoring that pair alone. jsonl: one line per row {\"hyp\": i, \"scores\": [...]}; " +
          "csv: one line of numbers per row; npy: a float64 NumPy array (needs -o). Texts are one per line.",
      )
      .option("-m, --metrics <name>", "the metric (one): chrf, chrf++, bleu, rouge", collectList)
      .option("--hyps <file>", "hypotheses, one per line ('-' is stdin; .gz is read compressed)")
      .option("--refs <file>", "references, one per line (may be the same file as --hyps)")
      .addOption(new Option("-f, --format <format>", "output format (default jsonl)").choices(["jsonl", "csv", "npy"]))
      .option("-o, --output <file>", "write to this file instead of stdout")
      .option("--field <name>", "which number of a result fills a cell (e.g. rougeL.f, bp; default the main score)")
      .option("-j, --jobs <n>", "worker threads (default 1: this thread); the matrix is the same", parseJobs)
      .option("--keep-whitespace", "keep trailing whitespace of the lines")
      .addHelpText("after", `${SCOPED_HELP}\n\nExample:\n  $ gramscore pairwise -m chrf --hyps cands.txt --refs cands.txt -f npy -o chrf.npy`)
      .action(bind(ctx, action));
  },
};
