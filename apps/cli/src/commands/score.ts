/** `gramscore score`: scores hypotheses against references with one or more metrics in one pass. */
import type { Command } from "commander";
import { formatReportPieces, type FormatReportOptions } from "../output/format.js";
import { checkOutputPath, openOutput } from "../output/write.js";
import { SegmentStream } from "../output/segment-stream.js";
import { useColor } from "../shared/io.js";
import { checkFinite, chooseFormat, emit, globals, maxWidth, metricNames, prepareMetrics, scoreFromInput, widthOf, type InputFlags, type OutputFlags } from "./common.js";
import { FORMATS } from "../shared/constants.js";
import { runSignificance, significancePlan, type SignificanceFlags } from "../run/significance.js";
import { formatSignificance } from "../output/significance.js";
import { SCOPED_HELP, bind, formatOption, inputOptions, parseWidth, type CommandModule, type Context } from "./kit.js";
import { SIGNIFICANCE_HELP, significanceOptions } from "./args/significance.js";

/** `gramscore score`. */
async function action(ctx: Context, refs: string[], flags: ScoreFlags, cmd: Command) {
  const plan = significancePlan(flags, ctx.io.env);
  const text = (flags.format as string | undefined) === "text";
  const format = text ? "table" : chooseFormat(ctx, flags.format);
  const options = { ...widthOf(ctx, flags.width), command: "score", maxWidth: maxWidth(ctx) };
  if (plan !== undefined) {
    // Confidence intervals and paired tests: every segment's statistics rows are kept while scoring.
    // Paired tests also keep what identifies each segment (its source, else its references), so that
    // systems whose records are not in the same order are refused instead of mis-paired.
    const collect: Parameters<typeof scoreFromInput>[7] = { spec: { rows: true, digests: false, pairing: plan.kind === "paired" } };
    const report = await scoreFromInput(ctx, refs, flags, cmd, "score", undefined, undefined, collect);
    const collector = collect!.collector!;
    const result = runSignificance(
      plan,
      report,
      (s, k) => collector.systemRows(s.name, k, s.scores[k]!.stats),
      plan.kind === "paired" ? (s) => collector.keys(s.name) : undefined,
    );
    await emit(ctx, formatSignificance(report, result, text ? "text" : format, { ...options, color: false }), flags.output);
    checkFinite(ctx, report);
    return;
  }
  if (flags.segments === true && (format === "jsonl" || format === "csv")) {
    // Segment lines are written as they are scored: nothing is kept per segment.
    await scoreStreamed(ctx, refs, flags, cmd, format, options);
    return;
  }
  const report = await scoreFromInput(ctx, refs, flags, cmd, "score");
  const color = format === "table" && flags.output === undefined && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false);
  await emit(ctx, formatReportPieces(report, format, { ...options, color }), flags.output);
  checkFinite(ctx, report);
}

async function scoreStreamed(
  ctx: Context,
  refs: string[],
  flags: InputFlags & OutputFlags & { segments?: boolean; progress?: boolean },
  cmd: Command,
  format: "jsonl" | "csv",
  options: Omit<FormatReportOptions, "color">,
) {
  checkOutputPath(ctx.io, flags.output, [...refs, ...(flags.refs ?? []), ...(flags.input ?? [])]);
  const names = (await prepareMetrics(ctx, await metricNames(ctx, flags.metrics, "score"), cmd)).map((m) => m.name);
  const stream = new SegmentStream(format, names, options.width);
  const out = openOutput(ctx.io, flags.output);
  try {
    const flush = async () => {
      const text = stream.take();
      if (text !== "") await out.write(text);
    };
    const report = await scoreFromInput(ctx, refs, flags, cmd, "score", undefined, { sink: stream, flush });
    await flush();
    await out.write(stream.footer(report, { ...options, color: false }));
    await out.commit();
    checkFinite(ctx, report);
  } catch (error) {
    out.abort();
    throw error;
  }
}

type ScoreFlags = InputFlags & OutputFlags & SignificanceFlags & { segments?: boolean; progress?: boolean };

/** The `score` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return significanceOptions(inputOptions(
      program
        .command("score")
        .summary("score hypotheses against references")
        .description(
          "Score hypotheses against references with one or more metrics in one pass. References come one file per " +
            "reference stream (as in sacrebleu) with hypotheses from stdin or -i (one file per system), or as JSONL " +
            'records {"hyp": "...", "refs": ["..."], "system": "..."} from --input files or stdin.',
        ),
    )
      .option("--segments", "also score every segment")
      .addOption(formatOption([...FORMATS, "text"]))
      .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
      .option("-o, --output <file>", "write the result to a file instead of stdout")
      .option("--no-progress", "no progress bar"))
      .addHelpText("after", SCOPED_HELP + "\n" + SIGNIFICANCE_HELP)
      .action(bind(ctx, action));
  },
};
