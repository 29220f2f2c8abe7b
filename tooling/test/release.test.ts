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
    expect(called).toContain("test");
    for (const script of called) expect(rootManifest.scripts, `pnpm ${script}`).toHaveProperty([script!]);
  });

  it("installs from the lockfile and tests before it publishes", () => {
    const index = (pred: (s: any) => boolean) => steps.findIndex(pred);
    const install = index((s) => /pnpm install --frozen-lockfile/.test(s.run ?? ""));
    const test = index((s) => /pnpm test\b/.test(s.run ?? ""));
    const publish = index((s) => String(s.uses).startsWith("changesets/action@"));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(test).toBeGreaterThan(install);
    expect(publish).toBeGreaterThan(test);
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
