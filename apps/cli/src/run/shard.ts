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
  /**
   * Where the shard lies in the corpus (`stats --shard-index`): `merge` puts the shards of a system in
   * the order of their indexes, whatever the order of its arguments.
   */
  readonly index?: number;
}

/**
 * The shard identity of a `stats` run from the digests of its inputs (in the order they were
 * opened); `id` overrides the digest-based id.
 */
export function shardInfo(digests: ReadonlyMap<string, Hash>, entries: number, id: string | undefined, index?: number): ShardInfo {
  const inputs = [...digests].map(([name, hash]) => ({ name, sha256: hash.digest("hex") }));
  const all = createHash("sha256");
  for (const i of inputs) all.update(`${i.sha256}\n`);
  const info = { id: id ?? all.digest("hex").slice(0, 16), inputs, entries };
  return index === undefined ? info : { ...info, index };
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
    v.inputs.every((i) => i !== null && typeof i === "object" && typeof i.name === "string" && typeof i.sha256 === "string") &&
    (v.index === undefined || (Number.isSafeInteger(v.index) && v.index >= 0));
  if (!ok) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${where}: "shard" must be {"id": string, "inputs": [{"name", "sha256"}], "entries": count, "index"?: whole number} as gramscore stats writes it, but got ${describeValue(value)}. ` +
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
          "Give each shard once (if two shards really have the same content, write them with different --shard-id and merge with --allow-repeated-segments).",
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

/**
 * The `segments` field of a stats line: which segments of its system the shard covers, as a 64-bit
 * digest of each segment's text (hypothesis and references; significance.ts `segmentDigest`). The
 * first line of each system in a shard carries every segment's digest (`ids`, base64, 8 bytes a
 * segment); the others carry only `digest`, a SHA-256 over them that ties them to that line.
 */
export interface ShardSegments {
  /** First 16 hex digits of the SHA-256 of the segment digests, in order. */
  readonly digest: string;
  /** Every segment's digest (two little-endian 32-bit words), base64; on the system's first line in the shard. */
  readonly ids?: string;
}

/** The `segments` field for a system whose segment digests are `words` (two per segment). */
export function segmentsField(words: Uint32Array, withIds: boolean): ShardSegments {
  const bytes = Buffer.from(words.buffer, words.byteOffset, words.byteLength);
  const digest = createHash("sha256").update(bytes).digest("hex").slice(0, 16);
  return withIds ? { digest, ids: bytes.toString("base64") } : { digest };
}

/** Checks the `segments` field of a line read by `merge` (undefined when absent). */
export function checkSegmentsField(value: unknown, count: number, where: string): { digest: string; ids?: Uint32Array } | undefined {
  if (value === undefined) return undefined;
  const v = value as Partial<ShardSegments> | null;
  const bad = (why: string): never => {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${where}: "segments" must be {"digest": hex, "ids"?: base64} as gramscore stats writes it, but ${why}. Write the shard again with gramscore stats.`,
    );
  };
  if (v === null || typeof v !== "object" || typeof v.digest !== "string") return bad(`got ${describeValue(value)}`);
  if (v.ids === undefined) return { digest: v.digest };
  if (typeof v.ids !== "string") return bad(`"ids" is ${describeValue(v.ids)}`);
  const bytes = Buffer.from(v.ids, "base64");
  if (bytes.length !== count * 8) return bad(`"ids" holds ${bytes.length / 8} segment digests for ${count} segments`);
  const words = new Uint32Array(count * 2);
  for (let i = 0; i < words.length; i++) words[i] = bytes.readUInt32LE(i * 4);
  if (segmentsField(words, false).digest !== v.digest) return bad(`"ids" does not match "digest" (the line was changed)`);
  return { digest: v.digest, ids: words };
}

/** The segments of one system in one shard, as `merge` compares them. */
export interface ShardSpan {
  /** How the shard is named in messages (`part1.jsonl (shard 3f2a…)`). */
  readonly label: string;
  readonly system: string;
  /** Two words per segment. */
  readonly ids: Uint32Array;
}

/**
 * Where `b` continues or repeats `a`: `b`'s first segment is `a`'s segment `at`, and from there on the
 * two agree up to the end of either (so `b` lies inside `a`, or a tail of `a` is a head of `b`).
 */
