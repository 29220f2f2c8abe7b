/**
 * The built CLI run as a process (node apps/cli/dist/cli.js): every command, every format, stdin and
 * files, several references and systems, plugins by name and by path, config files, and the exit
 * code and message of each kind of bad input. Results are compared with the library's.
 */
import { copyFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { evaluate, formatFixed } from "@gramscore/core";
import type { Metric, Segment } from "@gramscore/core";
import { createDistinct, createDistinctMean, createSacrebleuSelfBleu, createSelfBleu } from "@gramscore/metric-diversity";
import { createRegistry } from "@gramscore/registry";
import { assertBuilt, cli, data, fixtureLines, fixtures, readmeSchemas, repoRoot, tempDir, toyPlugin, validateSchema, writeFiles } from "./helpers.js";
// @ts-expect-error: a plain JavaScript test plugin without type declarations
import toy from "./fixtures/toy-plugin.mjs";

const registry = createRegistry().use(toy);
const schemas = readmeSchemas();
const P = ["--plugin", toyPlugin];

function library(name: string, options: Record<string, unknown> = {}): Metric {
  return registry.create("metric", name, options);
}

/** Segments of the fixture files: hypotheses `hyp` with reference streams `refs`. */
function segmentsOf(hyp: string, refs: string[]): Segment[] {
  const h = fixtureLines(hyp);
  const r = refs.map(fixtureLines);
  return h.map((text, i) => ({ hyp: text, refs: r.map((stream) => stream[i]!) }));
}

interface ScoreDoc {
  command: string;
  width: number;
  metrics: {
    metric: string;
    signature: string;
    options: Record<string, unknown>;
    systems: { system: string; count: number; summary: Record<string, number>; corpus: unknown; text?: string; segments?: { segment: number; result: unknown }[] }[];
  }[];
}

function json(stdout: string): ScoreDoc {
  const doc = JSON.parse(stdout) as ScoreDoc;
  expect(validateSchema(doc, schemas.score as object)).toEqual([]);
  return doc;
}

beforeAll(() => {
  assertBuilt();
  expect(Object.keys(schemas).sort()).toEqual(["jsonl line", "score", "stats line"]);
});

describe.concurrent("gramscore score", () => {
  it("reads hypotheses from stdin with one reference file, and equals the library", async () => {
    const r = await cli([...P, "score", "-m", "unigram", "refA.txt"], { stdin: readFileSync(join(data, "sysA.txt")) });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const doc = json(r.stdout);
    const expected = evaluate(library("unigram"), segmentsOf("sysA.txt", ["refA.txt"]));
    expect(doc.metrics[0]!.systems).toEqual([
      {
        system: "stdin",
        count: 3,
        summary: expect.any(Object),
        text: library("unigram").format!(expected.corpus),
        corpus: expected.corpus,
      },
    ]);
    expect(doc.metrics[0]!.signature).toBe(expected.signature);
    expect(doc.command).toBe("score");
  });

  it("scores several systems against several reference streams, with several metrics in one pass", async () => {
    const r = await cli([...P, "score", "-m", "uni,length-gap", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "-f", "json"]);
    expect(r.code).toBe(0);
    const doc = json(r.stdout);
    expect(doc.metrics.map((m) => m.metric)).toEqual(["unigram", "length-gap"]);
    for (const m of doc.metrics) {
      expect(m.systems.map((s) => s.system)).toEqual(["sysA.txt", "sysB.txt"]);
      for (const s of m.systems) {
        const expected = evaluate(library(m.metric), segmentsOf(s.system, ["refA.txt", "refB.txt"]));
        expect(s.corpus).toEqual(expected.corpus);
        expect(m.signature).toBe(expected.signature);
      }
    }
  });

  it("reads JSONL records (interleaved systems, variable references) from a file, stdin and gzip", async () => {
    const records = readFileSync(join(data, "records.jsonl"), "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => JSON.parse(l) as { system: string; hyp: string; refs?: (string | null)[]; ref?: string });
    const expectedFor = (system: string) =>
      evaluate(
        library("unigram", { tokenize: "toy-chars" }),
        records.filter((x) => x.system === system).map((x) => ({ hyp: x.hyp, refs: x.refs ? x.refs.filter((y): y is string => y !== null) : [x.ref!] })),
        { segments: true },
      );
    const dir = tempDir();
    writeFileSync(join(dir, "records.jsonl.gz"), gzipSync(readFileSync(join(data, "records.jsonl"))));
    const runs = await Promise.all([
      cli([...P, "score", "-m", "unigram", "--tokenize", "toy-chars", "--input", "records.jsonl", "--segments"]),
      cli([...P, "score", "-m", "unigram", "--tokenize", "toy-chars", "--segments"], { stdin: readFileSync(join(data, "records.jsonl")) }),
      cli([...P, "score", "-m", "unigram", "--tokenize", "toy-chars", "--input", join(dir, "records.jsonl.gz"), "--segments"]),
    ]);
    for (const r of runs) {
      expect(r.code).toBe(0);
      const doc = json(r.stdout);
      expect(doc.metrics[0]!.options).toEqual({ tokenize: "toy-chars" });
      expect(doc.metrics[0]!.systems.map((s) => s.system)).toEqual(["sysA", "sysB"]);
      for (const s of doc.metrics[0]!.systems) {
        const expected = expectedFor(s.system);
        expect(s.corpus).toEqual(expected.corpus);
        expect(s.segments!.map((x) => x.result)).toEqual(expected.segments);
        expect(s.segments!.map((x) => x.segment)).toEqual([1, 2, 3]);
      }
    }
  });

  it("scores reference-free metrics on JSONL records without refs; a metric that needs references refuses them", async () => {
    const texts = ["The cat sat on the mat.", "The cat sat on the sofa.", "A dog barked at the mailman all morning."];
    const stdin = texts.map((hyp) => JSON.stringify({ hyp })).join("\n") + "\n";
    const r = await cli(["score", "-m", "distinct,distinct-mean,self-bleu,self-bleu-sacrebleu", "--gram", "4", "--n", "1"], { stdin });
    expect(r.code).toBe(0);
    const doc = json(r.stdout);
    const segs = texts.map((hyp) => ({ hyp, refs: [] }));
    const d = createDistinct({ n: 1 });
    const dm = createDistinctMean({ n: 1 });
    expect(doc.metrics.map((m) => m.systems[0]!.corpus)).toEqual([
      d.score(d.corpusStats(segs), "corpus"),
      dm.score(dm.corpusStats(segs), "corpus"),
      createSelfBleu({ gram: 4 }).compute(texts),
      createSacrebleuSelfBleu().compute(texts),
    ]);
    const bad = await cli(["score", "-m", "bleu"], { stdin });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/no reference/);
  });

  it("passes metric options from their OptionSpec flags, shared and per metric", async () => {
    const r = await cli([...P, "score", "-m", "unigram,length-gap", "--lowercase", "--unigram-beta", "2", "--unit", "chars", "--ignore", "the,The", "refA.txt", "-i", "sysB.txt"]);
    expect(r.code).toBe(0);
    const doc = json(r.stdout);
    const uni = evaluate(library("unigram", { lowercase: true, beta: 2 }), segmentsOf("sysB.txt", ["refA.txt"]));
    const gap = evaluate(library("length-gap", { unit: "chars", ignore: ["the", "The"] }), segmentsOf("sysB.txt", ["refA.txt"]));
    expect(doc.metrics[0]!.options).toEqual({ lowercase: true, beta: 2 });
    expect(doc.metrics[0]!.systems[0]!.corpus).toEqual(uni.corpus);
    expect(doc.metrics[0]!.signature).toBe("tok:toy-ws|lc:yes|beta:2|version:1.0.0");
    expect(doc.metrics[1]!.options).toEqual({ unit: "chars", ignore: ["the", "The"] });
    expect(doc.metrics[1]!.systems[0]!.corpus).toEqual(gap.corpus);
  });

  it("prints the readable table with signatures and the metric's own line", async () => {
    const r = await cli([...P, "score", "-m", "unigram,length-gap", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "-f", "table", "-w", "2"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "             unigram                     length-gap",
        "system    n        f  precision  recall",
        "sysA.txt  3    66.67      66.67   66.67        0.00",
        "sysB.txt  3    69.57      72.73   66.67        8.33",
        "",
        "sysA.txt: UNI = 66.67 (P 66.67, R 66.67)",
        "sysB.txt: UNI = 69.57 (P 72.73, R 66.67)",
        "",
        "Signatures",
        "  unigram     tok:toy-ws|lc:no|beta:1|version:1.0.0",
        "  length-gap  nrefs:2|unit:words|ignore:0|version:1.0.0",
        "",
      ].join("\n"),
    );
  });

  it("writes csv, markdown, latex and jsonl (with segments), and -o files", async () => {
    const base = [...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "sysB.txt", "-w", "1"];
    const dir = tempDir();
    const [csv, md, tex, jsonl, out] = await Promise.all([
      cli([...base, "-f", "csv"]),
      cli([...base, "-f", "markdown"]),
      cli([...base, "-f", "latex"]),
      cli([...base, "-f", "jsonl", "--segments"]),
      cli([...base, "-f", "csv", "-o", join(dir, "out.csv")]),
    ]);
    for (const r of [csv, md, tex, jsonl, out]) expect(r.code).toBe(0);
    const sig = "tok:toy-ws|lc:no|beta:1|version:1.0.0";
    const row = (sys: string) => {
      const r = evaluate(library("unigram"), segmentsOf(sys, ["refA.txt"])).corpus as Record<string, number>;
      return [sys, "3", ...["f", "precision", "recall"].map((k) => formatFixed(r[k]!, 1))];
    };
    const [a, b] = [row("sysA.txt"), row("sysB.txt")];
    expect(csv.stdout).toBe(
      `system,count,unigram.f,unigram.precision,unigram.recall,unigram.signature\r\n${a.join(",")},${sig}\r\n${b.join(",")},${sig}\r\n`,
    );
    expect(readFileSync(join(dir, "out.csv"), "utf8")).toBe(csv.stdout);
    expect(out.stdout).toBe("");
    const best = a.map((x, i) => (i >= 2 && Number(x) >= Number(b[i]) ? `**${x}**` : x));
    const worst = b.map((x, i) => (i >= 2 && Number(x) >= Number(a[i]) ? `**${x}**` : x));
    expect(md.stdout).toBe(
      [
        "| system | n | unigram.f | unigram.precision | unigram.recall |",
        "|:--|--:|--:|--:|--:|",
        `| ${best.join(" | ")} |`,
        `| ${worst.join(" | ")} |`,
        "",
        "Signatures:",
        "",
        `- unigram: \`${sig}\``,
        "",
      ].join("\n"),
    );
    expect(tex.stdout).toContain("% unigram: tok:toy-ws|lc:no|beta:1|version:1.0.0\n");
    expect(tex.stdout).toContain("\\begin{tabular}{lrrrr}\n\\toprule\nSystem & $n$ & unigram.f & unigram.precision & unigram.recall \\\\\n\\midrule\n");
    const texRow = (mine: string[], other: string[]) => mine.map((x, i) => (i >= 2 && Number(x) >= Number(other[i]) ? `\\textbf{${x}}` : x)).join(" & ");
    expect(tex.stdout).toContain(`${texRow(a, b)} \\\\\n${texRow(b, a)} \\\\\n\\bottomrule\n`);
    const lines = jsonl.stdout.trimEnd().split("\n").map((l) => JSON.parse(l) as { type: string; system: string; segment?: number; result?: unknown });
    for (const line of lines) expect(validateSchema(line, schemas["jsonl line"] as object)).toEqual([]);
    // Segment lines stream in input order (line by line, each system), then the corpus lines.
    expect(lines.map((l) => `${l.type}:${l.system}${l.segment === undefined ? "" : `#${l.segment}`}`)).toEqual([
      "segment:sysA.txt#1",
      "segment:sysB.txt#1",
      "segment:sysA.txt#2",
      "segment:sysB.txt#2",
      "segment:sysA.txt#3",
      "segment:sysB.txt#3",
      "corpus:sysA.txt",
      "corpus:sysB.txt",
    ]);
    expect(lines[0]!.result).toEqual(evaluate(library("unigram"), segmentsOf("sysA.txt", ["refA.txt"]), { segments: true }).segments![0]);
  });

  it("adds segment tables to the text formats with --segments, numbered from 1 as the CSV rows are", async () => {
    const r = await cli([...P, "score", "-m", "length-gap", "refA.txt", "-i", "sysA.txt", "--segments", "-f", "table", "-w", "1"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Segments of sysA.txt\n#  length-gap\n1         0.0\n2         0.0\n3         0.0\n");
    const csv = await cli([...P, "score", "-m", "length-gap", "refA.txt", "-i", "sysA.txt", "--segments", "-f", "csv", "-w", "1"]);
    // Segment rows stream first (their signature cells empty), the corpus row with signatures last.
    expect(csv.stdout.split("\r\n")).toEqual([
      "system,segment,count,length-gap,length-gap.signature",
      "sysA.txt,1,1,0.0,",
      "sysA.txt,2,1,0.0,",
      "sysA.txt,3,1,0.0,",
      "sysA.txt,,3,0.0,nrefs:1|unit:words|ignore:0|version:1.0.0",
      "",
    ]);
  });

  it("uses GRAMSCORE_FORMAT and the config file for defaults, flags first", async () => {
    const env = await cli([...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt"], { env: { GRAMSCORE_FORMAT: "csv" } });
    expect(env.stdout.startsWith("system,count,")).toBe(true);
    const dir = tempDir();
    writeFiles(dir, { "gramscore.config.json": JSON.stringify({ plugins: [toyPlugin], metrics: ["length-gap"], format: "markdown", width: 1 }) });
    for (const f of ["refA.txt", "sysA.txt"]) copyFileSync(join(data, f), join(dir, f));
    const cfg = await cli(["score", "refA.txt", "-i", "sysA.txt"], { cwd: dir });
    expect(cfg.code).toBe(0);
    expect(cfg.stdout).toContain("| system | n | length-gap |\n|:--|--:|--:|\n| sysA.txt | 3 | 0.0 |");
    const flag = await cli(["score", "refA.txt", "-i", "sysA.txt", "-f", "csv", "-w", "2"], { cwd: dir });
    expect(flag.stdout).toContain("sysA.txt,3,0.00,");
    const ignored = await cli(["--no-config", "score", "refA.txt", "-i", "sysA.txt"], { cwd: dir });
    expect(ignored.code).toBe(2);
    expect(ignored.stderr).toContain("Choose the metrics with -m");
  });

  it("shows the metrics' flags in help", async () => {
    const r = await cli([...P, "score", "-m", "unigram,length-gap", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Options of metric unigram:");
    expect(r.stdout).toContain("--beta <number>");
    expect(r.stdout).toContain("weight of recall (default: 1)");
    expect(r.stdout).toContain("--unit <value>");
    expect(r.stdout).toContain("what to count (choices: chars, words) (default: words)");
    expect(r.stdout).toContain("--<metric>-<flag>");
  });
});

describe.concurrent("gramscore stats and merge", () => {
  it("merges shards into exactly the one-pass scores, in any order and format", async () => {
    const dir = tempDir();
    const lines = { A: fixtureLines("sysA.txt"), R: fixtureLines("refA.txt"), S: fixtureLines("refB.txt") };
    writeFiles(dir, {
      "a1.txt": `${lines.A.slice(0, 2).join("\n")}\n`,
      "a2.txt": `${lines.A.slice(2).join("\n")}\n`,
      "r1.txt": `${lines.R.slice(0, 2).join("\n")}\n`,
      "r2.txt": `${lines.R.slice(2).join("\n")}\n`,
      "s1.txt": `${lines.S.slice(0, 2).join("\n")}\n`,
      "s2.txt": `${lines.S.slice(2).join("\n")}\n`,
    });
    const opts = ["-m", "unigram,length-gap", "--tokenize", "toy-chars", "--unit", "chars"];
    const [s1, s2] = await Promise.all([
      cli([...P, "stats", ...opts, "r1.txt", "s1.txt", "-i", "a1.txt", "-o", "s1.jsonl"], { cwd: dir }),
      cli([...P, "stats", ...opts, "r2.txt", "s2.txt", "-i", "a2.txt"], { cwd: dir }),
    ]);
    expect(s1.code).toBe(0);
    expect(s2.code).toBe(0);
    writeFileSync(join(dir, "s2.jsonl"), s2.stdout);
    const entries = readFileSync(join(dir, "s1.jsonl"), "utf8").trimEnd().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(entries).toHaveLength(2);
    for (const e of entries) expect(validateSchema(e, schemas["stats line"] as object)).toEqual([]);
    expect(entries[0]).toMatchObject({ format: "gramscore-stats/1", metric: "unigram", system: "a1.txt", count: 2, options: { tokenize: "toy-chars" } });

    const merged = await cli([...P, "merge", "s2.jsonl", "s1.jsonl", "-f", "json"], { cwd: dir });
    expect(merged.code).toBe(0);
    const doc = json(merged.stdout);
    expect(doc.command).toBe("merge");
    // Two references per segment: length-gap's signature says nrefs:2, which a fresh metric learns from the statistics.
    const whole = segmentsOf("sysA.txt", ["refA.txt", "refB.txt"]);
    const uni = evaluate(library("unigram", { tokenize: "toy-chars" }), whole);
    const gap = evaluate(library("length-gap", { unit: "chars" }), whole);
    // The two shards are two systems (named after their files); merge them as one by renaming.
    expect(doc.metrics.map((m) => m.systems.map((s) => s.system))).toEqual([["a2.txt", "a1.txt"], ["a2.txt", "a1.txt"]]);
    const renamed = [s1.stdout === "" ? readFileSync(join(dir, "s1.jsonl"), "utf8") : s1.stdout, s2.stdout].join("").replace(/"system":"a[12]\.txt"/g, '"system":"all"');
    writeFileSync(join(dir, "all.jsonl"), renamed);
    const one = await cli([...P, "merge", "all.jsonl", "-f", "json"], { cwd: dir });
    const oneDoc = json(one.stdout);
    expect(oneDoc.metrics[0]!.systems[0]).toMatchObject({ system: "all", count: 3, corpus: uni.corpus });
    expect(oneDoc.metrics[1]!.systems[0]).toMatchObject({ system: "all", count: 3, corpus: gap.corpus });
    expect(oneDoc.metrics[0]!.signature).toBe(uni.signature);
    expect(oneDoc.metrics[1]!.signature).toBe("nrefs:2|unit:chars|ignore:0|version:1.0.0");
    expect(oneDoc.metrics[1]!.signature).toBe(gap.signature);
    const table = await cli([...P, "merge", "all.jsonl", "-f", "table", "-w", "1"], { cwd: dir });
    expect(table.stdout.split("\n")[2]).toMatch(/^all\s+3\s/);
  });

  it("refuses shards whose signatures differ, and files that are not statistics", async () => {
    const dir = tempDir();
    const [a, b] = await Promise.all([
      cli([...P, "stats", "-m", "unigram", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { cwd: dir }),
      cli([...P, "stats", "-m", "unigram", "--lowercase", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { cwd: dir }),
    ]);
    const tampered = b.stdout.replace('"options":{"lowercase":true}', '"options":{}');
    writeFiles(dir, { "a.jsonl": a.stdout, "b.jsonl": tampered, "junk.jsonl": "not json\n", "other.json": '{"format":"x"}' });
    const [mismatch, alone, junk, other, missing] = await Promise.all([
      cli([...P, "merge", "a.jsonl", "b.jsonl"], { cwd: dir }),
      cli([...P, "merge", "b.jsonl"], { cwd: dir }),
      cli([...P, "merge", "junk.jsonl"], { cwd: dir }),
      cli([...P, "merge", "other.json"], { cwd: dir }),
      cli([...P, "merge", "nope.jsonl"], { cwd: dir }),
    ]);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stderr).toBe(
      "gramscore: error: The shards hold unigram statistics with different signatures: tok:toy-ws|lc:no|beta:1|version:1.0.0 (a.jsonl line 1) " +
        "and tok:toy-ws|lc:yes|beta:1|version:1.0.0 (b.jsonl line 1). Only statistics computed by the same version with the same options " +
        "can be merged.\n",
    );
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(
      /^gramscore: error: b\.jsonl line 1: These statistics were computed with tok:toy-ws\|lc:yes\|beta:1\|version:1\.0\.0, but this metric gives tok:toy-ws\|lc:no\|/,
    );
    expect(junk.code).toBe(1);
    expect(junk.stderr).toContain("junk.jsonl line 1 is not valid JSON");
    expect(other.code).toBe(1);
    expect(other.stderr).toContain('other.json line 1: expected statistics written by gramscore stats (an object with "format": "gramscore-stats/1")');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("gramscore: error: Cannot read nope.jsonl: no such file.\n");
  });
});

describe.concurrent("gramscore explain", () => {
  it("explains an inline segment, as text (compact, and whole with --verbose) and as JSON", async () => {
    const [text, compact, doc] = await Promise.all([
      cli([...P, "explain", "-m", "unigram,length-gap", "--hyp", "the cat sat", "--ref", "a cat sat", "--ref", "the dog", "--verbose"]),
      cli([...P, "explain", "-m", "unigram,length-gap", "--hyp", "the cat sat", "--ref", "a cat sat", "--ref", "the dog"]),
      cli([...P, "explain", "-m", "unigram", "--hyp", "the cat sat", "--ref", "a cat sat", "-f", "json"]),
    ]);
    expect(text.code).toBe(0);
    // Without --verbose: the references once, then per metric its numbers and short match lists.
    expect(compact.stdout).toBe(
      [
        "ref 1   a cat sat",
        "ref 2   the dog",
        "",
        "unigram  tok:toy-ws|lc:no|beta:1|version:1.0.0",
        "  hyp     the cat sat",
        "  score   f 66.6667, precision 66.6667, recall 66.6667",
        "  bestReference 1",
        '  matched  "cat" "sat"',
        '  unmatched  "the"',
        "  counts  hyp 3, ref 3",
        "",
        "length-gap  nrefs:2|unit:words|ignore:0|version:1.0.0",
        "  hyp     the cat sat",
        "  score   gap 0.0000",
        "  (length-gap does not implement explain(); only the score is shown)",
        "",
      ].join("\n"),
    );
    expect(text.stdout).toBe(
      [
        "unigram  tok:toy-ws|lc:no|beta:1|version:1.0.0",
        "  hyp     the cat sat",
        "  ref 1   a cat sat",
        "  ref 2   the dog",
        "  score   f 66.6667, precision 66.6667, recall 66.6667",
        "  why",
        "    bestReference: 1",
        '    matched: ["cat", "sat"]',
        '    unmatched: ["the"]',
        "    counts:",
        "      hyp: 3",
        "      ref: 3",
        "",
        "length-gap  nrefs:2|unit:words|ignore:0|version:1.0.0",
        "  hyp     the cat sat",
        "  ref 1   a cat sat",
        "  ref 2   the dog",
        "  score   gap 0.0000",
        "  (length-gap does not implement explain(); only the score is shown)",
        "",
      ].join("\n"),
    );
    const parsed = JSON.parse(doc.stdout) as { metrics: { explanation: unknown; result: unknown }[] };
    const m = library("unigram");
    expect(parsed.metrics[0]!.explanation).toEqual(m.explain!("the cat sat", ["a cat sat"]));
    expect(parsed.metrics[0]!.result).toEqual(m.score(m.stats("the cat sat", ["a cat sat"]), "segment"));
  });

  it("picks a segment of the input with --line and --system, and colours it on request", async () => {
    const r = await cli([...P, "explain", "-m", "unigram", "--input", "records.jsonl", "--system", "sysB", "--line", "2"], { env: { NO_COLOR: undefined, FORCE_COLOR: "1" } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("records.jsonl line 4 (system sysB, segment 2)");
    expect(r.stdout).toContain("\u001b[32m");
    expect(r.stdout).toContain("\u001b[31m");
    const files = await cli([...P, "explain", "-m", "unigram", "refA.txt", "refB.txt", "-i", "sysA.txt", "--line", "3"]);
    expect(files.stdout).toContain("ref 1   Hello world\nref 2   Hello there world\n\nunigram  ");
    expect(files.stdout).toContain("  hyp     hello world\n");
    expect(files.stdout).not.toContain("\u001b[");
  });

  it("says what is wrong with the segment choice", async () => {
    const [noLine, past, both, badSystem] = await Promise.all([
      cli([...P, "explain", "-m", "unigram", "refA.txt", "-i", "sysA.txt"]),
      cli([...P, "explain", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "--line", "9"]),
      cli([...P, "explain", "-m", "unigram", "--hyp", "x", "refA.txt"]),
      cli([...P, "explain", "-m", "unigram", "--input", "records.jsonl", "--system", "sysC", "--line", "1"]),
    ]);
    expect([noLine.code, past.code, both.code, badSystem.code]).toEqual([2, 2, 2, 2]);
    expect(noLine.stderr).toContain("Say which segment to explain: --line N");
    expect(past.stderr).toContain("--line 9 is past the end of the input: system sysA.txt has 3 segments.");
    expect(both.stderr).toContain("Give the segment either inline");
    expect(badSystem.stderr).toContain('There is no system "sysC" in the input; its systems are: sysA, sysB.');
  });
});

describe.concurrent("gramscore tokenize and list", () => {
  it("prints the tokens of each line with plugin tokenizers and their options", async () => {
    const [text, lc, js] = await Promise.all([
      cli([...P, "tokenize", "-t", "toy-space", "sysA.txt"]),
      cli([...P, "tokenize", "-t", "toy-ws", "--lowercase"], { stdin: "A B  c\nD\r\n" }),
      cli([...P, "tokenize", "-t", "toy-chars", "-f", "json"], { stdin: "ab c\n" }),
    ]);
    expect(text.stdout).toBe("The cat sat on a mat.\nA brown fox quickly.\nhello world\n");
    expect(lc.stdout).toBe("a b c\nd\n");
    expect(js.stdout).toBe('["a","b","c"]\n');
    const unknown = await cli([...P, "tokenize", "-t", "toy-wss"], { stdin: "x\n" });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown tokenizer "toy-wss". Did you mean "toy-ws"?');
    const missing = await cli(["tokenize"], { stdin: "x\n" });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("required option '-t, --tokenizer <name>' not specified");
  });

  it("lists plugin and built-in tokenizers and metrics; built-ins are exactly the installed packages' plugins", async () => {
    const r = await cli([...P, "list", "-f", "json"]);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as {
      metrics: { name: string; plugin: string; builtin: boolean; aliases: string[]; options: unknown[] }[];
      tokenizers: { name: string; plugin: string; builtin: boolean }[];
      plugins: { name: string; builtin: boolean }[];
      unavailable: { name: string }[];
    };
    expect(doc.metrics.filter((m) => !m.builtin)).toEqual([
      expect.objectContaining({ name: "unigram", plugin: "toy-plugin", aliases: ["uni"], options: expect.arrayContaining([expect.objectContaining({ flag: "beta" })]) }),
      expect.objectContaining({ name: "length-gap", plugin: "toy-plugin" }),
    ]);
    const packages = [
      "tokenizer-whitespace",
      "tokenizer-punctuation",
      "tokenizer-sacrebleu",
      "tokenizer-subword",
      "tokenizer-sentencepiece",
      "tokenizer-intl-words",
      "tokenizer-ja-mecab",
      "metric-bleu",
      "metric-rouge",
      "metric-chrf",
      "metric-ter",
      "metric-wer",
      "metric-squad",
      "metric-diversity",
      "metric-cider",
      "metric-sari",
      "metric-character",
      "metric-gleu",
      "metric-nist",
      "tokenizer-treebank",
      "metric-meteor",
      "normalizer-whisper",
    ];
    const withPlugin: string[] = [];
    for (const p of packages) {
      const mod = (await import(/* @vite-ignore */ join(repoRoot, "packages", p, "dist/index.js")).catch(() => ({}))) as { plugin?: { name: string } };
      if (mod.plugin !== undefined) withPlugin.push(mod.plugin.name);
    }
    console.log(`built-in packages exporting a plugin: ${withPlugin.length} of ${packages.length}`);
    expect(doc.plugins.filter((p) => p.builtin).map((p) => p.name).sort()).toEqual([...withPlugin].sort());
    expect(doc.plugins.filter((p) => !p.builtin).map((p) => p.name)).toEqual(["toy-plugin"]);
    expect(doc.unavailable.map((u) => u.name).sort()).toEqual(packages.map((p) => `@gramscore/${p}`).filter((n) => !withPlugin.includes(n)).sort());
    const text = await cli([...P, "list"]);
    expect(text.stdout).toContain("  unigram (uni)  clipped unigram precision, recall and F-beta against the best reference  [toy-plugin]\n");
    expect(text.stdout).toContain("      --beta <number>  weight of recall (default: 1)\n");
  });
});

describe.concurrent("gramscore demo", () => {
  it("prints the sample tables with every installed metric", async () => {
    const [r, list] = await Promise.all([cli(["demo"]), cli(["list", "-f", "json"])]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Translation sample (16 segments, 2 references each)\n");
    expect(r.stdout).toContain("Summary sample (6 documents, 1 reference each)\n");
    // One row per system, or (when that is too wide) one column per system.
    expect(r.stdout).toMatch(/\n(careful\s+16\s|n\s+16\s+16\n)/);
    expect(r.stdout).toMatch(/\n(abstractive\s+6\s|n\s+6\s+6\n)/);
    // The samples are hypotheses with references: metrics that need each segment's source (SARI) or
    // score hypotheses alone (distinct-n, Self-BLEU) are left out, silently.
    expect(r.stderr).toBe("");
    const otherKind = ["sari", "easse_sari", "distinct", "distinct-mean", "self-bleu", "self-bleu-sacrebleu"];
    const signatures = r.stdout.split("Signatures\n")[1]!;
    for (const name of otherKind) expect(signatures).not.toContain(`\n  ${name} `.slice(1));
    const installed = (JSON.parse(list.stdout) as { metrics: { name: string }[] }).metrics.map((m) => m.name).filter((n) => !otherKind.includes(n));
    console.log(`demo scored with ${installed.length} installed metrics`);
    for (const name of installed) expect(signatures).toContain(`\n  ${name} `.slice(1));
  });
  it("includes plugin metrics and prints JSON documents that follow the schema", async () => {
    const r = await cli([...P, "demo", "-f", "json"]);
    expect(r.code).toBe(0);
    const docs = JSON.parse(r.stdout) as (ScoreDoc & { title: string })[];
    expect(docs.map((d) => d.title)).toEqual(["Translation sample (16 segments, 2 references each)", "Summary sample (6 documents, 1 reference each)"]);
    for (const d of docs) {
      expect(validateSchema(d, schemas.score as object)).toEqual([]);
      expect(d.metrics.map((m) => m.metric)).toEqual(expect.arrayContaining(["unigram", "length-gap"]));
    }
  });
});

describe.concurrent("plugins by name and by path", () => {
  let project: string;
  beforeAll(() => {
    project = tempDir();
    const pkg = (name: string) => {
      const dir = join(project, "node_modules", ...name.split("/"));
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, "package.json"), JSON.stringify({ name, type: "module", exports: { ".": { import: "./index.mjs" } } }));
      copyFileSync(toyPlugin, join(dir, "index.mjs"));
    };
    pkg("gramscore-plugin-toy");
    // The plugin's own dependency, as an install would provide it.
    mkdirSync(join(project, "node_modules/@gramscore"), { recursive: true });
    symlinkSync(join(repoRoot, "packages/core"), join(project, "node_modules/@gramscore/core"), "dir");
    for (const f of ["refA.txt", "sysA.txt"]) copyFileSync(join(data, f), join(project, f));
  });

  it("loads a package by short name and by full name from the working directory", async () => {
    const [short, full] = await Promise.all([
      cli(["--plugin", "toy", "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "-f", "csv"], { cwd: project }),
      cli(["score", "--plugin", "gramscore-plugin-toy", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "-f", "csv"], { cwd: project }),
    ]);
    expect(short.stderr).toBe("");
    expect(short.code).toBe(0);
    expect(full.stdout).toBe(short.stdout);
    expect(short.stdout).toContain("sysA.txt,3,66.6667,");
  });

  it("loads a plugin from package.json settings, and a module by relative path", async () => {
    const dir = tempDir();
    writeFiles(dir, { "package.json": JSON.stringify({ name: "x", gramscore: { plugins: ["./toy.mjs"] } }) });
    copyFileSync(toyPlugin, join(dir, "toy.mjs"));
    mkdirSync(join(dir, "node_modules/@gramscore"), { recursive: true });
    symlinkSync(join(repoRoot, "packages/core"), join(dir, "node_modules/@gramscore/core"), "dir");
    const [cfg, byPath] = await Promise.all([
      cli(["list", "-f", "json"], { cwd: dir }),
      cli(["--no-config", "--plugin", "./toy.mjs", "tokenize", "-t", "toy-chars"], { cwd: dir, stdin: "ab\n" }),
    ]);
    expect(cfg.code).toBe(0);
    expect((JSON.parse(cfg.stdout) as { plugins: { name: string }[] }).plugins.map((p) => p.name)).toContain("toy-plugin");
    expect(byPath.stdout).toBe("a b\n");
  });

  it("reports plugins that are missing, broken, invalid or conflicting (exit 2)", async () => {
    const runs = await Promise.all([
      cli(["--plugin", "nothere", "list"], { cwd: project }),
      cli(["--plugin", join(fixtures, "no-plugin.mjs"), "list"]),
      cli(["--plugin", join(fixtures, "throws-plugin.mjs"), "list"]),
      cli([...P, "--plugin", join(fixtures, "conflict-plugin.mjs"), "list"]),
      cli(["--plugin", join(fixtures, "throws-plugin.mjs"), "--debug", "list"]),
    ]);
    const [missing, empty, broken, conflict, debug] = runs;
    for (const r of runs) expect(r.code).toBe(2);
    expect(missing!.stderr).toContain(
      'gramscore: error: Cannot find plugin "nothere": no package "@gramscore/metric-nothere", "@gramscore/tokenizer-nothere", "gramscore-plugin-nothere", "nothere" is installed in',
    );
    expect(empty!.stderr).toMatch(/does not export a gramscore plugin: .* but it exports "helper"\.\n$/);
    expect(broken!.stderr).toMatch(/^gramscore: error: Cannot load plugin .*throws-plugin\.mjs: this plugin is broken\.\n$/);
    expect(conflict!.stderr).toContain('Cannot register plugin "conflict-plugin": metric "unigram" is already registered by plugin "toy-plugin"');
    for (const r of [missing, empty, broken, conflict]) expect(r!.stderr).not.toMatch(/\n\s+at /);
    expect(debug!.stderr).toMatch(/\n\s+at /);
    expect(debug!.stderr).toContain("caused by: Error: this plugin is broken");
  });

  it("explains TypeScript plugins Node cannot import", async () => {
    const dir = tempDir();
    writeFiles(dir, { "plugin.ts": "export default { kind: 'plugin' as const, name: 'ts' };\n" });
    const r = await cli(["--plugin", "./plugin.ts", "list"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot import that file type: compile TypeScript plugins to JavaScript|does not export a gramscore plugin/);
  });
});

describe.concurrent("errors: one message, exit 1 for data, 2 for usage", () => {
  const cases: [string, string[], number, string | RegExp, string?][] = [
    ["misaligned files", [...P, "score", "-m", "unigram", "refA.txt", "-i", "short.txt"], 1, "gramscore: error: The line counts differ: short.txt has 2 lines but refA.txt has 3 lines."],
    ["a misaligned reference stream", [...P, "score", "-m", "unigram", "refA.txt", "short.txt", "-i", "sysA.txt"], 1, "sysA.txt has 3 lines, refA.txt has 3 lines, short.txt has 2 lines"],
    ["a missing file", [...P, "score", "-m", "unigram", "missing.txt", "-i", "sysA.txt"], 1, "gramscore: error: Cannot read missing.txt: no such file.\n"],
    ["malformed JSONL", [...P, "score", "-m", "unigram"], 1, /^gramscore: error: stdin line 2: "refs" must be an array of reference strings/, '{"hyp":"a","refs":["a"]}\n{"hyp":"b","refs":"b"}\n'],
    ["invalid JSON", [...P, "score", "-m", "unigram"], 1, /^gramscore: error: stdin line 1: not valid JSON/, "{nope}\n"],
    ["invalid UTF-8", [...P, "score", "-m", "unigram", "refA.txt"], 1, "gramscore: error: stdin line 1: not valid UTF-8 text. Convert it to UTF-8 first", "\u00ff"],
    ["a lone surrogate", [...P, "score", "-m", "unigram"], 1, "stdin line 1: The hypothesis of segment 0 contains an unpaired UTF-16 surrogate U+D800", '{"hyp":"\\ud800","refs":["a"]}\n'],
    ["empty input", [...P, "score", "-m", "unigram"], 1, "There is nothing to score: the input has no segments.", ""],
    ["an empty hypothesis file", [...P, "score", "-m", "unigram", "refA.txt"], 1, "stdin has 0 lines but refA.txt has 3 lines", ""],
    ["an unknown metric", [...P, "score", "-m", "unigrma", "refA.txt"], 2, 'gramscore: error: Unknown metric "unigrma". Did you mean "unigram"? Registered metrics:'],
    ["an unknown option", [...P, "score", "-m", "unigram", "--nope", "refA.txt"], 2, "gramscore: error: unknown option '--nope'"],
    ["an option value the metric rejects", [...P, "score", "-m", "unigram", "--beta", "-1", "refA.txt", "-i", "sysA.txt"], 2, "gramscore: error: beta must be a positive number, but got -1."],
    ["a non-number", [...P, "score", "-m", "unigram", "--beta", "x", "refA.txt"], 2, "--beta takes a number, but got \"x\""],
    ["an unknown format", [...P, "score", "-m", "unigram", "-f", "xml", "refA.txt"], 2, "argument 'xml' is invalid. Allowed choices are table, json, jsonl, csv, markdown, latex, text."],
    ["a bad width", [...P, "score", "-m", "unigram", "-w", "x", "refA.txt"], 2, "-w takes a whole number of decimal places"],
    ["no metrics", [...P, "score", "refA.txt", "-i", "sysA.txt"], 2, "Choose the metrics with -m, e.g. gramscore score -m"],
    ["JSONL given with reference files", [...P, "score", "-m", "unigram", "refA.txt", "-i", "records.jsonl"], 2, "records.jsonl looks like JSONL records, but reference files were given too."],
    ["the same system twice", [...P, "score", "-m", "unigram", "refA.txt", "-i", "sysA.txt", "sysA.txt"], 2, "The hypothesis file sysA.txt is given twice"],
    ["an unknown command", ["scor"], 2, /unknown command 'scor'\n\(Did you mean score\?\)/],
    ["an invalid config", ["--config", "refA.txt", "list"], 2, /refA\.txt is not valid JSON/],
  ];
  it.each(cases)("%s", async (_name, args, code, message, stdin) => {
    const r = await cli(args, stdin === undefined ? {} : { stdin: stdin === "\u00ff" ? Buffer.from([0xff]) : stdin });
    expect(r.code).toBe(code);
    if (typeof message === "string") expect(r.stderr).toContain(message);
    else expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe("");
  });
});
