/** `gramscore stats`: writes the sufficient statistics of a shard, for `gramscore merge`. */
import { type Command, InvalidArgumentError } from "commander";
import { shardEntries } from "../run/engine.js";
import type { ByteCounter } from "../shared/io.js";
import { pairsField, segmentsField, shardInfo } from "../run/shard.js";
import { emit, scoreFromInput, type InputFlags } from "./common.js";
import { SCOPED_HELP, bind, inputOptions, type CommandModule, type Context } from "./kit.js";

function shardIndex(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(`--shard-index takes the shard's place in the corpus as a whole number (0 for the first part, 1 for the next, …), but got ${JSON.stringify(value)}.`);
  }
  return n;
}

/** `gramscore stats`. */
async function action(
  ctx: Context,
  refs: string[],
  flags: InputFlags & { output?: string; progress?: boolean; shardId?: string; shardIndex?: number; rows?: boolean },
  cmd: Command,
) {
  const bytes: ByteCounter = { read: 0, total: 0, digests: new Map() };
  // Segment digests always (merge refuses shards that repeat segments); statistics rows on request.
  // With rows, also what pairs segments across systems (merge's paired tests check it).
  const collect: Parameters<typeof scoreFromInput>[7] = { spec: { rows: flags.rows === true, digests: true, pairing: flags.rows === true } };
  const report = await scoreFromInput(ctx, refs, flags, cmd, "stats", bytes, undefined, collect);
  const collector = collect!.collector!;
  const entries = shardEntries(report);
  // Every line says which shard it belongs to, so that merge can refuse duplicates and missing lines,
  // and which segments of its system it covers, so that merge can refuse overlapping shards.
  const shard = shardInfo(bytes.digests!, entries.length, flags.shardId, flags.shardIndex);
  const lines: string[] = [];
  let e = 0;
  for (const system of report.systems) {
    const words = collector.digests(system.name);
    const keys = flags.rows === true ? collector.keys(system.name) : undefined;
    let first = true;
    report.metrics.forEach((_, k) => {
      const score = system.scores[k];
      if (score === undefined) return;
      const entry = entries[e++]!;
      const segments = segmentsField(words, first);
      const pairs = keys !== undefined && first ? { pairs: pairsField(keys) } : {};
      first = false;
      const rows = flags.rows === true ? collector.systemRows(system.name, k, score.stats) : undefined;
      const extra = rows === undefined ? {} : { rows: { name: rows.name, width: rows.width, values: Array.from(rows.rows) }, ...pairs };
      lines.push(`${JSON.stringify({ ...entry, shard, segments, ...extra })}\n`);
    });
  }
  await emit(ctx, lines.join(""), flags.output);
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
      .option(
        "--shard-index <n>",
        "where the shard lies in the corpus: 0 for its first part, 1 for the next, … (merge puts shards in this order, so results equal one pass whatever the order of its arguments)",
        shardIndex,
      )
      .option("--rows", "also write every segment's statistics row, so that merge can run --paired-bs, --paired-ar and --confidence (shards grow with the segments)")
      .option("--no-progress", "no progress bar")
      .addHelpText("after", SCOPED_HELP)
      .action(bind(ctx, action));
  },
};
