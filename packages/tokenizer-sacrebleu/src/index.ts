import { ErrorCode, GramscoreError, defineTokenizer, definePlugin, describeValue } from "@gramscore/core";
import type { OptionSpec, Tokenizer } from "@gramscore/core";
import { readOptions } from "./options.js";
import type { SacrebleuTokenizerOptions } from "./options.js";
import { scan13a } from "./tokenizer-13a.js";
import { scanChar, normalizeChar } from "./tokenizer-char.js";
import { scanIntl } from "./tokenizer-intl.js";
import { scanCjk, scanZh } from "./tokenizer-zh.js";
import { createTokenSpans, spansToTokens } from "./spans.js";
import type { TokenSpans } from "./spans.js";
import { VERSION } from "./version.js";

export { VERSION } from "./version.js";
export { createTokenSpans, spansToTokens } from "./spans.js";
export type { TokenSpans } from "./spans.js";
export type { SacrebleuTokenizerOptions } from "./options.js";
export { normalize13a, tokenize13a } from "./tokenizer-13a.js";
export { normalizeIntl, tokenizeIntl, intlCategory } from "./tokenizer-intl.js";
export {
  CJK_RANGES,
  SACREBLEU_ZH_RANGES,
  isCjkChar,
  isZhChar,
  normalizeCjk,
  normalizeZh,
  tokenizeCjk,
  tokenizeZh,
} from "./tokenizer-zh.js";
export { normalizeChar, tokenizeChar } from "./tokenizer-char.js";

/** The tokenizers of this package: sacrebleu 2.6.0's `13a`, `intl`, `zh`, `char`, and the fixed `cjk`. */
export type SacrebleuTokenizerName = "13a" | "intl" | "zh" | "char" | "cjk";

/** Every name {@link createSacrebleuTokenizer} accepts. */
export const SACREBLEU_TOKENIZER_NAMES: readonly SacrebleuTokenizerName[] = ["13a", "intl", "zh", "char", "cjk"];

/** A tokenizer that also returns the string sacrebleu's tokenizer object returns. */
export interface SacrebleuTokenizer extends Tokenizer {
  readonly name: SacrebleuTokenizerName;
  /** `13a`, `intl`, `zh`, `char` (sacrebleu's `tok:` values) or `cjk`. */
  readonly signature: string;
  /** The tokens BLEU counts n-grams over: Python's `str.split()` of {@link normalize}. */
  tokenize(text: string): string[];
  /** What sacrebleu 2.6.0's tokenizer object returns for `text` (tokens joined by single spaces). */
  normalize(text: string): string;
  /**
   * The token boundaries only, written into `into` (reused; a new one when omitted): token i is
   * `spans.source.slice(spans.starts[i], spans.ends[i])`. For callers that intern tokens straight
   * from the text. Ignores the cache.
   */
  spans(text: string, into?: TokenSpans): TokenSpans;
}

declare module "@gramscore/core" {
  interface TokenizerMap {
    "13a": SacrebleuTokenizerOptions;
    intl: SacrebleuTokenizerOptions;
    zh: SacrebleuTokenizerOptions;
    char: SacrebleuTokenizerOptions;
    cjk: SacrebleuTokenizerOptions;
  }
}

type Scanner = (text: string, spans: TokenSpans) => TokenSpans;

const SCANNERS: Record<SacrebleuTokenizerName, Scanner> = {
  "13a": scan13a,
  intl: scanIntl,
  zh: scanZh,
  char: scanChar,
  cjk: scanCjk,
};

/** The tokenizers this module made (so that a metric can trust their spans without checking them). */
const MADE_HERE = new WeakSet<object>();

// Each factory names its own scanner (not a lookup in SCANNERS), so that a bundle using one
// tokenizer leaves the others' code and tables out.
function build(name: SacrebleuTokenizerName, scan: Scanner, options: unknown, normalizeText?: (text: string) => string): SacrebleuTokenizer {
  const { cacheSize } = readOptions(options, name);
  const scratch = createTokenSpans();
  let tokenize: (text: string) => string[];
  if (cacheSize === 0) {
    tokenize = (text) => spansToTokens(scan(text, scratch));
  } else {
    const cache = new Map<string, string[]>();
    tokenize = (text) => {
      const hit = typeof text === "string" ? cache.get(text) : undefined;
      if (hit !== undefined) return hit.slice();
      const out = spansToTokens(scan(text, scratch));
      if (cache.size >= cacheSize) cache.clear();
      cache.set(text, out.slice());
      return out;
    };
  }
  const normalize = normalizeText ?? ((text: string) => tokenize(text).join(" "));
  const spans = (text: string, into?: TokenSpans) => scan(text, into ?? createTokenSpans());
  const tokenizer: SacrebleuTokenizer = { name, signature: name, tokenize, normalize, spans };
  MADE_HERE.add(tokenizer);
  return tokenizer;
}

/** True when this package's factories made `value` (so a metric may trust its `spans`). */
export function isSacrebleuTokenizer(value: unknown): value is SacrebleuTokenizer {
  return typeof value === "object" && value !== null && MADE_HERE.has(value);
}

/**
 * sacrebleu 2.6.0's `13a` tokenizer (mteval-v13a, the WMT standard and BLEU's default): unescapes a
 * few HTML entities, then splits off ASCII punctuation, `.`/`,` unless between digits, and `-` after a
 * digit.
 * @throws GramscoreError `INVALID_OPTION` for bad options.
 */
