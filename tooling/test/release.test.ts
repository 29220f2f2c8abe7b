/**
 * The release workflow cannot run here: this lints it (YAML parse, the keys a release with npm
 * provenance needs, the scripts it calls) and checks the release scripts it relies on.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "../conformance/data.js";
import { changelogEntry, manifestProblems, pendingChangesets, releasePlan } from "../scripts/release-plan.mjs";
import { publicPackages } from "../scripts/workspace.mjs";

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
    expect(rootManifest.scripts["release:dry-run"]).toMatch(/node tooling\/scripts\/release-plan\.mjs && pnpm publish -r --dry-run/);
    const doc = readFileSync(join(repoRoot, "docs", "releasing.md"), "utf8");
    for (const step of ["pnpm changeset", "pnpm version-packages", "pnpm release:dry-run", "release.yml", "provenance"]) expect(doc).toContain(step);
    expect(existsSync(join(repoRoot, ".changeset", "config.json"))).toBe(true);
  });
});

describe("release notes and versions (tooling/scripts/release-plan.mjs, what pnpm release:dry-run prints)", () => {
  const pub: { dir: string; manifest: Record<string, any> }[] = publicPackages(repoRoot);
  const plan: { name: string; dir: string; current: string; version: string; notes: string | null; changesets: string[] }[] = releasePlan(repoRoot);
  // Words of how the code was made, not of what it does for a user.
  const internal = /\b(issues?|waves?|refactor(?:ed|ing|s)?|helpers?|sessions?|agents?|worktrees?|TODO|decisions\.md)\b/i;

  it("plans every public package, and every one has release notes for the version it would be published as", () => {
    expect(plan.map((p) => p.name).sort()).toEqual(pub.map((p) => p.manifest.name).sort());
    for (const p of plan) {
      expect(p.notes, `${p.name}@${p.version}: no "## ${p.version}" in ${p.dir}/CHANGELOG.md (add a changeset)`).toBeTruthy();
      expect(p.notes!.length, `${p.name}: notes`).toBeGreaterThan(40);
      const [a, b] = [p.current, p.version].map((v) => v.split(".").map(Number));
      expect(b![0]! * 1e6 + b![1]! * 1e3 + b![2]!, `${p.name}: ${p.version} >= ${p.current}`).toBeGreaterThanOrEqual(a![0]! * 1e6 + a![1]! * 1e3 + a![2]!);
    }
  });

  it("the first version of every public package is 0.1.0, with first-release notes that say what it is", () => {
    for (const { dir, manifest } of pub) {
      const changelog = readFileSync(join(dir, "CHANGELOG.md"), "utf8");
      expect(changelog.startsWith(`# ${manifest.name}\n\n## `), `${manifest.name}: CHANGELOG.md starts with "# name" then a version`).toBe(true);
      const versions = [...changelog.matchAll(/^## (\S+)$/gm)].map((m) => m[1]);
      expect(versions.at(-1), `${manifest.name}: the oldest entry`).toBe("0.1.0");
      const first = changelogEntry(changelog, "0.1.0")!;
      expect(first.startsWith("First public release.\n\n"), manifest.name).toBe(true);
      // It says what the package is: its own description's subject appears in it.
      expect(first.length, manifest.name).toBeGreaterThan(80);
    }
    // Nothing pending: the first release publishes the manifests' versions as they are.
    if (pendingChangesets(repoRoot).length === 0) for (const p of plan) expect(p.version, p.name).toBe(p.current);
  });

  it("pending changesets name only public packages, and no note speaks of the development process", () => {
    const names = new Set(pub.map((p) => p.manifest.name));
    for (const c of pendingChangesets(repoRoot)) {
      for (const name of Object.keys(c.releases)) expect(names.has(name), `.changeset/${c.file} names ${name}`).toBe(true);
      expect(c.summary.length, `.changeset/${c.file}: a note`).toBeGreaterThan(10);
      expect(c.summary, `.changeset/${c.file}`).not.toMatch(internal);
    }
    for (const p of plan) expect(p.notes ?? "", `${p.name}@${p.version}`).not.toMatch(internal);
    expect("Internal refactor of the helper (issue 12)").toMatch(internal);
    expect("Adds the `floor` smoothing; BLEU's numbers are unchanged.").not.toMatch(internal);
  });

  it("every manifest is complete for npm and a provenance publish", () => {
    for (const { dir, manifest } of pub) expect(manifestProblems(manifest, relative(repoRoot, dir).split(sep).join("/"))).toEqual([]);
    const broken = manifestProblems({ name: "@gramscore/x", version: "0.1", repository: { url: "git+https://example.org/x.git" } }, "packages/x");
    expect(broken).toHaveLength(9);
  });

  it("applies a pending changeset as changeset version would: the bumped version and its note", () => {
    const root = mkdtempSync(join(tmpdir(), "gramscore-plan-"));
    try {
      const pkg = (name: string, version: string, changelog?: string) => {
        const dir = join(root, "packages", name);
        mkdirSync(dir, { recursive: true });
        writeFileSync(join(dir, "package.json"), JSON.stringify({ name, version }));
        if (changelog !== undefined) writeFileSync(join(dir, "CHANGELOG.md"), changelog);
      };
      writeFileSync(join(root, "package.json"), JSON.stringify({ name: "root", private: true }));
      writeFileSync(join(root, "pnpm-workspace.yaml"), "packages:\n  - packages/*\n");
      mkdirSync(join(root, ".changeset"));
      const config = JSON.parse(readFileSync(join(repoRoot, ".changeset", "config.json"), "utf8"));
      writeFileSync(join(root, ".changeset", "config.json"), JSON.stringify({ ...config, ignore: [] }));
      writeFileSync(join(root, ".changeset", "floor.md"), '---\n"a": minor\n---\n\nAdds the `floor` smoothing.\n');
      symlinkSync(join(repoRoot, "node_modules"), join(root, "node_modules"), "dir");
      pkg("a", "0.1.0", "# a\n\n## 0.1.0\n\nFirst public release.\n");
      pkg("b", "0.3.1");
      const [a, b] = releasePlan(root);
      expect(a).toMatchObject({ name: "a", current: "0.1.0", version: "0.2.0", changesets: ["floor.md"] });
      expect(a!.notes).toBe("### Minor Changes\n\n- Adds the `floor` smoothing.");
      expect(b).toMatchObject({ name: "b", version: "0.3.1", notes: null, changesets: [] });
      // The copy changed, the files did not.
      expect(readFileSync(join(root, "packages", "a", "package.json"), "utf8")).toContain('"0.1.0"');
      expect(existsSync(join(root, ".changeset", "floor.md"))).toBe(true);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("docs workflow (.github/workflows/docs.yml)", () => {
  const workflow = parse(readFileSync(join(repoRoot, ".github", "workflows", "docs.yml"), "utf8"), { strict: true, uniqueKeys: true });
  const { build, deploy } = workflow.jobs ?? {};
  it("builds the site with pnpm docs (which fails on a broken link) on pull requests and pushes", () => {
    expect(workflow.on).toHaveProperty("pull_request");
    expect(workflow.on?.push?.branches).toContain("main");
    expect(workflow.permissions?.contents).toBe("read");
    for (const job of [build, deploy]) for (const step of job.steps) expect(Boolean(step.uses) !== Boolean(step.run), JSON.stringify(step)).toBe(true);
    const pnpm = build.steps.find((s: any) => String(s.uses).startsWith("pnpm/action-setup@"));
    expect(`pnpm@${pnpm?.with?.version}`).toBe(rootManifest.packageManager);
    const runs: string[] = build.steps.map((s: any) => s.run ?? "");
    const install = runs.findIndex((r) => r.includes("pnpm install --frozen-lockfile"));
    const docs = runs.findIndex((r) => /^pnpm docs$/m.test(r));
    expect(install).toBeGreaterThanOrEqual(0);
    expect(docs).toBeGreaterThan(install);
    expect(rootManifest.scripts.docs).toContain("tooling/scripts/docs.mjs");
    const upload = build.steps.find((s: any) => String(s.uses).startsWith("actions/upload-pages-artifact@"));
    expect(upload?.with?.path).toBe("site");
  });
  it("deploys to GitHub Pages from main only, after the build, with the Pages permissions", () => {
    expect(deploy.needs).toBe("build");
    expect(deploy.if).toContain("github.ref == 'refs/heads/main'");
    expect(deploy.permissions).toEqual({ pages: "write", "id-token": "write" });
    expect(deploy.environment?.name).toBe("github-pages");
    expect(deploy.steps.some((s: any) => String(s.uses).startsWith("actions/deploy-pages@"))).toBe(true);
  });
});
