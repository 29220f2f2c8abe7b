/**
 * load / loadAsync / list, every argument of every name (HF's documented examples where HF gives
 * one), HF's key order, and the coded errors.
 */
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { METRIC_NAMES, list, load, loadAsync } from "../src/index.js";
import type { MetricName } from "../src/index.js";
import { meteor } from "../src/meteor.js";

function error(fn: () => unknown): GramscoreError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GramscoreError);
    return e as GramscoreError;
  }
  throw new Error("expected an error");
}

const SYNC = METRIC_NAMES.filter((n) => n !== "meteor") as Exclude<MetricName, "meteor">[];

describe("load, loadAsync, list", () => {
  it("knows HF evaluate's names", () => {
    expect(list()).toEqual(["bleu", "sacrebleu", "google_bleu", "rouge", "chrf", "ter", "meteor", "wer", "cer", "squad", "squad_v2", "sari", "character"]);
    expect(list()).not.toBe(list());
    for (const name of SYNC) expect(load(name).name).toBe(name);
  });

  it("lists HF's arguments in HF's order with HF's defaults", () => {
    const args = Object.fromEntries(SYNC.map((n) => [n, load(n).arguments]));
    expect(args).toEqual({
      bleu: ["predictions", "references", "tokenizer", "max_order", "smooth"],
      sacrebleu: ["predictions", "references", "smooth_method", "smooth_value", "force", "lowercase", "tokenize", "use_effective_order"],
      google_bleu: ["predictions", "references", "tokenizer", "min_len", "max_len"],
      rouge: ["predictions", "references", "rouge_types", "use_aggregator", "use_stemmer", "tokenizer"],
      chrf: ["predictions", "references", "char_order", "word_order", "beta", "lowercase", "whitespace", "eps_smoothing"],
      ter: ["predictions", "references", "normalized", "ignore_punct", "support_zh_ja_chars", "case_sensitive"],
      wer: ["predictions", "references", "concatenate_texts"],
      cer: ["predictions", "references", "concatenate_texts"],
      squad: ["predictions", "references"],
      squad_v2: ["predictions", "references", "no_answer_threshold"],
      sari: ["predictions", "references", "sources"],
      character: ["predictions", "references", "aggregate", "return_all_scores"],
    });
    expect(meteor.arguments).toEqual(["predictions", "references", "alpha", "beta", "gamma"]);
    expect(load("sacrebleu").defaults).toEqual({ smooth_method: "exp", smooth_value: null, force: false, lowercase: false, tokenize: null, use_effective_order: false });
    expect(load("rouge").defaults).toEqual({ rouge_types: ["rouge1", "rouge2", "rougeL", "rougeLsum"], use_aggregator: true, use_stemmer: false, tokenizer: null });
    expect(meteor.defaults).toEqual({ alpha: 0.9, beta: 3, gamma: 0.5 });
    for (const name of SYNC) expect(load(name).description.length).toBeGreaterThan(20);
    expect(Object.isFrozen(load("bleu"))).toBe(true);
  });

  it("an unknown name is UNKNOWN_METRIC listing the known names, with the closest one", () => {
    const e = error(() => load("rogue"));
    expect(e.code).toBe(ErrorCode.UNKNOWN_METRIC);
    expect(e.message).toContain('Did you mean "rouge"?');
    expect(e.message).toContain("bleu, sacrebleu, google_bleu, rouge, chrf, ter, meteor, wer, cer, squad, squad_v2, sari, character");
    expect(e.details).toMatchObject({ name: "rogue", suggestions: ["rouge"] });
    expect(error(() => load("bleuu")).message).toContain('Did you mean "bleu"?');
    expect(error(() => load("SacreBLEU")).message).toContain('Did you mean "sacrebleu"?');
    expect(error(() => load("googleBleu")).message).toContain('Did you mean "google_bleu"?');
    expect(error(() => load("bertscore")).message).not.toContain("Did you mean");
    const nist = error(() => load("nist_mt"));
    expect(nist.code).toBe(ErrorCode.UNKNOWN_METRIC);
    expect(nist.message).toContain("NISTTokenizer");
    expect(error(() => load(42 as unknown as string)).code).toBe(ErrorCode.INVALID_TYPE);
  });

  it("meteor: load() refuses it (WordNet stays out), loadAsync and the ./meteor entry give it", async () => {
    const e = error(() => load("meteor"));
    expect(e.code).toBe(ErrorCode.MISSING_DEPENDENCY);
    expect(e.message).toContain('loadAsync("meteor")');
    expect(e.message).toContain("@gramscore/evaluate/meteor");
    const m = await loadAsync("meteor");
    expect(m.name).toBe("meteor");
    const predictions = ["It is a guide to action which ensures that the military always obeys the commands of the party"];
    const references = ["It is a guide to action that ensures that the military will forever heed Party commands"];
    // HF's documented example: 0.6944 (rounded to 4 places).
    const result = m.compute({ predictions, references });
    expect(Object.keys(result)).toEqual(["meteor"]);
    expect(result.meteor).toBe(0.6944444444444445);
    expect(meteor.compute({ predictions, references })).toEqual(result);
    expect(meteor.compute({ predictions, references: [references] })).toEqual(result);
    expect((await loadAsync("bleu")).name).toBe("bleu");
    await expect(loadAsync("bleurt")).rejects.toMatchObject({ code: ErrorCode.UNKNOWN_METRIC });
  });
});