function runFrom(a: Uint32Array, b: Uint32Array): { at: number; length: number } | undefined {
  const na = a.length / 2;
  const nb = b.length / 2;
  if (na === 0 || nb === 0) return undefined;
  for (let p = 0; p < na; p++) {
    if (a[2 * p] !== b[0] || a[2 * p + 1] !== b[1]) continue;
    const length = Math.min(na - p, nb);
    let i = 1;
    while (i < length && a[2 * (p + i)] === b[2 * i] && a[2 * (p + i) + 1] === b[2 * i + 1]) i++;
    if (i === length) return { at: p, length };
  }
  return undefined;
}

/**
 * Refuses shards of one system that cover the same segments: the same segments given twice, one shard
 * inside another, or two slices that overlap (a tail of one is a head of the other). Shards are
 * slices of one corpus, so segments they share form one run in the same order; two shards merely
 * holding the same sentence somewhere do not count, but a run that reaches the end of one shard does,
 * however short (an off-by-one slice repeats one segment).
 * @throws GramscoreError `INVALID_STATS` naming both shards, the system and the segments.
 */
export function checkOverlaps(spans: readonly ShardSpan[]): void {
  const bySystem = new Map<string, ShardSpan[]>();
  for (const s of spans) {
    const list = bySystem.get(s.system) ?? [];
    bySystem.set(s.system, list);
    list.push(s);
  }
  for (const [system, list] of bySystem) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        for (const [a, b] of [
          [list[i]!, list[j]!],
          [list[j]!, list[i]!],
        ] as const) {
          const run = runFrom(a.ids, b.ids);
          if (run === undefined) continue;
          const na = a.ids.length / 2;
          const nb = b.ids.length / 2;
          const what =
            na === nb && run.at === 0
              ? `${b.label} holds the same ${nb} segments as ${a.label}`
              : run.length === nb
                ? `${b.label} (${nb} segments) lies inside ${a.label}: they are its segments ${run.at + 1}–${run.at + nb}`
                : `${b.label} and ${a.label} overlap: the first ${run.length} segment${run.length === 1 ? "" : "s"} of ${b.label} ${run.length === 1 ? "is" : "are"} the last of ${a.label} (its segments ${run.at + 1}–${na})`;
          throw new GramscoreError(
            ErrorCode.INVALID_STATS,
            `System ${system}: ${what} (the same hypotheses and references in the same order), so merging would count them twice. ` +
              "Write the shards from disjoint slices of the input (e.g. split -l N), or pass --allow-repeated-segments if these segments really occur twice in the corpus.",
            { details: { system, first: a.label, second: b.label, at: run.at, length: run.length } },
          );
        }
      }
    }
  }
}

/** The lines of one system and metric (with its options) whose order `merge` could not determine. */
export interface UnorderedGroup {
  readonly system: string;
  readonly metric: string;
  /** The lines, in the order `merge` uses (by shard id). */
  readonly lines: readonly ReadEntry[];
}

const groupKey = (e: ReadEntry) => `${e.entry.system}\u0000${e.entry.metric}\u0000${JSON.stringify(e.entry.options)}`;
const indexOf = (e: ReadEntry) => e.entry.shard?.index;
const tieKey = (e: ReadEntry) => e.entry.shard?.id ?? e.where;

/**
 * Puts the lines of every system in corpus order, so that merged statistics and joined rows are the
 * one-pass ones whatever the order of `merge`'s arguments. Shards written with `stats --shard-index`
 * are ordered by their indexes. A system (and metric) with more than one shard none of which has an
 * index is put in the order of the shard ids (so the output still does not depend on the argument
 * order) and returned in `unordered`: its result is the one-pass result only if the metric merges
 * alike in any order, which `merge` then checks. Systems keep the order of their first appearance.
 * @param needsOrder true when the order matters whatever the metric (statistics rows for
 *   `--paired-bs`, `--paired-ar`, `--confidence`): shards without indexes are then refused.
 * @throws GramscoreError `INVALID_STATS` for a system whose shards carry indexes and not, two shards
 *   with one index, or (with `needsOrder`) several shards without indexes; the message says how to fix it.
 */
