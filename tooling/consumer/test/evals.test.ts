/**
 * `@gramscore/scorers` inside the real eval tools, as a user gets them from npm: promptfoo, evalite,
 * autoevals, LangSmith and Vitest at pinned versions are installed once into a cached folder (keyed by
 * the pins, the platform and Node's module ABI), and each run installs the packed tarballs of the
 * scorers and their dependencies into a fresh project inside it (so that the tools resolve from the
 * folder above). Every tool then runs offline (promptfoo's echo provider, evalite's and Vitest's
 * runners, autoevals' scorer call, LangSmith's local-only `evaluate`), and the scores they report
 * must equal the metric packages' numbers bit for bit, with thresholds passing and failing as
 * configured. Without the npm registry and without a cached install, the suite is skipped with one line.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../conformance/data.js";
import { publicPackages } from "../../scripts/workspace.mjs";
import { packAll, run } from "../lib.mjs";
import { PINNED, ensureTools, tools, toolsReady } from "../evals-tools.mjs";

function registryReachable(): boolean {
  const r = spawnSync("npm", ["ping", "--fetch-retries=0", "--fetch-timeout=10000"], { encoding: "utf8", timeout: 20_000 });
  return r.status === 0;
}

/** Installed already, or asked for (GRAMSCORE_EVALS=1, as .ci/run sets) with the registry there. */
const asked = process.env.GRAMSCORE_EVALS === "1";
const available = existsSync(toolsReady) || (asked && registryReachable());
if (!available) {
  console.warn(
    asked
      ? `evals: the npm registry cannot be reached and ${tools} holds no installed tools: the promptfoo, evalite, autoevals, LangSmith and Vitest checks are skipped`
      : "evals: the promptfoo, evalite, autoevals, LangSmith and Vitest checks need those tools (1.5 GB from npm): run `node tooling/consumer/evals-tools.mjs` once or set GRAMSCORE_EVALS=1 (CI does); skipped",
  );
}

/** The workspace packages `@gramscore/scorers` depends on, itself included. */
function scorersClosure(): { dir: string; manifest: { name: string; dependencies?: Record<string, string> } }[] {
  const all = publicPackages(repoRoot) as { dir: string; manifest: { name: string; dependencies?: Record<string, string> } }[];
  const byName = new Map(all.map((p) => [p.manifest.name, p]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || !byName.has(name)) return;
    seen.add(name);
    for (const dep of Object.keys(byName.get(name)!.manifest.dependencies ?? {})) visit(dep);
  };
  visit("@gramscore/scorers");
  return all.filter((p) => seen.has(p.manifest.name));
}

// The data: real sentences, one blank reference (promptfoo's BLEU gives 9.99e-8 there) and METEOR
// (promptfoo's own needs a PorterStemmer that plain Node lacks).
const DATA = [
  { hyp: "The cat sat on the mat.", ref: "The cat is sitting on the mat." },
  { hyp: "A quick brown fox leaps over the lazy dog", ref: "The quick brown fox jumps over the lazy dog." },
  { hyp: "Der Vertrag wurde gestern unterzeichnet.", ref: "Der Vertrag ist gestern unterschrieben worden." },
  { hyp: "It is raining heavily in the north tonight.", ref: "Heavy rain is falling in the north tonight." },
];

/** The metric packages' own numbers, computed in the project from the installed tarballs. */
const DIRECT_JS = `
import { sentenceBleu, bleu } from "@gramscore/metric-bleu";
import { sentenceChrf } from "@gramscore/metric-chrf";
import { sentenceMeteor } from "@gramscore/metric-meteor";
import { wordnet } from "@gramscore/wordnet";
const DATA = ${JSON.stringify(DATA)};
const out = {
  chrf: DATA.map((d) => sentenceChrf(d.hyp, [d.ref]).score),
  bleu: DATA.map((d) => sentenceBleu(d.hyp, [d.ref]).score),
  meteor: DATA.map((d) => sentenceMeteor(d.hyp, [d.ref], { synonyms: wordnet }).score),
  blankBleu: sentenceBleu(DATA[0].hyp, [""]).score,
  corpusBleu: bleu(DATA.map((d) => d.hyp), [DATA.map((d) => d.ref)]).score,
};
process.stdout.write(JSON.stringify(out));
`;