describe("compute: HF's documented examples and every argument", () => {
  it("bleu: { bleu, precisions, brevity_penalty, length_ratio, translation_length, reference_length }", () => {
    const bleu = load("bleu");
    const predictions = ["hello there general kenobi", "foo bar foobar"];
    const references = [["hello there general kenobi", "hello there!"], ["foo bar foobar"]];
    const r = bleu.compute({ predictions, references });
    expect(Object.keys(r)).toEqual(["bleu", "precisions", "brevity_penalty", "length_ratio", "translation_length", "reference_length"]);
    expect(r).toEqual({ bleu: 1, precisions: [1, 1, 1, 1], brevity_penalty: 1, length_ratio: 7 / 6, translation_length: 7, reference_length: 6 });
    expect(bleu.compute({ predictions, references, max_order: 2 }).precisions).toEqual([1, 1]);
    const hyp = { predictions: ["the cat sat"], references: ["the cat sat down"] };
    expect(bleu.compute(hyp).bleu).toBe(0);
    expect(bleu.compute({ ...hyp, smooth: true }).precisions).toEqual([4 / 4, 3 / 3, 2 / 2, 1 / 1]);
    // A tokenizer function, as HF's `tokenizer` argument.
    const chars = bleu.compute({ predictions: ["ab"], references: ["ab"], tokenizer: (t: string) => [...t], max_order: 2 });
    expect(chars.translation_length).toBe(2);
    expect(bleu.compute({ predictions, references, tokenizer: null })).toEqual(r);
  });

  it("sacrebleu: { score, counts, totals, precisions, bp, sys_len, ref_len }", () => {
    const sacrebleu = load("sacrebleu");
    const a = sacrebleu.compute({
      predictions: ["hello there general kenobi", "foo bar foobar"],
      references: [["hello there general kenobi", "hello there !"], ["foo bar foobar", "foo bar foobar"]],
    });
    expect(Object.keys(a)).toEqual(["score", "counts", "totals", "precisions", "bp", "sys_len", "ref_len"]);
    expect(Math.round(a.score * 10) / 10).toBe(100);
    const args = {
      predictions: ["hello there general kenobi", "on our way to ankh morpork"],
      references: [["hello there general kenobi", "hello there !"], ["goodbye ankh morpork", "ankh morpork"]],
    };
    const b = sacrebleu.compute(args);
    expect(Math.round(b.score * 10) / 10).toBe(39.8);
    expect(sacrebleu.compute({ ...args, force: true })).toEqual(b);
    const noFourGram = { predictions: ["the cat sat on"], references: ["the cat sat in"] };
    expect(sacrebleu.compute({ ...noFourGram, smooth_method: "none" }).score).toBe(0);
    expect(sacrebleu.compute(noFourGram).score).toBeGreaterThan(0);
    const floor = sacrebleu.compute({ ...noFourGram, smooth_method: "floor", smooth_value: 0.5 });
    expect(floor.precisions[3]).toBe(50);
    expect(sacrebleu.compute({ ...noFourGram, smooth_method: "floor" }).precisions[3]).toBe(10);
    expect(sacrebleu.compute({ ...args, smooth_method: "add-k", smooth_value: 2 }).counts[1]).toBe(b.counts[1]! + 2);
    expect(sacrebleu.compute({ ...args, tokenize: "char" }).sys_len).toBeGreaterThan(b.sys_len);
    expect(sacrebleu.compute({ ...args, tokenize: null })).toEqual(b);
    const upper = { predictions: ["HELLO there"], references: ["hello there"] };
    expect(sacrebleu.compute({ ...upper, lowercase: true }).counts[0]).toBe(2);
    expect(sacrebleu.compute(upper).counts[0]).toBe(1);
    const short = { predictions: ["the cat sat"], references: ["the cat sat"] };
    expect(sacrebleu.compute(short).score).toBe(0);
    expect(sacrebleu.compute({ ...short, use_effective_order: true }).score).toBeCloseTo(100, 10);
  });

  it("google_bleu: { google_bleu }, with min_len and max_len", () => {
    const predictions = [
      "It is a guide to action which ensures that the rubber duck always disobeys the commands of the cat",
      "he read the book because he was interested in world history",
    ];
    const one = [["It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat"], ["he was interested in world history because he read the book"]];
    const three = [
      [
        "It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat",
        "It is a guide to action that ensures that the rubber duck will never heed the cat commands",
        "It is the practical guide for the rubber duck army never to heed the directions of the cat",
      ],
      ["he was interested in world history because he read the book"],
    ];
    const g = load("google_bleu");
    const round2 = (x: number) => Math.round(x * 100) / 100;
    const r = g.compute({ predictions, references: one });
    expect(Object.keys(r)).toEqual(["google_bleu"]);
    expect(round2(r.google_bleu)).toBe(0.44);
    expect(round2(g.compute({ predictions, references: three }).google_bleu)).toBe(0.61);
    expect(round2(g.compute({ predictions, references: three, min_len: 2 }).google_bleu)).toBe(0.53);
    expect(round2(g.compute({ predictions, references: three, min_len: 2, max_len: 6 }).google_bleu)).toBe(0.4);
    expect(g.compute({ predictions: ["a b"], references: ["A B"], tokenizer: (t: string) => t.toLowerCase().split(" ") }).google_bleu).toBe(1);
  });

  it("rouge: one F per type (mean) or one list per type, in rouge_types order", () => {
    const rouge = load("rouge");
    const predictions = ["hello there", "general kenobi"];
    const r = rouge.compute({ predictions, references: ["hello there", "general kenobi"] });
    expect(r).toEqual({ rouge1: 1, rouge2: 1, rougeL: 1, rougeLsum: 1 });
    expect(Object.keys(r)).toEqual(["rouge1", "rouge2", "rougeL", "rougeLsum"]);
    const refs = ["hello there friend", "general grievous"];
    const lists = rouge.compute({ predictions, references: refs, use_aggregator: false, rouge_types: ["rougeL", "rouge1", "rougeL"] });
    expect(Object.keys(lists)).toEqual(["rougeL", "rouge1"]);
    expect(lists.rouge1).toEqual([0.8, 0.5]);
    const mean = rouge.compute({ predictions, references: refs, rouge_types: ["rouge1"] });
    expect(mean).toEqual({ rouge1: (0.8 + 0.5) / 2 });
    // Several references per prediction: the best F (rouge-score's score_multi).
    expect(rouge.compute({ predictions, references: [["x", "hello there"], ["general kenobi"]], rouge_types: ["rouge1"] })).toEqual({ rouge1: 1 });
    const stem = { predictions: ["running cats"], references: ["run cat"], rouge_types: ["rouge1"] };
    expect(rouge.compute(stem).rouge1).toBe(0);
    expect(rouge.compute({ ...stem, use_stemmer: true }).rouge1).toBe(1);
    // A tokenizer function replaces rouge-score's tokenizer (and, as there, use_stemmer is ignored).
    const hyphen = { predictions: ["ab-cd"], references: ["ab cd"], rouge_types: ["rouge1"] };
    expect(rouge.compute(hyphen).rouge1).toBe(1);
    const split = (t: string) => t.split(" ");
    expect(rouge.compute({ ...hyphen, tokenizer: split }).rouge1).toBe(0);
    expect(rouge.compute({ ...stem, tokenizer: split, use_stemmer: true }).rouge1).toBe(0);
    expect(rouge.compute({ ...hyphen, rouge_types: null } as never)).toEqual(rouge.compute({ ...hyphen, rouge_types: ["rouge1", "rouge2", "rougeL", "rougeLsum"] }));
  });

  it("chrf: { score, char_order, word_order, beta }", () => {
    const chrf = load("chrf");
    const predictions = ["The relationship between cats and dogs is not exactly friendly.", "a good bookshop is just a genteel black hole that knows how to read."];
    const references = [["The relationship between dogs and cats is not exactly friendly."], ["A good bookshop is just a genteel Black Hole that knows how to read."]];
    const r = chrf.compute({ predictions, references });
    expect(Object.keys(r)).toEqual(["score", "char_order", "word_order", "beta"]);
    expect(r).toEqual({ score: 84.64214891738334, char_order: 6, word_order: 0, beta: 2 });
    expect(chrf.compute({ predictions, references, word_order: 2 })).toEqual({ score: 82.87263732906315, char_order: 6, word_order: 2, beta: 2 });
    expect(chrf.compute({ predictions, references, word_order: 2, lowercase: true })).toEqual({ score: 92.12853119829202, char_order: 6, word_order: 2, beta: 2 });
    expect(chrf.compute({ predictions, references, char_order: 4, beta: 1 })).toMatchObject({ char_order: 4, beta: 1 });
    expect(chrf.compute({ predictions, references, whitespace: true }).score).not.toBe(r.score);
    expect(chrf.compute({ predictions, references, eps_smoothing: true }).score).not.toBe(r.score);
  });

  it("ter: { score, num_edits, ref_length }", () => {
    const ter = load("ter");
    const three = ["does this sentence match??", "what about this sentence?", "What did the TER metric user say to the developer?"];
    const threeRefs = [["does this sentence match", "does this sentence match!?!"], ["wHaT aBoUt ThIs SeNtEnCe?", "wHaT aBoUt ThIs SeNtEnCe?"], ["Your jokes are...", "...TERrible"]];
    const r = ter.compute({ predictions: three, references: threeRefs, case_sensitive: true });
    expect(Object.keys(r)).toEqual(["score", "num_edits", "ref_length"]);
    expect(r).toEqual({ score: 150, num_edits: 15, ref_length: 10 });
    const two = { predictions: three.slice(0, 2), references: threeRefs.slice(0, 2) };
    expect(ter.compute({ ...two, case_sensitive: true })).toEqual({ score: 62.5, num_edits: 5, ref_length: 8 });
    expect(ter.compute({ ...two, normalized: true, case_sensitive: true })).toEqual({ score: 57.14285714285714, num_edits: 6, ref_length: 10.5 });
    expect(ter.compute({ ...two, ignore_punct: true, case_sensitive: false })).toEqual({ score: 0, num_edits: 0, ref_length: 8 });
    expect(ter.compute({ predictions: three, references: threeRefs, ignore_punct: true, case_sensitive: false })).toEqual({ score: 100, num_edits: 10, ref_length: 10 });
    const zh = { predictions: ["我喜欢猫"], references: ["我喜欢狗"], normalized: true };
    expect(ter.compute({ ...zh, support_zh_ja_chars: true }).ref_length).toBe(4);
    expect(ter.compute(zh).ref_length).toBe(1);
  });

  it("wer and cer: a number, as HF returns", () => {
    const args = { predictions: ["this is the prediction", "there is an other sample"], references: ["this is the reference", "there is another one"] };
    expect(load("wer").compute(args)).toBe(0.5);
    expect(load("wer").compute({ ...args, concatenate_texts: true })).toBe(0.5);
    expect(load("cer").compute(args)).toBe(0.34146341463414637);
    expect(load("cer").compute({ ...args, concatenate_texts: true })).toBe(0.34146341463414637);
  });
});

