#!/usr/bin/env node
// `pnpm gramscore ...` in a clone: the built CLI, run in the folder the command was typed in
// (pnpm runs scripts from the repository root and passes that folder as INIT_CWD), so that
// relative file names mean what they say.
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const cli = new URL("../../apps/cli/dist/cli.js", import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write("gramscore: error: the CLI is not built yet: run `pnpm build` (or `pnpm demo`) in the repository first.\n");
  process.exitCode = 1;
} else {
  if (process.env.INIT_CWD) process.chdir(process.env.INIT_CWD);
  await import(cli.href);
}
