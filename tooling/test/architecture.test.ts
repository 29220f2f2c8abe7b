/**
 * docs/architecture.md embeds two diagrams generated from the code: the packages by tier with their
 * dependencies, and the CLI's floors with the imports between them. The page must show what the code
 * gives today (regenerate with `node tooling/scripts/check-deps.mjs --graph=packages` / `--graph`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CLI_SRC, floorGraph, packageGraph } from "../scripts/check-deps.mjs";
import { workspacePackages } from "../scripts/workspace.mjs";
import { repoRoot } from "../conformance/data.js";

const page = readFileSync(join(repoRoot, "docs/architecture.md"), "utf8");

function section(name: string): string {
  const m = new RegExp(`<!-- generated:${name}:start -->\\n\`\`\`mermaid\\n([^]*?)\`\`\`\\n<!-- generated:${name}:end -->`).exec(page);
  expect(m, `docs/architecture.md has a generated:${name} section`).not.toBeNull();
  return m![1]!;
}

describe("docs/architecture.md", () => {
  it("shows the packages and their dependencies as the manifests have them", () => {
    expect(section("packages")).toBe(packageGraph(workspacePackages(repoRoot)));
  });

  it("shows the CLI's floors and the imports between them as the sources have them", () => {
    expect(section("floors")).toBe(floorGraph(join(repoRoot, CLI_SRC), "mermaid"));
  });

  it("names every floor and every tier the checks know", () => {
    for (const floor of ["commands/", "run/", "input/", "output/", "shared/"]) expect(page).toContain(floor);
    for (const tier of ["tier 0", "tier 1", "tier 2", "tier 3"]) expect(page).toContain(tier);
  });
});
