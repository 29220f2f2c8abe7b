#!/usr/bin/env node
// `gramscore-sacrebleu ARGS` is `gramscore sacrebleu ARGS`: sacrebleu 2.6.0's command line
// (`alias sacrebleu=gramscore-sacrebleu`).
process.argv.splice(2, 0, "sacrebleu");
await import("../dist/cli.js");
