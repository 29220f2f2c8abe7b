/**
 * Issue 13, the rest: `stats` on JSONL whose systems have different reference counts, and `-o` of
 * `pairwise` and `mbr` written like every other command's (atomic, never onto an input).
 */
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, inProcess, tempDir, writeFiles } from "./helpers.js";

beforeAll(() => assertBuilt());

interface ShardLine {
  metric: string;
  system: string;
  signature: string;
  count: number;
  stats: unknown;
}

interface ScoreDoc {
  metrics: { metric: string; signature: string; systems: { system: string; count: number; corpus: Record<string, unknown> }[] }[];
}

describe("item 13: stats on JSONL with varying reference counts does what score does", () => {
  it("writes one line per system with that system's own nrefs, and merge gives score's numbers", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "var.jsonl": [
        { hyp: "the cat sat on the mat", refs: ["the cat sat on the mat"], system: "A" },
        { hyp: "a dog barks loudly", refs: ["the dog barks", "a dog barks loudly"], system: "A" },
        { hyp: "the cat sat", refs: ["the cat sat on the mat"], system: "B" },
        { hyp: "a dog barks", refs: ["a dog barks loudly"], system: "B" },
      ]
        .map((r) => JSON.stringify(r))
        .join("\n"),
    });
    const stats = await inProcess(["stats", "-m", "bleu,chrf", "-i", "var.jsonl", "-o", "s.jsonl"], { cwd: dir });
    expect(stats.code, stats.stderr).toBe(0);
    const lines = readFileSync(join(dir, "s.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as ShardLine);
    expect(lines.map((l) => `${l.system} ${l.metric}`)).toEqual(["A bleu", "A chrf", "B bleu", "B chrf"]);
    expect(lines[0]!.signature).toContain("nrefs:var|");
    expect(lines[2]!.signature).toContain("nrefs:1|");

    const score = await inProcess(["score", "-m", "bleu,chrf", "-i", "var.jsonl", "-f", "json"], { cwd: dir });
    const merged = await inProcess(["merge", "s.jsonl", "-f", "json"], { cwd: dir });
    expect(score.code, score.stderr).toBe(0);
    expect(merged.code, merged.stderr).toBe(0);
    const corpus = (doc: ScoreDoc) => doc.metrics.map((m) => m.systems.map((s) => [m.metric, s.system, s.count, s.corpus]));
    expect(corpus(JSON.parse(merged.stdout) as ScoreDoc)).toEqual(corpus(JSON.parse(score.stdout) as ScoreDoc));
    // One signature per metric, as score gives it: BLEU saw 1 and 2 references, so nrefs:var.
    const signatures = (doc: ScoreDoc) => doc.metrics.map((m) => m.signature);
    expect(signatures(JSON.parse(merged.stdout) as ScoreDoc)).toEqual(signatures(JSON.parse(score.stdout) as ScoreDoc));
    expect(signatures(JSON.parse(merged.stdout) as ScoreDoc)[0]).toContain("nrefs:var|");
  });

  it("still refuses shards of one system whose reference counts differ", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "p1.jsonl": '{"hyp": "a b c d", "refs": ["a b c d"], "system": "s"}\n',
      "p2.jsonl": '{"hyp": "a b c e", "refs": ["a b c d", "a b c e"], "system": "s"}\n',
    });
    for (const p of ["1", "2"]) expect((await inProcess(["stats", "-m", "bleu", "-i", `p${p}.jsonl`, "-o", `s${p}.jsonl`], { cwd: dir })).code).toBe(0);
    const r = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("--nrefs var");
  });
});

/** A folder with inputs for pairwise and mbr, and an `out` file holding a previous result. */
function outputCase(): string {
  const dir = tempDir();
  const hyps = Array.from({ length: 3000 }, (_, i) => `the cat ${i % 31} sat on the mat ${i % 7}`);
  const gz = gzipSync(Buffer.from(`${hyps.join("\n")}\n`));
  writeFiles(dir, {
    "hyps.txt": `${hyps.slice(0, 5).join("\n")}\n`,
    "refs.txt": "the cat sat on the mat\na dog barks\n",
    "cands.jsonl": `${JSON.stringify({ id: 1, candidates: ["the cat sat", "a cat sat", "dogs"] })}\n`,
    // Two good records, then one without candidates: the run fails after writing two lines.
    "bad.jsonl": `${[1, 2].map((id) => JSON.stringify({ id, candidates: ["the cat sat", "a cat sat"] })).join("\n")}\n{"id": 3}\n`,
    out: "previous result\n",
  });
  // A gzip stream cut short: the first blocks of rows are scored and written, then reading fails.
  writeFileSync(join(dir, "cut.txt.gz"), gz.subarray(0, gz.length - 40));
  return dir;
}

