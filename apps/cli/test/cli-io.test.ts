/**
 * Issue 26: what the CLI writes and where (`-o` through symbolic links, temporary files on a signal,
 * checked standard output in every command), `pairwise` and `mbr` reading input as `score` does, and
 * messages that say what was expected, what came and how to fix it. Each describe block names its item.
 */
import { execFileSync, spawn } from "node:child_process";
import { closeSync, createReadStream, lstatSync, mkdirSync, openSync, readFileSync, readdirSync, readlinkSync, symlinkSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createChrf } from "@gramscore/metric-chrf";
import { assertBuilt, cli, cliJs, data, inProcess, tempDir, writeFiles } from "./helpers.js";

const reliab = join(data, "..", "reliab");
const misbehaving = join(reliab, "misbehaving.mjs");
const noWordnet = join(reliab, "no-wordnet.mjs");

/** Runs the built CLI with its standard output on `fd` (a file, /dev/full); resolves with its exit and stderr. */
function runWithStdout(fd: number, args: readonly string[], cwd: string, stdin?: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [cliJs, ...args], {
      cwd,
      stdio: [stdin === undefined ? "ignore" : "pipe", fd, "pipe"],
      env: { ...process.env, NO_COLOR: "1", GRAMSCORE_FORMAT: "", GRAMSCORE_JOBS_MIN_BYTES: "0" },
    });
    let err = "";
    child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
    if (stdin !== undefined) child.stdin!.end(stdin);
    child.on("error", fail);
    child.on("close", (code, signal) => done({ code, signal, stderr: err }));
  });
}

/** A folder with the small text fixtures (ref.txt, hyp.txt). */
function textFolder(): string {
  const dir = tempDir("gramscore-io-");
  writeFiles(dir, { "ref.txt": readFileSync(join(data, "refA.txt"), "utf8"), "hyp.txt": readFileSync(join(data, "sysA.txt"), "utf8") });
  return dir;
}

const temps = (dir: string) => readdirSync(dir).filter((n) => n.endsWith(".tmp"));

describe("item 1: -o replaces only a regular file, at the end of its symbolic links", () => {
  beforeAll(() => assertBuilt());

  it("a link to a regular file stays a link; the file it points to is replaced, its temporary file beside it", async () => {
    const dir = textFolder();
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "sub", "real.json"), "previous\n");
    symlinkSync("sub/real.json", join(dir, "link.json"));
    symlinkSync("sub/missing.json", join(dir, "dangling.json"));
    for (const out of ["link.json", "dangling.json"]) {
      const r = await inProcess(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-f", "json", "-o", out], { cwd: dir });
      expect(r.code, r.stderr).toBe(0);
      expect(lstatSync(join(dir, out)).isSymbolicLink()).toBe(true);
    }
    expect(readlinkSync(join(dir, "link.json"))).toBe("sub/real.json");
    expect(JSON.parse(readFileSync(join(dir, "sub", "real.json"), "utf8")).metrics[0].metric).toBe("bleu");
    expect(JSON.parse(readFileSync(join(dir, "sub", "missing.json"), "utf8")).metrics[0].metric).toBe("bleu");
    expect(readdirSync(join(dir, "sub")).sort()).toEqual(["missing.json", "real.json"]);
    expect(temps(dir)).toEqual([]);
  });

  it("a link to a FIFO is written through (the FIFO stays)", async () => {
    const dir = textFolder();
    execFileSync("mkfifo", [join(dir, "fifo")]);
    symlinkSync("fifo", join(dir, "out"));
    const chunks: Buffer[] = [];
    const read = new Promise<string>((done, fail) => {
      const s = createReadStream(join(dir, "fifo"));
      s.on("data", (c) => chunks.push(c as Buffer));
      s.on("end", () => done(Buffer.concat(chunks).toString("utf8")));
      s.on("error", fail);
    });
    const r = await cli(["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-f", "json", "-o", "out"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(await read).metrics[0].metric).toBe("bleu");
    expect(lstatSync(join(dir, "fifo")).isFIFO()).toBe(true);
    expect(lstatSync(join(dir, "out")).isSymbolicLink()).toBe(true);
  });

  it("-o through a descriptor link (as /dev/stdout -> /proc/self/fd/1) with stdout on a file: written there, appended, the link kept", async () => {
    const dir = textFolder();
    symlinkSync("/proc/self/fd/1", join(dir, "stdout"));
    const captured = join(dir, "captured.txt");
    const fd = openSync(captured, "w");
    try {
      writeSync(fd, "header\n");
      const r = await runWithStdout(fd, ["score", "-m", "bleu", "ref.txt", "-i", "hyp.txt", "-f", "json", "-o", join(dir, "stdout")], dir);
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
    } finally {
      closeSync(fd);
    }
    expect(lstatSync(join(dir, "stdout")).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, "stdout"))).toBe("/proc/self/fd/1");
    const text = readFileSync(captured, "utf8");
    expect(text.startsWith("header\n")).toBe(true);
    expect(JSON.parse(text.slice("header\n".length)).metrics[0].metric).toBe("bleu");
    expect(temps(dir)).toEqual([]);
  });
});

