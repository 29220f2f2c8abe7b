/**
 * The release workflow cannot run here: this lints it (YAML parse, the keys a release with npm
 * provenance needs, the scripts it calls) and checks the release scripts it relies on.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../conformance/data.js";

const workflowFile = join(repoRoot, ".github", "workflows", "release.yml");
const rootManifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));

describe("release workflow (.github/workflows/release.yml)", () => {
  const workflow = parse(readFileSync(workflowFile, "utf8"), { strict: true, uniqueKeys: true });
  const jobs = Object.values<any>(workflow.jobs ?? {});
  const steps: any[] = jobs.flatMap((j) => j.steps ?? []);
  const runs = steps.map((s) => (typeof s.run === "string" ? s.run : "")).join("\n");

  it("is a workflow that runs on pushes to main", () => {
    expect(workflow.name).toBeTypeOf("string");
    expect(workflow.on?.push?.branches).toContain("main");
    expect(jobs.length).toBeGreaterThan(0);
    for (const job of jobs) {
      expect(job["runs-on"]).toBeTypeOf("string");
      expect(Array.isArray(job.steps)).toBe(true);
      for (const step of job.steps) expect(Boolean(step.uses) !== Boolean(step.run), `a step has exactly one of uses/run: ${JSON.stringify(step)}`).toBe(true);
    }
  });

  it("publishes with npm provenance: id-token write, NPM_CONFIG_PROVENANCE, an npm token, the npm registry", () => {
    expect(workflow.permissions?.["id-token"]).toBe("write");
    expect(workflow.permissions?.contents).toBe("write");
    const changesets = steps.find((s) => String(s.uses).startsWith("changesets/action@"));
    expect(changesets, "a changesets/action step").toBeDefined();
    expect(changesets.env?.NPM_CONFIG_PROVENANCE).toBe("true");
    expect(changesets.env?.NODE_AUTH_TOKEN ?? changesets.env?.NPM_TOKEN).toMatch(/secrets\.NPM_TOKEN/);
    const node = steps.find((s) => String(s.uses).startsWith("actions/setup-node@"));
    expect(node?.with?.["registry-url"]).toBe("https://registry.npmjs.org");
    expect(String(node?.with?.["node-version"])).toMatch(/^20(\.\d+)?/);
  });

  it("uses the repository's pnpm, and every pnpm script it calls exists", () => {
    const pnpm = steps.find((s) => String(s.uses).startsWith("pnpm/action-setup@"));
    expect(`pnpm@${pnpm?.with?.version}`).toBe(rootManifest.packageManager);
    const changesets = steps.find((s) => String(s.uses).startsWith("changesets/action@"));
    const commands = [runs, changesets.with.version, changesets.with.publish].join("\n");
    const called = [...commands.matchAll(/\bpnpm (?!install\b|exec\b|-)([a-z][\w:-]*)/g)].map((m) => m[1]);
    // `pnpm test` runs inside .ci/run (checked below).
    for (const script of called) expect(rootManifest.scripts, `pnpm ${script}`).toHaveProperty([script!]);
  });

  it("installs from the lockfile and tests (through .ci/run) before it publishes", () => {
    const index = (pred: (s: any) => boolean) => steps.findIndex(pred);
    const test = index((s) => /(^|\s)bash \.ci\/run\b/.test(s.run ?? ""));
    const publish = index((s) => String(s.uses).startsWith("changesets/action@"));
    expect(test).toBeGreaterThanOrEqual(0);
    expect(publish).toBeGreaterThan(test);
    // No apt-get chromium on the runner: Ubuntu 24.04's package is a snap shim.
    expect(runs).not.toMatch(/apt-get install[^\n]*chromium/);
  });
});

describe(".ci/run, the one script every CI runs", () => {
  const script = readFileSync(join(repoRoot, ".ci", "run"), "utf8");
  it("installs from the lockfile, then runs the README's test command under CI=true", () => {
    expect(script).toMatch(/export [^\n]*CI=true/);
    const install = script.indexOf("pnpm install --frozen-lockfile");
    const test = script.search(/^pnpm test$/m);
    expect(install).toBeGreaterThan(0);
    expect(test).toBeGreaterThan(install);
    expect(readFileSync(join(repoRoot, "README.md"), "utf8")).toMatch(/^pnpm test\b/m);
  });
});

describe("pull-request workflow (.github/workflows/ci.yml)", () => {
  const workflow = parse(readFileSync(join(repoRoot, ".github", "workflows", "ci.yml"), "utf8"), { strict: true, uniqueKeys: true });
  const jobs = Object.values<any>(workflow.jobs ?? {});
  it("runs on pull requests and pushes to main, on every supported Node, through .ci/run", () => {
    expect(workflow.on).toHaveProperty("pull_request");
    expect(workflow.on?.push?.branches).toContain("main");
    expect(workflow.permissions?.contents).toBe("read");
    expect(jobs).toHaveLength(1);
    const [job] = jobs;
    expect(job.strategy.matrix.node.map(String)).toEqual(["20.19", "22", "24", "26"]);
    const setup = job.steps.find((s: any) => String(s.uses).startsWith("actions/setup-node@"));
    expect(setup.with["node-version"]).toBe("${{ matrix.node }}");
    expect(job.steps.some((s: any) => /(^|\s)bash \.ci\/run\b/.test(s.run ?? ""))).toBe(true);
    expect(job.env.GRAMSCORE_CHROMIUM, "the runner's own Chrome").toMatch(/^\/usr\/bin\//);
    for (const step of job.steps) expect(Boolean(step.uses) !== Boolean(step.run)).toBe(true);
  });
});

describe("release scripts", () => {
  it("changeset, version-packages, release and release:dry-run exist and do what docs/releasing.md says", () => {
    expect(rootManifest.scripts.changeset).toBe("changeset");
    expect(rootManifest.scripts["version-packages"]).toMatch(/changeset version && node tooling\/scripts\/sync-versions\.mjs/);
    expect(rootManifest.scripts.release).toMatch(/changeset publish/);
    expect(rootManifest.scripts["release:dry-run"]).toMatch(/pnpm publish -r --dry-run/);
    const doc = readFileSync(join(repoRoot, "docs", "releasing.md"), "utf8");
    for (const step of ["pnpm changeset", "pnpm version-packages", "pnpm release:dry-run", "release.yml", "provenance"]) expect(doc).toContain(step);
    expect(existsSync(join(repoRoot, ".changeset", "config.json"))).toBe(true);
  });
});
