import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCode,
  GramscoreError,
  Sha256,
  checkPinnedNrefs,
  checkScoreKey,
  checkSegmentInput,
  combineNrefs,
  nrefsLabel,
  pairwiseFieldError,
  pairwiseMethods,
  pairwiseUnits,
  scoreMethods,
  sha256Hex,
} from "@gramscore/core";

/** The code and message a call throws (a GramscoreError), or undefined. */
function thrown(f: () => unknown): { code: string; message: string } | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof GramscoreError) return { code: e.code, message: e.message };
    throw e;
  }
  return undefined;
}

describe("reference counts of statistics", () => {
  const code = fc.integer({ min: -1, max: 5 });

  it("combineNrefs is commutative and associative, with 0 as identity and -1 absorbing", () => {
    fc.assert(
      fc.property(code, code, code, (a, b, c) => {
        expect(combineNrefs(a, b)).toBe(combineNrefs(b, a));
        expect(combineNrefs(combineNrefs(a, b), c)).toBe(combineNrefs(a, combineNrefs(b, c)));
        expect(combineNrefs(a, 0)).toBe(a);
        expect(combineNrefs(a, -1)).toBe(-1);
      }),
    );
    expect(combineNrefs(2, 3)).toBe(-1);
    expect(combineNrefs(2, 2)).toBe(2);
  });

  it("nrefsLabel writes a count, var or ?", () => {
    expect([nrefsLabel(4), nrefsLabel(-1), nrefsLabel(0)]).toEqual(["4", "var", "?"]);
  });

  it("checkPinnedNrefs refuses another count only when a number is pinned", () => {
    expect(thrown(() => checkPinnedNrefs(2, 2, "TER"))).toBeUndefined();
    expect(thrown(() => checkPinnedNrefs(3, "var", "TER"))).toBeUndefined();
    expect(thrown(() => checkPinnedNrefs(3, undefined, "TER"))).toBeUndefined();
    expect(thrown(() => checkPinnedNrefs(1, 2, "TER"))).toEqual({
      code: ErrorCode.INVALID_OPTION,
      message: 'A segment has 1 reference, but this TER was created with nrefs: 2. Give every segment that many references, or create the metric with nrefs: "var" (or without nrefs).',
    });
  });
});

describe("checkSegmentInput", () => {
  it("checks types only by default, and the text with texts = true", () => {
    expect(thrown(() => checkSegmentInput("a", ["b"], "chrF"))).toBeUndefined();
    expect(thrown(() => checkSegmentInput("a\ud800", ["b"], "chrF"))).toBeUndefined();
    expect(thrown(() => checkSegmentInput("a\ud800", ["b"], "GLEU", true))?.code).toBe(ErrorCode.LONE_SURROGATE);
    expect(thrown(() => checkSegmentInput("a", [], "NIST"))).toEqual({
      code: ErrorCode.EMPTY_INPUT,
      message: "NIST needs at least one reference for the hypothesis, but the references array is empty.",
    });
    expect(thrown(() => checkSegmentInput("a", ["b", 3], "TER"))).toEqual({ code: ErrorCode.INVALID_TYPE, message: "Reference 1 must be a string, but got number 3." });
    expect(thrown(() => checkSegmentInput("a", "b", "TER"))?.code).toBe(ErrorCode.INVALID_TYPE);
    expect(thrown(() => checkSegmentInput(1, ["b"], "TER", true))?.message).toMatch(/^The hypothesis must be a string, but got number 1\. Convert it/);
  });
});

describe("checkScoreKey and scoreMethods", () => {
  it("accepts undefined, score and the alias", () => {
    expect(thrown(() => checkScoreKey(undefined, "BLEU", "BLEU"))).toBeUndefined();
    expect(thrown(() => checkScoreKey("score", "BLEU"))).toBeUndefined();
    expect(thrown(() => checkScoreKey("BLEU", "BLEU", "BLEU"))).toBeUndefined();
    expect(thrown(() => checkScoreKey("BLEU", "TER"))).toEqual({ code: ErrorCode.INVALID_OPTION, message: 'TER has one resampled score, "score", but got the key the string "BLEU".' });
  });

  it("summarizes, formats and parses", () => {
    const m = scoreMethods<number, { name: string; score: number }>(2, (v) => Number(v) * 2);
    expect(m.summarize({ name: "X", score: 1.5 })).toEqual({ score: 1.5 });
    expect(m.format({ name: "X", score: 12.345 })).toBe("X = 12.35");
    expect(m.format({ name: "X", score: 12.345 }, { width: 1 })).toBe("X = 12.3");
    expect(m.parseStats("4")).toBe(8);
  });
});

describe("pairwise kit", () => {
  it("pairwiseUnits counts the references once when they are the hypotheses", () => {
    const hyps = ["ab", "cde"];
    expect(pairwiseUnits(hyps, hyps)).toBe(5);
    expect(pairwiseUnits(hyps, ["ab", "cde"])).toBe(10);
  });

  it("pairwiseFieldError names the fields", () => {
    const e = pairwiseFieldError("BLEU", ["score", "bp"], "x");
    expect([e.code, e.message, e.details]).toEqual([ErrorCode.INVALID_OPTION, 'A BLEU pairwise cell holds one of score, bp, but the field the string "x" was asked for.', { option: "field" }]);
  });

  it("pairwiseMethods makes pairwiseBatch from pairwise, and keeps aggregateScores", () => {
    const pairwise = (h: readonly string[], r: readonly string[]): Float64Array => Float64Array.of(h.length, r.length);
    const aggregate = (h: readonly string[]): Float64Array => new Float64Array(h.length);
    const m = pairwiseMethods(pairwise, aggregate);
    expect(Object.keys(m)).toEqual(["pairwise", "pairwiseBatch", "aggregateScores"]);
    expect(m.pairwiseBatch([{ hyps: ["a"], refs: ["b", "c"] }])).toEqual([Float64Array.of(1, 2)]);
    expect(Object.keys(pairwiseMethods(pairwise))).toEqual(["pairwise", "pairwiseBatch"]);
  });
});

describe("sha256", () => {
  it("gives the FIPS 180-4 digests", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("equals node:crypto for any bytes cut into any chunks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), fc.array(fc.nat(300), { maxLength: 5 }), (bytes, cuts) => {
        const h = new Sha256();
        let at = 0;
        for (const c of [...cuts].sort((a, b) => a - b)) {
          const end = Math.min(c, bytes.length);
          if (end > at) h.update(bytes.subarray(at, end));
          at = Math.max(at, end);
        }
        h.update(bytes.subarray(at));
        expect(h.hex()).toBe(createHash("sha256").update(bytes).digest("hex"));
      }),
    );
  });
});
