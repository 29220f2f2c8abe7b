/**
 * TER through the command line: the built-in `ter` metric next to BLEU and chrF, sacrebleu's
 * `--ter-*` flags, `list`, `demo`, `explain`, every output format, `--jobs`, and `stats` / `merge`,
 * checked against the library's own results (which the package tests tie to sacrebleu).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createTer, ter, type TerOptions } from "@gramscore/metric-ter";
import { hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, data, tempDir } from "./helpers.js";
import { expectJobsLikeOneThread, expectShardsMergeToOnePass } from "./equivalence.js";

beforeAll(() => {
  assertBuilt();
});

const lines = (file: string): string[] => readFileSync(join(data, file), "utf8").replace(/\n$/, "").split("\n");
const sysA = () => readFileSync(join(data, "sysA.txt"));

interface JsonReport {
  metrics: { metric: string; signature: string; options: Record<string, unknown>; systems: { count: number; text: string; corpus: { score: number; numEdits: number; refLength: number } }[] }[];
}

function terOf(report: JsonReport) {
  const m = report.metrics.find((x) => x.metric === "ter");
  expect(m, "a ter entry").toBeDefined();
  return m!;
}

describe.concurrent("gramscore with ter", () => {
  it("score -m bleu,chrf,ter gives the library's TER, score line and signature", async () => {
    const r = await cli(["score", "-m", "bleu,chrf,ter", "-f", "json", join(data, "refA.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.metrics.map((m) => m.metric)).toEqual(["bleu", "chrf", "ter"]);
    const t = terOf(report);
    const expected = ter(lines("sysA.txt"), [lines("refA.txt")]);
    expect(t.systems[0]!.corpus.score).toBe(expected.score);
    expect(t.systems[0]!.corpus.numEdits).toBe(expected.numEdits);
    expect(t.systems[0]!.text).toBe(createTer().format(expected));
    expect(t.signature).toBe("nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:gramscore-0.1.0");
  });

  it("--no-ter-lowercase (sacrebleu's --ter-case-sensitive), --ter-normalized, --ter-no-punct, --ter-asian-support", async () => {
    const cases: [string[], TerOptions, string][] = [
      [[], {}, "case:lc|tok:tercom|norm:no|punct:yes|asian:no"],
      [["--no-ter-lowercase"], { lowercase: false }, "case:mixed|tok:tercom|norm:no|punct:yes|asian:no"],
      [["--ter-normalized"], { normalized: true }, "case:lc|tok:tercom|norm:yes|punct:yes|asian:no"],
      [["--ter-no-punct"], { noPunct: true }, "case:lc|tok:tercom|norm:no|punct:no|asian:no"],
      [
        ["--ter-normalized", "--ter-asian-support", "--ter-no-punct", "--no-ter-lowercase"],
        { normalized: true, asianSupport: true, noPunct: true, lowercase: false },
        "case:mixed|tok:tercom|norm:yes|punct:no|asian:yes",
      ],
    ];
    for (const [flags, options, sig] of cases) {
      const r = await cli(["score", "-m", "ter", ...flags, "-f", "json", join(data, "refA.txt")], { stdin: sysA() });
      expect(r.stderr, flags.join(" ")).toBe("");
      const t = terOf(JSON.parse(r.stdout) as JsonReport);
      expect(t.options, flags.join(" ")).toEqual(options);
      expect(t.signature).toBe(`nrefs:1|${sig}|version:gramscore-0.1.0`);
      expect(t.systems[0]!.corpus.score).toBe(ter(lines("sysA.txt"), [lines("refA.txt")], options).score);
    }
    const old = await cli(["score", "-m", "ter", "--ter-case-sensitive", join(data, "refA.txt")], { stdin: sysA() });
    expect(old.code).toBe(2);
    expect(old.stderr).toContain("The flag is now --no-ter-lowercase");
  });

  it("--ter-normalized tokenizes references twice as sacrebleu does; --ter-tokenize-refs-once does not", async () => {
    const dir = tempDir("gramscore-ter-possessive-");
    const text = "The bank said it was the company's.\nThey visited Standard & Poor's, then left.\n";
    writeFileSync(join(dir, "ref.txt"), text);
    const [twice, once] = await Promise.all([
      cli(["score", "-m", "ter", "--ter-normalized", "-f", "json", join(dir, "ref.txt")], { stdin: Buffer.from(text) }),
      cli(["score", "-m", "ter", "--ter-normalized", "--ter-tokenize-refs-once", "-f", "json", join(dir, "ref.txt")], { stdin: Buffer.from(text) }),
    ]);
    expect(twice.stderr + once.stderr).toBe("");
    const [t, o] = [terOf(JSON.parse(twice.stdout) as JsonReport), terOf(JSON.parse(once.stdout) as JsonReport)];
    expect(t.systems[0]!.corpus.score).toBe(21.052631578947366);
    expect(o.systems[0]!.corpus.score).toBe(0);
    expect(o.signature).toBe("nrefs:1|case:lc|tok:tercom|norm:yes|punct:yes|asian:no|reftok:once|version:gramscore-0.1.0");
  });

  it("every output format prints the TER result", async () => {
    for (const format of ["table", "json", "jsonl", "csv", "markdown", "latex"]) {
      const r = await cli(["score", "-m", "bleu,ter", "-f", format, join(data, "refA.txt"), join(data, "refB.txt")], { stdin: sysA() });
      expect(r.stderr, format).toBe("");
      expect(r.code, format).toBe(0);
      const score = ter(lines("sysA.txt"), [lines("refA.txt"), lines("refB.txt")]).score;
      expect(r.stdout, format).toMatch(/ter/i);
      // Every format prints the score at least to 4 decimals (trailing zeros may be dropped).
      expect(r.stdout, format).toContain(String(Number(score.toFixed(4))));
    }
  });

  it("list names ter and its flags; demo scores with it", async () => {
    const [list, demo] = await Promise.all([cli(["list"]), cli(["demo", "-f", "json"])]);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^\s*ter\s+TER/m);
    expect(list.stdout).toContain("@gramscore/metric-ter");
    expect(demo.code).toBe(0);
    const sets = JSON.parse(demo.stdout) as JsonReport[];
    expect(sets.length).toBeGreaterThan(0);
    for (const set of sets) expect(set.metrics.some((m) => m.metric === "ter")).toBe(true);
  });

  it("explain shows the shifts and the alignment", async () => {
    const r = await cli(["explain", "-m", "ter", "--hyp", "the cat sat on the mat today", "--ref", "today the cat sat on a mat", "-f", "json"]);
    expect(r.stderr).toBe("");
    const doc = JSON.parse(r.stdout) as { metrics: { explanation: ReturnType<ReturnType<typeof createTer>["explain"]> }[] };
    const ex = doc.metrics[0]!.explanation;
    expect(ex).toEqual(JSON.parse(JSON.stringify(createTer().explain("the cat sat on the mat today", ["today the cat sat on a mat"]))));
    expect(ex.shifts.map((s) => s.words)).toEqual([["today"]]);
    expect(ex.counts).toEqual({ shifts: 1, substitutions: 1, insertions: 0, deletions: 0 });
  });

  it("stats of two shards merge into the one-pass result", async () => {
    const { first } = await expectShardsMergeToOnePass("ter");
    const line = JSON.parse(readFileSync(first, "utf8").trim()) as { metric: string; stats: unknown };
    expect(line.metric).toBe("ter");
    expect(createTer().parseStats(line.stats)).toEqual(line.stats);
  });

  it.skipIf(!hasShared)("--jobs 2 gives the --jobs 1 output on real data (per segment too)", async () => {
    // The first 200 lines of the first two systems.
    const all = readDataset("mt_wmt17_newstest2017_en-de");
    const second = all.findIndex((r) => r.system !== all[0]!.system);
    const records = [...all.slice(0, 200), ...all.slice(second, second + 200)];
    const dir = tempDir("gramscore-ter-jobs-");
    const input = join(dir, "in.jsonl");
    writeFileSync(input, records.map((r) => JSON.stringify({ system: r.system, hyp: r.hyp, refs: r.refs })).join("\n") + "\n");
    const one = await expectJobsLikeOneThread(["score", "-m", "chrf,ter", "--segments", "-f", "jsonl", "--input", input]);
    const metric = createTer();
    const expected = metric.score(metric.corpusStats(records.map((r) => ({ hyp: r.hyp, refs: r.refs }))), "corpus");
    const corpus = one.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; metric: string; corpus?: { numEdits: number; score: number } })
      .filter((l) => l.type === "corpus" && l.metric === "ter");
    expect(corpus.length).toBe(2);
    expect(corpus.reduce((s, c) => s + c.corpus!.numEdits, 0)).toBe(expected.numEdits);
  });
});
