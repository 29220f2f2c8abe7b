import { ErrorCode, GramscoreError } from "@gramscore/core";

/**
 * Loads a module by specifier, like `import(specifier)`. Loaders accept one so that bundled apps
 * (and tests) can supply the optional libraries themselves:
 * ```ts
 * importer: async (s) => ({ "gpt-tokenizer/encoding/o200k_base": await import("gpt-tokenizer/encoding/o200k_base") })[s]
 * ```
 */
export type Importer = (specifier: string) => Promise<unknown>;

/** `import(specifier)`, hidden from bundlers so an uninstalled optional peer does not break a build. */
export const defaultImporter: Importer = (specifier) => import(/* webpackIgnore: true */ /* @vite-ignore */ specifier);

/** An optional peer dependency: its npm name and what it is needed for. */
export interface Peer {
  /** Package name, e.g. `gpt-tokenizer`. */
  readonly name: string;
  /** Which loader needs it, for messages, e.g. `loadTiktoken({ library: "gpt-tokenizer" })`. */
  readonly neededBy: string;
}

const NOT_FOUND_CODES = new Set(["ERR_MODULE_NOT_FOUND", "MODULE_NOT_FOUND", "ERR_LOAD_URL"]);

/** True when `error` says a module could not be found (rather than failing while it ran). */
export function isModuleNotFound(error: unknown): boolean {
  if (error === null || typeof error !== "object") return false;
  const e = error as { code?: unknown; message?: unknown };
  if (typeof e.code === "string" && NOT_FOUND_CODES.has(e.code)) return true;
  return typeof e.message === "string" && /cannot find (module|package)|failed to (resolve|load) (import|url|module)/i.test(e.message);
}

/** The error for an optional peer that is not installed. */
export function missingPeer(peer: Peer, cause?: unknown, specifier?: string): GramscoreError {
  const what = specifier !== undefined && specifier !== peer.name ? ` (it could not find "${specifier}")` : "";
  return new GramscoreError(
    ErrorCode.MISSING_DEPENDENCY,
    `${peer.neededBy} needs the optional peer dependency "${peer.name}", which is not installed${what}. ` +
      `Install it next to @gramscore/tokenizer-subword with \`npm install ${peer.name}\` (or \`pnpm add ${peer.name}\`), ` +
      "or hand the module over yourself with the `importer` option.",
    { cause, details: { package: peer.name } },
  );
}

function loadFailed(peer: Peer, specifier: string, cause: unknown): GramscoreError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new GramscoreError(
    ErrorCode.PLUGIN_LOAD_FAILED,
    `${peer.neededBy}: "${specifier}" (from ${peer.name}) is installed but failed to load: ${reason}. ` +
      `Check that the installed ${peer.name} version is supported (see the package's peerDependencies).`,
    { cause, details: { package: peer.name, specifier } },
  );
}

/**
 * Imports `specifier` (a module of `peer`) through `importer`.
 * @throws GramscoreError `MISSING_DEPENDENCY` when it is not installed, `PLUGIN_LOAD_FAILED` when it
 * is installed but throws while loading.
 */
export async function importPeer(peer: Peer, specifier: string, importer: Importer = defaultImporter): Promise<unknown> {
  let mod: unknown;
  try {
    mod = await importer(specifier);
  } catch (error) {
    throw isModuleNotFound(error) ? missingPeer(peer, error, specifier) : loadFailed(peer, specifier, error);
  }
  if (mod === undefined || mod === null) throw missingPeer(peer, undefined, specifier);
  return mod;
}

type NodeRequire = (id: string) => unknown;
let cachedRequire: NodeRequire | null | undefined;

interface NodeProcessLike {
  getBuiltinModule?: (id: string) => unknown;
}

/** Node's built-in module `id` (e.g. `node:fs`), or undefined outside Node (browsers never load it). */
export function nodeBuiltin<T>(id: string): T | undefined {
  const proc = (globalThis as { process?: NodeProcessLike }).process;
  return typeof proc?.getBuiltinModule === "function" ? (proc.getBuiltinModule(id) as T | undefined) : undefined;
}

/** A synchronous `require` resolving from this package, or undefined outside Node. */
export function nodeRequire(): NodeRequire | undefined {
  if (cachedRequire === undefined) {
    const mod = nodeBuiltin<{ createRequire?: (url: string) => NodeRequire }>("node:module");
    cachedRequire = typeof mod?.createRequire === "function" ? mod.createRequire(import.meta.url) : null;
  }
  return cachedRequire ?? undefined;
}

/**
 * Loads `specifier` synchronously with Node's `require` (CommonJS builds, or `require(esm)`).
 * @throws GramscoreError `MISSING_DEPENDENCY` / `PLUGIN_LOAD_FAILED` as {@link importPeer}, and
 * `USAGE` outside Node, where only the asynchronous loaders work.
 */
export function requirePeer(peer: Peer, specifier: string): unknown {
  const req = nodeRequire();
  if (req === undefined) {
    throw new GramscoreError(
      ErrorCode.USAGE,
      `${peer.neededBy} can only load "${specifier}" synchronously in Node.js. Elsewhere use the asynchronous loader (await it) instead.`,
    );
  }
  try {
    return req(specifier);
  } catch (error) {
    throw isModuleNotFound(error) ? missingPeer(peer, error, specifier) : loadFailed(peer, specifier, error);
  }
}

/** `mod[key]`, looking through a CommonJS/ESM `default` wrapper when needed. */
export function member(mod: unknown, key: string): unknown {
  const m = mod as Record<string, unknown> | null | undefined;
  if (m !== null && m !== undefined && m[key] !== undefined) return m[key];
  const d = m?.default as Record<string, unknown> | null | undefined;
  if (d !== null && d !== undefined && typeof d === "object" && d[key] !== undefined) return d[key];
  if (d !== null && d !== undefined && typeof d === "function" && (d as unknown as Record<string, unknown>)[key] !== undefined) {
    return (d as unknown as Record<string, unknown>)[key];
  }
  return undefined;
}

/** The default export of a module (its `module.exports` for CommonJS), or the namespace itself. */
export function defaultExport(mod: unknown): unknown {
  const m = mod as { default?: unknown } | null | undefined;
  return m?.default !== undefined ? m.default : mod;
}

/**
 * Reads a file's bytes (Node only; the `node:fs` module is loaded only when this runs).
 * @throws GramscoreError `IO_ERROR` when the file cannot be read, `USAGE` outside Node.
 */
export function readFileBytes(path: string, what: string): Uint8Array {
  const fs = nodeBuiltin<{ readFileSync(p: string): Uint8Array }>("node:fs");
  if (fs === undefined) {
    throw new GramscoreError(
      ErrorCode.USAGE,
      `Reading ${what} from the path ${JSON.stringify(path)} needs Node.js. In a browser pass the file's contents (bytes or parsed JSON) instead of a path.`,
    );
  }
  try {
    return fs.readFileSync(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GramscoreError(ErrorCode.IO_ERROR, `Could not read ${what} from ${JSON.stringify(path)}: ${reason}. Check the path.`, {
      cause: error,
      details: { path },
    });
  }
}
