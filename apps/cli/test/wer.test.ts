/**
 * WER, CER, MER, WIL and WIP through the command line: the built-in metrics next to BLEU, `list`,
 * `demo`, `explain`, `--segments`, `stats` / `merge`, `--jobs`, and coded errors, checked against
 * the library's own results (which the package tests tie to jiwer).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { createWerMetric, wer, cer, mer, wil, wip } from "@gramscore/metric-wer";
import { assertBuilt, cli, data, tempDir } from "./helpers.js";
import { expectJobsLikeOneThread, expectShardsMergeToOnePass } from "./equivalence.js";

beforeAll(() => {
  assertBuilt();
});

const lines = (file: string): string[] => readFileSync(join(data, file), "utf8").replace(/\n$/, "").split("\n");
const sysA = () => readFileSync(join(data, "sysA.txt"));

interface Corpus {
  score: number;
  hits: number;
  substitutions: number;
  deletions: number;
  insertions: number;
}
interface JsonReport {
  metrics: { metric: string; signature: string; systems: { count: number; text: string; corpus: Corpus }[] }[];
}

describe.concurrent("gramscore with wer, cer, mer, wil, wip", () => {
  it("score -m bleu,wer,cer,mer,wil,wip gives the library's corpus values", async () => {
    const r = await cli(["score", "-m", "bleu,wer,cer,mer,wil,wip", "-f", "json", join(data, "refA.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.metrics.map((m) => m.metric)).toEqual(["bleu", "wer", "cer", "mer", "wil", "wip"]);
    const hyps = lines("sysA.txt");
    const refs = lines("refA.txt");
    const expected = { wer: wer(hyps, [refs]), cer: cer(hyps, [refs]), mer: mer(hyps, [refs]), wil: wil(hyps, [refs]), wip: wip(hyps, [refs]) };
    for (const [name, result] of Object.entries(expected)) {
      const m = report.metrics.find((x) => x.metric === name)!;
      expect(m.systems[0]!.corpus.score, name).toBe(result.score);
      expect(m.systems[0]!.corpus.hits, name).toBe(result.hits);
      expect(m.signature).toBe(result.signature);
      expect(m.systems[0]!.text).toBe(createWerMetric(name as "wer").format(result));
    }
  });

  it("every output format prints the WER and CER results", async () => {
    const hyps = lines("sysA.txt");
    const refs = lines("refA.txt");
    const scores = [wer(hyps, [refs]).score, cer(hyps, [refs]).score];
    const runs = await Promise.all(
      ["table", "json", "jsonl", "csv", "markdown", "latex"].map((format) => cli(["score", "-m", "wer,cer", "-f", format, join(data, "refA.txt")], { stdin: sysA() })),
    );
    for (const r of runs) {
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/wer/i);
      expect(r.stdout).toMatch(/cer/i);
      for (const score of scores) expect(r.stdout).toContain(String(Number(score.toFixed(4))));
    }
  });

  it("--segments gives each segment's counts", async () => {
    const r = await cli(["score", "-m", "wer", "--segments", "-f", "jsonl", join(data, "refA.txt")], { stdin: sysA() });
    expect(r.stderr).toBe("");
    const rows = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; segment?: number; result?: Corpus });
    const segs = rows.filter((x) => x.type === "segment");
    const hyps = lines("sysA.txt");
    const refs = lines("refA.txt");
    expect(segs.length).toBe(hyps.length);
    const m = createWerMetric("wer");
    for (const s of segs) {
      const st = m.stats(hyps[s.segment! - 1]!, [refs[s.segment! - 1]!]);
      expect(s.result!.score).toBe(m.score(st, "segment").score);
      expect([s.result!.hits, s.result!.substitutions, s.result!.deletions, s.result!.insertions]).toEqual([st.hits, st.substitutions, st.deletions, st.insertions]);
    }
  });

  it("list names the five metrics; demo scores with them (two references: the first is used)", async () => {
    const [list, demo] = await Promise.all([cli(["list"]), cli(["demo", "-f", "json"])]);
    expect(list.code).toBe(0);
    for (const name of ["wer", "cer", "mer", "wil", "wip"]) expect(list.stdout).toMatch(new RegExp(`^\\s*${name}\\s+${name.toUpperCase()}`, "m"));
    expect(list.stdout).toContain("@gramscore/metric-wer");
    expect(demo.code).toBe(0);
    expect(demo.stderr).toBe("");
    const sets = JSON.parse(demo.stdout) as JsonReport[];
    for (const set of sets) expect(set.metrics.filter((m) => ["wer", "cer", "mer", "wil", "wip"].includes(m.metric)).length).toBe(5);
  });

  it("explain shows the alignment", async () => {
    const r = await cli(["explain", "-m", "wer", "--hyp", "one three two four five", "--ref", "one two three four", "-f", "json"]);
    expect(r.stderr).toBe("");
    const doc = JSON.parse(r.stdout) as { metrics: { explanation: unknown }[] };
    expect(doc.metrics[0]!.explanation).toEqual(JSON.parse(JSON.stringify(createWerMetric("wer").explain("one three two four five", ["one two three four"]))));
  });

  it("stats of two shards merge into the one-pass result", async () => {
    await expectShardsMergeToOnePass("wer,cer");
  });

  it("--jobs 2 gives the --jobs 1 output", async () => {
    await expectJobsLikeOneThread(["score", "-m", "wer,cer", "--segments", "-f", "jsonl", join(data, "refA.txt")], { stdin: sysA() });
  });

  it("coded errors: an empty reference, several references with --no-wer-first-reference", async () => {
    const dir = tempDir("gramscore-wer-err-");
    writeFileSync(join(dir, "empty.txt"), "\n");
    writeFileSync(join(dir, "r2.txt"), "a c\n");
    const [empty, strict, first] = await Promise.all([
      cli(["score", "-m", "wer", join(dir, "empty.txt")], { stdin: "a b\n" }),
      cli(["score", "-m", "wer", "--no-wer-first-reference", join(dir, "r2.txt"), join(dir, "r2.txt")], { stdin: "a b\n" }),
      cli(["score", "-m", "wer", "-f", "json", join(dir, "r2.txt"), join(dir, "r2.txt")], { stdin: "a b\n" }),
    ]);
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("WER needs a non-empty reference");
    // INVALID_OPTION: the CLI's usage exit code.
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain("WER compares a hypothesis with one reference");
    expect(first.code).toBe(0);
    expect((JSON.parse(first.stdout) as JsonReport).metrics[0]!.systems[0]!.corpus.score).toBe(0.5);
    // Issue 26: the second reference file is not used, and the signature says so.
    expect((JSON.parse(first.stdout) as JsonReport).metrics[0]!.signature).toMatch(/^measure:wer\|refs:first\|tf:jiwer-default\|/);
  });
});