describe("compute: errors", () => {
  const ok = { predictions: ["a b c"], references: ["a b c"] };

  it("an unknown argument is INVALID_OPTION naming it and the closest known one", () => {
    const e = error(() => load("bleu").compute({ ...ok, maxOrder: 2 } as never));
    expect(e.code).toBe(ErrorCode.INVALID_OPTION);
    expect(e.message).toContain('"maxOrder"');
    expect(e.message).toContain('Did you mean "max_order"?');
    expect(e.details).toEqual({ option: "maxOrder" });
    expect(error(() => load("sacrebleu").compute({ ...ok, tokenizer: "13a" } as never)).message).toContain('Did you mean "tokenize"?');
    expect(error(() => load("rouge").compute({ ...ok, use_agregator: false } as never)).message).toContain('Did you mean "use_aggregator"?');
    expect(error(() => load("wer").compute({ ...ok, zzz: 1 } as never)).message).toContain("predictions, references, concatenate_texts");
  });

  it("a bad value is INVALID_OPTION in HF's name", () => {
    const cases: [Exclude<MetricName, "meteor">, Record<string, unknown>, string][] = [
      ["bleu", { max_order: 0 }, "max_order"],
      ["bleu", { smooth: "yes" }, "smooth"],
      ["bleu", { tokenizer: 5 }, "tokenizer"],
      ["sacrebleu", { smooth_method: "bogus" }, "smooth_method"],
      ["sacrebleu", { smooth_value: -1 }, "smooth_value"],
      ["sacrebleu", { tokenize: 13 }, "tokenize"],
      ["google_bleu", { min_len: 1.5 }, "min_len"],
      ["rouge", { rouge_types: "rouge1" }, "rouge_types"],
      ["chrf", { beta: Number.NaN }, "beta"],
      ["ter", { normalized: 1 }, "normalized"],
      ["cer", { concatenate_texts: "no" }, "concatenate_texts"],
    ];
    for (const [name, args, option] of cases) {
      const e = error(() => load(name).compute({ ...ok, ...args } as never));
      expect(e.code, `${name} ${option}`).toBe(ErrorCode.INVALID_OPTION);
      expect(e.message).toContain(option);
    }
    expect(error(() => meteor.compute({ ...ok, alpha: "x" } as never)).code).toBe(ErrorCode.INVALID_OPTION);
  });

  it("inputs: types, counts and empty lists", () => {
    // squad and squad_v2 take records ({ id, prediction_text }): test/squad.test.ts; sari needs sources: test/sari.test.ts.
    for (const name of SYNC.filter((n) => n !== "squad" && n !== "squad_v2" && n !== "sari")) {
      const m = load(name);
      expect(error(() => m.compute(undefined as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => m.compute({ references: ["a"] } as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => m.compute({ predictions: "a", references: ["a"] } as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => m.compute({ predictions: [1], references: ["a"] } as never)).message).toContain("predictions[0]");
      expect(error(() => m.compute({ predictions: ["a", "b"], references: ["a"] })).code).toBe(ErrorCode.LENGTH_MISMATCH);
      expect(error(() => m.compute({ predictions: [], references: [] })).code).toBe(ErrorCode.EMPTY_INPUT);
      expect(error(() => m.compute({ predictions: ["a", "b"], references: ["a", 2] } as never)).message).toContain("references[1]");
    }
    for (const name of ["bleu", "sacrebleu", "google_bleu", "rouge", "chrf", "ter"] as const) {
      const m = load(name);
      expect(error(() => m.compute({ predictions: ["a", "b"], references: [["a"], "b"] } as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => m.compute({ predictions: ["a", "b"], references: ["a", ["b"]] } as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => m.compute({ predictions: ["a"], references: [[]] })).code).toBe(ErrorCode.EMPTY_INPUT);
      expect(error(() => m.compute({ predictions: ["a"], references: [["a", null]] } as never)).message).toContain("references[0][1]");
    }
    // sacrebleu, chrf and ter: the same number of references for every prediction, as HF requires.
    for (const name of ["sacrebleu", "chrf", "ter"] as const) {
      const e = error(() => load(name).compute({ predictions: ["a", "b"], references: [["a", "x"], ["b"]] }));
      expect(e.code).toBe(ErrorCode.LENGTH_MISMATCH);
      expect(e.message).toContain("same number of references");
      expect(e.details).toEqual({ index: 1, expected: 2, received: 1 });
    }
    for (const name of ["bleu", "google_bleu", "rouge"] as const) load(name).compute({ predictions: ["a", "b"], references: [["a", "x"], ["b"]] });
    // wer and cer: one reference string per prediction; jiwer refuses an empty one.
    for (const name of ["wer", "cer"] as const) {
      expect(error(() => load(name).compute({ predictions: ["a"], references: [["a"]] } as never)).code).toBe(ErrorCode.INVALID_TYPE);
      expect(error(() => load(name).compute({ predictions: ["a"], references: [""] })).code).toBe(ErrorCode.EMPTY_INPUT);
    }
    // HF's bleu divides by zero on an empty prediction corpus.
    expect(error(() => load("bleu").compute({ predictions: [""], references: ["a"] })).code).toBe(ErrorCode.EMPTY_INPUT);
    expect(error(() => load("chrf").compute({ predictions: ["\ud800"], references: ["a"] })).code).toBe(ErrorCode.LONE_SURROGATE);
  });
});
