/**
 * `gramscore score --paired-bs / --paired-ar / --confidence` (the built CLI) against sacrebleu 2.6.0's
 * command line: the same inputs as each recorded `cli_text` (expected/significance/*.significance.json)
 * give the same text line for line (apart from the signatures' version field), JSONL input and
 * `--jobs` give the same numbers, every output format carries them, and bad requests are coded errors.
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RowCollector, createCliRegistry, jsonlUnits, recordBatches, scoreInput, scoreParallel } from "gramscore";
import type { CliIO, PreparedMetric, Report } from "gramscore";
import { collectRows } from "@gramscore/significance";
import { conformanceDir, hasShared, readDataset, readJson, SKIP_MESSAGE } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, data, readmeSchemas, tempDir, toyPlugin, validateSchema, writeFiles } from "./helpers.js";

const schemas = readmeSchemas();

interface Entry {
  system?: string;
  score: number;
  p_value?: number | null;
  mean: number | null;
  ci: number | null;
}
interface Expected {
  dataset: string;
  systems: string[];
  paired_bs: { results: Record<string, Entry[]> };
  paired_ar: { results: Record<string, Entry[]> };
  confidence: Record<string, Record<string, Entry>>;
  cli_text: Record<string, { args: string[]; stdout: string }>;
}
interface SigJson {
  test: string;
  samples: number;
  seed: string;
  baseline?: string;
  metrics: { metric: string; name: string; signature: string; systems: { system: string; score: number; mean: number | null; ci: number | null; pValue?: number | null }[] }[];
}

const dir = join(conformanceDir, "expected/significance");
const files = hasShared && existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".significance.json")) : [];
if (files.length === 0) console.warn(`CLI significance conformance: ${SKIP_MESSAGE}`);

const stripVersion = (s: string): string => s.replace(/version:[^|\s]+/g, "version:*");

/** sacrebleu's arguments as gramscore's: `REFS -i SYS… -m a b c …` → `score REFS -i SYS… -m a,b,c …`. */
function translate(args: readonly string[]): string[] {
  const out = ["score"];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "-m") {
      const names: string[] = [];
      while (i + 1 < args.length && !args[i + 1]!.startsWith("-")) names.push(args[++i]!);
      out.push("-m", names.join(","));
    } else out.push(args[i]!);
  }
  return out;
}

beforeAll(() => assertBuilt());

