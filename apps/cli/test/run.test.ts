/**
 * `run()` in this process with stream doubles: what depends on terminals (progress bar, colours,
 * default format, reading stdin from a terminal) cannot be reached from a spawned process's pipes.
 */
import { describe, expect, it } from "vitest";
import { inProcess, toyPlugin } from "./helpers.js";

const P = ["--plugin", toyPlugin];

describe("terminal behaviour", () => {
  it("shows a progress bar on a terminal stderr, and nothing otherwise", async () => {
    const files = [...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "-f", "csv"];
    const tty = await inProcess(files, { stderrTTY: true, progressDelayMs: 0 });
    expect(tty.code).toBe(0);
    expect(tty.stderr).toContain("scoring");
    expect(tty.stderr).toContain("3 segments");
    expect(tty.stderr).toMatch(/\d+%/);
    const stdin = await inProcess([...P, "score", "-m", "unigram", "refA.txt", "-f", "csv"], { stderrTTY: true, progressDelayMs: 0, stdin: "a\nb\nc\n" });
    expect(stdin.stderr).toContain("scoring 3 segments");
    expect((await inProcess(files, { stderrTTY: false, progressDelayMs: 0 })).stderr).toBe("");
    expect((await inProcess([...files, "--no-progress"], { stderrTTY: true, progressDelayMs: 0 })).stderr).toBe("");
    expect((await inProcess(files, { stderrTTY: true })).stderr).toBe("");
  });

  it("prints a coloured table on a terminal and JSON into a pipe by default", async () => {
    const args = [...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "sysB.txt"];
    const tty = await inProcess(args, { stdoutTTY: true, env: {} });
    expect(tty.stdout).toMatch(/^\u001b\[1m/);
    expect(tty.stdout).toContain("Signatures");
    const plain = await inProcess(args, { stdoutTTY: true, env: { NO_COLOR: "1" } });
    expect(plain.stdout).not.toContain("\u001b[");
    expect(plain.stdout.startsWith("             unigram")).toBe(true);
    const noColor = await inProcess(["--no-color", ...args], { stdoutTTY: true, env: {} });
    expect(noColor.stdout).toBe(plain.stdout);
    const pipe = await inProcess(args);
    expect(JSON.parse(pipe.stdout)).toMatchObject({ command: "score" });
  });

  it("does not wait on a terminal stdin", async () => {
    const r = await inProcess([...P, "score", "-m", "unigram", "refA.txt"], { stdinTTY: true });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("Waiting for hypotheses on the terminal: pipe them in");
    const jsonl = await inProcess([...P, "score", "-m", "unigram"], { stdinTTY: true });
    expect(jsonl.stderr).toContain("No input: give reference files with the hypotheses");
  });

  it("returns exit codes instead of exiting", async () => {
    expect((await inProcess(["--version"])).stdout).toBe("0.1.0\n");
    expect((await inProcess(["nope"])).code).toBe(2);
    expect((await inProcess(["--help"])).code).toBe(0);
  });
});
