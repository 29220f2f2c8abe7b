#!/usr/bin/env node
// Streaming check of the gramscore CLI: scores a large JSONL file (1 GB by default) made of the WMT17
// en-de records repeated, and reports the wall time and the peak resident memory of the process.
// The file is written under the system's temporary folder and deleted afterwards.
//
//   node tooling/bench/stream.mjs [--size-mb 1000] [--metrics bleu,chrf] [--jobs 1] [--max-rss-mb 300] [--keep]
//
// "Same result": the big file is the WMT17 file repeated K times, so every system's statistics are
// the single file's times K. The check reads the corpus results of both runs (`score -f json`): the
// integer statistics (BLEU's counts, totals, sysLen, refLen; chrF's counts) and the segment counts
// must be exactly K times the single file's, and the scores (ratios of those integers) exactly equal.
// Exits with 1 when a check fails or the peak RSS is over the limit.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { childEnv, conformanceDir, hasShared, readUsage, SKIP_MESSAGE, writeUsagePreload } from "./inputs.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, "../../apps/cli/dist/cli.js");

function option(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? fallback : process.argv[i + 1];
}
const sizeMb = Number(option("size-mb", "1000"));
const metrics = option("metrics", "bleu,chrf");
const jobs = option("jobs", "1");
const maxRssMb = Number(option("max-rss-mb", "300"));
const keep = process.argv.includes("--keep");

if (!hasShared) {
  console.log(`stream: ${SKIP_MESSAGE}`);
  process.exit(0);
}
if (!existsSync(cli)) {
  console.error(`stream: ${cli} is not built: run pnpm build first.`);
  process.exit(1);
}

/** Runs the CLI with `args`; resolves with stdout, the peak RSS (kB) and the wall time (ms). */
function run(args, preload) {
  return new Promise((resolvePromise, reject) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, ["--import", preload, cli, ...args], { env: childEnv(), stdio: ["ignore", "pipe", "pipe"] });
    const out = [];
    let err = "";
    child.stdout.on("data", (c) => out.push(c));
    child.stderr.on("data", (c) => (err += c));
    child.on("error", reject);
    child.on("close", (code) => {
      const ms = performance.now() - t0;
      const usage = readUsage(err);
      if (code !== 0) reject(new Error(`gramscore ${args.join(" ")} exited with ${code}: ${err}`));
      else resolvePromise({ stdout: Buffer.concat(out).toString("utf8"), rssKb: usage?.rssKb ?? NaN, cpuMs: usage?.cpuMs ?? NaN, ms });
    });
  });
}

async function writeRepeated(file, chunk, times) {
  const out = createWriteStream(file);
  for (let i = 0; i < times; i++) {
    if (!out.write(chunk)) await new Promise((r) => out.once("drain", r));
  }
  await new Promise((r, j) => out.end((e) => (e ? j(e) : r())));
}

/** The checks of one metric × system: integer statistics K times, scores equal. */
function compare(metric, small, big, k) {
  const problems = [];
  const scaled = { bleu: ["counts", "totals", "sysLen", "refLen"], chrf: ["counts"], "chrf++": ["counts"] }[metric] ?? [];
  if (big.count !== k * small.count) problems.push(`count ${big.count} is not ${k} × ${small.count}`);
  for (const [key, value] of Object.entries(small.corpus)) {
    const other = big.corpus[key];
    const times = (x) => (Array.isArray(x) ? x.map((v) => v * k) : x * k);
    const expected = scaled.includes(key) ? times(value) : value;
    if (JSON.stringify(other) !== JSON.stringify(expected)) {
      problems.push(`${key}: ${JSON.stringify(other)} is not ${scaled.includes(key) ? `${k} × ` : ""}${JSON.stringify(value)}`);
    }
  }
  return problems;
}

