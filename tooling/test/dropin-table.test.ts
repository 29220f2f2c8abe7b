/**
 * The root README's "Coming from Python" table: every row's gramscore call is run on the README's
 * example and must give the value the row states; the rows whose anchor is sacrebleu or NLTK must also
 * give what those libraries gave (`tooling/references/dropin/anchors.json`, made by `generate.py`).
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { load } from "@gramscore/evaluate";
import { bleu, nltkCorpusBleu, sentenceBleu } from "@gramscore/metric-bleu";
import { chrf } from "@gramscore/metric-chrf";
import { gleu } from "@gramscore/metric-gleu";
import { nist } from "@gramscore/metric-nist";
import { RougeScorer } from "@gramscore/metric-rouge";
import { ter } from "@gramscore/metric-ter";
import { jiwer, sentenceCer, wer } from "@gramscore/metric-wer";
import { repoRoot } from "../conformance/data.js";

interface Row {
  readonly anchor: string;
  readonly code: string;
  readonly gives: string;
}

/** The table between the `dropin-table` markers: backticked first code span of each cell. */
export function readTable(markdown: string): Row[] {
  const start = markdown.indexOf("<!-- dropin-table:start -->");
  const end = markdown.indexOf("<!-- dropin-table:end -->");
  if (start < 0 || end < start) throw new Error("README.md has no dropin-table markers");
  const rows: Row[] = [];
  for (const line of markdown.slice(start, end).split("\n")) {
    if (!line.startsWith("| `")) continue;
    const cells = line.split(" | ").map((c) => c.replace(/^\| ?| ?\|$/g, ""));
    const span = (cell: string | undefined) => /`([^`]*)`/.exec(cell ?? "")?.[1] ?? "";
    rows.push({ anchor: span(cells[0]), code: span(cells[1]), gives: span(cells[2]) });
  }
  return rows;
}

const hyps = ["The cat sat on the mat.", "It is raining heavily today."];
const refs = [["The cat is sitting on the mat.", "It rains heavily today."]];
const scope = {
  hyps,
  refs,
  hyp: hyps[0]!,
  ref: refs[0]![0]!,
  preds: hyps,
  targets: refs[0]!,
  hfRefs: refs[0]!.map((r) => [r]),
  bleu,
  sentenceBleu,
  nltkCorpusBleu,
  chrf,
  ter,
  gleu,
  nist,
  RougeScorer,
  wer,
  sentenceCer,
  jiwer,
  load,
};

/** What a row's code gives, printed as the table prints it (JSON; a command's stdout lines joined by `; `). */
export function run(code: string): string {
  if (code.startsWith("gramscore ")) {
    const dir = mkdtempSync(join(tmpdir(), "gramscore-dropin-"));
    try {
      writeFileSync(join(dir, "ref.txt"), refs[0]!.join("\n") + "\n");
      writeFileSync(join(dir, "hyp.txt"), hyps.join("\n") + "\n");
      const args = code.split(" ").slice(1);
      const r = spawnSync(process.execPath, [join(repoRoot, "apps/cli/dist/cli.js"), ...args], { cwd: dir, encoding: "utf8", input: "" });
      if (r.status !== 0) throw new Error(`${code} exited ${r.status}: ${r.stderr}`);
      return r.stdout.trimEnd().split("\n").join("; ");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const fn = new Function(...Object.keys(scope), `return (${code});`) as (...args: unknown[]) => unknown;
  return JSON.stringify(fn(...Object.values(scope)));
}

const rows = readTable(readFileSync(join(repoRoot, "README.md"), "utf8"));
const anchors = JSON.parse(readFileSync(join(repoRoot, "tooling/references/dropin/anchors.json"), "utf8")) as {
  rows: { anchor: string; value: number }[];
  commands: { anchor: string; stdout: string }[];
};

describe("README: Coming from Python", () => {
  it("has a row for each anchor library", () => {
    const text = rows.map((r) => r.anchor).join("\n");
    for (const lib of ["sacrebleu.corpus_bleu", "sacrebleu ", "evaluate.load", "RougeScorer", "nltk.translate", "jiwer.", "torchmetrics."]) expect(text).toContain(lib);
    expect(rows.length).toBeGreaterThanOrEqual(15);
  });

  it.each(rows.map((r) => [r.code, r] as const))("%s", (_code, row) => {
    expect(run(row.code)).toBe(row.gives);
  });

  it("the sacrebleu and NLTK rows give what those libraries gave", () => {
    let checked = 0;
    for (const a of anchors.rows) {
      const row = rows.find((r) => r.anchor === a.anchor);
      expect(row, `README row for ${a.anchor}`).toBeDefined();
      const value = JSON.parse(run(row!.code)) as unknown;
      const ours = typeof value === "number" ? value : Number.NaN;
      expect(Object.is(ours, a.value), `${row!.code} gives ${ours}, the reference ${a.value}`).toBe(true);
      checked++;
    }
    for (const c of anchors.commands) {
      const row = rows.find((r) => r.anchor === c.anchor);
      expect(row, `README row for ${c.anchor}`).toBeDefined();
      expect(run(row!.code)).toBe(c.stdout);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(9);
  });
});
