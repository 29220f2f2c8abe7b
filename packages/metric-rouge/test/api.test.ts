// The public API: options and their errors, signatures, tokenizers, ROUGE-1.5.5 options (-l, -b, -t,
// -p), policies, bootstrap, explanations, statistics round trips, the plugin.
import { GramscoreError, createAccumulator, evaluate, type MetricContext, type Tokenizer } from "@gramscore/core";
import plugin, {
  BootstrapAggregator,
  DEFAULT_SEED,
  ROUGE155_OPTIONS,
  ROUGE_OPTIONS,
  VERSION,
  createRouge,
  plugin as namedPlugin,
  rouge,
  rouge155Metric,
  rougeMetric,
  sentenceRouge,
  RougeScorer,
  type RougeResult,
} from "@gramscore/metric-rouge";
import { describe, expect, it } from "vitest";
import { codeOf } from "../../../tooling/test/errors.js";

const errorOf = (fn: () => unknown): GramscoreError | undefined => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    return error as GramscoreError;
  }
  return undefined;
};

describe("signatures", () => {
  it("name the variant, tokenizer, stemming, policy and version", () => {
    expect(createRouge().signature()).toBe(`rouge1+rouge2+rougeL+rougeLsum|mode:rouge-score|tok:rouge|stem:no|multi:best-f|version:gramscore-${VERSION}`);
    const m = createRouge({ stemmer: "porter" });
    expect(m.typeSignature("rougeLsum")).toBe(`rougeLsum|mode:rouge-score|tok:rouge|stem:yes|multi:best-f|version:gramscore-${VERSION}`);
    expect(createRouge({ mode: "rouge155" }).signature()).toBe(
      `ROUGE-1+ROUGE-2+ROUGE-L|mode:rouge155|tok:rouge155|stem:no|multi:pooled|alpha:0.5|avg:segment|version:gramscore-${VERSION}`,
    );
    const r155 = createRouge({
      mode: "rouge155",
      rougeTypes: ["rouge1", "rougeW", "rougeS", "rougeSU"],
      stemmer: "porter",
      exceptions: "mice mouse\nwent go\n",
      stopwords: ["the", "a"],
      multiRef: "best-recall",
      alpha: 0.2,
      weight: 1.5,
      skipDistance: -1,
      lengthLimit: 100,
      averaging: "token",
      emptyReference: "zero",
    });
    expect(r155.signature()).toMatch(
      /^ROUGE-1\+ROUGE-W-1\.5\+ROUGE-S\*\+ROUGE-SU\*\|mode:rouge155\|tok:rouge155\|stem:yes\|exc:2#[0-9a-f]{8}\|stop:2#[0-9a-f]{8}\|multi:best-recall\|alpha:0\.2\|avg:token\|limit:100w\|empty:zero\|version:/,
    );
    expect(createRouge({ bootstrap: true, seed: 7, bootstrapSamples: 50, confidence: 0.9 }).signature()).toContain("|bs:50|seed:7|ci:0.9|");
    expect(createRouge({ tokenize: (t: string) => t.split(" ") }).signature()).toContain("|tok:custom|multi:");
    expect(() => m.typeSignature("rouge9")).toThrow(GramscoreError);
  });
});

describe("options", () => {
  it("reject what they cannot honour, with INVALID_OPTION", () => {
    expect(codeOf(() => createRouge({ nope: 1 } as never))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ rougeTypes: ["rougeW"] }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ rougeTypes: ["rouge0"] }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ rougeTypes: [] }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ rougeTypes: ["rouge1", "rouge1"] }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ mode: "rouge155", rougeTypes: ["rougeLsum"] }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ alpha: 0.3 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ mode: "rouge155", alpha: 2 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ mode: "rouge155", weight: 0 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ mode: "rouge155", lengthLimit: 5, byteLimit: 5 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ multiRef: "max" as never }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ splitSummaries: true }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ seed: 5 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ bootstrap: true, seed: -1 }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ stemmer: "yes" as never }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ exceptions: "mice mouse" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ mode: "rouge155", exceptions: "mice mouse" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ tokenize: (t: string) => t.split(" "), stemmer: "porter" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createRouge({ tokenize: "13a" }))).toBe("UNKNOWN_TOKENIZER");
    expect(codeOf(() => rouge155Metric.create({ mode: "rouge-score" }))).toBe("INVALID_OPTION");
    expect(rougeMetric.create({ mode: "rouge155" }).name).toBe("rouge155");
  });

  it("accept ROUGE-1.5.5's labels and -t values", () => {
    const m = createRouge({ mode: "rouge155", rougeTypes: ["ROUGE-1", "rouge-l", "ROUGE-W-1.2", "ROUGE-SU4"], averaging: 1 });
    expect(m.types).toEqual(["ROUGE-1", "ROUGE-L", "ROUGE-W-1.2", "ROUGE-SU4"]);
    expect(m.signature()).toContain("avg:token");
    expect(createRouge({ rougeTypes: "rouge1, rougeL" as never }).types).toEqual(["rouge1", "rougeL"]);
  });
});

