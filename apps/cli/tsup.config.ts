import { packageConfig } from "../../tooling/config/tsup.js";

export default packageConfig({
  entry: ["src/index.ts", "src/cli.ts", "src/worker.ts"],
  platform: "node",
  target: "node20",
  // Bundled: saves ~30 ms of module loading at every start. The rest stay external (plugins must
  // share one @gramscore/core with the CLI).
  noExternal: ["commander", "picocolors"],
  // The entries share chunks: cli.js and index.js were two full copies of one bundle (worker.ts is the
  // thread of --jobs). One or two extra modules to resolve at start-up cost well under a millisecond.
  splitting: true,
  // commander is CommonJS: give the ESM bundle a require() for its Node built-ins.
  banner: { js: 'import { createRequire as __gramscoreCreateRequire } from "node:module"; const require = __gramscoreCreateRequire(import.meta.url);' },
  // Records which names each built-in package provides, so the CLI imports only the one it needs.
  onSuccess: "node scripts/write-builtins.mjs",
});
