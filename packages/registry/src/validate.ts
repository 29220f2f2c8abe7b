import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import type { MetricDescriptor, OptionSpec, Plugin, TokenizerDescriptor } from "@gramscore/core";

/** The two kinds of things a registry holds. */
export type Kind = "tokenizer" | "metric";

/**
 * Names of tokenizers and metrics: no whitespace, no commas (the CLI splits `-m a,b` on them), no `=`,
 * not empty. `13a`, `ja-mecab`, `chrf++` and `rouge:L` are fine.
 */
const NAME = /^[^\s,=]+$/u;

/** Command-line flags: letters, digits and inner dashes, e.g. `smooth-method`. */
const FLAG = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

const OPTION_TYPES = new Set(["string", "number", "boolean", "list"]);

/** True when `name` can name a tokenizer or metric (see {@link validatePlugin}). */
export function isValidName(name: unknown): name is string {
  return typeof name === "string" && NAME.test(name);
}

function invalid(where: string, message: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_TYPE, `${where}: ${message}`, { details: { where } });
}

function checkOptions(options: unknown, where: string): void {
  if (options === undefined) return;
  if (!Array.isArray(options)) throw invalid(where, `options must be an array of OptionSpec, but got ${describeValue(options)}.`);
  const flags = new Set<string>();
  options.forEach((raw: unknown, i) => {
    const at = `${where}, option ${i}`;
    if (raw === null || typeof raw !== "object") throw invalid(at, `expected an OptionSpec object, but got ${describeValue(raw)}.`);
    const o = raw as Partial<OptionSpec>;
    if (typeof o.key !== "string" || o.key === "") throw invalid(at, `key must be a non-empty string, but got ${describeValue(o.key)}.`);
    if (typeof o.flag !== "string" || !FLAG.test(o.flag)) {
      throw invalid(at, `flag must be letters, digits and inner dashes without leading "--" (e.g. "smooth-method"), but got ${describeValue(o.flag)}.`);
    }
    if (flags.has(o.flag)) throw invalid(at, `the flag "${o.flag}" is declared twice.`);
    flags.add(o.flag);
    if (typeof o.type !== "string" || !OPTION_TYPES.has(o.type)) {
      throw invalid(at, `type must be one of string, number, boolean, list, but got ${describeValue(o.type)}.`);
    }
    if (o.choices !== undefined && (!Array.isArray(o.choices) || o.choices.some((c) => typeof c !== "string"))) {
      throw invalid(at, `choices must be an array of strings, but got ${describeValue(o.choices)}.`);
    }
    if (o.description !== undefined && typeof o.description !== "string") {
      throw invalid(at, `description must be a string, but got ${describeValue(o.description)}.`);
    }
  });
}

function checkDescriptor(raw: unknown, kind: Kind, where: string): void {
  if (raw === null || typeof raw !== "object") throw invalid(where, `expected a ${kind} descriptor object, but got ${describeValue(raw)}.`);
  const d = raw as Partial<TokenizerDescriptor | MetricDescriptor>;
  const fix = kind === "tokenizer" ? "defineTokenizer({ name, description, create })" : "defineMetric({ name, description, create })";
  if (d.kind !== kind) throw invalid(where, `kind must be "${kind}", but got ${describeValue(d.kind)}. Declare it with ${fix}.`);
  if (!isValidName(d.name)) {
    throw invalid(where, `name must be a non-empty string without whitespace, commas or "=", but got ${describeValue(d.name)}.`);
  }
  if (typeof d.create !== "function") throw invalid(`${where} "${d.name}"`, `create must be a function, but got ${describeValue(d.create)}.`);
  if (d.description !== undefined && typeof d.description !== "string") {
    throw invalid(`${where} "${d.name}"`, `description must be a string, but got ${describeValue(d.description)}.`);
  }
  if (d.aliases !== undefined) {
    if (!Array.isArray(d.aliases)) throw invalid(`${where} "${d.name}"`, `aliases must be an array of names, but got ${describeValue(d.aliases)}.`);
    for (const alias of d.aliases) {
      if (!isValidName(alias)) throw invalid(`${where} "${d.name}"`, `alias ${describeValue(alias)} is not a valid name.`);
    }
  }
  checkOptions(d.options, `${where} "${d.name}"`);
  const needs = (d as { needs?: unknown }).needs;
  if (needs !== undefined && typeof needs !== "function") {
    throw invalid(`${where} "${d.name}"`, `needs must be a function returning what the tokenizer needs, but got ${describeValue(needs)}.`);
  }
}

