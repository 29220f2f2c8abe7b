import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../conformance/data.js";
import { CLI_FLOORS, CLI_SRC, checkDependencies, checkFloors, checkUsage, findImportCycles, floorGraph } from "../scripts/check-deps.mjs";
import { LICENSES, REPOSITORY, TIERS, publicPackages, workspacePackages } from "../scripts/workspace.mjs";

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
  it("accepts an internal optional peer (workspace:^, also a devDependency) and names what is wrong with one", () => {
    const fake = (name: string, extra: Record<string, unknown>): Pkg => ({ dir: "/nonexistent", manifest: { name, version: "0.0.0", ...extra } });
    const optional = { peerDependenciesMeta: { "@gramscore/tokenizer-ja-mecab": { optional: true } } };
    const base = [fake("@gramscore/core", {}), fake("@gramscore/tokenizer-ja-mecab", {})];
    const good = fake("gramscore", { ...optional, peerDependencies: { "@gramscore/tokenizer-ja-mecab": "workspace:^" }, devDependencies: { "@gramscore/tokenizer-ja-mecab": "workspace:^" } });
    expect(checkDependencies([...base, good], TIERS, "/")).toEqual([]);
    const bad = fake("gramscore", { ...optional, peerDependencies: { "@gramscore/tokenizer-ja-mecab": "^0.1.0" } });
    const problems: string[] = checkDependencies([...base, bad], TIERS, "/");
    expect(problems.some((p) => p.includes('the optional peer @gramscore/tokenizer-ja-mecab must be "workspace:^"'))).toBe(true);
    expect(problems.some((p) => p.includes("must also be a devDependency"))).toBe(true);
    expect(problems).toHaveLength(2);
  });
});

