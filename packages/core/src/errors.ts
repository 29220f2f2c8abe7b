/**
 * Every error code gramscore raises. Codes are stable strings: match on `error.code`, never on the
 * message text.
 */
export const ErrorCode = {
  /** A value had the wrong type (e.g. a hypothesis that is not a string). */
  INVALID_TYPE: "INVALID_TYPE",
  /** Hypotheses and references (or two reference streams) have different lengths. */
  LENGTH_MISMATCH: "LENGTH_MISMATCH",
  /** A corpus with no segments, or a segment with no reference. */
  EMPTY_INPUT: "EMPTY_INPUT",
  /** A string holds an unpaired UTF-16 surrogate, so it is not valid Unicode text. */
  LONE_SURROGATE: "LONE_SURROGATE",
  /** An option has a value out of range or of the wrong kind. */
  INVALID_OPTION: "INVALID_OPTION",
  /** No tokenizer is known by that name. */
  UNKNOWN_TOKENIZER: "UNKNOWN_TOKENIZER",
  /** No metric is known by that name. */
  UNKNOWN_METRIC: "UNKNOWN_METRIC",
  /** Two plugins register the same name. */
  NAME_CONFLICT: "NAME_CONFLICT",
  /** Serialized statistics are malformed, or belong to another metric or configuration. */
  INVALID_STATS: "INVALID_STATS",
  /** A plugin module could not be loaded or does not export a plugin. */
  PLUGIN_LOAD_FAILED: "PLUGIN_LOAD_FAILED",
  /** An optional peer dependency is not installed. */
  MISSING_DEPENDENCY: "MISSING_DEPENDENCY",
  /** An input file or record is malformed (bad JSON, wrong fields). */
  MALFORMED_INPUT: "MALFORMED_INPUT",
  /** A file could not be read or written. */
  IO_ERROR: "IO_ERROR",
  /** A command-line usage error. */
  USAGE: "USAGE",
  /** A metric has no numeric rows (`Metric.rows`), so its statistics cannot be resampled. */
  NOT_RESAMPLABLE: "NOT_RESAMPLABLE",
  /** A paired test got fewer than two systems or a baseline that is not among them, or systems compared segment by segment do not cover the same segments. */
  BAD_SYSTEMS: "BAD_SYSTEMS",
  /** Plugin code (a tokenizer or metric) threw or returned something unusable while running. */
  PLUGIN_FAILED: "PLUGIN_FAILED",
  /** A segment exceeds a documented size limit of a metric (the message says how to raise it or split the input). */
  LIMIT_EXCEEDED: "LIMIT_EXCEEDED",
} as const;

/** The union of all error code strings. */
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Options accepted by {@link GramscoreError}. */
export interface GramscoreErrorOptions {
  /** The underlying error, if any. */
  cause?: unknown;
  /** Machine-readable details (counts, names) for programs that handle the error. */
  details?: Record<string, unknown>;
}

/**
 * The one error type gramscore throws. `code` says what went wrong; the message says what was
 * expected, what was received and how to fix it.
 */
export class GramscoreError extends Error {
  /** Stable machine-readable code. */
  readonly code: ErrorCode;
  /** Machine-readable details (counts, names), when there are any. */
  readonly details: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: GramscoreErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "GramscoreError";
    this.code = code;
    this.details = options.details;
  }
}

/** True when `value` is a {@link GramscoreError}, optionally with the given code. */
export function isGramscoreError(value: unknown, code?: ErrorCode): value is GramscoreError {
  return value instanceof GramscoreError && (code === undefined || value.code === code);
}

/** Short, printable description of a received value for error messages. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (value === undefined) return "undefined";
  if (Array.isArray(value)) return `an array of length ${value.length}`;
  if (typeof value === "string") {
    const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === "object") return `an object (${Object.prototype.toString.call(value).slice(8, -1)})`;
  return `${typeof value} ${String(value)}`;
}
