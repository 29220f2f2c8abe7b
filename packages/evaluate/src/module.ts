import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import type { Segment } from "@gramscore/core";
import { suggestNames } from "@gramscore/registry";
import type { EvaluationModule, MetricName, MetricOutputs } from "./types.js";

/** How a metric takes its references, as HF evaluate's script for it does. */
export type ReferenceRule =
  /** A string or a list of strings per prediction (bleu, google_bleu, rouge, meteor). */
  | "any"
  /** As `any`, but every prediction must have the same number (sacrebleu, chrf, ter: HF refuses otherwise). */
  | "same-count"
  /** One string per prediction (wer, cer). */
  | "string"
  /** HF's dictionaries (squad, squad_v2): the module reads predictions and references itself. */
  | "records";

/** The kind of value an option takes, checked before the metric package sees it. */
export type ArgKind =
  | { kind: "boolean" }
  | { kind: "integer"; min: number }
  | { kind: "number"; min?: number; max?: number }
  | { kind: "choice"; values: readonly string[] }
  | { kind: "tokenizer" }
  | { kind: "string" }
  | { kind: "string-list" }
  | { kind: "number-or-null"; min: number };

/** One option of a metric: HF's name, HF's default, and what it must be. */
export interface ArgSpec {
  readonly name: string;
  readonly default: unknown;
  readonly type: ArgKind;
}

/** What a metric's adapter needs: the name, the rules, and the computation on checked input. */
export interface ModuleSpec<N extends MetricName> {
  readonly name: N;
  readonly description: string;
  readonly references: ReferenceRule;
  readonly args: readonly ArgSpec[];
  /** Scores checked segments (one per prediction, in order) with the options (HF names, defaults filled in). */
  run(segments: readonly Segment[], options: Readonly<Record<string, unknown>>): MetricOutputs[N];
  /** For `records`: reads HF's `predictions` and `references` itself and scores them. */
  runRecords?(predictions: unknown, references: unknown, options: Readonly<Record<string, unknown>>): MetricOutputs[N];
}

function invalid(message: string, option: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option } });
}

/** `maxOrder` → `max_order`. */
function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, "_");
}

/** The known names closest to `name` (a snake_case spelling of it first). */
export function closest(name: string, known: readonly string[]): string[] {
  const snake = snakeCase(name);
  const out = snake !== name && known.includes(snake) ? [snake] : [];
  for (const s of suggestNames(name, known)) if (!out.includes(s)) out.push(s);
  return out;
}

function checkValue(metric: string, spec: ArgSpec, value: unknown): unknown {
  if (value === undefined || value === null) {
    // Python's None: the default (HF's own defaults are None for tokenize, smooth_value, rouge_types, tokenizer).
    return spec.default;
  }
  const where = `Argument ${spec.name} of ${metric}`;
  const t = spec.type;
  switch (t.kind) {
    case "boolean":
      if (typeof value !== "boolean") throw invalid(`${where} must be true or false, but got ${describeValue(value)}.`, spec.name);
      return value;
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value) || value < t.min) {
        throw invalid(`${where} must be an integer of at least ${t.min}, but got ${describeValue(value)}.`, spec.name);
      }
      return value;
    case "number":
    case "number-or-null": {
      const min = t.min ?? -Infinity;
      const max = t.kind === "number" ? (t.max ?? Infinity) : Infinity;
      if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
        const range = max === Infinity ? (min === -Infinity ? "" : ` of at least ${min}`) : ` from ${min} to ${max}`;
        throw invalid(`${where} must be a finite number${range}, but got ${describeValue(value)}.`, spec.name);
      }
      return value;
    }
    case "choice":
      if (typeof value !== "string" || !t.values.includes(value)) {
        throw invalid(`${where} must be one of ${t.values.map((v) => JSON.stringify(v)).join(", ")}, but got ${describeValue(value)}.`, spec.name);
      }
      return value;
    case "string":
      if (typeof value !== "string") throw invalid(`${where} must be a string, but got ${describeValue(value)}.`, spec.name);
      return value;
    case "string-list":
      if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
        throw invalid(`${where} must be a list of strings, but got ${describeValue(value)}.`, spec.name);
      }
      return value;
    case "tokenizer":
      if (typeof value !== "function" && typeof value !== "string" && !(typeof value === "object" && typeof (value as { tokenize?: unknown }).tokenize === "function")) {
        throw invalid(`${where} must be a function (text) => string[] (as in HF evaluate), a gramscore Tokenizer or a tokenizer name, but got ${describeValue(value)}.`, spec.name);
      }
      return value;
  }
}

/**
 * Checks HF's `predictions` / `references` and returns one segment per prediction. References are
 * one string per prediction or one list per prediction (not a mix: HF's feature schemas refuse one).
 */
