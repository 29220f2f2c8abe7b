/**
 * The one way metrics resolve tokenizer names through a {@link MetricContext} and check what plugin
 * tokenizers return: every metric that accepts a tokenizer option uses these, so a plugin tokenizer is
 * found, preferred and validated the same way by all of them.
 */
import { ErrorCode, GramscoreError, describeValue, isGramscoreError } from "./errors.js";
import type { MetricContext, Tokenizer } from "./types.js";

/**
 * True when `name` should be taken from `context` even though the metric builds a tokenizer of its own
 * under that name: a plugin the user chose registered that name, and user plugins take precedence over
 * built-ins. `own` names the plugins whose tokenizers are the metric's built-ins (e.g.
 * `@gramscore/tokenizer-sacrebleu` for BLEU): registering those explicitly changes nothing.
 */
export function preferContext(name: string, context: MetricContext | undefined, own: readonly string[] = []): boolean {
  const origin = context?.origin?.(name);
  return origin?.user === true && !own.includes(origin.plugin);
}

/** Describes a tokenizer for messages: `"name" (plugin P)` when the plugin is known. */
function who(tokenizer: Tokenizer, plugin: string | undefined): string {
  return `"${tokenizer.name}"${plugin === undefined ? "" : ` of plugin "${plugin}"`}`;
}

/**
 * Wraps a tokenizer that is not one of the metric's own so that every call is checked: it must return
 * an array of strings (`INVALID_TYPE` otherwise), and an exception that is not a `GramscoreError`
 * becomes `PLUGIN_FAILED`; both messages name the tokenizer, its plugin and the metric.
 * @param plugin The plugin that provides the tokenizer, when known (for messages).
 */
export function checkedTokenizer(tokenizer: Tokenizer, metric: string, plugin?: string): Tokenizer {
  const fn = tokenizer.tokenize.bind(tokenizer);
  const tokenize = (text: string): string[] => {
    let tokens: unknown;
    try {
      tokens = fn(text);
    } catch (error) {
      if (isGramscoreError(error)) throw error;
      throw new GramscoreError(
        ErrorCode.PLUGIN_FAILED,
        `The tokenizer ${who(tokenizer, plugin)} used by ${metric} threw: ${error instanceof Error ? error.message : String(error)}. ` +
          "Fix the plugin, or choose another tokenizer.",
        { cause: error, details: { tokenizer: tokenizer.name, plugin, metric } },
      );
    }
    if (!Array.isArray(tokens)) {
      throw new GramscoreError(
        ErrorCode.INVALID_TYPE,
        `The tokenizer ${who(tokenizer, plugin)} used by ${metric} must return an array of strings, but returned ${describeValue(tokens)}.`,
        { details: { tokenizer: tokenizer.name, plugin, metric } },
      );
    }
    for (let i = 0; i < tokens.length; i++) {
      if (typeof tokens[i] !== "string") {
        throw new GramscoreError(
          ErrorCode.INVALID_TYPE,
          `The tokenizer ${who(tokenizer, plugin)} used by ${metric} returned a token that is not a string ` +
            `(${describeValue(tokens[i])} at index ${i}); tokens must be strings.`,
          { details: { tokenizer: tokenizer.name, plugin, metric } },
        );
      }
    }
    return tokens as string[];
  };
  const out: Tokenizer = { ...tokenizer, name: tokenizer.name, signature: tokenizer.signature, tokenize };
  return out;
}

/**
 * Creates the tokenizer registered under `name` through `context`, checked with
 * {@link checkedTokenizer}. An exception that is not a `GramscoreError` becomes `UNKNOWN_TOKENIZER`.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` when there is no context or it does not know the name.
 */
export function contextTokenizer(name: string, context: MetricContext | undefined, metric: string, options?: unknown, hint = ""): Tokenizer {
  if (context === undefined) {
    throw new GramscoreError(
      ErrorCode.UNKNOWN_TOKENIZER,
      `${metric} has no tokenizer named ${JSON.stringify(name)}.${hint === "" ? "" : ` ${hint}`} ` +
        "Pass a Tokenizer object or a function (text) => string[], or create the metric through a registry that knows the name.",
      { details: { name } },
    );
  }
  let tokenizer: Tokenizer;
  try {
    tokenizer = options === undefined ? context.tokenizer(name) : context.tokenizer(name, options);
  } catch (error) {
    if (isGramscoreError(error)) throw error;
    throw new GramscoreError(ErrorCode.UNKNOWN_TOKENIZER, `The tokenizer "${name}" could not be created: ${String(error)}`, {
      cause: error,
      details: { name },
    });
  }
  return checkedTokenizer(tokenizer, metric, context.origin?.(name)?.plugin);
}
