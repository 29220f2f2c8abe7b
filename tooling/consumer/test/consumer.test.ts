/**
 * The consumer suite: what a user gets from npm. Packs every public package once, installs the
 * tarballs with npm into a fresh project (no workspace links), and there imports every package from
 * ESM and CommonJS, type-checks a consumer under `nodenext` and `bundler`, runs `npx gramscore demo`,
 * bundles each metric alone for the browser, checks every size budget, and runs the bundles in a real
 * headless Chromium, comparing every score with Node's bit for bit.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hasShared, readCases, readDataset, repoRoot, SKIP_MESSAGE } from "../../conformance/data.js";
import { BROWSER_SKIP_MESSAGE, chromiumPath, hasChromium, isCI } from "../../conformance/environment.js";
import { publicPackages } from "../../scripts/workspace.mjs";
import { closure, gzipBytes, installedDir, kb, packAll, run, table, treeBytes } from "../lib.mjs";

type Packed = { name: string; version: string; dir: string; tarball: string; bytes: number; files: string[] };
type Budgets = Record<"tarball" | "install" | "closure" | "bundle", Record<string, number>>;

const here = join(repoRoot, "tooling", "consumer");
const budgets: Budgets = JSON.parse(readFileSync(join(here, "budgets.json"), "utf8"));
/** Where the size table goes; tooling/scripts/run-tests.mjs prints it before its closing line. */
export const SIZES_FILE = join(repoRoot, ".consumer-sizes.txt");
const METRICS = ["bleu", "chrf", "rouge", "ter", "wer", "gleu", "nist", "meteor"] as const;
const packageOf = (metric: string) => `@gramscore/metric-${metric}`;
const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");

const work = mkdtempSync(join(tmpdir(), "gramscore-consumer-"));
const project = join(work, "app");
let packed: Packed[] = [];
const bundles: Record<string, { code: string; gzip: number }> = {};
const sizeRows: string[][] = [];

function node(args: string[], cwd = project): string {
  return run(process.execPath, args, { cwd, env: { ...process.env, NODE_OPTIONS: "" } });
}

beforeAll(() => {
  packed = packAll(publicPackages(repoRoot), join(work, "packs"));
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer-app", version: "1.0.0", private: true, type: "module" }, null, 2));
  // Third-party dependencies come from npm's cache or the registry; ours only from the tarballs.
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...packed.map((p) => p.tarball)], { cwd: project });
  cpSync(join(here, "entries"), join(project, "entries"), { recursive: true });
  cpSync(join(here, "fixtures"), join(project, "fixtures"), { recursive: true });
}, 600_000);

afterAll(() => {
  if (sizeRows.length > 0) {
    const text = `Consumer sizes (budgets in tooling/consumer/budgets.json):\n${table([["what", "size", "budget", ""], ...sizeRows])}\n`;
    writeFileSync(SIZES_FILE, text);
  }
  rmSync(work, { recursive: true, force: true });
});

/** Records a size beside its budget; returns the problem, if any. */
function budgetRow(kind: keyof Budgets, what: string, bytes: number): string[] {
  const budget = budgets[kind][what];
  const over = budget === undefined || bytes > budget;
  sizeRows.push([`${kind} ${what}`, kb(bytes), budget === undefined ? "none" : kb(budget), over ? "OVER" : "ok"]);
  if (budget === undefined) return [`no ${kind} budget for ${what} in tooling/consumer/budgets.json (it measures ${bytes} B)`];
  return over ? [`${kind} of ${what}: ${bytes} B is over its budget of ${budget} B`] : [];
}

describe.sequential("consumer: the packed tarballs", () => {
  it("every public package was packed, with LICENSE, README, package.json and dist, and no source maps", () => {
    expect(packed.map((p) => p.name).sort()).toEqual(publicPackages(repoRoot).map((p: { manifest: { name: string } }) => p.manifest.name).sort());
    const license = readFileSync(join(repoRoot, "LICENSE"), "utf8");
    for (const p of packed) {
      expect(p.files, p.name).toContain("LICENSE");
      expect(p.files, p.name).toContain("README.md");
      expect(p.files, p.name).toContain("package.json");
      expect(p.files.some((f) => f.startsWith("dist/") && f.endsWith(".js")), `${p.name} has dist/*.js`).toBe(true);
      expect(p.files.filter((f) => f.endsWith(".map")), `${p.name} ships source maps`).toEqual([]);
      expect(readFileSync(join(installedDir(project, p.name), "LICENSE"), "utf8"), `${p.name}'s LICENSE is the root one`).toBe(license);
    }
  });

  it("each tarball is within its size budget", () => {
    expect(packed.flatMap((p) => budgetRow("tarball", p.name, p.bytes))).toEqual([]);
  });

  it("the install is real copies (no workspace links) and each package and its closure is within budget", () => {
    const problems: string[] = [];
    for (const p of packed) {
      const dir = installedDir(project, p.name);
      expect(lstatSync(dir).isSymbolicLink(), `${p.name} is a link`).toBe(false);
      const installed = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(installed.version).toBe(p.version);
      expect(JSON.stringify(installed), `${p.name} still says workspace:`).not.toContain("workspace:");
      problems.push(...budgetRow("install", p.name, treeBytes(dir)));
    }
    for (const name of [...METRICS.map(packageOf), "gramscore"]) {
      const brought = [...closure(project, name)];
      problems.push(...budgetRow("closure", name, brought.reduce((sum, dep) => sum + treeBytes(installedDir(project, dep)), 0)));
    }
    expect(problems).toEqual([]);
  });

  it("the CLI's install does not bring its bundled commander or picocolors", () => {
    const cli = [...closure(project, "gramscore")];
    expect(cli).not.toContain("commander");
    expect(cli).not.toContain("picocolors");
  });
});