/**
 * Checks that `value` is a well-formed {@link Plugin} (as `definePlugin` makes it) and returns it.
 * `source` names where it came from in error messages.
 * @throws GramscoreError `INVALID_TYPE` naming the first problem found.
 */
export function validatePlugin(value: unknown, source = "plugin"): Plugin {
  if (value === null || typeof value !== "object") {
    throw invalid(source, `expected a plugin object made with definePlugin({ name, tokenizers, metrics }), but got ${describeValue(value)}.`);
  }
  const p = value as Partial<Plugin>;
  if (p.kind !== "plugin") {
    throw invalid(source, `kind must be "plugin", but got ${describeValue(p.kind)}. Create the plugin with definePlugin() from @gramscore/core.`);
  }
  if (typeof p.name !== "string" || p.name === "") throw invalid(source, `name must be a non-empty string, but got ${describeValue(p.name)}.`);
  if (p.version !== undefined && typeof p.version !== "string") throw invalid(source, `version must be a string, but got ${describeValue(p.version)}.`);
  const where = `plugin "${p.name}"`;
  for (const kind of ["tokenizer", "metric"] as const) {
    const list = kind === "tokenizer" ? p.tokenizers : p.metrics;
    if (list === undefined) continue;
    if (!Array.isArray(list)) throw invalid(where, `${kind}s must be an array, but got ${describeValue(list)}.`);
    list.forEach((d: unknown, i) => checkDescriptor(d, kind, `${where}, ${kind} ${i}`));
  }
  if (p.normalizers !== undefined) {
    if (!Array.isArray(p.normalizers)) throw invalid(where, `normalizers must be an array, but got ${describeValue(p.normalizers)}.`);
    p.normalizers.forEach((n: unknown, i) => {
      const at = `${where}, normalizer ${i}`;
      const o = (n ?? {}) as { name?: unknown; signature?: unknown; normalize?: unknown };
      if (n === null || typeof n !== "object") throw invalid(at, `expected a normalizer { name, signature, normalize(text) }, but got ${describeValue(n)}.`);
      if (!isValidName(o.name)) throw invalid(at, `name must be a non-empty string without whitespace, commas or "=", but got ${describeValue(o.name)}.`);
      if (typeof o.signature !== "string" || o.signature === "") throw invalid(`${at} "${o.name}"`, `signature must be a non-empty string, but got ${describeValue(o.signature)}.`);
      if (typeof o.normalize !== "function") throw invalid(`${at} "${o.name}"`, `normalize must be a function (text) => string, but got ${describeValue(o.normalize)}.`);
    });
  }
  return value as Plugin;
}

/**
 * Finds the plugin a module exports: its default export, else its `plugin` export (also the
 * `default.default` a CommonJS build produces). `source` names the module in error messages.
 * @throws GramscoreError `PLUGIN_LOAD_FAILED` when there is none, wrapping the validation error.
 */
export function pluginFromModule(mod: unknown, source: string): Plugin {
  const m = (mod ?? {}) as Record<string, unknown>;
  const candidates: unknown[] = [];
  const def = m.default as Record<string, unknown> | undefined;
  if (def !== undefined) {
    if (def !== null && typeof def === "object" && def.kind !== "plugin" && def.default !== undefined) candidates.push(def.default);
    else candidates.push(def);
  }
  if (m.plugin !== undefined) candidates.push(m.plugin);
  if (candidates.length === 0) {
    const names = typeof mod === "object" && mod !== null ? Object.keys(mod) : [];
    throw new GramscoreError(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `${source} does not export a gramscore plugin: expected \`export default definePlugin({ ... })\` (or \`export const plugin\`), ` +
        `but it exports ${names.length === 0 ? "nothing" : names.map((n) => `"${n}"`).join(", ")}.`,
      { details: { source, exports: names, reason: "no-plugin" } },
    );
  }
  try {
    return validatePlugin(candidates[0], source);
  } catch (error) {
    throw new GramscoreError(
      ErrorCode.PLUGIN_LOAD_FAILED,
      `${source} exports something that is not a valid gramscore plugin. ${(error as Error).message}`,
      { cause: error, details: { source, reason: "invalid" } },
    );
  }
}
