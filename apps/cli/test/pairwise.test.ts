/**
 * `gramscore pairwise`: every cell of the JSONL, CSV and .npy outputs is the metric's sentence score
 * of its pair (bit for bit, through the numbers' shortest round-trip text), rows stream in order,
 * `--jobs 2` writes the same bytes, and bad usage gets one clear error.
 */
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBleu, sentenceBleu } from "@gramscore/metric-bleu";
import { sentenceChrf } from "@gramscore/metric-chrf";
import { sentenceRouge } from "@gramscore/metric-rouge";
import { assertBuilt, cli, inProcess, tempDir, writeFiles } from "./helpers.js";

const HYPS = ["The cat sat on the mat.", "A cat sat on the mat.", "", "Der Hund 😀 bellt laut.", "𝐀 cat 中文 sat", "the the the"];
const REFS = ["The cat is on the mat.", "Der Hund bellt.", "a cat", "𝐀 cat 中文 sat on it"];

let dir: string;
beforeAll(() => {
  dir = tempDir("gramscore-pairwise-");
  writeFiles(dir, { "hyps.txt": `${HYPS.join("\n")}\n`, "refs.txt": REFS.join("\n") });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function expectMatrix(rows: number[][], cell: (h: string, r: string) => number): void {
  expect(rows.length).toBe(HYPS.length);
  rows.forEach((row, i) => {
    expect(row.length).toBe(REFS.length);
    row.forEach((x, j) => expect(Object.is(x, cell(HYPS[i]!, REFS[j]!))).toBe(true));
  });
}

describe("gramscore pairwise", () => {
  it("jsonl: one line per hypothesis, each cell sentenceChrf of the pair", async () => {
    const r = await inProcess(["pairwise", "-m", "chrf", "--hyps", "hyps.txt", "--refs", "refs.txt"], { cwd: dir });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { hyp: number; scores: number[] });
    expect(lines.map((l) => l.hyp)).toEqual(HYPS.map((_, i) => i));
    expectMatrix(lines.map((l) => l.scores), (h, ref) => sentenceChrf(h, [ref]).score);
  });

  it("csv with metric options (chrF++ through --chrf-word-order) and sentence BLEU", async () => {
    const pp = await inProcess(["pairwise", "-m", "chrf", "--chrf-word-order", "2", "--hyps", "hyps.txt", "--refs", "refs.txt", "-f", "csv"], { cwd: dir });
    expect(pp.code).toBe(0);
    expectMatrix(pp.stdout.trimEnd().split("\n").map((l) => l.split(",").map(Number)), (h, ref) => sentenceChrf(h, [ref], { wordOrder: 2 }).score);
    const bleu = await inProcess(["pairwise", "-m", "bleu", "--effective-order", "--hyps", "hyps.txt", "--refs", "refs.txt", "-f", "csv"], { cwd: dir });
    expect(bleu.stderr).toBe("");
    expectMatrix(bleu.stdout.trimEnd().split("\n").map((l) => l.split(",").map(Number)), (h, ref) => sentenceBleu(h, [ref]).score);
    const bp = await inProcess(["pairwise", "-m", "bleu", "--field", "bp", "--hyps", "hyps.txt", "--refs", "refs.txt", "-f", "csv"], { cwd: dir });
    const metric = createBleu();
    expectMatrix(bp.stdout.trimEnd().split("\n").map((l) => l.split(",").map(Number)), (h, ref) => metric.score(metric.stats(h, [ref]), "segment").bp);
  });

  it("npy: a float64 array of shape (hyps, refs); ROUGE-L F from stdin hypotheses", async () => {
    const r = await inProcess(
      ["pairwise", "-m", "rouge", "--rouge-types", "rouge1,rougeL", "--field", "rougeL.f", "--hyps", "-", "--refs", "refs.txt", "-f", "npy", "-o", "m.npy"],
      { cwd: dir, stdin: `${HYPS.join("\n")}\n` },
    );
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const buf = readFileSync(join(dir, "m.npy"));
    expect(buf.subarray(0, 6).toString("latin1")).toBe("\x93NUMPY");
    const headerLen = buf.readUInt16LE(8);
    expect((10 + headerLen) % 64).toBe(0);
    const header = buf.subarray(10, 10 + headerLen).toString("latin1");
    expect(header).toContain(`'shape': (${HYPS.length}, ${REFS.length})`);
    expect(header).toContain("'descr': '<f8'");
    const values = new Float64Array(buf.buffer.slice(buf.byteOffset + 10 + headerLen, buf.byteOffset + buf.length));
    const rows = HYPS.map((_, i) => Array.from(values.subarray(i * REFS.length, (i + 1) * REFS.length)));
    expectMatrix(rows, (h, ref) => sentenceRouge(h, [ref], { rougeTypes: ["rouge1", "rougeL"] }).rougeL!.fmeasure);
  });

  it("bad usage: one metric, both files, npy to a file, a metric option that exists", async () => {
    const two = await inProcess(["pairwise", "-m", "chrf,bleu", "--hyps", "hyps.txt", "--refs", "refs.txt"], { cwd: dir });
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/takes one metric/);
    const none = await inProcess(["pairwise", "-m", "chrf", "--hyps", "hyps.txt"], { cwd: dir });
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/--refs/);
    const npy = await inProcess(["pairwise", "-m", "chrf", "--hyps", "hyps.txt", "--refs", "refs.txt", "-f", "npy"], { cwd: dir });
    expect(npy.code).toBe(2);
    expect(npy.stderr).toMatch(/-o FILE/);
    const missing = await inProcess(["pairwise", "-m", "chrf", "--hyps", "nope.txt", "--refs", "refs.txt"], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/nope\.txt/);
    const field = await inProcess(["pairwise", "-m", "chrf", "--field", "nope", "--hyps", "hyps.txt", "--refs", "refs.txt"], { cwd: dir });
    expect(field.code).not.toBe(0);
    expect(field.stderr).toMatch(/field/);
  });
});

describe("gramscore pairwise --jobs (built CLI)", () => {
  beforeAll(() => assertBuilt());
  it("--jobs 2 writes the bytes --jobs 1 writes", async () => {
    for (const m of [["-m", "chrf"], ["-m", "bleu", "--effective-order"]]) {
      const args = ["pairwise", ...m, "--hyps", "hyps.txt", "--refs", "hyps.txt", "-f", "csv"];
      const one = await cli(args, { cwd: dir });
      const two = await cli([...args, "--jobs", "2"], { cwd: dir });
      expect(one.stderr).toBe("");
      expect(two.stderr).toBe("");
      expect(one.code).toBe(0);
      expect(two.stdout).toBe(one.stdout);
    }
  });
});
