import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ErrorCode, evaluate } from "@gramscore/core";
import plugin, { cer, createCer, createWer, createWerMetric, jiwer, jiwerChars, jiwerWords, mer, parseWerStats, sentenceCer, wer, wil, wip } from "@gramscore/metric-wer";
import { repoRoot } from "../../../tooling/conformance/data.js";
import { codeOf } from "../../../tooling/test/errors.js";

interface Case {
  ref: string;
  hyp: string;
  words: [number, number, number, number, number, number, number, number] | { error: string };
  chars: [number, number, number, number, number] | { error: string };
  refTokens?: string[];
  hypTokens?: string[];
  chunks?: [string, number, number, number, number][];
}

/** Edge cases with jiwer 3.1.0's own outputs (tooling/references/wer/generate.py). */
const CASES = JSON.parse(readFileSync(join(repoRoot, "tooling/references/wer/cases.json"), "utf8")) as Case[];

describe("jiwer's edge cases", () => {
  it(`${CASES.length} hand-written cases: counts, measures, items, alignment chunks and refusals as jiwer 3.1.0`, () => {
    const w = createWer();
    const c = createCer();
    const m = { mer: createWerMetric("mer"), wil: createWerMetric("wil"), wip: createWerMetric("wip") };
    let refused = 0;
    for (const k of CASES) {
      if (!Array.isArray(k.words)) {
        expect(codeOf(() => w.stats(k.hyp, [k.ref])), JSON.stringify(k.ref)).toBe(ErrorCode.EMPTY_INPUT);
        expect(codeOf(() => w.explain(k.hyp, [k.ref]))).toBe(ErrorCode.EMPTY_INPUT);
        refused++;
      } else {
        const s = w.stats(k.hyp, [k.ref]);
        expect([s.hits, s.substitutions, s.deletions, s.insertions], JSON.stringify(k)).toEqual(k.words.slice(0, 4));
        expect([w.score(s, "segment").score, m.mer.score(s, "segment").score, m.wil.score(s, "segment").score, m.wip.score(s, "segment").score]).toEqual(k.words.slice(4));
        const ex = w.explain(k.hyp, [k.ref]);
        expect(ex.refTokens).toEqual(k.refTokens);
        expect(ex.hypTokens).toEqual(k.hypTokens);
        expect(ex.chunks.map((x) => [x.type, x.refStart, x.refEnd, x.hypStart, x.hypEnd])).toEqual(k.chunks);
        expect(jiwerWords(k.ref)).toEqual(k.refTokens);
      }
      if (!Array.isArray(k.chars)) {
        expect(codeOf(() => c.stats(k.hyp, [k.ref]))).toBe(ErrorCode.EMPTY_INPUT);
      } else {
        const s = c.stats(k.hyp, [k.ref]);
        expect([s.hits, s.substitutions, s.deletions, s.insertions, c.score(s, "segment").score], JSON.stringify(k)).toEqual(k.chars);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});

describe("API", () => {
  it("corpus functions: summed counts over summed lengths (hypotheses first)", () => {
    const hyps = ["the cat sat on mat", "hello world"];
    const refs = ["the cat sat on the mat", "hello there world"];
    const r = wer(hyps, [refs]);
    expect([r.hits, r.substitutions, r.deletions, r.insertions]).toEqual([7, 0, 2, 0]);
    expect(r.score).toBe(2 / 9);
    expect(r.refLength).toBe(9);
    expect(r.hypLength).toBe(7);
    expect(mer(hyps, [refs]).score).toBe(2 / 9);
    expect(wip(hyps, [refs]).score).toBe((7 / 9) * (7 / 7));
    expect(wil(hyps, [refs]).score).toBe(1 - (7 / 9) * (7 / 7));
    expect(sentenceCer("abd", ["abc d"]).score).toBe(0.4);
    expect(jiwer.cer("abc d", "abd")).toBe(0.4);
    expect(r.signature).toMatch(/^measure:wer\|tf:jiwer-default\|version:/);
    expect(createWer().format(r)).toBe("WER = 0.2222");
    expect(createWer().format(r, { width: 2 })).toBe("WER = 0.22");
  });

  it("registers five metrics with their direction", () => {
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["wer", "cer", "mer", "wil", "wip"]);
    expect(plugin.metrics!.map((m) => m.create().higherIsBetter)).toEqual([false, false, false, false, true]);
  });

  it("explain lists every position with its operation", () => {
    const ex = createWer().explain("one three two four five", ["one two three four"]);
    expect(ex.operations.map((o) => o.op)).toEqual(["match", "insert", "match", "substitute", "substitute"]);
    expect(ex.operations[1]).toEqual({ op: "insert", ref: null, hyp: 1, refToken: null, hypToken: "three" });
    expect(ex.operations[3]).toEqual({ op: "substitute", ref: 2, hyp: 3, refToken: "three", hypToken: "four" });
    expect(ex.result.errorRate).toBe(0.75);
  });

  it("coded errors for bad input", () => {
    const w = createWer();
    expect(codeOf(() => w.stats("a", []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => w.stats("a", [""]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => w.stats("a", [" \t "]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => w.stats(3 as unknown as string, ["a"]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => w.stats("a", "a" as unknown as string[]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => w.stats("a", [5 as unknown as string]))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => w.stats("\ud800", ["a"]))).toBe(ErrorCode.LONE_SURROGATE);
    const strict = createWer({ firstReference: false });
    expect(codeOf(() => strict.stats("a", ["a", "b"]))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => wer(["a", "b"], [["a"]]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(codeOf(() => wer([], [[]]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => wer([], []))).toBe(ErrorCode.EMPTY_INPUT);
    expect(codeOf(() => createWer({ bogus: 1 } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createWer({ firstReference: "yes" } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createWerMetric("bleu" as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => parseWerStats({ hits: 1, substitutions: -1, deletions: 0, insertions: 0 }))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => parseWerStats([1, 2, 3, 4]))).toBe(ErrorCode.INVALID_STATS);
    expect(codeOf(() => createWer().corpusStats([{ hyp: "a", refs: ["a"] }, { hyp: "a", refs: [""] }]))).toBe(ErrorCode.EMPTY_INPUT);
    try {
      strict.stats("a", ["a", "b"]);
    } catch (e) {
      expect((e as Error).message).toContain("--no-wer-first-reference");
    }
  });

  it("scores against the first of several references (firstReference, the default) and says so in the signature", () => {
    const w = createWer();
    expect(w.stats("a b", ["a c", "a b"])).toEqual({ hits: 1, substitutions: 1, deletions: 0, insertions: 0, firstOf: 1 });
    expect(w.stats("a b", ["a c"])).toEqual({ hits: 1, substitutions: 1, deletions: 0, insertions: 0 });
    expect(createWer({ firstReference: false }).signature()).toBe(createWer().signature());
    // Without statistics, the signature says what this instance has seen (as BLEU's nrefs).
    expect(w.signature()).toBe(w.signature({ hits: 0, substitutions: 0, deletions: 0, insertions: 0, firstOf: 1 }));
    // Issue 26: two references scored exactly as the first alone, under the same signature. The
    // score is jiwer's against the first; the signature now tells the two apart.
    const one = evaluate(w, [{ hyp: "a b", refs: ["a c"] }, { hyp: "c", refs: ["c"] }]);
    const two = evaluate(w, [{ hyp: "a b", refs: ["a c", "a b"] }, { hyp: "c", refs: ["c"] }]);
    expect(two.corpus.score).toBe(one.corpus.score);
    expect(one.corpus.signature).toBe(createWer().signature());
    expect(two.corpus.signature).toBe(createWer().signature().replace("measure:wer|", "measure:wer|refs:first|"));
    expect(two.stats.firstOf).toBe(1);
    // One pass, merge and parsed JSON agree; old statistics without firstOf still parse.
    expect(w.corpusStats!([{ hyp: "a b", refs: ["a c", "a b"] }, { hyp: "c", refs: ["c"] }])).toEqual(two.stats);
    expect(parseWerStats(JSON.parse(JSON.stringify(two.stats)))).toEqual(two.stats);
    expect(parseWerStats({ hits: 1, substitutions: 0, deletions: 0, insertions: 0 })).toEqual({ hits: 1, substitutions: 0, deletions: 0, insertions: 0 });
    expect(codeOf(() => parseWerStats({ hits: 1, substitutions: 0, deletions: 0, insertions: 0, firstOf: 0 }))).toBe(ErrorCode.INVALID_STATS);
    expect(w.merge(two.stats, two.stats).firstOf).toBe(2);
    expect(w.merge(one.stats, one.stats).firstOf).toBeUndefined();
  });

  it("transforms: jiwer's wer_default and cer_default", () => {
    expect(jiwerWords("  a\u00a0b  c\t\td  ")).toEqual(["a\u00a0b", "c", "d"]);
    expect(jiwerChars(" 😀 x ")).toEqual(["😀", " ", "x"]);
  });
});
