import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRougeTokenizer, createRougeUnicodeTokenizer, rougeUnicodeTokenize } from "@gramscore/metric-rouge";

const uni = createRougeUnicodeTokenizer();
const uniStem = createRougeUnicodeTokenizer({ useStemmer: true });
const rouge = createRougeTokenizer();
const rougeStem = createRougeTokenizer({ useStemmer: true });

const SAMPLES: Record<string, string> = {
  thai: "ภาษาไทยไม่มีการเว้นวรรคระหว่างคำ ที่นี่",
  chinese: "今天天气很好，我们去公园散步吧。",
  arabic: "اللغة العربية جميلة جداً، أليس كذلك؟",
  hindi: "हिंदी भाषा बहुत सुंदर है।",
  japanese: "東京タワーは、とても高いです。ラーメン",
  korean: "한국어는 띄어쓰기를 합니다.",
  hebrew: "שלום עולם, מה שלומך?",
  russian: "Привет, мир! Как дела?",
};

describe("rouge-unicode", () => {
  it.each(Object.entries(SAMPLES))("%s: identical strings give identical, non-empty token lists (rouge gives none)", (_lang, text) => {
    const a = uni.tokenize(text);
    const b = uni.tokenize(String(text));
    expect(a.length).toBeGreaterThan(0);
    expect(b).toEqual(a);
    expect(rouge.tokenize(text)).toEqual([]);
    // A ROUGE-1 overlap of a text with itself is then complete.
    expect(new Set(a).size).toBeGreaterThan(0);
  });

  it("splits scripts written without spaces one character per token, marks staying with their base", () => {
    expect(uni.tokenize("我们去公园")).toEqual(["我", "们", "去", "公", "园"]);
    expect(uni.tokenize("ラーメン")).toEqual(["ラ", "ー", "メ", "ン"]);
    expect(uni.tokenize("ที่นี่")).toEqual(["ที่", "นี่"]); // base consonant + vowel and tone marks
    expect(uni.tokenize("東京tower 2024年")).toEqual(["東", "京", "tower", "2024", "年"]);
  });

  it("keeps words of spaced scripts whole, with their combining marks; punctuation and symbols separate", () => {
    expect(uni.tokenize("हिंदी भाषा।")).toEqual(["हिंदी", "भाषा"]);
    expect(uni.tokenize("Über-Größe: café!")).toEqual(["über", "größe", "café"]);
    expect(uni.tokenize("cafe\u0301 😀 ½ Ⅻ")).toEqual(["cafe\u0301", "½", "ⅻ"]);
    expect(uni.tokenize("İstanbul")).toEqual(["i\u0307stanbul"]);
    expect(uni.tokenize("한국어는 띄어쓰기를")).toEqual(["한국어는", "띄어쓰기를"]);
  });

  it("stems ASCII tokens longer than 3 characters only", () => {
    expect(uniStem.tokenize("Running dogs müssen laufen")).toEqual(["run", "dog", "müssen", "laufen"]);
    expect(rougeUnicodeTokenize("Running")).toEqual(["running"]);
  });

  it("equals rouge on pure-ASCII text, with and without stemming (property)", () => {
    const word = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9]{1,10}$/),
      fc.constantFrom("running", "Skies", "dying", "generously", "ponies", "hopefully", "news", "agreed", "İ".slice(0, 0)),
    );
    const sep = fc.string({ unit: "binary-ascii", maxLength: 3 }).filter((s) => !/[A-Za-z0-9]/.test(s));
    const asciiText = fc.array(fc.tuple(word, sep), { maxLength: 20 }).map((parts) => parts.map(([w, s]) => w + s).join(""));
    fc.assert(
      fc.property(fc.oneof(asciiText, fc.string({ unit: "binary-ascii", maxLength: 60 })), (text) => {
        expect(uni.tokenize(text)).toEqual(rouge.tokenize(text));
        expect(uniStem.tokenize(text)).toEqual(rougeStem.tokenize(text));
      }),
      { numRuns: 1000 },
    );
  });

  it("never returns empty tokens or tokens with separators, on any text (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 40 }), (text) => {
        for (const t of uni.tokenize(text)) {
          expect(t.length).toBeGreaterThan(0);
          expect(/[^\p{L}\p{M}\p{N}]/u.test(t)).toBe(false);
        }
      }),
    );
  });

  it("signature and errors", () => {
    expect(uni.signature).toBe("rouge-unicode");
    expect(uniStem.signature).toBe("rouge-unicode+stem");
    expect(createRougeUnicodeTokenizer({ stopwords: ["的"] }).tokenize("我的书")).toEqual(["我", "书"]);
    expect(() => uni.tokenize({} as unknown as string)).toThrowError(expect.objectContaining({ code: "INVALID_TYPE" }));
    expect(() => createRougeUnicodeTokenizer({ cacheSize: 1.5 })).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});
