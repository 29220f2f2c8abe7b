#!/usr/bin/env node
// Runs every test once (vitest, all projects) and ends with the plain line "N passed, N failed".
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PACK_CACHE_ENV } from "./pack-cache.mjs";

const out = ".vitest-results.json";
// The consumer suite (tooling/consumer) writes its sizes-beside-budgets table here.
const sizes = ".consumer-sizes.txt";
// ... and the runtime matrix (each engine's version and whether its values equal this Node's).
const matrix = ".runtime-matrix.txt";
rmSync(out, { force: true });
rmSync(sizes, { force: true });
rmSync(matrix, { force: true });
const args = ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...process.argv.slice(2)];
// Each public package is packed once for the whole run: the pack suite (publint, attw) and the consumer
// suite (npm install) share the tarballs (tooling/scripts/pack-cache.mjs).
const packs = mkdtempSync(join(tmpdir(), "gramscore-packs-"));
const run = spawnSync("pnpm", ["exec", ...args], { stdio: "inherit", env: { ...process.env, [PACK_CACHE_ENV]: packs } });
rmSync(packs, { recursive: true, force: true });
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(out)) {
  const report = JSON.parse(readFileSync(out, "utf8"));
  passed = report.numPassedTests ?? 0;
  failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  // Checks that need the conformance data or a browser are skipped on machines without them (never
  // under CI=true, where tooling/test/environment.test.ts fails instead).
  skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  if (!report.success && failed === 0) failed = 1;
} else {
  failed = 1;
}
if (existsSync(sizes)) console.log(`\n${readFileSync(sizes, "utf8")}`);
if (existsSync(matrix)) console.log(`\n${readFileSync(matrix, "utf8")}`);
console.log(`${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ""}`);
process.exit(run.status === 0 && failed === 0 ? 0 : 1);
