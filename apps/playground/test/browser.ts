// Shared by the browser tests: Debian's Chromium through puppeteer-core, a static server on
// 127.0.0.1, the screenshot folder.
import { existsSync, mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { dirname, extname, join, normalize, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer, { type Browser, type Page } from "puppeteer-core";

import { BROWSER_SKIP_MESSAGE, chromiumPath as findChromium, hasChromium, isCI } from "../../../tooling/conformance/environment.js";

export { BROWSER_SKIP_MESSAGE };

export const here = dirname(fileURLToPath(import.meta.url));
export const appRoot = resolve(here, "..");
export const repoRoot = resolve(appRoot, "../..");
/** Where the tests write their screenshots (gitignored; docs/screenshots holds the committed copies). */
export const screenshotDir = join(appRoot, "screenshots");

/** The browser: GRAMSCORE_CHROMIUM or CHROMIUM_PATH, else Debian's chromium package. */
export const chromiumPath = findChromium() ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * True when the browser tests are skipped: no Chromium, outside CI (each file says so in one line).
 * Under CI a missing Chromium fails them instead.
 */
export const skipBrowser = !hasChromium && !isCI;

/** Starts headless Chromium, or fails saying how to install it (.ci/run installs it when missing). */
export async function launch(): Promise<Browser> {
  if (!existsSync(chromiumPath)) {
    throw new Error(`No Chromium at ${chromiumPath}: install Debian's chromium package (apt-get install -y chromium; .ci/run does this) or set CHROMIUM_PATH.`);
  }
  return puppeteer.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--font-render-hinting=none"],
  });
}

/** A page of 1280×800 that collects page errors (tests assert there were none). */
export async function newPage(browser: Browser): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 800 });
  page.setDefaultTimeout(180_000);
  page.setDefaultNavigationTimeout(180_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("requestfailed", (r) => errors.push(`request failed: ${r.url()}`));
  return { page, errors };
}

/** Writes a 1280×800 screenshot into {@link screenshotDir}. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  await page.screenshot({ path: path as `${string}.png` });
  return path;
}

const TYPES: Record<string, string> = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".json": "application/json" };

/** Serves `root` on 127.0.0.1 (an ephemeral port). */
export async function serve(root: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://127.0.0.1").pathname)).replace(/^([/\\])+/, "");
    if (path.split(/[/\\]/).includes("..")) {
      res.writeHead(400).end();
      return;
    }
    const file = join(root, path === "" ? "index.html" : path);
    readFile(file).then(
      (body) => res.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", ok));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the static server has no port");
  return { url: `http://127.0.0.1:${address.port}/`, close: () => new Promise((ok) => server.close(() => ok())) };
}
