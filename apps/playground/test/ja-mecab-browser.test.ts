// ja-mecab in Chromium: @gramscore/tokenizer-ja-mecab and @gramscore/dict-ipadic bundled for the
// browser (esbuild, as a page would), IPADIC fetched by URL with loadIpadicFrom, and the first 200
// Japanese conformance strings (MeCab's own output in ../shared; a fixed list of real sentences
// without it) tokenized in the page: the tokens must be Node's, and MeCab's.
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRequire } from "node:module";
import { build } from "esbuild";
import type { Browser } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tokenizeJaMecab } from "@gramscore/tokenizer-ja-mecab";
import { hasShared, readJsonl } from "../../../tooling/conformance/data.js";
import { appRoot, BROWSER_SKIP_MESSAGE, launch, newPage, serve, skipBrowser } from "./browser.js";

const SLOW = { timeout: 400_000 };

/** Real sentences (WMT22 en-ja, kyoto-style text) for when ../shared is missing. */
const FALLBACK = [
  "ご注文が遅くなって申し訳ありません。",
  "お客様のご注文が遅れており、申し訳ございません。",
  "東京都に住んでいます。",
  "明日の天気は晴れでしょう。",
  "　全角スペースで始まる文、ＡＢＣ１２３と半角abc123。",
  "令和元年５月１日に新しい元号が始まりました。",
];

interface MecabRecord {
  text: string;
  tokens: string;
}

const records: MecabRecord[] = hasShared ? readJsonl<MecabRecord>("mecab/ja-mecab.tokens.jsonl.gz").slice(0, 200) : [];
const texts = hasShared ? records.map((r) => r.text) : FALLBACK;

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  if (skipBrowser) return;
  const dir = mkdtempSync(join(tmpdir(), "gramscore-ja-mecab-browser-"));
  // The packages' sources, as the playground bundles them; the dictionary is the built file.
  writeFileSync(join(dir, "entry.mjs"), 'export { tokenizeJaMecab } from "@gramscore/tokenizer-ja-mecab";\nexport { loadIpadicFrom } from "@gramscore/dict-ipadic";\n');
  await build({
    entryPoints: [join(dir, "entry.mjs")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    conditions: ["@gramscore/source"],
    nodePaths: [join(appRoot, "node_modules")],
    outfile: join(dir, "ja-mecab.js"),
    logLevel: "error",
  });
  const require = createRequire(join(appRoot, "package.json"));
  const bin = join(require.resolve("@gramscore/dict-ipadic/package.json"), "..", "dist", "ipadic.bin");
  if (!existsSync(bin)) throw new Error(`${bin} does not exist: build @gramscore/dict-ipadic first (pnpm build).`);
  copyFileSync(bin, join(dir, "ipadic.bin"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><meta charset=utf-8><title>ja-mecab</title>");
  browser = await launch();
  server = await serve(dir);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

if (skipBrowser) console.warn(BROWSER_SKIP_MESSAGE);

describe.skipIf(skipBrowser)("ja-mecab in Chromium", () => {
  it(`tokenizes ${hasShared ? "the first 200 conformance strings" : "real sentences (../shared is missing)"} as Node does`, SLOW, async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    // A string, not a function: the test runner rewrites import() in this file's functions.
    const inPage = (await page.evaluate(`(async () => {
      const m = await import(location.origin + "/ja-mecab.js");
      await m.loadIpadicFrom(location.origin + "/ipadic.bin");
      return ${JSON.stringify(texts)}.map((t) => m.tokenizeJaMecab(t));
    })()`)) as string[];
    const inNode = texts.map((t) => tokenizeJaMecab(t));
    expect(inPage).toEqual(inNode);
    if (hasShared) expect(inPage).toEqual(records.map((r) => r.tokens));
    expect(errors).toEqual([]);
    await page.close();
  });
});
