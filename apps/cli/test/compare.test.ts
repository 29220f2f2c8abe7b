/**
 * `gramscore compare`: the regression gate. On WMT22 en-de (shared data) two real systems whose
 * paired bootstrap p-values are below 0.05 fail it and two whose are not pass it, with the p-values
 * of `score --paired-bs` on the same systems; its Markdown is read by markdown-it, its annotations by
 * GitHub's workflow-command syntax, its JUnit XML by a JUnit reader (junit2json). Usage errors,
 * atomic report files and $GITHUB_STEP_SUMMARY on the small fixtures.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import MarkdownIt from "markdown-it";
import { parse as parseJUnit } from "junit2json";
import type { TestSuites } from "junit2json";
import { beforeAll, describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { assertBuilt, cli, data, inProcess, tempDir } from "./helpers.js";

if (!hasShared) console.log(SKIP_MESSAGE);

interface GateJson {
  pass: boolean;
  baseline: string;
  candidate: string;
  segments: number;
  metrics: { metric: string; name: string; delta: number; pValue: number; threshold: number; verdict: string; baseline: { score: number }; candidate: { score: number } }[];
}

interface ScoreJson {
  significance: { metrics: { metric: string; systems: { system: string; score: number; pValue: number | null }[] }[] };
}

beforeAll(() => assertBuilt());

/** The rows of a Markdown table as rendered cell HTML. */
function tableRows(md: string): string[][] {
  const parser = new MarkdownIt();
  const rows: string[][] = [];
  let row: string[] | undefined;
  for (const t of parser.parse(md, {})) {
    if (t.type === "tr_open") row = [];
    else if (t.type === "inline" && row !== undefined) row.push(parser.renderInline(t.content));
    else if (t.type === "tr_close") {
      rows.push(row!);
      row = undefined;
    }
  }
  return rows;
}

/** GitHub Actions workflow commands of a text: `::level title=…::message`, values decoded. */
function annotations(text: string): { level: string; title: string; message: string }[] {
  const decode = (s: string) => s.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");
  return text
    .split("\n")
    .filter((l) => l.startsWith("::"))
    .map((l) => {
      const m = /^::(error|warning|notice) title=([^:,]*)::(.*)$/.exec(l);
      expect(m, l).not.toBeNull();
      return { level: m![1]!, title: decode(m![2]!), message: decode(m![3]!) };
    });
}

