/**
 * Properties of the normalizers that hold for Whisper's Python ones too. Idempotence was checked on the
 * Python normalizers first (20,000 random strings over the alphabet below): the basic normalizer is
 * idempotent with every option, the English one is not ("hundred . . ① % a" → "100 one a" → "101 a"),
 * so nothing of the kind is asserted for it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import plugin, { basicNormalize, englishNormalize, createBasicNormalizer, whisperBasic, whisperEnglish, whisperNormalizers } from "@gramscore/normalizer-whisper";

const PIECES = [
  ..."abcXYZ019 .,'$%£€¢-()[]<>\t\n",
  "é",
  "e\u0301",
  "İ",
  "ß",
  "ﬁ",
  "①",
  "½",
  "日",
  "👍",
  "\u200d",
  "Σ",
  "क्षि",
  "🇩🇪",
  "\u00a0",
  "one",
  "twenty",
  "hundred",
  "dollars",
  "cents",
  "point",
  "and a half",
  "won't",
  "mr",
  "colour",
  "hmm",
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join(""));
const words = fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join(" "));
const any = fc.oneof(text, words, fc.string({ unit: "binary", maxLength: 20 }));

const OPTIONS = [{}, { removeDiacritics: true }, { splitLetters: true }, { removeDiacritics: true, splitLetters: true }] as const;

describe("basic normalizer", () => {
  it("is idempotent with every option", () => {
    for (const options of OPTIONS) {
      fc.assert(fc.property(any, (s) => basicNormalize(basicNormalize(s, options), options) === basicNormalize(s, options)));
    }
  });
  it("splitting letters only adds spaces between grapheme clusters", () => {
    for (const removeDiacritics of [false, true]) {
      fc.assert(
        fc.property(any, (s) => basicNormalize(s, { removeDiacritics, splitLetters: true }).replaceAll(" ", "") === basicNormalize(s, { removeDiacritics }).replaceAll(" ", "")),
      );
    }
  });
});

describe("every normalizer", () => {
  it("leaves single spaces only: no other whitespace and no run of two", () => {
    const fns = [...OPTIONS.map((o) => (s: string) => basicNormalize(s, o)), englishNormalize];
    fc.assert(fc.property(any, (s) => fns.every((fn) => !/\s\s|[^\S ]/u.test(fn(s)))));
  });
});

describe("Normalizer objects", () => {
  it("carry their names and signatures and normalize like the functions", () => {
    expect([whisperEnglish.name, whisperEnglish.signature]).toEqual(["whisper-en", "whisper-en"]);
    expect([whisperBasic.name, whisperBasic.signature]).toEqual(["whisper-basic", "whisper-basic"]);
    expect(createBasicNormalizer({ removeDiacritics: true, splitLetters: true }).signature).toBe("whisper-basic+remove-diacritics+split-letters");
    expect(createBasicNormalizer({ splitLetters: true }).signature).toBe("whisper-basic+split-letters");
    fc.assert(
      fc.property(any, (s) => {
        expect(whisperEnglish.normalize(s)).toBe(englishNormalize(s));
        expect(createBasicNormalizer({ removeDiacritics: true }).normalize(s)).toBe(basicNormalize(s, { removeDiacritics: true }));
      }),
    );
  });
});

describe("the plugin", () => {
  it("registers every normalizer under its name, each normalizing like its options say", () => {
    expect([plugin.kind, plugin.name, plugin.normalizers]).toEqual(["plugin", "@gramscore/normalizer-whisper", whisperNormalizers]);
    expect(whisperNormalizers.map((n) => n.name)).toEqual([
      "whisper-en",
      "whisper-basic",
      "whisper-basic+remove-diacritics",
      "whisper-basic+split-letters",
      "whisper-basic+remove-diacritics+split-letters",
    ]);
    expect(whisperNormalizers.slice(0, 2)).toEqual([whisperEnglish, whisperBasic]);
    const options = [{ removeDiacritics: true }, { splitLetters: true }, { removeDiacritics: true, splitLetters: true }];
    fc.assert(
      fc.property(any, (s) => {
        options.forEach((o, i) => expect(whisperNormalizers[i + 2]!.normalize(s)).toBe(basicNormalize(s, o)));
      }),
    );
  });
});

describe("the ASCII path of the basic normalizer", () => {
  // ASCII text takes a shorter path; with one letter outside ASCII after it, the same text takes the
  // general one (NFKC/NFKD, Python's categories), and that letter changes nothing before it.
  const ASCII_PIECES = [..."abcXYZ019 .,'$%-_()[]<>{}!?@#^&*+=/\\|~`\"\t\n\r\v\f\u001c\u001f\u0000\u007f", "Mr.", "(applause)", "[noise]", "<unk>"];
  const ascii = fc.array(fc.constantFrom(...ASCII_PIECES), { maxLength: 16 }).map((p) => p.join(""));
  it("gives what the general path gives", () => {
    fc.assert(
      fc.property(ascii, (s) => {
        expect(basicNormalize(`${s}é`)).toBe(`${basicNormalize(s)}é`);
        expect(basicNormalize(`${s}é`, { removeDiacritics: true })).toBe(`${basicNormalize(s, { removeDiacritics: true })}e`);
      }),
      { numRuns: 2000 },
    );
  });
});
