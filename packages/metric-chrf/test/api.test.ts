import { describe, expect, it } from "vitest";
import { ErrorCode, createAccumulator, evaluate, parseSignature } from "@gramscore/core";
import type { Metric, MetricMap } from "@gramscore/core";
import chrfPlugin, {
  CHRF_DEFAULTS,
  VERSION,
  chrf,
  chrfMetric,
  chrfPlusPlusMetric,
  chrfScoreName,
  chrfWords,
  createChrf,
  fScore,
  parseChrfStats,
  plugin,
  sentenceChrf,
  type ChrfResult,
  type ChrfStats,
} from "@gramscore/metric-chrf";
import { naiveSegment } from "./naive.js";
import { codeOf } from "../../../tooling/test/errors.js";

describe("createChrf", () => {
  it("has sacrebleu's defaults, name and signature", () => {
    const m = createChrf();
    expect(m.name).toBe("chrf");
    expect(m.higherIsBetter).toBe(true);
    expect(m.scoreName).toBe("chrF2");
    expect(m.options).toEqual({ ...CHRF_DEFAULTS, nrefs: undefined });
    expect(m.signature()).toBe(`nrefs:?|case:mixed|eff:yes|nc:6|nw:0|space:no|version:gramscore-${VERSION}`);
    m.stats("a b", ["a c"]);
    expect(m.signature()).toBe(`nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:gramscore-${VERSION}`);
  });

  it("puts every option that changes the statistics in the signature, as sacrebleu does", () => {
    const m = createChrf({ charOrder: 4, wordOrder: 2, lowercase: true, whitespace: true, epsSmoothing: true, beta: 3 });
    m.stats("x", ["y", "z"]);
    expect(parseSignature(m.signature())).toEqual({ nrefs: "2", case: "lc", eff: "no", nc: "4", nw: "2", space: "yes", version: `gramscore-${VERSION}` });
    expect(m.name).toBe("chrf++");
    expect(m.scoreName).toBe("chrF3++");
  });

  it("names scores chrF{beta} plus one + per word order", () => {
    expect(chrfScoreName(2, 0)).toBe("chrF2");
    expect(chrfScoreName(2, 2)).toBe("chrF2++");
    expect(chrfScoreName(1, 1)).toBe("chrF1+");
    expect(chrfScoreName(0.5, 0)).toBe("chrF0.5");
  });

  it("reports nrefs:var when the number of references varies, and pins nrefs when asked", () => {
    const m = createChrf();
    m.stats("a", ["a"]);
    m.stats("a", ["a", "b"]);
    expect(parseSignature(m.signature()).nrefs).toBe("var");
    const pinned = createChrf({ nrefs: 2 });
    expect(parseSignature(pinned.signature()).nrefs).toBe("2");
    expect(createChrf({ nrefs: "3" }).options.nrefs).toBe(3);
    expect(codeOf(() => pinned.stats("a", ["a"]))).toBe(ErrorCode.INVALID_OPTION);
    const anyCount = createChrf({ nrefs: "var" });
    anyCount.stats("a", ["a"]);
    anyCount.stats("a", ["a", "b", "c"]);
    expect(parseSignature(anyCount.signature()).nrefs).toBe("var");
    expect(codeOf(() => createChrf({ nrefs: 0 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createChrf({ nrefs: "two" }))).toBe(ErrorCode.INVALID_OPTION);
  });

  it("rejects bad options with INVALID_OPTION and says which", () => {
    for (const bad of [
      { charOrder: -1 },
      { charOrder: 1.5 },
      { wordOrder: 256 },
      { charOrder: 0, wordOrder: 0 },
      { beta: -1 },
      { beta: Number.NaN },
      { lowercase: "yes" },
      { epsSmoothing: 1 },
      { charorder: 6 },
    ]) {
      expect(codeOf(() => createChrf(bad as never)), JSON.stringify(bad)).toBe(ErrorCode.INVALID_OPTION);
    }
    expect(() => createChrf({ charorder: 6 } as never)).toThrow(/Unknown chrF option "charorder".*charOrder/);
    expect(() => createChrf({ charOrder: 0, wordOrder: 0 })).toThrow(/cannot both be 0/);
  });

  it("accepts word n-grams alone (charOrder 0)", () => {
    const m = createChrf({ charOrder: 0, wordOrder: 2 });
    expect(m.stats("the cat sat", ["the cat is"]).counts).toEqual([3, 3, 2, 2, 2, 1]);
  });
});

describe("statistics", () => {
  it("counts code points, not UTF-16 units: emoji, astral and combining marks", () => {
    const m = createChrf({ charOrder: 2 });
    expect(m.stats("😀👍", ["😀👍"]).counts).toEqual([2, 2, 2, 1, 1, 1]);
    expect(m.stats("\u{2000b}", ["\u{2000b}\u{2000d}"]).counts).toEqual([1, 2, 1, 0, 1, 0]);
    // Decomposed é (e + U+0301) is two code points and does not match precomposed é.
    expect(m.stats("e\u0301", ["\u00e9"]).counts).toEqual([2, 1, 0, 0, 0, 0]);
  });

  it("removes Python's whitespace (U+001C, U+0085, U+3000) but keeps U+FEFF", () => {
    const m = createChrf({ charOrder: 1 });
    expect(m.stats("a\u001cb\u0085c\u3000d\u00a0e", ["abcde"]).counts).toEqual([5, 5, 5]);
    expect(m.stats("a\ufeffb", ["ab"]).counts).toEqual([3, 2, 2]);
  });

  it("keeps whitespace inside character n-grams with whitespace: true", () => {
    expect(createChrf({ charOrder: 2 }).stats("a b", ["ab"]).counts).toEqual([2, 2, 2, 1, 1, 1]);
    expect(createChrf({ charOrder: 2, whitespace: true }).stats("a b", ["ab"]).counts).toEqual([3, 2, 2, 2, 1, 0]);
  });

  it("lowercases with lowercase: true", () => {
    expect(sentenceChrf("THE CAT", ["the cat"]).score).toBeLessThan(100);
    expect(sentenceChrf("THE CAT", ["the cat"], { lowercase: true }).score).toBe(100);
  });

  it("counts no hypothesis n-grams for an order the reference lacks", () => {
    expect(createChrf({ charOrder: 3 }).stats("abcd", ["ab"]).counts).toEqual([4, 2, 2, 3, 1, 1, 0, 0, 0]);
    expect(createChrf().stats("abc", [""]).counts.every((c) => c === 0)).toBe(true);
  });

  it("keeps the statistics of the first reference with the strictly best score", () => {
    const m = createChrf();
    const hyp = "the cat sat on the mat";
    expect(m.explain(hyp, ["a dog", hyp, hyp]).reference).toBe(1);
    expect(m.explain(hyp, [hyp, "a dog", hyp]).reference).toBe(0);
    expect(m.stats(hyp, ["a dog", hyp]).counts).toEqual(m.stats(hyp, [hyp]).counts);
  });

  it("rejects bad input", () => {
    const m = createChrf();
    expect(codeOf(() => m.stats(3 as never, ["a"]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => m.stats("a", "a" as never))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => m.stats("a", [null as never]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => m.stats("a", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => m.stats("a\ud800", ["a"]))).toBe(ErrorCode.LONE_SURROGATE);
    expect(codeOf(() => m.stats("a", ["\udc00a"]))).toBe(ErrorCode.LONE_SURROGATE);
    expect(codeOf(() => createChrf({ charOrder: 0, wordOrder: 1 }).stats("a", ["\ud800"]))).toBe(ErrorCode.LONE_SURROGATE);
  });

  it("matches the plain implementation on long and repetitive text", () => {
    const o = { charOrder: 6, wordOrder: 2, beta: 2, lowercase: false, whitespace: false, epsSmoothing: false };
    const long = "lorem ipsum dolor sit amet, ".repeat(200);
    const hyp = `${long}consectetur.`;
    const refs = [`${long.slice(0, 3000)}adipiscing elit.`, "x".repeat(5000)];
    const stats = createChrf({ wordOrder: 2 }).stats(hyp, refs);
    const expected = naiveSegment(hyp, refs, o);
    expect(stats.counts).toEqual(expected.stats);
  });
});

describe("chrF++ words", () => {
  it("splits one ASCII punctuation mark off the end, else off the start (sacrebleu issue #124)", () => {
    expect(chrfWords("(hello) world, I said: 'hi'")).toEqual(["(hello", ")", "world", ",", "I", "said", ":", "'hi", "'"]);
    expect(chrfWords(", ... - «a» a.b")).toEqual([",", "..", ".", "-", "«a»", "a.b"]);
    expect(chrfWords("\u3000x\u00a0😀!\u0085.😀")).toEqual(["x", "😀", "!", ".", "😀"]);
    expect(chrfWords("")).toEqual([]);
  });
});

describe("scores and formatting", () => {
  it("formats sacrebleu's line, rounding half to even", () => {
    const m = createChrf();
    const result = (score: number): ChrfResult => ({ name: "chrF2", score, level: "corpus", counts: [], nrefs: 1, signature: "" });
    expect(m.format(result(58.5849))).toBe("chrF2 = 58.58");
    expect(m.format(result(0.125))).toBe("chrF2 = 0.12");
    expect(m.format(result(2.5), { width: 0 })).toBe("chrF2 = 2");
    expect(m.format(result(100), { width: 4 })).toBe("chrF2 = 100.0000");
    expect(codeOf(() => m.format(result(1), { width: -1 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(m.summarize(result(12.5))).toEqual({ score: 12.5 });
  });

  it("computes effective-order and epsilon-smoothed F as sacrebleu does", () => {
    // One order matched 1 of 2, another has no reference n-grams.
    const stats = [2, 4, 1, 1, 0, 0];
    expect(fScore(stats, 0, 2, 4, false)).toBe((100 * ((1 + 4) * 0.5 * 0.25)) / (4 * 0.5 + 0.25));
    const first = ((1 + 4) * 0.5 * 0.25) / (4 * 0.5 + 0.25);
    const second = ((1 + 4) * 0 * 1e-16) / (4 * 0 + 1e-16);
    expect(fScore(stats, 0, 2, 4, true)).toBe((100 * (first + second)) / 2);
    expect(fScore([0, 0, 0], 0, 1, 4, false)).toBe(0);
    expect(fScore([0, 0, 0], 0, 1, 4, true)).toBe((100 * 1e-16) / 1);
  });

  it("scores statistics of the wrong shape with INVALID_STATS", () => {
    const m = createChrf();
    expect(codeOf(() => m.score({ counts: [1, 2, 3], nrefs: 1 }, "corpus"))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => m.merge(m.empty(), { counts: [1], nrefs: 1 }))).toBe(ErrorCode.INVALID_STATS);
  });
});

describe("serialized statistics", () => {
  it("parseStats accepts what stats() makes and refuses impossible counts", () => {
    const m = createChrf({ charOrder: 1 });
    const s = m.stats("ab", ["abc"]);
    expect(m.parseStats(JSON.parse(JSON.stringify(s)))).toEqual(s);
    expect(parseChrfStats({ counts: [0, 0, 0], nrefs: 0 }, 1, 0)).toEqual({ counts: [0, 0, 0], nrefs: 0 });
    for (const bad of [
      null,
      [1, 2, 3],
      { counts: [1, 2], nrefs: 1 },
      { counts: [1, 2, -1], nrefs: 1 },
      { counts: [1, 2, 1.5], nrefs: 1 },
      { counts: [1, 2, 3], nrefs: 1 },
      { counts: [1, 0, 0], nrefs: 1 },
      { counts: [1, 2, 1], nrefs: "2" },
      { counts: [1, 2, 1], nrefs: -2 },
      { counts: [1, 2, 1], nrefs: 0 },
    ]) {
      expect(codeOf(() => m.parseStats(bad)), JSON.stringify(bad)).toBe(ErrorCode.INVALID_STATS);
    }
  });

  it("shards merge into a metric whose signature matches theirs", () => {
    const segments = [
      { hyp: "a b c", refs: ["a b d", "a c"] },
      { hyp: "x y", refs: ["x y z", "y"] },
    ];
    const shard = createAccumulator(createChrf()).add(segments[0]!.hyp, segments[0]!.refs);
    const json = JSON.parse(JSON.stringify(shard.toJSON()));
    // A metric created for one reference per segment refuses statistics of nrefs:2 …
    expect(codeOf(() => createAccumulator(createChrf({ nrefs: 1 })).merge(json))).toBe(ErrorCode.INVALID_STATS);
    // … a fresh one takes nrefs from the statistics, and so does one created with nrefs: 2.
    expect(createAccumulator(createChrf()).merge(json).toJSON().signature).toBe(json.signature);
    const total = createAccumulator(createChrf({ nrefs: 2 })).merge(json).add(segments[1]!.hyp, segments[1]!.refs);
    expect(total.compute().score).toBe(evaluate(createChrf(), segments).corpus.score);
    expect(total.compute().signature).toBe(`nrefs:2|case:mixed|eff:yes|nc:6|nw:0|space:no|version:gramscore-${VERSION}`);
  });
});

describe("convenience functions", () => {
  it("chrf() takes sacrebleu's layout, refuses mismatched lengths, allows missing references", () => {
    const hyps = ["the cat sat", "a dog"];
    const result = chrf(hyps, [["the cat sat down", "a dog barked"]]);
    expect(result.level).toBe("corpus");
    expect(result.score).toBe(evaluate(createChrf(), [{ hyp: hyps[0]!, refs: ["the cat sat down"] }, { hyp: hyps[1]!, refs: ["a dog barked"] }]).corpus.score);
    expect(codeOf(() => chrf(hyps, [["only one"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => chrf([], [[]]))).toBe(ErrorCode.EMPTY_INPUT);
    const variable = chrf(hyps, [["the cat sat down", "a dog barked"], ["the cat", null]]);
    expect(variable.nrefs).toBe(-1);
    expect(parseSignature(variable.signature).nrefs).toBe("var");
    expect(chrf(hyps, [["the cat sat down", "a dog barked"]], { wordOrder: 2 }).name).toBe("chrF2++");
  });

  it("sentenceChrf() scores one segment", () => {
    const r = sentenceChrf("the cat sat", ["the cat sat"]);
    expect(r).toMatchObject({ name: "chrF2", score: 100, level: "segment", nrefs: 1 });
    expect(codeOf(() => sentenceChrf("a", []))).toBe(ErrorCode.EMPTY_INPUT);
  });
});

describe("plugin", () => {
  it("registers chrf and chrf++ (alias chrfpp) with sacrebleu's flags", () => {
    expect(chrfPlugin).toBe(plugin);
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/metric-chrf", version: VERSION });
    expect(plugin.metrics!.map((d) => [d.name, d.aliases ?? []])).toEqual([
      ["chrf", []],
      ["chrf++", ["chrfpp"]],
    ]);
    expect(chrfMetric.options!.map((o) => o.flag)).toEqual([
      "chrf-char-order",
      "chrf-word-order",
      "chrf-beta",
      "chrf-whitespace",
      "chrf-lowercase",
      "chrf-eps-smoothing",
      "nrefs",
    ]);
    expect(chrfPlusPlusMetric.options!.find((o) => o.key === "wordOrder")!.default).toBe(2);
  });

  it("creates chrF and chrF++ from descriptor options", () => {
    const nameOf = (m: Metric<ChrfStats, ChrfResult>) => m.score(m.empty(), "corpus").name;
    expect(nameOf(chrfMetric.create())).toBe("chrF2");
    expect(nameOf(chrfPlusPlusMetric.create())).toBe("chrF2++");
    expect(nameOf(chrfPlusPlusMetric.create({ wordOrder: 1, beta: 1 }))).toBe("chrF1+");
    expect(chrfMetric.create({ wordOrder: 2 }).signature()).toContain("nw:2");
  });

  it("types registry lookups through MetricMap", () => {
    const result: MetricMap["chrf++"]["result"] = sentenceChrf("a", ["a"], { wordOrder: 2 });
    const options: MetricMap["chrf"]["options"] = { charOrder: 3 };
    expect(result.name).toBe("chrF2++");
    expect(createChrf(options).options.charOrder).toBe(3);
  });
});

describe("Python-compatible details", () => {
  it("lowercases like Python 3.11's str.lower(), not the engine's newer tables", () => {
    // U+A7CB is unassigned in Unicode 14 (Python 3.11) but has a lowercase in newer engines.
    const metric = createChrf({ lowercase: true });
    const res = sentenceChrf("\ua7cb\ua7cb\ua7cb", ["\ua7cb\ua7cb\ua7cb".toLowerCase()], { lowercase: true });
    expect(res.score).toBe(0);
    expect(sentenceChrf("ΑΣ\u0295Σ", ["ασ\u0295ς"], { lowercase: true }).score).toBe(100);
    expect(metric.signature()).toContain("case:lc");
  });
  it("merges serialized shards into a fresh metric: nrefs comes from the statistics", () => {
    const segs = [
      { hyp: "a cat sat", refs: ["the cat sat", "a cat sat down"] },
      { hyp: "dogs bark", refs: ["the dogs bark", "dogs barked"] },
    ];
    const shards = segs.map((s) => createAccumulator(createChrf()).add(s.hyp, s.refs).toJSON());
    const fresh = createAccumulator(createChrf());
    for (const shard of shards) fresh.merge(JSON.parse(JSON.stringify(shard)));
    const oneShot = evaluate(createChrf(), segs);
    expect(fresh.compute().score).toBe(oneShot.corpus.score);
    expect(fresh.toJSON().signature).toBe(oneShot.signature);
    expect(oneShot.signature).toMatch(/^nrefs:2\|/);
  });
});
