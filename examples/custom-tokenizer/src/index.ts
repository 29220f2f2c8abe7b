import { definePlugin, defineTokenizer, type Tokenizer } from "@gramscore/core";

/** Options of the `code` tokenizer. */
export interface CodeTokenizerOptions {
  /** Split identifiers into words at camelCase and snake_case boundaries (default true). */
  splitIdentifiers?: boolean;
  /** Lowercase every token (default false). */
  lowercase?: boolean;
}

declare module "@gramscore/core" {
  interface TokenizerMap { code: CodeTokenizerOptions }
}

/** Identifiers, numbers, operator runs (`==`, `=>`), then any other single character. */
const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|[=!<>+\-*/%&|^]+|\S/gu;
/** Words of an identifier: `parseHTTPResponse_v2` → parse, HTTP, Response, v, 2. */
const WORD = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g;

/** Tokenizes source code, so that n-gram metrics compare generated code word by word. */
export const codeTokenizer = defineTokenizer({
  name: "code",
  description: "source code: identifiers split at camelCase/snake_case, numbers, operators",
  options: [
    { key: "splitIdentifiers", flag: "split-identifiers", type: "boolean", description: "split identifiers into words", default: true },
    { key: "lowercase", flag: "lowercase", type: "boolean", description: "lowercase every token", default: false },
  ],
  create(options: CodeTokenizerOptions = {}): Tokenizer {
    const split = options.splitIdentifiers !== false;
    const lower = options.lowercase === true;
    const tokenize = (text: string) =>
      [...text.matchAll(TOKEN)].flatMap(([t]) => (split && /^[A-Za-z_]/.test(t) ? (t.match(WORD) ?? [t]) : [t])).map((t) => (lower ? t.toLowerCase() : t));
    return { name: "code", signature: `code${split ? "" : "+whole"}${lower ? "+lc" : ""}`, tokenize };
  },
});

/** The plugin: `gramscore --plugin @gramscore/example-custom-tokenizer tokenize -t code`. */
export const plugin = definePlugin({ name: "@gramscore/example-custom-tokenizer", version: "0.0.0", tokenizers: [codeTokenizer] });
export default plugin;
