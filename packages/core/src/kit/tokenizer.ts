/**
 * The `tokenize` option of a metric, resolved one way for every metric that takes one: a built-in
 * name, a name a registry knows, a {@link Tokenizer} object, or a function.
 */
import { ErrorCode, GramscoreError, describeValue } from "../errors.js";
import { checkedTokenizer, contextTokenizer, preferContext } from "../tokenizers.js";
import type { TokenizerLike } from "../define.js";
import type { MetricContext, Tokenizer } from "../types.js";

/** What {@link resolveTokenizerOption} resolves against. */
export interface TokenizerOptionSetup {
  /**
   * The names the metric builds itself, each with its factory (called once per resolution), in the
   * order messages list them (e.g. `{ whitespace: createWhitespace, none: createWhitespace }`).
   */
  readonly builtins: Readonly<Record<string, () => Tokenizer>>;
  /** Resolves other names through a registry, when the metric was created by one. */
  readonly context: MetricContext | undefined;
  /** The metric's name for messages (its registry name, e.g. `bleu`). */
  readonly metric: string;
  /**
   * The plugins whose tokenizers are the built-ins (e.g. `@gramscore/tokenizer-sacrebleu`): a user
   * registering one of those explicitly changes nothing, while another user plugin that registers a
   * built-in name takes precedence over it.
   */
  readonly ownPlugins: readonly string[];
  /** How messages list the built-in names; default: the keys of `builtins`, comma-separated. */
  readonly names?: string;
}

/**
 * Resolves a metric's tokenizer option. A string is a built-in name (unless a user plugin registered
 * it, see {@link preferContext}) or a name `context` knows; a function `text => tokens` and an object
 * with `tokenize(text)` (its `name` and `signature` kept, `custom` otherwise) are wrapped so that
 * every call is checked ({@link checkedTokenizer}). Functions and objects are wrapped here rather than
 * with `toTokenizer`, which copies the result with a spread and would turn a string returned by
 * mistake into characters.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for a name neither built in nor known to `context`,
 *   `INVALID_OPTION` (`details.option` = `tokenize`) for any other value.
 */
export function resolveTokenizerOption(option: string | TokenizerLike, setup: TokenizerOptionSetup): Tokenizer {
  const { builtins, context, metric } = setup;
  const names = setup.names ?? Object.keys(builtins).join(", ");
  if (typeof option === "string") {
    if (Object.prototype.hasOwnProperty.call(builtins, option) && !preferContext(option, context, setup.ownPlugins)) return builtins[option]!();
    return contextTokenizer(option, context, metric, undefined, `Built-in names are ${names}.`);
  }
  return customTokenizer(option, metric, names);
}

/**
 * {@link resolveTokenizerOption} of a value that is not a name (a function or `{ tokenize }`), for an
 * entry point without a registry. @throws GramscoreError `INVALID_OPTION` for another value.
 */
export function customTokenizer(option: unknown, metric: string, names: string): Tokenizer {
  if (typeof option === "function") {
    return checkedTokenizer({ name: "custom", signature: "custom", tokenize: option as (text: string) => string[] }, metric);
  }
  if (option !== null && typeof option === "object" && typeof (option as { tokenize?: unknown }).tokenize === "function") {
    const o = option as Partial<Tokenizer> & { tokenize(text: string): string[] };
    const name = typeof o.name === "string" ? o.name : "custom";
    const signature = typeof o.signature === "string" ? o.signature : name;
    return checkedTokenizer({ name, signature, tokenize: (text) => o.tokenize(text) }, metric);
  }
  throw new GramscoreError(
    ErrorCode.INVALID_OPTION,
    `Option tokenize of ${metric} must be a tokenizer name (${names}, …), a Tokenizer, a function (text) => string[] ` +
      `or an object with tokenize(text), but got ${describeValue(option)}.`,
    { details: { option: "tokenize" } },
  );
}

/**
 * The options object of a tokenizer factory, checked: `undefined` and `null` are `{}`; anything that
 * is not a plain object, or has a key outside `known`, is refused.
 * @param tokenizer The tokenizer's name in messages (`punctuation`).
 * @throws GramscoreError `INVALID_OPTION` (`details.option`, `details.tokenizer` for an unknown key).
 */
export function tokenizerOptions(options: unknown, known: readonly string[], tokenizer: string): Record<string, unknown> {
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

/**
 * A boolean option of a tokenizer factory: `fallback` when absent.
 * @throws GramscoreError `INVALID_OPTION` for anything but `true`, `false` or `undefined`.
 */
export function tokenizerFlag(value: unknown, option: string, tokenizer: string, fallback: boolean): boolean {
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

/**
 * The `cacheSize` option of a tokenizer or stemmer (most words it remembers): a non-negative integer,
 * 0 turning the cache off; `fallback` when absent.
 * @param fail Builds the error from the message (the caller's code and details).
 * @throws What `fail` builds: `cacheSize must be a non-negative integer (0 disables the cache), but got <value>.`
 */
export function readCacheSize(value: unknown, fallback: number, fail: (message: string) => Error): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0) {
    throw fail(`cacheSize must be a non-negative integer (0 disables the cache), but got ${String(value)}.`);
  }
  return value;
}
