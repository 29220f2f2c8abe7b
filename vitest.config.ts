import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
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
    // vitest's default for `run` is one worker fewer than there are CPUs: on CI's 2 cores, one file at a
    // time while the other core idled. The suites share no files or ports (temporary folders, ephemeral
    // ports, the run's shared tarballs behind a lock), so every core runs a file.
    maxWorkers: availableParallelism(),
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
