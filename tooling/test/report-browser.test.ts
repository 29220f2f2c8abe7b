/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
// Reports of real systems (WMT17 en-de's 16, WMT22 en-de's 9 with TER) written by the built CLI and
// opened in headless Chromium: no label overlaps another or leaves its chart, the file holds no
// absolute path, and the significance marks are @gramscore/significance's paired bootstrap.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Metric } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createTer } from "@gramscore/metric-ter";
import { collectRows, pairedTest } from "@gramscore/significance";
import puppeteer, { type Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset, repoRoot } from "../conformance/data.js";
import { BROWSER_SKIP_MESSAGE, chromiumPath, hasChromium, isCI } from "../conformance/environment.js";

const skipBrowser = !hasChromium && !isCI;
if (!hasShared) console.log(SKIP_MESSAGE);
else if (skipBrowser) console.log(BROWSER_SKIP_MESSAGE);
const SEGMENTS = 150;
const SAMPLES = 200;
const cli = join(repoRoot, "apps/cli/dist/cli.js");

let browser: Browser | undefined;
let dir: string;
beforeAll(async () => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "gramscore-report-labels-")));
  if (!hasShared || skipBrowser) return;
  const path = chromiumPath();
  if (path === undefined) throw new Error("No Chromium under CI: install Debian's chromium (apt-get install -y chromium) or set CHROMIUM_PATH.");
  browser = await puppeteer.launch({ executablePath: path, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--font-render-hinting=none"] });
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The first SEGMENTS segments of each system of a dataset, as JSONL records in `dir`. */
function subset(dataset: string): { file: string; records: { system: string; hyp: string; refs: string[] }[] } {
  const seen = new Map<string, number>();
  const records: { system: string; hyp: string; refs: string[] }[] = [];
  for (const r of readDataset(dataset)) {
    const n = seen.get(r.system) ?? 0;
    if (n >= SEGMENTS) continue;
    seen.set(r.system, n + 1);
    records.push({ system: r.system, hyp: r.hyp, refs: r.refs });
  }
  const file = join(dir, `${dataset}.jsonl`);
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return { file, records };
}

/** `gramscore report` from the built CLI, run in `dir` with the input given by its absolute path. */
function report(input: string, out: string, extra: string[]): string {
  if (!existsSync(cli)) throw new Error(`No CLI at ${cli}: run pnpm build first.`);
  const r = spawnSync(process.execPath, [cli, "report", "-m", "bleu,chrf,ter", "--input", input, "--no-progress", "-o", join(dir, out), ...extra], { cwd: dir, encoding: "utf8" });
  expect(r.status, r.stderr).toBe(0);
  return join(dir, out);
}

interface Box {
  text: string;
  kind: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** Every label of the charts (axis ticks, system names) with its svg's box, and the legend's items. */
async function labelBoxes(file: string): Promise<{ charts: { svg: Box; labels: Box[] }[]; legend: Box[]; errors: string[] }> {
  const page = await browser!.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  page.setDefaultTimeout(300_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(`file://${file}`);
  await page.waitForSelector("#distributions svg");
  const boxes = await page.evaluate(() => {
    const box = (el: Element, kind: string) => {
      const r = el.getBoundingClientRect();
      return { text: el.textContent ?? "", kind, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    return {
      charts: [...document.querySelectorAll("#distributions svg")].map((svg) => ({ svg: box(svg, "svg"), labels: [...svg.querySelectorAll("text")].map((t) => box(t, t.getAttribute("class") ?? "")) })),
      legend: [...document.querySelectorAll("[data-testid=legend] .item")].map((e) => box(e, "legend")),
    };
  });
  await page.close();
  return { ...boxes, errors };
}

const overlaps = (a: Box, b: Box) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;

function checkLabels(result: Awaited<ReturnType<typeof labelBoxes>>, systems: number): void {
  expect(result.errors).toEqual([]);
  expect(result.charts.length).toBe(3);
  for (const chart of result.charts) {
    expect(chart.labels.filter((l) => l.kind === "label")).toHaveLength(systems);
    expect(chart.labels.filter((l) => l.kind === "tick").length).toBeGreaterThanOrEqual(3);
    for (const [i, a] of chart.labels.entries()) {
      expect(a.right - a.left, a.text).toBeGreaterThan(0);
      const inside = a.left >= chart.svg.left - 0.5 && a.right <= chart.svg.right + 0.5 && a.top >= chart.svg.top - 0.5 && a.bottom <= chart.svg.bottom + 0.5;
      expect(inside, `"${a.text}" outside its chart`).toBe(true);
      for (const b of chart.labels.slice(i + 1)) expect(overlaps(a, b), `"${a.text}" overlaps "${b.text}"`).toBe(false);
    }
    // The ticks are round numbers, equally spaced.
    const ticks = chart.labels.filter((l) => l.kind === "tick").map((l) => Number(l.text));
    const step = ticks[1]! - ticks[0]!;
    const mantissa = step / Math.pow(10, Math.floor(Math.log10(step) + 1e-9));
    expect([1, 2, 5].some((m) => Math.abs(mantissa - m) < 1e-6)).toBe(true);
  }
  expect(result.legend).toHaveLength(systems);
  for (const [i, a] of result.legend.entries()) for (const b of result.legend.slice(i + 1)) expect(overlaps(a, b), `"${a.text}" overlaps "${b.text}"`).toBe(false);
  // The labels tell the systems apart.
  expect(new Set(result.legend.map((l) => l.text)).size).toBe(systems);
}

function checkNoPaths(file: string): void {
  const html = readFileSync(file, "utf8");
  for (const path of ["/work/", "/home/", "/tmp/", dir, process.cwd(), repoRoot]) expect(html.includes(path), `the report holds ${path}`).toBe(false);
}

describe.skipIf(!hasShared || skipBrowser)("the report with real system names, in Chromium", () => {
  it("WMT17 en-de, 16 systems: labels distinct, none overlapping or clipped; no absolute path; --paired-bs marks as @gramscore/significance", async () => {
    const { file, records } = subset("mt_wmt17_newstest2017_en-de");
    const html = report(file, "wmt17.html", ["--paired-bs", "--paired-bs-n", String(SAMPLES)]);
    checkNoPaths(html);
    checkLabels(await labelBoxes(html), 16);
    expect(readFileSync(html, "utf8")).toContain("newstest2017.");

    // The marks in the page against pairedTest over every system, the metrics' own rows.
    const systems = [...new Set(records.map((r) => r.system))];
    const metrics: Metric<any, any>[] = [createBleu(), createChrf(), createTer()];
    const page = await browser!.newPage();
    await page.goto(`file://${html}`);
    await page.waitForSelector("[data-testid=scores] tbody tr");
    const cells = await page.$$eval("[data-testid=scores] tbody td", (tds) =>
      tds.map((td) => ({ system: td.closest("tr")!.getAttribute("data-system"), measure: td.getAttribute("data-measure"), p: td.getAttribute("data-p"), star: td.querySelector(".star") !== null })),
    );
    const note = await page.$eval("[data-testid=significance-note]", (e) => e.textContent);
    await page.close();
    expect(note).toContain(`Paired bootstrap resampling, ${SAMPLES} resamples, seed 12345`);
    let stars = 0;
    for (const metric of metrics) {
      const result = pairedTest(
        systems.map((name) => ({ name, rows: collectRows(metric, records.filter((r) => r.system === name)) })),
        { test: "bs", samples: SAMPLES, seed: 12345 },
      );
      for (const r of result.results) {
        const cell = cells.find((c) => c.system === r.system && c.measure === metric.name)!;
        expect(cell, `${metric.name} ${r.system}`).toBeDefined();
        if (r.pValue === null) {
          expect(cell.p).toBeNull();
          expect(cell.star).toBe(false);
        } else {
          expect(Number(cell.p)).toBe(r.pValue);
          expect(cell.star).toBe(r.pValue <= 0.05);
          if (cell.star) stars++;
        }
      }
    }
    expect(stars).toBeGreaterThan(0);
  });

  it("WMT22 en-de, 9 systems with TER: labels none overlapping or clipped; no absolute path; no marks without a test", async () => {
    const { file } = subset("mt_wmt22_generaltest2022_en-de");
    const html = report(file, "wmt22.html", []);
    checkNoPaths(html);
    checkLabels(await labelBoxes(html), 9);
    expect(readFileSync(html, "utf8")).not.toContain('class="star"');
  });
});
