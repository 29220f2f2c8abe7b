// Run by bin/gramscore-sacrebleu.js before the CLI: `gramscore-sacrebleu ARGS` becomes `gramscore sacrebleu ARGS`.
process.argv.splice(2, 0, "sacrebleu");
