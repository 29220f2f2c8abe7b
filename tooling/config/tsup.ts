import { defineConfig, type Options } from "tsup";

/**
 * The build every gramscore library shares: ESM only, declarations, no bundled dependencies, no
 * source maps (they would double what users download; tests run the sources through the
 * `@gramscore/source` condition, so the maps served no one). A package's own `tsup.config.ts` is one call to this, with its entries if it has
 * more than `src/index.ts`.
 */
export function packageConfig(overrides: Options = {}) {
  return defineConfig({
    entry: ["src/index.ts"],
    format: ["esm"],
    dts: true,
    clean: true,
    sourcemap: false,
    target: "es2022",
    platform: "neutral",
    removeNodeProtocol: false,
    ...overrides,
  });
}
