/**
 * `gramscore mbr`: one line per JSONL record with the candidate `mbr()` chooses and its expected
 * utility (pairwise or reference aggregation, optional references and weights), streamed in input
 * order; malformed records get an error naming the line.
 */
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createChrf } from "@gramscore/metric-chrf";
import { createBleu } from "@gramscore/metric-bleu";
import { mbr } from "@gramscore/mbr";
import { inProcess, tempDir, writeFiles } from "./helpers.js";

const RECORDS = [
  { id: "s1", candidates: ["The cat sat on the mat.", "A cat sat on the mat.", "The cat is on the mat.", "Dogs bark."] },
  { id: 2, candidates: ["Der Hund 😀 bellt.", "Ein Hund bellt.", "Der Hund bellt laut."], weights: [1, 2, 1] },
  { id: "s3", candidates: ["𝐀 cat 中文", "only one"], references: ["𝐀 cat 中文 sat", "𝐀 dog", "nothing"] },
];

let dir: string;
beforeAll(() => {
  dir = tempDir("gramscore-mbr-");
  writeFiles(dir, { "cands.jsonl": `${RECORDS.map((r) => JSON.stringify(r)).join("\n")}\n`, "bad.jsonl": `${JSON.stringify(RECORDS[0])}\n{"id": 1}\n` });
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function parse(stdout: string): { id: unknown; index: number; candidate: string; utility: number; utilities?: number[] }[] {
  return stdout.trimEnd().split("\n").map((l) => JSON.parse(l));
}

describe("gramscore mbr", () => {
  it("chooses what mbr() chooses, per record in order (chrF, pairwise)", async () => {
    const r = await inProcess(["mbr", "-m", "chrf", "--input", "cands.jsonl", "--utilities"], { cwd: dir });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const out = parse(r.stdout);
    expect(out.map((o) => o.id)).toEqual(RECORDS.map((x) => x.id));
    RECORDS.forEach((rec, k) => {
      const want = mbr(createChrf(), rec.candidates, { references: rec.references, weights: rec.weights });
      expect(out[k]).toEqual({ id: rec.id, index: want.index, candidate: want.candidate, utility: want.utility, utilities: Array.from(want.utilities) });
    });
  });

  it("reference aggregation with BLEU, from stdin", async () => {
    const r = await inProcess(["mbr", "-m", "bleu", "--effective-order", "--method", "aggregate"], {
      cwd: dir,
      stdin: RECORDS.map((x) => JSON.stringify(x)).join("\n"),
    });
    expect(r.stderr).toBe("");
    const out = parse(r.stdout);
    RECORDS.forEach((rec, k) => {
      const want = mbr(createBleu({ effectiveOrder: true }), rec.candidates, { references: rec.references, weights: rec.weights, method: "aggregate" });
      expect(out[k]).toEqual({ id: rec.id, index: want.index, candidate: want.candidate, utility: want.utility });
    });
  });

  it("a malformed record is an error naming its line; rouge cannot aggregate", async () => {
    const bad = await inProcess(["mbr", "-m", "chrf", "--input", "bad.jsonl"], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/bad\.jsonl line 2: .*candidates/);
    expect(parse(bad.stdout)).toHaveLength(1);
    const agg = await inProcess(["mbr", "-m", "rouge", "--method", "aggregate", "--input", "cands.jsonl"], { cwd: dir });
    expect(agg.code).not.toBe(0);
    expect(agg.stderr).toMatch(/aggregate/);
  });
});
