import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describeValue } from "@gramscore/core";
import { isPathSpecifier } from "@gramscore/registry/node";
import { CONFIG_FILE, FORMATS, MAX_WIDTH, type Format } from "./constants.js";
import { usageError } from "./errors.js";

/** Settings read from `gramscore.config.json` or the `"gramscore"` key of `package.json`. */
export interface CliConfig {
  /** Plugins to load (package names, or paths made absolute against the config file's folder). */
  plugins: string[];
  /** Default metrics of `score`, `stats` and `explain` when `-m` is not given. */
  metrics: string[] | undefined;
  /** Default output format. */
  format: Format | undefined;
  /** Default decimal places. */
  width: number | undefined;
  /** The file the settings came from, if any. */
  source: string | undefined;
}

const KEYS = new Set(["$schema", "plugins", "metrics", "format", "width"]);

/** No settings. */
export function emptyConfig(): CliConfig {
  return { plugins: [], metrics: undefined, format: undefined, width: undefined, source: undefined };
}

function parseConfig(value: unknown, source: string): CliConfig {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw usageError(`${source}: the gramscore settings must be a JSON object, but got ${describeValue(value)}.`);
  }
  const v = value as Record<string, unknown>;
  for (const key of Object.keys(v)) {
    if (!KEYS.has(key)) {
      throw usageError(`${source}: unknown setting "${key}". Known settings: plugins, metrics, format, width.`);
    }
  }
  const config = emptyConfig();
  config.source = source;
  const base = dirname(source);
  if (v.plugins !== undefined) {
    if (!Array.isArray(v.plugins) || v.plugins.some((p) => typeof p !== "string" || p === "")) {
      throw usageError(`${source}: "plugins" must be an array of package names or paths, but got ${describeValue(v.plugins)}.`);
    }
    config.plugins = (v.plugins as string[]).map((p) => (isPathSpecifier(p) && !p.startsWith("file:") ? resolve(base, p) : p));
  }
  if (v.metrics !== undefined) {
    if (typeof v.metrics === "string") config.metrics = splitList(v.metrics);
    else if (Array.isArray(v.metrics) && v.metrics.every((m) => typeof m === "string")) config.metrics = (v.metrics as string[]).flatMap(splitList);
    else throw usageError(`${source}: "metrics" must be an array of metric names, but got ${describeValue(v.metrics)}.`);
  }
  if (v.format !== undefined) {
    if (typeof v.format !== "string" || !(FORMATS as readonly string[]).includes(v.format)) {
      throw usageError(`${source}: "format" must be one of ${FORMATS.join(", ")}, but got ${describeValue(v.format)}.`);
    }
    config.format = v.format as Format;
  }
  if (v.width !== undefined) {
    if (typeof v.width !== "number" || !Number.isInteger(v.width) || v.width < 0 || v.width > MAX_WIDTH) {
      throw usageError(`${source}: "width" must be an integer from 0 to ${MAX_WIDTH}, but got ${describeValue(v.width)}.`);
    }
    config.width = v.width;
  }
  return config;
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw usageError(`Cannot read the config file ${file}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw usageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * Reads the settings: the file given with `--config`, else `gramscore.config.json` in `cwd`, else
 * the `"gramscore"` key of `cwd/package.json`; none when `disabled` (`--no-config`).
 * @throws GramscoreError `USAGE` for unreadable or invalid settings.
 */
export function loadConfig(cwd: string, explicit: string | undefined, disabled: boolean): CliConfig {
  if (disabled) return emptyConfig();
  if (explicit !== undefined) {
    const file = resolve(cwd, explicit);
    if (!existsSync(file)) throw usageError(`The config file ${file} (from --config) does not exist.`);
    const json = readJson(file);
    const inner = file.endsWith("package.json") ? (json as Record<string, unknown> | null)?.gramscore : json;
    return inner === undefined ? emptyConfig() : parseConfig(inner, file);
  }
  const own = join(cwd, CONFIG_FILE);
  if (existsSync(own)) return parseConfig(readJson(own), own);
  const pkg = join(cwd, "package.json");
  if (existsSync(pkg)) {
    let json: Record<string, unknown> | null = null;
    try {
      json = JSON.parse(readFileSync(pkg, "utf8")) as Record<string, unknown> | null;
    } catch {
      // A package.json that is not JSON holds no gramscore settings.
    }
    if (json !== null && typeof json === "object" && json.gramscore !== undefined) return parseConfig(json.gramscore, pkg);
  }
  return emptyConfig();
}

/** Splits a comma-separated list (a config's or a flag's `metrics`), dropping empty items. */
export function splitList(value: string): string[] {
  return value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}
