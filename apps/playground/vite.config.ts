import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// Static build (relative asset paths, so the dist/ folder can be hosted under any path). The
// workspace packages are read from their sources (the `@gramscore/source` export condition), the
// same code their dist/ builds are made of.
export default defineConfig({
  base: "./",
  resolve: {
    conditions: ["@gramscore/source"],
    // IPADIC for ja-mecab: the dictionary package's generated file, which its exports do not list;
    // imported with ?url, it is copied into assets/ and fetched only when ja-mecab is chosen.
    alias: [{ find: /^@gramscore\/dict-ipadic\/dist\/ipadic\.bin/, replacement: fileURLToPath(new URL("node_modules/@gramscore/dict-ipadic/dist/ipadic.bin", import.meta.url)) }],
  },
  build: { outDir: "dist", target: "es2022", chunkSizeWarningLimit: 6144 },
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
});
