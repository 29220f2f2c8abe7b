import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../conformance/data.js";
import { checkDependencies } from "../scripts/check-deps.mjs";
import { TIERS, publicPackages, workspacePackages } from "../scripts/workspace.mjs";

type Pkg = { dir: string; manifest: Record<string, any> };
const packages: Pkg[] = workspacePackages(repoRoot);

describe("dependency tiers", () => {
  it("every package depends only on lower tiers, internal deps are workspace:^ and never peers", () => {
    expect(checkDependencies(packages, TIERS, repoRoot)).toEqual([]);
  });
  it("catches a dependency on the same tier, a peer, a wrong range and an undeclared import", () => {
    const fake = (name: string, extra: Record<string, unknown>): Pkg => ({ dir: "/nonexistent", manifest: { name, version: "0.0.0", ...extra } });
    const problems: string[] = checkDependencies(
      [
        fake("@gramscore/core", {}),
        fake("@gramscore/ngram", { dependencies: { "@gramscore/tokenizer-sacrebleu": "workspace:^" } }),
        fake("@gramscore/tokenizer-sacrebleu", { peerDependencies: { "@gramscore/core": "*" } }),
        fake("@gramscore/metric-bleu", { dependencies: { "@gramscore/core": "workspace:*" } }),
        fake("@gramscore/registry", { devDependencies: { gramscore: "workspace:^" } }),
        fake("gramscore", {}),
      ],
      TIERS,
      "/",
    );
    expect(problems.some((p) => p.includes("@gramscore/ngram (tier 1) dependencies lists @gramscore/tokenizer-sacrebleu (tier 1)"))).toBe(true);
    expect(problems.some((p) => p.includes("declared as a peer"))).toBe(true);
    expect(problems.some((p) => p.includes('must be "workspace:^"'))).toBe(true);
    expect(problems.some((p) => p.includes("@gramscore/registry (tier 1) devDependencies lists gramscore (tier 3)"))).toBe(true);
    expect(problems).toHaveLength(4);
  });
});

describe("package manifests", () => {
  const pub: Pkg[] = publicPackages(repoRoot);
  it.each(pub.map((p) => [p.manifest.name, p] as const))("%s follows the package conventions", (_name, { dir, manifest }) => {
    expect(manifest.type).toBe("module");
    expect(manifest.sideEffects).toBe(false);
    expect(manifest.files).toEqual(["dist"]);
    expect(manifest.engines?.node).toMatch(/^>=20/);
    expect(manifest.publishConfig?.access).toBe("public");
    for (const [sub, entry] of Object.entries<Record<string, string> | string>(manifest.publishConfig.exports)) {
      if (typeof entry === "string") continue;
      expect(Object.keys(entry)[0], `${sub}: types first`).toBe("types");
      expect(Object.keys(entry)).not.toContain("@gramscore/source");
    }
    expect(existsSync(join(dir, "README.md")), "README.md").toBe(true);
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    expect(readme.startsWith(`# ${manifest.name}\n`), "README starts with the package name").toBe(true);
    const sections = [...readme.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections, "README sections in the shared shape").toEqual([
      "When to use",
      "Install",
      "Use",
      "API",
      "Signature",
      "Differences from the reference",
    ]);
    const versionFile = join(dir, "src", "version.ts");
    if (existsSync(versionFile)) expect(readFileSync(versionFile, "utf8")).toContain(`"${manifest.version}"`);
    const runtimeDeps = Object.keys(manifest.dependencies ?? {}).filter((d) => !d.startsWith("@gramscore/"));
    if (manifest.name !== "gramscore") expect(runtimeDeps, "libraries have no third-party runtime dependencies").toEqual([]);
  });
});
