/**
 * Shards that say which segments they cover (issue 13 item 2) and carry statistics rows on request
 * (issue 17): `merge` refuses the same segments twice and overlapping slices, accepts disjoint ones,
 * and with `--paired-bs` / `--paired-ar` / `--confidence` on `stats --rows` shards prints the numbers
 * of the one-pass `score`.
 */
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cli, readmeSchemas, tempDir, validateSchema, writeFiles } from "./helpers.js";

const schemas = readmeSchemas();

const WORDS = "the a cat dog sat ran on under mat log big small red blue house garden river bridge old new".split(" ");

/** A deterministic corpus: `n` segments, one reference and three systems that differ from it a little. */
function corpus(n: number): { ref: string[]; systems: string[][] } {
  let x = 12345;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const ref: string[] = [];
  const systems: string[][] = [[], [], []];
  for (let i = 0; i < n; i++) {
    const len = 4 + Math.floor(next() * 8);
    const words = Array.from({ length: len }, () => WORDS[Math.floor(next() * WORDS.length)]!);
    ref.push(`${words.join(" ")} ${i}`);
    systems.forEach((sys, s) => {
      const w = words.map((word) => (next() < 0.1 * (s + 1) ? WORDS[Math.floor(next() * WORDS.length)]! : word));
      sys.push(`${w.join(" ")} ${i}`);
    });
  }
  return { ref, systems };
}

const N = 120;
let dir: string;
const lines = (xs: string[], from: number, to: number) => xs.slice(from, to).map((l) => `${l}\n`).join("");

/** Writes the slice [from, to) of every file as `<tag>.ref`, `<tag>.s0` … and runs stats on it. */
async function shard(tag: string, from: number, to: number, extra: string[] = []): Promise<string> {
  const { ref, systems } = corpus(N);
  writeFiles(dir, { [`${tag}.ref`]: lines(ref, from, to), ...Object.fromEntries(systems.map((s, i) => [`${tag}.s${i}`, lines(s, from, to)])) });
  const out = `${tag}.jsonl`;
  const r = await cli(
    ["stats", "-m", "bleu,chrf", `${tag}.ref`, "-i", ...systems.map((_, i) => `${tag}.s${i}`), "--system", "base,sysA,sysB", "-o", out, ...extra],
    { cwd: dir },
  );
  expect(r.stderr).toBe("");
  expect(r.code).toBe(0);
  return out;
}

beforeAll(() => {
  assertBuilt();
  dir = tempDir("gramscore-shards-");
});

