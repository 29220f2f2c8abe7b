import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { data, inProcess, tempDir, writeFiles } from "./helpers.js";

const badPlugin = join(data, "..", "reliab", "bad-tokenizers.mjs");

/** WMT17 en-de's records, read once for the tests that use them. */
let wmt17: ReturnType<typeof readDataset> | undefined;
const readWmt17 = () => (wmt17 ??= readDataset("mt_wmt17_newstest2017_en-de"));

/** The report data embedded in an HTML file written by the CLI. */
function embedded(file: string): any {
  const html = readFileSync(file, "utf8");
  const m = /<script type="application\/json" id="gramscore-data">([\s\S]*?)<\/script>/.exec(html);
  expect(m).not.toBeNull();
  return JSON.parse(m![1]!);
}

describe("gramscore report", () => {
  it("writes one HTML file whose table holds the numbers score prints (reference files, one file per system)", async () => {
    const dir = tempDir();
    const out = join(dir, "r.html");
    const r = await inProcess(["report", "-m", "bleu,chrf", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain(`wrote ${out} (2 systems × 3 segments)`);
    const report = embedded(out);
    const score = await inProcess(["score", "-m", "bleu,chrf", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "-f", "json"]);
    expect(score.code).toBe(0);
    const json = JSON.parse(score.stdout);
    expect(report.systems).toEqual(json.metrics[0].systems.map((s: any) => s.system));
    for (const m of json.metrics) {
      const k = report.metrics.findIndex((x: any) => x.name === m.metric);
      expect(report.metrics[k].signature).toBe(m.signature);
      const measure = report.measures.find((x: any) => x.metric === k && x.column === "score");
      expect(measure.corpus).toEqual(m.systems.map((s: any) => s.corpus.score));
    }
    // File names without their folders: a shared report does not carry the writer's paths.
    expect(report.command).toBe("gramscore report -m bleu,chrf refA.txt refB.txt -i sysA.txt sysB.txt -o r.html");
    expect(readFileSync(out, "utf8")).not.toContain(dir);
    expect(report.count).toBe(3);
    expect(Object.keys(report.views).length).toBe(3);
  });

  it("reads JSONL records, takes --baseline, --title and --explain-limit", async () => {
    const dir = tempDir();
    const lines = ["a", "b"].flatMap((system) =>
      ["the cat sat on the mat", "a dog ran", "it rains today"].map((ref, i) => JSON.stringify({ system, hyp: system === "a" ? ref : `${ref} x`, refs: [ref] })),
    );
    const input = join(dir, "in.jsonl");
    writeFileSync(input, `${lines.join("\n")}\n`);
    const r = await inProcess(["report", "-m", "bleu", "--input", input, "--baseline", "b", "--title", "T", "--explain-limit", "1", "-o", "x.html"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const report = embedded(join(dir, "x.html"));
    expect(report.systems).toEqual(["a", "b"]);
    expect(report.baseline).toBe(1);
    expect(report.title).toBe("T");
    expect(Object.keys(report.views)).toHaveLength(1);
  });

  it("--confidence puts each score's bootstrap 95% CI beside it: score's --confidence numbers", async () => {
    const dir = tempDir();
    const out = join(dir, "ci.html");
    const r = await inProcess(["report", "-m", "bleu,chrf", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "--confidence", "--confidence-n", "300", "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    const report = embedded(out);
    expect(report.command).toContain("--confidence --confidence-n 300");
    const score = await inProcess(["score", "-m", "bleu,chrf", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "-f", "json", "--confidence", "--confidence-n", "300"]);
    const sig = JSON.parse(score.stdout).significance;
    for (const m of sig.metrics) {
      const k = report.metrics.findIndex((x: any) => x.name === m.metric);
      const measure = report.measures.find((x: any) => x.metric === k && x.column === "score");
      m.systems.forEach((s: any, i: number) => {
        expect(measure.annotations[i]).toMatchObject({ low: s.mean - s.ci, high: s.mean + s.ci, level: 0.95 });
        expect(measure.annotations[i].note).toContain("|bs:300|seed:12345|");
      });
    }
  });

  it("errors: no metric, an unknown baseline", async () => {
    const noMetric = await inProcess(["report", "refA.txt", "-i", "sysA.txt"]);
    expect(noMetric.code).not.toBe(0);
    expect(noMetric.stderr).toMatch(/Choose the metrics with -m, e\.g\. gramscore report -m/);
    const dir = tempDir();
    const base = await inProcess(["report", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "--baseline", "nope", "-o", join(dir, "r.html")]);
    expect(base.code).not.toBe(0);
    expect(base.stderr).toMatch(/baseline "nope" is not one of the systems/);
  });
});

describe("report: own references, errors as score's (issue 26)", () => {
  it.skipIf(!hasShared)("a system whose JSONL records come shuffled: the table holds score's numbers for every system (WMT17, BLEU, chrF, TER)", async () => {
    const dir = tempDir();
    const rows = readWmt17();
    const names = [...new Set(rows.map((r) => r.system))].slice(0, 2);
    const of = (name: string) => rows.filter((r) => r.system === name).slice(0, 400);
    const a = of(names[0]!);
    // The second system's records in another order (a fixed pseudo-random permutation).
    const b = of(names[1]!)
      .map((r, i) => ({ r, k: (i * 7919) % 401 }))
      .sort((x, y) => x.k - y.k)
      .map((x) => x.r);
    const input = join(dir, "shuffled.jsonl");
    writeFileSync(input, [...a, ...b].map((r) => JSON.stringify({ system: r.system, hyp: r.hyp, refs: r.refs })).join("\n") + "\n");
    const out = join(dir, "r.html");
    const r = await inProcess(["report", "-m", "bleu,chrf,ter", "--input", input, "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    const report = embedded(out);
    const score = await inProcess(["score", "-m", "bleu,chrf,ter", "--input", input, "-f", "json"]);
    expect(score.code, score.stderr).toBe(0);
    const json = JSON.parse(score.stdout);
    expect(report.systems).toEqual(names);
    for (const m of json.metrics) {
      const k = report.metrics.findIndex((x: any) => x.name === m.metric);
      expect(report.metrics[k].signature).toBe(m.signature);
      const measure = report.measures.find((x: any) => x.metric === k && x.column === "score");
      expect(measure.corpus).toEqual(m.systems.map((s: any) => s.corpus.score));
    }
    // The segment views compare the same segments: the second system's hypotheses in the first's order.
    expect(report.hyps[1]).toEqual(of(names[1]!).map((x) => x.hyp));
    expect(report.refs).toEqual(a.map((x) => x.refs));
  });

  it.skipIf(!hasShared)("--confidence with a system whose records come shuffled: score's intervals (resampled in each system's own order)", async () => {
    const dir = tempDir();
    const rows = readWmt17();
    const names = [...new Set(rows.map((r) => r.system))].slice(0, 2);
    const a = rows.filter((r) => r.system === names[0]).slice(0, 60);
    const b = rows.filter((r) => r.system === names[1]).slice(0, 60).reverse();
    const input = join(dir, "shuffled.jsonl");
    writeFileSync(input, [...a, ...b].map((r) => JSON.stringify({ system: r.system, hyp: r.hyp, refs: r.refs })).join("\n") + "\n");
    const out = join(dir, "ci.html");
    const r = await inProcess(["report", "-m", "bleu", "--input", input, "--confidence", "--confidence-n", "200", "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    const measure = embedded(out).measures.find((x: any) => x.column === "score");
    const score = await inProcess(["score", "-m", "bleu", "--input", input, "-f", "json", "--confidence", "--confidence-n", "200"]);
    const sig = JSON.parse(score.stdout).significance;
    sig.metrics[0].systems.forEach((s: any, i: number) => expect(measure.annotations[i]).toMatchObject({ low: s.mean - s.ci, high: s.mean + s.ci }));
  });

  it("systems that do not cover the same segments: a coded error naming the system, the file and line, and what differed", async () => {
    const dir = tempDir();
    const lines = [
      { system: "a", hyp: "x", refs: ["r1"] },
      { system: "a", hyp: "y", refs: ["r2"] },
      { system: "b", hyp: "y", refs: ["r2"] },
      { system: "b", hyp: "x", refs: ["r9"] },
    ];
    writeFileSync(join(dir, "in.jsonl"), lines.map((x) => JSON.stringify(x)).join("\n") + "\n");
    const r = await inProcess(["report", "-m", "bleu", "--input", "in.jsonl", "-o", "r.html"], { cwd: dir });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe('gramscore: error: System "b" (in.jsonl line 4) has the references "r9", which none of the segments of system "a" has. ' +
      "A report compares systems segment by segment, so every system needs one record for each of the segments of system \"a\", with the same references. Fix or drop that record, or report the systems apart.\n");
  });

  it("a plugin metric that throws: score's PLUGIN_FAILED with the file and line, not \"unexpected error\"", async () => {
    const dir = tempDir();
    writeFiles(dir, { "hyp.txt": "fine\nboom here\n", "ref.txt": "fine\nok\n" });
    const args = ["-m", "fragile", "ref.txt", "-i", "hyp.txt"];
    const score = await inProcess(["--plugin", badPlugin, "score", ...args], { cwd: dir });
    const report = await inProcess(["--plugin", badPlugin, "report", ...args, "-o", "r.html"], { cwd: dir });
    expect(report.code).toBe(1);
    expect(report.stderr).toContain("hyp.txt line 2: the metric fragile threw while scoring this segment: cannot read properties");
    expect(report.stderr).not.toContain("unexpected error");
    expect(report.stderr).toBe(score.stderr);
  });

  it("a plugin metric that returns NaN: the file is written, then exit 1 naming metric, plugin, key and system, as score", async () => {
    const dir = tempDir();
    const r = await inProcess(["--plugin", badPlugin, "report", "-m", "nan-metric,bleu", "refA.txt", "-i", "sysA.txt", "sysB.txt", "-o", join(dir, "n.html")]);
    expect(r.code).toBe(1);
    expect(embedded(join(dir, "n.html")).systems).toEqual(["sysA.txt", "sysB.txt"]);
    const score = await inProcess(["--plugin", badPlugin, "score", "-m", "nan-metric,bleu", "refA.txt", "-i", "sysA.txt", "sysB.txt", "-f", "csv"]);
    const errors = (text: string) => text.split("\n").filter((l) => l.startsWith("gramscore: error:"));
    expect(errors(r.stderr)).toEqual([
      "gramscore: error: the metric nan-metric (plugin bad-tokenizers) returned NaN for score of system sysA.txt: that number is not a score. Fix the metric (or the data it cannot handle), or leave it out with -m.",
      "gramscore: error: the metric nan-metric (plugin bad-tokenizers) returned NaN for score of system sysB.txt: that number is not a score. Fix the metric (or the data it cannot handle), or leave it out with -m.",
    ]);
    expect(errors(r.stderr)).toEqual(errors(score.stderr));
  });
});

describe("report: the page with real names (issue 26, item 4)", () => {
  it("the command shown keeps --system names (quoted as a shell takes them) and --keep-whitespace", async () => {
    const dir = tempDir();
    const out = join(dir, "r.html");
    const r = await inProcess(["report", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "sysB.txt", "--system", "it's A", "--system", "B", "--keep-whitespace", "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    const report = embedded(out);
    expect(report.systems).toEqual(["it's A", "B"]);
    expect(report.command).toBe(`gramscore report -m bleu refA.txt -i sysA.txt sysB.txt --system 'it'\\''s A' --system B --keep-whitespace -o r.html`);
  });

  it("names files by their base names, or as given with --full-command", async () => {
    const dir = tempDir();
    const args = ["report", "-m", "bleu", join(data, "refA.txt"), "-i", join(data, "sysA.txt"), join(data, "sysB.txt"), "--no-progress", "-o", join(dir, "r.html")];
    const plain = await inProcess(args, { cwd: dir });
    expect(plain.code, plain.stderr).toBe(0);
    const html = readFileSync(join(dir, "r.html"), "utf8");
    expect(embedded(join(dir, "r.html")).command).toBe("gramscore report -m bleu refA.txt -i sysA.txt sysB.txt -o r.html");
    expect(embedded(join(dir, "r.html")).systems).toEqual(["sysA.txt", "sysB.txt"]);
    for (const folder of [dir, data, process.cwd()]) expect(html).not.toContain(folder);
    const full = await inProcess([...args, "--full-command"], { cwd: dir });
    expect(full.code, full.stderr).toBe(0);
    expect(embedded(join(dir, "r.html")).systems).toEqual([join(data, "sysA.txt"), join(data, "sysB.txt")]);
    expect(embedded(join(dir, "r.html")).command).toBe(`gramscore report -m bleu ${join(data, "refA.txt")} -i ${join(data, "sysA.txt")} ${join(data, "sysB.txt")} -o ${join(dir, "r.html")}`);
  });
});

describe("report: significance against the baseline", () => {
  it("--paired-bs and --paired-ar give score's p-values per system, sacrebleu's * for p ≤ 0.05, and the baseline's interval", async () => {
    const dir = tempDir();
    for (const [flag, nFlag, n] of [["--paired-bs", "--paired-bs-n", "200"], ["--paired-ar", "--paired-ar-n", "300"]] as const) {
      const out = join(dir, `${flag}.html`);
      const r = await inProcess(["report", "-m", "bleu,chrf", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "--baseline", "sysB.txt", flag, nFlag, n, "-o", out]);
      expect(r.code, r.stderr).toBe(0);
      const report = embedded(out);
      expect(report.baseline).toBe(1);
      expect(report.command).toContain(`--baseline sysB.txt ${flag} ${nFlag} ${n}`);
      expect(report.annotationNote).toMatch(flag === "--paired-bs" ? /^Paired bootstrap resampling, 200 resamples, seed 12345/ : /^Paired approximate randomization, 300 trials, seed 12345/);
      const score = await inProcess(["score", "-m", "bleu,chrf", "refA.txt", "refB.txt", "-i", "sysA.txt", "sysB.txt", "-f", "json", "--baseline", "sysB.txt", flag, nFlag, n]);
      expect(score.code, score.stderr).toBe(0);
      const sig = JSON.parse(score.stdout).significance;
      let marks = 0;
      for (const m of sig.metrics) {
        const k = report.metrics.findIndex((x: any) => x.name === m.metric);
        const measure = report.measures.find((x: any) => x.metric === k && x.column === "score");
        for (const s of m.systems) {
          const a = measure.annotations[report.systems.indexOf(s.system)];
          if (s.pValue === null) {
            expect(a.pValue).toBeUndefined();
          } else {
            expect(a.pValue).toBe(s.pValue);
            expect(a.significant).toBe(s.pValue <= 0.05);
            marks++;
          }
          if (s.mean !== null) {
            expect(a.low).toBe(s.mean - s.ci);
            expect(a.high).toBe(s.mean + s.ci);
          }
        }
      }
      expect(marks).toBe(2);
    }
  });

  it("--baseline alone compares without a test; --paired-bs with --confidence is refused as in score", async () => {
    const dir = tempDir();
    const alone = await inProcess(["report", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "sysB.txt", "--baseline", "sysB.txt", "-o", join(dir, "a.html")]);
    expect(alone.code, alone.stderr).toBe(0);
    expect(embedded(join(dir, "a.html")).measures[0].annotations).toBeUndefined();
    const both = await inProcess(["report", "-m", "bleu", "refA.txt", "-i", "sysA.txt", "sysB.txt", "--paired-bs", "--confidence", "-o", join(dir, "b.html")]);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain("--paired-bs and --confidence cannot be combined");
  });
});

describe("gramscore demo --report", () => {
  it("prints the demo and writes the translation sample's report", async () => {
    const dir = tempDir();
    const r = await inProcess(["demo", "--report", "demo.html", "-f", "json"], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toHaveLength(2);
    const report = embedded(join(dir, "demo.html"));
    expect(report.systems).toEqual(["careful", "hasty"]);
    expect(report.command).toBe("gramscore demo --report demo.html");
    expect(report.metrics.map((m: any) => m.name)).toEqual(expect.arrayContaining(["bleu", "chrf", "rouge"]));
  });
});