describe("inputs", () => {
  it("checks segments and reference layouts", () => {
    const m = createRouge();
    expect(codeOf(() => m.stats(3 as never, ["a"]))).toBe("INVALID_TYPE");
    expect(codeOf(() => m.stats("a", []))).toBe("EMPTY_INPUT");
    expect(codeOf(() => m.stats("a", "b" as never))).toBe("INVALID_TYPE");
    expect(codeOf(() => m.stats("a\uD800", ["b"]))).toBe("LONE_SURROGATE");
    expect(codeOf(() => rouge(["a", "b"], [["x"]]))).toBe("LENGTH_MISMATCH");
  });
});

describe("tokenizers", () => {
  it("rouge-score's ASCII tokenizer scores non-Latin text 0; rouge-unicode scores it in both modes", () => {
    const thai = "สวัสดีครับ ยินดีต้อนรับ";
    const zh = "今天天气很好。我们去公园。";
    for (const text of [thai, zh]) {
      expect(sentenceRouge(text, [text]).rouge1!.fmeasure).toBe(0);
      expect(sentenceRouge(text, [text], { tokenize: "rouge-unicode" }).rouge1!.fmeasure).toBe(1);
      expect(sentenceRouge(text, [text], { mode: "rouge155", tokenize: "rouge-unicode", rougeTypes: ["rouge1", "rougeL", "rougeW", "rougeSU"] })["ROUGE-L"]!.fmeasure).toBe(1);
    }
    // On ASCII text rouge-unicode in rouge155 mode with stemming is ROUGE-1.5.5's tokenizer.
    const hyp = "They went running to 3 houses, quickly.";
    const ref = "They go running into the house quickly!";
    const options = { mode: "rouge155" as const, rougeTypes: ["rouge1", "rouge2", "rougeL"], stemmer: "porter" as const, exceptions: "mice mouse\nwent go\n" };
    const a = sentenceRouge(hyp, [ref], options);
    const b = sentenceRouge(hyp, [ref], { ...options, tokenize: "rouge-unicode" });
    expect({ ...b, signature: "" }).toEqual({ ...a, signature: "" });
    // "went" → "go" through the exception table (the table's base form is not stemmed further).
    expect(a["ROUGE-1"]!.recall).toBeGreaterThan(sentenceRouge(hyp, [ref], { ...options, exceptions: undefined })["ROUGE-1"]!.recall);
  });

  it("takes functions, Tokenizer objects and names resolved through a context", () => {
    const split = (t: string) => t.split(/\s+/).filter(Boolean);
    expect(sentenceRouge("A b c", ["A b d"], { tokenize: split, rougeTypes: ["rouge1"] }).rouge1!.recall).toBeCloseTo(2 / 3, 15);
    const upper: Tokenizer = { name: "upper", signature: "upper#1", tokenize: (t) => t.toUpperCase().split(" ") };
    const m = createRouge({ tokenize: upper, rougeTypes: ["rouge1"], stopwords: ["B"] });
    expect(m.signature()).toContain("tok:upper#1+stop[1#");
    expect(m.scoreSegment("a b c", ["a B d"]).rouge1!.recall).toBe(0.5);
    const seen: unknown[] = [];
    const context: MetricContext = {
      tokenizer(name, options) {
        seen.push([name, options]);
        return { name, signature: `${name}-sig`, tokenize: (t) => Array.from(t.replace(/\s/g, "")) };
      },
    };
    const chars = rougeMetric.create({ tokenize: "char", tokenizeOptions: { x: 1 }, rougeTypes: ["rouge1"] }, context);
    expect(seen).toEqual([["char", { x: 1 }]]);
    expect(chars.signature()).toContain("tok:char-sig");
    expect(chars.score(chars.stats("ab", ["abc"]), "segment").rouge1!.recall).toBeCloseTo(2 / 3, 15);
    // A tokenizer that is not line-safe: rougeLsum tokenizes each line on its own.
    const lsum = createRouge({ tokenize: (t: string) => [t.replace(/\n/g, "|")], rougeTypes: ["rouge1", "rougeLsum"] });
    const r = lsum.scoreSegment("x\ny", ["x\ny"]);
    expect(r.rouge1!.fmeasure).toBe(1);
    expect(r.rougeLsum!.fmeasure).toBe(1);
  });
});

