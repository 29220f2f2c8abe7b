import {
  ErrorCode,
  GramscoreError,
  assertText,
  definePlugin,
  defineTokenizer,
  describeValue,
  pySplit,
} from "@gramscore/core";
import type { Tokenizer } from "@gramscore/core";
import { pyLower } from "./lower.js";
import { VERSION } from "./version.js";

export { VERSION } from "./version.js";
export { pyLower } from "./lower.js";

/** Options of the whitespace tokenizer. */
export interface WhitespaceOptions {
  /** Lowercase with Python's `str.lower()` before splitting (default false). */
  lowercase?: boolean;
}

/** The whitespace tokenizer (sacrebleu's `none`). */
export interface WhitespaceTokenizer extends Tokenizer {
  readonly name: "whitespace";
  /** `none` (sacrebleu's `tok:none`), or `none+lc` when lowercasing. */
  readonly signature: string;
  /** Python's `str.split()` of the (lowercased) text. */
  tokenize(text: string): string[];
  /** The text as sacrebleu's `none` tokenizer returns it: unchanged (lowercased when asked). */
  normalize(text: string): string;
}

declare module "@gramscore/core" {
  interface TokenizerMap {
    whitespace: WhitespaceOptions;
    none: WhitespaceOptions;
  }
}

function readOptions(options: unknown): Required<WhitespaceOptions> {
  if (options === undefined || options === null) return { lowercase: false };
  if (typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Options of the whitespace tokenizer must be an object such as { lowercase: true }, but got ${describeValue(options)}.`,
      { details: { tokenizer: "whitespace" } },
    );
  }
  for (const key of Object.keys(options)) {
    if (key !== "lowercase") {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `The whitespace tokenizer has no option "${key}"; its only option is lowercase.`,
        { details: { tokenizer: "whitespace", option: key } },
      );
    }
  }
  const lowercase = (options as WhitespaceOptions).lowercase;
  if (lowercase !== undefined && typeof lowercase !== "boolean") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option lowercase of the whitespace tokenizer must be true or false, but got ${describeValue(lowercase)}.`,
      { details: { tokenizer: "whitespace", option: "lowercase" } },
    );
  }
  return { lowercase: lowercase ?? false };
}

const WHAT = "The text given to the whitespace tokenizer";

/**
 * Python's `str.split()`: tokens separated by runs of Python whitespace (which includes U+001C–U+001F
 * and U+0085 but not U+FEFF, unlike JavaScript's `\s`).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function tokenizeWhitespace(text: string): string[] {
  return pySplit(assertText(text, WHAT));
}

/**
 * Creates the whitespace tokenizer (sacrebleu's `none`): Python's `str.split()`, optionally after
 * Python's `str.lower()`.
 * @throws GramscoreError `INVALID_OPTION` for bad options.
 */
export function createWhitespace(options?: WhitespaceOptions): WhitespaceTokenizer {
  const { lowercase } = readOptions(options);
  const normalize = lowercase ? (text: string) => pyLower(assertText(text, WHAT)) : (text: string) => assertText(text, WHAT);
  return {
    name: "whitespace",
    signature: lowercase ? "none+lc" : "none",
    normalize,
    tokenize: (text) => pySplit(normalize(text)),
  };
}

/** Descriptor of `whitespace` (alias `none`). */
export const whitespaceTokenizer = /* @__PURE__ */ defineTokenizer<"whitespace", WhitespaceOptions | undefined>({
  name: "whitespace",
  description: "Python str.split() on whitespace (sacrebleu's none), optionally lowercased",
  aliases: ["none"],
  options: [
    {
      key: "lowercase",
      flag: "lowercase",
      type: "boolean",
      default: false,
      description: "Lowercase with Python's str.lower() before splitting.",
    },
  ],
  create: (options) => createWhitespace(options),
});

/** The plugin: `whitespace` (alias `none`). */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/tokenizer-whitespace",
  version: VERSION,
  tokenizers: [whitespaceTokenizer],
});

export default plugin;
