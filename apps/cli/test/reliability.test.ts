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
      ["-m", "rouge", "--rouge-tokenizer", "numbers"],
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
    const r = await inProcess(["--plugin", badPlugin, "score", "-m", "rouge", "--rouge-tokenizer", "explodes", "refA.txt", "-i", "sysA.txt"]);
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

  it("item 7: a reader that goes away (EPIPE) is reported with a non-zero exit", async () => {
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
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot write standard output: the reader closed the pipe");
  });

  it("item 14: -o into a missing folder names the folder instead of a raw ENOENT", async () => {
    const r = await inProcess(["score", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "-o", "nodir/x.json"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("Cannot write nodir/x.json: the folder nodir does not exist. Create it first");
  });
});