describe.skipIf(files.length === 0)("score with significance flags prints sacrebleu 2.6.0's command-line text", () => {
  for (const file of files) {
    const exp = readJson<Expected>(`expected/significance/${file}`);
    const folder = tempDir("gramscore-sig-");
    const records = readDataset(exp.dataset);
    const bySystem = exp.systems.map((name) => records.filter((r) => r.system === name));
    const nrefs = bySystem[0]![0]!.refs.length;
    bySystem.forEach((recs, i) => writeFileSync(join(folder, `sys${i}`), recs.map((r) => `${r.hyp}\n`).join("")));
    for (let j = 0; j < nrefs; j++) writeFileSync(join(folder, `ref${j}.txt`), bySystem[0]!.map((r) => `${r.refs[j]}\n`).join(""));
    // The same systems as JSONL records, segment by segment (systems interleaved).
    const jsonl: string[] = [];
    for (let s = 0; s < bySystem[0]!.length; s++) {
      bySystem.forEach((recs, i) => jsonl.push(JSON.stringify({ system: `sys${i}`, hyp: recs[s]!.hyp, refs: recs[s]!.refs })));
    }
    writeFileSync(join(folder, "systems.jsonl"), `${jsonl.join("\n")}\n`);

    describe(exp.dataset, () => {
      for (const [name, run] of Object.entries(exp.cli_text)) {
        it(`${name}: sacrebleu ${run.args.join(" ")}`, async () => {
          const args = translate(run.args);
          const r = await cli(args, { cwd: folder, env: { SACREBLEU_SEED: undefined } });
          expect(r.stderr).toBe("");
          expect(r.code).toBe(0);
          const got = r.stdout.replace(/\n$/, "").split("\n");
          const want = run.stdout.replace(/\n$/, "").split("\n");
          expect(got.length).toBe(want.length);
          let same = 0;
          want.forEach((line, i) => {
            expect(stripVersion(got[i]!), `line ${i + 1}`).toBe(stripVersion(line));
            if (got[i] === line) same++;
          });
          console.log(
            `${exp.dataset} ${name}: gramscore ${args.join(" ")}: ${want.length} lines equal to sacrebleu's (${same} byte-identical, the others differ in the version field only)`,
          );
        });
      }

      it("JSONL records of the same systems give sacrebleu's paired-bs numbers exactly (-f json, full precision)", async () => {
        const r = await cli(["score", "-m", "bleu,chrf,ter", "-i", "systems.jsonl", "-f", "json", "--paired-bs"], { cwd: folder, env: { SACREBLEU_SEED: undefined } });
        expect(r.stderr).toBe("");
        const doc = JSON.parse(r.stdout) as { significance: SigJson };
        expect(validateSchema(doc, schemas.score as object)).toEqual([]);
        const sig = doc.significance;
        expect(sig).toMatchObject({ test: "paired-bs", samples: 1000, seed: "12345", baseline: "sys0" });
        let compared = 0;
        for (const m of sig.metrics) {
          expect(m.signature).toMatch(/^nrefs:2\|bs:1000\|seed:12345\|/);
          const want = exp.paired_bs.results[m.name]!;
          m.systems.forEach((s, i) => {
            expect(s.score, `${m.name} ${s.system} score`).toBe(want[i]!.score);
            expect(s.mean, `${m.name} ${s.system} mean`).toBe(want[i]!.mean);
            expect(s.ci, `${m.name} ${s.system} ci`).toBe(want[i]!.ci);
            expect(s.pValue ?? null, `${m.name} ${s.system} p`).toBe(want[i]!.p_value ?? null);
            compared += 4;
          });
        }
        console.log(`${exp.dataset}: JSONL input, --paired-bs: ${compared} numbers identical to sacrebleu's`);
      });

      it("--jobs 2 gives the same rows, hence the same paired-ar numbers, as one thread (units of 2,000 lines: two parts)", async () => {
        const args = ["score", "ref0.txt", "ref1.txt", "-i", "sys0", "sys1", "sys2", "sys3", "-m", "bleu,chrf,ter", "-f", "json", "--paired-ar", "--paired-ar-ci-n", "200"];
        const one = await cli(args, { cwd: folder });
        const two = await cli([...args, "--jobs", "2"], { cwd: folder });
        expect(two.stderr).toBe("");
        expect(two.stdout).toBe(one.stdout);
        const sig = (JSON.parse(one.stdout) as { significance: SigJson }).significance;
        expect(sig).toMatchObject({ test: "paired-ar", samples: 10000, arConfidence: 200 });
        for (const m of sig.metrics) {
          expect(m.signature).toMatch(/\|bs:200\|ar:10000\|seed:12345\|/);
          const want = exp.paired_ar.results[m.name]!;
          m.systems.forEach((s, i) => expect(s.pValue ?? null).toBe(want[i]!.p_value ?? null));
        }
      });
    });
  }
});

