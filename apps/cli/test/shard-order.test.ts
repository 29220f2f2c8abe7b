/**
 * `orderShards` (issue 26): the order `merge` gives shard lines does not depend on the order of its
 * arguments, and follows the shards' `--shard-index` (properties over random shard sets).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { orderShards, type ReadEntry } from "../src/run/shard.js";

function line(system: string, metric: string, id: string, index: number | undefined, file: string): ReadEntry {
  const shard = { id, inputs: [], entries: 1, ...(index === undefined ? {} : { index }) };
  return {
    entry: { format: "gramscore-stats/1", metric, system, options: {}, signature: "", count: 1, stats: {}, shard } as unknown as ReadEntry["entry"],
    where: `${file} line 1`,
    file,
  };
}

/** Lines of systems A and B under bleu and chrf, one line per shard, system and metric. */
const shardSet = fc.uniqueArray(fc.nat({ max: 50 }), { minLength: 1, maxLength: 6 }).map((indexes) =>
  indexes.flatMap((index, k) => ["A", "B"].flatMap((system) => ["bleu", "chrf"].map((metric) => line(system, metric, `id${k}`, index, `s${k}.jsonl`)))),
);

const key = (entries: readonly ReadEntry[]) => entries.map((e) => `${e.entry.system}/${e.entry.metric}/${e.entry.shard!.id}`);

describe("orderShards", () => {
  it("indexed shards: any argument order gives the same order, each system's lines by index (property)", () => {
    fc.assert(
      fc.property(shardSet, fc.infiniteStream(fc.nat()), (entries, seeds) => {
        const first = orderShards(entries, true);
        expect(first.unordered).toEqual([]);
        for (const system of ["A", "B"]) {
          for (const metric of ["bleu", "chrf"]) {
            const indexes = first.entries.filter((e) => e.entry.system === system && e.entry.metric === metric).map((e) => e.entry.shard!.index!);
            expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
          }
        }
        // A shuffle of the arguments (systems keep the order of their first appearance, so the
        // baseline stays the first system given).
        const it = seeds[Symbol.iterator]();
        const shuffled = [...entries];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = it.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const again = orderShards(shuffled, true);
        // What is merged, and joined as rows, is each system's lines of one metric: their order.
        for (const system of ["A", "B"]) {
          for (const metric of ["bleu", "chrf"]) {
            const of = (list: readonly ReadEntry[]) => key(list.filter((e) => e.entry.system === system && e.entry.metric === metric));
            expect(of(again.entries)).toEqual(of(first.entries));
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it("unindexed shards: ordered by shard id whatever the argument order, reported as unordered; refused when rows need an order", () => {
    const entries = ["z", "m", "a"].map((id) => line("A", "nist", id, undefined, `${id}.jsonl`));
    const one = orderShards(entries, false);
    const two = orderShards([...entries].reverse(), false);
    expect(key(one.entries)).toEqual(["A/nist/a", "A/nist/m", "A/nist/z"]);
    expect(key(two.entries)).toEqual(key(one.entries));
    expect(one.unordered.map((u) => key(u.lines))).toEqual([["A/nist/a", "A/nist/m", "A/nist/z"]]);
    expect(() => orderShards(entries, true)).toThrow(expect.objectContaining({ code: "INVALID_STATS" }));
    // One shard per system needs no order.
    expect(orderShards([line("A", "nist", "x", undefined, "x.jsonl"), line("B", "nist", "x", undefined, "x.jsonl")], true).unordered).toEqual([]);
    // Mixed, and one index twice.
    expect(() => orderShards([line("A", "bleu", "p", 0, "p"), line("A", "bleu", "q", undefined, "q")], false)).toThrow(/does not/);
    expect(() => orderShards([line("A", "bleu", "p", 1, "p"), line("A", "bleu", "q", 1, "q")], false)).toThrow(/both carry shard index 1/);
  });
});
