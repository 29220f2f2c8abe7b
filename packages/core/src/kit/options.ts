/**
 * Metric options read against a list of rules: the one resolver every metric uses, so that unknown
 * keys, wrong types, closed choices, integer ranges and defaults are checked and worded alike.
 */
import { ErrorCode, GramscoreError, describeValue } from "../errors.js";
import { unknownOptionError } from "../option-names.js";
import type { OptionSpec } from "../types.js";

/**
 * How one option key is read. An {@link OptionSpec} is a rule (its `flag` and `description` are for
 * front ends); a rule without them is an option taken in code only.
 */
export interface OptionRule {
  /** Key in the options object. */
  readonly key: string;
  /** Value type; `list` is an array of strings (or a comma-separated string). */
  readonly type: OptionSpec["type"];
  /** Allowed values of a `string` (or of every element of a `list`), when the set is closed. */
  readonly choices?: readonly string[];
  /** The value when the key is absent (or `undefined`). */
  readonly default?: OptionSpec["default"];
  /** A `number` must be an integer (a safe integer). */
  readonly integer?: boolean;
  /** Smallest allowed `number`. */
  readonly min?: number;
  /** Largest allowed `number`. */
  readonly max?: number;
  /** A `number` may come as a numeric string (`"0.9"`), read as `Number(value)`. */
  readonly numericString?: boolean;
  /** What the value must be, for the message (`an integer from 1 to 255 (the highest n-gram order)`); derived from the rule when omitted. */
  readonly expected?: string;
  /**
   * Reads the value itself, instead of the checks above: called with the value given (`undefined`
   * when absent) and the options resolved so far (rules are read in order); its result is the
   * resolved value. For values that are not plain data (a tokenizer, a provider, `nrefs`).
   */
  readonly read?: (value: unknown, resolved: Readonly<Record<string, unknown>>) => unknown;
}

/** What {@link resolveOptions} reads options against. */
export interface OptionRules {
  /** The metric's display name for messages, e.g. `chrF`. */
  readonly metric: string;
  /** An options object shown when the options are not an object, e.g. `{ wordOrder: 2 }`. */
  readonly example: string;
  /** The rules, one per key, in the order they are read. */
  readonly rules: readonly OptionRule[];
}

/**
 * The error for an option value a metric refuses: `INVALID_OPTION` with `details.option`.
 * @param message What the option must be and what came (the metric's own words).
 * @param key The option key.
 */
export function invalidOption(message: string, key: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option: key } });
}

/** What a rule's value must be, in words: `true or false`, `an integer from 0 to 255`, `"a" or "b"`. */
export function expectedOf(rule: OptionRule): string {
  if (rule.expected !== undefined) return rule.expected;
  switch (rule.type) {
    case "boolean":
      return "true or false";
    case "number": {
      const kind = rule.integer ? "an integer" : "a finite number";
      if (rule.min !== undefined && rule.max !== undefined) return `${kind} from ${rule.min} to ${rule.max}`;
      if (rule.min !== undefined) return `${kind} >= ${rule.min}`;
      if (rule.max !== undefined) return `${kind} <= ${rule.max}`;
      return kind;
    }
    case "string":
      return rule.choices === undefined ? "a string" : orList(rule.choices);
    case "list":
      return rule.choices === undefined ? "a list of strings" : `a list of ${orList(rule.choices)}`;
  }
}

function orList(choices: readonly string[]): string {
  const quoted = choices.map((c) => JSON.stringify(c));
  return quoted.length <= 1 ? (quoted[0] ?? "nothing") : `${quoted.slice(0, -1).join(", ")} or ${quoted.at(-1)!}`;
}

/** Reads one plain value against its rule, or returns `FAIL`. */
const FAIL: unique symbol = Symbol("fail");

function readPlain(rule: OptionRule, value: unknown): unknown {
  switch (rule.type) {
    case "boolean":
      return typeof value === "boolean" ? value : FAIL;
    case "number": {
      const n = rule.numericString && typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof n !== "number" || !Number.isFinite(n)) return FAIL;
      if (rule.integer && !Number.isSafeInteger(n)) return FAIL;
      if ((rule.min !== undefined && n < rule.min) || (rule.max !== undefined && n > rule.max)) return FAIL;
      return n;
    }
    case "string":
      if (typeof value !== "string") return FAIL;
      return rule.choices === undefined || rule.choices.includes(value) ? value : FAIL;
    case "list": {
      const items = typeof value === "string" ? value.split(",").map((s) => s.trim()).filter((s) => s !== "") : value;
      if (!Array.isArray(items) || !items.every((s) => typeof s === "string" && (rule.choices === undefined || rule.choices.includes(s)))) return FAIL;
      return items.slice();
    }
  }
}

/**
 * Reads `options` against a metric's rules: `undefined` and `null` are `{}`; anything else that is
 * not a plain object, and any key without a rule, is refused ({@link unknownOptionError} names the
 * one name of a renamed option); each rule then gives its key's value: `read` when it has one, else
 * the default when the key is absent, else the value checked against the rule's type, choices and
 * range. Keys are read in the order of the rules.
 * @param defaults Defaults that replace the rules' own (a variant's, such as chrF++'s `wordOrder: 2`).
 * @returns Every rule's key with its resolved value (keys without value or default are `undefined`).
 * @throws GramscoreError `INVALID_OPTION`: `<metric> option <key> must be <expected>, but got <value>.`
 */
export function resolveOptions<R = Record<string, unknown>>(options: unknown, rules: OptionRules, defaults?: Readonly<Record<string, unknown>>): R {
  if (options === undefined || options === null) options = {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `${rules.metric} options must be an object such as ${rules.example}, but got ${describeValue(options)}.`);
  }
  const given = options as Record<string, unknown>;
  for (const key of Object.keys(given)) {
    if (!rules.rules.some((r) => r.key === key)) {
      throw unknownOptionError(
        rules.metric,
        key,
        rules.rules.map((r) => r.key),
      );
    }
  }
  const out: Record<string, unknown> = {};
  for (const rule of rules.rules) {
    const value = given[rule.key];
    if (rule.read !== undefined) {
      out[rule.key] = rule.read(value, out);
      continue;
    }
    if (value === undefined) {
      const fallback = defaults !== undefined && Object.prototype.hasOwnProperty.call(defaults, rule.key) ? defaults[rule.key] : rule.default;
      out[rule.key] = Array.isArray(fallback) ? fallback.slice() : fallback;
      continue;
    }
    const read = readPlain(rule, value);
    if (read === FAIL) throw invalidOption(`${rules.metric} option ${rule.key} must be ${expectedOf(rule)}, but got ${describeValue(value)}.`, rule.key);
    out[rule.key] = read;
  }
  return out as R;
}
