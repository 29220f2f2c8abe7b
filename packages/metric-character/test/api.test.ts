import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import { character, createCharacter, createEed, eed, eedRwth, plugin, sentenceCharacter, sentenceEed } from "@gramscore/metric-character";
import { codeOf } from "../../../tooling/test/errors.js";

const SAUDI_HYP = "this week the saudis denied information published in the new york times";
const SAUDI_REF = "saudi arabia denied this week information published in the american new york times";

describe("character (HF evaluate's docstring examples)", () => {
  it("one prediction: 0.36619718309859156", () => {
    const r = character([SAUDI_HYP], [[SAUDI_REF]]);
    expect(r.score).toBe(0.36619718309859156);
    expect(r.signature).toMatch(/^character:hf\|agg:mean\|version:gramscore-/);
    expect(createCharacter().summarize(r)).toEqual({ score: r.score, cer_score: r.score });
  });

  it("aggregate sum over two predictions, and the sentence scores", () => {
    const hyps = [SAUDI_HYP, "this is in fact an estimate"];
    const refs = [[SAUDI_REF, "this is actually an estimate"]];
    expect(character(hyps, refs, { aggregate: "sum" }).score).toBe(0.6254564423578508);
    const m = createCharacter();
    expect(evaluate(m, [{ hyp: hyps[0]!, refs: refs.map((s) => s[0]!) }, { hyp: hyps[1]!, refs: refs.map((s) => s[1]!) }]).stats.scores).toEqual([
      0.36619718309859156, 0.25925925925925924,
    ]);
  });

  it("several references: the lowest score; median of one", () => {
    const r = character([SAUDI_HYP], [[SAUDI_REF], ["the saudis have denied new information published in the ny times"]], { aggregate: "median" });
    expect(r.score).toBe(0.36619718309859156);
    expect(sentenceCharacter(SAUDI_HYP, [SAUDI_REF]).level).toBe("segment");
  });

  it("explain shows the shifts, the shift cost and the character distance", () => {
    const e = createCharacter().explain("b a c", ["a b c"]);
    expect(e.references).toHaveLength(1);
    const x = e.references[0]!;
    expect(x.shifted).toBe("a b c");
    expect(x.shifts).toHaveLength(1);
    expect(x.editDistance).toBe(0);
    expect(x.shiftCost).toBe(1);
    expect(e.score).toBe(1 / 5);
  });

  it("format: characTER = 0.3662", () => {
    const m = createCharacter();
    expect(m.format(character([SAUDI_HYP], [[SAUDI_REF]]))).toBe("characTER = 0.3662");
  });
});

describe("eed (torchmetrics' docstring example) and eed_rwth", () => {
  const preds = ["this is the prediction", "here is an other sample"];
  const target = [["this is the reference", "here is another one"]];

  it("torchmetrics prints tensor(0.3078); the value is a float32", () => {
    const r = eed(preds, target);
    expect(r.score.toFixed(4)).toBe("0.3078");
    expect(Math.fround(r.score)).toBe(r.score);
    expect(r.signature).toMatch(/^eed:torchmetrics\|lang:en\|alpha:2\|rho:0\.3\|del:0\.2\|ins:1\|version:gramscore-/);
  });

  it("identical sentences: the C++ scorer gives 0, the Python rules count position 0 as unvisited", () => {
    const s = "a cat sat";
    expect(eedRwth([s], [[s]]).score).toBe(0);
    const m = " a cat sat ".length;
    expect(sentenceEed(s, [s]).score).toBe(Math.fround(0.3 / (m + 0.3)));
  });

  it("explain shows the preprocessed strings (util.py's rules for eed_rwth: i . e . becomes e.g.)", () => {
    expect(createEed().explain("Mr Smith, i. e. him.", ["x"]).hypothesis).toBe(" Mr.mith , i.e. him . ");
    expect(createEed(undefined, "rwth-cpp").explain("i. e. him", ["x"]).hypothesis).toBe(" e.g. him ");
    expect(createEed({ language: "ja" }).explain("ｱｲ ", ["x"]).hypothesis).toBe("アイ");
  });

  it("the plugin registers character, eed and eed_rwth", () => {
    expect((plugin.metrics ?? []).map((m) => m.name)).toEqual(["character", "eed", "eed_rwth"]);
  });
});

describe("bad input", () => {
  it("coded errors for wrong types, empty references and options", () => {
    expect(codeOf(() => createCharacter().stats(1 as unknown as string, ["x"]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createCharacter().stats("x", []))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createEed().stats("x", "x" as unknown as string[]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createCharacter().stats("x y", [" "]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createCharacter({ aggregate: "max" as "mean" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createEed({ alpha: -1 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createEed({ language: "de" as "en" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => character(["a", "b"], [["a"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => createCharacter().score({ scores: [2] }, "corpus"))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => createEed().parseStats({ scores: "x" }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => createCharacter().score({ scores: [] }, "corpus"))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createCharacter({ aggregate: "median" }).rows())).toBe(ErrorCode.INVALID_OPTION);
  });

  it("an error in a corpus names the segment", () => {
    expect(() => createCharacter().corpusStats!([{ hyp: "a", refs: ["a"] }, { hyp: "b", refs: [""] }])).toThrow(/Segment 1/);
  });

  it("eed of an empty corpus is 0, as torchmetrics returns", () => {
    expect(createEed().score(createEed().empty(), "corpus").score).toBe(0);
  });
});
