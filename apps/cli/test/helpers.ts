import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { run } from "gramscore";

export const here = dirname(fileURLToPath(import.meta.url));
export const cliRoot = join(here, "..");
export const repoRoot = join(cliRoot, "../..");
export const fixtures = join(here, "fixtures");
export const data = join(fixtures, "data");
export const toyPlugin = join(fixtures, "toy-plugin.mjs");
export const cliJs = join(cliRoot, "dist/cli.js");

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    t = Math.max(t, st.isDirectory() ? newest(p) : st.mtimeMs);
  }
  return t;
}

/**
 * The process tests run the built CLI: fail early, with the command to fix it, when it is missing
 * or older than its sources (or the registry's).
 */
export function assertBuilt(): void {
  const build = "pnpm turbo run build --filter gramscore...";
  if (!existsSync(cliJs)) throw new Error(`${cliJs} does not exist: build the CLI first (${build}).`);
  const built = statSync(cliJs).mtimeMs;
  const registryDist = join(repoRoot, "packages/registry/dist/node.js");
  if (!existsSync(registryDist)) throw new Error(`${registryDist} does not exist: run ${build}.`);
  if (newest(join(cliRoot, "src")) > built || newest(join(repoRoot, "packages/registry/src")) > statSync(registryDist).mtimeMs) {
    throw new Error(`The built CLI is older than its sources: run ${build} before these tests.`);
  }
}

/** What a CLI run printed and returned. */
export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Options of {@link cli} and {@link inProcess}. */
export interface RunOptions {
  stdin?: string | Buffer;
  cwd?: string;
  env?: Record<string, string | undefined>;
  /** Options of `node` itself (process runs only), e.g. `--import` a preload module. */
  nodeArgs?: string[];
}

/** Runs `node apps/cli/dist/cli.js ...args` as a process. */
export function cli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    // GRAMSCORE_JOBS_MIN_BYTES=0: --jobs uses workers on the small test inputs too, so the tests cover them.
    const env: Record<string, string | undefined> = {
      ...process.env,
      NO_COLOR: "1",
      FORCE_COLOR: undefined,
      GRAMSCORE_FORMAT: undefined,
      GRAMSCORE_JOBS_MIN_BYTES: "0",
      GRAMSCORE_PROFILE: undefined,
      ...options.env,
    };
    for (const k of Object.keys(env)) if (env[k] === undefined) delete env[k];
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), cliJs, ...args], { cwd: options.cwd ?? data, env: env as NodeJS.ProcessEnv });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => err.push(c));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code: code ?? -1, stdout: Buffer.concat(out).toString("utf8"), stderr: Buffer.concat(err).toString("utf8") }));
    child.stdin.on("error", () => {});
    if (options.stdin !== undefined) child.stdin.end(options.stdin);
    else child.stdin.end();
  });
}

/** A stream double that records what is written. */
export class Capture {
  text = "";
  isTTY: boolean;
  columns = 120;
  constructor(isTTY = false) {
    this.isTTY = isTTY;
  }
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** Runs the CLI in this process through `run()` with captured streams. */
export async function inProcess(
  args: readonly string[],
  options: RunOptions & { stdoutTTY?: boolean; stderrTTY?: boolean; stdinTTY?: boolean; progressDelayMs?: number } = {},
): Promise<CliResult & { stderrStream: Capture }> {
  const stdout = new Capture(options.stdoutTTY);
  const stderr = new Capture(options.stderrTTY);
  const stdin = Object.assign(Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]), { isTTY: options.stdinTTY });
  const code = await run(args, {
    stdin,
    stdout,
    stderr,
    cwd: options.cwd ?? data,
    env: options.env ?? { NO_COLOR: "1", GRAMSCORE_JOBS_MIN_BYTES: "0" },
    ...(options.progressDelayMs === undefined ? {} : { progressDelayMs: options.progressDelayMs }),
  });
  return { code, stdout: stdout.text, stderr: stderr.text, stderrStream: stderr };
}

/** A fresh temporary folder (real path). */
export function tempDir(prefix = "gramscore-cli-"): string {
  return realpathSync(mkdtempSync(join(tmpdir(), prefix)));
}

/** Writes `files` (relative path → content) under `dir`. */
export function writeFiles(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
}

/** The lines of a fixture text file, as the CLI reads them (split on \n, trailing whitespace stripped). */
export function fixtureLines(name: string): string[] {
  const text = readFileSync(join(data, name), "utf8");
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((l) => l.replace(/\s+$/u, ""));
}

/**
 * The JSON Schemas documented in the CLI README: each ```json block right after a heading line
 * `#### Schema: <name>`.
 */
export function readmeSchemas(): Record<string, unknown> {
  const text = readFileSync(join(cliRoot, "README.md"), "utf8");
  const out: Record<string, unknown> = {};
  const re = /^#### Schema: (.+)\n+```json\n([\s\S]*?)\n```/gm;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) out[m[1]!.trim()] = JSON.parse(m[2]!);
  return out;
}

type Schema = Record<string, any>;

/**
 * Checks `value` against a JSON Schema (the subset the README uses: type, enum, const, minimum,
 * required, properties, additionalProperties, items, $ref to #/$defs). Returns the problems found.
 */
export function validateSchema(value: unknown, schema: Schema, root: Schema = schema, path = "$"): string[] {
  if (schema.$ref !== undefined) {
    const name = String(schema.$ref).replace("#/$defs/", "");
    return validateSchema(value, root.$defs[name], root, path);
  }
  const errors: string[] = [];
  const typeOf = (v: unknown): string =>
    v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "number" ? (Number.isInteger(v) ? "integer" : "number") : typeof v;
  if (schema.type !== undefined) {
    const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
    const t = typeOf(value);
    if (!types.includes(t) && !(t === "integer" && types.includes("number"))) errors.push(`${path}: expected ${types.join("|")}, got ${t}`);
  }
  if (schema.enum !== undefined && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in ${JSON.stringify(schema.enum)}`);
  if (schema.const !== undefined && value !== schema.const) errors.push(`${path}: expected ${JSON.stringify(schema.const)}`);
  if (schema.minimum !== undefined && typeof value === "number" && value < schema.minimum) errors.push(`${path}: below ${schema.minimum}`);
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const obj = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (!(key in obj)) errors.push(`${path}: missing ${key}`);
    for (const [key, v] of Object.entries(obj)) {
      if (schema.properties?.[key] !== undefined) errors.push(...validateSchema(v, schema.properties[key], root, `${path}.${key}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${key}`);
      else if (typeof schema.additionalProperties === "object") errors.push(...validateSchema(v, schema.additionalProperties, root, `${path}.${key}`));
    }
  }
  if (Array.isArray(value) && schema.items !== undefined) value.forEach((v, i) => errors.push(...validateSchema(v, schema.items, root, `${path}[${i}]`)));
  return errors;
}
