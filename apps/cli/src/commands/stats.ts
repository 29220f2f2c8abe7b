/** `gramscore stats`: writes the sufficient statistics of a shard, for `gramscore merge`. */
import type { Command } from "commander";
import { shardEntries } from "../engine.js";
import { emit, scoreFromInput, type InputFlags } from "./common.js";
import { SCOPED_HELP, bind, inputOptions, type CommandModule, type Context } from "./kit.js";

/** `gramscore stats`. */
async function action(ctx: Context, refs: string[], flags: InputFlags & { output?: string; progress?: boolean }, cmd: Command) {
  const report = await scoreFromInput(ctx, refs, flags, cmd, "stats");
  await emit(ctx, shardEntries(report).map((e) => `${JSON.stringify(e)}\n`).join(""), flags.output);
}

/** The `stats` command. */
export const command: CommandModule = {
  pluginFlags: "metrics",
  define(program, ctx) {
    return inputOptions(
      program
        .command("stats")
        .summary("write the sufficient statistics of a shard")
        .description(
          "Compute the sufficient statistics of a shard of the data and write them as JSON lines (one per system and " +
            "metric, core's serialized statistics with the system and options); `gramscore merge` combines shards.",
        ),
    )
      .option("-o, --output <file>", "write the statistics to a file instead of stdout")
      .option("--no-progress", "no progress bar")
      .addHelpText("after", SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
