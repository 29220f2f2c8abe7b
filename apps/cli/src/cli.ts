#!/usr/bin/env node
import { run } from "./program.js";

// Every command, help and the version write through output/write.ts, which reports a failed write (a full
// disk behind `> file`) as an error with exit code 1; a reader that went away (EPIPE) ends the run
// quietly with status 0. This is the last resort for anything written otherwise, so that no other
// write error ends in a stack trace or a silent exit 0.
let stdoutError: NodeJS.ErrnoException | undefined;
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  stdoutError ??= error;
});

const code = await run(process.argv.slice(2));
if (stdoutError?.code === "EPIPE") {
  // The reader went away (`gramscore ... | head -1`): it has what it asked for; end quietly with
  // status 0, as Unix tools do (run() already did so for its own writes).
  process.exitCode = code;
} else if (stdoutError !== undefined && code === 0) {
  process.stderr.write(`gramscore: error: Cannot write standard output: ${stdoutError.code ?? stdoutError.message}.\n`);
  process.exitCode = 1;
} else {
  process.exitCode = code;
}
