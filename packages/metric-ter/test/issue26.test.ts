/**
 * Regressions of issue 26, each with values sacrebleu 2.6.0 printed (tooling/references/ter):
 * references tokenized twice under `normalized`, the reference-length sum as an in-order float sum
 * of per-segment averages, and the memory limit of the edit-distance matrices.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { GramscoreError } from "@gramscore/core";
import { createTer, sentenceTer, setTerCellLimit, ter, terCellLimit, tercomReferenceTokens, tercomTokens } from "@gramscore/metric-ter";

const POSSESSIVES = ["The bank said it was the company's.", "They visited Standard & Poor's, then left."];
const NORMALIZED = { normalized: true, noPunct: false, asianSupport: false, lowercase: true };

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
    expect(corpus.signature).toBe("nrefs:1|case:lc|tok:tercom|norm:yes|punct:yes|asian:no|version:gramscore-0.1.0");
  });

  it("tokenizeRefsOnce scores them 0 and says so in the signature", () => {
    const corpus = ter(POSSESSIVES, [POSSESSIVES], { normalized: true, tokenizeRefsOnce: true });
    expect([corpus.score, corpus.numEdits, corpus.refLength]).toEqual([0, 0, 17]);
    expect(corpus.signature).toBe("nrefs:1|case:lc|tok:tercom|norm:yes|punct:yes|asian:no|reftok:once|version:gramscore-0.1.0");
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

describe("the reference-length sum is sacrebleu's float sum in segment order", () => {
  // Three segments with three references of 3+3+4, 1+1+1 and 1+2+2 words: sacrebleu adds
  // 10/3 + 1 + 5/3 as floats, 6.000000000000001, where the exact sum of those floats is 6
  // (tooling/references/ter/cases.json).
  const hyps = ["x y", "a", "p q"];
  const streams = [
    ["x y z", "a", "p"],
    ["x y w", "b", "p q"],
    ["x y z q", "c", "q r"],
  ];
  const segs = hyps.map((hyp, i) => ({ hyp, refs: streams.map((s) => s[i]!) }));

  it("one pass, per-segment merges and in-order shards all give sacrebleu's 6.000000000000001", () => {
    const corpus = ter(hyps, streams);
    expect([corpus.numEdits, corpus.refLength, corpus.score]).toEqual([1, 6.000000000000001, 16.666666666666664]);
    const m = createTer();
    const stats = segs.map((s) => m.stats(s.hyp, s.refs));
    const merged = stats.reduce((a, b) => m.merge(a, b), m.empty());
    expect(m.score(merged, "corpus").refLength).toBe(6.000000000000001);
    expect(JSON.stringify(merged)).toBe(JSON.stringify(m.corpusStats(segs)));
    expect(JSON.stringify(m.merge(stats[0]!, m.merge(stats[1]!, stats[2]!)))).toBe(JSON.stringify(merged));
    expect(merged).toEqual({ edits: 1, refLength: [6, 2.220446049250313e-16], nrefs: 3, ordered: { head: [], terms: [3.3333333333333335, 1, 1.6666666666666667] } });
    const shards = [m.corpusStats(segs.slice(0, 1)), m.corpusStats(segs.slice(1))].map((s) => m.parseStats(JSON.parse(JSON.stringify(s))));
    expect(m.score(m.merge(shards[0]!, shards[1]!), "corpus").score).toBe(16.666666666666664);
  });

  it("a merge is in corpus order: another order is another float sum", () => {
    const m = createTer();
    const [a, b, c] = segs.map((s) => m.stats(s.hyp, s.refs));
    expect(m.score(m.merge(m.merge(a!, b!), c!), "corpus").refLength).toBe(6.000000000000001);
    expect(m.score(m.merge(m.merge(c!, b!), a!), "corpus").refLength).toBe(6);
  });

  it("segments with 1, 2 or 4 references need no order: exact sums, no ordered field", () => {
    const m = createTer();
    const st = m.corpusStats([{ hyp: "a b", refs: ["a b c", "a", "b", "c d"] }, { hyp: "c", refs: ["c d e"] }]);
    expect(st).toEqual({ edits: 3, refLength: [4.75], nrefs: -1 });
  });

  it("parseStats refuses ordered terms that do not add up to refLength", () => {
    const m = createTer();
    const st = JSON.parse(JSON.stringify(m.corpusStats(segs))) as { ordered: { terms: number[] } };
    st.ordered.terms[0] = 2;
    let err: unknown;
    try {
      m.parseStats(st);
    } catch (e) {
      err = e;
    }
    expect(isGramscoreError(err) && err.code).toBe(ErrorCode.INVALID_STATS);
  });
});

describe("the memory of the edit-distance matrices is limited", () => {
  function thrown(fn: () => unknown): GramscoreError {
    try {
      fn();
    } catch (e) {
      if (e instanceof GramscoreError) return e;
      throw e;
    }
    throw new Error("expected a GramscoreError");
  }

  it("12,000 words against 12,000 (145 million cells, 1.2 GiB) is refused before allocating, naming the sizes", () => {
    expect(terCellLimit()).toBe(2 ** 27);
    const hyp = Array.from({ length: 12_000 }, (_, i) => `w${i % 997}`).join(" ");
    const ref = Array.from({ length: 12_000 }, (_, i) => `w${(i * 7) % 991}`).join(" ");
    const before = process.memoryUsage().arrayBuffers;
    const e = thrown(() => sentenceTer(hyp, [ref]));
    expect(e.code).toBe(ErrorCode.LIMIT_EXCEEDED);
    expect(e.message).toContain("12000 words against a reference of 12000 words needs 144024001 cells");
    expect(e.message).toContain("setTerCellLimit()");
    expect(e.message).toMatch(/split it into sentences/);
    expect(e.details).toEqual({ hypWords: 12_000, refWords: 12_000, cells: 144_024_001, limit: 2 ** 27 });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 * 2 ** 20);
    // explain goes through the same check.
    expect(thrown(() => createTer().explain(hyp, [ref])).code).toBe(ErrorCode.LIMIT_EXCEEDED);
  });

  it("setTerCellLimit changes the limit and returns the previous one", () => {
    const previous = setTerCellLimit(120);
    try {
      expect(sentenceTer("a b c d e f g h i", ["a b c d e f g h j k l"]).numEdits).toBe(3); // 10 × 12 = 120 cells
      const e = thrown(() => sentenceTer("a b c d e f g h i", ["a b c d e f g h j k l m"]));
      expect(e.code).toBe(ErrorCode.LIMIT_EXCEEDED);
      expect(e.details).toEqual({ hypWords: 9, refWords: 12, cells: 130, limit: 120 });
      expect(thrown(() => setTerCellLimit(0)).code).toBe(ErrorCode.INVALID_OPTION);
      expect(thrown(() => setTerCellLimit(1.5)).code).toBe(ErrorCode.INVALID_OPTION);
    } finally {
      expect(setTerCellLimit(previous)).toBe(120);
    }
  });
});