describe("compare on the small fixtures", () => {
  it("prints the table, writes the reports atomically and appends the Markdown to $GITHUB_STEP_SUMMARY", async () => {
    const dir = tempDir();
    const summary = join(dir, "summary.md");
    writeFileSync(summary, "earlier step\n");
    const md = join(dir, "gate.md");
    const xml = join(dir, "gate.xml");
    writeFileSync(xml, "old");
    // On these 3 segments chrF drops by 10.5 points with p below 0.05: a regression, unless the
    // threshold for chrF is larger than the drop.
    const args = ["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "refB.txt", "-m", "bleu,chrf", "--no-progress"];
    const failed = await inProcess(args);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toMatch(/^chrF2 .* regressed$/m);
    const r = await inProcess([...args, "--threshold", "chrf=11", "--markdown", md, "--junit", xml], {
      env: { NO_COLOR: "1", GITHUB_STEP_SUMMARY: summary },
    });
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout.split("\n")[0]).toMatch(/^Metric +sysA\.txt +sysB\.txt +Delta +p-value +Threshold +Verdict$/);
    expect(r.stdout).toContain("PASS: sysB.txt is not significantly worse than sysA.txt on BLEU, chrF2");
    const written = readFileSync(md, "utf8");
    expect(readFileSync(summary, "utf8")).toBe("earlier step\n" + written);
    expect(tableRows(written)).toHaveLength(3);
    const doc = (await parseJUnit(readFileSync(xml, "utf8"))) as TestSuites;
    expect(doc.testsuite![0]!.testcase!.map((t) => t.name)).toEqual(["BLEU", "chrF2"]);
  });

  it("JSON output carries the verdicts; a threshold per metric applies to that metric", async () => {
    const r = await inProcess(["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "-m", "bleu,ter", "-f", "json", "--threshold", "ter=3", "--no-progress"]);
    expect(r.code).toBe(0);
    const g = JSON.parse(r.stdout) as GateJson;
    expect(g.metrics.map((m) => [m.metric, m.threshold])).toEqual([
      ["bleu", 0],
      ["ter", 3],
    ]);
    expect(g.segments).toBe(3);
  });

  it("--paired-ar gives score --paired-ar's p-values", async () => {
    const g = await inProcess(["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "refB.txt", "-m", "bleu,ter", "--paired-ar", "--paired-ar-n", "500", "--seed", "3", "-f", "json", "--no-progress"]);
    const sc = await inProcess(["score", "-m", "bleu,ter", "--paired-ar", "--paired-ar-n", "500", "--seed", "3", "-f", "json", "--no-progress", "-i", "sysA.txt", "sysB.txt", "--", "refA.txt", "refB.txt"]);
    expect(sc.code).toBe(0);
    const gated = JSON.parse(g.stdout) as GateJson;
    const scored = JSON.parse(sc.stdout) as ScoreJson;
    expect(gated.metrics.map((m) => m.pValue)).toEqual(scored.significance.metrics.map((m) => m.systems[1]!.pValue));
    expect(g.code).toBe(gated.pass ? 0 : 1);
  });

  it("JSONL inputs whose segments do not pair up are refused (BAD_SYSTEMS, exit 1)", async () => {
    const dir = tempDir();
    const rec = (system: string, ids: number[]) => ids.map((i) => JSON.stringify({ hyp: `word ${i}`, refs: [`ref ${i}`], src: `source ${i}`, system }) + "\n").join("");
    writeFileSync(join(dir, "a.jsonl"), rec("a", [1, 2, 3]));
    writeFileSync(join(dir, "b.jsonl"), rec("b", [1, 3, 2]));
    const r = await inProcess(["compare", "a.jsonl", "b.jsonl", "-m", "chrf", "--no-progress"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/segment 2 of system b \(line 2\) is not segment 2 of system a \(line 2\): their sources \("src"\) differ/);
  });

  it("usage errors exit with 2 and say what to do", async () => {
    const cases: [string[], RegExp][] = [
      [["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt"], /Choose the metrics with -m/],
      [["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "-m", "bleu", "--p-value", "0"], /significance level above 0/],
      [["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "-m", "bleu", "--paired-bs", "--paired-ar"], /cannot be combined/],
      [["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "-m", "bleu", "--threshold", "chrf=1"], /--threshold names chrf/],
      [["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "-m", "bleu", "--threshold", "1,bleu=2"], /either one number/],
      [["compare", "sysA.txt", "sysA.txt", "-r", "refA.txt", "-m", "bleu"], /the same file/],
      [["compare", "records.jsonl", "sysB.txt", "-m", "bleu"], /one system per input.*2 systems \(sysA, sysB\)/s],
      [["compare", "sysA.txt", "sysB.txt", "-r", "refA.txt", "-m", "bleu", "--junit", "refA.txt"], /--junit refA\.txt is one of the input files/],
    ];
    for (const [args, message] of cases) {
      const r = await inProcess([...args, "--no-progress"]);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(message);
    }
  });

  it("--help shows the defaults", async () => {
    const r = await inProcess(["compare", "--help"]);
    expect(r.code).toBe(0);
    const text = r.stdout.replace(/\s+/g, " ");
    expect(text).toContain("(default 0.05)");
    expect(text).toContain("(repeatable; default 0)");
    expect(text).toContain("(default 1000, sacrebleu 2.6.0's)");
    expect(text).toContain("(default 10000, sacrebleu 2.6.0's)");
    expect(text).toContain("(default 2)");
    expect(text).toContain("$GITHUB_STEP_SUMMARY");
  });
});

describe.skipIf(!hasShared)("compare on WMT22 en-de", () => {
  let dir = "";
  const file = (system: string, ext: string) => join(dir, `${system}.${ext}`);
  beforeAll(() => {
    dir = tempDir("gramscore-compare-");
    const records = readDataset("mt_wmt22_generaltest2022_en-de");
    const systems = ["Online-B", "Online-A", "Online-Y"];
    for (const s of systems) {
      const rs = records.filter((r) => r.system === s);
      writeFileSync(file(s, "txt"), rs.map((r) => r.hyp.replace(/\n/g, " ") + "\n").join(""));
      writeFileSync(file(s, "jsonl"), rs.map((r) => JSON.stringify({ hyp: r.hyp, refs: r.refs, src: r.src, system: s }) + "\n").join(""));
    }
    const first = records.filter((r) => r.system === systems[0]);
    for (let k = 0; k < 2; k++) writeFileSync(join(dir, `ref${k}.txt`), first.map((r) => r.refs[k] + "\n").join(""));
  });

  /** `gramscore compare …` as a process, without the runner's own $GITHUB_STEP_SUMMARY. */
  const gate = (args: string[]) => cli([...args, "--no-progress"], { env: { GITHUB_STEP_SUMMARY: undefined } });

  /** `score --paired-bs` of two systems: each metric's p-value of the second against the first. */
  async function scorePValues(baseline: string, candidate: string): Promise<Record<string, number>> {
    const r = await cli(["score", "-m", "bleu,chrf", "--paired-bs", "-f", "json", "--no-progress", "-i", file(baseline, "txt"), file(candidate, "txt"), "--", join(dir, "ref0.txt"), join(dir, "ref1.txt")]);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as ScoreJson;
    return Object.fromEntries(doc.significance.metrics.map((m) => [m.metric, m.systems[1]!.pValue!]));
  }

  it(
    "a significantly worse system fails (exit 1) and one that is not passes (exit 0), with score --paired-bs's p-values; reports validated",
    async () => {
      // Online-A against Online-B: paired bootstrap p-values below 0.05 on both metrics.
      const worse = await scorePValues("Online-B", "Online-A");
      // Online-A against Online-Y: not below 0.05 on either.
      const close = await scorePValues("Online-Y", "Online-A");
      expect(Object.values(worse).every((p) => p < 0.05)).toBe(true);
      expect(Object.values(close).every((p) => p >= 0.05)).toBe(true);

      const md = join(dir, "gate.md");
      const xml = join(dir, "gate.xml");
      const fail = await gate(["compare", file("Online-B", "txt"), file("Online-A", "txt"), "-r", join(dir, "ref0.txt"), join(dir, "ref1.txt"), "-m", "bleu,chrf", "--annotations", "--markdown", md, "--junit", xml]);
      expect(fail.stderr).toBe("");
      expect(fail.code).toBe(1);
      const json = await gate(["compare", file("Online-B", "jsonl"), file("Online-A", "jsonl"), "-m", "bleu,chrf", "-f", "json"]);
      expect(json.code).toBe(1);
      const failed = JSON.parse(json.stdout) as GateJson;
      expect(failed.pass).toBe(false);
      expect(failed.segments).toBe(2037);
      expect(Object.fromEntries(failed.metrics.map((m) => [m.metric, m.pValue]))).toEqual(worse);
      expect(failed.metrics.map((m) => m.verdict)).toEqual(["regressed", "regressed"]);
      expect(failed.metrics.every((m) => m.delta < 0 && m.delta === m.candidate.score - m.baseline.score)).toBe(true);

      const pass = await gate(["compare", file("Online-Y", "txt"), file("Online-A", "txt"), "-r", join(dir, "ref0.txt"), join(dir, "ref1.txt"), "-m", "bleu,chrf", "-f", "json"]);
      expect(pass.stderr).toBe("");
      expect(pass.code).toBe(0);
      const passed = JSON.parse(pass.stdout) as GateJson;
      expect(passed.pass).toBe(true);
      expect(Object.fromEntries(passed.metrics.map((m) => [m.metric, m.pValue]))).toEqual(close);
      expect(passed.metrics.map((m) => m.verdict)).toEqual(["unchanged", "unchanged"]);

      // The annotations: one ::error per regressed metric, in GitHub's workflow-command syntax.
      const notes = annotations(fail.stdout);
      expect(notes.map((n) => [n.level, n.title])).toEqual([
        ["error", "gramscore compare: BLEU regressed"],
        ["error", "gramscore compare: chrF2 regressed"],
      ]);
      expect(notes[0]!.message).toContain(`p = ${worse.bleu!.toFixed(4)}`);

      // The Markdown: a heading and a GitHub table of one row per metric.
      const markdown = readFileSync(md, "utf8");
      const tokens = new MarkdownIt().parse(markdown, {});
      expect(tokens.find((t) => t.type === "inline")!.content).toContain("regressed on BLEU, chrF2");
      const rows = tableRows(markdown);
      expect(rows.map((r) => r.length)).toEqual([7, 7, 7]);
      expect(rows[0]!.slice(1, 3)).toEqual([file("Online-B", "txt"), file("Online-A", "txt")]);
      expect(rows.slice(1).map((r) => [r[0], r[4], r[6]])).toEqual([
        ["BLEU", worse.bleu!.toFixed(4), "❌ regressed"],
        ["chrF2", worse.chrf!.toFixed(4), "❌ regressed"],
      ]);

      // The JUnit XML, read by junit2json: one suite, a failure per regressed metric.
      const doc = (await parseJUnit(readFileSync(xml, "utf8"))) as TestSuites;
      expect(doc.testsuite).toHaveLength(1);
      const suite = doc.testsuite![0]!;
      expect([suite.tests, suite.failures, suite.errors]).toEqual([2, 2, 0]);
      expect(suite.testcase!.map((t) => [t.name, t.classname, t.failure?.[0]?.type])).toEqual([
        ["BLEU", "gramscore.compare.bleu", "regression"],
        ["chrF2", "gramscore.compare.chrf", "regression"],
      ]);
    },
    240_000,
  );
});
