#!/usr/bin/env node
// What the next release would publish: applies the pending changesets (`changeset version`) to a
// temporary copy of the manifests, changelogs and `.changeset/`, and prints, for every public
// package, the version it would be published as and its release notes (the CHANGELOG.md section of
// that version). Nothing in the repository changes. With no pending changeset, the versions are the
// manifests' own and the notes their CHANGELOG.md entries (the first release: see docs/releasing.md).
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { REPOSITORY, publicPackages, workspacePackages } from "./workspace.mjs";

const here = resolve(fileURLToPath(import.meta.url), "../../..");

/** The pending changesets: [{ file, releases: { name: bump }, summary }]. */
export function pendingChangesets(root) {
  const dir = join(root, ".changeset");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "README.md")
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
      if (!m) throw new Error(`.changeset/${file}: expected a front matter between --- lines`);
      const releases = {};
      for (const line of m[1].split("\n").filter((l) => l.trim() !== "")) {
        const r = /^\s*"?([^":]+)"?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
        if (!r) throw new Error(`.changeset/${file}: cannot read the line ${JSON.stringify(line)}`);
        releases[r[1]] = r[2];
      }
      return { file, releases, summary: m[2].trim() };
    });
}

/**
 * What npm needs and shows that a manifest lacks (a provenance publish is refused without
 * `repository`): a list of problems, empty when the manifest is complete.
 */
export function manifestProblems(manifest, folder) {
  const problems = [];
  const need = (ok, what) => ok || problems.push(`${manifest.name ?? folder}: ${what}`);
  need(typeof manifest.name === "string" && manifest.name !== "", "no name");
  need(/^\d+\.\d+\.\d+$/.test(manifest.version ?? ""), `version ${JSON.stringify(manifest.version)} is not x.y.z`);
  need((manifest.description ?? "").length > 20, "no description");
  need(typeof manifest.license === "string" && manifest.license !== "", "no license");
  need(manifest.repository?.url === `git+${REPOSITORY}.git` && manifest.repository?.directory === folder, `repository is not { url: "git+${REPOSITORY}.git", directory: "${folder}" }`);
  need(typeof manifest.homepage === "string" && manifest.homepage.startsWith(REPOSITORY), "no homepage in the repository");
  need(typeof manifest.bugs?.url === "string", "no bugs url");
  need(Array.isArray(manifest.keywords) && manifest.keywords.length >= 5, "fewer than five keywords");
  need(manifest.publishConfig?.access === "public", "publishConfig.access is not public");
  need(Array.isArray(manifest.files) && manifest.files.includes("dist"), "files does not hold dist");
  return problems;
}

/** The section of a CHANGELOG.md for one version (without its "## version" heading), or null. */
export function changelogEntry(changelog, version) {
  const lines = changelog.split("\n");
  const start = lines.findIndex((l) => l.trim() === `## ${version}`);
  if (start < 0) return null;
  let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  if (end < 0) end = lines.length;
  return lines.slice(start + 1, end).join("\n").trim();
}

/**
 * Applies the pending changesets to a temporary copy and returns, for every public package,
 * { name, dir (relative), current, version, notes, changesets (the pending files naming it) }.
 */
export function releasePlan(root = here) {
  const tmp = mkdtempSync(join(tmpdir(), "gramscore-release-"));
  try {
    for (const f of ["package.json", "pnpm-workspace.yaml"]) copyFileSync(join(root, f), join(tmp, f));
    cpSync(join(root, ".changeset"), join(tmp, ".changeset"), { recursive: true });
    // `changeset version` resolves its changelog generator from the copy.
    symlinkSync(join(root, "node_modules"), join(tmp, "node_modules"), "dir");
    // Every workspace package (the private ones too: the config's `ignore` must find them).
    for (const dir of [...workspacePackages(root).map((p) => p.dir), join(root, "tooling")]) {
      const to = join(tmp, relative(root, dir));
      mkdirSync(to, { recursive: true });
      for (const f of ["package.json", "CHANGELOG.md"]) if (existsSync(join(dir, f))) copyFileSync(join(dir, f), join(to, f));
    }
    const pending = pendingChangesets(root);
    if (pending.length > 0) {
      const bin = join(root, "node_modules", ".bin", "changeset");
      const run = spawnSync(bin, ["version"], { cwd: tmp, encoding: "utf8", env: { ...process.env, CI: "true" } });
      if (run.status !== 0) throw new Error(`changeset version failed (exit ${run.status}):\n${run.stdout}${run.stderr}`);
    }
    return publicPackages(root).map(({ dir, manifest }) => {
      const rel = relative(root, dir);
      const after = JSON.parse(readFileSync(join(tmp, rel, "package.json"), "utf8"));
      const changelogFile = join(tmp, rel, "CHANGELOG.md");
      const changelog = existsSync(changelogFile) ? readFileSync(changelogFile, "utf8") : "";
      return {
        name: manifest.name,
        dir: rel,
        current: manifest.version,
        version: after.version,
        notes: changelogEntry(changelog, after.version),
        changesets: pending.filter((c) => manifest.name in c.releases).map((c) => c.file),
      };
    });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const plan = releasePlan(here);
  const pending = pendingChangesets(here);
  console.log(`Pending changesets: ${pending.length === 0 ? "none" : pending.map((c) => c.file).join(", ")}`);
  console.log(`Versions and release notes after the pending changesets, ${plan.length} public packages`);
  console.log(`(changeset publish publishes each version that is not on npm yet):\n`);
  const incomplete = publicPackages(here).flatMap(({ dir, manifest }) => manifestProblems(manifest, relative(here, dir).split("\\").join("/")));
  console.log(incomplete.length === 0 ? `Every manifest is complete (name, version, description, license, repository, homepage, bugs, keywords, publishConfig, files).\n` : "");
  let missing = 0;
  for (const p of plan) {
    const change = p.version === p.current ? "" : ` (now ${p.current})`;
    console.log(`${p.name}@${p.version}${change}`);
    if (p.notes === null || p.notes === "") {
      missing++;
      console.log(`  NO RELEASE NOTES: ${p.dir}/CHANGELOG.md has no "## ${p.version}" section`);
    } else {
      console.log(p.notes.replace(/^/gm, "  "));
    }
    console.log("");
  }
  for (const p of incomplete) console.error(`INCOMPLETE MANIFEST: ${p}`);
  if (incomplete.length > 0) process.exit(1);
  if (missing > 0) {
    console.error(`${missing} package(s) would be published without release notes: add a changeset (pnpm changeset).`);
    process.exit(1);
  }
}
