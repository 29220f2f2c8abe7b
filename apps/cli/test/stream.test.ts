/**
 * Streaming: a generated 20 MB JSONL file (a slice of WMT17 en-de repeated K times) is scored line by
 * line, and its result is the one of a single copy: every integer statistic (segment counts, BLEU's
 * counts, totals and lengths, chrF's counts) exactly K times as large, every score exactly equal
 * (they are ratios of those integers). The peak RSS is reported, not asserted tightly:
 * `node tooling/bench/stream.mjs` checks 1 GB against its limit.
 */
import { createWriteStream, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, fixtures, tempDir } from "./helpers.js";

interface Doc {
  metrics: { metric: string; signature: string; systems: { system: string; count: number; corpus: Record<string, unknown> }[] }[];
}

/** Fields of each metric's corpus result that are sums of integer statistics. */
const SCALED: Record<string, string[]> = { bleu: ["counts", "totals", "sysLen", "refLen"], chrf: ["counts"] };

const dir = tempDir("gramscore-stream-");
beforeAll(() => assertBuilt());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!hasShared)("streaming a generated 20 MB file", () => {
  it("gives K times the statistics of one copy and the same scores, in bounded memory", async () => {
    const slice = readDataset("mt_wmt17_newstest2017_en-de").filter((_, i) => i % 40 === 0);
    const copy = Buffer.from(slice.map((r) => `${JSON.stringify(r)}\n`).join(""));
    const k = Math.ceil(20e6 / copy.length);
    writeFileSync(join(dir, "one.jsonl"), copy);
    const out = createWriteStream(join(dir, "big.jsonl"));
    for (let i = 0; i < k; i++) if (!out.write(copy)) await new Promise<void>((r) => out.once("drain", () => r()));
    await new Promise<void>((r) => out.end(() => r()));

    const rss = ["--import", join(fixtures, "max-rss.mjs")];
    const args = (file: string) => ["score", "-m", "bleu,chrf", "--input", file, "-f", "json"];
    const [one, big] = await Promise.all([cli(args("one.jsonl"), { cwd: dir, nodeArgs: rss }), cli(args("big.jsonl"), { cwd: dir, nodeArgs: rss })]);
    expect(one.code).toBe(0);
    expect(big.code).toBe(0);
    const a = JSON.parse(one.stdout) as Doc;
    const b = JSON.parse(big.stdout) as Doc;
    let compared = 0;
    for (const [i, m] of a.metrics.entries()) {
      const n = b.metrics[i]!;
      expect(n.signature).toBe(m.signature);
      expect(n.systems.map((s) => s.system)).toEqual(m.systems.map((s) => s.system));
      for (const [j, s] of m.systems.entries()) {
        const t = n.systems[j]!;
        expect(t.count).toBe(k * s.count);
        const expected = Object.fromEntries(
          Object.entries(s.corpus).map(([key, v]) => [key, SCALED[m.metric]?.includes(key) ? (Array.isArray(v) ? v.map((x: number) => k * x) : k * (v as number)) : v]),
        );
        expect(t.corpus).toEqual(expected);
        compared++;
      }
    }
    const mb = (r: { stderr: string }) => Math.round(Number(/gramscore-max-rss-kb (\d+)/.exec(r.stderr)?.[1]) / 1024);
    console.log(
      `${(copy.length * k / 1e6).toFixed(1)} MB (${slice.length} WMT17 segments × ${k}): ${compared} metric × system results are ${k} × one copy's; ` +
        `peak RSS ${mb(big)} MB (one copy: ${mb(one)} MB)`,
    );
    expect(mb(big)).toBeGreaterThan(0);
    // Generous: what matters is that memory does not grow with the input (1 GB stays under 300 MB).
    expect(mb(big)).toBeLessThan(mb(one) + 150);
  });
});
