#!/usr/bin/env node
// Fails when a package depends on (or imports) a package of its own tier or above, declares an internal
// package as a peer (unless optional), uses something other than "workspace:^" for an internal runtime dependency, imports
// a package it does not declare, lists a runtime dependency it never imports, or lists one that the
// build bundles into dist/ (then it belongs in devDependencies: installing it again is dead weight),
// or has a cycle of imports between its own source files.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { TIERS, workspacePackages } from "./workspace.mjs";

const IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](@gramscore\/[a-z0-9-]+|gramscore)(?:\/[^"']*)?["']/g;
/** Every static or dynamic import / require / re-export of a string specifier. */
const ANY_IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)["']((?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(?:\/[\w.~/-]*)?)["']/g;

/** The package name of a bare specifier (`@scope/name/sub` → `@scope/name`), or null for built-ins. */
export function packageName(specifier) {
  if (specifier.startsWith("node:") || builtinModules.includes(specifier.split("/")[0])) return null;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Package names imported by the files. */
function importedPackages(files) {
  const found = new Set();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const m of text.matchAll(ANY_IMPORT_RE)) {
      const name = packageName(m[1]);
      if (name) found.add(name);
    }
  }
  return found;
}

/**
 * Unused and undeclared dependencies of one package: every package its sources import must be
 * declared (dependencies, peer, optional or dev); every runtime dependency must be imported by the
 * sources; and when the package is built, every package dist/ imports must be a runtime dependency
 * and every runtime dependency must still be imported by dist/ (one bundled in belongs in
 * devDependencies). `distFiles` null skips the dist checks.
 */
export function checkUsage(where, manifest, srcFiles, distFiles) {
  const problems = [];
  const runtime = new Set([...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.optionalDependencies ?? {})]);
  const peers = new Set(Object.keys(manifest.peerDependencies ?? {}));
  const dev = new Set(Object.keys(manifest.devDependencies ?? {}));
  const fromSrc = importedPackages(srcFiles);
  for (const dep of [...fromSrc].sort()) {
    if (dep === manifest.name) continue;
    if (!runtime.has(dep) && !peers.has(dep) && !dev.has(dep)) {
      problems.push(`${where}: the sources import ${dep}, which ${manifest.name} does not declare; add it to dependencies`);
    }
  }
  for (const dep of Object.keys(manifest.dependencies ?? {}).sort()) {
    if (dep.startsWith("@types/")) continue;
    if (!fromSrc.has(dep)) problems.push(`${where}: ${dep} is in dependencies but nothing in src/ imports it; remove it`);
  }
  if (distFiles) {
    const fromDist = importedPackages(distFiles);
    for (const dep of [...fromDist].sort()) {
      if (dep !== manifest.name && !runtime.has(dep) && !peers.has(dep)) {
        problems.push(`${where}: dist/ imports ${dep} at run time, but it is not in dependencies (nor peerDependencies)`);
      }
    }
    for (const dep of Object.keys(manifest.dependencies ?? {}).sort()) {
      // A private app (the playground) is never installed from the registry: bundling is its build.
      if (!manifest.private && !dep.startsWith("@types/") && fromSrc.has(dep) && !fromDist.has(dep)) {
        problems.push(`${where}: ${dep} is bundled into dist/, so installing it is dead weight; move it to devDependencies`);
      }
    }
  }
  return problems;
}

/** Relative imports (static, dynamic, type-only, re-exports) of a source file: `./x.js` and `../y.js`. */
const RELATIVE_IMPORT_RE = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g;

/**
 * Cycles of imports between the source files of one package (type-only imports count: a cycle of them
 * still ties the files into one unit). Returns each cycle once, as the files relative to `root`
 * joined by " → ", starting and ending with the same file; empty when the imports form no cycle.
 * `./x.js` resolves to `x.ts` (or `x.js`, `x/index.ts`) as TypeScript's NodeNext resolution does.
 */
export function findImportCycles(files, root = process.cwd()) {
  const known = new Set(files);
  const resolveImport = (from, spec) => {
    const base = resolve(from, "..", spec);
    const stem = base.replace(/\.(m?js)$/, "");
    for (const candidate of [`${stem}.ts`, `${stem}.mts`, base, join(base, "index.ts")]) if (known.has(candidate)) return candidate;
    return undefined;
  };
  const edges = new Map();
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = [];
    for (const m of text.matchAll(RELATIVE_IMPORT_RE)) {
      const target = resolveImport(file, m[1]);
      if (target !== undefined && !targets.includes(target)) targets.push(target);
    }
    edges.set(file, targets);
  }
  const cycles = [];
  const seen = new Set();
  const state = new Map(); // 1: on the current path, 2: done
  const path = [];
  const visit = (file) => {
    state.set(file, 1);
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 1) {
        const cycle = [...path.slice(path.indexOf(next)), next].map((f) => relative(root, f));
        const key = [...cycle.slice(0, -1)].sort().join("|");
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle.join(" → "));
        }
      } else if (state.get(next) === undefined) visit(next);
    }
    path.pop();
    state.set(file, 2);
  };
  for (const file of [...files].sort()) if (state.get(file) === undefined) visit(file);
  return cycles;
}

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

