import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { createRegistry } from "@gramscore/registry";
import {
  isPathSpecifier,
  loadPlugin,
  pluginPackageCandidates,
  resolveExports,
  resolvePlugin,
  usePlugins,
} from "@gramscore/registry/node";

/** A plugin module's source (no imports, so it loads anywhere) registering one tokenizer `name`. */
function pluginSource(pluginName: string, tokenizer: string): string {
  return `const t = { kind: "tokenizer", name: ${JSON.stringify(tokenizer)}, description: "from ${pluginName}",
  create: () => ({ name: ${JSON.stringify(tokenizer)}, signature: ${JSON.stringify(tokenizer)}, tokenize: (s) => s.split(" ") }) };
export const plugin = { kind: "plugin", name: ${JSON.stringify(pluginName)}, tokenizers: [t] };
export default plugin;
`;
}

function writePackage(root: string, name: string, files: Record<string, string>, manifest: object = {}): string {
  const dir = join(root, "node_modules", ...name.split("/"));
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "package.json"), JSON.stringify({ name, type: "module", ...manifest }));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

async function failure(promise: Promise<unknown>): Promise<GramscoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    return error as GramscoreError;
  }
  throw new Error("expected a GramscoreError");
}

let root: string;
let project: string;
let toolDir: string;

beforeAll(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "gramscore-registry-")));
  project = join(root, "project");
  toolDir = join(root, "tool");
  mkdirSync(join(project, "sub"), { recursive: true });
  mkdirSync(toolDir, { recursive: true });
  // Installed in the project: by convention names, with exports conditions, and as plain main.
  writePackage(project, "@gramscore/metric-toy", { "dist/index.js": pluginSource("@gramscore/metric-toy", "toy") }, {
    exports: { ".": { types: "./dist/index.d.ts", "@gramscore/source": "./src/index.ts", import: "./dist/index.js" } },
  });
  writePackage(project, "gramscore-plugin-extra", { "main.js": pluginSource("gramscore-plugin-extra", "extra") }, { main: "main.js" });
  writePackage(project, "plain-name", { "index.js": pluginSource("plain-name", "plain") });
  writePackage(project, "not-a-plugin", { "index.js": "export const helper = 1;\n" });
  writePackage(project, "throws", { "index.js": 'throw new Error("exploded on import");\n' });
  writePackage(project, "unbuilt", {}, { exports: { ".": { default: "./dist/index.js" } } });
  writePackage(project, "@scope/multi", { "a.js": pluginSource("@scope/multi/a", "multi-a") }, { exports: { "./*": "./*.js" } });
  // Installed only next to the tool, and a different copy of gramscore-plugin-extra there.
  writePackage(toolDir, "gramscore-plugin-tooled", { "index.js": pluginSource("gramscore-plugin-tooled", "tooled") });
  writePackage(toolDir, "gramscore-plugin-extra", { "index.js": pluginSource("tool-copy", "extra") });
  // Plain files and a folder package.
  writeFileSync(join(project, "local.mjs"), pluginSource("local", "local"));
  writeFileSync(join(project, "plugin.ts"), "export default {};\n");
  mkdirSync(join(project, "folder-plugin"));
  writeFileSync(join(project, "folder-plugin", "package.json"), JSON.stringify({ name: "folder-plugin", type: "module", exports: "./entry.js" }));
  writeFileSync(join(project, "folder-plugin", "entry.js"), pluginSource("folder-plugin", "folder"));
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

describe("specifiers", () => {
  it("tells paths from package names", () => {
    for (const p of ["./x.mjs", "../x.js", ".", "/abs/x.js", "file:///x.js", "C:\\x.js", ".\\x.js"]) expect(isPathSpecifier(p)).toBe(true);
    for (const p of ["bleu", "@gramscore/metric-bleu", "pkg/sub", "x.mjs"]) expect(isPathSpecifier(p)).toBe(false);
  });
  it("maps short names by convention", () => {
    expect(pluginPackageCandidates("bleu")).toEqual(["@gramscore/metric-bleu", "@gramscore/tokenizer-bleu", "gramscore-plugin-bleu", "bleu"]);
    expect(pluginPackageCandidates("@me/x")).toEqual(["@me/x"]);
    expect(pluginPackageCandidates("gramscore-plugin-x")).toEqual(["gramscore-plugin-x"]);
    expect(pluginPackageCandidates("pkg/sub")).toEqual(["pkg/sub"]);
  });
});

