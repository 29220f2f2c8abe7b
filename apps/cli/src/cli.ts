#!/usr/bin/env node
import { run } from "./run.js";

process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  // The reader went away (`gramscore ... | head`): stop quietly.
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2));
