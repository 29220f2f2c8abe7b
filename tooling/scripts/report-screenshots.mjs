#!/usr/bin/env node
// Writes the report screenshots in docs/screenshots: WMT17 en-de (16 systems; BLEU, chrF, TER with
// --paired-bs) and WMT22 en-de (9 systems, 2 references; BLEU, chrF, TER with --paired-bs), each report
// made by the built CLI from the conformance data, opened in headless Chromium at 1280 px.
//
//   pnpm build && node tooling/scripts/report-screenshots.mjs [--keep DIR]
//
// Needs ../shared (or GRAMSCORE_SHARED) and Chromium (GRAMSCORE_CHROMIUM, CHROMIUM_PATH or
// /usr/bin/chromium). --keep DIR leaves the HTML reports there. Each report takes minutes on a busy
// machine: WMT17 is 48,064 records.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer from "puppeteer-core";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const data = join(process.env.GRAMSCORE_SHARED ?? resolve(repoRoot, "../shared"), "conformance", "data");
const cli = join(repoRoot, "apps/cli/dist/cli.js");
const out = join(repoRoot, "docs/screenshots");
const chromium = [process.env.GRAMSCORE_CHROMIUM, process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => p && existsSync(p));

const keepAt = process.argv.indexOf("--keep");
const dir = keepAt > 0 ? resolve(process.argv[keepAt + 1]) : mkdtempSync(join(tmpdir(), "gramscore-shots-"));
mkdirSync(dir, { recursive: true });

if (!existsSync(data)) throw new Error(`No conformance data at ${data}: put the shared folder beside the repository or set GRAMSCORE_SHARED.`);
if (!existsSync(cli)) throw new Error(`No CLI at ${cli}: run pnpm build first.`);
if (!chromium) throw new Error("No Chromium: install Debian's chromium package or set CHROMIUM_PATH.");

const REPORTS = [
  { name: "report-wmt17", dataset: "mt_wmt17_newstest2017_en-de", title: "WMT17 newstest2017 en-de" },
  { name: "report-wmt22", dataset: "mt_wmt22_generaltest2022_en-de", title: "WMT22 generaltest2022 en-de" },
];

const browser = await puppeteer.launch({ executablePath: chromium, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--font-render-hinting=none"] });
try {
  for (const r of REPORTS) {
    const html = join(dir, `${r.name}.html`);
    const input = `${r.dataset}.jsonl.gz`;
    const args = [cli, "report", "-m", "bleu,chrf,ter", "--input", input, "--paired-bs", "--title", r.title, "--no-progress", "-o", html];
    process.stderr.write(`${r.name}: gramscore report -m bleu,chrf,ter --input ${input} --paired-bs …\n`);
    const run = spawnSync(process.execPath, args, { cwd: data, encoding: "utf8", stdio: ["ignore", "inherit", "inherit"] });
    if (run.status !== 0) throw new Error(`gramscore report exited ${run.status} for ${r.dataset}`);
    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 1150 });
    page.setDefaultTimeout(300_000);
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`file://${html}`);
    await page.waitForSelector("[data-testid=scores] tbody tr");
    if (errors.length > 0) throw new Error(`${r.name}: errors in the page: ${errors.join("; ")}`);
    const png = join(out, `${r.name}.png`);
    await page.screenshot({ path: png });
    await page.close();
    process.stderr.write(`wrote ${png} (${Math.round(statSync(png).size / 1024)} KiB; report ${(statSync(html).size / 1e6).toFixed(1)} MB)\n`);
  }
} finally {
  await browser.close();
  if (keepAt < 0) rmSync(dir, { recursive: true, force: true });
}
