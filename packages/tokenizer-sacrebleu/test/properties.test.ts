import { pySplit } from "@gramscore/core";
import {
  createSacrebleuTokenizer,
  createTokenSpans,
  spansToTokens,
  isCjkChar,
  normalize13a,
  normalizeChar,
  normalizeCjk,
  normalizeIntl,
  normalizeZh,
  tokenize13a,
  tokenizeChar,
  tokenizeCjk,
  tokenizeIntl,
  tokenizeZh,
} from "@gramscore/tokenizer-sacrebleu";
import type { SacrebleuTokenizerName } from "@gramscore/tokenizer-sacrebleu";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ref13a, refChar, refIntl, refZh } from "./reference.js";

/**
 * Pieces that drive the rules: digits, `.`/`,`/`-`, the entities and markers 13a rewrites, every
 * class of ASCII punctuation, Python whitespace that JavaScript's `\s` disagrees on, astral characters,
 * combining marks, characters on both sides of each zh range boundary, Unicode punctuation, symbols and
 * numbers (including ones newer than the intl tables), and letters.
 */
const ATOMS = [
  "0", "1", "7", "9", "42", "3.14", "1,000", ".", ",", "-", "..", ",.", "-\n", "\n", "\r\n", "<skipped>", "<skip", "ped>",
  "&", ";", "&quot;", "&amp;", "&lt;", "&gt;", "&amp;lt;", "&amp;amp;", "&QUOT;", "<", ">", '"', "'", "`", "~", "{", "}",
  "[", "]", "\\", "^", "_", "@", "!", "?", "(", ")", "*", "+", "/", ":", "=", "%", "$", "#", "|",
  " ", "  ", "\t", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f", "\x85", "\xa0", "\u1680", "\u2000", "\u2001", "\u200a",
  "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\x00", "\x7f", "\x9e",
  "a", "b", "Z", "word", "é", "e\u0301", "\u0300", "\u20dd", "ß", "İ", "Σ",
  "中", "文", "。", "，", "、", "！", "ア", "か", "ー", "한", "국", "\u3400", "\u4db5", "\u4db6", "\u9fbb", "\u9fbc", "\u9fff",
  "\u2a6d", "\u2a6e", "\u2f80", "\u2f81", "\u2fa1", "\u2fa2", "\u2e7f", "\u2e80", "\ufe0f", "\ufe10", "\ufe2f", "\uff01", "\uff10", "\uffef", "\ufff0",
  "…", "→", "≤", "★", "€", "“", "”", "«", "»", "¿", "·", "‐", "–", "—", "½", "²", "٣", "١٢", "،", "؟",
  "😀", "👍🏽", "👨‍👩‍👧", "𝟎", "𝐀", "𠀋", "𪜀", "\u{2f800}", "\u{30000}", "\u{1b000}", "\u{11f50}", "\u{1d2c0}", "\u{1cc00}",
  "\u2ffc", "\u31ef", "\u1b4e", "\u{16d6d}", "\u{10d40}",
];

const rich = fc.array(fc.constantFrom(...ATOMS), { maxLength: 24 }).map((parts) => parts.join(""));
const anyText = fc.string({ unit: "binary", maxLength: 40 });
const texts = fc.oneof({ weight: 4, arbitrary: rich }, { weight: 1, arbitrary: anyText });

const RUNS = 4000;

const CASES: [SacrebleuTokenizerName, (s: string) => string, (s: string) => string[], (s: string) => string][] = [
  ["13a", normalize13a, tokenize13a, ref13a],
  ["intl", normalizeIntl, tokenizeIntl, refIntl],
  ["zh", normalizeZh, tokenizeZh, (s) => refZh(s)],
  ["cjk", normalizeCjk, tokenizeCjk, (s) => refZh(s, (ch) => isCjkChar(ch.codePointAt(0)!))],
  ["char", normalizeChar, tokenizeChar, refChar],
];

describe("one-pass scanners equal the regex pipelines", () => {
  for (const [name, normalize, tokenize, reference] of CASES) {
    it(`${name}: normalize(s) is the reference pipeline's string`, () => {
      fc.assert(
        fc.property(texts, (s) => {
          expect(normalize(s)).toBe(reference(s));
        }),
        { numRuns: RUNS },
      );
    });

    it(`${name}: tokenize(s) is Python's str.split() of normalize(s)`, () => {
      fc.assert(
        fc.property(texts, (s) => {
          expect(tokenize(s)).toEqual(pySplit(normalize(s)));
        }),
        { numRuns: RUNS / 4 },
      );
    });

    it(`${name}: spans() gives the same tokens as offsets, reusing its buffer`, () => {
      const tok = createSacrebleuTokenizer(name);
      const into = createTokenSpans(Number.NaN); // a bad capacity falls back to the default
      fc.assert(
        fc.property(texts, (s) => {
          const spans = tok.spans(s, into);
          expect(spans).toBe(into);
          const tokens: string[] = [];
          for (let i = 0; i < spans.count; i++) tokens.push(spans.source.slice(spans.starts[i], spans.ends[i]));
          expect(tokens).toEqual(tokenize(s));
          expect(spansToTokens(tok.spans(s))).toEqual(tokens);
        }),
        { numRuns: RUNS / 4 },
      );
    });

    it(`${name}: the cache changes nothing, and its arrays are the caller's`, () => {
      const cached = createSacrebleuTokenizer(name, { cacheSize: 8 });
      fc.assert(
        fc.property(fc.array(texts, { maxLength: 12 }), (batch) => {
          for (const s of [...batch, ...batch]) {
            const got = cached.tokenize(s);
            expect(got).toEqual(tokenize(s));
            got.push("mutated");
          }
        }),
        { numRuns: 300 },
      );
    });
  }
});

describe("properties of the tokenizers", () => {
  const tokenizers = (["13a", "intl", "zh", "char", "cjk"] as const).map((n) => createSacrebleuTokenizer(n));

  it("no token contains Python whitespace or is empty", () => {
    fc.assert(
      fc.property(texts, (s) => {
        for (const tok of tokenizers) for (const t of tok.tokenize(s)) expect(pySplit(t)).toEqual([t]);
      }),
      { numRuns: 1000 },
    );
  });

  it("13a and char: tokenizing `a + ' ' + b` is tokenizing a, then b", () => {
    // 13a pads the line with spaces, so a space at the joint acts like the line ends; zh and cjk do
    // not pad (a final "0," stays whole, "0, 0" splits) and neither does intl.
    const pair = [createSacrebleuTokenizer("13a"), createSacrebleuTokenizer("char")];
    fc.assert(
      fc.property(texts, texts, (a, b) => {
        for (const tok of pair) expect(tok.tokenize(`${a} ${b}`)).toEqual([...tok.tokenize(a), ...tok.tokenize(b)]);
      }),
      { numRuns: 2000 },
    );
  });

  it("every tokenizer rejects text with an unpaired surrogate, wherever it is", () => {
    const lone = fc.constantFrom("\ud800", "\udbff", "\udc00", "\udfff", "\ude00\ud83d");
    fc.assert(
      fc.property(texts, lone, texts, (a, s, b) => {
        const text = `${a}${s}${b}`;
        for (const tok of tokenizers) {
          expect(() => tok.tokenize(text)).toThrowError(expect.objectContaining({ code: "LONE_SURROGATE" }));
          expect(() => tok.normalize(text)).toThrowError(expect.objectContaining({ code: "LONE_SURROGATE" }));
        }
      }),
      { numRuns: 500 },
    );
  });
});