describe("item 2: a terminating signal removes the temporary file of -o", () => {
  beforeAll(() => assertBuilt());

  for (const [signal, status] of [["SIGTERM", 143], ["SIGINT", 130]] as const) {
    it(`${signal}: no temporary file stays, the previous file is kept, exit ${status}`, async () => {
      const dir = textFolder();
      writeFileSync(join(dir, "out.jsonl"), "previous\n");
      const child = spawn(process.execPath, [cliJs, "score", "-m", "bleu", "ref.txt", "--segments", "-f", "jsonl", "-o", "out.jsonl"], {
        cwd: dir,
        stdio: ["pipe", "ignore", "pipe"],
        env: { ...process.env, NO_COLOR: "1" },
      });
      let err = "";
      child.stderr!.on("data", (c: Buffer) => (err += c.toString()));
      const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => child.on("close", (code, sig) => done({ code, signal: sig })));
      // Standard input stays open: the run waits for more hypotheses with its temporary file created.
      child.stdin!.write("the cat sat on the mat\n");
      for (let i = 0; i < 600 && temps(dir).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(temps(dir), err).toHaveLength(1);
      child.kill(signal);
      const end = await closed;
      expect(end).toEqual({ code: status, signal: null });
      expect(temps(dir)).toEqual([]);
      expect(readFileSync(join(dir, "out.jsonl"), "utf8")).toBe("previous\n");
    });
  }
});

