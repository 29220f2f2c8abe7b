import { ErrorCode, GramscoreError } from "@gramscore/core";

/** Builds the `INVALID_OPTION` error for a bad cache size of a ROUGE tokenizer. */
export function cacheSizeError(tokenizer: string): (message: string) => GramscoreError {
  return (message) => new GramscoreError(ErrorCode.INVALID_OPTION, `${tokenizer} tokenizer: ${message}`, { details: { option: "cacheSize", tokenizer } });
}
