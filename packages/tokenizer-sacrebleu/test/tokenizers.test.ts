import { ErrorCode, isGramscoreError, toTokenizer } from "@gramscore/core";
import plugin, {
  CJK_RANGES,
  SACREBLEU_TOKENIZER_NAMES,
  SACREBLEU_ZH_RANGES,
  VERSION,
  create13a,
  createChar,
  createCjk,
  createIntl,
  createSacrebleuTokenizer,
  createTokenSpans,
  createZh,
  isCjkChar,
  isZhChar,
  normalize13a,
  normalizeChar,
  normalizeCjk,
  normalizeIntl,
  normalizeZh,
  spansToTokens,
  tokenize13a,
  tokenizeChar,
  tokenizeZh,
  tokenizer13a,
} from "@gramscore/tokenizer-sacrebleu";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { refIsChineseChar } from "./reference.js";
import { codeOf } from "../../../tooling/test/errors.js";

describe("13a", () => {
  it("splits ASCII punctuation, and . , only away from digits", () => {
    expect(normalize13a("Hello, world! It costs $1,000.50 (in 2023).")).toBe("Hello , world ! It costs $ 1,000.50 ( in 2023 ) .");
    expect(normalize13a("The year 2023.")).toBe("The year 2023 .");
    expect(normalize13a("pages 3-4, 1990-2000 and well-known")).toBe("pages 3 - 4 , 1990 - 2000 and well-known");
    expect(normalize13a("a.b,c 3.14 .5 5. x.5")).toBe("a . b , c 3.14 . 5 5 . x . 5");
  });

  it("alternates in runs of . and , as the regexes consume them", () => {
    // rule 2 matches 'a.' and then '..' pairs; before a digit the last '.' stays on the digit.
    expect(normalize13a("a..5")).toBe("a . .5");
    expect(normalize13a("a...5")).toBe("a . . . 5");
    expect(normalize13a("1..2")).toBe("1 . . 2");
  });

  it("unescapes &quot; &amp; &lt; &gt; in that order, each once, and nothing else", () => {
    expect(normalize13a("&quot;A&quot; &amp; B")).toBe('" A " & B');
    expect(normalize13a("&amp;lt;")).toBe("<");
    expect(normalize13a("&amp;quot;")).toBe("& quot ;");
    expect(normalize13a("&amp;amp;")).toBe("& amp ;");
    expect(normalize13a("&apos; &nbsp; &QUOT;")).toBe("& apos ; & nbsp ; & QUOT ;");
  });

  it("removes <skipped> and -\\n before anything else", () => {
    expect(normalize13a("a <skipped> b")).toBe("a b");
    expect(normalize13a("con-\ntinues\nhere")).toBe("continues here");
    expect(normalize13a("x-<skipped>\ny")).toBe("xy");
    expect(normalize13a("<skip<skipped>ped>")).toBe("< skipped >");
  });

  it("splits on Python's whitespace, not JavaScript's", () => {
    expect(tokenize13a("a\x1cb\x85c\u3000d\ufeffe")).toEqual(["a", "b", "c", "d\ufeffe"]);
  });
});

describe("zh and cjk", () => {
  it("zh splits Chinese characters and applies 13a's rules to the rest", () => {
    expect(normalizeZh("我爱北京天安门。Hello, world 2023.")).toBe("我 爱 北 京 天 安 门 。 Hello , world 2023.");
    expect(normalizeZh("  .5  ")).toBe(".5"); // stripped first, no padding: nothing precedes the '.'
  });

  it("zh reproduces sacrebleu's range bug: U+2001–U+2A6D counts as Chinese, astral Extension B does not", () => {
    expect(normalizeZh("Wait… a→b ≤ c ★ “q” €5")).toBe("Wait … a → b ≤ c ★ “ q ” € 5");
    expect(tokenizeZh("𠀋𠀍")).toEqual(["𠀋𠀍"]);
    expect(tokenizeZh("カタカナ 한국어")).toEqual(["カタカナ", "한국어"]);
  });

  it("cjk splits ideographs of every extension and kana, not general punctuation or Hangul", () => {
    expect(normalizeCjk("Wait… a→b ≤ c ★ “q” €5")).toBe("Wait… a→b ≤ c ★ “q” €5");
    expect(normalizeCjk("𠀋𠀍 カタカナ ひらがな 한국어")).toBe("𠀋 𠀍 カ タ カ ナ ひ ら が な 한국어");
    expect(normalizeCjk("我爱北京。Hello, world")).toBe(normalizeZh("我爱北京。Hello, world"));
  });

  it("SACREBLEU_ZH_RANGES is what sacrebleu's literal table does under Python's string comparison", () => {
    const differ: number[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (isZhChar(cp) !== refIsChineseChar(String.fromCodePoint(cp))) differ.push(cp);
    }
    expect(differ).toEqual([]);
    expect(isZhChar(0x2000)).toBe(false);
    expect(isZhChar(0x2001)).toBe(true);
    expect(isZhChar(0x2a6d)).toBe(true);
    expect(isZhChar(0x2a6e)).toBe(false);
    expect(isZhChar(0x20000)).toBe(false);
    expect(SACREBLEU_ZH_RANGES).toHaveLength(22);
  });

  it("CJK_RANGES are sorted and disjoint, and cover the ideograph blocks the engine knows", () => {
    for (let i = 1; i < CJK_RANGES.length; i++) expect(CJK_RANGES[i]![0]).toBeGreaterThan(CJK_RANGES[i - 1]![1]);
    const han = /\p{Script=Han}/u;
    const kana = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
    const hangul = /\p{Script=Hangul}/u;
    const missing: string[] = [];
    for (let cp = 0; cp < 0x110000; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      const ch = String.fromCodePoint(cp);
      if ((han.test(ch) || kana.test(ch)) && !isCjkChar(cp)) missing.push(cp.toString(16));
      const sharedBlock = (cp >= 0x3000 && cp <= 0x303f) || (cp >= 0x3200 && cp <= 0x32ff) || (cp >= 0xff00 && cp <= 0xffef);
      if (hangul.test(ch) && isCjkChar(cp) && !sharedBlock) {
        missing.push(`hangul ${cp.toString(16)}`);
      }
    }
    // Han and kana outside the ranges are only the squared forms of U+1F200 and the ideographic
    // marks of U+16FE0; Hangul inside them only in blocks that mix scripts (CJK punctuation with the
    // Hangul tone marks, enclosed letters, halfwidth forms).
    console.log(`Han/kana code points outside CJK_RANGES: ${missing.length} (${missing.slice(0, 12).join(" ")} ...)`);
    expect(missing.filter((m) => m.startsWith("hangul"))).toEqual([]);
    expect(missing.every((m) => /^(1f2|16f)/.test(m))).toBe(true);
  });
});

