// The one-pass word scanner must split exactly like the tokenizer functions rougeTokenize and
// rouge155Tokenize: on random text (with the two code points that lowercase to ASCII) and on every
// text of the conformance data.
import { rouge155Tokenize, rougeTokenize } from "@gramscore/metric-rouge";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { WordScanner } from "../src/scan.js";
import { MT_DATASETS, SKIP_MESSAGE, SUM_DATASETS, hasShared, readDataset } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

function scanner(kind: "rouge" | "rouge155") {
  const words: string[] = [];
  const s = new WordScanner(kind, (w) => {
    words.push(w);
    return words.length - 1;
  });
  return {
    words: (text: string) => Array.from(s.ids(text)!, (id) => words[id]!),
    lines: (text: string) => s.lines(text)!.lines.map((l) => Array.from(l, (id) => words[id]!)),
  };
}

const SPECIAL = ["İ", "K", "K", "ı", "ß", "Σ", "\n", " ", "-", "$", "é", "😀", "\u0307", "A", "z", "0", "9", "\t", "\u2028"];
const textArb = fc.array(fc.oneof(fc.constantFrom(...SPECIAL), fc.string({ unit: "grapheme", maxLength: 4 }), fc.string({ maxLength: 6 })), { maxLength: 30 }).map((p) => p.join(""));

describe("WordScanner", () => {
  for (const [kind, reference] of [
    ["rouge", rougeTokenize],
    ["rouge155", rouge155Tokenize],
  ] as const) {
    it(`${kind}: the words of random text equal ${reference.name}, and lines split at \\n`, () => {
      const s = scanner(kind);
      fc.assert(
        fc.property(textArb, (text) => {
          expect(s.words(text)).toEqual(reference(text));
          const expectedLines = text
            .split("\n")
            .map((l) => reference(l))
            .filter((l) => l.length > 0);
          expect(s.lines(text)).toEqual(expectedLines);
        }),
        { numRuns: 3000 },
      );
    });

    it(`${kind}: rejects lone surrogates like the tokenizer`, () => {
      const s = scanner(kind);
      for (const bad of ["a\uD800b", "x\uDC00", "\uDBFF"]) {
        expect(() => s.words(bad)).toThrow(expect.objectContaining({ code: "LONE_SURROGATE" }));
        expect(() => reference(bad)).toThrow(expect.objectContaining({ code: "LONE_SURROGATE" }));
      }
    });
  }

  it.skipIf(!hasShared)("equals the tokenizers on conformance texts (SummEval and the hard inputs in full, 3000 lines of the others)", () => {
    let texts = 0;
    const a = scanner("rouge");
    const b = scanner("rouge155");
    for (const dataset of [...SUM_DATASETS, ...MT_DATASETS, "robust_public"]) {
      const records = readDataset(dataset);
      for (const r of dataset === "sum_summeval" || dataset === "robust_public" ? records : records.slice(0, 3000)) {
        for (const t of [r.hyp, ...r.refs]) {
          const x = a.words(t);
          const y = rougeTokenize(t);
          if (x.length !== y.length || x.some((w, i) => w !== y[i])) expect({ dataset, text: t, words: x }).toEqual({ dataset, text: t, words: y });
          const u = b.words(t);
          const v = rouge155Tokenize(t);
          if (u.length !== v.length || u.some((w, i) => w !== v[i])) expect({ dataset, text: t, words: u }).toEqual({ dataset, text: t, words: v });
          texts++;
        }
      }
    }
    console.log(`WordScanner: ${texts} conformance texts compared with rougeTokenize and rouge155Tokenize`);
  });
});
