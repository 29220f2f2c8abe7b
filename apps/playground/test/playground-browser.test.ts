// Loads the built playground (apps/playground/dist, made by `pnpm build`) from a static server on
// 127.0.0.1 in headless Chromium, types into it and checks what it shows against the same packages
// run in Node.
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluate, toSegments } from "@gramscore/core";
import type { Metric, OptionSpec, Segment, Tokenizer } from "@gramscore/core";
import { bleuMetric, createBleu } from "@gramscore/metric-bleu";
import { createCharacter } from "@gramscore/metric-character";
import { chrfMetric, chrfPlusPlusMetric, createChrf } from "@gramscore/metric-chrf";
import { createCider } from "@gramscore/metric-cider";
import { createSelfBleu } from "@gramscore/metric-diversity";
import { createGleu, gleuMetric } from "@gramscore/metric-gleu";
import { createMeteor, meteorPlugin } from "@gramscore/metric-meteor";
import { createNist, nistMetric } from "@gramscore/metric-nist";
import { createRouge, rougeMetric } from "@gramscore/metric-rouge";
import { createSari } from "@gramscore/metric-sari";
import { createSquad, createSquadV2 } from "@gramscore/metric-squad";
import { createTer, terMetric } from "@gramscore/metric-ter";
import { cerMetric, createCer, createWer, createWerMetric, merMetric, werMetric, wilMetric, wipMetric } from "@gramscore/metric-wer";
import { matchViews } from "@gramscore/report";
import { createIntlWords } from "@gramscore/tokenizer-intl-words";
import { createJaMecab } from "@gramscore/tokenizer-ja-mecab";
import { createSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import { createSacrebleuSpm, loadSentencePieceModel } from "@gramscore/tokenizer-sentencepiece";
import { loadTiktoken } from "@gramscore/tokenizer-subword/tiktoken";
import { wordnet } from "@gramscore/wordnet";
import type { Browser, ElementHandle, Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAYGROUND_ADAPTERS } from "../src/adapters.js";

// Chromium on a loaded 2-core machine: generous limits (these tests assert results, never times).
const SLOW = { timeout: 400_000 };
import { appRoot, BROWSER_SKIP_MESSAGE, launch, newPage, repoRoot, screenshot, serve, skipBrowser } from "./browser.js";

const dist = join(appRoot, "dist");

let browser: Browser;
let server: { url: string; close: () => Promise<void> };
beforeAll(async () => {
  if (skipBrowser) return;
  if (!existsSync(join(dist, "index.html"))) throw new Error(`${dist}/index.html does not exist: build the playground first (pnpm build, or pnpm --filter @gramscore/playground build).`);
  const built = statSync(join(dist, "index.html")).mtimeMs;
  for (const f of ["main.ts", "catalog.ts", "adapters.ts", "state.ts", "scoring.ts", "lazymetrics.ts"]) {
    if (statSync(join(appRoot, "src", f)).mtimeMs > built) throw new Error(`The built playground is older than src/${f}: run pnpm --filter @gramscore/playground build.`);
  }
  browser = await launch();
  server = await serve(dist);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** The lines each card shows: its catalog id, its result parts and its signature. */
async function cards(page: Page): Promise<{ metric: string; result: string; signature: string }[]> {
  return page.$$eval("#scores .card", (els) =>
    els.map((el) => ({
      metric: el.getAttribute("data-metric")!,
      result: [...el.querySelectorAll(".result code")].map((c) => c.textContent).join(" | "),
      signature: el.querySelector(".sig code")?.textContent ?? el.querySelector(".error")?.textContent ?? "",
    })),
  );
}

/** What the page should show for `metrics` (catalog id, metric) on these inputs, computed in Node with the library's own formatting. */
function expected(metrics: [string, Metric<any, any>][], hyps: string[], refs: string[][]) {
  const segments = toSegments(hyps, refs);
  return metrics.map(([id, m]) => {
    const ev = evaluate(m, segments);
    return { metric: id, result: m.format!(ev.corpus), signature: ev.signature };
  });
}

/** What the page should show for `metrics` on `segments` (each metric's own segments), computed in Node. */
function expectedOn(metrics: [string, Metric<any, any>, Segment[]][]) {
  return metrics.map(([id, m, segments]) => {
    const ev = evaluate(m, segments);
    return { metric: id, result: m.format!(ev.corpus), signature: ev.signature };
  });
}

/** The match views the page draws, as units and marks per side. */
async function shownViews(page: Page) {
  return page.$$eval("#explain .view", (vs) =>
    vs.map((v) => ({ title: v.getAttribute("data-title"), sides: [...v.querySelectorAll(".units")].map((u) => [...u.querySelectorAll(".u")].map((s) => [s.textContent, Number(s.getAttribute("data-mark"))])) })),
  );
}

/** The same views computed in Node: explain() through the report's adapters and the page's. */
function nodeViews(metrics: Metric<any, any>[], hyp: string, refs: string[]) {
  return metrics
    .flatMap((m) => matchViews(m, hyp, refs, PLAYGROUND_ADAPTERS))
    .map((v) => ({ title: v.title, sides: [v.hypothesis, ...v.references].map((s) => s.units.map((u, i) => [u, s.marks[i]])) }));
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

/** Sets a generated option control as a person would (a number or text typed, a choice picked, a box clicked). */
async function setControl(page: Page, selector: string, value: string | boolean): Promise<void> {
  const kind = await page.$eval(selector, (el) => (el instanceof HTMLSelectElement ? "select" : (el as HTMLInputElement).type));
  if (kind === "select") await page.select(selector, String(value));
  else if (kind === "checkbox") {
    if ((await page.$eval(selector, (el) => (el as HTMLInputElement).checked)) !== value) await page.click(selector);
  } else {
    await page.click(selector, { clickCount: 3 });
    await page.keyboard.press("Backspace");
    await page.type(selector, String(value));
  }
}

/** Waits until the page shows results for `count` segments and `cardCount` cards, and returns them. */
async function settle(page: Page, count: number, cardCount?: number) {
  await page.waitForFunction(
    (n: number, c: number) =>
      document.querySelector("#results h2")?.textContent === `Corpus scores (${n} segment${n === 1 ? "" : "s"})` && (c < 0 || document.querySelectorAll("#scores .card").length === c),
    { timeout: 120_000 },
    count,
    cardCount ?? -1,
  );
  return cards(page);
}

/** Waits until the card of `id` shows a signature other than `before`, and returns all cards. */
async function signatureChanged(page: Page, id: string, before: string) {
  await page.waitForFunction(
    (metric: string, was: string) => {
      const sig = document.querySelector(`#scores .card[data-metric="${metric}"] .sig code`)?.textContent;
      return sig !== undefined && sig !== null && sig !== was;
    },
    { timeout: 120_000 },
    id,
    before,
  );
  return cards(page);
}

const HYPS = ["Der schnelle braune Fuchs springt über den faulen Hund.", "Es regnet heute sehr stark in Berlin.", "Das Treffen wurde auf nächsten Dienstag verschoben."];
const REFS = ["Der flinke braune Fuchs springt über den trägen Hund.", "Heute regnet es in Berlin sehr stark.", "Die Sitzung wurde auf Dienstag nächster Woche verlegt."];
// English with a stem and a WordNet synonym (METEOR), a shift (TER) and a second reference.
const EN_HYPS = ["The cat sat on the mat today.", "It is raining heavily in the city.", "The meeting was moved to next Tuesday."];
const EN_REFS = ["Today the cat is sitting on the mat.", "It rains hard in the city.", "The meeting has been postponed to Tuesday next week."];
const EN_REFS2 = ["A cat sat on the mat today.", "Heavy rain falls in the town.", "They moved the meeting to next Tuesday."];

/** The metrics of the page, each as the library makes it with its defaults (METEOR with WordNet, as the CLI). */
const ALL: [string, () => Metric<any, any>][] = [
  ["bleu", () => createBleu()],
  ["chrf", () => createChrf()],
  ["chrf++", () => createChrf({ wordOrder: 2 })],
  ["rouge", () => createRouge()],
  ["ter", () => createTer()],
  ["meteor", () => createMeteor({ synonyms: wordnet })],
  ["gleu", () => createGleu()],
  ["nist", () => createNist()],
  ["wer", () => createWer()],
  ["cer", () => createCer()],
  ["mer", () => createWerMetric("mer")],
  ["wil", () => createWerMetric("wil")],
  ["wip", () => createWerMetric("wip")],
];
const slug = (id: string) => id.replace(/\+/g, "p");

/** The descriptors the page's controls must come from (METEOR's as the CLI registers it, WordNet by default). */
const DESCRIPTORS: Record<string, readonly OptionSpec[]> = {
  bleu: bleuMetric.options!,
  chrf: chrfMetric.options!,
  "chrf++": chrfPlusPlusMetric.options!,
  rouge: rougeMetric.options!,
  ter: terMetric.options!,
  meteor: meteorPlugin({ providers: { wordnet }, defaultSynonyms: "wordnet" }).metrics![0]!.options!,
  gleu: gleuMetric.options!,
  nist: nistMetric.options!,
  wer: werMetric.options!,
  cer: cerMetric.options!,
  mer: merMetric.options!,
  wil: wilMetric.options!,
  wip: wipMetric.options!,
};

if (skipBrowser) console.warn(BROWSER_SKIP_MESSAGE);

describe.skipIf(skipBrowser)("the playground in Chromium", () => {
  it("typed input: BLEU, chrF and ROUGE as Node computes them, match views, options, permalink", SLOW, async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    // The example it opens with.
    const opening = await cards(page);
    expect(opening).toEqual(
      expected([["bleu", createBleu()], ["chrf", createChrf()], ["rouge", createRouge()]], ["The cat sat on the mat.", "It is raining heavily today."], [["The cat is sitting on the mat.", "It rains heavily today."]]),
    );

    await replaceText(page, "#hyps", HYPS.join("\n"));
    await replaceText(page, "#refs", REFS.join("\n"));
    const shown = await settle(page, 3);
    const metrics: [string, Metric<any, any>][] = [["bleu", createBleu()], ["chrf", createChrf()], ["rouge", createRouge()]];
    expect(shown).toEqual(expected(metrics, HYPS, [REFS]));

    // The match views of segment 2 are those of explain() in Node.
    await page.select("#segment", "1");
    await page.waitForFunction(() => document.querySelector("#explain .view .units")?.textContent?.includes("regnet"));
    expect(await shownViews(page)).toEqual(nodeViews(metrics.map(([, m]) => m), HYPS[1]!, [REFS[1]!]));
    await screenshot(page, "playground");

    // Options: chrF++, BLEU and chrF lowercase, ROUGE stemming (generated controls).
    await page.click("#m-chrfpp");
    await settle(page, 3, 4);
    await setControl(page, "#o-bleu-lowercase", true);
    await setControl(page, "#o-chrf-lowercase", true);
    await setControl(page, "#o-chrfpp-lowercase", true);
    await setControl(page, "#o-rouge-stemmer", "porter");
    await page.waitForFunction(() => [...document.querySelectorAll("#scores .card .sig code")].filter((c) => /case:lc|stem:yes/.test(c.textContent!)).length === 4);
    const withOptions = await cards(page);
    expect(withOptions).toEqual(
      expected([["bleu", createBleu({ lowercase: true })], ["chrf", createChrf({ lowercase: true })], ["chrf++", createChrf({ wordOrder: 2, lowercase: true })], ["rouge", createRouge({ stemmer: "porter" })]], HYPS, [REFS]),
    );

    // The permalink restores everything in a fresh page.
    const link = page.url();
    expect(link).toContain("#v3.");
    const second = await newPage(browser);
    await second.page.goto(link);
    await second.page.waitForSelector("#scores .card");
    expect(await second.page.$eval("#hyps", (el) => (el as HTMLTextAreaElement).value)).toBe(HYPS.join("\n"));
    expect(await second.page.$eval("#o-rouge-stemmer", (el) => (el as HTMLSelectElement).value)).toBe("porter");
    expect(await cards(second.page)).toEqual(withOptions);
    expect(errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await second.page.close();
    await page.close();
  });

  it("every metric: controls with the descriptors' defaults, scores and views as Node's, WordNet fetched only for METEOR", SLOW, async () => {
    const { page, errors } = await newPage(browser);
    const requested: string[] = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");

    // Each metric's controls are its OptionSpecs (less tokenize, the page's tokenizer, and nrefs,
    // read off the data), each showing the spec's default.
    for (const [id, specs] of Object.entries(DESCRIPTORS)) {
      const controls = await page.$$eval(`fieldset.mopts[data-metric="${id}"] [data-key]`, (els) =>
        els.map((el) => [el.getAttribute("data-key"), el instanceof HTMLInputElement && el.type === "checkbox" ? String(el.checked) : (el as HTMLInputElement).value]),
      );
      const want = specs.filter((s) => s.key !== "tokenize" && s.key !== "nrefs").map((s) => [s.key, s.default === undefined ? "" : Array.isArray(s.default) ? s.default.join(",") : String(s.default)]);
      expect(controls, id).toEqual(want);
    }

    await replaceText(page, "#hyps", EN_HYPS.join("\n"));
    await replaceText(page, "#refs", EN_REFS.join("\n"));
    await replaceText(page, "#refs2", EN_REFS2.join("\n"));
    for (const [id] of ALL) if (!["bleu", "chrf", "rouge", "meteor"].includes(id)) await page.click(`#m-${slug(id)}`);
    await settle(page, 3, ALL.length - 1);
    // Every metric but METEOR is on: WordNet's chunk has not been fetched.
    expect(requested.filter((u) => /\/assets\/wordnet-[^/]*\.js$/.test(u))).toEqual([]);
    await page.click("#m-meteor");
    const shown = await settle(page, 3, ALL.length);
    expect(requested.filter((u) => /\/assets\/wordnet-[^/]*\.js$/.test(u))).toHaveLength(1);
    const refs = [EN_REFS, EN_REFS2];
    expect(shown).toEqual(expected(ALL.map(([id, make]) => [id, make()]), EN_HYPS, refs));
    expect(shown.find((c) => c.metric === "meteor")!.signature).toContain("syn:wordnet-3.0");

    // The match views of segment 1 for every metric.
    await page.waitForFunction((n: number) => document.querySelectorAll("#explain .view").length >= n, {}, ALL.length);
    const views = await shownViews(page);
    expect(views).toEqual(nodeViews(ALL.map(([, make]) => make()), EN_HYPS[0]!, [EN_REFS[0]!, EN_REFS2[0]!]));
    expect(new Set(views.map((v) => v.title!.split(/[: ]/)[0]))).toEqual(new Set(["BLEU", "chrF2", "chrF2++", "ROUGE", "TER", "METEOR", "GLEU", "NIST", "WER", "CER", "MER", "WIL", "WIP"]));
    await page.screenshot({ path: join(appRoot, "screenshots", "playground-all-metrics.png") as `${string}.png`, fullPage: true });

    // A tokenizer chosen applies to every metric that takes one (BLEU, ROUGE, METEOR, GLEU, NIST).
    await page.select("#tokenizer", "char");
    await page.waitForFunction(() => document.querySelector('#scores .card[data-metric="nist"] .sig code')?.textContent?.includes("tok:char"));
    const char = createSacrebleuTokenizer("char");
    const withChar: [string, Metric<any, any>][] = ALL.map(([id, make]) => {
      const m = make();
      if (id === "bleu") return [id, createBleu({ tokenize: char })];
      if (id === "rouge") return [id, createRouge({ tokenize: char })];
      if (id === "meteor") return [id, createMeteor({ synonyms: wordnet, tokenize: char })];
      if (id === "gleu") return [id, createGleu({ tokenize: char })];
      if (id === "nist") return [id, createNist({ tokenize: char })];
      return [id, m];
    });
    expect(await cards(page)).toEqual(expected(withChar, EN_HYPS, refs));
    expect(errors).toEqual([]);
    await page.close();
  });

  it("changing an option changes the signature shown, to the library's for that option", SLOW, async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    await replaceText(page, "#hyps", EN_HYPS.join("\n"));
    await replaceText(page, "#refs", EN_REFS.join("\n"));
    for (const id of ["chrf++", "ter", "meteor", "gleu", "nist"]) await page.click(`#m-${slug(id)}`);
    await settle(page, 3, 8);
    const changes: [string, string, string | boolean, Metric<any, any>][] = [
      ["bleu", "smoothMethod", "floor", createBleu({ smoothMethod: "floor" })],
      ["bleu", "maxNgramOrder", "2", createBleu({ smoothMethod: "floor", maxNgramOrder: 2 })],
      ["chrf", "charOrder", "4", createChrf({ charOrder: 4 })],
      ["chrf++", "wordOrder", "1", createChrf({ wordOrder: 1 })],
      ["rouge", "rougeTypes", "rouge1,rougeL", createRouge({ rougeTypes: ["rouge1", "rougeL"] })],
      ["ter", "lowercase", false, createTer({ lowercase: false })],
      ["meteor", "alpha", "0.8", createMeteor({ synonyms: wordnet, alpha: 0.8 })],
      ["meteor", "synonyms", "none", createMeteor({ alpha: 0.8 })],
      ["gleu", "maxNgramOrder", "3", createGleu({ maxNgramOrder: 3 })],
      ["nist", "maxNgramOrder", "3", createNist({ maxNgramOrder: 3 })],
    ];
    for (const [id, key, value, metric] of changes) {
      const before = (await cards(page)).find((c) => c.metric === id)!;
      await setControl(page, `#o-${slug(id)}-${key}`, value);
      const after = (await signatureChanged(page, id, before.signature)).find((c) => c.metric === id)!;
      expect(after, `${id} ${key}`).toEqual(expected([[id, metric]], EN_HYPS, [EN_REFS])[0]);
    }
    // A value the metric refuses shows the library's coded error on its card.
    await setControl(page, "#o-gleu-minNgramOrder", "5");
    await page.waitForSelector('#scores .card[data-metric="gleu"] .error');
    expect(await page.$eval('#scores .card[data-metric="gleu"] .error', (el) => el.textContent)).toMatch(/^INVALID_OPTION: /);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("SentencePiece: the model file from the picker, its sha256, the same tokens and scores as Node", SLOW, async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    await replaceText(page, "#hyps", EN_HYPS.join("\n"));
    await replaceText(page, "#refs", EN_REFS.join("\n"));
    await settle(page, 3);
    await page.select("#tokenizer", "flores200");
    await page.waitForSelector("#spm-needed");
    expect(await page.$eval("#spm-needed", (el) => el.textContent)).toContain("flores200sacrebleuspm");

    // Not a model: the library's coded error.
    const junk = join(tmpdir(), "gramscore-playground-not-a-model.model");
    writeFileSync(junk, "not a sentencepiece model\n");
    const picker = (await page.$("#spm-model")) as ElementHandle<HTMLInputElement>;
    await picker.uploadFile(junk);
    await page.waitForSelector("#error");
    expect(await page.$eval("#error", (el) => el.textContent)).toMatch(/^INVALID_OPTION: /);

    for (const [name, file] of [
      ["flores200", "unigram-nmt_nfkc.model"],
      ["spBLEU-1K", "bpe-nmt_nfkc.model"],
    ] as const) {
      const path = join(repoRoot, "tooling/references/spm/models", file);
      await page.select("#tokenizer", name);
      await picker.uploadFile(path);
      const model = loadSentencePieceModel(readFileSync(path));
      await page.waitForFunction((sha: string) => document.querySelector("#spm-info")?.textContent?.includes(sha), {}, model.sha256);
      expect(await page.$eval("#spm-info", (el) => el.textContent)).toBe(`${file}: sha256 ${model.sha256} (${model.modelType}, ${model.vocabularySize} pieces)`);
      await page.waitForFunction((n: string) => document.querySelector('#scores .card[data-metric="bleu"] .sig code')?.textContent?.includes(`tok:${n}|`), {}, name);
      const tok = createSacrebleuSpm(name, { model });
      expect(await cards(page)).toEqual(expected([["bleu", createBleu({ tokenize: tok })], ["chrf", createChrf()], ["rouge", createRouge({ tokenize: tok })]], EN_HYPS, [EN_REFS]));
      // The tokens: BLEU's view of each segment shows the pieces Node's tokenizer gives.
      for (let i = 0; i < EN_HYPS.length; i++) {
        await page.select("#segment", String(i));
        await page.waitForFunction((want: string) => document.querySelector('#explain .view[data-metric="bleu"] .units')?.getAttribute("data-role") === "hypothesis" && [...document.querySelectorAll('#explain .view[data-metric="bleu"] [data-role="hypothesis"] .u')].map((u) => u.textContent).join(" ") === want, {}, tok.tokenize(EN_HYPS[i]!).join(" "));
        const pieces = await page.$$eval('#explain .view[data-metric="bleu"] [data-role="reference-0"] .u', (us) => us.map((u) => u.textContent));
        expect(pieces).toEqual(tok.tokenize(EN_REFS[i]!));
      }
    }
    expect(errors).toEqual([]);
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
    expect(shown).toEqual(expected([["bleu", createBleu({ tokenize: tok })], ["chrf", createChrf()], ["rouge", createRouge({ tokenize: tok })]], HYPS, [REFS]));
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
    const rouge = (tokenize: Tokenizer) => createRouge({ tokenize });
    expect(await cards(page)).toEqual(expected([["bleu", createBleu({ tokenize: ja })], ["chrf", createChrf()], ["rouge", rouge(ja)]], JA_HYPS, [JA_REFS]));

    await page.select("#tokenizer", "intl-words");
    await page.waitForFunction(() => document.querySelector("#scores .card .sig code")?.textContent?.includes("tok:intl-words-"), { timeout: 60_000 });
    const shown = await cards(page);
    // Words come from Chromium's own ICU, whose version (and dictionaries) may differ from Node's: the
    // signature says which (a probe hash there), and only chrF, which does not tokenize, must be Node's.
    const words = createIntlWords();
    const want = expected([["bleu", createBleu({ tokenize: words })], ["chrf", createChrf()], ["rouge", rouge(words)]], JA_HYPS, [JA_REFS]);
    expect(shown.map((c) => c.metric)).toEqual(want.map((c) => c.metric));
    expect(shown[0]!.signature).toMatch(/\|tok:intl-words-[^|]+\|/);
    expect(shown[1]).toEqual(want[1]);
    expect(errors).toEqual([]);
    await page.close();
  });
  it("SARI with the sources box, corpus CIDEr-D, reference-free Self-BLEU and characTER: Node's numbers", SLOW, async () => {
    const SRCS = ["The cat was sitting on the mat for the whole day.", "It is raining very heavily in the whole city tonight.", "The meeting has been postponed until next Tuesday."];
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    // No metric that needs sources yet: no sources box.
    expect(await page.$eval("#src-row", (el) => (el as HTMLElement).hidden)).toBe(true);
    await replaceText(page, "#hyps", EN_HYPS.join("\n"));
    await replaceText(page, "#refs", EN_REFS.join("\n"));
    await settle(page, 3);
    await page.click("#m-sari");
    expect(await page.$eval("#src-row", (el) => (el as HTMLElement).hidden)).toBe(false);
    // Sources that do not fit fail SARI's card only, with a coded error.
    await page.waitForSelector('#scores .card[data-metric="sari"] .error');
    expect(await page.$eval('#scores .card[data-metric="sari"] .error', (el) => el.textContent)).toMatch(/^LENGTH_MISMATCH: sari needs the source of every hypothesis, but the sources box has 0 lines and there are 3 hypotheses/);
    await replaceText(page, "#srcs", SRCS.join("\n"));
    for (const id of ["cider", "character", "self-bleu"]) await page.click(`#m-${id}`);
    await page.waitForFunction(() => document.querySelectorAll("#scores .card .sig code").length === 7);
    const plain = toSegments(EN_HYPS, [EN_REFS]);
    const withSrc = plain.map((seg, i) => ({ ...seg, src: SRCS[i]! }));
    const hypsOnly = EN_HYPS.map((hyp) => ({ hyp, refs: [] }));
    const want = expectedOn([
      ["bleu", createBleu(), plain],
      ["chrf", createChrf(), plain],
      ["rouge", createRouge(), plain],
      ["cider", createCider(), plain],
      ["sari", createSari(), withSrc],
      ["character", createCharacter(), plain],
      ["self-bleu", createSelfBleu(), hypsOnly],
    ]);
    expect(await settle(page, 3, 7)).toEqual(want);
    // CIDEr-D's card says its document frequencies are the page's three segments'; Self-BLEU's that references are not read.
    expect(await page.$eval('#scores .card[data-metric="cider"] .note', (el) => el.textContent)).toBe("document frequencies come from the references of all 3 segments");
    expect(await page.$eval('#scores .card[data-metric="self-bleu"] .note', (el) => el.textContent)).toBe("scored over the 3 hypotheses as a set; references are not read");
    // Segment views: only the metrics whose one-segment explanation is what they counted.
    await page.waitForFunction(() => document.querySelectorAll("#explain .view").length > 0);
    expect(await shownViews(page)).toEqual(nodeViews([createBleu(), createChrf(), createRouge(), createCharacter()], EN_HYPS[0]!, [EN_REFS[0]!]));
    await screenshot(page, "playground-sources-corpus");

    // The permalink keeps the sources.
    const link = page.url();
    expect(link).toContain("#v3.");
    const second = await newPage(browser);
    await second.page.goto(link);
    await second.page.waitForFunction(() => document.querySelectorAll("#scores .card .sig code").length === 7);
    expect(await second.page.$eval("#srcs", (el) => (el as HTMLTextAreaElement).value)).toBe(SRCS.join("\n"));
    expect(await cards(second.page)).toEqual(want);
    await second.page.close();

    // Self-BLEU alone needs no references: the references box may be emptied.
    for (const id of ["bleu", "chrf", "rouge", "cider", "sari", "character"]) await page.click(`#m-${id}`);
    await settle(page, 3, 1);
    expect(await page.$eval("#src-row", (el) => (el as HTMLElement).hidden)).toBe(true);
    await replaceText(page, "#refs", "");
    await page.waitForFunction(() => (document.querySelector("#refs") as HTMLTextAreaElement).value === "");
    // The page updates on that input event; give it its turn before reading.
    await new Promise((ok) => setTimeout(ok, 500));
    await settle(page, 3, 1);
    expect(await cards(page)).toEqual([want[6]]);
    expect(errors).toEqual([]);
    await page.close();
  });
  it("SQuAD v1.1 and v2.0: an empty hypothesis line is no answer, empty references an unanswerable question; Node's numbers", SLOW, async () => {
    // Real answers (SQuAD dev questions about Super Bowl 50) with one unanswerable question (line 3).
    const HYPS = ["Denver Broncos", "Carolina Panthers", "", "Santa Clara, California", ""];
    const REFS = ["Denver Broncos", "the Carolina Panthers", "", "Levi's Stadium in the San Francisco Bay Area at Santa Clara, California", "gold"];
    const { page, errors } = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#scores .card");
    await replaceText(page, "#hyps", HYPS.join("\n"));
    await replaceText(page, "#refs", REFS.join("\n"));
    for (const id of ["bleu", "chrf", "rouge", "squad", "squad_v2"]) await page.click(`#m-${id}`);
    const segments = toSegments(HYPS, [REFS]);
    const want = expectedOn([
      ["squad", createSquad(), segments],
      ["squad_v2", createSquadV2(), segments],
    ]);
    expect(await settle(page, 5, 2)).toEqual(want);
    // v2.0's F1 counts the unanswerable question answered "no answer" as 100, v1.1's as a plain empty match.
    expect(want[1]!.result).toMatch(/^SQuAD-v2 F1 = /);
    expect(await page.$eval('#scores .card[data-metric="squad_v2"] .note', (el) => el.textContent)).toMatch(/^every question's no-answer probability is 0/);
    expect(errors).toEqual([]);
    await page.close();
  });
});