describe("resolveExports", () => {
  it("follows Node's rules for import", () => {
    expect(resolveExports("./a.js", ".")).toBe("./a.js");
    expect(resolveExports({ import: "./m.js", require: "./c.cjs" }, ".")).toBe("./m.js");
    expect(resolveExports({ require: "./c.cjs", default: "./d.js" }, ".")).toBe("./d.js");
    expect(resolveExports({ ".": { types: "./t.d.ts", node: { import: "./n.mjs" }, default: "./d.js" } }, ".")).toBe("./n.mjs");
    expect(resolveExports({ ".": [{ worker: "./w.js" }, "./fallback.js"] }, ".")).toBe("./fallback.js");
    expect(resolveExports({ "./sub": "./s.js" }, ".")).toBeUndefined();
    expect(resolveExports({ "./plugins/*": "./dist/*.js", "./plugins/x/*": "./x/*.js" }, "./plugins/x/y")).toBe("./x/y.js");
    expect(resolveExports({ ".": { require: "./c.cjs" } }, ".")).toBeUndefined();
    expect(resolveExports({ ".": null }, ".")).toBeUndefined();
  });
});

describe("loadPlugin", () => {
  it("loads a short name by convention from the working directory", async () => {
    const loaded = await loadPlugin("toy", { cwd: join(project, "sub") });
    expect(loaded.packageName).toBe("@gramscore/metric-toy");
    expect(loaded.file).toBe(join(project, "node_modules/@gramscore/metric-toy/dist/index.js"));
    expect(loaded.plugin.name).toBe("@gramscore/metric-toy");
  });

  it("loads full names, gramscore-plugin-* names, main entries and subpath exports", async () => {
    expect((await loadPlugin("extra", { cwd: project })).packageName).toBe("gramscore-plugin-extra");
    expect((await loadPlugin("gramscore-plugin-extra", { cwd: project })).file).toMatch(/main\.js$/);
    expect((await loadPlugin("plain-name", { cwd: project })).plugin.name).toBe("plain-name");
    expect((await loadPlugin("@scope/multi/a", { cwd: project })).plugin.name).toBe("@scope/multi/a");
  });

  it("prefers the working directory, then the extra paths", async () => {
    expect((await loadPlugin("extra", { cwd: project, paths: [toolDir] })).plugin.name).toBe("gramscore-plugin-extra");
    expect((await loadPlugin("tooled", { cwd: project, paths: [toolDir] })).plugin.name).toBe("gramscore-plugin-tooled");
  });

  it("loads files, file URLs and package folders by path", async () => {
    expect((await loadPlugin("./local.mjs", { cwd: project })).plugin.name).toBe("local");
    expect((await loadPlugin(pathToFileURL(join(project, "local.mjs")).href)).plugin.name).toBe("local");
    expect((await loadPlugin(join(project, "local.mjs"))).plugin.name).toBe("local");
    expect((await loadPlugin("./folder-plugin", { cwd: project })).plugin.name).toBe("folder-plugin");
  });

  it("says what it tried when a package is not installed", async () => {
    const e = await failure(loadPlugin("nothere", { cwd: project, paths: [toolDir] }));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
    expect(e.message).toBe(
      `Cannot find plugin "nothere": no package "@gramscore/metric-nothere", "@gramscore/tokenizer-nothere", "gramscore-plugin-nothere", "nothere" ` +
        `is installed in ${project} or ${toolDir} (or a parent folder). Install it (npm install gramscore-plugin-nothere) or pass the path of a plugin module (e.g. ./my-plugin.mjs).`,
    );
    expect(e.details).toMatchObject({ specifier: "nothere", tried: pluginPackageCandidates("nothere") });
    const file = await failure(loadPlugin("local.mjs", { cwd: project }));
    expect(file.message).toContain('A file "local.mjs" exists here: write ./local.mjs to load it by path.');
    const missing = await failure(loadPlugin("./missing.mjs", { cwd: project }));
    expect(missing.message).toBe(`Cannot load plugin "./missing.mjs": ${join(project, "missing.mjs")} does not exist.`);
  });

  it("rejects modules without a plugin, naming their exports", async () => {
    const e = await failure(loadPlugin("not-a-plugin", { cwd: project }));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
    expect(e.message).toMatch(/^plugin package not-a-plugin \(.*index\.js\) does not export a gramscore plugin: .* it exports "helper"\.$/);
  });

  it("wraps import failures with { cause }", async () => {
    const e = await failure(loadPlugin("throws", { cwd: project }));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
    expect(e.message).toMatch(/^Cannot load plugin package throws \(.*\): exploded on import\.$/);
    expect((e.cause as Error).message).toBe("exploded on import");
    const unbuilt = await failure(loadPlugin("unbuilt", { cwd: project }));
    expect(unbuilt.message).toContain("does not exist. If the package is built from source, build it first.");
  });

  it("fails cleanly on a TypeScript file that yields no plugin", async () => {
    const e = await failure(loadPlugin("./plugin.ts", { cwd: project }));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
  });

  it("usePlugins registers each loaded plugin in order", async () => {
    const registry = createRegistry();
    const loaded = await usePlugins(registry, ["toy", "./local.mjs"], { cwd: project });
    expect(loaded.map((l) => l.plugin.name)).toEqual(["@gramscore/metric-toy", "local"]);
    expect(registry.create("tokenizer", "local").tokenize("a b")).toEqual(["a", "b"]);
    expect(resolvePlugin("toy", { cwd: project }).file).toBe(loaded[0]!.file);
  });
});
