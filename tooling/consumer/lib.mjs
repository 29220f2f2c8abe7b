// The consumer suite's steps: pack every public package once, install the tarballs into fresh
// projects with npm (no workspace links), measure, bundle for the browser, drive Chromium.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { packTarball } from "../scripts/pack-cache.mjs";

/** Runs a command; throws with its output when it fails. Returns stdout. */
export function run(cmd, args, options = {}) {
  const r = spawnSync(cmd, args, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024, ...options });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(" ")} (in ${options.cwd ?? process.cwd()}) exited ${r.status ?? r.signal}:\n${r.stdout ?? ""}\n${r.stderr ?? ""}`);
  }
  return r.stdout;
}

/**
 * Packs each package (`pnpm pack`, as `pnpm publish` would: workspace ranges become versions and
 * publishConfig applies) into `dest`, or takes the tarball already made in this test run (see
 * tooling/scripts/pack-cache.mjs). Returns [{ name, version, dir, tarball, bytes, files }].
 */
export function packAll(packages, dest) {
  mkdirSync(dest, { recursive: true });
  return packages.map(({ dir, manifest }) => {
    // Shared with tooling/test/pack.test.ts within one run of tooling/scripts/run-tests.mjs.
    const packed = packTarball(dir, dest);
    if (packed.status !== 0) throw new Error(`pnpm pack --pack-destination ${dest} (in ${dir}) failed:\n${packed.output}`);
    const tarball = packed.tarball;
    const files = run("tar", ["-tzf", tarball]).split("\n").filter(Boolean).map((f) => f.replace(/^package\//, ""));
    return { name: manifest.name, version: manifest.version, dir, tarball, bytes: statSync(tarball).size, files };
  });
}

/** Bytes of the files under `dir` (apparent sizes, symlinks not followed). */
export function treeBytes(dir) {
  let total = 0;
  for (const entry of readdirSync(dir)) {
    const p = join(dir, entry);
    const st = lstatSync(p);
    total += st.isDirectory() ? treeBytes(p) : st.size;
  }
  return total;
}

/** The folder of an installed package. */
export function installedDir(project, name) {
  return join(project, "node_modules", ...name.split("/"));
}

/**
 * The packages an install of `name` brings (itself and its runtime dependencies, transitively), as
 * installed in `project`'s flat node_modules.
 */
export function closure(project, name, seen = new Set()) {
  if (seen.has(name)) return seen;
  const dir = installedDir(project, name);
  if (!existsSync(dir)) return seen;
  seen.add(name);
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  for (const dep of Object.keys(manifest.dependencies ?? {})) closure(project, dep, seen);
  return seen;
}

/** Minified and gzipped (level 9) size of a bundle. */
export function gzipBytes(code) {
  return gzipSync(code, { level: 9 }).length;
}

/** 12345 → "12.1 KB". */
export function kb(bytes) {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/** A text table: rows of cells, first row the header. */
export function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join("  ")).join("\n");
}

