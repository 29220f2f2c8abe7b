import { ErrorCode, GramscoreError, isGramscoreError } from "@gramscore/core";

/** Exit codes: 0 success, 1 bad input or data, 2 bad usage (flags, names, plugins, config). */
export const EXIT = { OK: 0, DATA: 1, USAGE: 2 } as const;

const USAGE_CODES: ReadonlySet<string> = new Set([
  ErrorCode.USAGE,
  ErrorCode.UNKNOWN_METRIC,
  ErrorCode.UNKNOWN_TOKENIZER,
  ErrorCode.INVALID_OPTION,
  ErrorCode.PLUGIN_LOAD_FAILED,
  ErrorCode.NAME_CONFLICT,
  ErrorCode.MISSING_DEPENDENCY,
]);

/** The exit code for an error: 2 for usage-type codes, 1 for everything else. */
export function exitCodeOf(error: unknown): number {
  return isGramscoreError(error) && USAGE_CODES.has(error.code) ? EXIT.USAGE : EXIT.DATA;
}

/** A usage error (exit code 2). */
export function usageError(message: string, details?: Record<string, unknown>): GramscoreError {
  return new GramscoreError(ErrorCode.USAGE, message, details === undefined ? {} : { details });
}

/** The same error with `prefix` (a location such as "hyp.txt line 3") in front of its message. */
export function withLocation(error: unknown, prefix: string): unknown {
  if (!isGramscoreError(error)) return error;
  const details = error.details === undefined ? undefined : { ...error.details, location: prefix };
  const located = new GramscoreError(error.code, `${prefix}: ${error.message}`, details === undefined ? { cause: error } : { cause: error, details });
  return located;
}

/** Text of an error for `--debug`: the stack, then each cause's stack. */
export function describeForDebug(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth < 10; depth++) {
    if (current instanceof Error) {
      const code = isGramscoreError(current) ? ` [${current.code}]` : "";
      parts.push(`${depth === 0 ? "" : "caused by: "}${current.stack ?? `${current.name}: ${current.message}`}${code}`);
      current = (current as { cause?: unknown }).cause;
    } else {
      parts.push(`${depth === 0 ? "" : "caused by: "}${String(current)}`);
      current = undefined;
    }
  }
  return parts.join("\n");
}

/**
 * Whether `error` is standard output closed by its reader (EPIPE: `gramscore ... | head -1`). Unix
 * tools end quietly with status 0 then, since the reader has what it asked for; every other write
 * error (a full disk, a closed descriptor, a pipe behind `-o FILE`) stays an error.
 */
export function isClosedStdout(error: unknown): boolean {
  if (!isGramscoreError(error) || error.code !== ErrorCode.IO_ERROR) return false;
  const details = error.details as { path?: unknown; errno?: unknown } | undefined;
  return details?.path === "standard output" && details.errno === "EPIPE";
}