type Direct = { chrf: number[]; bleu: number[]; meteor: number[]; blankBleu: number; corpusBleu: number };

const packageData = (path: string) => JSON.parse(gunzipSync(readFileSync(join(repoRoot, "packages", path))).toString("utf8"));
const sariData = packageData("metric-sari/test/data/sari-data.json.gz") as { sources: string[]; references: { turkcorpus: string[][] }; systems: Record<string, string[]> };
const coco = (packageData("metric-cider/test/data/cider-real.json.gz") as { corpora: { coco: { refs: string[][]; systems: Record<string, string[]> } } }).corpora.coco;
// Simplification: 4 TurkCorpus sentences, a published system's outputs (DMASS-DCSS) and their 8
// references; captioning: 12 COCO images, MAGIC's captions and their 5 references.
const TASK = {
  sari: sariData.sources.slice(0, 4).map((src, i) => ({ src, hyp: sariData.systems["DMASS-DCSS"]![i]!, refs: sariData.references.turkcorpus[i]! })),
  caps: coco.systems.magic!.slice(0, 12).map((hyp, i) => ({ hyp, refs: coco.refs[i]! })),
};

/** The task metrics' own numbers, computed in the project from the installed tarballs. */
const TASK_JS = `
import { sari, sentenceSari } from "@gramscore/metric-sari";
import { cider } from "@gramscore/metric-cider";
import { createDistinct } from "@gramscore/metric-diversity";
import { evaluate } from "@gramscore/core";
const TASK = ${JSON.stringify(TASK)};
const streams = (refs) => refs[0].map((_, k) => refs.map((r) => r[k] ?? null));
const S = TASK.sari;
process.stdout.write(JSON.stringify({
  sari: S.map((d) => sentenceSari(d.src, d.hyp, d.refs).score),
  sariOneRef: S.map((d) => sentenceSari(d.src, d.hyp, [d.refs[0]]).score),
  corpusSari: sari(S.map((d) => d.src), S.map((d) => d.hyp), streams(S.map((d) => d.refs))).score,
  cider: cider(TASK.caps.map((d) => d.hyp), streams(TASK.caps.map((d) => d.refs))).score,
  distinct: evaluate(createDistinct(), TASK.caps.map((d) => ({ hyp: d.hyp, refs: [] }))).corpus.score,
}));
`;
type TaskDirect = { sari: number[]; sariOneRef: number[]; corpusSari: number; cider: number; distinct: number };

let project = "";
let direct: Direct;
let task: TaskDirect;
const offline = {
  ...process.env,
  NODE_OPTIONS: "",
  // No telemetry, update checks, sharing or tracing: the tools run offline.
  PROMPTFOO_DISABLE_TELEMETRY: "1",
  PROMPTFOO_DISABLE_UPDATE: "1",
  PROMPTFOO_DISABLE_SHARING: "1",
  PROMPTFOO_DISABLE_REMOTE_GENERATION: "1",
  PROMPTFOO_DISABLE_ERROR_LOG: "1",
  LANGSMITH_TRACING: "false",
  LANGCHAIN_TRACING_V2: "false",
  DO_NOT_TRACK: "1",
  CI: "true",
};
const bin = (name: string) => join(tools, "node_modules", ".bin", name);

function node(file: string): string {
  return run(process.execPath, [file], { cwd: project, env: { ...offline, PROMPTFOO_CONFIG_DIR: join(project, ".promptfoo") } });
}