describe.sequential("consumer: Node", () => {
  const sample = 'const hyps = ["The cat sat on the mat."]; const refs = [["The cat is sitting on the mat."]];';
  const scoreOf: Record<(typeof METRICS)[number], string> = {
    bleu: "m.bleu(hyps, refs).score",
    chrf: "m.chrf(hyps, refs).score",
    rouge: "m.rouge(hyps, refs).corpus.rougeL.fmeasure",
    ter: "m.ter(hyps, refs).score",
    wer: "m.wer(hyps, refs[0]).score",
    gleu: "m.gleu(hyps, refs).score",
    nist: "m.nist(hyps, refs).score",
    meteor: "m.meteor(hyps, refs).score",
  };

  it.each(METRICS)("%s alone: ESM import and CommonJS require give the same score", (metric) => {
    const esm = node(["--input-type=module", "-e", `import * as m from "${packageOf(metric)}"; ${sample} console.log(String(${scoreOf[metric]}));`]);
    const cjs = node(["-e", `const m = require("${packageOf(metric)}"); ${sample} console.log(String(${scoreOf[metric]}));`]);
    expect(Number(esm.trim())).toBeGreaterThan(0);
    expect(cjs).toBe(esm);
  });

  it("every library package imports from ESM and requires from CommonJS, alone", () => {
    for (const p of packed.filter((q) => q.name !== "gramscore")) {
      const esm = node(["--input-type=module", "-e", `import * as m from "${p.name}"; console.log(m.VERSION ?? Object.keys(m).length);`]).trim();
      const cjs = node(["-e", `const m = require("${p.name}"); console.log(m.VERSION ?? Object.keys(m).length);`]).trim();
      expect(esm, p.name).not.toBe("");
      expect(cjs, p.name).toBe(esm);
    }
  });

  it.each(["nodenext", "bundler"] as const)("a strict consumer type-checks under moduleResolution %s", (resolution) => {
    const compilerOptions =
      resolution === "nodenext"
        ? { module: "nodenext", moduleResolution: "nodenext" }
        : { module: "esnext", moduleResolution: "bundler" };
    const file = join(project, `tsconfig.${resolution}.json`);
    writeFileSync(
      file,
      JSON.stringify({
        compilerOptions: { ...compilerOptions, target: "es2022", strict: true, noEmit: true, skipLibCheck: false, types: [], lib: ["es2022", "dom"], noUncheckedIndexedAccess: true },
        files: ["fixtures/consumer.ts"],
      }),
    );
    node([tsc, "-p", file]);
  });

  it("npx gramscore demo runs from the installed tarball", () => {
    const out = run("npx", ["--no-install", "gramscore", "demo"], { cwd: project });
    expect(out).toMatch(/bleu/);
    expect(out).toMatch(/chrf/);
    expect(run("npx", ["--no-install", "gramscore", "--version"], { cwd: project }).trim()).toBe(packed.find((p) => p.name === "gramscore")!.version);
  });
});

