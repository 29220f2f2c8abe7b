#!/usr/bin/env node
// gramscore benchmarks: `pnpm bench [filter]`. Runs every suite in tooling/bench/suites on fixed inputs
// (from ../shared/conformance/data), each in a process of its own (so that no suite measures the heap
// and compiled code another one left behind), after a warm-up, and prints the median of several runs
// as a table of segments/s and MB/s, then as JSON (also written to tooling/bench/results/latest.json).
// Benchmarks import the built packages (dist): run `pnpm build` first.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { hasShared, SKIP_MESSAGE } from "./inputs.mjs";
import { referenceSpeed } from "./references.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2] ?? "";
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const MIN_MS = Number(process.env.BENCH_MIN_MS ?? 300);

if (!hasShared) {
  console.log(`bench: ${SKIP_MESSAGE}`);
  process.exit(0);
}

/**
 * Times `fn` (which processes `items` segments): returns the median wall-clock and the median
 * process-CPU milliseconds per call over RUNS runs. CPU time (user + system of this process) is what
 * a run costs on one core whatever else the machine is doing; wall time includes waiting for a core.
 */
async function measure(fn, samples) {
  // A case may return a promise (worker threads): awaited only then, so synchronous cases time as before.
  const first = fn(); // warm-up
  if (first && typeof first.then === "function") await first;
  const wall = [];
  const cpu = [];
  if (samples !== undefined) {
    // One call per sample: the median of many single runs (for calls of about 100 ms).
    for (let r = 0; r < samples; r++) {
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      let out = fn();
      if (out && typeof out.then === "function") out = await out;
      wall.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      // A case that runs a child process returns the child's CPU time ({ cpuMs }): that is the run's cost.
      cpu.push(out && typeof out.cpuMs === "number" ? out.cpuMs : (c.user + c.system) / 1000);
    }
  }
  for (let r = 0; r < (samples === undefined ? RUNS : 0); r++) {
    let reps = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    let t = t0;
    do {
      fn();
      reps++;
      t = performance.now();
    } while (t - t0 < MIN_MS);
    const c = process.cpuUsage(c0);
    wall.push((t - t0) / reps);
    cpu.push((c.user + c.system) / 1000 / reps);
  }
  const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return { ms: median(wall), cpuMs: median(cpu) };
}

/** Marks the line on which a suite's process hands its rows to the parent. */
const ROWS = "@@bench-rows ";

/** Runs the cases of one suite file in this process: prints their lines, returns their rows. */
async function runSuite(file) {
  const rows = [];
  const mod = await import(pathToFileURL(join(here, "suites", file)).href);
  const cases = await mod.default();
  const rates = new Map();
  // A case runs when its name matches, or when a matching case is a speed-up over it.
  const wanted = new Set(cases.filter((c) => !filter || c.name.includes(filter)).flatMap((c) => [c.name, ...(c.speedupOver ? [c.speedupOver] : [])]));
  for (const c of cases) {
    if (!wanted.has(c.name)) continue;
    const { ms, cpuMs } = await measure(c.fn, c.samples);
    const segPerS = (c.items / ms) * 1000;
    const cpuSegPerS = (c.items / cpuMs) * 1000;
    const mbPerS = c.bytes ? (c.bytes / 1e6 / ms) * 1000 : undefined;
    const row = {
      name: c.name,
      input: c.input,
      items: c.items,
      ms: Number(ms.toFixed(2)),
      segmentsPerSecond: Math.round(segPerS),
      cpuSegmentsPerSecond: Math.round(cpuSegPerS),
    };
    if (mbPerS !== undefined) row.mbPerSecond = Number(mbPerS.toFixed(2));
    // A target is absolute (`target`), or a multiple of a reference's speed (`versus` + `times`).
    const ref = c.versus ? referenceSpeed(c.versus) : undefined;
    const target = c.target ?? (ref && c.times ? ref.segmentsPerSecond * c.times : undefined);
    if (ref) {
      row.versus = { ...ref, times: Number((segPerS / ref.segmentsPerSecond).toFixed(1)), cpuTimes: Number((cpuSegPerS / ref.segmentsPerSecond).toFixed(1)) };
    }
    if (target) row.target = target;
    if (target) row.meetsTarget = c.cpuTarget ? cpuSegPerS >= target : segPerS >= target;
    rows.push(row);
    const goal = c.target ? c.target.toLocaleString("en-US") : target ? `${target.toLocaleString("en-US")} (${c.times}× ref)` : "";
    // `cpuTarget`: the target is on CPU time (whole-process cases against the references' CPU time).
    const verdict = c.cpuTarget ? (cpuSegPerS >= target ? "ok on CPU time" : "MISSED on CPU time") : segPerS >= target ? "ok" : !c.wallOnly && cpuSegPerS >= target ? "ok on CPU time" : "MISSED";
    const tgt = !target ? "" : c.samples !== undefined && !c.cpuTarget ? `  target < ${(1000 / target).toFixed(0)} ms ${verdict}` : `  target ≥ ${goal} ${verdict}`;
    const vs = !ref
      ? ""
      : c.cpuTarget
        ? `  = ${(cpuSegPerS / ref.segmentsPerSecond).toFixed(1)}× ${ref.label} on CPU time (${ref.segmentsPerSecond.toLocaleString("en-US")} seg per CPU s, ${ref.data})`
        : `  = ${(segPerS / ref.segmentsPerSecond).toFixed(1)}× ${ref.label} (${ref.segmentsPerSecond.toLocaleString("en-US")} seg/s, ${ref.data})`;
    rates.set(c.name, segPerS);
    // A speed-up over another case of the suite (--jobs 2 over --jobs 1), beside its target.
    let up = "";
    if (c.speedupOver && rates.has(c.speedupOver)) {
      const speedup = segPerS / rates.get(c.speedupOver);
      row.speedup = { over: c.speedupOver, times: Number(speedup.toFixed(2)), target: c.speedupTarget };
      up = `  speed-up ${speedup.toFixed(2)}×${c.speedupTarget ? ` (target ≥ ${c.speedupTarget}× ${speedup >= c.speedupTarget ? "ok" : "MISSED"})` : ""}`;
    }
    // Single calls (start-up) read better as milliseconds.
    const each = c.samples !== undefined ? `  median ${ms.toFixed(0)} ms` : "";
    console.log(
      `${c.name.padEnd(48)} ${String(c.items).padStart(7)} seg  ${Math.round(segPerS).toLocaleString("en-US").padStart(11)} seg/s` +
        `  (CPU ${c.wallOnly ? "        -" : Math.round(cpuSegPerS).toLocaleString("en-US").padStart(9)})` +
        `${mbPerS !== undefined ? `  ${mbPerS.toFixed(2).padStart(7)} MB/s` : ""}${each}${tgt}${vs}${up}`,
    );
  }
  return rows;
}