const dir = mkdtempSync(join(tmpdir(), "gramscore-stream-"));
try {
  // Peak RSS and CPU time (user + system of every thread: the steady figure on a shared machine).
  const preload = writeUsagePreload(dir);
  const name = "mt_wmt17_newstest2017_en-de";
  let text = gunzipSync(readFileSync(join(conformanceDir, "data", `${name}.jsonl.gz`)));
  if (text[text.length - 1] !== 0x0a) text = Buffer.concat([text, Buffer.from("\n")]);
  const lines = text.toString("utf8").split("\n").filter(Boolean).length;
  const k = Math.max(1, Math.ceil((sizeMb * 1e6) / text.length));
  const small = join(dir, "one.jsonl");
  const big = join(dir, "big.jsonl");
  writeFileSync(small, text);
  const w0 = performance.now();
  await writeRepeated(big, text, k);
  const bytes = statSync(big).size;
  console.log(`stream: ${big}: ${name} × ${k} = ${(bytes / 1e6).toFixed(0)} MB, ${(lines * k).toLocaleString("en-US")} segments (written in ${((performance.now() - w0) / 1000).toFixed(1)} s)`);

  const args = (file) => ["score", "-m", metrics, "--input", file, "-f", "json", "--no-progress", "--jobs", jobs];
  const one = await run(args(small), preload);
  console.log(`stream: one copy: ${(one.ms / 1000).toFixed(1)} s, peak RSS ${(one.rssKb / 1024).toFixed(0)} MB`);
  const all = await run(args(big), preload);
  const seconds = all.ms / 1000;
  console.log(
    `stream: ${(bytes / 1e6).toFixed(0)} MB with -m ${metrics} --jobs ${jobs}: ${seconds.toFixed(1)} s ` +
      `(${(bytes / 1e6 / seconds).toFixed(1)} MB/s, ${Math.round((lines * k) / seconds).toLocaleString("en-US")} segments/s), ` +
      `${(all.cpuMs / 1000).toFixed(1)} s of CPU, peak RSS ${(all.rssKb / 1024).toFixed(0)} MB (limit ${maxRssMb} MB), load average ${loadavg().map((x) => x.toFixed(1)).join(" ")}`,
  );

  const a = JSON.parse(one.stdout);
  const b = JSON.parse(all.stdout);
  const problems = [];
  let checked = 0;
  a.metrics.forEach((m, i) => {
    const n = b.metrics[i];
    if (n?.metric !== m.metric || n.signature !== m.signature) problems.push(`${m.metric}: metric or signature differs`);
    m.systems.forEach((s, j) => {
      const t = n?.systems[j];
      if (t?.system !== s.system) problems.push(`${m.metric}: system ${j} is ${t?.system}, not ${s.system}`);
      else for (const p of compare(m.metric, s, t, k)) problems.push(`${m.metric} ${s.system}: ${p}`);
      checked++;
    });
  });
  const rssOk = all.rssKb / 1024 < maxRssMb;
  const result = {
    file: { megabytes: Math.round(bytes / 1e6), segments: lines * k, copies: k },
    metrics,
    jobs: Number(jobs),
    seconds: Number(seconds.toFixed(2)),
    cpuSeconds: Number((all.cpuMs / 1000).toFixed(2)),
    loadavg: loadavg(),
    megabytesPerSecond: Number((bytes / 1e6 / seconds).toFixed(2)),
    peakRssMb: Math.round(all.rssKb / 1024),
    oneCopyPeakRssMb: Math.round(one.rssKb / 1024),
    sameResult: problems.length === 0,
    checked,
  };
  if (problems.length > 0) console.log(`stream: DIFFERENT results:\n  ${problems.slice(0, 20).join("\n  ")}`);
  else console.log(`stream: same result: ${checked} metric × system results, integer statistics exactly ${k} × one copy's, scores equal`);
  if (!rssOk) console.log(`stream: peak RSS over ${maxRssMb} MB`);
  console.log(JSON.stringify(result));
  process.exitCode = problems.length === 0 && rssOk ? 0 : 1;
} finally {
  if (keep) console.log(`stream: kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}
