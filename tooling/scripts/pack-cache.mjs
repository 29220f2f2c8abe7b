// `pnpm pack` of one workspace package, made once per test run. Two suites need every public
// package's tarball (tooling/test/pack.test.ts lints them, tooling/consumer installs them); when
// tooling/scripts/run-tests.mjs sets GRAMSCORE_PACK_CACHE to a fresh folder for the run, the first
// suite to ask for a package packs it there and the other reuses that tarball (the built dist/ does
// not change during a run). Without the variable every call packs into `dest`, as before.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";

/** The environment variable naming the run's pack folder. */
export const PACK_CACHE_ENV = "GRAMSCORE_PACK_CACHE";

const sleeper = new Int32Array(new SharedArrayBuffer(4));
const sleep = (ms) => Atomics.wait(sleeper, 0, 0, ms);

/**
 * Runs `pnpm pack` in `dir` into the folder `dest` (created if needed). Returns { status, output,
 * tarball }: `tarball` is the path of the one .tgz it made, or "" when packing failed.
 */
function pnpmPack(dir, dest) {
  mkdirSync(dest, { recursive: true });
  const before = new Set(readdirSync(dest));
  const r = spawnSync("pnpm", ["pack", "--pack-destination", dest], { cwd: dir, encoding: "utf8" });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.trim();
  if (r.status !== 0) return { status: r.status ?? 1, output, tarball: "" };
  const made = readdirSync(dest).filter((f) => f.endsWith(".tgz") && !before.has(f));
  if (made.length !== 1) return { status: 1, output: `${output}\npnpm pack in ${dir} made ${made.length} tarballs`, tarball: "" };
  return { status: 0, output, tarball: join(dest, made[0]) };
}

/**
 * The tarball `pnpm pack` makes of the package in `dir`: from the run's pack folder when there is one
 * (packed by whichever suite asked first; the others wait for it), else packed into `dest`.
 * Returns { status, output, tarball, shared }; `shared` tarballs belong to the run: do not delete them.
 */
export function packTarball(dir, dest) {
  const cache = process.env[PACK_CACHE_ENV];
  if (!cache) return { ...pnpmPack(dir, dest), shared: false };
  const name = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name.replace(/[@/]/g, "_");
  const slot = join(cache, name);
  const done = join(slot, "done.json");
  const lock = join(cache, `${name}.lock`);
  mkdirSync(cache, { recursive: true });
  for (const started = Date.now(); ; ) {
    if (existsSync(done)) return { ...JSON.parse(readFileSync(done, "utf8")), shared: true };
    try {
      mkdirSync(lock); // atomic: exactly one process packs each package
    } catch {
      // Another suite is packing it. Wait (a pack takes seconds); after 5 minutes pack privately.
      if (Date.now() - started > 300_000) return { ...pnpmPack(dir, dest), shared: false };
      sleep(100);
      continue;
    }
    try {
      const result = pnpmPack(dir, join(cache, `${name}.tmp`));
      if (result.status !== 0) return { ...result, shared: false };
      rmSync(slot, { recursive: true, force: true });
      renameSync(join(cache, `${name}.tmp`), slot);
      const record = { status: 0, output: result.output, tarball: join(slot, basename(result.tarball)) };
      writeFileSync(`${done}.tmp`, JSON.stringify(record));
      renameSync(`${done}.tmp`, done);
      return { ...record, shared: true };
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}