/** The files left in `dir` (a temporary file would show here). */
const listing = (dir: string) => readdirSync(dir).sort();

describe("items 5-6 for pairwise and mbr: -o is atomic and never an input", () => {
  const runs: [string, string[], string[]][] = [
    ["pairwise", ["pairwise", "-m", "chrf", "--hyps", "hyps.txt", "--refs", "refs.txt"], ["hyps.txt", "refs.txt"]],
    ["pairwise npy", ["pairwise", "-m", "bleu", "-f", "npy", "--hyps", "hyps.txt", "--refs", "refs.txt"], ["hyps.txt", "refs.txt"]],
    ["mbr", ["mbr", "-m", "chrf", "--input", "cands.jsonl"], ["cands.jsonl"]],
  ];

  for (const [name, args, inputs] of runs) {
    it(`${name}: -o naming an input is refused and the input kept`, async () => {
      const dir = outputCase();
      for (const input of inputs) {
        const before = readFileSync(join(dir, input));
        const r = await inProcess([...args, "-o", input], { cwd: dir });
        expect(r.code).toBe(2);
        expect(r.stderr).toContain(`-o ${input} is one of the input files`);
        expect(readFileSync(join(dir, input))).toEqual(before);
        // The same file by another path.
        const again = await inProcess([...args, "-o", `./${input}`], { cwd: dir });
        expect(again.code).toBe(2);
        expect(readFileSync(join(dir, input))).toEqual(before);
      }
    });

    it(`${name}: -o is written whole, replacing the previous file`, async () => {
      const dir = outputCase();
      const before = listing(dir);
      const r = await inProcess([...args, "-o", "out"], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      const stdout = await inProcess(name === "pairwise npy" ? [...args, "-o", "out2"] : args, { cwd: dir });
      const expected = name === "pairwise npy" ? readFileSync(join(dir, "out2")) : Buffer.from(stdout.stdout);
      expect(readFileSync(join(dir, "out"))).toEqual(expected);
      expect(listing(dir)).toEqual(name === "pairwise npy" ? [...before, "out2"].sort() : before);
    });
  }

  it("pairwise: a run that fails after writing rows leaves the previous -o file and no temporary file", async () => {
    const dir = outputCase();
    const before = listing(dir);
    for (const format of ["jsonl", "npy"]) {
      const r = await inProcess(["pairwise", "-m", "chrf", "-f", format, "--hyps", "cut.txt.gz", "--refs", "refs.txt", "-o", "out"], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("cut.txt.gz");
      expect(readFileSync(join(dir, "out"), "utf8")).toBe("previous result\n");
      expect(listing(dir)).toEqual(before);
    }
  });

  it("mbr: a bad record after good ones leaves the previous -o file and no temporary file", async () => {
    const dir = outputCase();
    const before = listing(dir);
    const r = await inProcess(["mbr", "-m", "chrf", "--input", "bad.jsonl", "-o", "out"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("bad.jsonl line 3");
    expect(readFileSync(join(dir, "out"), "utf8")).toBe("previous result\n");
    expect(listing(dir)).toEqual(before);
  });

  it("pairwise and mbr: -o into a missing folder names the folder", async () => {
    const dir = outputCase();
    for (const args of [runs[0]![1], runs[2]![1]]) {
      const r = await inProcess([...args, "-o", "nodir/x.jsonl"], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("the folder nodir does not exist");
      expect(r.stderr).not.toContain("ENOENT");
    }
  });
});

describe("items 5-6 for report: -o is checked against the inputs and written before the message", () => {
  it("refuses -o naming an input, and a missing folder, before reading", async () => {
    const dir = outputCase();
    writeFiles(dir, { "sys.txt": "the cat sat\na dog\n", "ref.txt": "the cat sat on the mat\na dog barks\n" });
    const before = readFileSync(join(dir, "ref.txt"), "utf8");
    const r = await inProcess(["report", "-m", "bleu", "ref.txt", "-i", "sys.txt", "-o", "ref.txt"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("-o ref.txt is one of the input files");
    expect(readFileSync(join(dir, "ref.txt"), "utf8")).toBe(before);
    const missing = await inProcess(["report", "-m", "bleu", "ref.txt", "-i", "sys.txt", "-o", "nodir/r.html"], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("the folder nodir does not exist");
    expect(missing.stderr).not.toContain("wrote");
  });
});
