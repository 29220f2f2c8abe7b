import { isGramscoreError } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import plugin, { VERSION, createIntlWords, icuVersion, intlWordsTokenizer } from "../src/index.js";
import pkg from "../package.json" with { type: "json" };

const tok = createIntlWords();

describe("intl-words", () => {
  it("splits Thai, Lao and Khmer into dictionary words", () => {
    expect(tok.tokenize("สวัสดีครับ ผมชื่อสมชาย")).toEqual(["สวัสดี", "ครับ", "ผม", "ชื่อ", "สมชาย"]);
    expect(tok.tokenize("ไปกินข้าว")).toEqual(["ไป", "กิน", "ข้าว"]);
    expect(tok.tokenize("ສະບາຍດີ ຂ້ອຍຊື່")).toEqual(["ສະບາຍດີ", "ຂ້ອຍ", "ຊື່"]);
    expect(tok.tokenize("ខ្ញុំស្រលាញ់ភាសាខ្មែរ")).toEqual(["ខ្ញុំ", "ស្រលាញ់", "ភាសាខ្មែរ"]);
  });

  it("keeps punctuation, symbols and emoji as tokens and drops whitespace, in mixed scripts", () => {
    expect(tok.tokenize("I like ภาษาไทย and ລາວ.")).toEqual(["I", "like", "ภาษา", "ไทย", "and", "ລາວ", "."]);
    expect(tok.tokenize("ไปกินข้าว (Bangkok) 2024!")).toEqual(["ไป", "กิน", "ข้าว", "(", "Bangkok", ")", "2024", "!"]);
    expect(tok.tokenize("a\u00a0b\u3000c\t\nd 👍🏽")).toEqual(["a", "b", "c", "d", "👍🏽"]);
    expect(tok.tokenize("")).toEqual([]);
    expect(tok.tokenize(" \u2003 ")).toEqual([]);
  });

  it("names the engine's ICU version in its signature", () => {
    const major = String(process.versions.icu).split(".")[0];
    expect(icuVersion()).toBe(major);
    expect(tok.signature).toBe(`intl-words-icu${major}`);
    expect(createIntlWords({ locale: "th" }).signature).toBe(`intl-words-icu${major}-th`);
    expect(createIntlWords({ icu: "74" }).signature).toBe("intl-words-icu74");
  });

  it("falls back to a probe of the segmenter when the ICU version is unknown", () => {
    const versions = process.versions as Record<string, string | undefined>;
    const saved = Object.getOwnPropertyDescriptor(process, "versions")!;
    Object.defineProperty(process, "versions", { value: { ...versions, icu: undefined }, configurable: true });
    try {
      expect(icuVersion()).toBeUndefined();
      const a = createIntlWords().signature;
      expect(a).toMatch(/^intl-words-probe#[0-9a-f]{8}$/);
      expect(createIntlWords().signature).toBe(a);
    } finally {
      Object.defineProperty(process, "versions", saved);
    }
  });

  it("refuses bad options and non-strings", () => {
    const codeOf = (f: () => unknown): unknown => {
      try {
        f();
      } catch (e) {
        return isGramscoreError(e) ? e.code : e;
      }
      return undefined;
    };
    expect(codeOf(() => createIntlWords({ lang: "th" } as never))).toBe("INVALID_OPTION");
    expect(codeOf(() => createIntlWords({ icu: "v74" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createIntlWords({ locale: "not a locale!" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => tok.tokenize(5 as never))).toBe("INVALID_TYPE");
  });

  it("is registered by name", () => {
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/tokenizer-intl-words", version: VERSION });
    expect(VERSION).toBe(pkg.version);
    expect(plugin.tokenizers).toEqual([intlWordsTokenizer]);
    const created = intlWordsTokenizer.create({ locale: "en" });
    expect([created.name, created.signature]).toEqual(["intl-words", tok.signature]);
  });
});