describe("intl and char", () => {
  it("intl splits Unicode punctuation unless a number follows, and every symbol", () => {
    expect(normalizeIntl("Preis: 1.000,50€ (netto)… «Ja»!")).toBe("Preis : 1.000,50 € ( netto ) … « Ja » !");
    expect(normalizeIntl("In 2023.")).toBe("In 2023."); // no padding: the final '.' stays
    expect(normalizeIntl("In 2023. Then")).toBe("In 2023 . Then");
  });

  it("char keeps code points whole and whitespace in normalize() only", () => {
    expect(normalizeChar("a b😀")).toBe("a   b 😀");
    expect(tokenizeChar("a b😀e\u0301")).toEqual(["a", "b", "😀", "e", "\u0301"]);
  });
});

describe("factories, descriptors and plugin", () => {
  it("each tokenizer has its sacrebleu name and signature", () => {
    const made = [create13a(), createIntl(), createZh(), createChar(), createCjk()];
    expect(made.map((t) => [t.name, t.signature])).toEqual([
      ["13a", "13a"],
      ["intl", "intl"],
      ["zh", "zh"],
      ["char", "char"],
      ["cjk", "cjk"],
    ]);
    for (const name of SACREBLEU_TOKENIZER_NAMES) expect(createSacrebleuTokenizer(name).name).toBe(name);
  });

  it("the plugin lists the five descriptors, each with options, and creates working tokenizers", () => {
    expect(plugin.kind).toBe("plugin");
    expect(plugin.name).toBe("@gramscore/tokenizer-sacrebleu");
    expect(plugin.version).toBe(VERSION);
    expect(plugin.tokenizers?.map((d) => d.name)).toEqual(["13a", "intl", "zh", "char", "cjk"]);
    for (const d of plugin.tokenizers ?? []) {
      expect(d.kind).toBe("tokenizer");
      expect(d.options?.map((o) => o.key)).toEqual(["cacheSize"]);
      expect(d.create().tokenize("Hi, you.")).toEqual(d.name === "char" ? ["H", "i", ",", "y", "o", "u", "."] : ["Hi", ",", "you", "."]);
    }
    expect(tokenizer13a.create({ cacheSize: 10 }).tokenize("a.b")).toEqual(["a", ".", "b"]);
  });

  it("VERSION matches package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });

  it("spans grow from any starting capacity", () => {
    const long = "a ".repeat(5000);
    for (const capacity of [0, 1, -5, Number.NaN, Infinity, 3.7]) {
      const spans = create13a().spans(long, createTokenSpans(capacity));
      expect(spans.count).toBe(5000);
      expect(spansToTokens(spans)).toEqual(Array(5000).fill("a"));
    }
    const empty = create13a().spans("   ");
    expect([empty.count, empty.source]).toEqual([0, "   "]);
    expect(create13a().spans("&amp; x").source).toBe("& x");
  });

  it("a sacrebleu tokenizer passes through core's toTokenizer unchanged", () => {
    const tok = create13a();
    expect(toTokenizer(tok)).toBe(tok);
  });
});

describe("errors", () => {
  it("rejects non-strings with INVALID_TYPE and unpaired surrogates with LONE_SURROGATE", () => {
    for (const tok of [create13a(), createIntl(), createZh(), createChar(), createCjk()]) {
      expect(codeOf(() => tok.tokenize(42 as unknown as string))).toBe(ErrorCode.INVALID_TYPE);
      expect(codeOf(() => tok.normalize(null as unknown as string))).toBe(ErrorCode.INVALID_TYPE);
      expect(codeOf(() => tok.tokenize("ok \ud83d here"))).toBe(ErrorCode.LONE_SURROGATE);
      expect(codeOf(() => tok.tokenize("end\ud83d"))).toBe(ErrorCode.LONE_SURROGATE);
      expect(codeOf(() => tok.tokenize("\ude00start"))).toBe(ErrorCode.LONE_SURROGATE);
    }
    // A surrogate pair split by '<skipped>' is still rejected, though removing the marker rejoins it.
    expect(codeOf(() => tokenize13a("\ud83d<skipped>\ude00"))).toBe(ErrorCode.LONE_SURROGATE);
  });

  it("names the problem in the message", () => {
    expect(() => tokenize13a("x\udc00")).toThrow(/unpaired UTF-16 surrogate U\+DC00 at index 1/);
  });

  it("rejects bad options and unknown names", () => {
    expect(codeOf(() => create13a({ cacheSize: -1 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => create13a({ cacheSize: 1.5 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => create13a({ lowercase: true } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => create13a("13a" as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createSacrebleuTokenizer("ja-mecab" as never))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(() => createSacrebleuTokenizer("none" as never)).toThrow(/tokenizer-whitespace/);
  });
});
