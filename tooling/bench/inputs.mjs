// Fixed benchmark inputs, read once from ../shared/conformance/data.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const conformanceDir = join(process.env.GRAMSCORE_SHARED ?? resolve(repoRoot, "../shared"), "conformance");
export const hasShared = existsSync(join(conformanceDir, "README.md"));
export const SKIP_MESSAGE = `conformance data not found at ${conformanceDir}; nothing to benchmark`;

const cache = new Map();
/** The records ({ hyp, refs, system, ... }) of data/<name>.jsonl.gz. */
export function dataset(name) {
  if (!cache.has(name)) {
    const text = gunzipSync(readFileSync(join(conformanceDir, "data", `${name}.jsonl.gz`))).toString("utf8");
    cache.set(name, text.split("\n").filter(Boolean).map((l) => JSON.parse(l)));
  }
  return cache.get(name);
}
/** UTF-8 bytes of all hypotheses and references of `records`. */
export function bytesOf(records) {
  let n = 0;
  for (const r of records) {
    n += Buffer.byteLength(r.hyp);
    for (const ref of r.refs) n += Buffer.byteLength(ref);
  }
  return n;
}

/**
 * The environment the bench's child processes run in: the parent's, without NODE_EXTRA_CA_CERTS
 * (unless BENCH_KEEP_CA_CERTS=1). Some machines set it for every process; Node then reads and parses
 * that certificate bundle at every start (about 50 ms of CPU on the 2-core machines the figures come
 * from), which gramscore, making no network connection, never uses and which a user's shell rarely
 * has. The bench's own start-up cases show the cost beside the usual start.
 */
export function childEnv() {
  if (process.env.BENCH_KEEP_CA_CERTS === "1") return process.env;
  const { NODE_EXTRA_CA_CERTS: _ignored, ...rest } = process.env;
  return rest;
}

/**
 * Writes into `dir` a module that, preloaded with `node --import`, prints the process's CPU time (user
 * + system of every thread) and peak resident memory on stderr as it exits; returns its path. Read the
 * line back with {@link readUsage}.
 */
export function writeUsagePreload(dir) {
  const path = join(dir, "usage-preload.mjs");
  writeFileSync(
    path,
    'process.on("exit", () => { const u = process.resourceUsage(); process.stderr.write(`\\n@@gramscore-usage cpu-us=${u.userCPUTime + u.systemCPUTime} max-rss-kb=${u.maxRSS}\\n`); });\n',
  );
  return path;
}

/** The CPU milliseconds and peak RSS (kB) a {@link writeUsagePreload} module printed in `stderr`, or undefined. */
export function readUsage(stderr) {
  const m = /@@gramscore-usage cpu-us=(\d+) max-rss-kb=(\d+)/.exec(stderr);
  return m === null ? undefined : { cpuMs: Number(m[1]) / 1000, rssKb: Number(m[2]) };
}
