/**
 * `--jobs N`: scoring on worker threads gives exactly the `--jobs 1` output (corpus results, systems
 * in order of first appearance, per-segment results in input order, signatures, `stats` lines) and the
 * same first error, on the fixtures, the built-in demo data and real data; in process, a property
 * test compares `scoreParallel` with `scoreInput` over tiny units.
 */
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_SETS, createCliRegistry, formatReport, jsonlUnits, recordBatches, scoreInput, scoreParallel } from "gramscore";
import type { CliIO, PreparedMetric, Report } from "gramscore";
import { hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, data, tempDir as newTempDir, toyPlugin, writeFiles, type CliResult } from "./helpers.js";

const P = ["--plugin", toyPlugin];

const dirs: string[] = [];
/** A temporary folder, removed after the tests. */
function tempDir(): string {
  const dir = newTempDir("gramscore-jobs-");
  dirs.push(dir);
  return dir;
}

beforeAll(() => {
  assertBuilt();
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `args` with `--jobs 1` and with each of `jobs`, expecting the same exit code, stdout and stderr. */
async function sameForJobs(args: string[], jobs: number[], options: { cwd?: string; stdin?: string } = {}): Promise<CliResult> {
  const one = await cli([...args, "--jobs", "1"], options);
  for (const j of jobs) {
    const many = await cli([...args, "--jobs", String(j)], options);
    expect({ code: many.code, stderr: many.stderr }).toEqual({ code: one.code, stderr: one.stderr });
    expect(many.stdout).toBe(one.stdout);
  }
  return one;
}

function jsonl(records: readonly object[]): string {
  return records.map((r) => `${JSON.stringify(r)}\n`).join("");
}

describe.concurrent("--jobs on the fixtures", () => {
  it("rejects a number of jobs that is not a whole number from 1 to 256", async () => {
    for (const bad of ["0", "x", "1.5", "257"]) {
      const r = await cli([...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "--jobs", bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr, bad).toContain("--jobs takes a whole number of worker threads from 1 to 256.");
      expect(r.stdout).toBe("");
    }
    const ok = await cli([...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "-j", "256", "-f", "csv"]);
    expect(ok.code).toBe(0);
    // Workers started ahead are stopped when the command line turns out to be wrong (else the process would not end).
    const [option, metric, help] = await Promise.all([
      cli([...P, "score", "-m", "unigram", "-j", "2", "--nope", "refA.txt", "-i", "sysA.txt"]),
      cli([...P, "score", "-m", "unigrma", "-j", "2", "refA.txt", "-i", "sysA.txt"]),
      cli([...P, "score", "-m", "unigram", "-j", "2", "--help"]),
    ]);
    expect([option.code, metric.code, help.code]).toEqual([2, 2, 0]);
    expect(help.stdout).toContain("--jobs <n>");
  });

  it("gives the one-thread results for text files, JSONL records, every format and --segments, with a --plugin", async () => {
    const text = [...P, "score", "-m", "unigram,length-gap", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt"];
    const records = [...P, "score", "-m", "uni,length-gap", "--input", "records.jsonl"];
    await sameForJobs([...text, "--segments", "-f", "json"], [3]);
    await sameForJobs([...text, "-f", "table"], [2]);
    await sameForJobs([...records, "--segments", "-f", "jsonl"], [2]);
    // Systems of different reference counts: length-gap's signature says nrefs:var either way.
    expect((await sameForJobs([...records, "-f", "json"], [4])).stdout).toContain("nrefs:var|unit:words|ignore:0|version:1.0.0");
    await sameForJobs([...P, "stats", "-m", "unigram,length-gap", "--input", "records.jsonl"], [2]);
    await sameForJobs([...P, "score", "-m", "unigram", "--lowercase", "-f", "json"], [2], { stdin: jsonl([{ hyp: "The Cat", refs: ["the cat"] }]) });
  });

  it("loads the plugins of the config file in the workers", async () => {
    const dir = tempDir();
    writeFiles(dir, { "gramscore.config.json": JSON.stringify({ plugins: [toyPlugin], metrics: ["unigram"] }) });
    const lines = Array.from({ length: 50 }, (_, i) => ({ system: `s${i % 3}`, hyp: `a b c ${i}`, refs: [`a b ${i}`] }));
    writeFileSync(join(dir, "d.jsonl"), jsonl(lines));
    const out = await sameForJobs(["score", "--input", "d.jsonl", "--segments", "-f", "jsonl"], [2], { cwd: dir });
    expect(out.stdout.split("\n").filter(Boolean)).toHaveLength(3 + 50);
  });

  it("reports the first problem in input order, as one thread does", async () => {
    const dir = tempDir();
    const good = (i: number) => ({ system: `s${i % 2}`, hyp: `word ${i} and more`, refs: [`word ${i} or more`] });
    const many = Array.from({ length: 3000 }, (_, i) => good(i));
    const surrogate = many.map((r, i) => (i === 2321 ? { ...r, hyp: "bad \ud800 text" } : r));
    const lines = jsonl(many).split("\n");
    writeFiles(dir, {
      "surrogate.jsonl": jsonl(surrogate),
      "json.jsonl": [...lines.slice(0, 2500), "{nope", ...lines.slice(2500)].join("\n"),
      "both.jsonl": [...jsonl(surrogate).split("\n").slice(0, 2500), "{nope", ...lines.slice(2500)].join("\n"),
      "refs.txt": `${many.map((r) => r.refs[0]).join("\n")}\n`,
      "short.txt": `${many.slice(0, 2999).map((r) => r.hyp).join("\n")}\n`,
    });
    const hyps = (from: number, to: number) => Buffer.from(`${many.slice(from, to).map((r) => r.hyp).join("\n")}\n`);
    writeFileSync(join(dir, "utf8.txt"), Buffer.concat([hyps(0, 2100), Buffer.from([0xc3, 0x28, 0x0a]), hyps(2101, 3000)]));
    const expectations: [string[], RegExp][] = [
      [["--input", "surrogate.jsonl"], /^gramscore: error: surrogate\.jsonl line 2322: The hypothesis of segment 1160 contains an unpaired UTF-16 surrogate/],
      [["--input", "json.jsonl"], /^gramscore: error: json\.jsonl line 2501: not valid JSON/],
      [["--input", "both.jsonl"], /^gramscore: error: both\.jsonl line 2322: /],
      [["refs.txt", "-i", "short.txt"], /^gramscore: error: The line counts differ: short\.txt has 2999 lines but refs\.txt has 3000 lines\./],
      [["refs.txt", "-i", "utf8.txt"], /^gramscore: error: utf8\.txt line 2101: not valid UTF-8 text/],
    ];
    for (const [input, message] of expectations) {
      const r = await sameForJobs([...P, "score", "-m", "unigram", ...input, "-f", "json"], [3], { cwd: dir });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(message);
    }
  });

  it("fails cleanly when a plugin cannot be loaded", async () => {
    const r = await cli(["--plugin", join(data, "../throws-plugin.mjs"), "score", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "-j", "2"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("this plugin is broken");
  });
});

describe("--jobs on the built-in demo data", () => {
  it("gives the one-thread results with every installed metric, as JSONL records and as text files", async () => {
    const metrics = (JSON.parse((await cli(["list", "-f", "json"])).stdout) as { metrics: { name: string }[] }).metrics.map((m) => m.name);
    const dir = tempDir();
    let compared = 0;
    for (const [k, set] of DEMO_SETS.entries()) {
      writeFileSync(join(dir, `demo${k}.jsonl`), jsonl(set.records));
      await sameForJobs(["score", "-m", metrics.join(","), "--input", `demo${k}.jsonl`, "--segments", "-f", "jsonl"], [3], { cwd: dir });
      const systems = [...new Set(set.records.map((r) => r.system))];
      const nrefs = set.records[0]!.refs.length;
      if (set.records.every((r) => r.refs.length === nrefs)) {
        for (const s of systems) writeFileSync(join(dir, `${s}.txt`), `${set.records.filter((r) => r.system === s).map((r) => r.hyp.replace(/\n/g, " ")).join("\n")}\n`);
        const refFiles = Array.from({ length: nrefs }, (_, i) => `ref${k}-${i}.txt`);
        refFiles.forEach((f, i) => writeFileSync(join(dir, f), `${set.records.filter((r) => r.system === systems[0]).map((r) => r.refs[i]!.replace(/\n/g, " ")).join("\n")}\n`));
        await sameForJobs(["score", "-m", metrics.join(","), ...refFiles, "-i", ...systems.map((s) => `${s}.txt`), "--segments", "-f", "json"], [2], { cwd: dir });
      }
      compared += set.records.length;
    }
    console.log(`demo data: ${compared} segments × ${metrics.length} metrics (${metrics.join(", ")}) equal with --jobs 1, 2 and 3`);
  });
});

describe.skipIf(!hasShared)("--jobs on real data", () => {
  let metrics: string[] = [];
  beforeAll(async () => {
    // Every metric of hypotheses against references: not SARI (it needs each segment's source, which
    // the MT data has not) nor distinct-n and Self-BLEU (hypotheses alone, no per-segment score).
    const otherKind = new Set(["sari", "easse_sari", "distinct", "distinct-mean", "self-bleu", "self-bleu-sacrebleu"]);
    metrics = (JSON.parse((await cli(["list", "-f", "json"])).stdout) as { metrics: { name: string }[] }).metrics.map((m) => m.name).filter((m) => !otherKind.has(m));
  });

  it("WMT17 en-de (every 20th line of 16 systems), every built-in metric, with per-segment results and stats", async () => {
    const records = readDataset("mt_wmt17_newstest2017_en-de").filter((_, i) => i % 20 === 0);
    const dir = tempDir();
    writeFileSync(join(dir, "wmt17.jsonl"), jsonl(records));
    const out = await sameForJobs(["score", "-m", metrics.join(","), "--input", "wmt17.jsonl", "--segments", "-f", "jsonl"], [2], { cwd: dir });
    await sameForJobs(["stats", "-m", metrics.join(","), "--input", "wmt17.jsonl"], [3], { cwd: dir });
    // One system as sacrebleu's files: hypothesis and reference lines.
    const first = records.filter((r) => r.system === records[0]!.system);
    writeFileSync(join(dir, "hyp.txt"), `${first.map((r) => r.hyp).join("\n")}\n`);
    writeFileSync(join(dir, "ref.txt"), `${first.map((r) => r.refs[0]).join("\n")}\n`);
    await sameForJobs(["score", "-m", metrics.join(","), "-r", "ref.txt", "-i", "hyp.txt", "-f", "json"], [2], { cwd: dir });
    expect(out.stdout.split("\n").filter((l) => l.includes('"type":"segment"'))).toHaveLength(records.length * metrics.length);
    console.log(`wmt17 en-de: ${records.length} segments of 16 systems × ${metrics.length} metrics equal with --jobs 1, 2 and 3`);
  }, 300_000); // eight CLI runs of every metric (METEOR with WordNet, CIDEr, both EEDs among them)

  it("SummEval (first 480 lines: 30 documents × 16 interleaved systems, 11 references each), every built-in metric, per segment", async () => {
    const records = readDataset("sum_summeval").slice(0, 480);
    const dir = tempDir();
    writeFileSync(join(dir, "summeval.jsonl"), jsonl(records));
    await sameForJobs(["score", "-m", metrics.join(","), "--input", "summeval.jsonl", "--segments", "-f", "jsonl"], [3], { cwd: dir });
    console.log(`sum_summeval: ${records.length} segments × ${metrics.length} metrics equal with --jobs 1 and 3`);
  }, 300_000); // 11 references of ~60-word summaries for every metric, twice
});

describe("scoreParallel equals scoreInput (property, in process, tiny units)", () => {
  const record = fc.record({
    system: fc.constantFrom("a", "b", "c", "7"),
    hyp: fc.oneof(fc.constantFrom("the cat", "a dog sat", "", "x y z z", "bad \ud800"), fc.string({ maxLength: 12 })),
    refs: fc.array(fc.constantFrom("the cat", "the dog sat", "z", "", "y x"), { minLength: 1, maxLength: 3 }),
  });

  function io(text: string): CliIO {
    return { stdin: Readable.from([Buffer.from(text)]), stdout: process.stdout, stderr: process.stderr, cwd: data, env: {} };
  }

  async function prepare(): Promise<PreparedMetric[]> {
    const { registry } = await createCliRegistry({ cwd: data, plugins: [toyPlugin] });
    const out: PreparedMetric[] = [];
    for (const name of ["unigram", "length-gap"]) out.push({ name, plugin: "toy-plugin", options: {}, metric: await registry.createAsync("metric", name, {}) });
    return out;
  }

  async function outcome(run: () => Promise<Report>): Promise<string> {
    try {
      const report = await run();
      return formatReport(report, "jsonl", { width: 6, widthGiven: true, color: false, command: "score" });
    } catch (error) {
      return `error: ${(error as Error).message}`;
    }
  }

  it("same report, or the same first error, whatever the unit size and number of workers", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(record, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 2, max: 3 }), fc.boolean(), async (records, lines, jobs, segments) => {
        const text = jsonl(records);
        const one = await outcome(async () => scoreInput(await prepare(), recordBatches(jsonlUnits([], io(text), { read: 0, total: undefined })), { segments }));
        const many = await outcome(async () =>
          scoreParallel(await prepare(), jsonlUnits([], io(text), { read: 0, total: undefined }, { lines, bytes: 0, own: true }), {
            jobs,
            cwd: data,
            plugins: [toyPlugin],
            segments,
            // The workers run the built CLI: without the test runner's conditions that pick sources.
            execArgv: [],
          }),
        );
        expect(many).toBe(one);
        runs++;
      }),
      { numRuns: 25 },
    );
    console.log(`${runs} random inputs: scoreParallel equals scoreInput`);
  });
});
