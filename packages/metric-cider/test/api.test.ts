import { describe, expect, it } from "vitest";
import { GramscoreError } from "@gramscore/core";
import {
  cider,
  ciderMetric,
  ciderOriginal,
  ciderOriginalMetric,
  cocoPtbTokenize,
  cocoPtbTokenizer,
  createCider,
  createCiderOriginal,
  parseCiderStats,
  plugin,
  ptbTokens,
  sentenceCider,
} from "@gramscore/metric-cider";

const hyps = ["A man riding a motorcycle on a dirt road.", "A child eating a birthday cake with candles.", "A train traveling down tracks next to a platform."];
const refs = [
  ["A man with a red helmet on a small moped on a dirt road.", "A young girl is preparing to blow out her candle.", "A man on a bicycle riding next to a train"],
  ["Man riding a motor bike on a dirt road on the countryside.", "A little girl is getting ready to blow out a candle on a small dessert.", "A man riding a bike past a train traveling along tracks."],
];

function codeOf(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GramscoreError);
    return (e as GramscoreError).code;
  }
  throw new Error("expected a GramscoreError");
}

describe("results", () => {
  // pycocoevalcap v1.2 (Java PTBTokenizer 3.4.1, then Cider().compute_score) on these captions printed
  // 1.6064907709040461 [2.509836207271544, 0.0, 2.309636105440594].
  it("equals pycocoevalcap's COCO pipeline on three images", () => {
    const r = cider(hyps, refs);
    expect(r.score).toBe(1.6064907709040461);
    expect(r.scores).toEqual([2.509836207271544, 0, 2.309636105440594]);
    expect(r.segments).toBe(3);
    expect(r.signature).toBe("cider:D|n:4|sigma:6|df:corpus|tok:coco-ptb|version:gramscore-0.1.0");
    expect(createCider().format(r)).toBe("CIDEr-D = 1.606");
  });
  it("names the original CIDEr apart, with its own signature", () => {
    const r = ciderOriginal(hyps, refs);
    expect(r.name).toBe("CIDEr");
    expect(r.signature).toBe("cider:original|n:4|df:corpus|tok:coco-ptb|version:gramscore-0.1.0");
    expect(r.score).not.toBe(cider(hyps, refs).score);
  });
  it("options reach the signature", () => {
    expect(createCider({ tokenize: "none", n: 3, sigma: 5 }).signature()).toBe("cider:D|n:3|sigma:5|df:corpus|tok:none|version:gramscore-0.1.0");
  });
  it("one image alone is a one-image corpus: every idf is 0, so is the score (as pycocoevalcap)", () => {
    expect(sentenceCider(hyps[0]!, [refs[0]![0]!, refs[1]![0]!]).score).toBe(0);
  });
  it("explainIn gives the per-order similarities whose mean makes the image's score", () => {
    const m = createCider();
    const stats = m.corpusStats(hyps.map((hyp, i) => ({ hyp, refs: [refs[0]![i]!, refs[1]![i]!] })));
    const e = m.explainIn(stats, 0);
    expect(e.score).toBe(2.509836207271544);
    expect(e.lengths).toEqual({ hyp: 8, refs: [13, 11] });
    expect(e.perReference).toHaveLength(2);
    const mean = e.orders.reduce((a, b) => a + b, 0) / e.orders.length;
    expect(Math.abs((mean / 2) * 10 - e.score)).toBeLessThan(1e-12);
    expect(m.explain(hyps[0]!, [refs[0]![0]!]).score).toBe(0);
  });
  it("the plugin registers cider (alias cider-d), cider-original and the coco-ptb tokenizer", () => {
    expect(plugin.name).toBe("@gramscore/metric-cider");
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["cider", "cider-original"]);
    expect(ciderMetric.aliases).toEqual(["cider-d"]);
    expect(ciderMetric.options!.map((o) => o.flag)).toEqual(["tokenize", "ngram-order", "sigma"]);
    expect(ciderOriginalMetric.options!.map((o) => o.flag)).toEqual(["tokenize", "ngram-order"]);
    expect(cocoPtbTokenizer.create(undefined).tokenize("A Dog.")).toEqual(["a", "dog"]);
  });
});