describe("rouge-score behaviour", () => {
  it("rougeL is sentence-level, rougeLsum summary-level (google-research#168)", () => {
    const r = sentenceRouge("the dog barked loudly\nthe cat sat on the mat", ["the cat sat on the mat\nthe dog barked loudly"], { rougeTypes: ["rougeL", "rougeLsum"] });
    expect(r.rougeLsum!.fmeasure).toBe(1);
    expect(r.rougeL!.fmeasure).toBeLessThan(1);
  });

  it("score_multi picks, per type, the reference with the best F (first on ties)", () => {
    const m = createRouge({ rougeTypes: ["rouge1", "rouge2"] });
    const r = m.scoreSegment("a b c d", ["a b x y", "a x b y", "a b x y"]);
    expect(r.rouge1).toEqual(m.scoreSegment("a b c d", ["a b x y"]).rouge1);
    expect(r.rouge2).toEqual(m.scoreSegment("a b c d", ["a b x y"]).rouge2);
    const e = m.explain("a b c d", ["a x b y", "a b x y"]);
    expect(e.types.rouge2!.used).toEqual([1]);
  });
});

describe("ROUGE-1.5.5 options", () => {
  const m155 = (o: object = {}) => createRouge({ mode: "rouge155", rougeTypes: ["rouge1", "rougeL"], ...o });

  it("-l keeps the first n words of hypothesis and references (Perl's split: a leading space is a word)", () => {
    expect(m155({ lengthLimit: 3 }).scoreSegment("one two three four five", ["one two three six"])["ROUGE-1"]).toEqual({ precision: 1, recall: 1, fmeasure: 1 });
    // " one two three" splits into "", "one", "two", "three": the limit of 3 keeps "", "one", "two".
    expect(m155({ lengthLimit: 3 }).scoreSegment(" one two three", ["one two three"])["ROUGE-1"]).toEqual({ precision: 1, recall: 0.66667, fmeasure: 0.8 });
    // Sentences are taken whole while the running count stays below the limit.
    expect(m155({ lengthLimit: 4 }).scoreSegment("a b\nc d\ne f", ["a b c d e f"])["ROUGE-L"]).toEqual({ precision: 1, recall: 1, fmeasure: 1 });
  });

  it("-b keeps the first n bytes (UTF-8) of every summary", () => {
    // Hypothesis: "ab" (2) + "cd" (2) stay below 5; "ef" is cut to 1 byte. Reference: cut to "ab cd".
    expect(m155({ byteLimit: 5 }).scoreSegment("ab\ncd\nef", ["ab cd e"])["ROUGE-1"]).toEqual({ precision: 0.66667, recall: 1, fmeasure: 0.8 });
    expect(m155({ byteLimit: 3 }).scoreSegment("é abc", ["x"])).toEqual(m155().scoreSegment("é a", ["x"]));
  });

  it("-p alpha weighs recall in F, from the rounded P and R", () => {
    const r = m155({ alpha: 0.25 }).scoreSegment("a b c", ["a b d e"])["ROUGE-1"]!;
    expect(r.recall).toBe(0.5);
    expect(r.precision).toBe(0.66667);
    expect(r.fmeasure).toBe(Number(((0.66667 * 0.5) / (0.75 * 0.66667 + 0.25 * 0.5)).toFixed(5)));
  });

  it("-t 1 pools the counts of all segments (W without the inverse weight, as the script)", () => {
    const segs = [
      { hyp: "a b c", refs: ["a b d e"] },
      { hyp: "a", refs: ["a b c d e f g h"] },
    ];
    const m = createRouge({ mode: "rouge155", rougeTypes: ["rouge1", "rougeW"], averaging: "token" });
    const c = evaluate(m, segs).corpus["ROUGE-1"]!;
    expect(c.recall).toBe(3 / 12);
    expect(c.precision).toBe(3 / 4);
    expect(c.fmeasure).toBe(((3 / 12) * (3 / 4)) / (0.5 * (3 / 4) + 0.5 * (3 / 12)));
    const mean = evaluate(createRouge({ mode: "rouge155", rougeTypes: ["rouge1"] }), segs).corpus["ROUGE-1"]!;
    expect(mean.recall).toBe((0.5 + 0.125) / 2);
  });

  it("ROUGE-W with a reference without tokens: an error like the script's death, or zero on request", () => {
    const types = ["rouge1", "rougeL", "rougeW", "rougeSU"];
    expect(codeOf(() => createRouge({ mode: "rouge155", rougeTypes: types }).scoreSegment("a b", ["a b", "!!!"]))).toBe("EMPTY_INPUT");
    const zero = createRouge({ mode: "rouge155", rougeTypes: types, emptyReference: "zero", multiRef: "best-recall" });
    const r = zero.scoreSegment("a b", ["a b", "!!!"]);
    expect(r["ROUGE-1"]!.fmeasure).toBe(1);
    expect(r["ROUGE-W-1.2"]!.precision).toBe(1);
    expect(createRouge({ mode: "rouge155", rougeTypes: ["rouge1", "rougeL"] }).scoreSegment("a b", ["!!!"])["ROUGE-L"]!.fmeasure).toBe(0);
  });

  it("policies: -f A pools, -f B takes the best recall, average and jackknife average", () => {
    const hyp = "a b c d";
    const refs = ["a b", "a b c d e"];
    const score = (multiRef: string) => createRouge({ mode: "rouge155", rougeTypes: ["rouge1"], multiRef: multiRef as never }).scoreSegment(hyp, refs)["ROUGE-1"]!;
    // Hits 2 + 4 of model counts 2 + 5 and peer counts 4 + 4.
    expect(score("pooled")).toEqual({ recall: 0.85714, precision: 0.75, fmeasure: 0.8 });
    expect(score("best-recall")).toEqual({ recall: 1, precision: 0.5, fmeasure: 0.66667 });
    expect(score("best-f")).toEqual({ recall: 0.8, precision: 1, fmeasure: 0.88889 });
    expect(score("average")).toEqual({ recall: 0.9, precision: 0.75, fmeasure: 0.77778 });
    // Leave out ref 0: best of {1}; leave out ref 1: best of {0}: the mean of both.
    expect(score("jackknife")).toEqual(score("average"));
  });
});

