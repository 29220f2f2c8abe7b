import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";

/** Options every sacrebleu tokenizer accepts. */
export interface SacrebleuTokenizerOptions {
  /**
   * Remember the tokens of up to this many distinct input strings (0, the default, turns the cache
   * off). Useful when the same references are tokenized again for every system, as sacrebleu's
   * `lru_cache` does. Returned arrays are copies, so callers may modify them.
   */
  cacheSize?: number;
}

/** Reads and checks the options of the tokenizer `name`. */
export function readOptions(options: unknown, name: string): Required<SacrebleuTokenizerOptions> {
  if (options === undefined || options === null) return { cacheSize: 0 };
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Options of the ${name} tokenizer must be an object such as { cacheSize: 10000 }, but got ${describeValue(options)}.`,
      { details: { tokenizer: name } },
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== "cacheSize") {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `The ${name} tokenizer has no option "${key}"; its only option is cacheSize. ` +
          "(Lowercasing is an option of the metric, e.g. BLEU's lowercase, applied before tokenizing.)",
        { details: { tokenizer: name, option: key } },
      );
    }
  }
  const cacheSize = (options as SacrebleuTokenizerOptions).cacheSize;
  if (cacheSize === undefined) return { cacheSize: 0 };
  if (typeof cacheSize !== "number" || !Number.isInteger(cacheSize) || cacheSize < 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option cacheSize of the ${name} tokenizer must be a non-negative integer (0 turns the cache off), but got ${describeValue(cacheSize)}.`,
      { details: { tokenizer: name, option: "cacheSize" } },
    );
  }
  return { cacheSize };
}
