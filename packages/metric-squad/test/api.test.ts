import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import { createSquad, createSquadV2, plugin, sentenceSquad, sentenceSquadV2, squad, squadV2 } from "@gramscore/metric-squad";
import { codeOf } from "../../../tooling/test/errors.js";

describe("squad", () => {
  it("HF's docstring example: 100 and 100", () => {
    const r = squad(["1976"], [["1976"]]);
    expect([r.exactMatch, r.f1, r.score, r.total]).toEqual([100, 100, 100, 1]);
    expect(r.signature).toMatch(/^squad:v1\.1\|norm:official\|version:gramscore-/);
  });

  it("best over the gold answers, token F1 on normalized tokens", () => {
    const r = sentenceSquad("the Denver Broncos team", ["Denver Broncos", "Broncos"]);
    expect(r.exactMatch).toBe(0);
    // 2 of 3 prediction tokens, 2 of 2 gold tokens: 2pr/(p+r) = 0.8.
    expect(r.f1).toBeCloseTo(80, 12);
  });

  it("a question without gold answer, a non-string prediction and a flat answer list are coded errors", () => {
    expect(codeOf(() => createSquad().stats("x", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createSquad().stats(1 as unknown as string, ["x"]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => squad(["x"], ["x"] as unknown as string[][]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => squad(["x", "y"], [["x"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
  });

  it("unanswered(): counted with score 0, as HF's squad does for a reference without prediction", () => {
    const m = createSquad();
    const r = m.score(m.merge(m.stats("a cat", ["cat"]), m.unanswered()), "corpus");
    expect([r.exactMatch, r.f1, r.total]).toEqual([50, 50, 2]);
  });

  it("explain shows the normalization and every gold answer", () => {
    const e = createSquad().explain("The cat sat.", ["a cat", "cat sat"]);
    expect(e.prediction).toBe("cat sat");
    expect(e.golds.map((g) => [g.normalized, g.exact, g.common])).toEqual([
      ["cat", false, ["cat"]],
      ["cat sat", true, ["cat", "sat"]],
    ]);
    expect(e.exact).toBe(1);
    expect(e.score).toBe(1);
  });

  it("statistics round-trip through JSON and bad ones are INVALID_STATS", () => {
    const m = createSquad();
    const s = m.merge(m.stats("a b c", ["a b"]), m.stats("x", ["y"]));
    expect(m.parseStats(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(codeOf(() => m.parseStats({ total: 1, exact: 2, f1: [] }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => m.parseStats({ total: 1, exact: 0, f1: [3] }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => m.parseStats({ total: 1, exact: 0 }))).toBe(ErrorCode.INVALID_STATS);
  });

  it("rows: f1 and exact_match resample from column sums; an unknown key is refused", () => {
    const m = createSquad();
    const s = m.stats("a b c", ["a b"]);
    const out = new Float64Array(3);
    m.rows().toRow(s, out, 0);
    expect(m.rows().score(out, 1, false)).toBe(m.score(s, "corpus").f1);
    expect(m.rows("exact_match").score(out, 1, false)).toBe(0);
    expect(codeOf(() => m.rows("exact"))).toBe(ErrorCode.INVALID_OPTION);
  });

  it("format and the plugin", () => {
    const m = createSquad();
    expect(m.format(squad(["x y"], [["x y z w"]]))).toBe("SQuAD F1 = 66.67");
    expect(plugin.metrics?.map((d) => d.name)).toEqual(["squad", "squad_v2"]);
  });
});

describe("squad_v2", () => {
  it("HF's docstring example: every key", () => {
    const r = sentenceSquadV2("1976", ["1976"], { noAnswerProbability: 0 });
    expect(r).toMatchObject({ exact: 100, f1: 100, total: 1, hasAns: { exact: 100, f1: 100, total: 1 }, bestExact: 100, bestExactThresh: 0, bestF1: 100, bestF1Thresh: 0 });
    expect(r.noAns).toBeUndefined();
  });

  it("the threshold: above it a question is answered with no answer", () => {
    const preds = ["Denver Broncos", "Paris"];
    const refs = [["Denver Broncos", null]];
    const low = squadV2(preds, refs, { noAnswerProbabilities: [0.1, 0.9], noAnswerThreshold: 0.5 });
    expect([low.exact, low.hasAns!.exact, low.noAns!.exact]).toEqual([100, 100, 100]);
    const high = squadV2(preds, refs, { noAnswerProbabilities: [0.1, 0.9] });
    expect([high.exact, high.hasAns!.exact, high.noAns!.exact]).toEqual([50, 100, 0]);
    // Best: answer the first (probability 0.1), not the second: 2 of 2 at threshold 0.1.
    expect([high.bestExact, high.bestExactThresh]).toEqual([100, 0.1]);
    expect(high.signature).toContain("na-thresh:1");
    expect(low.signature).toContain("na-thresh:0.5");
  });

  it("bad options and probabilities are coded errors", () => {
    expect(codeOf(() => createSquadV2({ noAnswerThreshold: "1" as unknown as number }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createSquadV2({ no_answer_threshold: 1 } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createSquadV2().questionStats("x", [], { noAnswerProbability: Number.NaN }))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => squadV2(["x"], [["x"]], { noAnswerProbabilities: [1, 2] }))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => squadV2([], []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createSquadV2().parseStats({ hasAns: { total: 1, exact: 0, f1: [] }, noAns: { total: 0, exact: 0, f1: [] }, curve: [] }))).toBe(
      ErrorCode.INVALID_STATS,
    );
  });

  it("evaluate() over segments equals the corpus function with probability 0", () => {
    const m = createSquadV2();
    const segs = [
      { hyp: "a cat", refs: ["cat"] },
      { hyp: "", refs: [""] },
      { hyp: "dog", refs: [""] },
    ];
    const r = evaluate(m, segs).corpus;
    expect(r).toEqual(squadV2(["a cat", "", "dog"], [["cat", "", ""]]));
    expect([r.hasAns!.total, r.noAns!.total, r.noAns!.exact]).toEqual([1, 2, 50]);
  });
});
