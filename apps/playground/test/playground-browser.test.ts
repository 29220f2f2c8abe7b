// Loads the built playground (apps/playground/dist, made by `pnpm build`) from a static server on
// 127.0.0.1 in headless Chromium, types into it and checks what it shows against the same packages
// run in Node.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { evaluate, toSegments } from "@gramscore/core";
import type { Metric, Tokenizer } from "@gramscore/core";
import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { createRouge } from "@gramscore/metric-rouge";
import { matchViews } from "@gramscore/report";
import { createIntlWords } from "@gramscore/tokenizer-intl-words";
import { createJaMecab } from "@gramscore/tokenizer-ja-mecab";
import { loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import type { Browser, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Chromium on a loaded 2-core machine: generous limits (these tests assert results, never times).
const SLOW = { timeout: 400_000 };
import { appRoot, BROWSER_SKIP_MESSAGE, launch, newPage, screenshot, serve, skipBrowser } from "./browser.js";

const dist = join(appRoot, "dist");

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  if (skipBrowser) return;
  if (!existsSync(join(dist, "index.html"))) throw new Error(`${dist}/index.html does not exist: build the playground first (pnpm build, or pnpm --filter @gramscore/playground build).`);
  const built = statSync(join(dist, "index.html")).mtimeMs;
  if (statSync(join(appRoot, "src/main.ts")).mtimeMs > built) throw new Error("The built playground is older than src/main.ts: run pnpm --filter @gramscore/playground build.");
  browser = await launch();
  server = await serve(dist);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The lines each card shows: its result parts and its signature. */
async function cards(page: Page): Promise<{ metric: string; result: string; signature: string }[]> {
  return page.$$eval("#scores .card", (els) =>
    els.map((el) => ({
      metric: el.getAttribute("data-metric")!,
      result: [...el.querySelectorAll(".result code")].map((c) => c.textContent).join(" | "),
      signature: el.querySelector(".sig code")!.textContent!,
    })),
  );
}

/** What the page should show for `metrics` on these inputs, computed in Node. */
function expected(metrics: Metric<any, any>[], hyps: string[], refs: string[][]) {
  const segments = toSegments(hyps, refs);
  return metrics.map((m) => {
    const ev = evaluate(m, segments);
    return { metric: m.name, result: m.format!(ev.corpus), signature: ev.signature };
  });
}

async function replaceText(page: Page, selector: string, text: string): Promise<void> {
  await page.click(selector);
  await page.keyboard.down("Control");
  await page.keyboard.press("KeyA");
  await page.keyboard.up("Control");
  await page.keyboard.press("Backspace");
  // Typed key by key (Enter for new lines): the page updates on every input event.
  await page.type(selector, text);
}

/** Waits until the page shows results for `count` segments and returns them. */
async function settle(page: Page, count: number) {
  await page.waitForFunction((n: number) => document.querySelector("#results h2")?.textContent === `Corpus scores (${n} segment${n === 1 ? "" : "s"})`, { timeout: 60_000 }, count);
  return cards(page);
}

const HYPS = ["Der schnelle braune Fuchs springt über den faulen Hund.", "Es regnet heute sehr stark in Berlin.", "Das Treffen wurde auf nächsten Dienstag verschoben."];
const REFS = ["Der flinke braune Fuchs springt über den trägen Hund.", "Heute regnet es in Berlin sehr stark.", "Die Sitzung wurde auf Dienstag nächster Woche verlegt."];

if (skipBrowser) console.warn(BROWSER_SKIP_MESSAGE);

describe.skipIf(skipBrowser)("the playground in Chromium", () => {
  it("typed input: BLEU, chrF and ROUGE as Node computes them, match views, permalink", SLOW, async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    // The example it opens with.
    const opening = await cards(page);
    expect(opening).toEqual(
      expected([createBleu(), createChrf(), createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"] })], ["The cat sat on the mat.", "It is raining heavily today."], [["The cat is sitting on the mat.", "It rains heavily today."]]),
    );

    await replaceText(page, "#hyps", HYPS.join("\n"));
    await replaceText(page, "#refs", REFS.join("\n"));
    const shown = await settle(page, 3);
    const metrics = [createBleu(), createChrf(), createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"] })];
    expect(shown).toEqual(expected(metrics, HYPS, [REFS]));

    // The match views of segment 2 are those of explain() in Node.
    await page.select("#segment", "1");
    await page.waitForFunction(() => document.querySelector("#explain .view .units")?.textContent?.includes("regnet"));
    const views = await page.$$eval("#explain .view", (vs) =>
      vs.map((v) => ({ title: v.getAttribute("data-title"), sides: [...v.querySelectorAll(".units")].map((u) => [...u.querySelectorAll(".u")].map((s) => [s.textContent, Number(s.getAttribute("data-mark"))])) })),
    );
    const want = metrics.flatMap((m) => matchViews(m, HYPS[1]!, [REFS[1]!]));
    expect(views).toEqual(want.map((v) => ({ title: v.title, sides: [v.hypothesis, ...v.references].map((s) => s.units.map((u, i) => [u, s.marks[i]])) })));
    await screenshot(page, "playground");

    // Options: chrF++, lowercase and ROUGE stemming.
    await page.click("#m-chrfpp");
    await page.click("#lowercase");
    await page.click("#stem");
    await page.waitForFunction(() => document.querySelectorAll("#scores .card").length === 4 && document.querySelector("#scores .card .sig code")?.textContent?.includes("case:lc"));
    const withOptions = await cards(page);
    expect(withOptions).toEqual(
      expected([createBleu({ lowercase: true }), createChrf({ lowercase: true }), createChrf({ wordOrder: 2, lowercase: true }), createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"], stemmer: "porter" })], HYPS, [REFS]),
    );

    // The permalink restores everything in a fresh page.
    const link = page.url();
    expect(link).toContain("#v1.");
    const second = await newPage(browser);
    await second.page.goto(link);
    await second.page.waitForSelector("#scores .card");
    expect(await second.page.$eval("#hyps", (el) => (el as HTMLTextAreaElement).value)).toBe(HYPS.join("\n"));
    expect(await cards(second.page)).toEqual(withOptions);
    expect(errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await second.page.close();
    await page.close();
  });

  it("a length mismatch shows the library's error; a subword tokenizer loads in the page", SLOW, async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    await replaceText(page, "#hyps", HYPS.join("\n"));
    await replaceText(page, "#refs", REFS.slice(0, 2).join("\n"));
    await page.waitForSelector("#error");
    expect(await page.$eval("#error", (el) => el.textContent)).toMatch(/^LENGTH_MISMATCH: .*has 2 lines but there are 3 hypotheses/);
    await page.keyboard.press("Enter");
    await page.type("#refs", REFS[2]!);
    await settle(page, 3);

    await page.select("#tokenizer", "o200k_base");
    await page.waitForFunction(() => document.querySelector("#scores .card .sig code")?.textContent?.includes("tiktoken-o200k_base"), { timeout: 60_000 });
    const tok = await loadTiktoken({ encoding: "o200k_base", library: "gpt-tokenizer" });
    const shown = await cards(page);
    expect(shown).toEqual(expected([createBleu({ tokenize: tok }), createChrf(), createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"], tokenize: tok })], HYPS, [REFS]));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Japanese: ja-mecab fetches IPADIC only when chosen and scores as Node; intl-words too", SLOW, async () => {
    const JA_HYPS = ["ご注文が遅くなって申し訳ありません。", "東京都に住んでいます。"];
    const JA_REFS = ["お客様のご注文が遅れており、申し訳ございません。", "東京に住んでいます。"];
    const { page, errors } = await newPage(browser);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    await replaceText(page, "#hyps", JA_HYPS.join("\n"));
    await replaceText(page, "#refs", JA_REFS.join("\n"));
    await settle(page, 2);
    // The dictionary is a file of its own, not part of the page's code, and is not fetched yet.
    expect(requested.filter((u) => u.endsWith(".bin"))).toEqual([]);

    await page.select("#tokenizer", "ja-mecab");
    await page.waitForFunction(() => document.querySelector("#scores .card .sig code")?.textContent?.includes("tok:ja-mecab-0.996-IPA"), { timeout: 120_000 });
    expect(requested.filter((u) => /\/assets\/ipadic-[^/]*\.bin$/.test(u))).toHaveLength(1);
    const ja = createJaMecab();
    const rouge = (tokenize: Tokenizer) => createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"], tokenize });
    expect(await cards(page)).toEqual(expected([createBleu({ tokenize: ja }), createChrf(), rouge(ja)], JA_HYPS, [JA_REFS]));

    await page.select("#tokenizer", "intl-words");
    await page.waitForFunction(() => document.querySelector("#scores .card .sig code")?.textContent?.includes("tok:intl-words-"), { timeout: 60_000 });
    const shown = await cards(page);
    // Words come from Chromium's own ICU, whose version (and dictionaries) may differ from Node's: the
    // signature says which (a probe hash there), and only chrF, which does not tokenize, must be Node's.
    const words = createIntlWords();
    const want = expected([createBleu({ tokenize: words }), createChrf(), rouge(words)], JA_HYPS, [JA_REFS]);
    expect(shown.map((c) => c.metric)).toEqual(want.map((c) => c.metric));
    expect(shown[0]!.signature).toMatch(/\|tok:intl-words-[^|]+\|/);
    expect(shown[1]).toEqual(want[1]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