describe.sequential("consumer: browser", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it.each(METRICS)("%s alone bundles for the browser within its budget, without the other variants", async (metric) => {
    const result = await build({
      entryPoints: [join(project, "entries", `${metric}.mjs`)],
      absWorkingDir: project,
      bundle: true,
      minify: true,
      format: "iife",
      globalName: "gramscoreEntry",
      platform: "browser",
      target: "es2022",
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0]!.text;
    bundles[metric] = { code, gzip: gzipBytes(code) };
    expect(budgetRow("bundle", metric, bundles[metric]!.gzip)).toEqual([]);
    // The descriptors a bleu-only (chrf-only, rouge-only) app never asked for are shaken out.
    const unwanted: Record<string, string[]> = {
      bleu: ["BLEU identical to NLTK", "BLEU identical to HuggingFace"],
      chrf: [],
      rouge: [],
      ter: [],
      wer: [],
      gleu: [],
      nist: [],
      // METEOR without a synonym provider never pulls WordNet's data in.
      meteor: ["Canis_familiaris", "wordnet-3.0"],
    };
    for (const text of unwanted[metric]!) expect(code, `${metric} bundle keeps "${text}"`).not.toContain(text);
    expect(code).not.toMatch(/require\(["']node:/);
  });

  // Outside CI a machine without Chromium skips this check with one line; under CI it fails.
  if (!hasChromium && !isCI) console.warn(BROWSER_SKIP_MESSAGE);
  it.skipIf(!hasChromium && !isCI)("runs every bundle in headless Chromium with the same bits as Node, on the conformance cases and WMT segments", async (ctx) => {
    const executablePath = chromiumPath();
    expect(executablePath, `CI=true but ${BROWSER_SKIP_MESSAGE}`).toBeTruthy();
    let input: { cases: { id: string; segments: { hyp: string; refs: string[] }[] }[]; segments: { hyp: string; refs: string[] }[] };
    if (hasShared) {
      const sample = (name: string, count: number) => {
        const records = readDataset(name);
        const step = Math.max(1, Math.floor(records.length / count));
        return records.filter((_, i) => i % step === 0).slice(0, count).map((r) => ({ hyp: r.hyp, refs: r.refs }));
      };
      input = {
        cases: readCases().map((c) => ({ id: c.id, segments: c.segments })),
        segments: [
          ...sample("mt_wmt17_newstest2017_en-de", 2000),
          ...sample("mt_wmt22_generaltest2022_en-zh", 500),
          ...sample("mt_wmt22_generaltest2022_en-ja", 500),
        ],
      };
    } else {
      console.warn(`${SKIP_MESSAGE}; comparing on a small built-in sample only`);
      input = {
        cases: [{ id: "builtin", segments: [{ hyp: "The cat sat on the mat.", refs: ["The cat is sitting on the mat."] }] }],
        segments: [{ hyp: "It is raining heavily today.", refs: ["It rains heavily today."] }],
      };
    }
    const inputFile = join(work, "input.json");
    writeFileSync(inputFile, JSON.stringify(input));
    writeFileSync(
      join(project, "node-run.mjs"),
      'import { readFileSync } from "node:fs";\n' +
        "const [entry, file] = process.argv.slice(2);\n" +
        "const { run } = await import(`./entries/${entry}.mjs`);\n" +
        'process.stdout.write(JSON.stringify(run(JSON.parse(readFileSync(file, "utf8")))));\n',
    );

    browser = await chromium.launch({ executablePath: executablePath!, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    const page = await browser.newPage();
    const mismatches: string[] = [];
    let compared = 0;
    for (const metric of METRICS) {
      const fromNode: Record<string, string[]> = JSON.parse(node(["node-run.mjs", metric, inputFile]));
      await page.setContent("<!doctype html><title>gramscore</title>");
      await page.addScriptTag({ content: bundles[metric]!.code });
      const fromChromium = (await page.evaluate((data) => (globalThis as any).gramscoreEntry.run(data), input)) as Record<string, string[]>;
      expect(Object.keys(fromChromium).sort()).toEqual(Object.keys(fromNode).sort());
      let scored = 0;
      for (const [label, values] of Object.entries(fromNode)) {
        const other = fromChromium[label]!;
        expect(other.length, label).toBe(values.length);
        for (let i = 0; i < values.length; i++) {
          compared++;
          if (!values[i]!.startsWith("error:")) scored++;
          if (values[i] !== other[i]) mismatches.push(`${metric} ${label}[${i}]: node ${values[i]} chromium ${other[i]}`);
        }
      }
      // A harness that only caught errors would compare nothing: most values must be real scores
      // (thousands on the conformance sample; every value of the small built-in one).
      if (hasShared) expect(scored, `${metric}: scores compared`).toBeGreaterThan(1000);
      else expect(scored, `${metric}: scores compared`).toBe(Object.values(fromNode).flat().length);
    }
    const byMetric = METRICS.map((m) => `${m}: ${mismatches.filter((x) => x.startsWith(`${m} `)).length}`).join(", ");
    ctx.annotate?.(`${compared} values compared between Node and Chromium; differing: ${byMetric}`);
    expect(mismatches.slice(0, 20), `${mismatches.length} of ${compared} values differ between Node and Chromium (${byMetric})`).toEqual([]);
  }, 600_000);
});
