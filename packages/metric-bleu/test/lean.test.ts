// The lean entry (@gramscore/metric-bleu/lean): sacrebleu's numbers on the shared MT data with the
// tokenizers passed as objects, the same bits and signatures as the main entry, and errors that say
// which import to add.
import { ErrorCode } from "@gramscore/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as main from "@gramscore/metric-bleu";
import * as lean from "@gramscore/metric-bleu/lean";
import type { BleuOptions } from "@gramscore/metric-bleu/lean";
import { createChar, createCjk, createIntl, createZh } from "@gramscore/tokenizer-sacrebleu";
import { MT_DATASETS, SKIP_MESSAGE, hasExpected, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { codeOf, messageOf } from "../../../tooling/test/errors.js";
import { readCorpus, readSegments, toBleuOptions, withoutVersion } from "./expected.js";
import type { SacrebleuSegment } from "./expected.js";

/** The tokenizer objects the lean entry takes for the names it does not know. */
const OBJECTS: Record<string, () => BleuOptions["tokenize"]> = { intl: createIntl, zh: createZh, char: createChar, cjk: createCjk };

/** `options` with a tokenizer name the lean entry does not know replaced by its object. */
function forLean(options: BleuOptions): BleuOptions {
  const t = options.tokenize;
  return typeof t === "string" && Object.hasOwn(OBJECTS, t) ? { ...options, tokenize: OBJECTS[t]!() } : options;
}

const CONFIGS = ["bleu-13a", "bleu-13a-eff", "bleu-13a-floor", "bleu-13a-lc", "bleu-13a-max6", "bleu-intl", "bleu-char", "bleu-none-floor-eff", "bleu-zh"];

describe.skipIf(!hasShared)("lean entry: sacrebleu 2.6.0 on the shared MT data, tokenizers as objects", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  for (const dataset of MT_DATASETS) {
    const configs = CONFIGS.filter((c) => hasShared && hasExpected(dataset, `${c}.corpus.json`));
    if (configs.length === 0) continue;
    it(`${dataset}: ${configs.join(", ")}`, () => {
      const lines = readDataset(dataset);
      let systems = 0;
      let segments = 0;
      for (const config of configs) {
        const expected = readCorpus(dataset, config);
        const options = toBleuOptions(expected.options);
        const N = options.maxNgramOrder!;
        const leanOptions = forLean(options);
        for (const sys of expected.systems) {
          const records = lines.slice(sys.first_line, sys.last_line + 1);
          const r = lean.corpusBleu(records, leanOptions);
          expect(Object.is(r.score, sys.corpus.score), `${dataset} ${config} ${sys.system}: ${r.score} vs ${sys.corpus.score}`).toBe(true);
          expect(r.precisions).toEqual(sys.corpus.precisions);
          expect(withoutVersion(r.signature.replace(`|ngram:${N}`, ""))).toBe(withoutVersion(sys.signature));
          systems++;
        }
        const perLine = readSegments<SacrebleuSegment | null>(dataset, config);
        if (perLine === undefined) continue;
        for (let i = 0; i < lines.length; i += 23) {
          const e = perLine[i];
          if (e === null || e === undefined) continue;
          const r = lean.sentenceBleu(lines[i]!.hyp, lines[i]!.refs, leanOptions);
          expect(Object.is(r.score, e.score), `${dataset} ${config} line ${i}: ${r.score} vs ${e.score}`).toBe(true);
          segments++;
        }
      }
      console.log(`${dataset}: ${systems} system scores and ${segments} sentence scores of the lean entry identical to sacrebleu's (${configs.join(", ")})`);
      expect(systems).toBeGreaterThan(0);
    });
  }
});

