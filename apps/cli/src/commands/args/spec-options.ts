/**
 * Turns the OptionSpec lists of metric and tokenizer descriptors into command-line flags, with no
 * code specific to any metric: each option gets `--<flag>` (applied to every selected metric that
 * declares it) and `--<metric>-<flag>` (that metric only, taking precedence).
 */
import { InvalidArgumentError, Option, type Command } from "commander";
import type { OptionSpec } from "@gramscore/core";

/** A metric or tokenizer and the options it declares. */
export interface OptionOwner {
  readonly name: string;
  readonly specs: readonly OptionSpec[];
}

/** How one declared option can be set on the command line. */
export interface OptionBinding {
  readonly owner: string;
  readonly spec: OptionSpec;
  /** `--<flag>`, when that flag is free and its type agrees. */
  readonly shared: Option | undefined;
  /** `--<owner>-<flag>`, when that flag is free. */
  readonly scoped: Option | undefined;
}

const FLAG_SAFE = /^[A-Za-z0-9][A-Za-z0-9-]*$/;

function parseNumber(flag: string) {
  return (value: string): number => {
    const n = value.trim() === "" ? Number.NaN : Number(value);
    if (!Number.isFinite(n)) throw new InvalidArgumentError(`--${flag} takes a number, but got "${value}".`);
    return n;
  };
}

function parseList(value: string, previous: unknown): string[] {
  const items = value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return Array.isArray(previous) ? [...(previous as string[]), ...items] : items;
}

/** A default as typed on the command line (`""` for the empty string), or undefined when none. */
function shownDefault(spec: OptionSpec): string | undefined {
  if (spec.default === undefined) return undefined;
  const d = Array.isArray(spec.default) ? spec.default.join(",") : String(spec.default);
  return d === "" ? '""' : d;
}

/**
 * The help text of a flag: the first declaration's description, then the choices and the default
 * of every owner, from their own OptionSpecs (the source of their signatures too): `(default: 13a)`
 * when the owners agree, `(default: 13a for bleu; none for gleu, nist)` when they do not.
 */
function describe(specs: readonly { owner: string; spec: OptionSpec }[]): string {
  const first = specs[0]!.spec;
  let text = first.description ?? "";
  const choices = [...new Set(specs.flatMap(({ spec }) => spec.choices ?? []))];
  if (choices.length > 0) text += ` (choices: ${choices.join(", ")})`;
  const byDefault = new Map<string, string[]>();
  for (const { owner, spec } of specs) {
    const d = shownDefault(spec) ?? "none set";
    byDefault.set(d, [...(byDefault.get(d) ?? []), owner]);
  }
  if (byDefault.size === 1) {
    const only = shownDefault(first);
    if (only !== undefined) text += ` (default: ${only})`;
  } else {
    text += ` (default: ${[...byDefault].map(([d, owners]) => `${d} for ${owners.join(", ")}`).join("; ")})`;
  }
  return text;
}

function makeOptions(flag: string, spec: OptionSpec, description: string): Option[] {
  switch (spec.type) {
    case "boolean": {
      const on = new Option(`--${flag}`, description);
      // A flag named no-x is an option of its own (sacrebleu's --ter-no-punct), not commander's negation of --x.
      if (flag.startsWith("no-")) on.negate = false;
      const off = new Option(`--no-${flag}`, `turn off --${flag}`);
      if (spec.default !== true) off.hideHelp();
      return [on, off];
    }
    case "number":
      return [new Option(`--${flag} <number>`, description).argParser(parseNumber(flag))];
    case "list":
      return [new Option(`--${flag} <items>`, `${description} [comma-separated]`).argParser(parseList)];
    default:
      return [new Option(`--${flag} <value>`, description)];
  }
}