export function create13a(options?: SacrebleuTokenizerOptions): SacrebleuTokenizer {
  return build("13a", scan13a, options);
}

/**
 * sacrebleu 2.6.0's `intl` tokenizer (mteval-v14 `--international-tokenization`): splits off Unicode
 * punctuation (unless a number is on both sides) and symbols, with the Unicode 15.0 tables sacrebleu
 * ran with.
 * @throws GramscoreError `INVALID_OPTION` for bad options.
 */
export function createIntl(options?: SacrebleuTokenizerOptions): SacrebleuTokenizer {
  return build("intl", scanIntl, options);
}

/**
 * sacrebleu 2.6.0's `zh` tokenizer, bug for bug: splits each character of its (accidentally wide) range
 * table, then applies 13a's rules. For Chinese BLEU comparable with published sacrebleu scores.
 * @throws GramscoreError `INVALID_OPTION` for bad options.
 */
export function createZh(options?: SacrebleuTokenizerOptions): SacrebleuTokenizer {
  return build("zh", scanZh, options);
}

/**
 * sacrebleu 2.6.0's `char` tokenizer: every code point is a token (whitespace dropped).
 * @throws GramscoreError `INVALID_OPTION` for bad options.
 */
export function createChar(options?: SacrebleuTokenizerOptions): SacrebleuTokenizer {
  return build("char", scanChar, options, normalizeChar);
}

/**
 * The `cjk` tokenizer: zh with a corrected range table (all CJK ideographs including the astral
 * extensions, kana, CJK punctuation and fullwidth forms; not the general punctuation, arrows and math
 * symbols zh splits by accident). Its signature is `cjk`, so its scores are never mistaken for zh's.
 * @throws GramscoreError `INVALID_OPTION` for bad options.
 */
export function createCjk(options?: SacrebleuTokenizerOptions): SacrebleuTokenizer {
  return build("cjk", scanCjk, options);
}

/**
 * Creates one of this package's tokenizers by name (`13a`, `intl`, `zh`, `char`, `cjk`).
 * @throws GramscoreError `UNKNOWN_TOKENIZER` for another name, `INVALID_OPTION` for bad options.
 */
export function createSacrebleuTokenizer(name: SacrebleuTokenizerName, options?: SacrebleuTokenizerOptions): SacrebleuTokenizer {
  if (typeof name !== "string" || !Object.hasOwn(SCANNERS, name)) {
    throw new GramscoreError(
      ErrorCode.UNKNOWN_TOKENIZER,
      `@gramscore/tokenizer-sacrebleu has no tokenizer ${describeValue(name)}; it has ${SACREBLEU_TOKENIZER_NAMES.join(", ")}. ` +
        "(sacrebleu's none is @gramscore/tokenizer-whitespace; ja-mecab, ko-mecab and the SentencePiece tokenizers are not provided.)",
      { details: { name } },
    );
  }
  return build(name, SCANNERS[name], options, name === "char" ? normalizeChar : undefined);
}

const OPTIONS: readonly OptionSpec[] = [
  {
    key: "cacheSize",
    flag: "tokenizer-cache",
    type: "number",
    default: 0,
    description: "Remember the tokens of up to this many distinct strings (0: no cache).",
  },
];

/** Descriptor of `13a`. */
export const tokenizer13a = /* @__PURE__ */ defineTokenizer<"13a", SacrebleuTokenizerOptions | undefined>({
  name: "13a",
  description: "sacrebleu 13a (mteval-v13a): BLEU's default tokenizer, identical to sacrebleu 2.6.0",
  options: OPTIONS,
  create: (options) => create13a(options),
});

/** Descriptor of `intl`. */
export const tokenizerIntl = /* @__PURE__ */ defineTokenizer<"intl", SacrebleuTokenizerOptions | undefined>({
  name: "intl",
  description: "sacrebleu intl (mteval-v14 international): Unicode punctuation and symbols split off",
  options: OPTIONS,
  create: (options) => createIntl(options),
});

/** Descriptor of `zh`. */
export const tokenizerZh = /* @__PURE__ */ defineTokenizer<"zh", SacrebleuTokenizerOptions | undefined>({
  name: "zh",
  description: "sacrebleu zh: Chinese characters split, then 13a rules (sacrebleu 2.6.0's ranges, bug included)",
  options: OPTIONS,
  create: (options) => createZh(options),
});

/** Descriptor of `char`. */
export const tokenizerChar = /* @__PURE__ */ defineTokenizer<"char", SacrebleuTokenizerOptions | undefined>({
  name: "char",
  description: "sacrebleu char: every character is a token",
  options: OPTIONS,
  create: (options) => createChar(options),
});

/** Descriptor of `cjk`. */
export const tokenizerCjk = /* @__PURE__ */ defineTokenizer<"cjk", SacrebleuTokenizerOptions | undefined>({
  name: "cjk",
  description: "zh with corrected ranges: CJK ideographs (all extensions), kana, CJK punctuation split, then 13a rules",
  options: OPTIONS,
  create: (options) => createCjk(options),
});

/** The plugin: `13a`, `intl`, `zh`, `char` and `cjk`. */
export const plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/tokenizer-sacrebleu",
  version: VERSION,
  tokenizers: [tokenizer13a, tokenizerIntl, tokenizerZh, tokenizerChar, tokenizerCjk],
});

export default plugin;
