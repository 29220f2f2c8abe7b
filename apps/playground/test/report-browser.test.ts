// Opens reports written by @gramscore/report in headless Chromium and checks what a reader sees
// against the CLI's JSON and the metrics' explain().
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import type { Metric } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createRouge } from "@gramscore/metric-rouge";
import { buildReport, groupRecords, matchViews, renderReport } from "@gramscore/report";
import type { ReportData } from "@gramscore/report";
import { DEMO_SETS, run } from "gramscore";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Chromium on a loaded 2-core machine: generous limits (these tests assert results, never times).
const SLOW = { timeout: 400_000 };
import { SKIP_MESSAGE, conformanceDir, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { BROWSER_SKIP_MESSAGE, launch, newPage, screenshot, skipBrowser } from "./browser.js";

const METRICS = "bleu,chrf,rouge";
const metrics = (): Metric<any, any>[] => [createBleu(), createChrf(), createRouge()];

/** `gramscore score -m bleu,chrf,rouge --input <file> -f json`, run in this process. */
async function cliJson(file: string): Promise<any> {
  let out = "";
  let err = "";
  const code = await run(["score", "-m", METRICS, "--input", file, "-f", "json"], {
    stdin: Readable.from([]),
    stdout: { write: (c: string) => ((out += c), true), isTTY: false, columns: 120 } as any,
    stderr: { write: (c: string) => ((err += c), true), isTTY: false } as any,
    cwd: process.cwd(),
    env: { NO_COLOR: "1" },
  });
  expect(code, err).toBe(0);
  return JSON.parse(out);
}

/** The full-precision value of a summary column in the CLI's corpus result. */
function corpusValue(corpus: any, column: string): number {
  if (column === "score" || column === "bp") return corpus[column];
  const [type, part] = column.split(".");
  const r = corpus[type!];
  return part === "p" ? r.precision : part === "r" ? r.recall : r.fmeasure;
}

let browser: Browser;
beforeAll(async () => {
  if (skipBrowser) return;
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

interface Written {
  data: ReportData;
  file: string;
  input: string;
  records: { system: string; hyp: string; refs: string[] }[];
}

function write(name: string, records: { system: string; hyp: string; refs: string[] }[], explainLimit?: number): Written {
  const dir = mkdtempSync(join(tmpdir(), "gramscore-report-"));
  const input = join(dir, `${name}.jsonl`);
  writeFileSync(input, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const { systems, references } = groupRecords(records);
  const data = buildReport(systems, references, metrics(), { command: `gramscore report -m ${METRICS} --input ${name}.jsonl`, created: "2026-11-25T05:00:00Z", ...(explainLimit === undefined ? {} : { explainLimit }) });
  const file = join(dir, `${name}.html`);
  writeFileSync(file, renderReport(data));
  return { data, file, input, records };
}

/** The table against the CLI, sorting, filtering, and every match view of one segment against explain(). */
async function checkReport(page: Page, w: Written, shot?: string): Promise<void> {
  const { data } = w;
  await page.goto(`file://${w.file}`);
  await page.waitForSelector("[data-testid=scores] tbody tr");
  if (shot) await screenshot(page, shot);

  // 1. The systems × measures table (every column) against `gramscore score -f json`.
  await page.click("[data-testid=all-columns]");
  const cells = await page.$$eval("[data-testid=scores] tbody td", (tds) =>
    tds.map((td) => ({ system: td.closest("tr")!.getAttribute("data-system"), measure: td.getAttribute("data-measure"), value: td.getAttribute("data-value"), text: td.textContent })),
  );
  expect(cells.length).toBe(data.systems.length * data.measures.length);
  const json = await cliJson(w.input);
  let compared = 0;
  for (const m of data.measures) {
    const metric = data.metrics[m.metric]!;
    const entry = json.metrics.find((x: any) => x.metric === metric.name);
    expect(entry.signature).toBe(metric.signature);
    for (const sys of entry.systems) {
      const cell = cells.find((c) => c.system === sys.system && c.measure === m.label)!;
      const expected = corpusValue(sys.corpus, m.column);
      expect(Number(cell.value)).toBe(expected);
      const decimals = m.corpus.every((v) => Math.abs(v) <= 1) ? 4 : 2;
      expect(cell.text).toBe(expected.toFixed(decimals));
      compared++;
    }
  }
  expect(compared).toBe(data.systems.length * data.measures.length);

  // 2. Sort by the difference A − B (descending), then filter by a minimum difference.
  const seg = data.segmentScores[0]!;
  const a = data.systems.length > 1 ? (data.baseline === 0 ? 1 : 0) : 0;
  const b = data.baseline;
  const diff = (i: number) => seg.values[a]![i]! - seg.values[b]![i]!;
  await page.click("th[data-sort=diff]");
  const shown = await page.$$eval("[data-testid=segments] tbody tr", (trs) => trs.map((tr) => ({ index: Number(tr.getAttribute("data-index")), diff: Number(tr.querySelector("[data-diff]")!.getAttribute("data-diff")) })));
  const order = Array.from({ length: data.count }, (_, i) => i).sort((p, q) => diff(q) - diff(p) || p - q);
  expect(shown.map((r) => r.index)).toEqual(order.slice(0, shown.length));
  for (const r of shown) expect(r.diff).toBe(diff(r.index));
  await page.click("th[data-sort=diff]"); // ascending
  const asc = await page.$$eval("[data-testid=segments] tbody tr", (trs) => trs.map((tr) => Number(tr.getAttribute("data-index"))));
  const ascOrder = Array.from({ length: data.count }, (_, i) => i).sort((p, q) => diff(p) - diff(q) || p - q);
  expect(asc).toEqual(ascOrder.slice(0, asc.length));

  const threshold = 5;
  await page.type("[data-testid=seg-min]", String(threshold));
  const kept = Array.from({ length: data.count }, (_, i) => i).filter((i) => diff(i) >= threshold);
  await page.waitForFunction((n: number) => document.querySelector("[data-testid=seg-info]")!.textContent!.startsWith(`${n} of`), {}, kept.length);
  const filtered = await page.$$eval("[data-testid=segments] tbody tr", (trs) => trs.map((tr) => Number(tr.getAttribute("data-index"))));
  expect(filtered.length).toBe(Math.min(25, kept.length));
  for (const i of filtered) expect(diff(i)).toBeGreaterThanOrEqual(threshold);
  await page.$eval("[data-testid=seg-min]", (el) => {
    (el as HTMLInputElement).value = "";
    el.dispatchEvent(new Event("input"));
  });

  // 3. Open the first segment with match views; compare every marked unit with explain().
  await page.click("[data-testid=seg-views]");
  const first = Number(await page.$eval("[data-testid=segments] tbody tr", (tr) => tr.getAttribute("data-index")));
  expect(data.views[first]).toBeDefined();
  await page.click(`[data-testid=segments] tbody tr[data-index="${first}"]`);
  await page.waitForSelector("[data-testid=detail] .view");
  const sides = await page.$$eval("[data-testid=detail] .system", (boxes) =>
    boxes.map((box) => ({
      system: box.getAttribute("data-system"),
      views: [...box.querySelectorAll(".view")].map((v) => ({
        metric: v.getAttribute("data-metric"),
        title: v.getAttribute("data-title"),
        sides: [...v.querySelectorAll(".units")].map((u) => ({ role: u.getAttribute("data-role"), units: [...u.querySelectorAll(".u")].map((s) => s.textContent), marks: [...u.querySelectorAll(".u")].map((s) => Number(s.getAttribute("data-mark"))) })),
      })),
    })),
  );
  expect(sides.length).toBe(a === b ? 1 : 2);
  const ms = metrics();
  const refs = data.refs[first]!;
  for (const box of sides) {
    const s = data.systems.indexOf(box.system!);
    const hyp = data.hyps[s]![first]!;
    const expected = ms.flatMap((m) => matchViews(m, hyp, refs));
    expect(box.views.map((v) => v.title)).toEqual(expected.map((v) => v.title));
    box.views.forEach((v, k) => {
      const e = expected[k]!;
      expect(v.sides[0]).toEqual({ role: "hypothesis", units: [...e.hypothesis.units], marks: [...e.hypothesis.marks] });
      e.references.forEach((r, j) => expect(v.sides[j + 1]).toEqual({ role: `reference-${j}`, units: [...r.units], marks: [...r.marks] }));
    });
    // Directly against explain(): BLEU's coverage map and ROUGE-L's LCS alignment.
    const bleu = ms[0]!.explain!(hyp, refs) as any;
    const bleuView = box.views.find((v) => v.metric === "bleu")!;
    expect(bleuView.sides[0]!.units).toEqual(bleu.hypothesis);
    bleuView.sides[0]!.marks.forEach((mark, i) => {
      if (bleu.coverage[i] > 0) expect(mark).toBe(bleu.coverage[i]);
      else expect([0, bleu.orders.length + 1]).toContain(mark);
    });
    const rouge = ms[2]!.explain!(hyp, refs) as any;
    const lView = box.views.find((v) => v.title?.includes("rougeL:"))!;
    const used = rouge.types.rougeL.used[0];
    const onLcs = new Set(rouge.types.rougeL.references[used].alignment.map((x: any) => x.hypToken));
    lView.sides[0]!.marks.forEach((mark, i) => expect(mark).toBe(onLcs.has(i) ? 1 : 0));
    // chrF: the hypothesis characters shown are the text's.
    const chrfView = box.views.find((v) => v.metric === "chrf")!;
    expect(chrfView.sides[0]!.units.join("")).toBe(hyp);
  }
}

if (skipBrowser) console.warn(BROWSER_SKIP_MESSAGE);

describe.skipIf(skipBrowser)("the HTML report in Chromium", () => {
  it("demo data: table = CLI JSON, sort, filter, match views = explain()", SLOW, async () => {
    const set = DEMO_SETS[0]!;
    const w = write("demo", set.records.map((r) => ({ system: r.system, hyp: r.hyp, refs: [...r.refs] })));
    const { page, errors } = await newPage(browser);
    await checkReport(page, w, "report-demo");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("100,000 segments stay usable: the page opens, pages, sorts and filters the whole list", SLOW, async () => {
    const words = "the a cat dog sat ran on under mat table house garden quickly slowly red green big small".split(" ");
    let seed = 7;
    const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const sentence = () => Array.from({ length: 4 + Math.floor(rand() * 20) }, () => words[Math.floor(rand() * words.length)]).join(" ");
    const n = 100_000;
    const refs = Array.from({ length: n }, () => [sentence()]);
    const hyps = (p: number) => refs.map(([r]) => r!.split(" ").map((w) => (rand() < p ? words[Math.floor(rand() * words.length)] : w)).join(" "));
    const data = buildReport([{ name: "good", hyps: hyps(0.1) }, { name: "bad", hyps: hyps(0.4) }], refs, [createBleu()], { explainLimit: 50, created: "2026-11-25T05:00:00Z" });
    const dir = mkdtempSync(join(tmpdir(), "gramscore-report-"));
    const file = join(dir, "big.html");
    const html = renderReport(data);
    writeFileSync(file, html);
    // The texts themselves dominate: scores, views and the page add little to them.
    const texts = JSON.stringify(data.refs).length + JSON.stringify(data.hyps).length;
    expect(html.length).toBeLessThan(1.25 * texts + 1_000_000);
    const { page, errors } = await newPage(browser);
    await page.goto(`file://${file}`, { timeout: 120_000 });
    await page.waitForSelector("[data-testid=segments] tbody tr", { timeout: 120_000 });
    expect(await page.$eval("[data-testid=seg-info]", (el) => el.textContent)).toBe(`${n} of ${n} segments · page 1 of 4000`);
    expect(await page.$$eval("[data-testid=segments] tbody tr", (trs) => trs.length)).toBe(25);
    await page.click("[data-testid=seg-next]");
    expect(await page.$eval("[data-testid=segments] tbody tr", (tr) => tr.getAttribute("data-index"))).toBe("25");
    await page.click("th[data-sort=a]"); // score of A, descending
    const top = await page.$$eval("[data-testid=segments] tbody tr", (trs) => trs.map((tr) => Number(tr.getAttribute("data-index"))));
    const a = data.segmentScores[0]!.values[1]!; // A is the first system that is not the baseline
    const order = Array.from({ length: n }, (_, i) => i).sort((p, q) => a[q]! - a[p]! || p - q);
    expect(top).toEqual(order.slice(0, 25));
    await page.type("[data-testid=seg-max]", "-50");
    const kept = a.filter((v, i) => v - data.segmentScores[0]!.values[0]![i]! <= -50).length;
    await page.waitForFunction((k: number) => document.querySelector("[data-testid=seg-info]")!.textContent!.startsWith(`${k} of`), {}, kept);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.skipIf(!hasShared)(`WMT22 en-de (9 systems × 2037 segments, 2 references)${hasShared ? "" : `: ${SKIP_MESSAGE}`}`, SLOW, async () => {
    const records = readDataset("mt_wmt22_generaltest2022_en-de").map((r) => ({ system: r.system, hyp: r.hyp, refs: r.refs }));
    const w = write("wmt22-en-de", records, 40);
    w.input = join(conformanceDir, "data/mt_wmt22_generaltest2022_en-de.jsonl.gz");
    const { page, errors } = await newPage(browser);
    await checkReport(page, w, "report-wmt22");
    // The segment browser with a segment open, for the README.
    await page.evaluate(() => document.querySelector("[data-testid=detail]")!.scrollIntoView());
    await screenshot(page, "report-wmt22-segment");
    expect(errors).toEqual([]);
    await page.close();
  });
});