/**
 * Runs a script in a child process, printing its output lines except those `keep` takes (it returns
 * true for them); resolves with the exit code.
 */
function runScript(args, env, keep) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "inherit"] });
    let rest = "";
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) if (!keep(line)) console.log(line);
    });
    child.on("error", reject);
    child.on("close", resolve);
  });
}

/** Runs one suite file in a child process, passing its lines through; returns its rows. */
async function runChild(file) {
  let rows = [];
  const code = await runScript([fileURLToPath(import.meta.url), filter], { BENCH_SUITE: file }, (line) => {
    if (!line.startsWith(ROWS)) return false;
    rows = JSON.parse(line.slice(ROWS.length));
    return true;
  });
  if (code !== 0) throw new Error(`bench: suite ${file} failed (exit code ${code})`);
  return rows;
}

/** Runs stream.mjs (1 GB of JSONL through the CLI, peak RSS against 300 MB), passing its lines through. */
async function runStream() {
  let result;
  const code = await runScript([join(here, "stream.mjs")], {}, (line) => {
    if (!line.startsWith("{")) return false;
    result = JSON.parse(line);
    return true;
  });
  // A failed check (over the memory limit, or another result) is printed by stream.mjs and kept in the JSON.
  return result === undefined ? { failed: true, exitCode: code } : { ...result, ok: code === 0 };
}

if (process.env.BENCH_SUITE) {
  // A suite's own process (started below): its rows go to the parent on one marked line.
  console.log(ROWS + JSON.stringify(await runSuite(process.env.BENCH_SUITE)));
} else {
  const rows = [];
  const files = readdirSync(join(here, "suites")).filter((f) => f.endsWith(".mjs")).sort();
  for (const file of files) rows.push(...(await runChild(file)));
  // The 1 GB streaming check (stream.mjs): with no filter, or a filter that names it.
  let stream;
  if (!filter || "stream: 1 GB".includes(filter) || filter.startsWith("stream")) stream = await runStream();
  const os = await import("node:os");
  const loadavg = os.loadavg();
  const json = { node: process.version, date: new Date().toISOString(), runs: RUNS, loadavg, results: rows, ...(stream ? { stream } : {}) };
  console.log(`load average during the run: ${loadavg.map((x) => x.toFixed(2)).join(" ")} (on ${os.cpus().length} cores)`);
  mkdirSync(join(here, "results"), { recursive: true });
  writeFileSync(join(here, "results", "latest.json"), JSON.stringify(json, null, 2) + "\n");
  console.log(JSON.stringify(json));
}
