/**
 * `gramscore explain` answers in a few lines per metric by default (counts per n-gram order, the
 * missing and clipped n-grams, the edits) and shows everything with --verbose; on a real WMT22
 * segment, BLEU, chrF and TER fit one screen (60 lines).
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, conformanceDir, hasShared } from "../../../tooling/conformance/data.js";
import { inProcess } from "./helpers.js";

if (!hasShared) console.log(SKIP_MESSAGE);

const wmt22 = join(conformanceDir, "data/mt_wmt22_generaltest2022_en-de.jsonl.gz");

interface Explained {
  metrics: { metric: string; explanation: Record<string, unknown> }[];
}

/** BLEU's missing (matched 0) and clipped n-grams per order, from its `-f json` explanation. */
function bleuGrams(doc: Explained): { missing: string[][]; clipped: string[][] } {
  const orders = doc.metrics.find((m) => m.metric === "bleu")!.explanation.orders as { ngrams: { tokens: string[]; matched: number; clipped: number }[] }[];
  return {
    missing: orders.map((o) => o.ngrams.filter((g) => g.matched === 0).map((g) => g.tokens.join(" "))),
    clipped: orders.map((o) => o.ngrams.filter((g) => g.matched > 0 && g.clipped > 0).map((g) => g.tokens.join(" "))),
  };
}

/** The compact lines of one metric's block. */
function block(text: string, metric: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((l) => l.startsWith(`${metric}  `));
  const end = lines.findIndex((l, i) => i > start && l === "");
  return lines.slice(start, end < 0 ? undefined : end);
}

describe("explain: compact by default, everything with --verbose", () => {
  const inline = ["explain", "-m", "bleu,chrf,ter", "--hyp", "the the cat sat on the mat today", "--ref", "the cat is on the mat", "--ref", "a cat sat on a mat"];

  it("BLEU: one line per order naming exactly the n-grams its explanation finds missing, and the clipped ones", async () => {
    const [text, json] = await Promise.all([inProcess(inline), inProcess([...inline, "-f", "json"])]);
    expect(text.code, text.stderr).toBe(0);
    const { missing, clipped } = bleuGrams(JSON.parse(json.stdout) as Explained);
    const lines = block(text.stdout, "bleu");
    for (let n = 1; n <= 4; n++) {
      // The order's line and its continuation lines (wrapped, indented deeper).
      const at = lines.findIndex((l) => l.startsWith(`  ${n}-grams  `));
      expect(at, `${n}-grams line`).toBeGreaterThan(0);
      let end = at + 1;
      while (lines[end]?.startsWith("    ")) end++;
      const shown = lines.slice(at, end).join(" ");
      const quoted = (label: string) => {
        const m = new RegExp(`${label} ((?:"[^"]*" ?)+)`).exec(shown);
        return m === null ? [] : [...m[1]!.matchAll(/"([^"]*)"/g)].map((x) => x[1]!);
      };
      expect(quoted("missing"), `${n}-grams missing`).toEqual(missing[n - 1]!.slice(0, 6));
      expect(quoted("clipped"), `${n}-grams clipped`).toEqual(clipped[n - 1]!.slice(0, 6));
    }
    expect(clipped[0]).toContain("the"); // "the" three times in the hypothesis, twice in a reference
    // TER's edits: every operation other than a match, in order.
    const ter = (JSON.parse(json.stdout) as Explained).metrics.find((m) => m.metric === "ter")!.explanation.operations as { op: string }[];
    const edits = block(text.stdout, "ter").find((l) => l.startsWith("  edits  "))!;
    expect([...edits.matchAll(/(\w+) "/g)].map((m) => m[1])).toEqual(ter.filter((o) => o.op !== "match").map((o) => o.op).slice(0, 6));
  });

  it("--verbose prints the whole explanation tree of each metric, the compact view names what it leaves out", async () => {
    const [compact, verbose] = await Promise.all([inProcess(inline), inProcess([...inline, "--verbose"])]);
    expect(verbose.code, verbose.stderr).toBe(0);
    expect(verbose.stdout.match(/^ {2}why$/gm)).toHaveLength(3);
    expect(verbose.stdout).toContain("referenceCounts");
    expect(compact.stdout).not.toContain("referenceCounts");
    expect(compact.stdout).toMatch(/\(--verbose shows hypothesis, references/);
    expect(compact.stdout.split("\n").length).toBeLessThan(verbose.stdout.split("\n").length / 3);
  });

  it.skipIf(!hasShared)("WMT22 en-de, line 2, -m bleu,chrf,ter: at most 60 lines by default (the whole tree is over 1,000)", async () => {
    const args = ["explain", "--line", "2", "-m", "bleu,chrf,ter", "--input", wmt22];
    const [compact, verbose, json] = await Promise.all([inProcess(args), inProcess([...args, "--verbose"]), inProcess([...args, "-f", "json"])]);
    expect(compact.code, compact.stderr).toBe(0);
    const lines = compact.stdout.replace(/\n$/, "").split("\n");
    expect(lines.length).toBeLessThanOrEqual(60);
    expect(verbose.stdout.split("\n").length).toBeGreaterThan(1000);
    expect(lines.filter((l) => /^ {2}[1-4]-grams {2}/.test(l))).toHaveLength(4);
    expect(lines.filter((l) => /^ {2}char [1-6]-grams {2}/.test(l))).toHaveLength(6);
    const { missing } = bleuGrams(JSON.parse(json.stdout) as Explained);
    expect(missing[0]!.length).toBeGreaterThan(0);
    for (const gram of missing[0]!) expect(block(compact.stdout, "bleu").join("\n")).toContain(`"${gram}"`);
  });
});
