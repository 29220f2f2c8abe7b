#!/usr/bin/env node
// Fails when a package depends on (or imports) a package of its own tier or above, declares an internal
// package as a peer, or uses something other than "workspace:^" for an internal runtime dependency.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { TIERS, workspacePackages } from "./workspace.mjs";

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](@gramscore\/[a-z0-9-]+|gramscore)(?:\/[^"']*)?["']/g;

function sourceFiles(dir) {
  const out = [];
  let entries;
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) out.push(...sourceFiles(p));
    else if (/\.(ts|mts|js|mjs)$/.test(e)) out.push(p);
  }
  return out;
}

/**
 * Checks `packages` ([{ dir, manifest }]) against the tier table. Returns a list of problems (empty
 * when all is well). `tiers` maps package names to tiers; unlisted private packages (examples) may
 * depend on anything but must not be depended on.
 */
export function checkDependencies(packages, tiers = TIERS, root = process.cwd()) {
  const problems = [];
  const names = new Set(packages.map((p) => p.manifest.name));
  for (const { dir, manifest } of packages) {
    const name = manifest.name;
    const tier = tiers[name];
    const where = relative(root, join(dir, "package.json"));
    if (tier === undefined && !manifest.private) {
      problems.push(`${where}: ${name} is public but has no tier; add it to TIERS in tooling/scripts/workspace.mjs`);
      continue;
    }
    const check = (field, deps) => {
      for (const [dep, range] of Object.entries(deps ?? {})) {
        if (!names.has(dep)) continue;
        const depTier = tiers[dep];
        if (depTier === undefined) {
          problems.push(`${where}: ${field} lists ${dep}, which is a private workspace package`);
          continue;
        }
        if (tier !== undefined && depTier >= tier) {
          problems.push(`${where}: ${name} (tier ${tier}) ${field} lists ${dep} (tier ${depTier}); a package may only depend on lower tiers`);
        }
        if (field === "dependencies" && range !== "workspace:^") {
          problems.push(`${where}: ${dep} must be "workspace:^" in dependencies, found "${range}"`);
        }
      }
    };
    check("dependencies", manifest.dependencies);
    check("devDependencies", manifest.devDependencies);
    check("optionalDependencies", manifest.optionalDependencies);
    for (const dep of Object.keys(manifest.peerDependencies ?? {})) {
      if (names.has(dep)) problems.push(`${where}: ${dep} is an internal package declared as a peer; use "dependencies": { "${dep}": "workspace:^" }`);
    }
    const declared = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.peerDependencies ?? {})]);
    for (const file of sourceFiles(join(dir, "src"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(IMPORT_RE)) {
        const dep = m[1];
        if (dep === name) continue;
        if (!declared.has(dep)) {
          problems.push(`${relative(root, file)}: imports ${dep}, which ${name} does not list in dependencies`);
        }
        const depTier = tiers[dep];
        if (tier !== undefined && depTier !== undefined && depTier >= tier) {
          problems.push(`${relative(root, file)}: ${name} (tier ${tier}) imports ${dep} (tier ${depTier})`);
        }
      }
    }
  }
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), "../../..");
  const problems = checkDependencies(workspacePackages(root), TIERS, root);
  if (problems.length > 0) {
    console.error(`Dependency check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Dependency check: every package depends only on lower tiers.");
}