describe("lean entry: the main entry's bits and signatures", () => {
  const text = fc.array(fc.constantFrom("a", "b", "c", " ", ".", ",", "-", "1", "中", "文", "É", "ß", "!", "\u3000"), { maxLength: 24 }).map((chars) => chars.join(""));
  const segment = fc.record({ hyp: text, refs: fc.array(text, { minLength: 1, maxLength: 3 }) });
  const optionSets: BleuOptions[] = [
    {},
    { tokenize: "none" },
    { lowercase: true },
    { smoothMethod: "floor", smoothValue: 0.2 },
    { smoothMethod: "add-k" },
    { effectiveOrder: true, maxNgramOrder: 2 },
    { tokenize: "intl" },
    { tokenize: "zh" },
    { tokenize: "char" },
    { tokenize: "cjk", smoothMethod: "none" },
  ];

  it("bleu, corpusBleu and sentenceBleu equal the main entry's (tokenizers beyond 13a and none as objects)", () => {
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 6 }), fc.constantFrom(...optionSets), (segs, options) => {
        const leanOptions = forLean(options);
        const a = main.corpusBleu(segs, options);
        expect(lean.corpusBleu(segs, leanOptions)).toEqual(a);
        const nrefs = segs[0]!.refs.length;
        const same = segs.filter((s) => s.refs.length === nrefs);
        const streams = Array.from({ length: nrefs }, (_, k) => same.map((s) => s.refs[k]!));
        expect(lean.bleu(same.map((s) => s.hyp), streams, leanOptions)).toEqual(main.bleu(same.map((s) => s.hyp), streams, options));
        for (const s of segs) expect(lean.sentenceBleu(s.hyp, s.refs, leanOptions)).toEqual(main.sentenceBleu(s.hyp, s.refs, options));
      }),
      { numRuns: 150 },
    );
  });

  it("the default sentence options and a custom tokenizer work as in the main entry", () => {
    const hyp = "The cat sat on the mat.";
    const refs = ["The cat is sitting on the mat.", "A cat sat on the mat."];
    expect(lean.sentenceBleu(hyp, refs)).toEqual(main.sentenceBleu(hyp, refs));
    const letters = { name: "letters", signature: "letters#1", tokenize: (t: string) => t.split("") };
    const r = lean.sentenceBleu(hyp, refs, { tokenize: letters });
    expect(r).toEqual(main.sentenceBleu(hyp, refs, { tokenize: letters }));
    expect(r.signature).toContain("|tok:letters#1|");
  });
});

describe("lean entry: errors", () => {
  it("a sacrebleu tokenizer it does not know by name says which import to add", () => {
    for (const [name, factory] of [["intl", "createIntl"], ["zh", "createZh"], ["char", "createChar"], ["cjk", "createCjk"]] as const) {
      expect(codeOf(() => lean.bleu(["a"], [["a"]], { tokenize: name }))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
      const message = messageOf(() => lean.sentenceBleu("a", ["a"], { tokenize: name }));
      expect(message).toContain(`import { ${factory} } from "@gramscore/tokenizer-sacrebleu"`);
      expect(message).toContain(`tokenize: ${factory}()`);
      expect(message).toContain("@gramscore/metric-bleu");
    }
  });

  it("refuses other names and values with the main entry's codes", () => {
    expect(codeOf(() => lean.corpusBleu([{ hyp: "a", refs: ["a"] }], { tokenize: "ja-mecab" }))).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(messageOf(() => lean.bleu(["a"], [["a"]], { tokenize: "ja-mecab" }))).toContain("13a, none");
    expect(codeOf(() => lean.bleu(["a"], [["a"]], { tokenize: 42 as unknown as string }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => lean.bleu(["a"], [["a"]], { smoothMethod: "nope" as "exp" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => lean.bleu([], []))).toBe(ErrorCode.EMPTY_INPUT);
  });
});

describe("tokenizer objects in the main entry", () => {
  it("a sacrebleu tokenizer object scores as its name does, through the reference cache", () => {
    const hyps = ["Das ist «gut», nicht?", "Zahlen: 3.5-4,2 %"];
    const refs = [["Das ist «sehr gut», nicht?", "Zahlen: 3.5 bis 4,2 %"]];
    for (const [name, make] of Object.entries(OBJECTS)) {
      expect(main.bleu(hyps, refs, { tokenize: make() })).toEqual(main.bleu(hyps, refs, { tokenize: name }));
      const m = main.createBleu({ tokenize: make() });
      expect(m.signature()).toContain(`|tok:${name}|`);
      m.stats(hyps[0]!, [refs[0]![0]!]);
      expect(m.referenceCacheUsage().entries).toBe(1);
    }
  });
});