describe("item 3: every command checks its writes to standard output", () => {
  beforeAll(() => assertBuilt());

  it("tokenize, explain, demo, list and --help on a full disk (> /dev/full): IO_ERROR, exit 1", async () => {
    const dir = textFolder();
    const full = openSync("/dev/full", "w");
    try {
      for (const args of [
        ["tokenize", "-t", "13a", "hyp.txt"],
        ["explain", "-m", "bleu", "--hyp", "the cat", "--ref", "the cat"],
        ["explain", "-m", "bleu", "--hyp", "the cat", "--ref", "the cat", "-f", "json"],
        ["demo", "-f", "csv"],
        ["list"],
        ["list", "-f", "json"],
        ["--help"],
        ["score", "--help"],
        ["--version"],
      ]) {
        const r = await runWithStdout(full, args, dir);
        expect(r.code, args.join(" ")).toBe(1);
        expect(r.stderr).toContain("gramscore: error: Cannot write standard output: no space left on the device (ENOSPC)");
        expect(r.stderr).not.toMatch(/\n\s+at /);
      }
    } finally {
      closeSync(full);
    }
  });

  it("demo --report waits for the report: a folder is refused before anything is printed, a file is written before 'wrote'", async () => {
    const dir = tempDir("gramscore-io-");
    mkdirSync(join(dir, "reports"));
    const bad = await inProcess(["demo", "--report", "reports"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--report reports is a folder");
    expect(bad.stderr).not.toContain("wrote");
    expect(bad.stdout).toBe("");
    const missing = await inProcess(["demo", "--report", "nodir/r.html"], { cwd: dir });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("the folder nodir does not exist");
    const ok = await inProcess(["demo", "-f", "csv", "--report", "r.html"], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain("gramscore: wrote r.html");
    expect(readFileSync(join(dir, "r.html"), "utf8")).toMatch(/^<!doctype html>/i);
  });
});

describe("item 4: pairwise and mbr decode their input as score does", () => {
  const hyp = "\uFEFFthe cat sat on the mat";
  const ref = "the cat sat on the mat";

  it("pairwise keeps a text file's byte order mark in the first word, as score does, with the same warning", async () => {
    const dir = tempDir("gramscore-io-");
    writeFiles(dir, { "hyp.txt": `${hyp}\n`, "ref.txt": `${ref}\n` });
    const r = await inProcess(["pairwise", "-m", "chrf", "--hyps", "hyp.txt", "--refs", "ref.txt"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const chrf = createChrf();
    const want = chrf.score(chrf.stats(hyp, [ref]), "segment").score;
    expect(want).not.toBe(100);
    expect(JSON.parse(r.stdout)).toEqual({ hyp: 0, scores: [want] });
    expect(r.stderr).toContain("hyp.txt line 1 starts with a UTF-8 byte order mark");
    const scored = await inProcess(["score", "-m", "chrf", "ref.txt", "-i", "hyp.txt", "-f", "json"], { cwd: dir });
    expect(JSON.parse(scored.stdout).metrics[0].systems[0].corpus.score).toBe(want);
  });

  it("invalid UTF-8 is an error naming the file and line (pairwise, mbr), after the lines before it", async () => {
    const dir = tempDir("gramscore-io-");
    writeFileSync(join(dir, "hyp.txt"), Buffer.from([...Buffer.from("the cat\nthe "), 0xff, ...Buffer.from(" dog\n")]));
    writeFileSync(join(dir, "ref.txt"), "the cat\n");
    const p = await inProcess(["pairwise", "-m", "chrf", "--hyps", "hyp.txt", "--refs", "ref.txt"], { cwd: dir });
    expect(p.code).toBe(1);
    expect(p.stderr).toContain("gramscore: error: hyp.txt line 2: not valid UTF-8 text");
    expect(p.stdout).toBe("");
    const record = JSON.stringify({ id: 1, candidates: ["a b", "a c"] });
    writeFileSync(join(dir, "c.jsonl"), Buffer.from([...Buffer.from(`${record}\n{"id": 2, "candidates": ["`), 0xc3, ...Buffer.from(`"]}\n`)]));
    const m = await inProcess(["mbr", "-m", "chrf", "--input", "c.jsonl"], { cwd: dir });
    expect(m.code).toBe(1);
    expect(m.stderr).toContain("gramscore: error: c.jsonl line 2: not valid UTF-8 text");
    expect(m.stdout.trimEnd().split("\n")).toHaveLength(1);
  });

  it("mbr skips a JSONL file's byte order mark, as score does", async () => {
    const dir = tempDir("gramscore-io-");
    writeFileSync(join(dir, "c.jsonl"), `\uFEFF${JSON.stringify({ id: "x", candidates: ["a b", "a b c"] })}\n`);
    const r = await inProcess(["mbr", "-m", "chrf", "--input", "c.jsonl"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).id).toBe("x");
  });

  it("mbr refuses weights whose sum overflows, and bad weights are data errors (exit 1), for both methods", async () => {
    for (const method of ["pairwise", "aggregate"]) {
      const r = await inProcess(["mbr", "-m", "chrf", "--method", method], { stdin: `${JSON.stringify({ id: 1, candidates: ["a b", "a c"] })}\n{"id":2,"candidates":["a b","a c"],"weights":[1e308,1e308]}\n` });
      expect(r.code, method).toBe(1);
      expect(r.stderr).toMatch(/^gramscore: error: stdin line 2: the record's "weights" cannot be used: weights add up to Infinity/);
      expect(r.stdout.trimEnd().split("\n")).toHaveLength(1);
      for (const weights of [[1], [-1, 2], [0, 0]]) {
        const bad = await inProcess(["mbr", "-m", "chrf", "--method", method], { stdin: JSON.stringify({ id: 1, candidates: ["a b", "a c"], weights }) });
        expect(bad.code, `${method} ${JSON.stringify(weights)}`).toBe(1);
        expect(bad.stderr).toContain("stdin line 1: the record's \"weights\" cannot be used");
      }
    }
  });

  it("mbr: a NaN utility from a plugin is written (null) and then exits 1 naming the metric, plugin and record", async () => {
    const r = await inProcess(["--plugin", misbehaving, "mbr", "-m", "nan-pairs"], { stdin: `${JSON.stringify({ id: "r7", candidates: ["a b", "a c"] })}\n` });
    expect(JSON.parse(r.stdout)).toEqual({ id: "r7", index: 0, candidate: "a b", utility: null });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('the metric nan-pairs (plugin misbehaving) gave NaN as the expected utility of candidate 0 of record "r7" (stdin line 1)');
  });
});

describe("item 5: messages say what was expected, what came and how to fix it", () => {
  beforeAll(() => assertBuilt());

  it("tokenize with a plugin tokenizer that returns a string, not an array", async () => {
    const r = await inProcess(["--plugin", misbehaving, "tokenize", "-t", "as-string"], { stdin: "the cat\n" });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('line 1: The tokenizer "as-string" of plugin "misbehaving" used by gramscore tokenize must return an array of strings, but returned the string "the cat"');
    expect(r.stderr).not.toContain("is not a function");
  });

  it("a plugin metric that returns BigInts: named, with the fix, in score (json, jsonl segments, csv) and explain", async () => {
    for (const args of [
      ["score", "-m", "bigint-metric", "refA.txt", "-i", "sysA.txt", "-f", "json"],
      ["score", "-m", "bigint-metric", "refA.txt", "-i", "sysA.txt", "-f", "csv"],
      ["score", "-m", "bigint-metric", "refA.txt", "-i", "sysA.txt", "-f", "jsonl", "--segments"],
      ["explain", "-m", "bigint-metric", "--hyp", "a", "--ref", "b", "-f", "json"],
    ]) {
      const r = await inProcess(["--plugin", misbehaving, ...args]);
      expect(r.code, args.join(" ")).toBe(1);
      expect(r.stderr).toMatch(/gramscore: error: .*the metric bigint-metric.* returned .*BigInt.*Fix the plugin/);
      expect(r.stderr).not.toContain("Do not know how to serialize");
      expect(r.stderr).not.toContain("unexpected error");
    }
  });

  it("-m meteor without @gramscore/wordnet names @gramscore/wordnet, not the metric package that is installed", async () => {
    const r = await cli(["score", "-m", "meteor", "refA.txt", "-i", "sysA.txt"], { nodeArgs: ["--import", noWordnet] });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('The metric "meteor" comes from @gramscore/metric-meteor, which is installed but could not be loaded');
    expect(r.stderr).toContain("npm install @gramscore/wordnet");
    expect(r.stderr).not.toContain("npm install @gramscore/metric-meteor");
  });

  it("mbr --exclude-self with --method aggregate is refused", async () => {
    const r = await inProcess(["mbr", "-m", "chrf", "--method", "aggregate", "--exclude-self"], { stdin: JSON.stringify({ id: 1, candidates: ["a b", "a c"] }) });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--exclude-self works with --method pairwise only");
    expect(r.stdout).toBe("");
  });

  it("an invalid GRAMSCORE_JOBS_MIN_BYTES is refused, naming the variable and its value", async () => {
    for (const value of ["abc", "32MB", "-1"]) {
      const r = await inProcess(["score", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "-j", "2", "-f", "json"], { env: { NO_COLOR: "1", GRAMSCORE_JOBS_MIN_BYTES: value } });
      expect(r.code, value).toBe(2);
      expect(r.stderr).toContain(`GRAMSCORE_JOBS_MIN_BYTES is ${JSON.stringify(value)}, which is not a whole number of bytes`);
      expect(r.stdout).toBe("");
    }
    const ok = await inProcess(["score", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "-j", "2", "-f", "json"], { env: { NO_COLOR: "1", GRAMSCORE_JOBS_MIN_BYTES: "1000000000" } });
    expect(ok.code, ok.stderr).toBe(0);
  });
});
