import { packageConfig } from "../../tooling/config/tsup.js";

const shared = {
  platform: "node",
  target: "node20",
  // Bundled: saves ~30 ms of module loading at every start. The rest stay external (plugins must
  // share one @gramscore/core with the CLI).
  noExternal: ["commander", "picocolors"],
  // commander is CommonJS: give the ESM bundle a require() for its Node built-ins.
  banner: { js: 'import { createRequire as __gramscoreCreateRequire } from "node:module"; const require = __gramscoreCreateRequire(import.meta.url);' },
} as const;

export default [
  packageConfig({
    ...shared,
    // cli.js and index.js share chunks: they were two full copies of one bundle.
    entry: ["src/index.ts", "src/cli.ts"],
    splitting: true,
    // Records which names each built-in package provides, so the CLI imports only the one it needs.
    onSuccess: "node scripts/write-builtins.mjs",
  }),
  packageConfig({
    ...shared,
    // The thread of --jobs stays one self-contained file: every worker is a fresh isolate that loads
    // it, and `--jobs 256` starts 256 of them.
    entry: { worker: "src/run/worker.ts" },
    splitting: false,
    clean: false,
  }),
];
