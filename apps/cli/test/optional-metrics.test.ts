/**
 * The task metric packages (OPTIONAL_METRIC_PACKAGES) are optional peers of the CLI, as METEOR is:
 * without one (hidden by a resolve hook, as when `npx gramscore` installed the CLI alone) `list`
 * shows its metrics with the package they need and `score -m <name>` fails with
 * MISSING_DEPENDENCY and the install command; with it (the workspace) its plugin registers exactly
 * the names the CLI lists for it.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { createRegistry } from "@gramscore/registry";
import { OPTIONAL_METRIC_PACKAGES, builtinPlugins, optionalMetricBuiltin, standInError } from "../src/run/setup.js";
import { assertBuilt, cli, cliRoot, fixtures, tempDir } from "./helpers.js";

beforeAll(() => {
  assertBuilt();
});

const hook = ["--import", join(fixtures, "reliab", "no-optional-metrics.mjs")];
const hidden = { GRAMSCORE_TEST_HIDDEN: JSON.stringify(OPTIONAL_METRIC_PACKAGES.map((p) => p.package)) };
const notFound = (name: string) =>
  Object.assign(new Error(`Cannot find package '${name}' imported from /somewhere/setup.js`), { code: "ERR_MODULE_NOT_FOUND" });

describe("optional metric packages (in process)", () => {
  it("are optional peers (and dev dependencies) of the CLI, not dependencies", () => {
    const manifest = JSON.parse(readFileSync(join(cliRoot, "package.json"), "utf8")) as Record<string, Record<string, unknown>>;
    for (const { package: pkg } of OPTIONAL_METRIC_PACKAGES) {
      expect(manifest.dependencies?.[pkg], pkg).toBeUndefined();
      expect(manifest.peerDependencies?.[pkg], pkg).toBeDefined();
      expect(manifest.peerDependenciesMeta?.[pkg], pkg).toEqual({ optional: true });
      expect(manifest.devDependencies?.[pkg], pkg).toBeDefined();
    }
  });

  it("installed, each registers exactly the metric names the CLI lists for it, none a stand-in", async () => {
    const registry = createRegistry();
    for (const plugin of builtinPlugins()) registry.useLazy(plugin);
    for (const spec of OPTIONAL_METRIC_PACKAGES) {
      for (const name of spec.metrics) {
        const descriptor = await registry.ensure("metric", name);
        expect(standInError(descriptor), name).toBeUndefined();
      }
      const module = (await import(spec.package)) as { default?: { metrics?: { name: string }[] } };
      expect(module.default?.metrics?.map((m) => m.name).sort(), spec.package).toEqual([...spec.metrics].sort());
    }
  });

  it("missing, each metric is a stand-in that gives MISSING_DEPENDENCY with the install command", async () => {
    for (const spec of OPTIONAL_METRIC_PACKAGES) {
      const registry = createRegistry();
      registry.useLazy(optionalMetricBuiltin(spec, () => Promise.reject(notFound(spec.package))));
      for (const name of spec.metrics) {
        const error = standInError(await registry.ensure("metric", name));
        expect(error?.code).toBe(ErrorCode.MISSING_DEPENDENCY);
        expect(error?.details).toMatchObject({ dependency: spec.package, install: `npm install ${spec.package}` });
        let thrown: unknown;
        try {
          registry.metric(name as never);
        } catch (e) {
          thrown = e;
        }
        expect(isGramscoreError(thrown, ErrorCode.MISSING_DEPENDENCY)).toBe(true);
        expect((thrown as Error).message).toContain(`comes from ${spec.package}, which is not installed`);
      }
    }
  });

  it("a missing dependency of an installed package is its own failure, not a stand-in", async () => {
    const [spec] = OPTIONAL_METRIC_PACKAGES;
    const registry = createRegistry();
    registry.useLazy(optionalMetricBuiltin(spec!, () => Promise.reject(notFound("@gramscore/ngram"))));
    await expect(registry.ensure("metric", spec!.metrics[0]!)).rejects.toMatchObject({ code: ErrorCode.UNKNOWN_METRIC });
  });
});

describe("gramscore without its optional metric packages", () => {
  it("list shows their metrics with the package to install; score -m <name> exits 2 saying what to install", async () => {
    const dir = tempDir("gramscore-no-optional-");
    const input = join(dir, "in.jsonl");
    writeFileSync(input, `${JSON.stringify({ hyp: "the cat sat", refs: ["the cat is sitting"], src: "the cat was sitting" })}\n`);
    const list = await cli(["list", "-f", "json"], { nodeArgs: hook, env: hidden });
    expect(list.code, list.stderr).toBe(0);
    const metrics = (JSON.parse(list.stdout) as { metrics: { name: string; plugin: string; needs?: unknown }[] }).metrics;
    for (const spec of OPTIONAL_METRIC_PACKAGES) {
      for (const name of spec.metrics) {
        expect(metrics.find((m) => m.name === name), name).toMatchObject({
          plugin: spec.package,
          needs: { kind: "data-package", name: spec.package, found: false, source: `npm install ${spec.package}` },
        });
      }
      const r = await cli(["score", "-m", spec.metrics[0]!, "-i", input], { nodeArgs: hook, env: hidden });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain(`comes from ${spec.package}, which is not installed`);
      expect(r.stderr).toContain(`npm install ${spec.package}`);
      expect(r.stdout).toBe("");
    }
    expect(metrics.map((m) => m.name)).toEqual(expect.arrayContaining(["bleu", "chrf", "ter", "rouge"]));
  });
});