describe("coco-ptb: Stanford PTBTokenizer 3.4.1 -preserveLines -lowerCase (outputs of the Java tokenizer)", () => {
  const cases: [string, string][] = [
    [`A man's "red" helmet, on a moped... (dirt road) isn't it?`, "a man 's `` red '' helmet , on a moped ... -lrb- dirt road -rrb- is n't it ?"],
    ["cannot gonna wanna gotta", "can not gon na wan na got ta"],
    ["two*three 100% $5 e-mail 9:30 wi-fi", "two * three 100 % $ 5 e-mail 9:30 wi-fi"],
    ["U.S.A. mr. smith dr. st. etc. a.m.", "u.s.a. mr. smith dr. st. etc. a.m."],
    ["a -- b — c – d ... … e", "a -- b -- c -- d ... ... e"],
    ["[x] {y} a+b a=b", "-lsb- x -rsb- -lcb- y -rcb- a + b a = b"],
    ["TEXT with CAPS ok.", "text with caps ok ."],
    ["dog,cat;bird", "dog , cat ; bird"],
    ["the 80's", "the 80 's"],
    ["x&y AT&T &amp; &", "x & y at&t & &"],
    ["walkie- talkie", "walkie - talkie"],
    ["'hello' 't-ball' farmers' market.", "` hello ' ` t-ball ' farmers ' market ."],
    ["1,000 $1.50", "1,000 $ 1.50"],
  ];
  it.each(cases)("%s", (text, java) => {
    expect(ptbTokens(text).join(" ")).toBe(java);
  });
  it("drops pycocoevalcap's punctuation tokens, and keeps -lrb-/-rrb- as it does", () => {
    expect(cocoPtbTokenize("A dog (brown), on grass... isn't it?")).toEqual(["a", "dog", "-lrb-", "brown", "-rrb-", "on", "grass", "is", "n't", "it"]);
  });
});

describe("bad input", () => {
  it("no image: EMPTY_INPUT", () => {
    expect(codeOf(() => cider([], [[]]))).toBe("EMPTY_INPUT");
    expect(codeOf(() => createCider().score(createCider().empty(), "corpus"))).toBe("EMPTY_INPUT");
  });
  it("an image without references, or only empty references: EMPTY_INPUT", () => {
    expect(codeOf(() => createCider().stats("a dog", []))).toBe("EMPTY_INPUT");
    expect(codeOf(() => cider(["a dog"], [["..."]]))).toBe("EMPTY_INPUT");
  });
  it("wrong types: INVALID_TYPE; unequal streams: LENGTH_MISMATCH", () => {
    expect(codeOf(() => createCider().stats(3 as never, ["a"]))).toBe("INVALID_TYPE");
    expect(codeOf(() => createCider().stats("a", "b" as never))).toBe("INVALID_TYPE");
    expect(codeOf(() => cider(["a", "b"], [["a"]]))).toBe("LENGTH_MISMATCH");
  });
  it("bad options: INVALID_OPTION; unknown tokenizer: UNKNOWN_TOKENIZER", () => {
    expect(codeOf(() => createCider({ n: 0 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createCider({ n: 2.5 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createCider({ sigma: 0 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createCider({ sigma: Infinity }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createCiderOriginal({ sigma: 6 } as never))).toBe("INVALID_OPTION");
    expect(codeOf(() => createCider({ foo: 1 } as never))).toBe("INVALID_OPTION");
    expect(codeOf(() => createCider({ tokenize: "no-such-tokenizer" }))).toBe("UNKNOWN_TOKENIZER");
    expect(codeOf(() => cocoPtbTokenizer.create({ lowercase: true } as never))).toBe("INVALID_OPTION");
  });
  it("statistics that are not CIDEr's: INVALID_STATS", () => {
    expect(codeOf(() => parseCiderStats(null))).toBe("INVALID_STATS");
    expect(codeOf(() => parseCiderStats({ segments: 3 }))).toBe("INVALID_STATS");
    expect(codeOf(() => parseCiderStats({ segments: [[["a"], []]] }))).toBe("INVALID_STATS");
    expect(codeOf(() => parseCiderStats({ segments: [[["a"], [[1]]]] }))).toBe("INVALID_STATS");
    expect(codeOf(() => createCider().score({ segments: [["a", [["a"]]]] } as never, "corpus"))).toBe("INVALID_STATS");
  });
  it("an image index outside the corpus: INVALID_OPTION", () => {
    const m = createCider();
    expect(codeOf(() => m.explainIn(m.stats("a dog", ["a dog"]), 1))).toBe("INVALID_OPTION");
  });
  it("a lone surrogate: LONE_SURROGATE, naming the text", () => {
    expect(codeOf(() => cider(["a \ud800"], [["a"]]))).toBe("LONE_SURROGATE");
    expect(codeOf(() => cider(["a \ud800"], [["a"]], { tokenize: "none" }))).toBe("LONE_SURROGATE");
  });
});