describe("bootstrap", () => {
  const segs = Array.from({ length: 30 }, (_, i) => ({ hyp: `w${i % 7} w${i % 3} shared words ${"x ".repeat(i % 5)}`, refs: [`w${i % 5} shared words here`] }));

  it("is seeded: the same seed gives the same interval, another seed another", () => {
    const a = evaluate(createRouge({ rougeTypes: ["rouge1"], bootstrap: true }), segs).corpus.rouge1!;
    const b = evaluate(createRouge({ rougeTypes: ["rouge1"], bootstrap: true }), segs).corpus.rouge1!;
    const c = evaluate(createRouge({ rougeTypes: ["rouge1"], bootstrap: true, seed: DEFAULT_SEED + 1 }), segs).corpus.rouge1!;
    expect(a).toEqual(b);
    expect(c.low).not.toEqual(a.low);
    expect(a.low!.fmeasure).toBeLessThanOrEqual(a.fmeasure);
    expect(a.high!.fmeasure).toBeGreaterThanOrEqual(a.fmeasure);
    expect(Object.keys(createRouge({ rougeTypes: ["rouge1"], bootstrap: true }).summarize({ rouge1: a }))).toEqual([
      "rouge1.p",
      "rouge1.r",
      "rouge1.f",
      "rouge1.p.low",
      "rouge1.r.low",
      "rouge1.f.low",
      "rouge1.p.mid",
      "rouge1.r.mid",
      "rouge1.f.mid",
      "rouge1.p.high",
      "rouge1.r.high",
      "rouge1.f.high",
    ]);
  });

  it("BootstrapAggregator gives the metric's intervals for the same segments", () => {
    const m = createRouge({ rougeTypes: ["rouge1", "rougeL"] });
    const agg = new BootstrapAggregator({ samples: 300 });
    for (const s of segs) agg.addScores(m.scoreSegment(s.hyp, s.refs));
    expect(agg.count).toBe(segs.length);
    const out = agg.aggregate();
    const corpus = evaluate(createRouge({ rougeTypes: ["rouge1", "rougeL"], bootstrap: true, bootstrapSamples: 300 }), segs).corpus;
    for (const t of ["rouge1", "rougeL"]) {
      expect(out[t]!.low).toEqual(corpus[t]!.low);
      expect(out[t]!.mid).toEqual(corpus[t]!.mid);
      expect(out[t]!.high).toEqual(corpus[t]!.high);
    }
    expect(codeOf(() => new BootstrapAggregator().aggregate())).toBe("EMPTY_INPUT");
  });
});

