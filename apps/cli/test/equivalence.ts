/**
 * The checks every metric's CLI test repeats: shards written by `stats` and joined by `merge` give
 * the one-pass `score` result, and `--jobs 2` prints the bytes `--jobs 1` prints. A metric's test
 * calls them with its metric names and states only what is particular to it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { cli, data, tempDir, type CliResult, type RunOptions } from "./helpers.js";

/** The corpus lines of `score -f json` and `merge -f json`, as these checks read them. */
interface JsonReport {
  metrics: { metric: string; systems: { system: string; count: number; corpus: unknown }[] }[];
}

/** Options of {@link expectShardsMergeToOnePass}. */
export interface ShardCheck {
  /** Hypotheses and references (files of the fixture data; default sysA.txt and refA.txt). */
  hyps?: string;
  refs?: string;
  /** Lines in the first shard (default 2); the second holds the rest. */
  split?: number;
  /** Write the shards with `--shard-index` (metrics that sum in corpus order, such as NIST). */
  indexed?: boolean;
  /** Give `merge` the second shard first. */
  reversed?: boolean;
}

const fixture = (file: string): string[] => readFileSync(join(data, file), "utf8").replace(/\n$/, "").split("\n");

/**
 * `stats -m <metrics>` of the first lines and of the rest, then `merge -f json`: each metric's corpus
 * result and count equal those of `score -m <metrics> -f json` over all the lines. Returns the shard
 * files (for checks of their own lines).
 */
export async function expectShardsMergeToOnePass(metrics: string, options: ShardCheck = {}): Promise<{ first: string; second: string }> {
  const hypFile = options.hyps ?? "sysA.txt";
  const refFile = options.refs ?? "refA.txt";
  const split = options.split ?? 2;
  const dir = tempDir(`gramscore-shards-${metrics.replace(/\W/g, "-")}-`);
  const hyps = fixture(hypFile);
  const refs = fixture(refFile);
  writeFileSync(join(dir, "h1.txt"), `${hyps.slice(0, split).join("\n")}\n`);
  writeFileSync(join(dir, "r1.txt"), `${refs.slice(0, split).join("\n")}\n`);
  writeFileSync(join(dir, "h2.txt"), `${hyps.slice(split).join("\n")}\n`);
  writeFileSync(join(dir, "r2.txt"), `${refs.slice(split).join("\n")}\n`);
  const first = join(dir, "a.jsonl");
  const second = join(dir, "b.jsonl");
  const index = (i: number) => (options.indexed === true ? ["--shard-index", String(i)] : []);
  const [a, b, whole] = await Promise.all([
    cli(["stats", "-m", metrics, ...index(0), "-o", first, join(dir, "r1.txt")], { stdin: readFileSync(join(dir, "h1.txt")) }),
    cli(["stats", "-m", metrics, ...index(1), "-o", second, join(dir, "r2.txt")], { stdin: readFileSync(join(dir, "h2.txt")) }),
    cli(["score", "-m", metrics, "-f", "json", join(data, refFile)], { stdin: readFileSync(join(data, hypFile)) }),
  ]);
  expect([a.code, b.code, whole.code], a.stderr + b.stderr + whole.stderr).toEqual([0, 0, 0]);
  const merged = await cli(["merge", "-f", "json", ...(options.reversed === true ? [second, first] : [first, second])]);
  expect(merged.stderr).toBe("");
  const m = JSON.parse(merged.stdout) as JsonReport;
  const w = JSON.parse(whole.stdout) as JsonReport;
  for (const name of metrics.split(",")) {
    const x = m.metrics.find((e) => e.metric === name)?.systems[0];
    const y = w.metrics.find((e) => e.metric === name)?.systems[0];
    expect(x, `${name} in the merged report`).toBeDefined();
    expect(x!.corpus, name).toEqual(y!.corpus);
    expect(x!.count, name).toBe(hyps.length);
  }
  return { first, second };
}

/**
 * `args` with `--jobs 1` and with `--jobs 2`: the same stdout byte for byte, and nothing on stderr.
 * Returns the one-thread run (for checks of the numbers).
 */
export async function expectJobsLikeOneThread(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const [one, two] = await Promise.all([cli([...args, "--jobs", "1"], options), cli([...args, "--jobs", "2"], options)]);
  expect(one.stderr).toBe("");
  expect(two.stderr).toBe("");
  expect(two.stdout).toBe(one.stdout);
  return one;
}
