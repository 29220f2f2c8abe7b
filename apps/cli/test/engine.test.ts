import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { createRegistry } from "@gramscore/registry";
import { scoreInput, shardEntries, type InputRecord, type PreparedMetric } from "gramscore";
// @ts-expect-error: a plain JavaScript test plugin without type declarations
import toyPlugin from "./fixtures/toy-plugin.mjs";

const registry = createRegistry().use(toyPlugin);

function prepared(name: string, options: Record<string, unknown> = {}): PreparedMetric {
  return { name, plugin: "toy-plugin", options, metric: registry.create("metric", name, options) };
}

async function* batches(records: InputRecord[], size: number): AsyncGenerator<InputRecord[]> {
  for (let i = 0; i < records.length; i += Math.max(1, size)) yield records.slice(i, i + Math.max(1, size));
}

const word = fc.constantFrom("the", "cat", "a", "mat", "sat", "on", "The", "dog", "é", "😀");
const text = fc.array(word, { maxLength: 8 }).map((w) => w.join(" "));
const recordArb = fc.record({
  system: fc.constantFrom("A", "B", "C"),
  hyp: text,
  refs: fc.array(text, { minLength: 1, maxLength: 3 }),
});

describe("scoreInput", () => {
  it("gives every system exactly what evaluate() gives its segments, whatever the batching (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(recordArb, { minLength: 1, maxLength: 25 }), fc.integer({ min: 1, max: 7 }), async (raw, size) => {
        const records: InputRecord[] = raw.map((r, i) => ({ ...r, source: "t", line: i + 1 }));
        const metrics = [prepared("unigram", { lowercase: true }), prepared("length-gap", { unit: "chars" })];
        const report = await scoreInput(metrics, batches(records, size), { segments: true });
        const systems = [...new Set(records.map((r) => r.system))];
        expect(report.systems.map((s) => s.name)).toEqual(systems);
        for (const [k, m] of metrics.entries()) {
          for (const s of report.systems) {
            const own = records.filter((r) => r.system === s.name);
            const expected = evaluate(m.metric, own, { segments: true });
            const score = s.scores[k]!;
            expect(score.count).toBe(own.length);
            expect(score.corpus).toEqual(expected.corpus);
            expect(score.stats).toEqual(expected.stats);
            expect(score.segments!.map((x) => x.result)).toEqual(expected.segments);
            expect(score.segments!.map((x) => x.index)).toEqual(own.map((_, i) => i));
          }
        }
        expect(report.metrics.map((m) => m.signature)).toEqual(metrics.map((m) => m.metric.signature()));
      }),
      { numRuns: 60 },
    );
  });

  it("merging shard statistics in any grouping gives the one-pass result (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(recordArb, { minLength: 2, maxLength: 20 }), fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), async (raw, cuts) => {
        const records: InputRecord[] = raw.map((r, i) => ({ ...r, source: "t", line: i + 1 }));
        const m = prepared("unigram");
        const whole = await scoreInput([m], batches(records, 5));
        const points = [...new Set(cuts.map((c) => c % records.length))].sort((a, b) => a - b);
        const shards: InputRecord[][] = [];
        let at = 0;
        for (const p of [...points, records.length]) {
          if (p > at) shards.push(records.slice(at, p));
          at = Math.max(at, p);
        }
        const entries = [];
        for (const shard of shards.reverse()) entries.push(...shardEntries(await scoreInput([m], batches(shard, 3))));
        for (const s of whole.systems) {
          const acc = createAccumulator(m.metric);
          for (const e of entries.filter((x) => x.system === s.name)) acc.merge(JSON.parse(JSON.stringify(e)));
          expect(acc.count).toBe(s.count);
          expect(acc.compute()).toEqual(s.scores[0]!.corpus);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("names the file and line of an invalid segment", async () => {
    const records: InputRecord[] = [
      { system: "s", hyp: "ok", refs: ["ok"], source: "h.txt", line: 1 },
      { system: "s", hyp: "bad \ud800", refs: ["x"], source: "h.txt", line: 2 },
    ];
    await expect(scoreInput([prepared("unigram")], batches(records, 1))).rejects.toMatchObject({
      code: "LONE_SURROGATE",
      message: expect.stringMatching(/^h\.txt line 2: The hypothesis of segment 1 contains an unpaired UTF-16 surrogate/),
    });
  });

  it("refuses empty input", async () => {
    await expect(scoreInput([prepared("unigram")], batches([], 1))).rejects.toMatchObject({ code: "EMPTY_INPUT" });
  });
});
