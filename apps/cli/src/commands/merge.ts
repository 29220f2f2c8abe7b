/** `gramscore merge`: combines the statistics written by `gramscore stats` into corpus scores. */
import type { Command } from "commander";
import { formatReport } from "../output/format.js";
import { useColor } from "../shared/io.js";
import { checkOutputPath } from "../output/write.js";
import { groupShards, mergeGroups, mergedReport, mergedRows, pairsOf, readShards, spansOf } from "../run/merge.js";
import { checkOverlaps, checkShards, orderShards } from "../run/shard.js";
import { runSignificance, significancePlan, type SignificanceFlags } from "../run/significance.js";
import { formatSignificance } from "../output/significance.js";
import { FORMATS } from "../shared/constants.js";
import { SIGNIFICANCE_HELP, significanceOptions } from "./args/significance.js";
import { checkFinite, chooseFormat, emit, globals, maxWidth, pluginOf, warnUnavailable, widthOf, type OutputFlags } from "./common.js";
import { bind, formatOption, parseWidth, type CommandModule, type Context } from "./kit.js";

/** `gramscore merge`. */
type MergeFlags = OutputFlags & SignificanceFlags & { allowRepeatedSegments?: boolean };

async function action(ctx: Context, files: string[], flags: MergeFlags, cmd: Command) {
  checkOutputPath(ctx.io, flags.output, files);
  const plan = significancePlan(flags, ctx.io.env);
  // Lines in corpus order (shard indexes), whatever the order of the arguments.
  const { entries: shards, unordered } = orderShards(await readShards(ctx.io, files), plan !== undefined);
  // Shards of one metric with the same options form a group; they must agree on the signature.
  const groups = groupShards(shards);
  // Then what identifies the shards: duplicates, missing lines, metrics over different segments.
  const warning = checkShards(shards);
  if (warning !== undefined) ctx.io.stderr.write(`gramscore: warning: ${warning}\n`);
  // And the segments they cover: no segments of a system in two shards.
  if (flags.allowRepeatedSegments !== true) checkOverlaps(spansOf(shards));
  const merged = await mergeGroups(ctx.registry, groups, unordered, (descriptor) => pluginOf(ctx, descriptor));
  warnUnavailable(ctx, cmd);
  const report = mergedReport(merged);
  if (plan !== undefined) {
    const result = runSignificance(
      plan,
      report,
      (s, k) => mergedRows(groups, merged, s.name, k),
      (s) => pairsOf(shards, s.name),
    );
    const text = (flags.format as string | undefined) === "text";
    const format = text ? "text" : chooseFormat(ctx, flags.format);
    await emit(ctx, formatSignificance(report, result, format, { ...widthOf(ctx, flags.width), color: false, command: "merge", maxWidth: maxWidth(ctx) }), flags.output);
    checkFinite(ctx, report);
    return;
  }
  const format = chooseFormat(ctx, flags.format);
  const color = format === "table" && flags.output === undefined && useColor(ctx.io.stdout, ctx.io.env, globals(cmd).color !== false);
  await emit(ctx, formatReport(report, format, { ...widthOf(ctx, flags.width), color, command: "merge", maxWidth: maxWidth(ctx) }), flags.output);
  checkFinite(ctx, report);
}

/** The `merge` command. */
export const command: CommandModule = {
  define(program, ctx) {
    return significanceOptions(program
      .command("merge")
      .summary("merge shard statistics into the final scores")
      .description("Merge statistics written by `gramscore stats` (any number of files, any order) into corpus scores.")
      .argument("<shards...>", "files written by gramscore stats ('-' is stdin)")
      .addOption(formatOption([...FORMATS, "text"]))
      .option("-w, --width <n>", "decimal places (default 4)", parseWidth)
      .option("-o, --output <file>", "write the result to a file instead of stdout")
      .option("--allow-repeated-segments", "merge shards even when one repeats segments of another (the same text in the same order)"))
      .addHelpText(
        "after",
        `${SIGNIFICANCE_HELP} Shards for these must be written with gramscore stats --rows --shard-index N. ` +
          "Shards are merged in the order of their --shard-index, whatever the order of the arguments.",
      )
      .action(bind(ctx, action));
  },
};
