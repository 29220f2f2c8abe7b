/**
 * ROUGE pairwise matrices: every cell equals the metric's own segment score of its pair (rouge-score
 * ROUGE-N / ROUGE-L fast paths, and the pair-by-pair path of the other types), bit for bit, on random
 * text incl. astral characters and on WMT sentences across segments.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createRouge, sentenceRouge } from "@gramscore/metric-rouge";
import type { RougeOptions } from "@gramscore/metric-rouge";
import { SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";

const word = fc.constantFrom("the", "cat", "cats", "sat", "on", "mat", "a", "dog", ".", ",", "2023", "The", "über", "😀", "𝐀b", "中文", "running", "runs");
const sentence = fc.oneof(
  fc.array(word, { maxLength: 20 }).map((w) => w.join(" ")),
  fc.string({ unit: "grapheme", maxLength: 20 }),
);
const strings = fc.array(sentence, { maxLength: 6 });

function expectCells(m: Float64Array, hyps: string[], refs: string[], cell: (h: string, r: string) => number): void {
  expect(m.length).toBe(hyps.length * refs.length);
  for (let i = 0; i < hyps.length; i++) {
    for (let j = 0; j < refs.length; j++) expect(Object.is(m[i * refs.length + j], cell(hyps[i]!, refs[j]!))).toBe(true);
  }
}

const CONFIGS: RougeOptions[] = [
  { rougeTypes: ["rouge1", "rouge2", "rougeL"] },
  { rougeTypes: ["rouge1", "rouge3", "rougeL", "rougeLsum"], stemmer: "porter" },
  { rougeTypes: ["rouge2", "rougeL"], tokenize: "rouge-unicode" as RougeOptions["tokenize"] },
];

describe("ROUGE pairwise", () => {
  it("every cell of every field equals sentenceRouge of its pair (rouge-score), bit for bit", () => {
    fc.assert(
      fc.property(strings, strings, fc.constantFrom(...CONFIGS), (hyps, refs, o) => {
        const metric = createRouge(o);
        for (const type of metric.types) {
          for (const part of ["p", "r", "f"] as const) {
            const key = part === "p" ? "precision" : part === "r" ? "recall" : "fmeasure";
            expectCells(metric.pairwise(hyps, refs, { field: `${type}.${part}` }), hyps, refs, (h, r) => sentenceRouge(h, [r], o)[type as `rouge${string}`]![key]);
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it("ROUGE-1.5.5 mode scores pair by pair with the same numbers", () => {
    fc.assert(
      fc.property(strings, strings, (hyps, refs) => {
        const metric = createRouge({ mode: "rouge155", rougeTypes: ["ROUGE-1", "ROUGE-L"] } as RougeOptions);
        expectCells(metric.pairwise(hyps, refs, { field: "ROUGE-L.f" }), hyps, refs, (h, r) => metric.scoreSegment(h, [r])["ROUGE-L"]!.fmeasure);
      }),
      { numRuns: 30 },
    );
  });

  it("default field is the first type's F; a set against itself has F = 1 on the diagonal where there are tokens", () => {
    fc.assert(
      fc.property(strings, (xs) => {
        const metric = createRouge({ rougeTypes: ["rougeL", "rouge2"] });
        const m = metric.pairwise(xs, xs);
        for (let i = 0; i < xs.length; i++) {
          expect(m[i * xs.length + i]).toBe(metric.scoreSegment(xs[i]!, [xs[i]!]).rougeL!.fmeasure);
        }
        const rows = metric.pairwise(xs, xs, { rows: [Math.min(1, xs.length), xs.length] });
        expect(Array.from(rows)).toEqual(Array.from(m.subarray(Math.min(1, xs.length) * xs.length)));
      }),
      { numRuns: 60 },
    );
    expect(createRouge({ rougeTypes: ["rougeL"] }).pairwise(["the cat sat"], ["the cat sat"])[0]).toBe(1);
    expect(() => createRouge().pairwise(["a"], ["b"], { field: "rouge9.f" })).toThrow(expect.objectContaining({ code: "INVALID_OPTION" }));
  });
});

describe.skipIf(!hasShared)("ROUGE pairwise on WMT sentences across segments", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  it("cells equal the metric's segment scores", () => {
    const records = readDataset("mt_wmt17_newstest2017_en-de");
    const hyps = records.slice(0, 30).map((r) => r.hyp);
    const refs = records.slice(3000, 3030).map((r) => r.refs[0]!);
    const o: RougeOptions = { rougeTypes: ["rouge1", "rouge2", "rougeL"], stemmer: "porter" };
    const metric = createRouge(o);
    for (const type of metric.types) {
      expectCells(metric.pairwise(hyps, refs, { field: `${type}.f` }), hyps, refs, (h, r) => sentenceRouge(h, [r], o)[type as `rouge${string}`]!.fmeasure);
    }
  });
});
