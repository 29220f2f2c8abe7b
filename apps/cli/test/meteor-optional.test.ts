/**
 * METEOR is an optional peer of the CLI (with WordNet): without @gramscore/metric-meteor (hidden by a
 * resolve hook, as when `npx gramscore` installed the CLI alone) `list` shows `meteor` and
 * `meteor-hf` with the package they need, every command that creates them fails with
 * MISSING_DEPENDENCY and the install command, and `demo` scores the other metrics. With the package
 * (the workspace), meteor.test.ts checks that METEOR works as before.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { createRegistry } from "@gramscore/registry";
import { meteorBuiltin, standInError } from "../src/run/setup.js";
import { assertBuilt, cli, data, fixtures, tempDir } from "./helpers.js";

beforeAll(() => {
  assertBuilt();
});

const noMeteor = ["--import", join(fixtures, "reliab", "no-meteor.mjs")];
const install = "npm install @gramscore/metric-meteor @gramscore/wordnet";

/** What every refused METEOR command prints: the code's exit status, the package and the install command. */
function expectMissing(r: { code: number; stderr: string; stdout: string }, name = "meteor"): void {
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr).toContain(`The metric "${name}" (NLTK's METEOR with WordNet synonyms) comes from @gramscore/metric-meteor, which is not installed`);
  expect(r.stderr).toContain(install);
  expect(r.stderr).toContain("pnpm add @gramscore/metric-meteor @gramscore/wordnet");
  expect(r.stderr).not.toMatch(/Unknown metric|unknown option/);
}

const notFound = (name: string) =>
  Object.assign(new Error(`Cannot find package '${name}' imported from /somewhere/setup.js`), { code: "ERR_MODULE_NOT_FOUND" });

describe("meteorBuiltin (in process)", () => {
  it("without the metric package: stand-ins for meteor and meteor-hf that give MISSING_DEPENDENCY when created", async () => {
    const registry = createRegistry();
    registry.useLazy(meteorBuiltin({ meteor: () => Promise.reject(notFound("@gramscore/metric-meteor")), wordnet: () => Promise.reject(notFound("@gramscore/wordnet")) }));
    for (const name of ["meteor", "meteor-hf"] as const) {
      const descriptor = await registry.ensure("metric", name);
      const error = standInError(descriptor);
      expect(error?.code).toBe(ErrorCode.MISSING_DEPENDENCY);
      expect(error?.details).toMatchObject({ dependency: "@gramscore/metric-meteor", install });
      let thrown: unknown;
      try {
        registry.metric(name);
      } catch (e) {
        thrown = e;
      }
      expect(isGramscoreError(thrown, ErrorCode.MISSING_DEPENDENCY)).toBe(true);
      expect((thrown as Error).message).toContain(install);
    }
  });

  it("a real metric is no stand-in; a missing dependency of the metric package is not taken for the package", async () => {
    const registry = createRegistry();
    registry.useLazy(meteorBuiltin());
    expect(standInError(await registry.ensure("metric", "meteor"))).toBeUndefined();
    const broken = createRegistry();
    broken.useLazy(meteorBuiltin({ meteor: () => Promise.reject(notFound("@gramscore/stemmer-porter")) }));
    // The package's own failure is kept (listed as unavailable with its cause), not replaced by a stand-in.
    await expect(broken.ensure("metric", "meteor")).rejects.toMatchObject({ code: ErrorCode.UNKNOWN_METRIC });
    const [skipped] = broken.unavailable();
    expect(skipped?.name).toBe("@gramscore/metric-meteor");
    expect(String((skipped?.error as Error).message)).toContain("'@gramscore/stemmer-porter'");
  });
});

describe.concurrent("gramscore without @gramscore/metric-meteor", () => {
  it("list shows meteor and meteor-hf as needing @gramscore/metric-meteor, in text and JSON", async () => {
    const [text, json] = await Promise.all([cli(["list", "--no-color"], { nodeArgs: noMeteor }), cli(["list", "-f", "json"], { nodeArgs: noMeteor })]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^ {2}meteor {2}METEOR \(not installed: npm install @gramscore\/metric-meteor @gramscore\/wordnet\) {2}\[@gramscore\/metric-meteor\]$/m);
    expect(text.stdout).toContain(`needs data package @gramscore/metric-meteor: not found; get it from ${install}`);
    const metrics = (JSON.parse(json.stdout) as { metrics: { name: string; plugin: string; needs?: unknown }[] }).metrics;
    for (const name of ["meteor", "meteor-hf"]) {
      expect(metrics.find((m) => m.name === name), name).toMatchObject({
        plugin: "@gramscore/metric-meteor",
        needs: { kind: "data-package", name: "@gramscore/metric-meteor", found: false, source: install },
      });
    }
    // The other metrics are there as always.
    expect(metrics.map((m) => m.name)).toEqual(expect.arrayContaining(["bleu", "chrf", "ter", "rouge"]));
  });

  it("score -m meteor (also with its flags, with --jobs, and meteor-hf) fails with MISSING_DEPENDENCY and the install command", async () => {
    const runs = await Promise.all([
      cli(["score", "-m", "meteor", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { nodeArgs: noMeteor }),
      cli(["score", "-m", "bleu,meteor", "--meteor-alpha", "0.8", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { nodeArgs: noMeteor }),
      cli(["score", "--jobs", "2", "-m", "meteor", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { nodeArgs: noMeteor }),
      cli(["stats", "-m", "meteor", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { nodeArgs: noMeteor }),
      cli(["explain", "-m", "meteor", "--hyp", "the cat sat", "--ref", "the cat is sitting"], { nodeArgs: noMeteor }),
    ]);
    for (const r of runs) expectMissing(r);
    for (const r of runs) expect(r.stdout).toBe("");
    expectMissing(await cli(["score", "-m", "meteor-hf", join(data, "refA.txt"), "-i", join(data, "sysA.txt")], { nodeArgs: noMeteor }), "meteor-hf");
  });

  it("report, pairwise and mbr with -m meteor fail the same way", async () => {
    const dir = tempDir("gramscore-no-meteor-");
    writeFileSync(join(dir, "hyp.txt"), "the cat sat on the mat\n");
    writeFileSync(join(dir, "ref.txt"), "the cat is on the mat\n");
    const runs = await Promise.all([
      cli(["report", "-m", "meteor", join(data, "refA.txt"), "-i", join(data, "sysA.txt"), join(data, "sysB.txt"), "-o", join(dir, "r.html")], { nodeArgs: noMeteor }),
      cli(["pairwise", "-m", "meteor", "--hyps", join(dir, "hyp.txt"), "--refs", join(dir, "ref.txt")], { nodeArgs: noMeteor }),
      cli(["mbr", "-m", "meteor"], { nodeArgs: noMeteor, stdin: `${JSON.stringify({ id: 1, candidates: ["a b", "a c"] })}\n` }),
    ]);
    for (const r of runs) expectMissing(r);
  });

  it("demo scores every other metric and says in one line that METEOR is not installed", async () => {
    const r = await cli(["demo", "-f", "json"], { nodeArgs: noMeteor });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe(`gramscore: note: meteor, meteor-hf not installed (${install}), so not scored.\n`);
    const sets = JSON.parse(r.stdout) as { metrics: { metric: string }[] }[];
    for (const set of sets) {
      const names = set.metrics.map((m) => m.metric);
      expect(names).toEqual(expect.arrayContaining(["bleu", "chrf"]));
      expect(names).not.toContain("meteor");
    }
  });
});
