import { defineConfig, type Options } from "tsup";

/**
 * The build every gramscore library shares: ESM only, declarations, source maps, no bundled
 * dependencies. A package's own `tsup.config.ts` is one call to this, with its entries if it has
 * more than `src/index.ts`.
 */
export function packageConfig(overrides: Options = {}) {
  return defineConfig({
    entry: ["src/index.ts"],
    format: ["esm"],
    dts: true,
    clean: true,
    sourcemap: true,
    target: "es2022",
    platform: "neutral",
    removeNodeProtocol: false,
    ...overrides,
  });
}
