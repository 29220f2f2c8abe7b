/** `gramscore stats`: writes the sufficient statistics of a shard, for `gramscore merge`. */
import type { Command } from "commander";
import { shardEntries } from "../engine.js";
import type { ByteCounter } from "../input.js";
import { shardInfo } from "../shard.js";
import { emit, scoreFromInput, type InputFlags } from "./common.js";
import { SCOPED_HELP, bind, inputOptions, type CommandModule, type Context } from "./kit.js";

/** `gramscore stats`. */
async function action(ctx: Context, refs: string[], flags: InputFlags & { output?: string; progress?: boolean; shardId?: string }, cmd: Command) {
  const bytes: ByteCounter = { read: 0, total: 0, digests: new Map() };
  const report = await scoreFromInput(ctx, refs, flags, cmd, "stats", bytes);
  const entries = shardEntries(report);
  // Every line says which shard it belongs to, so that merge can refuse duplicates and missing lines.
  const shard = shardInfo(bytes.digests!, entries.length, flags.shardId);
  await emit(ctx, entries.map((e) => `${JSON.stringify({ ...e, shard })}\n`).join(""), flags.output);
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
            "metric, core's serialized statistics with the system, the options and the shard's identity); `gramscore merge` combines shards.",
        ),
    )
      .option("-o, --output <file>", "write the statistics to a file instead of stdout")
      .option("--shard-id <id>", "the shard's id (default: from a SHA-256 digest of its input files)")
      .option("--no-progress", "no progress bar")
      .addHelpText("after", SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
