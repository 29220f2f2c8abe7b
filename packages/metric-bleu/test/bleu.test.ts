import { ErrorCode, GramscoreError, createAccumulator, evaluate } from "@gramscore/core";
import type { MetricContext } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import {
  VERSION,
  bleu,
  bleuSignature,
  computeBleu,
  corpusBleu,
  createBleu,
  explainBleu,
  formatBleu,
  parseBleuStats,
  sentenceBleu,
} from "@gramscore/metric-bleu";
import type { BleuResult } from "@gramscore/metric-bleu";
import { codeOf, messageOf } from "../../../tooling/test/errors.js";

const DEFAULTS = { smoothMethod: "exp", smoothValue: undefined, effectiveOrder: false, maxNgramOrder: 4 } as const;

describe("createBleu defaults and signatures", () => {
  it("has sacrebleu's defaults", () => {
    const m = createBleu();
    expect(m.options).toEqual({
      tokenize: "13a",
      smoothMethod: "exp",
      smoothValue: undefined,
      lowercase: false,
      effectiveOrder: false,
      maxNgramOrder: 4,
      nrefs: undefined,
      referenceCache: 65536,
      referenceCacheBytes: 33554432,
    });
    expect(m.name).toBe("bleu");
    expect(m.higherIsBetter).toBe(true);
    expect(m.tokenizer.signature).toBe("13a");
  });

  it("reports the reference counts it has seen, as sacrebleu does", () => {
    const m = createBleu();
    expect(m.signature()).toBe(`nrefs:?|case:mixed|eff:no|tok:13a|smooth:exp|version:gramscore-${VERSION}`);
    m.stats("a b", ["a b", "a c"]);
    expect(m.signature()).toBe(`nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|version:gramscore-${VERSION}`);
    expect(m.shortSignature()).toBe(`#:2|c:mixed|e:no|tok:13a|s:exp|v:gramscore-${VERSION}`);
    m.stats("a b", ["a b"]);
    expect(m.signature()).toBe(`nrefs:var|case:mixed|eff:no|tok:13a|smooth:exp|version:gramscore-${VERSION}`);
  });

  it("puts every option that changes the numbers in the signature", () => {
    const sig = (o: Parameters<typeof createBleu>[0]) => createBleu({ ...o, nrefs: 1 }).signature();
    expect(sig({ smoothMethod: "floor" })).toBe(`nrefs:1|case:mixed|eff:no|tok:13a|smooth:floor[0.10]|version:gramscore-${VERSION}`);
    expect(sig({ smoothMethod: "add-k" })).toContain("|smooth:add-k[1.00]|");
    expect(sig({ smoothMethod: "add-k", smoothValue: 0.5 })).toContain("|smooth:add-k[0.50]|");
    expect(sig({ smoothMethod: "exp", smoothValue: 3 })).toContain("|smooth:exp|");
    expect(sig({ smoothMethod: "none" })).toContain("|smooth:none|");
    expect(sig({ lowercase: true, effectiveOrder: true })).toContain("|case:lc|eff:yes|");
    expect(sig({ tokenize: "intl" })).toContain("|tok:intl|");
    expect(sig({ tokenize: "none" })).toContain("|tok:none|");
    expect(sig({ tokenize: "zh" })).toContain("|tok:zh|");
    expect(sig({ tokenize: "char" })).toContain("|tok:char|");
    expect(sig({ tokenize: "cjk" })).toContain("|tok:cjk|");
    expect(sig({ maxNgramOrder: 6 })).toBe(`nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|ngram:6|version:gramscore-${VERSION}`);
    expect(createBleu({ maxNgramOrder: 2, nrefs: 1 }).shortSignature()).toBe(`#:1|c:mixed|e:no|tok:13a|s:exp|ngram:2|v:gramscore-${VERSION}`);
    expect(sig({ tokenize: (t: string) => t.split(" ") })).toContain("|tok:custom|");
    expect(sig({ tokenize: { name: "mine", signature: "mine+v2", tokenize: (t: string) => [t] } })).toContain("|tok:mine+v2|");
  });

  it("pins nrefs when asked, and checks the data against it", () => {
    const two = createBleu({ nrefs: 2 });
    expect(two.signature()).toMatch(/^nrefs:2\|/);
    expect(codeOf(() => two.stats("a", ["a"]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(messageOf(() => two.stats("a", ["a"]))).toContain("nrefs: 2");
    const variable = createBleu({ nrefs: "var" });
    variable.stats("a", ["a"]);
    variable.stats("a", ["a", "b"]);
    expect(variable.signature()).toMatch(/^nrefs:var\|/);
    expect(createBleu({ nrefs: "3" }).signature()).toMatch(/^nrefs:3\|/);
    expect(codeOf(() => createBleu({ nrefs: 0 }))).toBe(ErrorCode.INVALID_OPTION);
  });

  it("formats signatures from fields", () => {
    const fields = { nrefs: "var", lowercase: false, effectiveOrder: true, tokenizer: "13a", smoothMethod: "floor", smoothValue: 0.125, maxNgramOrder: 4 } as const;
    expect(bleuSignature({ ...fields, version: "2.6.0" })).toBe("nrefs:var|case:mixed|eff:yes|tok:13a|smooth:floor[0.12]|version:2.6.0");
    expect(bleuSignature({ ...fields, version: "2.6.0" }, true)).toBe("#:var|c:mixed|e:yes|tok:13a|s:floor[0.12]|v:2.6.0");
  });
});

describe("computeBleu", () => {
  it("reproduces the textbook example and sacrebleu's line", () => {
    const r = computeBleu(9, 10, [7, 5, 3, 1], [9, 8, 7, 6], DEFAULTS);
    // CPython 3.11 / glibc 2.36 (sacrebleu's arithmetic) gives these exact doubles.
    expect(r.score).toBe(38.62752974508188);
    expect(r.precisions).toEqual([700 / 9, 62.5, 300 / 7, 100 / 6]);
    expect(r.ratio).toBe(0.9);
    expect(formatBleu(r)).toBe("BLEU = 38.63 77.8/62.5/42.9/16.7 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)");
    expect(formatBleu(r, { width: 1, signature: "nrefs:1" })).toBe(
      "BLEU|nrefs:1 = 38.6 77.8/62.5/42.9/16.7 (BP = 0.895 ratio = 0.900 hyp_len = 9 ref_len = 10)",
    );
  });

  it("rounds like Python (half to even on the binary value)", () => {
    const r: BleuResult = { score: 0.125, counts: [], totals: [], precisions: [62.25, 0.05], bp: 0.0625, sysLen: 1, refLen: 8, ratio: 0.125 };
    // 0.125 → "0.12", 62.25 → "62.2", 0.05 (a hair above 0.05) → "0.1", 0.0625 → "0.062".
    expect(formatBleu(r)).toBe("BLEU = 0.12 62.2/0.1 (BP = 0.062 ratio = 0.125 hyp_len = 1 ref_len = 8)");
  });

  it("returns 0 before smoothing when nothing matches (counts untouched, even with add-k)", () => {
    const r = computeBleu(3, 3, [0, 0, 0, 0], [3, 2, 1, 0], { ...DEFAULTS, smoothMethod: "add-k", smoothValue: 1 });
    expect(r).toEqual({ score: 0, counts: [0, 0, 0, 0], totals: [3, 2, 1, 0], precisions: [0, 0, 0, 0], bp: 1, sysLen: 3, refLen: 3, ratio: 1 });
  });

  it("stops at the first order without n-grams; effective order averages over the reached ones", () => {
    const stats = [3, 3, [2, 1, 0, 0], [3, 2, 1, 0]] as const;
    const plain = computeBleu(stats[0], stats[1], stats[2], stats[3], DEFAULTS);
    expect(plain.precisions).toEqual([200 / 3, 50, 50, 0]);
    expect(plain.score).toBe(0);
    const eff = computeBleu(stats[0], stats[1], stats[2], stats[3], { ...DEFAULTS, effectiveOrder: true });
    expect(eff.score).toBe(55.03212081491043);
  });

  it("smooths as sacrebleu: exp halves per zero order, floor uses the value, add-k adds k from order 2", () => {
    const exp = computeBleu(4, 4, [2, 0, 0, 0], [4, 3, 2, 1], DEFAULTS);
    expect(exp.precisions).toEqual([50, 100 / 6, 100 / 8, 100 / 8]);
    const floor = computeBleu(4, 4, [2, 0, 0, 0], [4, 3, 2, 1], { ...DEFAULTS, smoothMethod: "floor", smoothValue: 0.1 });
    expect(floor.precisions).toEqual([50, (100 * 0.1) / 3, (100 * 0.1) / 2, (100 * 0.1) / 1]);
    const addk = computeBleu(3, 3, [2, 1, 0, 0], [3, 2, 1, 0], { ...DEFAULTS, smoothMethod: "add-k", smoothValue: 1 });
    expect(addk.counts).toEqual([2, 2, 1, 1]);
    expect(addk.totals).toEqual([3, 3, 2, 1]);
    expect(addk.precisions).toEqual([200 / 3, 200 / 3, 50, 100]);
    const none = computeBleu(4, 4, [2, 0, 0, 0], [4, 3, 2, 1], { ...DEFAULTS, smoothMethod: "none" });
    expect(none.score).toBe(0);
  });

  it("brevity penalty: 1 when long enough, 0 for an empty hypothesis", () => {
    expect(computeBleu(0, 5, [0, 0, 0, 0], [0, 0, 0, 0], DEFAULTS).bp).toBe(0);
    expect(computeBleu(6, 5, [1, 0, 0, 0], [6, 5, 4, 3], DEFAULTS).bp).toBe(1);
    expect(computeBleu(5, 0, [0, 0, 0, 0], [5, 4, 3, 2], DEFAULTS).ratio).toBe(0);
  });
});

describe("scoring text", () => {
  it("sentenceBleu turns effective order on; createBleu leaves it off", () => {
    // exp(log(100)) in glibc, as sacrebleu computes it: 100.00000000000004.
    expect(sentenceBleu("Hello", ["Hello"]).score).toBe(100.00000000000004);
    expect(sentenceBleu("Hello", ["Hello"]).signature).toBe(`nrefs:1|case:mixed|eff:yes|tok:13a|smooth:exp|version:gramscore-${VERSION}`);
    const m = createBleu();
    expect(m.score(m.stats("Hello", ["Hello"]), "segment").score).toBe(0);
    expect(sentenceBleu("Hello", ["Hello"], { effectiveOrder: false }).score).toBe(0);
    const opts = { smoothMethod: "floor" as const };
    expect(sentenceBleu("a b c", ["a b d"], opts).signature).toContain("eff:yes|tok:13a|smooth:floor[0.10]");
  });

  it("bleu() takes sacrebleu's layout, null for missing references", () => {
    const hyps = ["The cat sat on the mat.", "A dog barked loudly today."];
    const r = bleu(hyps, [["The cat sat on the mat.", "A dog barked today."], [null, "The dog barked loudly today."]]);
    expect(r.signature).toMatch(/^nrefs:var\|/);
    const same = corpusBleu([
      { hyp: hyps[0]!, refs: ["The cat sat on the mat."] },
      { hyp: hyps[1]!, refs: ["A dog barked today.", "The dog barked loudly today."] },
    ]);
    expect(same).toEqual(r);
    expect(bleu(hyps, [hyps]).score).toBeCloseTo(100, 10);
  });

  it("lowercases (Python's str.lower) and right-strips before tokenizing", () => {
    const m = createBleu({ lowercase: true });
    expect(m.tokenize("Hello WORLD, Σ.\r\n")).toEqual(["hello", "world", ",", "σ", "."]);
    expect(createBleu().tokenize("half-\n")).toEqual(["half-"]);
    expect(createBleu({ tokenize: "char" }).tokenize("ab c")).toEqual(["a", "b", "c"]);
    expect(createBleu({ tokenize: "none" }).tokenize("a,b  c\u3000d")).toEqual(["a,b", "c", "d"]);
  });

  it("accepts custom tokenizers: functions, objects and names a registry knows", () => {
    const chars = createBleu({ tokenize: (t: string) => Array.from(t), effectiveOrder: true });
    expect(chars.score(chars.stats("abc", ["abd"]), "segment").counts).toEqual([2, 1, 0, 0]);
    const context: MetricContext = {
      tokenizer: (name) => {
        if (name !== "letters") throw new GramscoreError(ErrorCode.UNKNOWN_TOKENIZER, `no ${name}`);
        return { name, signature: "letters#1", tokenize: (t) => t.split("") };
      },
    };
    expect(createBleu({ tokenize: "letters", nrefs: 1 }, context).signature()).toContain("|tok:letters#1|");
    expect(codeOf(() => createBleu({ tokenize: "digits" }, context))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    const broken: MetricContext = {
      tokenizer: () => {
        throw new Error("boom");
      },
    };
    expect(codeOf(() => createBleu({ tokenize: "x" }, broken))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    const bad = createBleu({ tokenize: () => "not an array" as unknown as string[] });
    expect(codeOf(() => bad.stats("a", ["a"]))).toBe(ErrorCode.INVALID_TYPE);
  });

  it("summarizes and formats results", () => {
    const m = createBleu();
    const r = m.score(m.stats("the cat sat on the mat", ["the cat sat on a mat"]), "segment");
    expect(m.summarize(r)).toEqual({ score: r.score, bp: r.bp });
    expect(m.format(r)).toBe(formatBleu(r));
    expect(m.format(r, { width: 3 })).toMatch(/^BLEU = \d+\.\d{3} /);
  });
});

describe("errors", () => {
  it("rejects bad options, naming what is accepted", () => {
    expect(codeOf(() => createBleu({ smoothMethod: "add-one" as "exp" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(messageOf(() => createBleu({ smoothMethod: "add-one" as "exp" }))).toContain("none, floor, add-k, exp");
    expect(codeOf(() => createBleu({ smoothValue: -0.1, smoothMethod: "floor" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createBleu({ smoothValue: Number.NaN }))).toBe(ErrorCode.INVALID_OPTION);
    for (const bad of [0, -1, 2.5, 256, "four"]) expect(codeOf(() => createBleu({ maxNgramOrder: bad as number }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createBleu({ tokenize: "ja-mecab" }))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(messageOf(() => createBleu({ tokenize: "ja-mecab" }))).toContain("13a, intl, zh, char, cjk, none");
    expect(codeOf(() => createBleu({ tokenize: 42 as unknown as string }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createBleu({ lowercase: "maybe" as unknown as boolean }))).toBe(ErrorCode.INVALID_OPTION);
    expect(messageOf(() => createBleu({ smooth_method: "exp" } as never))).toContain("so write smoothMethod");
    expect(messageOf(() => createBleu({ "max-ngram-order": 2 } as never))).toBe(
      'bleu has no option "max-ngram-order" (max-ngram-order is its command-line flag): gramscore names options in camelCase, so write maxNgramOrder.',
    );
    expect(messageOf(() => createBleu({ "smooth-method": "floor" } as never))).toContain("so write smoothMethod.");
    expect(messageOf(() => createBleu({ use_effective_order: true } as never))).toContain("it is called effectiveOrder");
    expect(codeOf(() => createBleu({ use_effective_order: true } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(messageOf(() => createBleu({ maxNgramOrder: 0 }))).toBe("bleu option maxNgramOrder must be an integer from 1 to 255, but got number 0.");
    expect(messageOf(() => createBleu({ smoothMethod: "floor", smoothValue: -1 }))).toContain("Use a small positive value such as 0.1 for floor");
    expect(codeOf(() => createBleu("13a" as never))).toBe(ErrorCode.INVALID_OPTION);
    // Flag-style strings from a command line are read.
    expect(createBleu({ maxNgramOrder: "2" as unknown as number, lowercase: "true" as unknown as boolean }).options).toMatchObject({ maxNgramOrder: 2, lowercase: true });
    expect(createBleu({ effectiveOrder: "no" as unknown as boolean, maxNgramOrder: null as unknown as number, smoothValue: null }).options).toMatchObject({
      effectiveOrder: false,
      maxNgramOrder: 4,
      smoothValue: undefined,
    });
    // smoothValue is ignored by exp and none, as sacrebleu does; floor and add-k take it.
    expect(createBleu({ smoothMethod: "exp", smoothValue: 0.5 }).options).toMatchObject({ smoothValue: undefined });
    expect(createBleu({ smoothMethod: "add-k", smoothValue: "2" as unknown as number }).options).toMatchObject({ smoothValue: 2 });
  });

  it("refuses misaligned, empty and non-text input with the fix in the message", () => {
    expect(codeOf(() => bleu(["a", "b"], [["x"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(messageOf(() => bleu(["a", "b"], [["x"]]))).toMatch(/1 lines but there are 2 hypotheses/);
    expect(codeOf(() => bleu(["a"], ["x"] as never))).toBe(ErrorCode.INVALID_TYPE);
    expect(messageOf(() => bleu(["a"], ["x"] as never))).toContain("bleu(hyps, [refs])");
    expect(codeOf(() => bleu([], [[]]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => bleu(["a"], []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => corpusBleu([]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => bleu([1 as unknown as string], [["x"]]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => bleu(["a"], [[null]]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => sentenceBleu("a", "a" as never))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => sentenceBleu("a", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createBleu().stats("\uD800x", ["x"]))).toBe(ErrorCode.LONE_SURROGATE);
    expect(codeOf(() => createBleu().stats("x", [undefined as unknown as string]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => evaluate(createBleu(), []))).toBe(ErrorCode.EMPTY_INPUT);
  });
});

describe("statistics", () => {
  it("parseStats accepts what stats() wrote and rejects anything else", () => {
    const m = createBleu();
    const s = m.merge(m.stats("a b c d e", ["a b c d"]), m.stats("x y", ["x y", "z"]));
    expect(m.parseStats(JSON.parse(JSON.stringify(s)))).toEqual(s);
    const bad: unknown[] = [
      null,
      [],
      { ...s, sysLen: -1 },
      { ...s, refLen: 1.5 },
      { ...s, matches: [1, 2, 3] },
      { ...s, matches: [8, 0, 0, 0] },
      { ...s, totals: [7, 8, 3, 2] },
      { ...s, totals: [6, 5, 3, 2] },
      { ...s, nrefs: -2 },
      { ...s, extra: 1 },
    ];
    for (const b of bad) expect(codeOf(() => m.parseStats(b))).toBe(ErrorCode.INVALID_STATS);
    expect(parseBleuStats({ ...s, matches: [1, 0], totals: [7, 5] }, 2).matches).toEqual([1, 0]);
    expect(codeOf(() => m.merge(s, parseBleuStats({ ...s, matches: [1, 0], totals: [7, 5] }, 2)))).toBe(ErrorCode.INVALID_STATS);
  });

  it("serialized shards merge across metric instances when nrefs is pinned", () => {
    const segs = [
      { hyp: "the cat sat", refs: ["the cat sat down"] },
      { hyp: "a dog", refs: ["the dog"] },
    ];
    const shard = createAccumulator(createBleu({ nrefs: 1 })).add(segs[0]!.hyp, segs[0]!.refs).toJSON();
    const acc = createAccumulator(createBleu({ nrefs: 1 })).merge(JSON.parse(JSON.stringify(shard))).add(segs[1]!.hyp, segs[1]!.refs);
    expect(acc.compute()).toEqual(corpusBleu(segs, {}) && evaluate(createBleu(), segs).corpus);
  });

  it("corpusStats equals merging per-segment statistics", () => {
    const segs = [
      { hyp: "Der Hund bellt.", refs: ["Der Hund bellt laut."] },
      { hyp: "", refs: ["Leer"] },
      { hyp: "Ein Test, 1,000.50 Euro.", refs: ["Ein Test: 1,000.50 Euro."] },
    ];
    const m = createBleu();
    expect(m.corpusStats(segs)).toEqual(segs.reduce((a, s) => m.merge(a, m.stats(s.hyp, s.refs)), m.empty()));
  });
});

describe("reference cache", () => {
  it("never changes a number: cached, uncached and overflowing caches agree", () => {
    const refs = ["The cat sat on the mat.", "Une phrase &amp; plus.", "Σ ΟΔΟΣ  \t", "", "1,000.50 (2023)."];
    const hyps = ["the cat sat on a mat .", "Une phrase & plus", "σ οδος", "nothing", "1,000.50 ( 2023 ) ."];
    for (const options of [{}, { lowercase: true }, { tokenize: "intl" }, { tokenize: "none" }, { tokenize: "char", maxNgramOrder: 6 }]) {
      const plain = createBleu({ ...options, referenceCache: 0 });
      const small = createBleu({ ...options, referenceCache: 2 });
      const big = createBleu(options);
      for (let round = 0; round < 3; round++) {
        hyps.forEach((h, i) => {
          const r = [refs[i]!, refs[(i + round) % refs.length]!];
          const want = plain.stats(h, r);
          expect(small.stats(h, r)).toEqual(want);
          expect(big.stats(h, r)).toEqual(want);
        });
      }
    }
    expect(() => createBleu({ referenceCache: -1 })).toThrow(GramscoreError);
  });
});

describe("explain", () => {
  it("shows each n-gram's count, clip and the reference that allowed it", () => {
    const x = explainBleu("the the the the the the the", ["the cat is on the mat", "there is a cat on the mat"], { tokenize: "none" });
    const the = x.orders[0]!.ngrams[0]!;
    expect(the).toEqual({
      tokens: ["the"],
      positions: [0, 1, 2, 3, 4, 5, 6],
      count: 7,
      referenceCounts: [2, 1],
      maxReferenceCount: 2,
      matched: 2,
      clipped: 5,
      reference: 0,
      matchedPositions: [0, 1],
    });
    expect(x.orders[0]).toMatchObject({ n: 1, matches: 2, total: 7 });
    expect(x.orders[1]!.ngrams[0]).toMatchObject({ tokens: ["the", "the"], count: 6, matched: 0, reference: -1 });
    expect(x.coverage).toEqual([1, 1, 0, 0, 0, 0, 0]);
    expect(x.referenceLengths).toEqual([6, 7]);
    expect([x.sysLen, x.refLen, x.refIndex]).toEqual([7, 7, 1]);
    expect(x.result.counts).toEqual([2, 0, 0, 0]);
  });

  it("takes the shorter reference on a length tie, whatever the order", () => {
    const hyp = "one two three four five";
    expect(explainBleu(hyp, ["one two three four", "one two three four five six"])).toMatchObject({ refLen: 4, refIndex: 0 });
    expect(explainBleu(hyp, ["one two three four five six", "one two three four"])).toMatchObject({ refLen: 4, refIndex: 1 });
  });

  it("marks matched spans by their highest order", () => {
    const x = createBleu({ tokenize: "none" }).explain("a b c x", ["a b c d"]);
    expect(x.coverage).toEqual([3, 3, 3, 0]);
    expect(x.orders[2]!.ngrams.map((g) => [g.tokens.join(" "), g.matched])).toEqual([
      ["a b c", 1],
      ["b c x", 0],
    ]);
  });
});

describe("shards and data-dependent signatures", () => {
  it("merges serialized shards into a fresh metric, taking nrefs from the statistics", () => {
    const segs = [
      { hyp: "the cat sat on the mat", refs: ["the cat sat on a mat", "a cat sat on the mat"] },
      { hyp: "dogs bark at night", refs: ["the dogs bark at night", "dogs barked all night"] },
    ];
    const shards = segs.map((s) => JSON.parse(JSON.stringify(createAccumulator(createBleu()).add(s.hyp, s.refs).toJSON())));
    const fresh = createAccumulator(createBleu());
    for (const shard of shards) fresh.merge(shard);
    const oneShot = evaluate(createBleu(), segs);
    expect(fresh.compute().score).toBe(oneShot.corpus.score);
    expect(fresh.toJSON().signature).toBe(oneShot.signature);
    expect(oneShot.signature.startsWith("nrefs:2|")).toBe(true);
    // A metric pinned to one reference per segment refuses them.
    expect(() => createAccumulator(createBleu({ nrefs: 1 })).merge(shards[0])).toThrow(GramscoreError);
    // Shards with different reference counts merge into nrefs:var.
    const one = createAccumulator(createBleu()).add("a b c d", ["a b c d"]).toJSON();
    expect(createAccumulator(createBleu()).merge(one).merge(shards[0]).toJSON().signature.startsWith("nrefs:var|")).toBe(true);
  });
});