describe("merge refuses shards that cover the same segments", () => {
  it("the same shard twice (written twice under different ids) is refused", async () => {
    const a = await shard("p1", 0, 60);
    const b = await shard("p1copy", 0, 60, ["--shard-id", "another"]);
    const r = await cli(["merge", a, b], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("System base: p1copy.jsonl (shard another) holds the same 60 segments as p1.jsonl");
  });

  it("overlapping slices are refused, naming the segments both hold; one repeated segment is enough", async () => {
    const a = await shard("o1", 0, 60);
    const b = await shard("o2", 50, 120);
    const r = await cli(["merge", b, a], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/System base: o2\.jsonl \(shard [0-9a-f]{16}\) and o1\.jsonl \(shard [0-9a-f]{16}\) overlap: the first 10 segments of o2\.jsonl .* are the last of o1\.jsonl .*\(its segments 51–60\)/);
    const c = await shard("o3", 59, 120);
    const one = await cli(["merge", a, c], { cwd: dir });
    expect(one.code).toBe(1);
    expect(one.stderr).toContain("the first 1 segment of o3.jsonl");
    const inside = await shard("o4", 10, 20);
    const r2 = await cli(["merge", a, inside], { cwd: dir });
    expect(r2.stderr).toContain("(10 segments) lies inside o1.jsonl");
    expect(r2.stderr).toContain("its segments 11–20");
    const forced = await cli(["merge", a, c, "--allow-repeated-segments", "-f", "json"], { cwd: dir });
    expect(forced.code).toBe(0);
  });

  it("disjoint slices are accepted and give the one-pass scores", async () => {
    const a = await shard("d1", 0, 60);
    const b = await shard("d2", 60, 120);
    const merged = await cli(["merge", a, b, "-f", "csv"], { cwd: dir });
    expect(merged.stderr).toBe("");
    const { ref, systems } = corpus(N);
    writeFiles(dir, { "all.ref": lines(ref, 0, N), ...Object.fromEntries(systems.map((s, i) => [`all.s${i}`, lines(s, 0, N)])) });
    const one = await cli(["score", "-m", "bleu,chrf", "all.ref", "-i", "all.s0", "all.s1", "all.s2", "--system", "base,sysA,sysB", "-f", "csv"], { cwd: dir });
    expect(merged.stdout).toBe(one.stdout);
  });

  it("shards stay small without --rows: digests only (8 bytes a segment on the system's first line)", async () => {
    const plain = await shard("small", 0, 120);
    const rows = await shard("big", 0, 120, ["--rows"]);
    const first = JSON.parse(readFileSync(join(dir, plain), "utf8").split("\n")[0]!) as { segments: { ids: string }; rows?: unknown };
    expect(first.rows).toBeUndefined();
    expect(Buffer.from(first.segments.ids, "base64").length).toBe(120 * 8);
    const second = JSON.parse(readFileSync(join(dir, plain), "utf8").split("\n")[1]!) as { segments: { ids?: string; digest: string } };
    expect(second.segments.ids).toBeUndefined();
    expect(statSync(join(dir, rows)).size).toBeGreaterThan(statSync(join(dir, plain)).size);
    for (const file of [plain, rows]) {
      for (const line of readFileSync(join(dir, file), "utf8").trimEnd().split("\n")) {
        expect(validateSchema(JSON.parse(line), schemas["stats line"] as object)).toEqual([]);
      }
    }
  });
});

describe("merge with significance flags on stats --rows shards equals the one-pass score", () => {
  const flagsets = [
    ["--paired-bs", "--paired-bs-n", "300"],
    ["--paired-ar", "--paired-ar-n", "500", "--paired-ar-ci-n", "100"],
    ["--confidence", "--confidence-n", "200"],
  ];
  for (const flags of flagsets) {
    it(flags.join(" "), async () => {
      const a = await shard("r1", 0, 45, ["--rows", "--shard-index", "0"]);
      const b = await shard("r2", 45, 120, ["--rows", "--shard-index", "1"]);
      const { ref, systems } = corpus(N);
      writeFiles(dir, { "all.ref": lines(ref, 0, N), ...Object.fromEntries(systems.map((s, i) => [`all.s${i}`, lines(s, 0, N)])) });
      const one = await cli(["score", "-m", "bleu,chrf", "all.ref", "-i", "all.s0", "all.s1", "all.s2", "--system", "base,sysA,sysB", "-f", "json", ...flags], { cwd: dir });
      const merged = await cli(["merge", a, b, "-f", "json", ...flags], { cwd: dir });
      expect(merged.stderr).toBe("");
      const sigOne = (JSON.parse(one.stdout) as { significance: unknown }).significance;
      const sigMerged = (JSON.parse(merged.stdout) as { significance: unknown }).significance;
      expect(sigMerged).toEqual(sigOne);
      const text = await cli(["merge", a, b, "-f", "text", ...flags], { cwd: dir });
      const textOne = await cli(["score", "-m", "bleu,chrf", "all.ref", "-i", "all.s0", "all.s1", "all.s2", "--system", "base,sysA,sysB", "-f", "text", ...flags], { cwd: dir });
      expect(text.stdout).toBe(textOne.stdout);
    });
  }

  it("stats --rows --jobs 2 writes the shard one thread writes (2,100 lines: two units of work)", async () => {
    const { ref, systems } = corpus(2100);
    writeFiles(dir, { "j.ref": lines(ref, 0, 2100), "j.s0": lines(systems[0]!, 0, 2100), "j.s1": lines(systems[1]!, 0, 2100) });
    const args = ["stats", "-m", "bleu,chrf", "j.ref", "-i", "j.s0", "j.s1", "--rows"];
    const one = await cli(args, { cwd: dir });
    const two = await cli([...args, "--jobs", "2"], { cwd: dir });
    expect(two.stderr).toBe("");
    expect(two.stdout).toBe(one.stdout);
    expect(one.stdout.split("\n")[0]).toContain('"rows":{"name":"BLEU"');
  });

  it("shards without --rows: a clear error", async () => {
    const a = await shard("n1", 0, 60, ["--shard-index", "0"]);
    const b = await shard("n2", 60, 120, ["--shard-index", "1"]);
    const r = await cli(["merge", a, b, "--paired-bs"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("holds no statistics rows");
    expect(r.stderr).toContain("gramscore stats --rows");
  });
});
