// The playground's build against its lines in tooling/consumer/budgets.json, and the sizes its
// labels state (WordNet beside METEOR, IPADIC beside ja-mecab) against the built files.
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { IPADIC_SIZE, WORDNET_SIZE } from "../src/catalog.js";
import { appRoot, repoRoot } from "./browser.js";

const dist = join(appRoot, "dist");
const budgets = JSON.parse(readFileSync(join(repoRoot, "tooling/consumer/budgets.json"), "utf8")) as { playground: Record<string, number> };

function built(): { assets: string[]; page: string } {
  if (!existsSync(join(dist, "index.html"))) throw new Error(`${dist}/index.html does not exist: build the playground first (pnpm build, or pnpm --filter @gramscore/playground build).`);
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const page = /<script type="module"[^>]*src="\.\/assets\/([^"]+\.js)"/.exec(html)?.[1];
  if (page === undefined) throw new Error("dist/index.html loads no module script");
  return { assets: readdirSync(join(dist, "assets")), page };
}

/** The one asset whose name is `<prefix>-<hash>.<ext>`. */
function asset(assets: string[], prefix: string, ext: string): string {
  const found = assets.filter((f) => f.startsWith(`${prefix}-`) && f.endsWith(`.${ext}`) && /^[^-]+-[\w-]{8}\.\w+$/.test(f));
  expect(found, `${prefix}-*.${ext} in dist/assets`).toHaveLength(1);
  return join(dist, "assets", found[0]!);
}

const gzip = (file: string) => gzipSync(readFileSync(file), { level: 9 }).length;
/** Bytes as the labels say them: megabytes (10^6 bytes) with one decimal. */
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

describe("the playground's build", () => {
  it("the page's script is within its budget and imports neither WordNet nor SentencePiece up front", () => {
    const { page } = built();
    const file = join(dist, "assets", page);
    expect(gzip(file)).toBeLessThanOrEqual(budgets.playground.page!);
    const code = readFileSync(file, "utf8");
    expect(code).not.toMatch(/from\s*["`]\.\/(wordnet|sentencepiece)-/);
    expect(code).toMatch(/import\(["`]\.\/wordnet-[\w-]+\.js["`]\)/);
  });

  it("the metrics of other tasks (CIDEr-D, SARI, characTER, EED, SQuAD, distinct-n, Self-BLEU) are a chunk of their own, within its budget", () => {
    const { assets, page } = built();
    const code = readFileSync(join(dist, "assets", page), "utf8");
    expect(code).not.toMatch(/from\s*["`]\.\/lazymetrics-/);
    expect(code).toMatch(/import\(["`]\.\/lazymetrics-[\w-]+\.js["`]\)/);
    expect(gzip(asset(assets, "lazymetrics", "js"))).toBeLessThanOrEqual(budgets.playground.lazymetrics!);
  });

  it("WordNet's chunk is within its budget and as large as METEOR's label says", () => {
    const file = asset(built().assets, "wordnet", "js");
    expect(gzip(file)).toBeLessThanOrEqual(budgets.playground.wordnet!);
    expect(mb(statSync(file).size)).toBe(WORDNET_SIZE);
  });

  it("the SentencePiece chunk is within its budget; IPADIC is as large as ja-mecab's label says", () => {
    const { assets } = built();
    expect(gzip(asset(assets, "sentencepiece", "js"))).toBeLessThanOrEqual(budgets.playground.sentencepiece!);
    expect(mb(statSync(asset(assets, "ipadic", "bin")).size)).toBe(IPADIC_SIZE);
  });
});
