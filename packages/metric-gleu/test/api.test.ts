import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, evaluate } from "@gramscore/core";
import plugin, { createGleu, createGoogleBleu, gleu, googleBleu, parseGleuStats, sentenceGleu, sentenceGoogleBleu } from "@gramscore/metric-gleu";
import { codeOf } from "../../../tooling/test/errors.js";


// NLTK 3.8's docstring examples (gleu_score.py); the values are what NLTK 3.8 returns for them on str.split() tokens.
const hyp1 = "It is a guide to action which ensures that the military always obeys the commands of the party";
const hyp2 = "he read the book because he was interested in world history";
const ref1a = "It is a guide to action that ensures that the military will forever heed Party commands";
const ref1b = "It is the guiding principle which guarantees the military forces always being under the command of the Party";
const ref1c = "It is the practical guide for the army always to heed the directions of the party";
const ref2a = "he was interested in world history because he read the book";

describe("GLEU API", () => {
  it("gives NLTK's docstring values", () => {
    expect(sentenceGleu(hyp1, [ref1a]).score).toBe(0.4393939393939394);
    expect(sentenceGleu("the the the the the the the", ["the cat is on the mat"]).score).toBe(0.09090909090909091);
    // corpus_gleu([[ref1a, ref1b, ref1c], [ref2a]], [hyp1, hyp2])
    const corpus = gleu([hyp1, hyp2], [[ref1a, ref2a], [ref1b, null], [ref1c, null]]);
    expect(corpus.score).toBe(0.5673076923076923);
    expect(corpus.signature).toBe("tok:none|min:1|max:4|version:gramscore-0.1.0");
  });

  it("google_bleu tokenizes with 13a, takes evaluate's reference layout and keeps the same statistics", () => {
    const r = googleBleu([hyp1, hyp2], [[ref1a, ref2a], [ref1b, null], [ref1c, null]]);
    expect(r.name).toBe("google_bleu");
    expect(r.signature).toBe("tok:13a|min:1|max:4|variant:google_bleu|version:gramscore-0.1.0");
    expect(createGoogleBleu().tokens("Hello, world.")).toEqual(["Hello", ",", "world", "."]);
    expect(codeOf(() => googleBleu(["a"], [[]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => googleBleu(["a"], ["a"] as never))).toBe(ErrorCode.INVALID_TYPE);
    expect(sentenceGoogleBleu(hyp2, [ref2a]).score).toBe(googleBleu([hyp2], [[ref2a]]).score);
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["gleu", "google_bleu"]);
  });

  it("rejects bad options, inputs and statistics with coded errors", () => {
    expect(codeOf(() => createGleu({ minNgramOrder: 0 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createGleu({ minNgramOrder: 3, maxNgramOrder: 2 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createGleu({ min_len: 2 } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createGleu({ tokenize: "no-such-tokenizer" }))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(codeOf(() => createGleu().stats("a", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createGleu().stats(3 as never, ["a"]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => gleu(["a", "b"], [["a"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => parseGleuStats({ match: 3, total: 2 }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => parseGleuStats({ match: -1, total: 2 }))).toBe(ErrorCode.INVALID_STATS);
    expect(parseGleuStats({ match: 2, total: 5 })).toEqual({ match: 2, total: 5 });
    expect(codeOf(() => createGleu().rows("bleu"))).toBe(ErrorCode.INVALID_OPTION);
  });

  it("explain names the chosen reference (the first of equal ratios) and the matched n-grams", () => {
    const e = createGleu({ maxNgramOrder: 2 }).explain("a b c", ["a b x", "x b c", "a b c d e f"]);
    expect(e.references.map((r) => [r.match, r.total])).toEqual([
      [3, 5],
      [3, 5],
      [5, 11],
    ]);
    expect(e.reference).toBe(0);
    expect(e.matched).toEqual([
      { ngram: ["a"], count: 1 },
      { ngram: ["b"], count: 1 },
      { ngram: ["a", "b"], count: 1 },
    ]);
    expect(e.score).toBe(0.6);
    expect(createGleu({ maxNgramOrder: 2 }).score(createGleu({ maxNgramOrder: 2 }).stats("a b c", ["a b x", "x b c", "a b c d e f"]), "segment").score).toBe(0.6);
  });

  it("empty texts: no n-grams anywhere adds nothing; the corpus of nothing scores 0", () => {
    const m = createGleu();
    expect(m.stats("", [""])).toEqual({ match: 0, total: 0 });
    expect(m.stats("", ["a b"])).toEqual({ match: 0, total: 3 });
    expect(evaluate(m, [{ hyp: "", refs: [""] }]).corpus.score).toBe(0);
    expect(m.format(m.score({ match: 1, total: 3 }, "corpus"))).toBe("GLEU = 0.3333");
  });
});
