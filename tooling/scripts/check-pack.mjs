#!/usr/bin/env node
// Packs each public package (as `pnpm publish` would) and runs `publint --strict` and
// `attw --profile esm-only` on the tarball. Needs built packages (`pnpm build`).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { publicPackages } from "./workspace.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");

function run(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8" });
  return { status: r.status, output: `${r.stdout ?? ""}${r.stderr ?? ""}`.trim() };
}

/** Packs the package in `dir` and lints the tarball. Returns { tarball, ok, publint, attw, size }. */
export function checkPackage(dir) {
  const dest = mkdtempSync(join(tmpdir(), "gramscore-pack-"));
  try {
    const packed = run("pnpm", ["pack", "--pack-destination", dest], dir);
    if (packed.status !== 0) return { ok: false, publint: packed.output, attw: "", tarball: "" };
    const tarball = join(dest, readdirSync(dest).find((f) => f.endsWith(".tgz")));
    const bin = (name) => join(root, "node_modules", ".bin", name);
    const publint = run(bin("publint"), ["--strict", tarball], dir);
    const attw = run(bin("attw"), [tarball, "--profile", "esm-only", "--format", "table-flipped"], dir);
    return { ok: publint.status === 0 && attw.status === 0, publint: publint.output, attw: attw.output, tarball };
  } finally {
    rmSync(dest, { recursive: true, force: true });
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let failed = 0;
  for (const { dir, manifest } of publicPackages(root)) {
    const r = checkPackage(dir);
    console.log(`${r.ok ? "ok  " : "FAIL"} ${manifest.name}`);
    if (!r.ok) {
      failed++;
      console.log(r.publint, "\n", r.attw);
    }
  }
  process.exit(failed ? 1 : 0);
}