export function orderShards(entries: readonly ReadEntry[], needsOrder: boolean): { entries: ReadEntry[]; unordered: UnorderedGroup[] } {
  const groups = new Map<string, ReadEntry[]>();
  for (const e of entries) {
    const list = groups.get(groupKey(e)) ?? [];
    groups.set(groupKey(e), list);
    list.push(e);
  }
  const unordered: UnorderedGroup[] = [];
  for (const lines of groups.values()) {
    if (lines.length < 2) continue;
    const { system, metric } = lines[0]!.entry;
    const withIndex = lines.filter((e) => indexOf(e) !== undefined);
    if (withIndex.length > 0 && withIndex.length < lines.length) {
      const a = withIndex[0]!;
      const b = lines.find((e) => indexOf(e) === undefined)!;
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `System ${system}: ${a.where} carries its place in the corpus (shard index ${indexOf(a)}), but ${b.where} does not, so the order of the ${metric} ` +
          "statistics cannot be determined. Write every shard with gramscore stats --shard-index N (0 for the first part of the corpus, 1 for the next, …).",
        { details: { system, metric, indexed: a.where, unindexed: b.where } },
      );
    }
    if (withIndex.length === lines.length) {
      const sorted = [...lines].sort((x, y) => indexOf(x)! - indexOf(y)!);
      for (let i = 1; i < sorted.length; i++) {
        if (indexOf(sorted[i]!) === indexOf(sorted[i - 1]!)) {
          throw new GramscoreError(
            ErrorCode.INVALID_STATS,
            `System ${system}: ${sorted[i - 1]!.where} and ${sorted[i]!.where} both carry shard index ${indexOf(sorted[i]!)}, so their order in the corpus is unknown. ` +
              "Give each part of the corpus its own --shard-index when writing it with gramscore stats.",
            { details: { system, metric, index: indexOf(sorted[i]!), first: sorted[i - 1]!.where, second: sorted[i]!.where } },
          );
        }
      }
      continue;
    }
    if (needsOrder) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `System ${system} has ${lines.length} shards of ${metric} statistics rows without a place in the corpus (${lines.map((e) => e.where).join(", ")}): ` +
          "confidence intervals and paired tests resample segments by their position, so the shards must be joined in corpus order, which cannot be determined. " +
          "Write every shard with gramscore stats --rows --shard-index N (0 for the first part of the corpus, 1 for the next, …).",
        { details: { system, metric, shards: lines.map((e) => e.where) } },
      );
    }
    unordered.push({ system, metric, lines: [...lines].sort((x, y) => (tieKey(x) < tieKey(y) ? -1 : tieKey(x) > tieKey(y) ? 1 : 0)) });
  }
  // Systems in the order they first appear; within a system, lines by index, else by shard id.
  const systemRank = new Map<string, number>();
  for (const e of entries) if (!systemRank.has(e.entry.system)) systemRank.set(e.entry.system, systemRank.size);
  const position = new Map<ReadEntry, number>();
  entries.forEach((e, i) => position.set(e, i));
  // A total order: system, index (lines without one first, by shard id), then the given order.
  const ordered = [...entries].sort((x, y) => {
    const r = systemRank.get(x.entry.system)! - systemRank.get(y.entry.system)!;
    if (r !== 0) return r;
    const ix = indexOf(x) ?? -1;
    const iy = indexOf(y) ?? -1;
    if (ix !== iy) return ix - iy;
    if (ix === -1) {
      const tx = tieKey(x);
      const ty = tieKey(y);
      if (tx !== ty) return tx < ty ? -1 : 1;
    }
    return position.get(x)! - position.get(y)!;
  });
  return { entries: ordered, unordered };
}

/**
 * The `pairs` field of the first line of each system in a `stats --rows` shard: every segment's
 * pairing key (significance.ts `pairingKey`: a digest of its source or references, its kind, its
 * line), base64 of little-endian 32-bit words. `merge` checks with it that paired systems pair up.
 */
export function pairsField(keys: Uint32Array): string {
  return Buffer.from(keys.buffer, keys.byteOffset, keys.byteLength).toString("base64");
}

/** Reads a `pairs` field of a line holding `count` segments (undefined when absent). */
export function checkPairsField(value: unknown, count: number, words: number, where: string): Uint32Array | undefined {
  if (value === undefined) return undefined;
  const bytes = typeof value === "string" ? Buffer.from(value, "base64") : undefined;
  if (bytes === undefined || bytes.length !== count * words * 4) {
    throw new GramscoreError(
      ErrorCode.INVALID_STATS,
      `${where}: "pairs" must be base64 of ${words} words for each of its ${count} segments, as gramscore stats --rows writes it, but got ${describeValue(value)}. ` +
        "Write the shard again with gramscore stats --rows.",
    );
  }
  const out = new Uint32Array(count * words);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}
