import { defineConfig } from "vite";

// Static build (relative asset paths, so the dist/ folder can be hosted under any path). The
// workspace packages are read from their sources (the `@gramscore/source` export condition), the
// same code their dist/ builds are made of.
export default defineConfig({
  base: "./",
  resolve: { conditions: ["@gramscore/source"] },
  build: { outDir: "dist", target: "es2022", chunkSizeWarningLimit: 4096 },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
