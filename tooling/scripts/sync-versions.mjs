#!/usr/bin/env node
// After `changeset version`: writes each package's version into its src/version.ts, which signatures print.
import { existsSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { workspacePackages } from "./workspace.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
for (const { dir, manifest } of workspacePackages(root)) {
  const file = join(dir, "src", "version.ts");
  if (!existsSync(file)) continue;
  writeFileSync(file, `/** The version of ${manifest.name}. */\nexport const VERSION = "${manifest.version}";\n`);
  console.log(`${manifest.name}: ${manifest.version}`);
}
