import { ErrorCode, GramscoreError, describeValue } from "./errors.js";
import type { MetricDescriptor, Plugin, Tokenizer, TokenizerDescriptor } from "./types.js";

/** Declares a tokenizer for a plugin. Returns the descriptor unchanged, typed; registers nothing. */
export function defineTokenizer<const N extends string, O = undefined>(
  descriptor: Omit<TokenizerDescriptor<N, O>, "kind">,
): TokenizerDescriptor<N, O> {
  return { kind: "tokenizer", ...descriptor };
}

/** Declares a metric for a plugin. Returns the descriptor unchanged, typed; registers nothing. */
export function defineMetric<const N extends string, O, S, R>(
  descriptor: Omit<MetricDescriptor<N, O, S, R>, "kind">,
): MetricDescriptor<N, O, S, R> {
  return { kind: "metric", ...descriptor };
}

/** Declares a plugin: a named bundle of tokenizers and metrics. */
export function definePlugin(plugin: Omit<Plugin, "kind">): Plugin {
  return { kind: "plugin", ...plugin };
}

/** Returns `tokens` when it is an array of strings; a clear error otherwise (e.g. a string by mistake). */
function checkTokens(tokens: unknown, name: string): string[] {
  if (Array.isArray(tokens) && tokens.every((t) => typeof t === "string")) return tokens as string[];
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `The tokenizer "${name}" must return an array of strings, but returned ${describeValue(tokens)}. ` +
      "Return the tokens as string[] (e.g. text.split(\" \")), not a joined string.",
  );
}

/** A tokenizer given as a function (`text => tokens`) or as an object with `tokenize`. */
export type TokenizerLike = Tokenizer | ((text: string) => readonly string[]) | { readonly name?: string; tokenize(text: string): readonly string[] };

/**
 * Turns a function or a `{ tokenize }` object into a full {@link Tokenizer}. `name` is used when the
 * input has none; the signature is the name unless the object brings its own.
 * @throws GramscoreError `INVALID_TYPE` when the input is neither.
 */
export function toTokenizer(input: TokenizerLike, name = "custom"): Tokenizer {
  if (typeof input === "function") {
    const fn = input;
    return { name, signature: name, tokenize: (text) => checkTokens(fn(text), name) };
  }
  if (input !== null && typeof input === "object" && typeof input.tokenize === "function") {
    const full = input as Partial<Tokenizer> & { tokenize(text: string): readonly string[] };
    if (typeof full.name === "string" && typeof full.signature === "string") return full as Tokenizer;
    const n = typeof full.name === "string" ? full.name : name;
    return {
      name: n,
      signature: typeof full.signature === "string" ? full.signature : n,
      tokenize: (text) => checkTokens(full.tokenize(text), n),
    };
  }
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    "A tokenizer must be a function (text) => string[] or an object with a tokenize(text) method, " +
      `but got ${input === null ? "null" : typeof input}.`,
  );
}
