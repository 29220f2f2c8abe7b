import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/** Throws `INVALID_OPTION` for an options value that is not a plain object or has unknown keys. */
export function checkOptionKeys(options: unknown, known: readonly string[], tokenizer: string): Record<string, unknown> {
  if (options === undefined || options === null) return {};
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Options of the ${tokenizer} tokenizer must be an object, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `The ${tokenizer} tokenizer has no option "${key}". Known options: ${known.join(", ")}.`,
        { details: { option: key, tokenizer } },
      );
    }
  }
  return options as Record<string, unknown>;
}

/** Reads an optional boolean option. */
export function booleanOption(value: unknown, option: string, tokenizer: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== "boolean") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option ${option} of the ${tokenizer} tokenizer must be true or false, but got ${describeValue(value)}.`,
      { details: { option, tokenizer } },
    );
  }
  return value;
}
