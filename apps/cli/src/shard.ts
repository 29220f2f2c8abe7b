/**
 * What identifies a shard written by `gramscore stats`, and the checks `gramscore merge` makes with
 * it: no shard twice, no shard with lines missing, every metric of a system over the same shards.
 */
import { createHash } from "node:crypto";
import type { Hash } from "node:crypto";
import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import type { ShardEntry } from "./engine.js";

/** The `shard` field of every line `gramscore stats` writes. */
export interface ShardInfo {
  /** The shard's id: `--shard-id`, or the first 16 hex digits of a digest of its inputs. */
  readonly id: string;
  /** Each input (hypothesis, reference or JSONL file, as named on the command line) and the SHA-256 of its bytes (decompressed). */
  readonly inputs: readonly { readonly name: string; readonly sha256: string }[];
  /** Lines the `stats` run wrote (systems × metrics): `merge` checks that none is missing. */
  readonly entries: number;
}

/**
 * The shard identity of a `stats` run from the digests of its inputs (in the order they were
 * opened); `id` overrides the digest-based id.
 */
export function shardInfo(digests: ReadonlyMap<string, Hash>, entries: number, id: string | undefined): ShardInfo {
  const inputs = [...digests].map(([name, hash]) => ({ name, sha256: hash.digest("hex") }));
  const all = createHash("sha256");
  for (const i of inputs) all.update(`${i.sha256}\n`);
  return { id: id ?? all.digest("hex").slice(0, 16), inputs, entries };
}

/** Checks the `shard` field of a line read by `merge` (undefined for shards written before it existed). */
export function checkShardInfo(value: unknown, where: string): ShardInfo | undefined {
  if (value === undefined) return undefined;
  const v = value as Partial<ShardInfo> | null;
  const ok =
    v !== null &&
    typeof v === "object" &&
    typeof v.id === "string" &&
    v.id !== "" &&
    Number.isInteger(v.entries) &&
    (v.entries as number) > 0 &&
    Array.isArray(v.inputs) &&
    v.inputs.every((i) => i !== null && typeof i === "object" && typeof i.name === "string" && typeof i.sha256 === "string");
  if (!ok) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${where}: "shard" must be {"id": string, "inputs": [{"name", "sha256"}], "entries": count} as gramscore stats writes it, but got ${describeValue(value)}. ` +
        "Write the shard again with gramscore stats.",
    );
  }
  return v as ShardInfo;
}

/** A line read by `merge`, with where it came from. */
export interface ReadEntry {
  readonly entry: ShardEntry & { shard?: ShardInfo };
  /** `file line N`. */
  readonly where: string;
  /** The file it was read from. */
  readonly file: string;
}

function describeShard(info: ShardInfo): string {
  return `shard ${info.id} (${info.inputs.map((i) => i.name).join(", ") || "no inputs"})`;
}

/**
 * The checks of `merge` on shard identities:
 * - every line a `stats` run wrote is there (per file: the lines of a shard id number its `entries`);
 * - no shard is given twice (the same shard id, system and metric on two lines);
 * - the metrics of a system cover the same shards and the same number of segments (shards written
 *   before shard ids existed are checked by their segment counts only).
 * Returns a warning to print when some lines carry no shard identity.
 * @throws GramscoreError `INVALID_STATS` naming the files, lines and what to do.
 */
export function checkShards(entries: readonly ReadEntry[]): string | undefined {
  // Lines missing: per file and shard id.
  const perFile = new Map<string, { info: ShardInfo; count: number; first: string; metrics: Set<string> }>();
  for (const e of entries) {
    const info = e.entry.shard;
    if (info === undefined) continue;
    const key = `${e.file}\u0000${info.id}\u0000${info.entries}`;
    const slot = perFile.get(key) ?? { info, count: 0, first: e.where, metrics: new Set<string>() };
    slot.count++;
    slot.metrics.add(e.entry.metric);
    perFile.set(key, slot);
  }
  for (const [key, slot] of perFile) {
    if (slot.count !== slot.info.entries) {
      const file = key.split("\u0000")[0]!;
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `${file} holds ${slot.count} of the ${slot.info.entries} lines gramscore stats wrote for ${describeShard(slot.info)} ` +
          `(first at ${slot.first}): lines are missing${slot.count > slot.info.entries ? " or repeated" : ""}, so its metrics would not cover the same segments. ` +
          "Write the shard again with gramscore stats.",
        { details: { file, shard: slot.info.id, expected: slot.info.entries, found: slot.count } },
      );
    }
  }
  // Duplicates: the same shard, system and metric twice.
  const seen = new Map<string, ReadEntry>();
  for (const e of entries) {
    const info = e.entry.shard;
    if (info === undefined) continue;
    const key = `${info.id}\u0000${e.entry.system}\u0000${e.entry.metric}\u0000${JSON.stringify(e.entry.options)}`;
    const before = seen.get(key);
    if (before !== undefined) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `${describeShard(info)} is given twice: ${before.where} and ${e.where} both hold its ${e.entry.metric} statistics of system ${e.entry.system}. ` +
          "Give each shard once (if two shards really have the same content, write them with different --shard-id).",
        { details: { shard: info.id, first: before.where, second: e.where } },
      );
    }
    seen.set(key, e);
  }
  // Coverage: per system, every metric over the same shards and segments.
  const bySystem = new Map<string, Map<string, { shards: Set<string>; count: number; where: string }>>();
  for (const e of entries) {
    const metricKey = `${e.entry.metric}${Object.keys(e.entry.options).length > 0 ? ` ${JSON.stringify(e.entry.options)}` : ""}`;
    const metrics = bySystem.get(e.entry.system) ?? new Map<string, { shards: Set<string>; count: number; where: string }>();
    bySystem.set(e.entry.system, metrics);
    const m = metrics.get(metricKey) ?? { shards: new Set<string>(), count: 0, where: e.where };
    metrics.set(metricKey, m);
    m.shards.add(e.entry.shard?.id ?? `${e.file} (no shard id)`);
    m.count += e.entry.count;
  }
  for (const [system, metrics] of bySystem) {
    const list = [...metrics];
    const [firstName, first] = list[0]!;
    for (const [name, m] of list.slice(1)) {
      const sameShards = m.shards.size === first.shards.size && [...m.shards].every((s) => first.shards.has(s));
      if (m.count !== first.count || !sameShards) {
        const describe = (n: string, x: { shards: Set<string>; count: number }) =>
          `${n} covers ${x.count} segment${x.count === 1 ? "" : "s"} in ${x.shards.size} shard${x.shards.size === 1 ? "" : "s"} (${[...x.shards].join(", ")})`;
        throw new GramscoreError(
          ErrorCode.INVALID_STATS,
          `The metrics of system ${system} do not cover the same segments: ${describe(firstName, first)}, but ${describe(name, m)}. ` +
            "Merge only shards that hold every metric (write the missing ones again with gramscore stats, or merge each metric's shards separately).",
          { details: { system, counts: Object.fromEntries(list.map(([n, x]) => [n, x.count])) } },
        );
      }
    }
  }
  const legacy = entries.filter((e) => e.entry.shard === undefined);
  if (legacy.length === 0) return undefined;
  const files = [...new Set(legacy.map((e) => e.file))];
  return (
    `${files.join(", ")} ${files.length === 1 ? "has" : "have"} no shard identity (written by an older gramscore stats): a shard given twice or ` +
    "with lines missing cannot be detected there. Write the shards again to have them checked."
  );
}