/** Packages whose source files must not import each other in a cycle (checked by {@link findImportCycles}). */
export const ACYCLIC = new Set(["@gramscore/metric-rouge"]);

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
    for (const [dep, range] of Object.entries(manifest.peerDependencies ?? {})) {
      if (!names.has(dep)) continue;
      // An optional peer is how an app offers a large internal package without installing it for
      // everyone (the CLI's ja-mecab and its dictionary); it is also a devDependency, for the tests.
      if (manifest.peerDependenciesMeta?.[dep]?.optional === true) {
        if (range !== "workspace:^") problems.push(`${where}: the optional peer ${dep} must be "workspace:^", found "${range}"`);
        if (manifest.devDependencies?.[dep] !== "workspace:^") problems.push(`${where}: the optional peer ${dep} must also be a devDependency ("workspace:^") for the workspace's tests`);
        const peerTier = tiers[dep];
        if (tier !== undefined && peerTier !== undefined && peerTier >= tier) problems.push(`${where}: ${name} (tier ${tier}) lists the optional peer ${dep} (tier ${peerTier}); a package may only depend on lower tiers`);
        continue;
      }
      problems.push(`${where}: ${dep} is an internal package declared as a peer; use "dependencies": { "${dep}": "workspace:^" } (or mark it optional in peerDependenciesMeta)`);
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
    const dist = join(dir, "dist");
    const distFiles = existsSync(dist) ? sourceFiles(dist).filter((f) => !f.endsWith(".d.ts")) : null;
    if (existsSync(join(dir, "src"))) {
      const src = sourceFiles(join(dir, "src"));
      problems.push(...checkUsage(where, manifest, src, distFiles));
      if (ACYCLIC.has(name)) {
        for (const cycle of findImportCycles(src, root)) problems.push(`${name}: its source files import each other in a cycle: ${cycle}`);
      }
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------
// The floors of the CLI (apps/cli/src)

/** The CLI's sources, relative to the repository. */
export const CLI_SRC = "apps/cli/src";

/**
 * The floors of the CLI, top to bottom: each folder under apps/cli/src is a floor, and the files at
 * the top of src/ (cli.ts, index.ts, program.ts) are the entry points. A floor may import its own
 * files and those of the floors it lists (any floor below it); never a floor above it, and input and
 * output never each other.
 */
export const CLI_FLOORS = {
  entry: { says: "entry points: the bin's cli.ts, the package's index.ts, program.ts (run())", may: ["commands", "run", "input", "output", "shared"] },
  commands: { says: "one file per command: arguments and calls into the floors below", may: ["run", "input", "output", "shared"] },
  run: { says: "what runs metrics: registry set-up, engine, workers, significance, shards", may: ["input", "output", "shared"] },
  input: { says: "reading files, stdin, JSONL and text: lines, units, records, sizes", may: ["shared"] },
  output: { says: "formats, tables, atomic output files, stdout, progress", may: ["shared"] },
  shared: { says: "errors, constants, config, process I/O, the report's types", may: [] },
};

/** The floor of a file, by its path relative to src/: its first folder, or `entry` at the top. */
export function floorOf(path) {
  const parts = path.split(/[\\/]/);
  return parts.length === 1 ? "entry" : parts[0];
}

/** The imports between the CLI's source files: [{ file, target, from, to }] (paths relative to `srcDir`). */
export function floorImports(srcDir) {
  const out = [];
  for (const file of sourceFiles(srcDir)) {
    const rel = relative(srcDir, file).split(sep).join("/");
    for (const m of readFileSync(file, "utf8").matchAll(RELATIVE_IMPORT_RE)) {
      const target = relative(srcDir, resolve(dirname(file), m[1])).split(sep).join("/").replace(/\.js$/, ".ts");
      out.push({ file: rel, target, from: floorOf(rel), to: floorOf(target) });
    }
  }
  return out;
}

/** Wrong-way imports between the CLI's floors (empty when every import goes down). */
export function checkFloors(srcDir, floors = CLI_FLOORS, root = process.cwd()) {
  const problems = [];
  const where = (f) => relative(root, join(srcDir, f)).split(sep).join("/");
  for (const file of sourceFiles(srcDir)) {
    const floor = floorOf(relative(srcDir, file));
    if (!(floor in floors)) problems.push(`${where(relative(srcDir, file))}: ${floor}/ is not a floor of the CLI; put the file in one of ${Object.keys(floors).join(", ")} (or add the floor to CLI_FLOORS)`);
  }
  for (const { file, target, from, to } of floorImports(srcDir)) {
    if (from === to || !(from in floors) || !(to in floors)) continue;
    if (!floors[from].may.includes(to)) {
      const allowed = floors[from].may.length === 0 ? "nothing outside its own floor" : floors[from].may.join(", ");
      problems.push(`${where(file)}: imports ${where(target)}, but ${from} may import only ${allowed} (imports go commands → run → input/output → shared)`);
    }
  }
  return problems;
}

/** The floor diagram of the CLI, from its imports: mermaid (default) or text. */
export function floorGraph(srcDir, format = "mermaid", floors = CLI_FLOORS) {
  const counts = new Map();
  for (const { from, to } of floorImports(srcDir)) {
    if (from === to) continue;
    counts.set(`${from} ${to}`, (counts.get(`${from} ${to}`) ?? 0) + 1);
  }
  const files = new Map();
  for (const file of sourceFiles(srcDir)) {
    const floor = floorOf(relative(srcDir, file));
    files.set(floor, (files.get(floor) ?? 0) + 1);
  }
  const names = Object.keys(floors);
  const edges = [...counts].map(([k, n]) => [...k.split(" "), n]).sort((a, b) => names.indexOf(a[0]) - names.indexOf(b[0]) || names.indexOf(a[1]) - names.indexOf(b[1]));
  const label = (f) => (f === "entry" ? "entry (src/*.ts)" : `${f}/`);
  if (format === "text") {
    const lines = names.map((f) => `${label(f).padEnd(17)} ${String(files.get(f) ?? 0).padStart(2)} files  ${floors[f].says}`);
    lines.push("", ...edges.map(([a, b, n]) => `${a.padEnd(8)} ─► ${b.padEnd(8)} ${n} import${n === 1 ? "" : "s"}`));
    return `${lines.join("\n")}\n`;
  }
  const lines = ["flowchart TD"];
  for (const f of names) lines.push(`  ${f}["${label(f)}<br/>${floors[f].says}"]`);
  for (const [a, b, n] of edges) lines.push(`  ${a} -->|${n}| ${b}`);
  return `${lines.join("\n")}\n`;
}

/**
 * The packages by tier with their runtime dependencies on other workspace packages, as a mermaid
 * flowchart (one subgraph per tier, highest first), from the manifests: what docs/architecture.md
 * embeds (`node tooling/scripts/check-deps.mjs --graph=packages`).
 */
export function packageGraph(packages, tiers = TIERS) {
  const id = (name) => name.replace(/^@gramscore\//, "").replace(/[^a-z0-9]/gi, "_");
  const short = (name) => name.replace(/^@gramscore\//, "");
  const byTier = new Map();
  for (const p of packages) {
    const tier = tiers[p.manifest.name];
    if (tier === undefined) continue;
    if (!byTier.has(tier)) byTier.set(tier, []);
    byTier.get(tier).push(p.manifest.name);
  }
  const lines = ["flowchart TD"];
  for (const tier of [...byTier.keys()].sort((a, b) => b - a)) {
    lines.push(`  subgraph tier${tier}["tier ${tier}"]`);
    for (const name of byTier.get(tier).sort()) lines.push(`    ${id(name)}["${short(name)}"]`);
    lines.push("  end");
  }
  const edges = [];
  for (const p of packages) {
    if (tiers[p.manifest.name] === undefined) continue;
    for (const dep of Object.keys({ ...p.manifest.dependencies, ...p.manifest.peerDependencies }).sort()) {
      if (tiers[dep] !== undefined) edges.push(`  ${id(p.manifest.name)} --> ${id(dep)}`);
    }
  }
  lines.push(...edges.sort());
  return `${lines.join("\n")}\n`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = resolve(fileURLToPath(import.meta.url), "../../..");
  const srcDir = join(root, CLI_SRC);
  const graph = process.argv.find((a) => a === "--graph" || a.startsWith("--graph="));
  if (graph !== undefined) {
    if (graph === "--graph=packages") process.stdout.write(packageGraph(workspacePackages(root)));
    else process.stdout.write(floorGraph(srcDir, graph === "--graph=text" ? "text" : "mermaid"));
    process.exit(0);
  }
  const problems = [...checkDependencies(workspacePackages(root), TIERS, root), ...checkFloors(srcDir, CLI_FLOORS, root)];
  if (problems.length > 0) {
    console.error(`Dependency check failed (${problems.length}):\n  ${problems.join("\n  ")}`);
    process.exit(1);
  }
  console.log("Dependency check: every package depends only on lower tiers, declares exactly what it uses, (where checked) has no import cycle; the CLI imports only down its floors.");
}
