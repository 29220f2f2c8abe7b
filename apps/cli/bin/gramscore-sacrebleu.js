#!/usr/bin/env node
// `gramscore-sacrebleu ARGS` is `gramscore sacrebleu ARGS`: sacrebleu 2.6.0's command line
// (`alias sacrebleu=gramscore-sacrebleu`). Imports run in order: the arguments are set first.
import "./sacrebleu-argv.js";
import "../dist/cli.js";