describe("significance flags on small data", () => {
  const args = ["score", "refA.txt", "-i", "sysA.txt", "sysB.txt", "-m", "bleu,chrf"];

  it("every format carries the extra numbers and the resampling signature", async () => {
    const csv = await cli([...args, "--paired-bs", "--paired-bs-n", "100", "-f", "csv"]);
    expect(csv.stderr).toBe("");
    const header = csv.stdout.split("\r\n")[0]!;
    expect(header).toBe("system,count,bleu.score,bleu.bp,bleu.mean,bleu.ci,bleu.p,chrf.score,chrf.mean,chrf.ci,chrf.p,bleu.signature,chrf.signature");
    expect(csv.stdout).toContain("nrefs:1|bs:100|seed:12345|");
    const md = await cli([...args, "--paired-ar", "--paired-ar-n", "100", "-f", "markdown"]);
    expect(md.stdout).toMatch(/\| system \| n \|.*bleu\.p/);
    expect(md.stdout).toContain("nrefs:1|ar:100|seed:12345|");
    // A CI half-width or a p-value is not a score: never marked as the best value.
    const mdBs = await cli([...args, "--paired-bs", "--paired-bs-n", "100", "-f", "markdown"]);
    const table = mdBs.stdout.split("\n").filter((l) => l.startsWith("|")).map((l) => l.split("|").map((c) => c.trim()));
    const head = table[0]!;
    const body = table.slice(2);
    for (const col of ["bleu.ci", "bleu.p", "chrf.ci", "chrf.p"]) {
      const at = head.indexOf(col);
      expect(at).toBeGreaterThan(0);
      for (const row of body) expect(row[at]).not.toContain("**");
    }
    expect(body.filter((row) => row[head.indexOf("bleu.score")]!.includes("**")).length).toBeGreaterThan(0);
    const tex = await cli([...args, "--confidence", "--confidence-n", "50", "-f", "latex"]);
    expect(tex.stdout).toContain("bleu.ci");
    expect(tex.stdout).toContain("nrefs:1|bs:50|seed:12345|");
    const jsonl = await cli([...args, "--paired-bs", "--paired-bs-n", "100", "-f", "jsonl"]);
    const lines = jsonl.stdout.trim().split("\n").map((l) => JSON.parse(l) as { significance: { test: string; pValue: number | null; mean: number } });
    expect(lines).toHaveLength(4);
    for (const l of lines) expect(l.significance).toMatchObject({ test: "paired-bs", samples: 100, seed: "12345" });
    for (const l of lines) expect(validateSchema(l, schemas["jsonl line"] as object)).toEqual([]);
    expect(lines.filter((l) => l.significance.pValue === null)).toHaveLength(2);
  });

  it("the seed: --seed, else $SACREBLEU_SEED, else 12345; none is unseeded and says so", async () => {
    const run = (extra: string[], env: Record<string, string | undefined> = { SACREBLEU_SEED: undefined }) =>
      cli([...args, "--paired-bs", "--paired-bs-n", "200", "-f", "json", ...extra], { env }).then((r) => (JSON.parse(r.stdout) as { significance: SigJson }).significance);
    const dflt = await run([]);
    expect(dflt.seed).toBe("12345");
    expect(await run(["--seed", "12345"])).toEqual(dflt);
    const env7 = await run([], { SACREBLEU_SEED: "7" });
    expect(env7.seed).toBe("7");
    expect(await run(["--seed", "7"])).toEqual(env7);
    expect(await run(["--seed", "12345"], { SACREBLEU_SEED: "7" })).toEqual(dflt);
    const none = await run(["--seed", "none"]);
    expect(none.seed).toBe("none");
    expect(none.metrics[0]!.signature).toContain("|bs:200|seed:none|");
  });

  it("--confidence with one system prints sacrebleu's aligned lines (metrics sorted by name)", async () => {
    const r = await cli(["score", "refA.txt", "-i", "sysA.txt", "-m", "chrf,bleu", "--confidence", "-f", "text"]);
    expect(r.stderr).toBe("");
    const lines = r.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^ {0,}BLEU\|nrefs:1\|bs:1000\|seed:12345\|.* = \d+\.\d \(μ = \d+\.\d ± \d+\.\d\) /);
    expect(lines[1]).toMatch(/chrF2\|nrefs:1\|bs:1000\|seed:12345\|.* = \d+\.\d \(μ = \d+\.\d ± \d+\.\d\)$/);
    expect(lines[0]!.indexOf(" = ")).toBe(lines[1]!.indexOf(" = "));
  });

  it("ROUGE goes through the same engine (its first type's F-measure)", async () => {
    const r = await cli([...args.slice(0, 5), "-m", "rouge", "--paired-bs", "--paired-bs-n", "100", "-f", "json"]);
    expect(r.stderr).toBe("");
    const sig = (JSON.parse(r.stdout) as { significance: SigJson }).significance;
    expect(sig.metrics[0]!.name).toBe("rouge1");
    expect(sig.metrics[0]!.signature).toContain("bs:100|seed:12345");
    expect(sig.metrics[0]!.systems[1]!.pValue).toBeGreaterThan(0);
  });

  it("coded errors: one system, unknown baseline, different lengths, no rows, two procedures, bad seed", async () => {
    const one = await cli(["score", "refA.txt", "-i", "sysA.txt", "-m", "bleu", "--paired-bs"]);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/BAD_SYSTEMS|compares systems with a baseline, but the input holds one system/);
    const base = await cli([...args, "--paired-bs", "--baseline", "nope"]);
    expect(base.code).toBe(1);
    expect(base.stderr).toContain("--baseline nope is not one of the systems: sysA.txt, sysB.txt");
    const folder = tempDir();
    writeFiles(folder, {
      "uneven.jsonl": [
        { system: "a", hyp: "the cat", refs: ["the cat"] },
        { system: "b", hyp: "a cat", refs: ["the cat"] },
        { system: "a", hyp: "sat down", refs: ["sat down"] },
      ]
        .map((x) => JSON.stringify(x))
        .join("\n"),
    });
    const uneven = await cli(["score", "-m", "bleu", "-i", "uneven.jsonl", "--paired-ar"], { cwd: folder });
    expect(uneven.code).toBe(1);
    expect(uneven.stderr).toContain("different numbers of segments: a 2, b 1");
    const plugin = await cli(["--plugin", toyPlugin, ...args.slice(0, 5), "-m", "unigram", "--paired-bs"]);
    expect(plugin.code).toBe(1);
    expect(plugin.stderr).toContain("cannot be resampled");
    const both = await cli([...args, "--paired-bs", "--paired-ar"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--paired-bs and --paired-ar cannot be combined");
    const seed = await cli([...args, "--paired-bs", "--seed", "-3"]);
    expect(seed.code).toBe(2);
    const stray = await cli([...args, "--paired-bs-n", "10"]);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toContain("--paired-bs-n goes with --paired-bs");
  });
});

