import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

/** Every workspace folder with a `test/` directory is one vitest project, named after its folder. */
function projects() {
  const roots = ["packages", "apps", "examples"].flatMap((group) =>
    existsSync(group) ? readdirSync(group).map((name) => join(group, name)) : [],
  );
  roots.push("tooling", "tooling/consumer");
  return roots
    .filter((root) => existsSync(join(root, "test")))
    .map((root) => ({
      extends: true as const,
      test: { name: root.split("/").pop()!, root, include: ["test/**/*.test.ts"] },
    }));
}

export default defineConfig({
  ssr: { resolve: { conditions: ["@gramscore/source", "module", "node", "development|production"] } },
  resolve: { conditions: ["@gramscore/source"] },
  test: {
    projects: projects(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
