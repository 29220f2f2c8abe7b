/** The result types are HF's dictionaries, key for key; the argument types are HF's names. */
import { describe, expectTypeOf, it } from "vitest";
import { load, loadAsync } from "../src/index.js";
import type { BleuOutput, ChrfOutput, EvaluationModule, GoogleBleuOutput, MeteorOutput, RougeOutput, SacrebleuOutput, TerOutput } from "../src/index.js";
import { meteor } from "../src/meteor.js";

const p = ["a"];
const r = ["a"];

describe("types", () => {
  it("each name's compute returns HF's keys", async () => {
    expectTypeOf(load("bleu").compute({ predictions: p, references: r })).toEqualTypeOf<BleuOutput>();
    expectTypeOf<keyof BleuOutput>().toEqualTypeOf<"bleu" | "precisions" | "brevity_penalty" | "length_ratio" | "translation_length" | "reference_length">();
    expectTypeOf<keyof SacrebleuOutput>().toEqualTypeOf<"score" | "counts" | "totals" | "precisions" | "bp" | "sys_len" | "ref_len">();
    expectTypeOf<keyof GoogleBleuOutput>().toEqualTypeOf<"google_bleu">();
    expectTypeOf<keyof ChrfOutput>().toEqualTypeOf<"score" | "char_order" | "word_order" | "beta">();
    expectTypeOf<keyof TerOutput>().toEqualTypeOf<"score" | "num_edits" | "ref_length">();
    expectTypeOf<keyof MeteorOutput>().toEqualTypeOf<"meteor">();
    expectTypeOf(load("sacrebleu").compute({ predictions: p, references: [r] })).toEqualTypeOf<SacrebleuOutput>();
    expectTypeOf(load("google_bleu").compute({ predictions: p, references: r })).toEqualTypeOf<GoogleBleuOutput>();
    expectTypeOf(load("rouge").compute({ predictions: p, references: r })).toEqualTypeOf<RougeOutput>();
    expectTypeOf<RougeOutput[string]>().toEqualTypeOf<number | number[]>();
    expectTypeOf(load("chrf").compute({ predictions: p, references: r })).toEqualTypeOf<ChrfOutput>();
    expectTypeOf(load("ter").compute({ predictions: p, references: r })).toEqualTypeOf<TerOutput>();
    expectTypeOf(load("wer").compute({ predictions: p, references: r })).toEqualTypeOf<number>();
    expectTypeOf(load("cer").compute({ predictions: p, references: r })).toEqualTypeOf<number>();
    expectTypeOf(meteor.compute({ predictions: p, references: r })).toEqualTypeOf<MeteorOutput>();
    expectTypeOf(loadAsync("meteor")).resolves.toEqualTypeOf<EvaluationModule<"meteor">>();
    // Any other string: the untyped module (load throws UNKNOWN_METRIC at run time).
    expectTypeOf(() => load("x")).returns.toEqualTypeOf<EvaluationModule>();
  });

  it("compute takes HF's argument names and refuses others at compile time", () => {
    load("bleu").compute({ predictions: p, references: r, max_order: 2, smooth: true, tokenizer: (t: string) => t.split(" ") });
    load("sacrebleu").compute({ predictions: p, references: [r], smooth_method: "floor", smooth_value: null, force: true, lowercase: true, tokenize: "intl", use_effective_order: true });
    load("rouge").compute({ predictions: p, references: r, rouge_types: ["rouge1"], use_aggregator: false, use_stemmer: true });
    load("chrf").compute({ predictions: p, references: r, char_order: 6, word_order: 2, beta: 2, lowercase: false, whitespace: false, eps_smoothing: false });
    load("ter").compute({ predictions: p, references: r, normalized: true, ignore_punct: true, support_zh_ja_chars: true, case_sensitive: true });
    load("wer").compute({ predictions: p, references: r, concatenate_texts: true });
    meteor.compute({ predictions: p, references: r, alpha: 0.9, beta: 3, gamma: 0.5 });
    const neverCalled = () => {
      // @ts-expect-error camelCase is not HF's name
      load("bleu").compute({ predictions: p, references: r, maxOrder: 2 });
      // @ts-expect-error wer takes one reference string per prediction
      load("wer").compute({ predictions: p, references: [r] });
      // @ts-expect-error sacrebleu's tokenizer argument is `tokenize`
      load("sacrebleu").compute({ predictions: p, references: r, tokenizer: "13a" });
    };
    expectTypeOf(neverCalled).toBeFunction();
    // meteor comes from loadAsync or the ./meteor entry: load("meteor") is not typed as the meteor module.
    expectTypeOf(() => load("meteor")).returns.not.toEqualTypeOf<EvaluationModule<"meteor">>();
  });
});