describe.skipIf(!available).sequential("evals: @gramscore/scorers in promptfoo, evalite, autoevals, LangSmith and Vitest", () => {
  beforeAll(() => {
    const seconds = ensureTools();
    if (seconds > 0) console.log(`evals: installed ${Object.entries(PINNED).map(([n, v]) => `${n}@${v}`).join(", ")} in ${seconds.toFixed(0)} s (cached in ${tools})`);
    mkdirSync(join(tools, "runs"), { recursive: true });
    project = mkdtempSync(join(tools, "runs", "app-"));
    const packed = packAll(scorersClosure(), join(project, ".packs"));
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "evals-app", private: true, type: "module" }, null, 2));
    run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", ...packed.map((p: { tarball: string }) => p.tarball)], { cwd: project });
    writeFileSync(join(project, "direct.mjs"), DIRECT_JS);
    direct = JSON.parse(node("direct.mjs")) as Direct;
    writeFileSync(join(project, "task.mjs"), TASK_JS);
    task = JSON.parse(node("task.mjs")) as TaskDirect;
  }, 1_800_000);

  afterAll(() => {
    if (project !== "") rmSync(project, { recursive: true, force: true });
  });

  it("promptfoo (echo provider, one-line javascript assertion): scores, pass and fail, a blank reference 0, METEOR in plain Node", () => {
    const assertion = (metric: string, threshold: number) =>
      `      - { type: javascript, value: "package:@gramscore/scorers:gramscoreAssertion", config: { metric: ${metric}, threshold: ${threshold} } }`;
    const chrf0 = direct.chrf[0]! / 100;
    const config = [
      "description: gramscore scorers",
      "prompts: ['{{hyp}}']",
      "providers: [echo]",
      "tests:",
      ...DATA.flatMap((d, i) => [
        `  - vars: { hyp: ${JSON.stringify(d.hyp)}, expected: ${JSON.stringify(d.ref)} }`,
        "    assert:",
        assertion("chrf", 0),
        assertion("meteor", 0),
        ...(i === 0 ? [assertion("bleu", 0)] : []),
      ]),
      // A blank reference: BLEU exactly 0 (passes at threshold 0, fails at any positive one).
      `  - vars: { hyp: ${JSON.stringify(DATA[0]!.hyp)}, expected: "" }`,
      "    assert:",
      assertion("bleu", 0),
      // Fails: the threshold is just above the score.
      `  - vars: { hyp: ${JSON.stringify(DATA[0]!.hyp)}, expected: ${JSON.stringify(DATA[0]!.ref)} }`,
      "    assert:",
      assertion("chrf", chrf0 + 1e-9),
    ].join("\n");
    writeFileSync(join(project, "promptfooconfig.yaml"), `${config}\n`);
    const r = spawnSync(bin("promptfoo"), ["eval", "-c", "promptfooconfig.yaml", "-o", "promptfoo.json", "--no-cache", "--no-table", "--no-progress-bar", "--no-share"], {
      cwd: project,
      encoding: "utf8",
      env: { ...offline, PROMPTFOO_CONFIG_DIR: join(project, ".promptfoo") },
    });
    // promptfoo exits 100 when an assertion fails (the last test does).
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(100);
    const rows = JSON.parse(readFileSync(join(project, "promptfoo.json"), "utf8")).results.results as {
      testIdx: number;
      success: boolean;
      gradingResult: { componentResults: { pass: boolean; score: number; reason: string }[] };
    }[];
    expect(rows).toHaveLength(DATA.length + 2);
    const row = (i: number) => rows.find((x) => x.testIdx === i)!;
    DATA.forEach((d, i) => {
      const [chrf, meteor, bleu] = row(i).gradingResult.componentResults;
      expect(Object.is(chrf!.score, direct.chrf[i]! / 100), `chrf ${i}: ${chrf!.score} vs ${direct.chrf[i]}`).toBe(true);
      expect(Object.is(meteor!.score, direct.meteor[i]!), `meteor ${i}`).toBe(true);
      expect(meteor!.reason).toContain("syn:wordnet-3.0");
      expect(chrf!.pass && meteor!.pass).toBe(true);
      if (i === 0) expect(Object.is(bleu!.score, direct.bleu[0]! / 100)).toBe(true);
    });
    const blank = row(DATA.length).gradingResult.componentResults[0]!;
    expect(Object.is(blank.score, 0)).toBe(true);
    expect(direct.blankBleu).toBe(0);
    expect(blank.pass).toBe(true);
    const failing = row(DATA.length + 1);
    expect(failing.success).toBe(false);
    expect(failing.gradingResult.componentResults[0]).toMatchObject({ pass: false, score: chrf0 });
    expect(failing.gradingResult.componentResults[0]!.reason).toContain("nc:6|nw:0");
  });

  it("evalite's runner: the scores it stores are the metric packages' numbers; --threshold passes and fails as configured", () => {
    writeFileSync(
      join(project, "scores.eval.ts"),
      `import { evalite, createScorer } from "evalite";
import { evaliteScorer, gramscoreScorer } from "@gramscore/scorers";
const DATA = ${JSON.stringify(DATA)};
evalite("gramscore", {
  data: () => DATA.map((d) => ({ input: d.hyp, expected: d.ref })),
  task: async (input) => input,
  scorers: [gramscoreScorer("chrf"), createScorer(evaliteScorer("meteor"))],
});
`,
    );
    const evalite = (threshold: number, out: string) =>
      spawnSync(bin("evalite"), ["run", "--threshold", String(threshold), "--outputPath", out], { cwd: project, encoding: "utf8", env: offline });
    const low = evalite(0, "evalite-low.json");
    expect(low.status, `${low.stdout}\n${low.stderr}`).toBe(0);
    const report = JSON.parse(readFileSync(join(project, "evalite-low.json"), "utf8"));
    const results = report.evals[0].results as { input: string; scores: { name: string; score: number }[] }[];
    expect(results).toHaveLength(DATA.length);
    const all: number[] = [];
    for (const r of results) {
      const i = DATA.findIndex((d) => d.hyp === r.input);
      const chrf = r.scores.find((s) => s.name === "chrf")!.score;
      const meteor = r.scores.find((s) => s.name === "meteor")!.score;
      expect(Object.is(chrf, direct.chrf[i]! / 100), `chrf ${i}`).toBe(true);
      expect(Object.is(meteor, direct.meteor[i]!), `meteor ${i}`).toBe(true);
      all.push(chrf, meteor);
    }
    // evalite's threshold is on 0-100 against the mean of every score: just above it fails.
    const mean = (all.reduce((a, b) => a + b, 0) / all.length) * 100;
    const high = evalite(Math.ceil(mean), "evalite-high.json");
    expect(high.status, `${high.stdout}\n${high.stderr}`).toBe(1);
  });

  it("autoevals' scorer call: the gramscore scorer is called as autoevals' own and answers in the same shape", () => {
    writeFileSync(
      join(project, "autoevals.mjs"),
      `import { Levenshtein } from "autoevals";
import { gramscoreScorer } from "@gramscore/scorers";
const DATA = ${JSON.stringify(DATA)};
const out = [];
for (const d of DATA) {
  const theirs = await Levenshtein({ output: d.hyp, expected: d.ref });
  const ours = await gramscoreScorer("chrf")({ output: d.hyp, expected: d.ref });
  out.push({ theirs: Object.keys(theirs).filter((k) => theirs[k] !== undefined).sort(), ours });
}
process.stdout.write(JSON.stringify(out));
`,
    );
    const out = JSON.parse(node("autoevals.mjs")) as { theirs: string[]; ours: { name: string; score: number; metadata: { signature: string; metricScore: number } } }[];
    out.forEach((o, i) => {
      for (const k of o.theirs.filter((k) => k !== "metadata")) expect(o.ours, `autoevals' Score has ${k}`).toHaveProperty(k);
      expect(o.ours.name).toBe("chrf");
      expect(Object.is(o.ours.score, direct.chrf[i]! / 100)).toBe(true);
      expect(Object.is(o.ours.metadata.metricScore, direct.chrf[i]!)).toBe(true);
      expect(o.ours.metadata.signature).toContain("nc:6|nw:0");
    });
  });

  it("LangSmith's evaluate (local only, no client calls): row evaluators and the corpus summary evaluator", () => {
    writeFileSync(
      join(project, "langsmith.mjs"),
      `import { randomUUID } from "node:crypto";
import { evaluate } from "langsmith/evaluation";
import { langsmithEvaluator, langsmithSummaryEvaluator } from "@gramscore/scorers";
const DATA = ${JSON.stringify(DATA)};
const dataset = randomUUID();
const examples = DATA.map((d) => ({ id: randomUUID(), dataset_id: dataset, created_at: new Date().toISOString(), inputs: { hyp: d.hyp }, outputs: { output: d.ref }, runs: [] }));
const results = await evaluate((inputs) => ({ output: inputs.hyp }), {
  data: examples,
  evaluators: [langsmithEvaluator("chrf")],
  summaryEvaluators: [langsmithSummaryEvaluator("bleu")],
  uploadRuns: false,
});
const rows = results.results.map((row) => ({ hyp: row.example.inputs.hyp, results: row.evaluationResults.results.map((r) => ({ key: r.key, score: r.score, comment: r.comment })) }));
process.stdout.write(JSON.stringify({ rows, summary: results.summaryResults.results.map((r) => ({ key: r.key, score: r.score })) }));
`,
    );
    const out = JSON.parse(node("langsmith.mjs")) as { rows: { hyp: string; results: { key: string; score: number; comment: string }[] }[]; summary: { key: string; score: number }[] };
    expect(out.rows).toHaveLength(DATA.length);
    for (const row of out.rows) {
      const i = DATA.findIndex((d) => d.hyp === row.hyp);
      expect(row.results).toHaveLength(1);
      expect(row.results[0]!.key).toBe("chrf");
      expect(Object.is(row.results[0]!.score, direct.chrf[i]!), `chrf ${i}`).toBe(true);
      expect(row.results[0]!.comment).toContain("nc:6|nw:0");
    }
    expect(out.summary).toEqual([{ key: "bleu", score: direct.corpusBleu }]);
  });

  it("SARI takes its source from each tool's input (promptfoo vars.input, evalite's input, autoevals' input, LangSmith's inputs); CIDEr-D and distinct-n in LangSmith's summary evaluators", () => {
    const S = TASK.sari;
    // promptfoo: the source in vars.input, one reference (a list in vars would expand into a test each).
    writeFileSync(
      join(project, "promptfoo-sari.yaml"),
      [
        "description: gramscore SARI",
        "prompts: ['{{hyp}}']",
        "providers: [echo]",
        "tests:",
        ...S.flatMap((d) => [
          `  - vars: { input: ${JSON.stringify(d.src)}, hyp: ${JSON.stringify(d.hyp)}, expected: ${JSON.stringify(d.refs[0])} }`,
          "    assert:",
          '      - { type: javascript, value: "package:@gramscore/scorers:gramscoreAssertion", config: { metric: sari, threshold: 0 } }',
        ]),
      ].join("\n") + "\n",
    );
    const pf = spawnSync(bin("promptfoo"), ["eval", "-c", "promptfoo-sari.yaml", "-o", "promptfoo-sari.json", "--no-cache", "--no-table", "--no-progress-bar", "--no-share"], {
      cwd: project,
      encoding: "utf8",
      env: { ...offline, PROMPTFOO_CONFIG_DIR: join(project, ".promptfoo") },
    });
    expect(pf.status, `${pf.stdout}\n${pf.stderr}`).toBe(0);
    const pfRows = JSON.parse(readFileSync(join(project, "promptfoo-sari.json"), "utf8")).results.results as { testIdx: number; gradingResult: { componentResults: { pass: boolean; score: number; reason: string }[] } }[];
    expect(pfRows).toHaveLength(S.length);
    for (const row of pfRows) {
      const [graded] = row.gradingResult.componentResults;
      expect(Object.is(graded!.score, task.sariOneRef[row.testIdx]! / 100), `promptfoo sari ${row.testIdx}: ${graded!.score}`).toBe(true);
      expect(graded!.reason).toContain("sari:hf|case:lc|tok:13a");
    }

    // evalite: the source is the eval's input; the task returns the system's output for it.
    writeFileSync(
      join(project, "sari.eval.ts"),
      `import { evalite } from "evalite";
import { gramscoreScorer } from "@gramscore/scorers";
const S = ${JSON.stringify(S)};
evalite("gramscore sari", {
  data: () => S.map((d) => ({ input: d.src, expected: d.refs })),
  task: async (input) => S.find((d) => d.src === input)!.hyp,
  scorers: [gramscoreScorer("sari")],
});
`,
    );
    const ev = spawnSync(bin("evalite"), ["run", "sari.eval.ts", "--outputPath", "evalite-sari.json"], { cwd: project, encoding: "utf8", env: offline });
    expect(ev.status, `${ev.stdout}\n${ev.stderr}`).toBe(0);
    const evRows = JSON.parse(readFileSync(join(project, "evalite-sari.json"), "utf8")).evals[0].results as { input: string; scores: { name: string; score: number }[] }[];
    expect(evRows).toHaveLength(S.length);
    for (const r of evRows) {
      const i = S.findIndex((d) => d.src === r.input);
      expect(Object.is(r.scores[0]!.score, task.sari[i]! / 100), `evalite sari ${i}`).toBe(true);
    }

    // autoevals' call shape with the source as input; LangSmith with the source in inputs, per row and as a corpus.
    writeFileSync(
      join(project, "task-tools.mjs"),
      `import { randomUUID } from "node:crypto";
import { evaluate } from "langsmith/evaluation";
import { gramscoreScorer, langsmithEvaluator, langsmithSummaryEvaluator } from "@gramscore/scorers";
const TASK = ${JSON.stringify(TASK)};
const S = TASK.sari;
const autoevals = [];
for (const d of S) autoevals.push((await gramscoreScorer("sari")({ input: d.src, output: d.hyp, expected: d.refs })).score);
const example = (inputs, outputs) => ({ id: randomUUID(), dataset_id: randomUUID(), created_at: new Date().toISOString(), inputs, outputs, runs: [] });
const sariRuns = await evaluate((inputs) => ({ output: S.find((d) => d.src === inputs.input).hyp }), {
  data: S.map((d) => example({ input: d.src }, { output: d.refs })),
  evaluators: [langsmithEvaluator("sari")],
  summaryEvaluators: [langsmithSummaryEvaluator("sari")],
  uploadRuns: false,
});
const capRuns = await evaluate((inputs) => ({ output: inputs.caption }), {
  data: TASK.caps.map((d) => example({ caption: d.hyp }, { output: d.refs })),
  evaluators: [],
  summaryEvaluators: [langsmithSummaryEvaluator("cider"), langsmithSummaryEvaluator("distinct")],
  uploadRuns: false,
});
process.stdout.write(JSON.stringify({
  autoevals,
  rows: sariRuns.results.map((row) => ({ src: row.example.inputs.input, score: row.evaluationResults.results[0].score })),
  summary: [...sariRuns.summaryResults.results, ...capRuns.summaryResults.results].map((r) => ({ key: r.key, score: r.score })),
}));
`,
    );
    const out = JSON.parse(node("task-tools.mjs")) as { autoevals: number[]; rows: { src: string; score: number }[]; summary: { key: string; score: number }[] };
    out.autoevals.forEach((score, i) => expect(Object.is(score, task.sari[i]! / 100), `autoevals sari ${i}`).toBe(true));
    expect(out.rows).toHaveLength(S.length);
    for (const row of out.rows) {
      const i = S.findIndex((d) => d.src === row.src);
      expect(Object.is(row.score, task.sari[i]!), `LangSmith sari ${i}`).toBe(true);
    }
    expect(out.summary).toEqual([
      { key: "sari", score: task.corpusSari },
      { key: "cider", score: task.cider },
      { key: "distinct", score: task.distinct },
    ]);
    // The numbers are the tasks' real ones, not a degenerate 0 or 100.
    expect(task.cider).toBeGreaterThan(0);
    expect(new Set(task.sari).size).toBeGreaterThan(1);
  });

  it("the tools' own types accept the adapters (autoevals Scorer, evalite createScorer and Scorer, LangSmith EvaluatorT and SummaryEvaluatorT, promptfoo AssertionValueFunction, Vitest's Assertion)", () => {
    writeFileSync(
      join(project, "types.ts"),
      `import type { Scorer } from "autoevals";
import type { EvaluatorT, SummaryEvaluatorT } from "langsmith/evaluation";
import { createScorer, type Evalite } from "evalite";
import type { AssertionValueFunction } from "promptfoo";
import { expect } from "vitest";
import { evaliteScorer, gramscoreAssertion, gramscoreMatchers, gramscoreScorer, langsmithEvaluator, langsmithSummaryEvaluator, type GramscoreMatchers } from "@gramscore/scorers";

declare module "vitest" {
  interface Assertion<T = any> extends GramscoreMatchers<T> {}
}

export const autoevals: Scorer<string, {}> = gramscoreScorer("chrf");
export const withInput: Scorer<string, { input: string }> = gramscoreScorer("sari");
export const row: EvaluatorT = langsmithEvaluator("chrf");
export const summary: SummaryEvaluatorT = langsmithSummaryEvaluator("bleu");
export const created = createScorer<string, string, string>(evaliteScorer("chrf"));
export const options: Evalite.ScorerOpts<string, string, string> = evaliteScorer("chrf");
export const scorer: Evalite.Scorer<string, string, string> = gramscoreScorer("chrf");
export const assertion: AssertionValueFunction = gramscoreAssertion;
expect.extend(gramscoreMatchers);
export const check = () => expect("a").toScoreAtLeast("chrf", 1, "a");
`,
    );
    writeFileSync(
      join(project, "tsconfig.types.json"),
      JSON.stringify({ compilerOptions: { target: "es2022", module: "nodenext", moduleResolution: "nodenext", strict: true, noEmit: true, skipLibCheck: true, types: [] }, files: ["types.ts"] }),
    );
    const r = spawnSync(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.types.json"], { cwd: project, encoding: "utf8" });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("Vitest's runner with the matchers: one test passes, one fails with the score, threshold, signature and matches in its message", () => {
    const t = direct.chrf[0]!;
    writeFileSync(
      join(project, "matchers.test.ts"),
      `import { expect, test } from "vitest";
import { gramscoreMatchers } from "@gramscore/scorers";
expect.extend(gramscoreMatchers);
const DATA = ${JSON.stringify(DATA)};
test("passes", () => {
  expect(DATA[0].hyp).toScoreAtLeast("chrf", ${t}, DATA[0].ref);
  expect(DATA.map((d) => d.hyp)).toCorpusScoreAtLeast("bleu", ${direct.corpusBleu}, DATA.map((d) => d.ref));
});
test("fails", () => {
  expect(DATA[0].hyp).toScoreAtLeast("chrf", 90, DATA[0].ref);
});
`,
    );
    const r = spawnSync(bin("vitest"), ["run", "--root", project, "--reporter=json", "--outputFile=vitest.json", "matchers.test.ts"], { cwd: project, encoding: "utf8", env: offline });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(1);
    const report = JSON.parse(readFileSync(join(project, "vitest.json"), "utf8"));
    const tests = report.testResults[0].assertionResults as { title: string; status: string; failureMessages: string[] }[];
    expect(tests.map((x) => [x.title, x.status])).toEqual([
      ["passes", "passed"],
      ["fails", "failed"],
    ]);
    const message = tests[1]!.failureMessages.join("\n");
    expect(message).toContain(`expected the sentence chrf score to be at least 90, but it is ${t}`);
    expect(message).toContain("signature: nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:gramscore-");
    expect(message).toMatch(/matches \(explain\): "Thecat" ×1/);
  });
});