export function toHfSegments(metric: string, predictions: unknown, references: unknown, rule: ReferenceRule): Segment[] {
  if (!Array.isArray(predictions)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `${metric}: predictions must be a list of strings, but got ${describeValue(predictions)}.`, {
      details: { argument: "predictions" },
    });
  }
  const shape = rule === "string" ? "a list of strings (one reference per prediction)" : "a list with a string or a list of strings per prediction";
  if (!Array.isArray(references)) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `${metric}: references must be ${shape}, but got ${describeValue(references)}.`, {
      details: { argument: "references" },
    });
  }
  if (predictions.length !== references.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `${metric}: there are ${predictions.length} predictions but ${references.length} references; references[i] holds the reference(s) of predictions[i].`,
      { details: { predictions: predictions.length, references: references.length } },
    );
  }
  if (predictions.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${metric}: predictions and references are empty; pass at least one prediction with its reference(s).`);
  }
  const lists = Array.isArray(references[0]);
  if (rule === "string" && lists) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${metric} takes one reference string per prediction (as HF evaluate's ${metric}), but references[0] is ${describeValue(references[0])}.`,
      { details: { argument: "references", index: 0 } },
    );
  }
  const segments = new Array<Segment>(predictions.length);
  let count = -1;
  for (let i = 0; i < predictions.length; i++) {
    const hyp: unknown = predictions[i];
    if (typeof hyp !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `${metric}: predictions[${i}] must be a string, but got ${describeValue(hyp)}.`, {
        details: { argument: "predictions", index: i },
      });
    }
    const r: unknown = references[i];
    let refs: string[];
    if (lists) {
      if (!Array.isArray(r)) {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `${metric}: references[0] is a list, so every entry must be a list of strings, but references[${i}] is ${describeValue(r)}. ` +
            "Give one string per prediction or one list per prediction, not a mix.",
          { details: { argument: "references", index: i } },
        );
      }
      if (r.length === 0) {
        throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${metric}: prediction ${i} has no reference (references[${i}] is an empty list).`, {
          details: { argument: "references", index: i },
        });
      }
      for (let j = 0; j < r.length; j++) {
        if (typeof r[j] !== "string") {
          throw new GramscoreError(ErrorCode.INVALID_TYPE, `${metric}: references[${i}][${j}] must be a string, but got ${describeValue(r[j])}.`, {
            details: { argument: "references", index: i, reference: j },
          });
        }
      }
      refs = r as string[];
    } else {
      if (typeof r !== "string") {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `${metric}: references[0] is a string, so every entry must be a string, but references[${i}] is ${describeValue(r)}.` +
            (rule === "string" ? "" : " Give one string per prediction or one list per prediction, not a mix."),
          { details: { argument: "references", index: i } },
        );
      }
      refs = [r];
    }
    if (rule === "same-count") {
      if (count === -1) count = refs.length;
      else if (refs.length !== count) {
        throw new GramscoreError(
          ErrorCode.LENGTH_MISMATCH,
          `${metric} requires the same number of references for each prediction, as HF evaluate's ${metric} does (sacrebleu takes one stream per reference), ` +
            `but prediction 0 has ${count} and prediction ${i} has ${refs.length}.`,
          { details: { index: i, expected: count, received: refs.length } },
        );
      }
    }
    segments[i] = { hyp, refs };
  }
  return segments;
}

/** Builds the module of a metric: argument checks in HF's names, then the metric's adapter. */
export function defineModule<N extends MetricName>(spec: ModuleSpec<N>): EvaluationModule<N> {
  const argNames = ["predictions", "references", ...spec.args.map((a) => a.name)];
  const defaults: Record<string, unknown> = {};
  for (const a of spec.args) defaults[a.name] = a.default;
  Object.freeze(defaults);
  return Object.freeze({
    name: spec.name,
    description: spec.description,
    arguments: Object.freeze(argNames),
    defaults,
    compute(args: unknown): MetricOutputs[N] {
      if (args === null || typeof args !== "object" || Array.isArray(args)) {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `${spec.name}.compute takes one object { predictions, references, ...options }, but got ${describeValue(args)}.`,
        );
      }
      const given = args as Record<string, unknown>;
      for (const key of Object.keys(given)) {
        if (argNames.includes(key)) continue;
        const near = closest(key, argNames);
        throw invalid(
          `${spec.name} has no argument "${key}".${near.length > 0 ? ` Did you mean "${near[0]}"?` : ""} Its arguments are ${argNames.join(", ")} (HF evaluate's names).`,
          key,
        );
      }
      const options: Record<string, unknown> = {};
      if (spec.references === "records" && spec.runRecords !== undefined) {
        for (const a of spec.args) options[a.name] = checkValue(spec.name, a, given[a.name]);
        return spec.runRecords(given.predictions, given.references, options);
      }
      const segments = toHfSegments(spec.name, given.predictions, given.references, spec.references);
      for (const a of spec.args) options[a.name] = checkValue(spec.name, a, given[a.name]);
      return spec.run(segments, options);
    },
  }) as EvaluationModule<N>;
}
