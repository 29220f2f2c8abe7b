/**
 * Issue 13, "nothing lost, nothing silently wrong": shards that identify themselves, plugins checked
 * the same way by every metric, atomic `-o`, output errors, streamed segments and clear messages.
 * Each describe block names the item of the issue it covers.
 */
import { spawn } from "node:child_process";
import { closeSync, linkSync, openSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createBleu } from "@gramscore/metric-bleu";
import { assertBuilt, cli, cliJs, data, inProcess, tempDir, writeFiles } from "./helpers.js";

const fixtures = join(data, "..", "reliab");
const badPlugin = join(fixtures, "bad-tokenizers.mjs");

describe("item 3: plugin tokenizers resolve and are checked the same way in every metric", () => {
  it("refuses a tokenizer that returns numbers, for ROUGE as for BLEU, naming the plugin", async () => {
    for (const args of [
      ["-m", "rouge", "--rouge-tokenize", "numbers"],
      ["-m", "bleu", "--tokenize", "numbers"],
    ]) {
      const r = await inProcess(["--plugin", badPlugin, "score", ...args, "refA.txt", "-i", "sysA.txt", "-f", "json"]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(/tokenizer "numbers" of plugin "bad-tokenizers" used by (rouge|bleu) .*not a string/);
    }
  });

  it("uses a user plugin's 13a in BLEU too (user plugins take precedence over built-ins)", async () => {
    const r = await inProcess(["--plugin", badPlugin, "score", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "-f", "json"]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { metrics: { signature: string; systems: { corpus: { score: number } }[] }[] };
    const chars = (text: string) => Array.from(text).filter((c) => c !== " ");
    const { readFileSync } = await import("node:fs");
    const lines = (f: string) => readFileSync(join(data, f), "utf8").replace(/\n$/, "").split("\n").map((l) => l.trimEnd());
    const expected = createBleu({ tokenize: { name: "13a", signature: "chars13a", tokenize: chars } });
    let total = expected.empty();
    const hyps = lines("sysA.txt");
    const refs = lines("refA.txt");
    hyps.forEach((h, i) => (total = expected.merge(total, expected.stats(h, [refs[i]!]))));
    expect(doc.metrics[0]!.signature).toContain("tok:chars13a");
    expect(doc.metrics[0]!.systems[0]!.corpus.score).toBe(expected.score(total, "corpus").score);
  });

  it("names the plugin, the metric and the line when a plugin tokenizer throws while scoring", async () => {
    const r = await inProcess(["--plugin", badPlugin, "score", "-m", "rouge", "--rouge-tokenize", "explodes", "refA.txt", "-i", "sysA.txt"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("sysA.txt line 1");
    expect(r.stderr).toContain('tokenizer "explodes" of plugin "bad-tokenizers" used by rouge threw: kaboom');
    expect(r.stderr).not.toContain("unexpected error");
  });
});

/** A folder with `n` segments of text input (hyp.txt, ref.txt) of a few words each. */
function textInput(n: number): string {
  const dir = tempDir();
  const hyp: string[] = [];
  const ref: string[] = [];
  for (let i = 0; i < n; i++) {
    hyp.push(`the cat ${i % 97} sat on mat ${i % 13}`);
    ref.push(`the cat ${i % 89} sat on the mat ${i % 11}`);
  }
  writeFiles(dir, { "hyp.txt": `${hyp.join("\n")}\n`, "ref.txt": `${ref.join("\n")}\n` });
  return dir;
}

describe("items 5-7: -o is atomic, never an input, and output errors are clear", () => {
  beforeAll(() => assertBuilt());
  const fault = join(fixtures, "fault.mjs");

  it("item 5: a process killed mid-write leaves the previous -o file intact", async () => {
    const dir = textInput(30_000);
    writeFileSync(join(dir, "out.jsonl"), "previous results\n");
    const r = await cli(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "--segments", "-f", "jsonl", "-o", "out.jsonl"], {
      cwd: dir,
      nodeArgs: ["--import", fault],
      env: { FAULT: "kill", FAULT_AFTER: "1" },
    });
    expect(r.code).not.toBe(0);
    expect(readFileSync(join(dir, "out.jsonl"), "utf8")).toBe("previous results\n");
    // The same run without the fault writes the whole file.
    const ok = await cli(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "--segments", "-f", "jsonl", "-o", "out.jsonl"], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(join(dir, "out.jsonl"), "utf8").split("\n").length).toBe(30_000 + 2);
  });

  it("item 5: a full disk leaves the previous -o file intact and no temporary file", async () => {
    const dir = textInput(30_000);
    writeFileSync(join(dir, "out.jsonl"), "previous results\n");
    const r = await cli(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "--segments", "-f", "jsonl", "-o", "out.jsonl"], {
      cwd: dir,
      nodeArgs: ["--import", fault],
      env: { FAULT: "enospc", FAULT_AFTER: "1" },
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("gramscore: error: Cannot write out.jsonl: no space left on the device (ENOSPC)");
    expect(readFileSync(join(dir, "out.jsonl"), "utf8")).toBe("previous results\n");
    expect(readdirSync(dir).sort()).toEqual(["hyp.txt", "out.jsonl", "ref.txt"]);
  });

  it("item 6: -o naming an input file (by any path, or a hard link to it) is refused and the file is kept", async () => {
    const dir = textInput(10);
    const before = readFileSync(join(dir, "ref.txt"), "utf8");
    linkSync(join(dir, "hyp.txt"), join(dir, "hyp-link.txt"));
    for (const out of ["ref.txt", "./ref.txt", join(dir, "ref.txt"), "hyp-link.txt"]) {
      const r = await inProcess(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-o", out], { cwd: dir });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/is one of the input files/);
    }
    const stats = await inProcess(["stats", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-o", "s.jsonl"], { cwd: dir });
    expect(stats.code, stats.stderr).toBe(0);
    const merged = await inProcess(["merge", "s.jsonl", "-o", "s.jsonl"], { cwd: dir });
    expect(merged.code).toBe(2);
    expect(readFileSync(join(dir, "ref.txt"), "utf8")).toBe(before);
    expect(readFileSync(join(dir, "s.jsonl"), "utf8")).toContain('"format"');
  });

  it("item 7: a full stdout (> /dev/full) is a clear error with exit code 1, not a stack trace", async () => {
    const dir = textInput(100);
    const full = openSync("/dev/full", "w");
    try {
      const r = await new Promise<{ code: number | null; stderr: string }>((done, fail) => {
        const child = spawn(process.execPath, [cliJs, "score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-f", "json"], {
          cwd: dir,
          stdio: ["ignore", full, "pipe"],
          env: { ...process.env, NO_COLOR: "1" },
        });
        let err = "";
        child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
        child.on("error", fail);
        child.on("close", (code) => done({ code, stderr: err }));
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("gramscore: error: Cannot write standard output: no space left on the device (ENOSPC)");
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      closeSync(full);
    }
  });

  it("item 7: a reader that goes away (EPIPE) ends the command quietly with status 0, as Unix tools do", async () => {
    const dir = textInput(50_000);
    const r = await new Promise<{ code: number | null; stderr: string }>((done, fail) => {
      const child = spawn(process.execPath, [cliJs, "score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "--segments", "-f", "jsonl"], {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NO_COLOR: "1" },
      });
      let err = "";
      child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
      child.stdout!.once("data", () => child.stdout!.destroy());
      child.on("error", fail);
      child.on("close", (code) => done({ code, stderr: err }));
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
  });

  it("item 7: `gramscore score ... --segments | head -1` prints one line and both ends exit 0", async () => {
    const dir = textInput(50_000);
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
      const script = `"${process.execPath}" "${cliJs}" score -m bleu ref.txt -i hyp.txt --segments -f jsonl | head -1; echo "status \${PIPESTATUS[0]} \${PIPESTATUS[1]}" >&2`;
      const child = spawn("bash", ["-c", script], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" } });
      let out = "";
      let err = "";
      child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
      child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
      child.on("error", fail);
      child.on("close", (code) => done({ code, stdout: out, stderr: err }));
    });
    expect(r.stderr).toBe("status 0 0\n");
    expect(r.stdout.split("\n").filter((l) => l !== "")).toHaveLength(1);
    expect(JSON.parse(r.stdout)).toHaveProperty("system");
  });

  it("item 14: -o into a missing folder names the folder instead of a raw ENOENT", async () => {
    const r = await inProcess(["score", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "-o", "nodir/x.json"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot write nodir/x.json: the folder nodir does not exist. Create it first");
  });
});

/** Shell words of a README command line (plain words, no quoting needed by the recipe). */
function words(line: string): string[] {
  return line.replace(/#.*$/, "").trim().split(/\s+/).filter((w) => w !== "");
}

/** The commands of the CLI README's "Sharded scoring" recipe, exactly as written there. */
function shardRecipe(): string[][] {
  const text = readFileSync(join(data, "../../..", "README.md"), "utf8");
  const m = /### Sharded scoring\n+```sh\n([\s\S]*?)\n```/.exec(text);
  if (m === null) throw new Error("the CLI README has no ```sh block under ### Sharded scoring");
  return m[1]!.split("\n").map(words).filter((w) => w.length > 0);
}

/** A folder with a 2-part corpus (hyp.partN.txt, ref.partN.txt) and the whole (hyp.txt, ref.txt). */
function shardedCorpus(): string {
  const dir = textInput(0);
  const hyp: string[] = [];
  const ref: string[] = [];
  for (let i = 0; i < 120; i++) {
    hyp.push(`the ${["cat", "dog", "bird"][i % 3]} number ${i % 17} sat on a mat near ${i % 5}`);
    ref.push(`the ${["cat", "dog", "fish"][i % 3]} number ${i % 19} sat on the mat near ${i % 7}`);
  }
  const lines = (xs: string[]) => `${xs.join("\n")}\n`;
  writeFiles(dir, {
    "hyp.txt": lines(hyp),
    "ref.txt": lines(ref),
    "hyp.part1.txt": lines(hyp.slice(0, 70)),
    "ref.part1.txt": lines(ref.slice(0, 70)),
    "hyp.part2.txt": lines(hyp.slice(70)),
    "ref.part2.txt": lines(ref.slice(70)),
  });
  return dir;
}

type Doc = { metrics: { metric: string; systems: { system: string; count: number; corpus: unknown }[] }[] };

describe("items 1-2: shards name their system and identify themselves; merge refuses what does not fit", () => {
  it("item 1: the README's sharding recipe, run as written, gives the one-pass corpus score", async () => {
    const dir = shardedCorpus();
    const recipe = shardRecipe();
    expect(recipe.length).toBeGreaterThanOrEqual(3);
    let last = "";
    for (const cmd of recipe) {
      expect(cmd[0]).toBe("gramscore");
      const r = await inProcess(cmd.slice(1), { cwd: dir });
      expect(r.code, `${cmd.join(" ")}\n${r.stderr}`).toBe(0);
      expect(r.stderr).toBe("");
      last = r.stdout;
    }
    const merged = JSON.parse(last) as Doc;
    const stats = recipe[0]!;
    const metrics = stats[stats.indexOf("-m") + 1]!;
    const system = stats[stats.indexOf("--system") + 1]!;
    const whole = await inProcess(["score", "-m", metrics, "ref.txt", "-i", "hyp.txt", "--system", system, "-f", "json"], { cwd: dir });
    expect(whole.code, whole.stderr).toBe(0);
    const one = JSON.parse(whole.stdout) as Doc;
    expect(merged.metrics.map((m) => m.systems.length)).toEqual(one.metrics.map(() => 1));
    expect(merged.metrics.map((m) => m.systems)).toEqual(one.metrics.map((m) => m.systems));
  });

  it("item 1: --system takes one distinct name per input file", async () => {
    const dir = shardedCorpus();
    const two = await inProcess(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "hyp.txt", "--system", "A", "-f", "json"], { cwd: dir });
    expect(two.code).toBe(2);
    const r = await inProcess(["score", "-m", "bleu", "ref.part1.txt", "-i", "hyp.part1.txt", "ref.part1.txt", "--system", "A"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--system takes one name per hypothesis file (2 given: hyp.part1.txt, ref.part1.txt), but got 1 (A)");
    const dup = await inProcess(["score", "-m", "bleu", "ref.part1.txt", "-i", "hyp.part1.txt", "ref.part1.txt", "--system", "A,A"], { cwd: dir });
    expect(dup.code).toBe(2);
    expect(dup.stderr).toContain("--system names A twice");
    const ok = await inProcess(["score", "-m", "bleu", "ref.part1.txt", "-i", "hyp.part1.txt", "ref.part1.txt", "--system", "A,B", "-f", "json"], { cwd: dir });
    expect((JSON.parse(ok.stdout) as Doc).metrics[0]!.systems.map((s) => s.system)).toEqual(["A", "B"]);
    writeFiles(dir, { "r.jsonl": '{"hyp": "a b", "refs": ["a b"]}\n{"hyp": "a c", "refs": ["a b"], "system": "other"}\n' });
    const jsonl = await inProcess(["score", "-m", "bleu", "-i", "r.jsonl", "--system", "named", "-f", "json"], { cwd: dir });
    expect((JSON.parse(jsonl.stdout) as Doc).metrics[0]!.systems.map((s) => s.system)).toEqual(["named", "other"]);
  });

  async function shards(dir: string, metrics2 = "bleu,chrf"): Promise<void> {
    for (const [part, metrics] of [
      ["1", "bleu,chrf"],
      ["2", metrics2],
    ] as const) {
      const r = await inProcess(["stats", "-m", metrics, `ref.part${part}.txt`, "-i", `hyp.part${part}.txt`, "--system", "mt", "-o", `s${part}.jsonl`], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
    }
  }

  it("item 2: the same shard twice is refused (the same file, or a copy)", async () => {
    const dir = shardedCorpus();
    await shards(dir);
    const same = await inProcess(["merge", "s1.jsonl", "s2.jsonl", "s1.jsonl"], { cwd: dir });
    expect(same.code).toBe(1);
    expect(same.stderr).toContain("s1.jsonl has the same content as s1.jsonl");
    // A copy with its lines reordered: caught by the shard id.
    const lines = readFileSync(join(dir, "s1.jsonl"), "utf8").trimEnd().split("\n");
    writeFiles(dir, { "copy.jsonl": `${[...lines].reverse().join("\n")}\n` });
    const copy = await inProcess(["merge", "s1.jsonl", "s2.jsonl", "copy.jsonl"], { cwd: dir });
    expect(copy.code).toBe(1);
    expect(copy.stderr).toMatch(/shard [0-9a-f]{16} \(hyp\.part1\.txt, ref\.part1\.txt\) is given twice: s1\.jsonl line \d and copy\.jsonl line \d/);
  });

  it("item 2: a shard with a metric line missing is refused, naming the file", async () => {
    const dir = shardedCorpus();
    await shards(dir);
    const lines = readFileSync(join(dir, "s2.jsonl"), "utf8").trimEnd().split("\n");
    writeFiles(dir, { "s2.jsonl": `${lines.filter((l) => !l.includes('"metric":"chrf"')).join("\n")}\n` });
    const r = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("s2.jsonl holds 1 of the 2 lines gramscore stats wrote for shard");
  });

  it("item 2: BLEU from two shards with chrF from one is refused, with each metric's segment count", async () => {
    const dir = shardedCorpus();
    await shards(dir, "bleu");
    const r = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/The metrics of system mt do not cover the same segments: bleu covers 120 segments in 2 shards .*, but chrf covers 70 segments in 1 shard/);
  });

  it("item 2: shards without identity (older files) are read with a warning; differing counts are still refused", async () => {
    const dir = shardedCorpus();
    await shards(dir);
    const strip = (f: string, keep: (l: string) => boolean = () => true) => {
      const lines = readFileSync(join(dir, f), "utf8").trimEnd().split("\n").filter(keep);
      writeFiles(dir, { [f]: `${lines.map((l) => { const v = JSON.parse(l) as Record<string, unknown>; delete v.shard; return JSON.stringify(v); }).join("\n")}\n` });
    };
    strip("s1.jsonl");
    strip("s2.jsonl");
    const ok = await inProcess(["merge", "s1.jsonl", "s2.jsonl", "-f", "json"], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain("have no shard identity (written by an older gramscore stats)");
    expect((JSON.parse(ok.stdout) as Doc).metrics.map((m) => m.systems[0]!.count)).toEqual([120, 120]);
    strip("s2.jsonl", (l) => !l.includes('"metric":"chrf"'));
    const bad = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain("do not cover the same segments: bleu covers 120 segments");
  });
});

describe("item 13: merge messages name the file, the line and what to do", () => {
  it("blames a bad later shard on its own file and line", async () => {
    const dir = shardedCorpus();
    for (const p of ["1", "2"]) await inProcess(["stats", "-m", "bleu", `ref.part${p}.txt`, "-i", `hyp.part${p}.txt`, "--system", "mt", "-o", `s${p}.jsonl`], { cwd: dir });
    const v = JSON.parse(readFileSync(join(dir, "s2.jsonl"), "utf8")) as { stats: { matches: number[] } };
    v.stats.matches = [1, 2];
    writeFiles(dir, { "s2.jsonl": `${JSON.stringify(v)}\n` });
    const r = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("s2.jsonl line 1:");
    expect(r.stderr).not.toContain("s1.jsonl");
  });

  it("gives the line of a truncated shard", async () => {
    const dir = shardedCorpus();
    await inProcess(["stats", "-m", "bleu,chrf", "ref.part1.txt", "-i", "hyp.part1.txt", "--system", "mt", "-o", "s1.jsonl"], { cwd: dir });
    const text = readFileSync(join(dir, "s1.jsonl"), "utf8");
    writeFiles(dir, { "s1.jsonl": text.slice(0, text.length - 40) });
    const r = await inProcess(["merge", "s1.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("s1.jsonl line 2: not valid JSON");
    expect(r.stderr).toContain("truncated");
  });

  it("names both files and the option when shards were computed with different options", async () => {
    const dir = shardedCorpus();
    await inProcess(["stats", "-m", "bleu", "ref.part1.txt", "-i", "hyp.part1.txt", "--system", "mt", "-o", "s1.jsonl"], { cwd: dir });
    await inProcess(["stats", "-m", "bleu", "--lowercase", "ref.part2.txt", "-i", "hyp.part2.txt", "--system", "mt", "-o", "s2.jsonl"], { cwd: dir });
    const r = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/different options: s\d\.jsonl line 1 and s\d\.jsonl line 1 differ in lowercase: /);
  });

  it("suggests --nrefs var when the shards have different numbers of references", async () => {
    const dir = shardedCorpus();
    writeFiles(dir, {
      "p1.jsonl": '{"hyp": "a b c d", "refs": ["a b c d"], "system": "s"}\n',
      "p2.jsonl": '{"hyp": "a b c e", "refs": ["a b c d", "a b c e"], "system": "s"}\n',
    });
    await inProcess(["stats", "-m", "bleu", "-i", "p1.jsonl", "-o", "s1.jsonl"], { cwd: dir });
    await inProcess(["stats", "-m", "bleu", "-i", "p2.jsonl", "-o", "s2.jsonl"], { cwd: dir });
    const r = await inProcess(["merge", "s1.jsonl", "s2.jsonl"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("nrefs:1 and nrefs:2");
    expect(r.stderr).toContain("--nrefs var");
    for (const p of ["1", "2"]) await inProcess(["stats", "-m", "bleu", "--nrefs", "var", "-i", `p${p}.jsonl`, "-o", `s${p}.jsonl`], { cwd: dir });
    const ok = await inProcess(["merge", "s1.jsonl", "s2.jsonl", "-f", "json"], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
  });
});

describe("item 8: --segments output is streamed (jsonl, csv) or written in pieces (json)", () => {
  it("gives the same lines as before: segment lines in input order, then the corpus lines", async () => {
    const dir = shardedCorpus();
    writeFiles(dir, { "hyp2.txt": readFileSync(join(dir, "ref.txt"), "utf8") });
    const base = ["score", "-m", "bleu,chrf", "ref.txt", "-i", "hyp.txt", "hyp2.txt", "--segments"];
    const jsonl = await inProcess([...base, "-f", "jsonl"], { cwd: dir });
    expect(jsonl.code, jsonl.stderr).toBe(0);
    const lines = jsonl.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { type: string; metric: string; system: string; segment?: number });
    expect(lines.length).toBe(120 * 2 * 2 + 4);
    // Input order: line by line, each system, each metric; then corpus lines (metric by metric).
    expect(lines.slice(0, 4).map((l) => [l.type, l.metric, l.system, l.segment])).toEqual([
      ["segment", "bleu", "hyp.txt", 1],
      ["segment", "chrf", "hyp.txt", 1],
      ["segment", "bleu", "hyp2.txt", 1],
      ["segment", "chrf", "hyp2.txt", 1],
    ]);
    expect(lines.slice(-4).map((l) => [l.type, l.metric, l.system])).toEqual([
      ["corpus", "bleu", "hyp.txt"],
      ["corpus", "bleu", "hyp2.txt"],
      ["corpus", "chrf", "hyp.txt"],
      ["corpus", "chrf", "hyp2.txt"],
    ]);
    // The corpus lines are those without --segments.
    const plain = await inProcess(["score", "-m", "bleu,chrf", "ref.txt", "-i", "hyp.txt", "hyp2.txt", "-f", "jsonl"], { cwd: dir });
    expect(jsonl.stdout.trimEnd().split("\n").slice(-4).join("\n")).toBe(plain.stdout.trimEnd());
    // The same per-segment results as the json document (kept in memory).
    const json = await inProcess([...base, "-f", "json"], { cwd: dir });
    const doc = JSON.parse(json.stdout) as { metrics: { metric: string; systems: { system: string; segments: { segment: number; summary: unknown; result: unknown }[] }[] }[] };
    for (const l of lines.filter((x) => x.type === "segment") as unknown as { metric: string; system: string; segment: number; summary: unknown; result: unknown }[]) {
      const seg = doc.metrics.find((m) => m.metric === l.metric)!.systems.find((s) => s.system === l.system)!.segments[l.segment - 1]!;
      expect(seg.segment).toBe(l.segment);
      expect({ summary: l.summary, result: l.result }).toEqual({ summary: seg.summary, result: seg.result });
    }
    const csv = await inProcess([...base, "-f", "csv"], { cwd: dir });
    const rows = csv.stdout.trimEnd().split("\r\n");
    expect(rows[0]).toBe("system,segment,count,bleu.score,bleu.bp,chrf,bleu.signature,chrf.signature");
    expect(rows.length).toBe(1 + 240 + 2);
    expect(rows[1]).toMatch(/^hyp\.txt,1,1,[\d.]+,[\d.]+,[\d.]+,,$/);
    expect(rows.at(-1)).toMatch(/^hyp2\.txt,,120,100\.0000,1\.0000,100\.0000,nrefs:1\|/);
  });

  it("writes a large --segments -f json document in pieces, the same text as one JSON.stringify", async () => {
    const { jsonPieces } = await import("../src/output/json-pieces.js");
    const value = { a: [1, { b: "x\ny", c: [] }, null], d: {}, e: [[1, 2], { f: [3, { g: Number.NaN }] }], h: undefined };
    expect([...jsonPieces(value)].join("")).toBe(JSON.stringify(value, null, 2));
    expect([...jsonPieces(value, "", 1)].join("")).toBe(JSON.stringify(value, null, 2));
  });
});

describe("item 8: 1M segments with --segments -f jsonl in a fixed memory limit", () => {
  beforeAll(() => assertBuilt());

  it("scores 1,000,000 segments under node --max-old-space-size=256, writing every segment line", async () => {
    const dir = tempDir();
    const n = 1_000_000;
    const words = ["a", "b", "c", "d", "e", "f"];
    const hyp: string[] = [];
    const ref: string[] = [];
    for (let i = 0; i < n; i++) {
      hyp.push(`${words[i % 6]} ${words[(i >> 3) % 6]} x`);
      ref.push(`${words[i % 6]} ${words[(i >> 2) % 6]} x`);
    }
    writeFiles(dir, { "hyp.txt": `${hyp.join("\n")}\n`, "ref.txt": `${ref.join("\n")}\n` });
    hyp.length = 0;
    ref.length = 0;
    const result = await new Promise<{ code: number | null; stderr: string; lines: number; segments: number; last: string }>((done, fail) => {
      const child = spawn(process.execPath, ["--max-old-space-size=256", cliJs, "score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "--segments", "-f", "jsonl", "--no-progress"], {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
        env: { ...process.env, NO_COLOR: "1" },
      });
      let lines = 0;
      let segments = 0;
      let tail = "";
      let err = "";
      child.stdout!.setEncoding("utf8");
      child.stdout!.on("data", (chunk: string) => {
        const text = tail + chunk;
        const parts = text.split("\n");
        tail = parts.pop()!;
        lines += parts.length;
        for (const p of parts) if (p.startsWith('{"type":"segment"')) segments++;
        if (parts.length > 0) lastLine = parts[parts.length - 1]!;
      });
      let lastLine = "";
      child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
      child.on("error", fail);
      child.on("close", (code) => done({ code, stderr: err, lines, segments, last: lastLine }));
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.segments).toBe(n);
    expect(result.lines).toBe(n + 1);
    const corpus = JSON.parse(result.last) as { type: string; count: number };
    expect(corpus).toMatchObject({ type: "corpus", count: n });
  }, 600_000);
});

describe("item 4: byte order marks", () => {
  it("warns about a text file's BOM (keeping sacrebleu's number) and accepts a JSONL BOM", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "hyp.txt": "\uFEFFthe cat sat on the mat\n",
      "ref.txt": "the cat sat on the mat\n",
      "r.jsonl": '\uFEFF{"hyp": "the cat sat on the mat", "refs": ["the cat sat on the mat"]}\n',
    });
    const text = await inProcess(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-f", "json"], { cwd: dir });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stderr).toContain("warning: hyp.txt line 1 starts with a UTF-8 byte order mark");
    const score = (JSON.parse(text.stdout) as { metrics: { systems: { corpus: { score: number } }[] }[] }).metrics[0]!.systems[0]!.corpus.score;
    expect(score).toBeLessThan(100); // the BOM stays in the first token, as in sacrebleu
    const jsonl = await inProcess(["score", "-m", "bleu", "-i", "r.jsonl", "-f", "json"], { cwd: dir });
    expect(jsonl.code, jsonl.stderr).toBe(0);
    expect((JSON.parse(jsonl.stdout) as { metrics: { systems: { corpus: { score: number } }[] }[] }).metrics[0]!.systems[0]!.corpus.score).toBeCloseTo(100, 9);
  });
});

describe("item 12: --jobs is capped at the processors available", () => {
  beforeAll(() => assertBuilt());
  it("uses at most max(2 × os.availableParallelism(), 4) threads, says so, and gives the --jobs 1 result", async () => {
    const { availableParallelism } = await import("node:os");
    const p = availableParallelism();
    const dir = shardedCorpus();
    const many = await cli(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "--jobs", String(2 * p + 30), "-f", "json"], { cwd: dir });
    expect(many.code, many.stderr).toBe(0);
    expect(many.stderr).toContain(`--jobs ${2 * p + 30} is far more than the ${p} processor${p === 1 ? "" : "s"} available; using ${Math.max(2 * p, 4)}`);
    const one = await cli(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-f", "json"], { cwd: dir });
    expect(many.stdout).toBe(one.stdout);
  });
});

describe("item 14: messages that say what to do", () => {
  it("hints at the missing reference files when a text file is read as JSONL", async () => {
    const r = await inProcess(["score", "-m", "bleu", "-i", "sysA.txt"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("sysA.txt line 1: not valid JSON");
    expect(r.stderr).toContain("give the reference files too (gramscore score -m bleu ref.txt -i sysA.txt)");
  });

  it("says that --chrf-beta needs chrf among the metrics when only bleu is chosen", async () => {
    const r = await inProcess(["score", "-m", "bleu", "--chrf-beta", "3", "refA.txt", "-i", "sysA.txt"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown option '--chrf-beta'");
    expect(r.stderr).toContain("If chrf is a metric: its options (--chrf-beta) exist only when it is among the metrics chosen with -m (now bleu); add it: -m bleu,chrf.");
  });

  it("refuses GRAMSCORE_FORMAT=bogus instead of ignoring it", async () => {
    const r = await inProcess(["score", "-m", "bleu", "refA.txt", "-i", "sysA.txt"], { env: { NO_COLOR: "1", GRAMSCORE_FORMAT: "bogus" } });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('GRAMSCORE_FORMAT is "bogus", which is not an output format');
  });

  it("names the metric and the line when a plugin metric throws while scoring", async () => {
    const dir = tempDir();
    writeFiles(dir, { "hyp.txt": "fine\nboom here\n", "ref.txt": "fine\nok\n" });
    const r = await inProcess(["--plugin", badPlugin, "score", "-m", "fragile", "ref.txt", "-i", "hyp.txt"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("hyp.txt line 2: the metric fragile threw while scoring this segment: cannot read properties");
    expect(r.stderr).not.toContain("unexpected error");
  });

  it("exits with 1 and says so when a metric's corpus number is NaN", async () => {
    const r = await inProcess(["--plugin", badPlugin, "score", "-m", "nan-metric", "refA.txt", "-i", "sysA.txt", "-f", "csv"]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("nan");
    expect(r.stderr).toContain("the metric nan-metric (plugin bad-tokenizers) returned NaN for score of system sysA.txt");
  });

  it("recognizes gzip data without a .gz name", async () => {
    const { gzipSync } = await import("node:zlib");
    const dir = tempDir();
    writeFileSync(join(dir, "hyp.txt"), gzipSync("the cat\n"));
    writeFiles(dir, { "ref.txt": "the cat\n" });
    const r = await inProcess(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("hyp.txt line 1: this is gzip-compressed data, but the name does not end in .gz");
  });
});
