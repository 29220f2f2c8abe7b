#!/usr/bin/env node
// Packs each public package (as `pnpm publish` would) and runs `publint --strict` and
// `attw --profile esm-only` on the tarball. Needs built packages (`pnpm build`).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { packTarball } from "./pack-cache.mjs";
import { publicPackages } from "./workspace.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8" });
  return { status: r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}`.trim() };
}

/**
 * `attw <tarball> --profile esm-only --format table-flipped` for each tarball, in this process: the
 * CLI's own core, profile and exit-code rule, loaded once, so that TypeScript starts once for all the
 * packages instead of once per package. Returns [{ status, output }] as the commands would (exit code 1
 * when a problem the profile does not ignore is found; the table as output). Runs in a plain `node`
 * (see {@link attwAll}), never inside vitest, whose workers resolve the "development" condition.
 */
async function attwInProcess(tarballs) {
  const cliManifest = createRequire(join(root, "package.json")).resolve("@arethetypeswrong/cli/package.json");
  const cliDist = join(dirname(cliManifest), "dist");
  const load = (file) => import(pathToFileURL(file).href);
  const core = await load(createRequire(cliManifest).resolve("@arethetypeswrong/core"));
  const profiles = await load(join(cliDist, "profiles.js"));
  const { getExitCode } = await load(join(cliDist, "getExitCode.js"));
  const render = await load(join(cliDist, "render", "index.js"));
  const results = [];
  for (const tarball of tarballs) {
    // The CLI's defaults for a tarball and these flags.
    const opts = { format: "table-flipped", summary: true, emoji: true, ignoreRules: [] };
    profiles.applyProfile("esm-only", opts);
    try {
      const analysis = await core.checkPackage(core.createPackageFromTarballData(new Uint8Array(readFileSync(tarball))), {});
      const output = analysis.types ? await render.typed(analysis, opts) : render.untyped(analysis);
      results.push({ status: getExitCode(analysis, opts), output: String(output).trim() });
    } catch (error) {
      results.push({ status: 3, output: `error while checking file:\n${error?.message ?? error}` });
    }
  }
  return results;
}

/** {@link attwInProcess} of `tarballs` in one child process (this file with --attw). */
function attwAll(tarballs) {
  if (tarballs.length === 0) return [];
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--attw", ...tarballs], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_OPTIONS: "" } });
  if (r.status !== 0) return tarballs.map(() => ({ status: r.status ?? 1, output: `attw failed:\n${r.stdout}\n${r.stderr}` }));
  return JSON.parse(r.stdout);
}

/**
 * Packs each package in `dirs` and lints the tarballs: publint per package, attw for all in one process
 * (a package with its own .attw.json gets the attw command itself). Returns a Map dir → { tarball, ok, publint, attw }.
 */
export function checkPackages(dirs) {
  const dest = mkdtempSync(join(tmpdir(), "gramscore-pack-"));
  try {
    const results = new Map();
    const pending = [];
    for (const dir of dirs) {
      // The run's shared tarball when tooling/scripts/run-tests.mjs made a pack folder (the consumer
      // suite installs the same one), else a private one in `dest`.
      const packed = packTarball(dir, join(dest, String(results.size)));
      if (packed.status !== 0) {
        results.set(dir, { ok: false, publint: packed.output, attw: "", tarball: "" });
        continue;
      }
      const publint = run(join(root, "node_modules", ".bin", "publint"), ["--strict", packed.tarball], dir);
      const result = { ok: false, publint: publint.output, publintStatus: publint.status, attw: "", tarball: packed.tarball };
      if (existsSync(join(dir, ".attw.json"))) {
        const attw = run(join(root, "node_modules", ".bin", "attw"), [packed.tarball, "--profile", "esm-only", "--format", "table-flipped"], dir);
        Object.assign(result, { ok: publint.status === 0 && attw.status === 0, attw: attw.output });
      } else pending.push([dir, result]);
      results.set(dir, result);
    }
    const attw = attwAll(pending.map(([, r]) => r.tarball));
    pending.forEach(([, result], i) => Object.assign(result, { ok: result.publintStatus === 0 && attw[i].status === 0, attw: attw[i].output }));
    for (const r of results.values()) delete r.publintStatus;
    return results;
  } finally {
    rmSync(dest, { recursive: true, force: true });
  }
}

/** Packs the package in `dir` and lints the tarball. Returns { tarball, ok, publint, attw }. */
export function checkPackage(dir) {
  return checkPackages([dir]).get(dir);
}

const isMain = Boolean(process.argv[1]) && resolve(process.argv[1]) === fileURLToPath(import.meta.url);

if (isMain && process.argv[2] === "--attw") {
  process.stdout.write(JSON.stringify(await attwInProcess(process.argv.slice(3))));
  process.exit(0);
}

if (isMain) {
  let failed = 0;
  const packages = publicPackages(root);
  const results = checkPackages(packages.map((p) => p.dir));
  for (const { dir, manifest } of packages) {
    const r = results.get(dir);
    console.log(`${r.ok ? "ok  " : "FAIL"} ${manifest.name}`);
    if (!r.ok) {
      failed++;
      console.log(r.publint, "\n", r.attw);
    }
  }
  process.exit(failed ? 1 : 0);
}
