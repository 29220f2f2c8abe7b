/**
 * The benchmark harness (`pnpm bench`): every suite loads, every case is well formed and names only
 * known reference speeds, and a filtered run prints its rates beside the target and the reference's
 * speed, in the table and in the JSON. (Speed itself is never asserted: that is the benchmark's job.)
 */
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, repoRoot } from "../conformance/data.js";

const benchDir = join(repoRoot, "tooling/bench");

describe.skipIf(!hasShared)(`bench harness${hasShared ? "" : ` (${SKIP_MESSAGE})`}`, () => {
  it("loads every suite; cases are well formed and their reference speeds exist", async () => {
    const { REFERENCE_SPEEDS } = (await import(pathToFileURL(join(benchDir, "references.mjs")).href)) as {
      REFERENCE_SPEEDS: Record<string, { label: string; segmentsPerSecond: number; data: string }>;
    };
    let cases = 0;
    for (const file of readdirSync(join(benchDir, "suites")).filter((f) => f.endsWith(".mjs"))) {
      const suite = (await import(pathToFileURL(join(benchDir, "suites", file)).href)) as { default: () => Promise<Record<string, unknown>[]> };
      const all = await suite.default();
      const names = all.map((c) => c.name);
      for (const c of all) {
        // A speed-up is over an earlier case of the same suite.
        if (c.speedupOver !== undefined) expect(names.slice(0, names.indexOf(c.name)), String(c.name)).toContain(c.speedupOver);
        if (c.samples !== undefined) expect(c.samples as number).toBeGreaterThan(2);
        cases++;
        expect(typeof c.name, file).toBe("string");
        expect(c.items as number, String(c.name)).toBeGreaterThan(0);
        expect(typeof c.fn, String(c.name)).toBe("function");
        if (c.versus !== undefined) expect(Object.keys(REFERENCE_SPEEDS), String(c.name)).toContain(c.versus);
        if (c.times !== undefined) expect(c.versus, `${String(c.name)}: times needs versus`).toBeDefined();
      }
    }
    expect(cases).toBeGreaterThan(20);
  }, 300_000); // every suite builds its inputs from the conformance data (24 s of CPU, 93 s of wall time at load 10)

  it("runs its child processes without NODE_EXTRA_CA_CERTS unless BENCH_KEEP_CA_CERTS=1", async () => {
    const { childEnv } = (await import(pathToFileURL(join(benchDir, "inputs.mjs")).href)) as { childEnv: () => NodeJS.ProcessEnv };
    const saved = { certs: process.env.NODE_EXTRA_CA_CERTS, keep: process.env.BENCH_KEEP_CA_CERTS };
    try {
      process.env.NODE_EXTRA_CA_CERTS = "/tmp/bundle.pem";
      delete process.env.BENCH_KEEP_CA_CERTS;
      expect(childEnv().NODE_EXTRA_CA_CERTS).toBeUndefined();
      expect(childEnv().PATH).toBe(process.env.PATH);
      process.env.BENCH_KEEP_CA_CERTS = "1";
      expect(childEnv().NODE_EXTRA_CA_CERTS).toBe("/tmp/bundle.pem");
    } finally {
      for (const [k, v] of [["NODE_EXTRA_CA_CERTS", saved.certs], ["BENCH_KEEP_CA_CERTS", saved.keep]] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    }
  });

  it("prints the rate beside the target and the reference's speed, and the same in the JSON", () => {
    const run = spawnSync(process.execPath, [join(benchDir, "run.mjs"), "rougeLsum stem, one pass"], {
      encoding: "utf8",
      env: { ...process.env, BENCH_RUNS: "1", BENCH_MIN_MS: "0" },
      maxBuffer: 1 << 26,
    });
    expect(run.status, run.stderr).toBe(0);
    const line = run.stdout.split("\n").find((l) => l.startsWith("rouge: rougeLsum stem, one pass"));
    expect(line).toMatch(/seg\/s .*target ≥ 14,840 \(20× ref\) (ok|ok on CPU time|MISSED)\s+= [\d.]+× rouge-score rougeLsum stem \(742 seg\/s, CNN\/DailyMail/);
    const json = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as { results: Record<string, any>[] };
    const row = json.results.find((r) => r.name === "rouge: rougeLsum stem, one pass")!;
    expect(row.target).toBe(14_840);
    expect(row.versus.segmentsPerSecond).toBe(742);
    expect(row.versus.times).toBeCloseTo(row.segmentsPerSecond / 742, 1);
    expect(row.meetsTarget).toBe(row.segmentsPerSecond >= 14_840);
  }, 300_000); // the runner loads every suite before it filters
});
