import { ErrorCode, GramscoreError } from "./errors.js";

/**
 * Option names that metrics used to take, or that other libraries use, and the one name gramscore
 * takes for them in every metric. A metric that receives one of these explains the new name instead
 * of saying only "unknown option".
 */
export const RENAMED_OPTIONS: Readonly<Record<string, string>> = Object.freeze({
  tokenizer: 'tokenize (a tokenizer name, a Tokenizer object or a function)',
  tokenizerOptions: "tokenizeOptions",
  useStemmer: 'stemmer ("porter" or "none"; useStemmer: true is stemmer: "porter")',
  use_stemmer: 'stemmer ("porter" or "none"; use_stemmer=True is stemmer: "porter")',
  caseSensitive: "lowercase (caseSensitive: true is lowercase: false)",
  case_sensitive: "lowercase (case_sensitive=True is lowercase: false)",
  n: "maxNgramOrder",
  minLen: "minNgramOrder",
  maxLen: "maxNgramOrder",
  min_len: "minNgramOrder",
  max_len: "maxNgramOrder",
  max_ngram_order: "maxNgramOrder",
  maxOrder: "maxNgramOrder",
  max_order: "maxNgramOrder",
  use_effective_order: "effectiveOrder",
  smoothing_function: "smoothing (a method name such as method1, or its number)",
});

/** `max_ngram_order` and `max-ngram-order` (a command-line flag) as `maxNgramOrder`. */
function camelCase(key: string): string {
  return key.replace(/[_-]([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The error for an option key a metric does not take: names the new option when the key is an old
 * or another library's name ({@link RENAMED_OPTIONS}), suggests the camelCase form of a snake_case key
 * or a command-line flag (`max-ngram-order`) the metric knows, and lists the known options otherwise.
 * @param metric The metric's display name, e.g. `TER`.
 * @param key The key that was passed.
 * @param known The option keys the metric takes.
 * @returns A `GramscoreError` with code `INVALID_OPTION` and `details.option` = `key`.
 */
export function unknownOptionError(metric: string, key: string, known: Iterable<string>): GramscoreError {
  const knownList = [...known];
  const renamed = Object.prototype.hasOwnProperty.call(RENAMED_OPTIONS, key) ? RENAMED_OPTIONS[key] : undefined;
  const target = renamed?.split(" ")[0];
  let message: string;
  if (renamed !== undefined && target !== undefined && knownList.includes(target)) {
    message = `${metric} has no option "${key}": it is called ${renamed} in gramscore.`;
  } else if (/[_-]/.test(key) && knownList.includes(camelCase(key))) {
    const flag = key.includes("-") ? ` (${key} is its command-line flag)` : "";
    message = `${metric} has no option "${key}"${flag}: gramscore names options in camelCase, so write ${camelCase(key)}.`;
  } else {
    message = `Unknown ${metric} option "${key}". Known options: ${knownList.join(", ")}.`;
  }
  return new GramscoreError(ErrorCode.INVALID_OPTION, message, { details: { option: key } });
}