/** The long flags a command (and its parents) already has, with and without `no-`. */
export function takenFlags(cmd: Command): Set<string> {
  const taken = new Set<string>(["help", "version"]);
  for (let c: Command | null = cmd; c !== null; c = c.parent) {
    for (const o of c.options) {
      if (o.long === undefined) continue;
      const flag = o.long.replace(/^--/, "");
      taken.add(flag);
      if (flag.startsWith("no-")) taken.add(flag.slice(3));
      else taken.add(`no-${flag}`);
    }
  }
  return taken;
}

/**
 * Adds the flags of every owner's options to `cmd` (grouped in help by owner) and returns how each
 * option can be set. Flags the command already has are never redefined: such an option is then
 * reachable as `--<owner>-<flag>` only.
 */
export function addSpecOptions(cmd: Command, owners: readonly OptionOwner[], ownerLabel: string): OptionBinding[] {
  const taken = takenFlags(cmd);
  const shared = new Map<string, { option: Option; type: OptionSpec["type"]; owners: string[]; specs: { owner: string; spec: OptionSpec }[] }>();
  const pending: { owner: string; spec: OptionSpec }[] = [];
  for (const owner of owners) for (const spec of owner.specs) pending.push({ owner: owner.name, spec });

  // Shared flags: the first declaration decides the type; later ones of another type get none.
  for (const { owner, spec } of pending) {
    const existing = shared.get(spec.flag);
    if (existing !== undefined) {
      if (existing.type === spec.type) {
        existing.owners.push(owner);
        existing.specs.push({ owner, spec });
      }
      continue;
    }
    const clash = taken.has(spec.flag) || (spec.type === "boolean" && taken.has(`no-${spec.flag}`));
    if (clash) continue;
    const [main, ...rest] = makeOptions(spec.flag, spec, describe([{ owner, spec }]));
    shared.set(spec.flag, { option: main!, type: spec.type, owners: [owner], specs: [{ owner, spec }] });
    for (const o of [main!, ...rest]) {
      cmd.addOption(o);
      taken.add(o.long!.replace(/^--/, ""));
    }
  }
  for (const entry of shared.values()) {
    const text = describe(entry.specs);
    entry.option.description = entry.type === "list" ? `${text} [comma-separated]` : text;
    entry.option.helpGroup(`Options of ${ownerLabel}${entry.owners.length > 1 ? "s" : ""} ${entry.owners.join(", ")}:`);
  }

  const bindings: OptionBinding[] = [];
  for (const { owner, spec } of pending) {
    const s = shared.get(spec.flag);
    const sharedOption = s !== undefined && s.owners.includes(owner) ? s.option : undefined;
    let scoped: Option | undefined;
    if (FLAG_SAFE.test(owner)) {
      const flag = spec.flag.startsWith(`${owner}-`) ? spec.flag : `${owner}-${spec.flag}`;
      const free = !taken.has(flag) && !(spec.type === "boolean" && taken.has(`no-${flag}`));
      if (free && (flag !== spec.flag || sharedOption === undefined)) {
        const options = makeOptions(flag, spec, describe([{ owner, spec }]));
        scoped = options[0];
        for (const o of options) {
          if (sharedOption !== undefined) o.hideHelp();
          else o.helpGroup(`Options of ${ownerLabel} ${owner}:`);
          cmd.addOption(o);
          taken.add(o.long!.replace(/^--/, ""));
        }
      }
    }
    bindings.push({ owner, spec, shared: sharedOption, scoped });
  }
  return bindings;
}

/** The options object of each owner, from the parsed flags: `{ [spec.key]: value }` for flags given. */
export function collectSpecOptions(cmd: Command, bindings: readonly OptionBinding[]): Map<string, Record<string, unknown>> {
  const out = new Map<string, Record<string, unknown>>();
  for (const b of bindings) {
    const options = out.get(b.owner) ?? {};
    out.set(b.owner, options);
    const scoped = b.scoped === undefined ? undefined : cmd.getOptionValue(b.scoped.attributeName()) as unknown;
    const value = scoped !== undefined ? scoped : b.shared === undefined ? undefined : (cmd.getOptionValue(b.shared.attributeName()) as unknown);
    if (value !== undefined) options[b.spec.key] = value;
  }
  return out;
}