describe("rows gathered by worker threads equal one thread's (property, in process, tiny units)", () => {
  const record = fc.record({
    system: fc.constantFrom("a", "b", "c"),
    hyp: fc.oneof(fc.constantFrom("the cat", "a dog sat", "", "x y z z", "the dog sat on the mat"), fc.string({ maxLength: 12 })),
    refs: fc.array(fc.constantFrom("the cat", "the dog sat", "z", "y x", "a mat"), { minLength: 2, maxLength: 2 }),
  });
  const io = (text: string): CliIO => ({ stdin: Readable.from([Buffer.from(text)]), stdout: process.stdout, stderr: process.stderr, cwd: data, env: {} });
  async function prepare(): Promise<PreparedMetric[]> {
    const { registry } = await createCliRegistry({ cwd: data, plugins: [] });
    const out: PreparedMetric[] = [];
    for (const name of ["bleu", "chrf", "ter"]) out.push({ name, plugin: "", options: {}, metric: await registry.createAsync("metric", name, {}) });
    return out;
  }
  const spec = { rows: true, digests: true };

  it("concatRows over the workers' parts gives the rows and digests of one pass, equal to collectRows", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 40 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 2, max: 3 }), async (records, lines, jobs) => {
        const text = records.map((r) => JSON.stringify(r)).join("\n");
        const oneMetrics = await prepare();
        const one = new RowCollector(oneMetrics.map((m) => m.metric), spec);
        const r1: Report = await scoreInput(oneMetrics, recordBatches(jsonlUnits([], io(text), { read: 0, total: undefined })), { hook: one });
        const manyMetrics = await prepare();
        const many = new RowCollector(manyMetrics.map((m) => m.metric), spec);
        const r2: Report = await scoreParallel(manyMetrics, jsonlUnits([], io(text), { read: 0, total: undefined }, { lines, bytes: 0, own: true }), {
          jobs,
          cwd: data,
          plugins: [],
          hook: many,
          collect: spec,
          execArgv: [],
        });
        expect(r2.systems.map((s) => s.name)).toEqual(r1.systems.map((s) => s.name));
        r1.systems.forEach((s, i) => {
          expect(many.digests(s.name)).toEqual(one.digests(s.name));
          oneMetrics.forEach((m, k) => {
            const a = one.systemRows(s.name, k, s.scores[k]!.stats);
            const b = many.systemRows(s.name, k, r2.systems[i]!.scores[k]!.stats);
            const direct = collectRows(m.metric, records.filter((x) => x.system === s.name));
            expect(b.rows).toEqual(a.rows);
            expect(a.rows).toEqual(direct.rows);
            expect(b.score).toBe(direct.score);
            expect(b.signature).toBe(direct.signature);
          });
        });
        runs++;
      }),
      { numRuns: 15 },
    );
    console.log(`${runs} random inputs: rows and segment digests from --jobs workers equal one thread's and collectRows'`);
  });
});
