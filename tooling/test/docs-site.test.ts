/**
 * The documentation site (`pnpm docs`, tooling/scripts/docs.mjs): the API reference from TypeDoc with
 * every package's README, the playground, a sample report and a landing page, with no broken
 * relative link (tooling/scripts/check-links.mjs).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../conformance/data.js";
import { checkLinks, linksOf } from "../scripts/check-links.mjs";
import { publicPackages } from "../scripts/workspace.mjs";

const rootManifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
let typedoc: string | undefined;
try {
  typedoc = createRequire(join(repoRoot, "package.json")).resolve("typedoc/package.json");
} catch {
  typedoc = undefined;
}
const TYPEDOC_SKIP = "TypeDoc is not installed (pnpm install): the documentation site is not built";
const work = mkdtempSync(join(tmpdir(), "gramscore-docs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("link checker (check-links.mjs)", () => {
  it("finds each broken relative href/src/srcset, follows folders to index.html, lists external links", () => {
    const site = join(work, "fake");
    mkdirSync(join(site, "a", "b"), { recursive: true });
    writeFileSync(join(site, "a", "index.html"), "<p>a</p>");
    writeFileSync(join(site, "a", "b", "x.png"), "");
    writeFileSync(
      join(site, "index.html"),
      `<a href="a/">ok</a> <a href="a/index.html#top">ok</a> <a href="#here">ok</a> <img src='a/b/x.png'>
       <img srcset="a/b/x.png 1x, a/b/missing.png 2x"> <a href="missing.html">bad</a> <a href="../outside.html">bad</a>
       <a href="https://example.org/x">ext</a> <a href="mailto:a@example.org">ext</a> <img src="data:image/png;base64,AA==">
       <script>const s = '<a href="not-a-link.html">';</script>`,
    );
    const result = checkLinks(site);
    expect(result.broken).toEqual([
      { file: "index.html", link: "a/b/missing.png" },
      { file: "index.html", link: "missing.html" },
      { file: "index.html", link: "../outside.html" },
    ]);
    expect(result.external).toEqual(["https://example.org/x", "mailto:a@example.org"]);
    expect(result).toMatchObject({ files: 2, checked: 7 });
    expect(linksOf(`<a class=x href=plain.html>`)).toEqual(["plain.html"]);
  });
});

describe("documentation site (pnpm docs)", () => {
  it("pnpm docs builds everything first, then the site", () => {
    expect(rootManifest.scripts.docs).toBe("turbo run build --output-logs=errors-only && node tooling/scripts/docs.mjs");
    expect(readFileSync(join(repoRoot, ".gitignore"), "utf8")).toMatch(/^site\/$/m);
    expect(rootManifest.devDependencies.typedoc).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("holds the API reference with every package's README, the playground and a sample report, with no broken link", (ctx) => {
    if (!typedoc) {
      console.warn(TYPEDOC_SKIP);
      ctx.skip();
    }
    const out = join(work, "site");
    const run = spawnSync(process.execPath, [join(repoRoot, "tooling", "scripts", "docs.mjs"), "--out", out], { cwd: repoRoot, encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/ \d+ relative links checked, 0 broken, \d+ external links/);

    // Every public package has a page named as it is imported, opening with its README.
    const pages = new Map<string, string>();
    for (const file of readdirSync(join(out, "api", "modules"))) {
      const html = readFileSync(join(out, "api", "modules", file), "utf8");
      const h1 = /<h1>Module ([^<]+)<\/h1>/.exec(html);
      if (h1) pages.set(h1[1]!, html);
    }
    for (const { manifest } of publicPackages(repoRoot)) {
      const page = pages.get(manifest.name);
      expect(page, `a page for ${manifest.name}`).toBeDefined();
      expect(page, `${manifest.name}: its README`).toContain("When to use");
      expect(page, `${manifest.name}: its exports`).toMatch(/class="tsd-member-summary-name"|tsd-index-link/);
    }
    expect(pages.has("@gramscore/mbr/node") && pages.has("@gramscore/tokenizer-subword/tiktoken")).toBe(true);
    expect(readFileSync(join(out, "api", "index.html"), "utf8")).toContain("Beyond one machine");

    const playground = readFileSync(join(out, "playground", "index.html"), "utf8");
    expect(playground).toMatch(/<script type="module"[^>]* src="\.\/assets\/[^"]+\.js"/);
    const report = readFileSync(join(out, "report", "index.html"), "utf8");
    expect(report).toContain("careful");
    expect(report).toContain("hasty");
    expect(linksOf(readFileSync(join(out, "index.html"), "utf8"))).toEqual(expect.arrayContaining(["api/index.html", "playground/index.html", "report/index.html"]));
    expect(existsSync(join(out, ".nojekyll"))).toBe(true);

    const links = checkLinks(out);
    expect(links.broken).toEqual([]);
    expect(links.checked).toBeGreaterThan(1000);
  }, 600_000);
});
