/**
 * @gramscore/tokenizer-intl-words: `intl-words`, a word tokenizer for scripts written without spaces
 * (Thai, Lao, Khmer, Burmese, Chinese, Japanese…) over the JavaScript engine's `Intl.Segmenter`
 * (ICU's dictionary-based word breaking). Its signature names the engine's ICU version
 * (`intl-words-icu78`), because word boundaries change between ICU releases.
 * @packageDocumentation
 */
import { ErrorCode, GramscoreError, assertText, definePlugin, defineTokenizer, describeValue } from "@gramscore/core";
import type { Plugin, Tokenizer } from "@gramscore/core";
import { VERSION } from "./version.js";

export { VERSION };

/** Options of {@link createIntlWords}. */
export interface IntlWordsOptions {
  /**
   * The segmenter's locale (BCP 47). Default `"en"`, whose word rules are ICU's root rules: the
   * dictionaries for Thai, Lao, Khmer, Burmese and CJK apply whatever the locale. A locale other than
   * the default is added to the signature (`intl-words-icu78-sv`).
   */
  locale?: string;
  /**
   * The ICU version to put in the signature, for engines that do not tell it (browsers): only when
   * you know it. Default: the engine's, see {@link icuVersion}.
   */
  icu?: string;
}

/** The `intl-words` tokenizer. */
export interface IntlWordsTokenizer extends Tokenizer {
  readonly name: "intl-words";
  /** `intl-words-icu<major>` (plus `-<locale>`), or `intl-words-probe#<8 hex>` when the ICU version is unknown. */
  readonly signature: string;
  /** The ICU major version in the signature, or undefined when the engine does not tell it. */
  readonly icu: string | undefined;
  /** The segmenter's resolved locale. */
  readonly locale: string;
}

declare module "@gramscore/core" {
  interface TokenizerMap {
    "intl-words": IntlWordsOptions | undefined;
  }
}

/** The default locale (ICU's root word-break rules). */
export const DEFAULT_LOCALE = "en";

interface SegmentData {
  segment: string;
  isWordLike?: boolean;
}
interface SegmenterLike {
  segment(text: string): Iterable<SegmentData>;
  resolvedOptions(): { locale: string };
}
type SegmenterCtor = new (locale: string, options: { granularity: "word" }) => SegmenterLike;

function segmenterClass(): SegmenterCtor {
  const ctor = (Intl as unknown as { Segmenter?: SegmenterCtor }).Segmenter;
  if (typeof ctor !== "function") {
    throw new GramscoreError(
      ErrorCode.MISSING_DEPENDENCY,
      "The intl-words tokenizer needs Intl.Segmenter, which this JavaScript engine does not have (Node 16+, Chrome 87+, Safari 14.1+, Firefox 125+, Deno and Bun have it).",
    );
  }
  return ctor;
}

/**
 * The major version of the engine's ICU library (`"78"`), read from `process.versions.icu` (Node,
 * and runtimes that copy Node's `process.versions`), or undefined when the engine does not tell it
 * (browsers expose no ICU version).
 */
export function icuVersion(): string | undefined {
  const versions = (globalThis as { process?: { versions?: Record<string, string | undefined> } }).process?.versions;
  const icu = versions?.icu;
  if (typeof icu !== "string") return undefined;
  const major = /^(\d+)/.exec(icu);
  return major?.[1];
}

/**
 * Text whose word boundaries identify a segmenter when the ICU version is unknown: Thai, Lao,
 * Khmer, Burmese, Chinese, Japanese, Korean, emoji sequences and punctuation.
 */
const PROBE =
  "สวัสดีครับ ผมชื่อสมชาย กรุงเทพมหานครเป็นเมืองหลวง ສະບາຍດີ ຂ້ອຍຊື່ ພາສາລາວ ខ្ញុំស្រលាញ់ភាសាខ្មែរ មិត្តភក្តិ " +
  "မင်္ဂလာပါ မြန်မာဘာသာစကား 我们今天去北京大学学习 東京都に住んでいます 한국어 문장입니다 👍🏽👨‍👩‍👧 can't 3.14 e-mail";

/** 32-bit FNV-1a over the UTF-16 code units of `text`, as 8 hex digits. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(16).padStart(8, "0");
}

/** True when every code point of `s` has the Unicode White_Space property. */
const ALL_SPACE = /^\p{White_Space}*$/u;

