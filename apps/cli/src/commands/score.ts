/** `gramscore score`: scores hypotheses against references with one or more metrics in one pass. */
import type { Command } from "commander";
import { formatReport } from "../format.js";
import { useColor } from "../io.js";
import { chooseFormat, emit, globals, maxWidth, scoreFromInput, widthOf, type InputFlags, type OutputFlags } from "./common.js";
import { SCOPED_HELP, bind, formatOption, inputOptions, parseWidth, type CommandModule, type Context } from "./kit.js";

/** `gramscore score`. */
async function action(ctx: Context, refs: string[], flags: InputFlags & OutputFlags & { segments?: boolean; progress?: boolean }, cmd: Command) {
  const report = await scoreFromInput(ctx, refs, flags, cmd, "score");
  const format = chooseFormat(ctx, flags.format);
  const color = format === "table" && flags.output === undefined && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false);
  await emit(ctx, formatReport(report, format, { ...widthOf(ctx, flags.width), color, command: "score", maxWidth: maxWidth(ctx) }), flags.output);
}


/** The `score` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return inputOptions(
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
      .addOption(formatOption())
      .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
      .option("-o, --output <file>", "write the result to a file instead of stdout")
      .option("--no-progress", "no progress bar")
      .addHelpText("after", SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
