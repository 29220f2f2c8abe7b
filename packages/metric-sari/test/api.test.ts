import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, evaluate, signatureVersion } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import plugin, { createEasseSari, createSari, easseSari, sari, sariTokens, sentenceEasseSari, sentenceSari, VERSION } from "@gramscore/metric-sari";

function error(f: () => unknown): GramscoreError {
  try {
    f();
  } catch (e) {
    if (e instanceof GramscoreError) return e;
    throw e;
  }
  throw new Error("expected a GramscoreError");
}

const SRC = "About 95 species are currently accepted .";
const HYP = "About 95 you now get in .";
const REFS = ["About 95 species are currently known .", "About 95 species are now accepted .", "95 species are now accepted ."];

describe("API", () => {
  it("the plugin registers sari and easse_sari", () => {
    expect(plugin.name).toBe("@gramscore/metric-sari");
    const metrics = plugin.metrics ?? [];
    expect(metrics.map((m) => m.name)).toEqual(["sari", "easse_sari"]);
    expect(metrics[0]!.create().name).toBe("sari");
    expect(metrics[1]!.create().name).toBe("easse_sari");
  });

  it("signatures, format and summaries", () => {
    const m = createSari();
    const r = sentenceSari(SRC, HYP, REFS);
    expect(r.signature).toBe(`sari:hf|case:lc|tok:13a|version:${signatureVersion(VERSION)}`);
    expect(m.format(r)).toBe("SARI = 26.95");
    expect(m.summarize(r)).toEqual({ score: r.score });
    const e = sentenceEasseSari(SRC, HYP, REFS);
    expect(e.signature).toBe(`sari:easse|avg:macro|del:f1|case:lc|tok:13a|version:${signatureVersion(VERSION)}`);
    expect(createEasseSari().summarize(e)).toEqual({ score: e.score, add: e.add, keep: e.keep, delete: e.delete });
    expect(e.score).toBe((e.add + e.keep + e.delete) / 3);
  });

  it("corpus functions take sources, predictions and reference streams (null where an item has fewer)", () => {
    const r = sari([SRC, "a b c"], [HYP, "a b"], [[REFS[0]!, "a b"], [REFS[1]!, null], [REFS[2]!, null]]);
    expect(r.total).toBe(2);
    const one = sentenceSari(SRC, HYP, REFS).score / 100;
    const two = sentenceSari("a b c", "a b", ["a b"]).score / 100;
    expect(r.score).toBe(100 * ((one + two) / 2));
    expect(easseSari([SRC], [HYP], REFS.map((x) => [x])).score).toBe(sentenceEasseSari(SRC, HYP, REFS).score);
  });

  it("explain shows the tokens and the per-order scores", () => {
    const x = createSari().explain(HYP, REFS, SRC);
    expect(x.tokens.source).toEqual(sariTokens(SRC));
    expect(x.tokens.source[0]).toBe("about");
    expect(x.orders).toHaveLength(4);
    expect(x.score).toBe(sentenceSari(SRC, HYP, REFS).score);
    expect(x.score).toBeCloseTo((100 * (x.keep + x.delete + x.add)) / 3, 12);
    expect(createSari().explain("", ["x"], "").tokens.prediction).toEqual([""]);
  });

  it("a segment without a source is INVALID_TYPE saying how to give one", () => {
    for (const m of [createSari(), createEasseSari()] as Metric<unknown, unknown>[]) {
      const e = error(() => m.stats(HYP, REFS));
      expect(e.code).toBe(ErrorCode.INVALID_TYPE);
      expect(e.message).toContain('"src"');
      const seg = error(() => evaluate(m, [{ hyp: HYP, refs: REFS, src: SRC }, { hyp: HYP, refs: REFS }]));
      expect(seg.code).toBe(ErrorCode.INVALID_TYPE);
      expect(seg.message).toMatch(/^Segment 1: /);
      expect(error(() => m.stats(HYP, REFS, 3 as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => m.stats(HYP, REFS, "\ud800")).code).toBe(ErrorCode.LONE_SURROGATE);
    }
  });

  it("counts that differ are LENGTH_MISMATCH; no reference or no item is EMPTY_INPUT", () => {
    const e = error(() => sari([SRC, SRC], [HYP], [[REFS[0]!]]));
    expect(e.code).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(e.message).toContain("2 sources for 1 predictions");
    expect(error(() => easseSari([SRC], [HYP, HYP], [[REFS[0]!]])).code).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(error(() => sari("x" as never, [HYP], [[REFS[0]!]])).code).toBe(ErrorCode.INVALID_TYPE);
    expect(error(() => createSari().stats(HYP, [], SRC)).code).toBe(ErrorCode.EMPTY_INPUT);
    expect(error(() => sari([], [], [[]])).code).toBe(ErrorCode.EMPTY_INPUT);
  });

  it("statistics read from JSON are checked", () => {
    const m = createSari();
    const s = m.stats(HYP, REFS, SRC);
    expect(m.parseStats(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(error(() => m.parseStats({ total: 1, sum: [2] })).code).toBe(ErrorCode.INVALID_STATS);
    expect(error(() => m.parseStats({ total: -1, sum: [] })).code).toBe(ErrorCode.INVALID_STATS);
    const e = createEasseSari();
    const es = e.stats(HYP, REFS, SRC);
    expect(e.parseStats(JSON.parse(JSON.stringify(es)))).toEqual(es);
    expect(error(() => e.parseStats({ counts: [1, 2] })).message).toContain("36 non-negative integers");
    expect(error(() => e.score({ counts: "x" } as never, "corpus")).code).toBe(ErrorCode.INVALID_STATS);
  });

  it("an item beyond 8,191 distinct tokens is LIMIT_EXCEEDED (SARI scores sentences)", () => {
    const long = Array.from({ length: 8200 }, (_, i) => `w${i}`).join(" ");
    expect(error(() => sentenceSari(long, "w1", ["w2"])).code).toBe(ErrorCode.LIMIT_EXCEEDED);
    expect(error(() => sentenceEasseSari("w1", long, ["w2"])).code).toBe(ErrorCode.LIMIT_EXCEEDED);
    expect(sentenceSari(long.slice(0, 20000), "w1", ["w2"]).score).toBeGreaterThan(0);
  });

  it("rows take the key score or sari", () => {
    expect(createSari().rows("sari").width).toBe(2);
    expect(createEasseSari().rows().width).toBe(36);
    expect(error(() => createSari().rows("keep")).code).toBe(ErrorCode.INVALID_OPTION);
  });
});
