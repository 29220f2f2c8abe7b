/**
 * Loading plugins by package name or path in Node.js (`@gramscore/registry/node`). Package names
 * resolve from the user's working directory first, then from the extra `paths` given.
 */
import { existsSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import type { Plugin } from "@gramscore/core";
import type { Registry, UseOptions } from "./registry.js";
import { pluginFromModule } from "./validate.js";

/** Where {@link resolvePlugin} and {@link loadPlugin} look. */
export interface PluginLoadOptions {
  /** Base for relative paths and the first place package names resolve from. Default `process.cwd()`. */
  cwd?: string;
  /** More directories to resolve package names from, tried after `cwd` (and their parent folders). */
  paths?: readonly string[];
}

/** Where a plugin specifier led. */
export interface ResolvedPlugin {
  /** The specifier as given (`bleu`, `gramscore-plugin-x`, `./my-plugin.mjs`). */
  specifier: string;
  /** The package name that matched, for package specifiers. */
  packageName: string | undefined;
  /** Absolute path of the module file to import. */
  file: string;
}

/** A loaded, validated plugin and where it came from. */
export interface LoadedPlugin extends ResolvedPlugin {
  plugin: Plugin;
}

/** Conditions used to pick a file from a package's `exports`, as Node's `import` does. */
const CONDITIONS = new Set(["node", "import", "module-sync", "default"]);

/** `message` as the end of a sentence: trailing period removed (the caller adds one). */
function clause(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.replace(/[.\s]+$/, "");
}

function fail(message: string, details: Record<string, unknown>, cause?: unknown): GramscoreError {
  return new GramscoreError(ErrorCode.PLUGIN_LOAD_FAILED, message, cause === undefined ? { details } : { details, cause });
}

/** True when `specifier` is a path or file URL rather than a package name. */
export function isPathSpecifier(specifier: string): boolean {
  return (
    specifier === "." ||
    specifier === ".." ||
    specifier.startsWith("./") ||
    specifier.startsWith("../") ||
    specifier.startsWith(".\\") ||
    specifier.startsWith("..\\") ||
    specifier.startsWith("file:") ||
    isAbsolute(specifier) ||
    /^[A-Za-z]:[\\/]/.test(specifier)
  );
}

/**
 * The package names tried for a specifier, in order. A short name maps by convention:
 * `bleu` → `@gramscore/metric-bleu`, `@gramscore/tokenizer-bleu`, `gramscore-plugin-bleu`, then `bleu`
 * itself. Scoped names, names with a subpath and `gramscore-plugin-*` names are used as they are.
 */
export function pluginPackageCandidates(specifier: string): string[] {
  if (specifier.startsWith("@") || specifier.includes("/") || specifier.startsWith("gramscore-plugin-")) return [specifier];
  return [`@gramscore/metric-${specifier}`, `@gramscore/tokenizer-${specifier}`, `gramscore-plugin-${specifier}`, specifier];
}

function splitPackage(spec: string): { name: string; subpath: string } {
  const parts = spec.split("/");
  const count = spec.startsWith("@") ? 2 : 1;
  const rest = parts.slice(count);
  return { name: parts.slice(0, count).join("/"), subpath: rest.length === 0 ? "." : `./${rest.join("/")}` };
}

function pickTarget(target: unknown, star: string | undefined): string | undefined {
  if (typeof target === "string") return star === undefined ? target : target.split("*").join(star);
  if (Array.isArray(target)) {
    for (const t of target) {
      const found = pickTarget(t, star);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (target !== null && typeof target === "object") {
    for (const [condition, value] of Object.entries(target)) {
      if (!CONDITIONS.has(condition)) continue;
      const found = pickTarget(value, star);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/**
 * The file a package's `exports` field maps `subpath` (`.` or `./x`) to for `import` in Node, or
 * `undefined` when it exports nothing there. Handles strings, arrays, condition objects and `*`
 * patterns.
 */
export function resolveExports(exports: unknown, subpath: string): string | undefined {
  let map: Record<string, unknown>;
  if (typeof exports === "string" || Array.isArray(exports)) map = { ".": exports };
  else if (exports !== null && typeof exports === "object") {
    const keys = Object.keys(exports);
    map = keys.some((k) => k.startsWith(".")) ? (exports as Record<string, unknown>) : { ".": exports };
  } else return undefined;
  if (Object.prototype.hasOwnProperty.call(map, subpath)) return pickTarget(map[subpath], undefined);
  let best: { key: string; prefix: string; suffix: string } | undefined;
  for (const key of Object.keys(map)) {
    const star = key.indexOf("*");
    if (star < 0) continue;
    const prefix = key.slice(0, star);
    const suffix = key.slice(star + 1);
    if (subpath.length >= key.length && subpath.startsWith(prefix) && subpath.endsWith(suffix)) {
      if (best === undefined || prefix.length > best.prefix.length) best = { key, prefix, suffix };
    }
  }
  if (best === undefined) return undefined;
  return pickTarget(map[best.key], subpath.slice(best.prefix.length, subpath.length - best.suffix.length));
}

function fileOrIndex(path: string): string | undefined {
  for (const candidate of [path, `${path}.js`, `${path}.mjs`, join(path, "index.js"), join(path, "index.mjs")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function packageEntry(dir: string, subpath: string, specifier: string): string {
  let pkg: { name?: unknown; exports?: unknown; main?: unknown };
  const manifest = join(dir, "package.json");
  try {
    pkg = JSON.parse(readFileSync(manifest, "utf8")) as typeof pkg;
  } catch (error) {
    throw fail(`Cannot load plugin "${specifier}": ${manifest} is not readable JSON.`, { specifier, manifest }, error);
  }
  let file: string | undefined;
  if (pkg.exports !== undefined && pkg.exports !== null) {
    const target = resolveExports(pkg.exports, subpath);
    if (target === undefined) {
      throw fail(
        `Cannot load plugin "${specifier}": the package at ${dir} does not export "${subpath}" for import ` +
          `(its package.json "exports" has no "node", "import" or "default" target there).`,
        { specifier, dir, subpath },
      );
    }
    file = resolve(dir, target);
    if (!existsSync(file)) {
      throw fail(
        `Cannot load plugin "${specifier}": its package.json points to ${file}, which does not exist. ` +
          "If the package is built from source, build it first.",
        { specifier, file },
      );
    }
    return file;
  }
  const main = subpath === "." ? (typeof pkg.main === "string" ? pkg.main : "index.js") : subpath;
  file = fileOrIndex(resolve(dir, main));
  if (file === undefined) {
    throw fail(`Cannot load plugin "${specifier}": the package at ${dir} has no entry file (${main}).`, { specifier, dir });
  }
  return file;
}

function findPackageDir(name: string, from: string): string | undefined {
  let dir = resolve(from);
  for (;;) {
    const candidate = join(dir, "node_modules", ...name.split("/"));
    if (existsSync(join(candidate, "package.json"))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

/**
 * Finds the module file a plugin specifier names, without importing it. Paths (`./x.mjs`, `/abs`,
 * `file:` URLs, a package folder) resolve against `cwd`; package names resolve from `cwd` and its
 * parent folders first, then from each of `paths`, trying {@link pluginPackageCandidates} in order.
 * @throws GramscoreError `PLUGIN_LOAD_FAILED` saying what was tried and how to install it.
 */
export function resolvePlugin(specifier: string, options: PluginLoadOptions = {}): ResolvedPlugin {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (typeof specifier !== "string" || specifier.trim() === "") {
    throw fail(`A plugin must be named by a package name or a path, but got ${JSON.stringify(specifier)}.`, { specifier });
  }
  if (isPathSpecifier(specifier)) {
    const path = specifier.startsWith("file:") ? fileURLToPath(specifier) : resolve(cwd, specifier);
    if (!existsSync(path)) {
      throw fail(`Cannot load plugin "${specifier}": ${path} does not exist.`, { specifier, path });
    }
    let file: string | undefined;
    if (statSync(path).isDirectory()) {
      file = existsSync(join(path, "package.json")) ? packageEntry(path, ".", specifier) : fileOrIndex(join(path, "index"));
      if (file === undefined) throw fail(`Cannot load plugin "${specifier}": the folder ${path} has no package.json or index.js.`, { specifier, path });
    } else file = path;
    return { specifier, packageName: undefined, file: realpathSync(file) };
  }
  const bases = [cwd, ...(options.paths ?? []).map((p) => resolve(p))];
  const candidates = pluginPackageCandidates(specifier);
  for (const base of bases) {
    for (const candidate of candidates) {
      const { name, subpath } = splitPackage(candidate);
      const dir = findPackageDir(name, base);
      if (dir === undefined) continue;
      return { specifier, packageName: candidate, file: realpathSync(packageEntry(dir, subpath, specifier)) };
    }
  }
  const names = candidates.length === 1 ? `"${candidates[0]}"` : candidates.map((c) => `"${c}"`).join(", ");
  const where = bases.length === 1 ? cwd : `${cwd} or ${bases.slice(1).join(", ")}`;
  const install = candidates.length === 1 ? candidates[0]! : `gramscore-plugin-${specifier}`;
  const parts = [
    `Cannot find plugin "${specifier}": no package ${names} is installed in ${where} (or a parent folder).`,
    `Install it (npm install ${install}) or pass the path of a plugin module (e.g. ./my-plugin.mjs).`,
  ];
  if (existsSync(resolve(cwd, specifier))) parts.push(`A file "${specifier}" exists here: write ./${specifier} to load it by path.`);
  throw fail(parts.join(" "), { specifier, tried: candidates, from: bases });
}

/**
 * Resolves (see {@link resolvePlugin}), imports and validates a plugin module: its default export,
 * else its `plugin` export. Import failures and invalid exports become `PLUGIN_LOAD_FAILED` errors
 * whose `cause` is the original error.
 */
export async function loadPlugin(specifier: string, options: PluginLoadOptions = {}): Promise<LoadedPlugin> {
  const resolved = resolvePlugin(specifier, options);
  const source = resolved.packageName !== undefined ? `plugin package ${resolved.packageName} (${resolved.file})` : `plugin ${resolved.file}`;
  let mod: unknown;
  try {
    mod = await import(pathToFileURL(resolved.file).href);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    const extra =
      code === "ERR_UNKNOWN_FILE_EXTENSION"
        ? " This Node.js cannot import that file type: compile TypeScript plugins to JavaScript (.js or .mjs) first."
        : "";
    throw fail(`Cannot load ${source}: ${clause(error)}.${extra}`, { specifier, file: resolved.file }, error);
  }
  const plugin = pluginFromModule(mod, source);
  return { ...resolved, plugin };
}

/** Loads each specifier with {@link loadPlugin}, in order, and registers it with `registry.use()`. */
export async function usePlugins(
  registry: Registry,
  specifiers: readonly string[],
  options: PluginLoadOptions & UseOptions = {},
): Promise<LoadedPlugin[]> {
  const loaded: LoadedPlugin[] = [];
  for (const specifier of specifiers) {
    const one = await loadPlugin(specifier, options);
    registry.use(one.plugin, options);
    loaded.push(one);
  }
  return loaded;
}
