// The eval tools the evals suite (test/evals.test.ts) runs @gramscore/scorers in: promptfoo, evalite,
// autoevals, LangSmith and Vitest from npm at pinned versions, installed once into a cached folder
// keyed by the pins, the platform and Node's module ABI. About 1.5 GB (almost all promptfoo's), so
// `pnpm test` installs them only when asked: GRAMSCORE_EVALS=1 (.ci/run sets it and starts this
// script early, beside the other installs), or by running `node tooling/consumer/evals-tools.mjs`.
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { run } from "./lib.mjs";

/** The tools, at the versions the tests pin (the newest that run on every Node the packages support). */
export const PINNED = { promptfoo: "0.121.20", evalite: "0.19.0", autoevals: "0.3.0", langsmith: "0.12.0", vitest: "4.1.12" };

const key = createHash("sha256")
  .update(JSON.stringify({ PINNED, abi: process.versions.modules, platform: process.platform, arch: process.arch }))
  .digest("hex")
  .slice(0, 16);

/** Where the tools are installed once: GRAMSCORE_EVALS_CACHE, else ~/.cache/gramscore-evals. */
export const cacheRoot = process.env.GRAMSCORE_EVALS_CACHE ?? join(homedir(), ".cache", "gramscore-evals");
/** The folder of this set of pins. */
export const tools = join(cacheRoot, `tools-${key}`);
/** Written last: a half-finished install is never used. */
export const toolsReady = join(tools, ".complete");

/** Installs the pinned tools into the cache (once). Returns the seconds it took, or 0 when cached. */
export function ensureTools() {
  if (existsSync(toolsReady)) return 0;
  const started = Date.now();
  const staging = `${tools}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, "package.json"), JSON.stringify({ name: "gramscore-evals-tools", private: true, type: "module", dependencies: PINNED }, null, 2));
  run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", "--engine-strict=false"], { cwd: staging });
  writeFileSync(join(staging, ".complete"), `${new Date().toISOString()}\n`);
  try {
    renameSync(staging, tools);
  } catch {
    // Another run finished first: use its install.
    rmSync(staging, { recursive: true, force: true });
  }
  return (Date.now() - started) / 1000;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const seconds = ensureTools();
  console.log(seconds === 0 ? `evals tools: already installed in ${tools}` : `evals tools: installed in ${tools} in ${seconds.toFixed(0)} s`);
}
