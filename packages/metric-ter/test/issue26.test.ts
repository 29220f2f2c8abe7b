/**
 * Regressions of issue 26, each with values sacrebleu 2.6.0 printed (tooling/references/ter):
 * references tokenized twice under `normalized`, the reference-length sum as an in-order float sum
 * of per-segment averages, and the memory limit of the edit-distance matrices.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { createTer, sentenceTer, ter, tercomReferenceTokens, tercomTokens } from "@gramscore/metric-ter";

const POSSESSIVES = ["The bank said it was the company's.", "They visited Standard & Poor's, then left."];
const NORMALIZED = { normalized: true, noPunct: false, asianSupport: false, caseSensitive: false };

describe("references are tokenized twice, as sacrebleu does", () => {
  it("a possessive before punctuation splits in references only", () => {
    expect(tercomTokens(POSSESSIVES[1]!, NORMALIZED)).toEqual(["they", "visited", "standard", "&", "poor's", ",", "then", "left", "."]);
    expect(tercomReferenceTokens(POSSESSIVES[1]!, NORMALIZED)).toEqual(["they", "visited", "standard", "&", "poor", "'s", ",", "then", "left", "."]);
    expect(createTer({ normalized: true }).referenceTokens(POSSESSIVES[0]!)).toEqual(["the", "bank", "said", "it", "was", "the", "company", "'s", "."]);
  });

  it("the two lines scored against themselves: sacrebleu's 21.05, not 0", () => {
    const corpus = ter(POSSESSIVES, [POSSESSIVES], { normalized: true });
    expect(corpus.score).toBe(21.052631578947366);
    expect([corpus.numEdits, corpus.refLength]).toEqual([4, 19]);
    const segments = POSSESSIVES.map((s) => sentenceTer(s, [s], { normalized: true }));
    expect(segments.map((r) => [r.score, r.numEdits, r.refLength])).toEqual([
      [22.22222222222222, 2, 9],
      [20, 2, 10],
    ]);
    expect(corpus.signature).toBe("nrefs:1|case:lc|tok:tercom|norm:yes|punct:yes|asian:no|version:0.1.0");
  });

  it("tokenizeRefsOnce scores them 0 and says so in the signature", () => {
    const corpus = ter(POSSESSIVES, [POSSESSIVES], { normalized: true, tokenizeRefsOnce: true });
    expect([corpus.score, corpus.numEdits, corpus.refLength]).toEqual([0, 0, 17]);
    expect(corpus.signature).toBe("nrefs:1|case:lc|tok:tercom|norm:yes|punct:yes|asian:no|reftok:once|version:0.1.0");
    const m = createTer({ normalized: true, tokenizeRefsOnce: true });
    expect(m.referenceTokens(POSSESSIVES[1]!)).toEqual(m.tokens(POSSESSIVES[1]!));
    const e = m.explain(POSSESSIVES[0]!, [POSSESSIVES[0]!]);
    expect(e.numEdits).toBe(0);
  });

  it("explain shows the twice-tokenized reference by default", () => {
    const e = createTer({ normalized: true }).explain(POSSESSIVES[0]!, [POSSESSIVES[0]!]);
    expect(e.refTokens).toEqual(["the", "bank", "said", "it", "was", "the", "company", "'s", "."]);
    expect(e.hypTokens).toEqual(["the", "bank", "said", "it", "was", "the", "company's", "."]);
    expect(e.numEdits).toBe(2);
  });
});

describe("errors of the new option", () => {
  it("tokenizeRefsOnce must be a boolean", () => {
    let err: unknown;
    try {
      createTer({ tokenizeRefsOnce: "yes" as unknown as boolean });
    } catch (e) {
      err = e;
    }
    expect(isGramscoreError(err) && err.code).toBe(ErrorCode.INVALID_OPTION);
  });
});
