import { ErrorCode, GramscoreError, customTokenizer, resolveTokenizerOption } from "@gramscore/core";
import type { MetricContext, Tokenizer, TokenizerLike } from "@gramscore/core";
import { SACREBLEU_TOKENIZER_NAMES, create13a, createSacrebleuTokenizer, isSacrebleuTokenizer } from "@gramscore/tokenizer-sacrebleu";
import { createWhitespace, tokenizeWhitespace } from "@gramscore/tokenizer-whitespace";
import { tokensToSpans, whitespaceSpans } from "./kernel.js";
import type { Spans } from "./kernel.js";

/**
 * A tokenizer option: a name (`13a`, `intl`, `zh`, `char`, `cjk`, `none`, or any name the
 * {@link MetricContext} knows), a {@link Tokenizer}, a function `text => tokens`, or an object with a
 * `tokenize(text)` method.
 */
export type TokenizeOption = string | TokenizerLike;

/** Resolves a tokenize option for a metric: the main entry knows every sacrebleu name, the lean entry 13a and none. */
export type TokenizerResolver = (option: TokenizeOption, context: MetricContext | undefined, metric: string) => Tokenizer;

/** The plugins whose tokenizers are the ones this package builds itself. */
const OWN_PLUGINS = ["@gramscore/tokenizer-sacrebleu", "@gramscore/tokenizer-whitespace"];

/** The tokenizer names this package resolves without a registry. */
export const BUILTIN_TOKENIZERS: readonly string[] = /* @__PURE__ */ SACREBLEU_TOKENIZER_NAMES.concat(["none", "whitespace"] as never[]);

/**
 * Resolves a tokenizer option. Built-in names come from @gramscore/tokenizer-sacrebleu (`13a`,
 * `intl`, `zh`, `char`, `cjk`) and @gramscore/tokenizer-whitespace (`none`, alias `whitespace`); any
 * other name is looked up through `context` when there is one. A tokenizer object made by
 * @gramscore/tokenizer-sacrebleu counts as built in.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for an unknown name, `INVALID_OPTION` for another value.
 */
export function resolveTokenizer(option: TokenizeOption, context: MetricContext | undefined, metric: string): Tokenizer {
  if (isSacrebleuTokenizer(option)) return built(option);
  return resolveTokenizerOption(option, { builtins: (builtins ??= mainBuiltins()), context, metric, ownPlugins: OWN_PLUGINS });
}

/** The sacrebleu tokenizers the lean entry knows only as objects, with the factory that makes each. */
const BY_IMPORT: Readonly<Record<string, string>> = { intl: "createIntl", zh: "createZh", char: "createChar", cjk: "createCjk" };

/**
 * {@link resolveTokenizer} of the lean entry: `13a` and `none` (alias `whitespace`) by name; the other
 * sacrebleu tokenizers as objects from @gramscore/tokenizer-sacrebleu (`tokenize: createIntl()`), so
 * that a bundle holds only the tokenizers it imports. No registry: the lean functions take no context.
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for another name (for intl, zh, char and cjk saying which
 *   import to add), `INVALID_OPTION` for another value.
 */
export function resolveLeanTokenizer(option: TokenizeOption, _context: MetricContext | undefined, metric: string): Tokenizer {
  if (isSacrebleuTokenizer(option)) return built(option);
  if (typeof option !== "string") return customTokenizer(option, metric, LEAN_NAMES);
  if (Object.hasOwn(LEAN_BUILTINS, option)) return LEAN_BUILTINS[option]!();
  const factory = Object.hasOwn(BY_IMPORT, option) ? BY_IMPORT[option] : undefined;
  throw new GramscoreError(
    ErrorCode.UNKNOWN_TOKENIZER,
    `${metric} from @gramscore/metric-bleu/lean knows the tokenizers ${LEAN_NAMES} by name, not ${JSON.stringify(option)}. ` +
      (factory === undefined ? "Pass a tokenizer object or function" : `Add import { ${factory} } from "@gramscore/tokenizer-sacrebleu" and pass tokenize: ${factory}()`) +
      ", or import from @gramscore/metric-bleu (every name).",
    { details: { name: option } },
  );
}

/** How messages of the lean entry list its names. */
const LEAN_NAMES = "13a, none, whitespace";

let builtins: Readonly<Record<string, () => Tokenizer>> | undefined;

/**
 * The built-in names and their factories; a tokenizer built here is marked as one (see {@link isBuiltin}).
 * Made on first use, inside a function: a bundle of the lean entry then holds none of these tokenizers.
 */
function mainBuiltins(): Readonly<Record<string, () => Tokenizer>> {
  return Object.fromEntries([
    ...SACREBLEU_TOKENIZER_NAMES.map((name) => [name, () => built(createSacrebleuTokenizer(name))] as const),
    ["none", () => built(createWhitespace())],
    ["whitespace", () => built(createWhitespace())],
  ]);
}

/**
 * sacrebleu's `none` as `createWhitespace()` makes it (name, signature, Python's `str.split()`), built
 * from tokenizeWhitespace: the lean entry passes no tokenizer options, so it leaves their checks out.
 */
function leanWhitespace(): Tokenizer {
  return built({ name: "whitespace", signature: "none", tokenize: tokenizeWhitespace });
}

/** The names the lean entry builds: 13a (the default) and none. */
const LEAN_BUILTINS: Readonly<Record<string, () => Tokenizer>> = {
  "13a": () => built(create13a()),
  none: leanWhitespace,
  whitespace: leanWhitespace,
};

function built<T extends Tokenizer>(tokenizer: T): T {
  BUILT.add(tokenizer);
  return tokenizer;
}

/**
 * The tokenize function of a resolved tokenizer (custom and plugin tokenizers are already checked by
 * {@link resolveTokenizer}, through core's checkedTokenizer).
 */
export function checkedTokenize(tokenizer: Tokenizer, _metric: string): (text: string) => readonly string[] {
  return tokenizer.tokenize.bind(tokenizer);
}

/**
 * How the counting kernel reads a tokenizer's output: as spans. The sacrebleu tokenizers report their
 * token offsets directly, `none` is Python's `str.split()` scanned here, and any other tokenizer's
 * token list is turned into spans of its concatenation.
 */
export function spanner(option: TokenizeOption, tokenizer: Tokenizer, metric: string): (text: string, into: Spans) => Spans {
  if (isBuiltin(tokenizer)) {
    if (option === "none" || option === "whitespace") return whitespaceSpans;
    const t = tokenizer as Tokenizer & { spans(text: string, into: Spans): Spans };
    return (text, into) => t.spans(text, into);
  }
  const tokenize = checkedTokenize(tokenizer, metric);
  return (text, into) => tokensToSpans(tokenize(text), into);
}

/** Tokenizers {@link resolveTokenizer} built itself from a built-in name, or took from @gramscore/tokenizer-sacrebleu. */
const BUILT = new WeakSet<Tokenizer>();

/** True when `tokenizer` is one this package created from a built-in name (no output check needed). */
export function isBuiltin(tokenizer: Tokenizer): boolean {
  return BUILT.has(tokenizer);
}