describe("explain", () => {
  it("aligns tokens on both sides and accounts for every hit", () => {
    const hyp = "the cat sat on the mat\nthen the cat slept";
    const refs = ["a cat sat on a mat\nthe cat slept", "the dog slept"];
    for (const options of [
      { rougeTypes: ["rouge1", "rouge2", "rougeL", "rougeLsum"] },
      { mode: "rouge155" as const, rougeTypes: ["rouge2", "rougeL", "rougeW", "rougeS", "rougeSU"], multiRef: "best-recall" as const },
    ]) {
      const m = createRouge(options);
      const e = m.explain(hyp, refs);
      const result = m.scoreSegment(hyp, refs);
      for (const [key, t] of Object.entries(e.types)) {
        expect(t.result).toEqual(result[key]);
        for (const r of t.references) {
          const ref = e.references[r.reference]!;
          if (r.matches) expect(r.matches.reduce((a, x) => a + x.matched, 0)).toBe(r.hits);
          if (r.alignment) {
            for (const a of r.alignment) {
              const refTok = t.kind === "l" && e.mode === "rouge-score" ? ref.tokens[a.refToken] : ref.sentences[a.refSentence]![a.refToken];
              const hypTok = t.kind === "l" && e.mode === "rouge-score" ? e.hypothesis.tokens[a.hypToken] : e.hypothesis.sentences[a.hypSentence]![a.hypToken];
              expect(hypTok).toBe(refTok);
            }
            if (t.kind !== "w") expect(r.alignment.filter((a) => a.counted).length).toBe(r.hits);
          }
          if (r.runs) expect(r.runs.reduce((a, x) => a + x.weight, 0)).toBeCloseTo(r.hits, 12);
        }
      }
    }
  });
});