/**
 * The tokens of `text` under `segmenter`: the segments of word granularity, except those made only
 * of White_Space characters (ICU's word-like segments, and punctuation, symbols and emoji, each a
 * token of its own, as ICU delimits them).
 */
function segmentWords(segmenter: SegmenterLike, text: string): string[] {
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) if (!ALL_SPACE.test(segment)) out.push(segment);
  return out;
}

/**
 * `intl-words`: the segments of `Intl.Segmenter(locale, { granularity: "word" })` that are not made
 * only of White_Space characters. Word-like segments (letters, digits, dictionary words of Thai,
 * Lao, Khmer, Burmese, CJK) and the others (each punctuation mark, symbol or emoji cluster) are kept
 * verbatim, in order. Results depend on the engine's ICU version, which the signature names.
 * @example
 * const tok = createIntlWords();
 * tok.tokenize("สวัสดีครับ ผมชื่อสมชาย") // [ 'สวัสดี', 'ครับ', 'ผม', 'ชื่อ', 'สมชาย' ]
 * tok.signature // 'intl-words-icu78' (Node 20.20)
 * @throws GramscoreError `INVALID_OPTION` for a bad locale or option; `MISSING_DEPENDENCY` without Intl.Segmenter.
 */
export function createIntlWords(options: IntlWordsOptions = {}): IntlWordsTokenizer {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Options of the intl-words tokenizer must be an object, but got ${describeValue(options)}.`);
  }
  for (const key of Object.keys(options)) {
    if (key !== "locale" && key !== "icu") {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `The intl-words tokenizer has no option "${key}"; its options are locale and icu.`, {
        details: { tokenizer: "intl-words", option: key },
      });
    }
  }
  const locale = options.locale ?? DEFAULT_LOCALE;
  if (typeof locale !== "string" || locale === "") {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Option locale of intl-words must be a BCP 47 tag such as "th", but got ${describeValue(locale)}.`);
  }
  if (options.icu !== undefined && (typeof options.icu !== "string" || !/^\d+$/.test(options.icu))) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Option icu of intl-words must be an ICU major version such as "74", but got ${describeValue(options.icu)}.`);
  }
  const Segmenter = segmenterClass();
  let segmenter: SegmenterLike;
  try {
    segmenter = new Segmenter(locale, { granularity: "word" });
  } catch (error) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `Option locale of intl-words: ${describeValue(locale)} is not a valid locale (${error instanceof Error ? error.message : String(error)}).`, {
      cause: error,
    });
  }
  const icu = options.icu ?? icuVersion();
  const suffix = locale === DEFAULT_LOCALE ? "" : `-${locale}`;
  const signature =
    icu !== undefined ? `intl-words-icu${icu}${suffix}` : `intl-words-probe#${fnv1a(segmentWords(segmenter, PROBE).join("\u0000"))}${suffix}`;
  return {
    name: "intl-words",
    signature,
    icu,
    locale: segmenter.resolvedOptions().locale,
    tokenize: (text: string) => segmentWords(segmenter, assertText(text, "The text given to the intl-words tokenizer")),
  };
}

/** The `intl-words` tokenizer as a registry entry (options `locale`, `icu`). */
export const intlWordsTokenizer = /* @__PURE__ */ defineTokenizer({
  name: "intl-words",
  description: "words of scripts without spaces (Thai, Lao, Khmer, Burmese, CJK…) by the engine's Intl.Segmenter; the signature names its ICU version",
  options: [
    { key: "locale", flag: "intl-locale", type: "string", description: "segmenter locale (BCP 47)", default: DEFAULT_LOCALE },
    { key: "icu", flag: "intl-icu", type: "string", description: "ICU major version for the signature, when the engine does not tell it (browsers)" },
  ],
  create: (options?: IntlWordsOptions): Tokenizer => createIntlWords(options ?? {}),
});

/** The plugin of this package: the `intl-words` tokenizer. */
export const plugin: Plugin = /* @__PURE__ */ definePlugin({
  name: "@gramscore/tokenizer-intl-words",
  version: VERSION,
  tokenizers: [intlWordsTokenizer],
  metrics: [],
});

export default plugin;
