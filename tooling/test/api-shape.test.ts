/**
 * gramscore's one API shape (docs/decisions.md, "One API shape"): every corpus function takes
 * `(hypotheses, references[k][i], options?)`, every sentence function `(hypothesis, references,
 * options?)`, every result has `.score` and `.signature`, and an option has one name. The type checker
 * runs over this file (`pnpm typecheck`): each `@ts-expect-error` line must be an error, so a call in
 * jiwer's or rouge-score's order, or with an old option name, does not compile; and at run time the
 * same calls throw a coded GramscoreError instead of giving a number.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { bleu, hfBleu, sentenceBleu } from "@gramscore/metric-bleu";
import { chrf, sentenceChrf } from "@gramscore/metric-chrf";
import { gleu, googleBleu, sentenceGleu, sentenceGoogleBleu } from "@gramscore/metric-gleu";
import { meteor, sentenceMeteor } from "@gramscore/metric-meteor";
import { nist, sentenceNist } from "@gramscore/metric-nist";
import * as rougeModule from "@gramscore/metric-rouge";
import { RougeScorer, createRouge, rouge, sentenceRouge } from "@gramscore/metric-rouge";
import { sentenceTer, ter } from "@gramscore/metric-ter";
import { cer, jiwer, mer, sentenceWer, wer, wil, wip } from "@gramscore/metric-wer";
import { codeOf } from "./errors.js";

const hyps = ["the cat sat on the mat", "a dog barked"];
const refs = [["the cat sat on a mat", "the dog barked loudly"]];

function messageOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    expect((error as GramscoreError).code).toBe(ErrorCode.INVALID_OPTION);
    return (error as GramscoreError).message;
  }
  throw new Error("no error");
}

describe("one API shape", () => {
  it("every corpus and sentence function returns .score and .signature", () => {
    const corpus = [bleu, hfBleu, chrf, ter, meteor, gleu, googleBleu, nist, rouge, wer, cer, mer, wil, wip].map((f) => f(hyps, refs));
    const sentence = [sentenceBleu, sentenceChrf, sentenceTer, sentenceMeteor, sentenceGleu, sentenceGoogleBleu, sentenceNist, sentenceRouge, sentenceWer].map((f) =>
      f(hyps[0]!, [refs[0]![0]!]),
    );
    for (const r of [...corpus, ...sentence]) {
      expect(typeof r.score).toBe("number");
      expect(Number.isFinite(r.score)).toBe(true);
      expect(r.signature).toMatch(/\|version:gramscore-[0-9]+\.[0-9]+\.[0-9]+/);
    }
  });

  it("the version field says whose version it is", () => {
    expect(bleu(hyps, refs).signature).toMatch(/\|version:gramscore-\d+\.\d+\.\d+$/);
    expect(bleu(hyps, refs).signature).not.toMatch(/\|version:\d/);
  });

  it("a call in jiwer's order (references first, flat lists) does not compile and throws", () => {
    // @ts-expect-error the references are streams: string[][], not string[]
    expect(codeOf(() => wer(["a b"], ["a b c d"]))).toBe(ErrorCode.INVALID_TYPE);
    // @ts-expect-error one string is not the references of a sentence
    expect(codeOf(() => sentenceWer("a b", "a b c d"))).toBe(ErrorCode.INVALID_TYPE);
    // jiwer's own order lives under jiwer.*, with jiwer's numbers: 2 deletions of 4 reference words.
    expect(jiwer.wer("a b c d", "a b")).toBe(0.5);
    expect(wer(["a b"], [["a b c d"]]).score).toBe(0.5);
    expect(jiwer.wer(["a b c d"], ["a b"])).toBe(0.5);
    // @ts-expect-error jiwer.wer takes two strings or two lists
    expect(codeOf(() => jiwer.wer("a b c d", ["a b"]))).toBe(ErrorCode.INVALID_TYPE);
  });

  it("rouge-score's (target, prediction) order lives in RougeScorer; the rest is hypothesis first", () => {
    expect(new RougeScorer(["rouge1"]).score("the cat sat down", "the cat sat").rouge1).toEqual(sentenceRouge("the cat sat", ["the cat sat down"]).rouge1);
    // @ts-expect-error the references of a sentence are an array
    expect(codeOf(() => sentenceRouge("the cat sat", "the cat sat down"))).toBe(ErrorCode.INVALID_TYPE);
    expect("scoreRouge" in rougeModule).toBe(false);
  });

  it("a ROUGE result read like BLEU's gives the headline score", () => {
    const r = rouge(hyps, refs, { rougeTypes: ["rougeL", "rouge1"] });
    const n: number = r.score;
    expect(n).toBe(r.rougeL!.fmeasure);
    expect(r.name).toBe("rougeL");
    // @ts-expect-error the old evaluation shape is gone
    expect(r.corpus).toBeUndefined();
  });

  it("old and other libraries' option names do not compile and throw, naming the new name", () => {
    // @ts-expect-error tokenize is the one name
    expect(messageOf(() => bleu(hyps, refs, { tokenizer: "intl" }))).toContain("tokenize");
    // @ts-expect-error stemmer is the one name
    expect(messageOf(() => createRouge({ useStemmer: true }))).toContain('stemmer ("porter" or "none"');
    // @ts-expect-error tokenize is the one name
    expect(messageOf(() => rouge(hyps, refs, { tokenizer: "rouge-unicode" }))).toContain("tokenize");
    // @ts-expect-error lowercase is the one name
    expect(messageOf(() => ter(hyps, refs, { caseSensitive: true }))).toContain("lowercase: false");
    // @ts-expect-error maxNgramOrder is the one name
    expect(messageOf(() => nist(hyps, refs, { n: 3 }))).toContain("maxNgramOrder");
    // @ts-expect-error minNgramOrder / maxNgramOrder are the one names
    expect(messageOf(() => gleu(hyps, refs, { maxLen: 3 }))).toContain("maxNgramOrder");
    // @ts-expect-error camelCase, as every option
    expect(messageOf(() => chrf(hyps, refs, { word_order: 2 }))).toContain("wordOrder");
    // @ts-expect-error camelCase, as every option
    expect(messageOf(() => meteor(hyps, refs, { use_stemmer: true }))).toContain("stemmer");
  });
});