describe("statistics and results", () => {
  it("round-trip through JSON shards and reject foreign statistics", () => {
    const m = createRouge({ mode: "rouge155", rougeTypes: ["rouge1", "rougeL"] });
    const shard = JSON.parse(JSON.stringify(createAccumulator(m).add("a b c", ["a b d"]).toJSON()));
    const acc = createAccumulator(createRouge({ mode: "rouge155", rougeTypes: ["rouge1", "rougeL"] })).merge(shard).add("x", ["x"]);
    expect(acc.count).toBe(2);
    expect(acc.compute()["ROUGE-1"]!.recall).toBe((0.66667 + 1) / 2);
    expect(codeOf(() => m.parseStats({ count: 1, sums: [[1]] }))).toBe("INVALID_STATS");
    expect(codeOf(() => m.parseStats({ count: 1, sums: Array.from({ length: 12 }, () => [0.1, 0.1]) }))).toBe("INVALID_STATS");
    expect(codeOf(() => m.parseStats({ count: -1, sums: [] }))).toBe("INVALID_STATS");
    expect(codeOf(() => m.parseStats({ ...shard.stats, rows: [] }))).toBe("INVALID_STATS");
    expect(codeOf(() => createAccumulator(createRouge()).merge(shard))).toBe("INVALID_STATS");
    const b = createRouge({ rougeTypes: ["rouge1"], bootstrap: true });
    const bs = createAccumulator(b).add("a", ["a"]).add("b", ["a"]).toJSON();
    expect(b.parseStats(JSON.parse(JSON.stringify(bs.stats)))).toEqual(bs.stats);
    expect(codeOf(() => b.parseStats({ ...bs.stats, count: 3 }))).toBe("INVALID_STATS");
  });

  it("format one readable line in each tool's style", () => {
    const r: RougeResult = { rouge1: { precision: 0.125, recall: 0.5, fmeasure: 0.2 } };
    expect(createRouge({ rougeTypes: ["rouge1"] }).format(r)).toBe("rouge1 P:0.1250 R:0.5000 F:0.2000");
    expect(createRouge({ rougeTypes: ["rouge1"] }).format(r, { width: 2 })).toBe("rouge1 P:0.12 R:0.50 F:0.20");
    const m = createRouge({ mode: "rouge155", rougeTypes: ["rouge1"] });
    expect(m.format(m.scoreSegment("a b c", ["a b d e"]))).toBe("ROUGE-1 R:0.50000 P:0.66667 F:0.57143");
  });

  it("rouge() scores a corpus in sacrebleu's layout, with the headline score beside every type", () => {
    const out = rouge(["a b c", "x y"], [["a b d", "x y"], ["a b c", null]], { rougeTypes: ["rouge1", "rouge2"] });
    const corpus = evaluate(createRouge({ rougeTypes: ["rouge1", "rouge2"] }), [
      { hyp: "a b c", refs: ["a b d", "a b c"] },
      { hyp: "x y", refs: ["x y"] },
    ]).corpus;
    expect(out.name).toBe("rouge1");
    expect(out.score).toBe(corpus.rouge1!.fmeasure);
    expect(out.rouge1).toEqual(corpus.rouge1);
    expect(out.rouge2).toEqual(corpus.rouge2);
    expect(out.signature).toBe(createRouge({ rougeTypes: ["rouge1", "rouge2"] }).signature());
    expect(Object.keys(out)).toEqual(["name", "score", "signature", "rouge1", "rouge2"]);
    expect(codeOf(() => rouge([], [[]]))).toBe("EMPTY_INPUT");
    expect(codeOf(() => rouge(["a"], ["a"] as never))).toBe("INVALID_TYPE");
  });

  it("sentenceRouge takes the hypothesis first; RougeScorer.score takes rouge-score's (target, prediction)", () => {
    const s = sentenceRouge("the cat sat", ["the cat sat down"], { rougeTypes: ["rougeL"] });
    expect([s.name, s.rougeL!.precision, s.rougeL!.recall]).toEqual(["rougeL", 1, 0.75]);
    expect(s.score).toBe(s.rougeL!.fmeasure);
    const scorer = new RougeScorer(["rougeL"]);
    expect(scorer.score("the cat sat down", "the cat sat").rougeL).toEqual(s.rougeL);
    expect(scorer.scoreMulti(["x y", "the cat sat down"], "the cat sat").rougeL).toEqual(s.rougeL);
    expect(scorer.signature()).toBe(s.signature);
    expect(codeOf(() => sentenceRouge("a", "a" as never))).toBe("INVALID_TYPE");
    expect(codeOf(() => scorer.score(["a"] as never, "a"))).toBe("INVALID_TYPE");
  });

  it("old and rouge-score option names are refused with the new name", () => {
    for (const [key, value, hint] of [
      ["useStemmer", true, 'stemmer ("porter" or "none"'],
      ["use_stemmer", true, 'stemmer ("porter" or "none"'],
      ["tokenizer", "rouge", "tokenize"],
      ["rouge_types", ["rouge1"], "rougeTypes"],
    ] as const) {
      const e = errorOf(() => createRouge({ [key]: value } as never));
      expect(e?.code, key).toBe("INVALID_OPTION");
      expect(e?.message, key).toContain(hint);
    }
  });
});

describe("plugin", () => {
  it("registers rouge (rouge-score) and rouge155 (ROUGE-1.5.5) with their options", () => {
    expect(plugin).toBe(namedPlugin);
    expect(plugin.name).toBe("@gramscore/metric-rouge");
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["rouge", "rouge155"]);
    expect(rougeMetric.create().signature()).toBe(createRouge().signature());
    expect(rouge155Metric.create().signature()).toBe(createRouge({ mode: "rouge155" }).signature());
    const keys = new Set(ROUGE_OPTIONS.map((o) => o.key));
    expect(keys.has("alpha")).toBe(false);
    for (const spec of [...ROUGE_OPTIONS, ...ROUGE155_OPTIONS]) {
      const value = spec.type === "list" ? ["rouge1"] : spec.type === "number" ? spec.default : spec.type === "boolean" ? false : spec.default ?? spec.choices?.[0];
      if (value === undefined || spec.key === "exceptions" || spec.key === "stopwords") continue;
      const descriptor = ROUGE_OPTIONS.includes(spec) ? rougeMetric : rouge155Metric;
      const extra = ["bootstrapSamples", "seed", "confidence"].includes(spec.key) ? { bootstrap: true } : {};
      expect(() => descriptor.create({ ...extra, [spec.key]: value } as never)).not.toThrow();
    }
  });
});