describe("package manifests", () => {
  const pub: Pkg[] = publicPackages(repoRoot);
  it.each(pub.map((p) => [p.manifest.name, p] as const))("%s follows the package conventions", (_name, { dir, manifest }) => {
    expect(manifest.type).toBe("module");
    expect(manifest.sideEffects).toBe(false);
    // dist, plus bin/ for a package whose command must exist before the build (the CLI's two-line bin).
    expect(manifest.files).toEqual(manifest.bin === undefined ? ["dist"] : ["dist", "bin"]);
    for (const target of Object.values<string>(manifest.bin ?? {})) expect(target).toMatch(/^\.\/bin\//);
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
    // What npm shows and searches, and what a provenance publish requires (npm refuses one without
    // `repository`): the repository with this package's folder, its README as homepage, the tracker.
    const folder = relative(repoRoot, dir).split(sep).join("/");
    expect(manifest.repository, "repository").toEqual({ type: "git", url: `git+${REPOSITORY}.git`, directory: folder });
    expect(manifest.homepage, "homepage").toBe(`${REPOSITORY}/tree/main/${folder}#readme`);
    expect(manifest.bugs, "bugs").toEqual({ url: `${REPOSITORY}/issues` });
    expect(Array.isArray(manifest.keywords) && manifest.keywords.length >= 5, "at least five keywords").toBe(true);
    expect(manifest.keywords, "keywords start with the project's name").toContain("gramscore");
    expect(new Set(manifest.keywords).size, "keywords are distinct").toBe(manifest.keywords.length);
    expect(manifest.description?.length ?? 0, "a description").toBeGreaterThan(20);
    const runtimeDeps = Object.keys(manifest.dependencies ?? {}).filter((d) => !d.startsWith("@gramscore/"));
    if (manifest.name !== "gramscore") expect(runtimeDeps, "libraries have no third-party runtime dependencies").toEqual([]);
  });
});

describe("licence", () => {
  const license = readFileSync(join(repoRoot, "LICENSE"), "utf8");
  it("the root LICENSE is the Apache License 2.0 every package declares", () => {
    expect(license).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(license).toContain("END OF TERMS AND CONDITIONS");
  });
  it.each(publicPackages(repoRoot).map((p: Pkg) => [p.manifest.name, p] as const))("%s has the same LICENSE file (packed into its tarball)", (_name, { dir, manifest }) => {
    // Apache-2.0, or an SPDX expression that names what else the tarball holds (WordNet's data,
    // IPADIC's dictionary in dict-ipadic's dist/COPYING).
    expect(manifest.license).toBe((LICENSES as Record<string, string>)[manifest.name] ?? "Apache-2.0");
    expect(existsSync(join(dir, "LICENSE")), `${dir}/LICENSE: copy the root LICENSE there`).toBe(true);
    expect(readFileSync(join(dir, "LICENSE"), "utf8")).toBe(license);
  });
});

describe("tree-shaking", () => {
  // A module-level defineMetric/defineTokenizer/definePlugin call that is not marked pure keeps every
  // descriptor (and all the code it reaches) in a bundle that imported something else from the package.
  it("every module-level define*() call in the packages is marked /* @__PURE__ */", () => {
    const problems: string[] = [];
    for (const { dir } of publicPackages(repoRoot) as Pkg[]) {
      const src = join(dir, "src");
      if (!existsSync(src)) continue;
      for (const file of readdirSync(src, { recursive: true }) as string[]) {
        if (!file.endsWith(".ts")) continue;
        const text = readFileSync(join(src, file), "utf8");
        for (const m of text.matchAll(/^(?:export )?(?:const|let|var) \w+(?:: [^=]+)? = (.*?)\bdefine(?:Metric|Tokenizer|Plugin)\b/gm)) {
          if (!m[1]!.includes("/* @__PURE__ */")) problems.push(`${join(src, file)}: ${m[0]}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("dependency usage (check-deps checkUsage)", () => {
  it("catches an undeclared import, an unused dependency, a bundled dependency and an undeclared dist import", () => {
    const dir = mkdtempSync(join(tmpdir(), "gramscore-deps-"));
    try {
      const src = join(dir, "index.ts");
      writeFileSync(src, 'import { a } from "used-dep";\nimport { b } from "bundled-dep";\nimport { c } from "missing-dep/sub";\nimport { d } from "node:fs";\nimport { e } from "fs";\n');
      const dist = join(dir, "index.js");
      writeFileSync(dist, 'import { a } from "used-dep";\nimport "sneaky-dep";\n');
      const manifest = { name: "x", dependencies: { "used-dep": "1", "bundled-dep": "1", "unused-dep": "1", "@types/y": "1" } };
      const problems: string[] = checkUsage("x/package.json", manifest, [src], [dist]);
      expect(problems).toHaveLength(4);
      expect(problems.some((p) => p.includes("import missing-dep"))).toBe(true);
      expect(problems.some((p) => p.includes("unused-dep is in dependencies but nothing in src/ imports it"))).toBe(true);
      expect(problems.some((p) => p.includes("bundled-dep is bundled into dist/"))).toBe(true);
      expect(problems.some((p) => p.includes("dist/ imports sneaky-dep"))).toBe(true);
      // Moved to devDependencies, the bundled one is fine; without a build the dist checks are skipped.
      const fixed = { name: "x", dependencies: { "used-dep": "1" }, devDependencies: { "bundled-dep": "1", "missing-dep": "1" } };
      expect(checkUsage("x/package.json", fixed, [src], null)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the floors of the CLI (check-deps checkFloors)", () => {
  it("apps/cli/src imports only down its floors: commands → run → input/output → shared", () => {
    expect(checkFloors(join(repoRoot, CLI_SRC), CLI_FLOORS, repoRoot)).toEqual([]);
  });

  it("catches a wrong-way import, input and output importing each other, and a file outside the floors", () => {
    const dir = mkdtempSync(join(tmpdir(), "gramscore-floors-"));
    try {
      const file = (path: string, text: string) => {
        mkdirSync(join(dir, path, ".."), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      file("cli.ts", 'import { main } from "./commands/score.js";\n');
      file("commands/score.ts", 'import { scoreAll } from "../run/engine.js";\nimport { write } from "../output/write.js";\n');
      file("run/engine.ts", 'import type { Context } from "../commands/kit.js";\nimport { read } from "../input/read.js";\n');
      file("input/read.ts", 'export { format } from "../output/format.js";\nimport { EXIT } from "../shared/errors.js";\n');
      file("output/write.ts", 'const { scoreAll } = await import("../run/engine.js");\n');
      file("shared/errors.ts", "export const EXIT = 0;\n");
      file("misc/odd.ts", "export {};\n");
      const problems: string[] = checkFloors(dir, CLI_FLOORS, dir);
      expect(problems).toHaveLength(4);
      expect(problems.some((p) => p.startsWith("run/engine.ts: imports commands/kit.ts, but run may import only input, output, shared"))).toBe(true);
      expect(problems.some((p) => p.startsWith("input/read.ts: imports output/format.ts, but input may import only shared"))).toBe(true);
      expect(problems.some((p) => p.startsWith("output/write.ts: imports run/engine.ts, but output may import only shared"))).toBe(true);
      expect(problems.some((p) => p.startsWith("misc/odd.ts: misc/ is not a floor of the CLI"))).toBe(true);
      const mermaid: string = floorGraph(dir);
      expect(mermaid.split("\n")[0]).toBe("flowchart TD");
      expect(mermaid).toContain("run -->|1| commands");
      expect(floorGraph(dir, "text")).toMatch(/^commands ─► run +1 import$/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("what the READMEs say about the packages", () => {
  const readmeFiles = [join(repoRoot, "README.md"), ...packages.map((p) => join(p.dir, "README.md"))].filter((f) => existsSync(f));
  it("the Node version the READMEs name is the one engines.node requires", () => {
    const engines = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).engines.node as string;
    const min = engines.replace(/^>=/, "");
    const wrong: string[] = [];
    for (const file of readmeFiles) {
      for (const m of readFileSync(file, "utf8").matchAll(/\bNode(?:\.js)? (\d+(?:\.\d+)*)\+/g)) {
        if (m[1] !== min) wrong.push(`${file}: "${m[0]}" but engines.node is "${engines}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the dependency diagram of the root README lists every metric's internal dependencies (core aside)", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const diagram = /## How the packages depend on each other\n+```\n([^]*?)```/.exec(readme)?.[1] ?? "";
    for (const { manifest } of packages.filter((p) => /^@gramscore\/metric-/.test(p.manifest.name))) {
      const short = manifest.name.replace("@gramscore/", "");
      const line = new RegExp(`\\b${short} ─► ([^\\n]*)`).exec(diagram);
      expect(line, `${short} is missing from the diagram`).not.toBeNull();
      const drawn = line![1]!.split(",").map((s) => s.trim()).filter((s) => s !== "core").sort();
      const deps = Object.keys(manifest.dependencies ?? {})
        .filter((d) => d.startsWith("@gramscore/") && d !== "@gramscore/core")
        .map((d) => d.replace("@gramscore/", ""))
        .sort();
      expect(drawn, `${short}'s arrow in the README diagram`).toEqual(deps);
    }
  });
});

describe("import cycles (check-deps findImportCycles)", () => {
  it("finds a cycle through type-only imports and re-exports, once, and nothing in a tree", () => {
    const dir = mkdtempSync(join(tmpdir(), "gramscore-cycles-"));
    try {
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const a = file("a.ts", 'import { b } from "./b.js";\nexport const a = b;\n');
      const b = file("b.ts", 'import type { C } from "./c.js";\nexport const b = 1 as unknown as C;\n');
      const c = file("c.ts", 'export * from "./a.js";\nexport type C = number;\n');
      const d = file("d.ts", 'import { a } from "./a.js";\nimport "node:fs";\nexport const d = a;\n');
      const cycles: string[] = findImportCycles([d, c, b, a], dir);
      expect(cycles).toEqual(["a.ts → b.ts → c.ts → a.ts"]);
      expect(findImportCycles([a, b, file("c.ts", "export type C = number;\n"), d], dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
