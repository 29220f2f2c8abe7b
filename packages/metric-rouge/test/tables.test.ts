// rouge-score's ROUGE-N and rougeL scored from the references' cached tables must give, bit for bit,
// the rows of the general path (no tables, no reference cache) and of a plain implementation, through
// cache hits, misses and evictions; errors must stay those of validateSegment and the LCS limits.
import { createRouge, type MultiRefPolicy } from "@gramscore/metric-rouge";
import { isGramscoreError, validateSegment } from "@gramscore/core";
import { setLcsCellLimit, setLcsMaskLimit } from "@gramscore/ngram";
import { createRougeTokenizer } from "@gramscore/metric-rouge";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RougeEngine, type EngineTuning } from "../src/engine.js";
import { resolveConfig } from "../src/options.js";
import { lcsLengthMasked } from "@gramscore/ngram";
import { buildTables } from "../src/reference.js";
import { resolveTokenizer } from "../src/tokenize.js";
import { rsLcs, rsNgrams } from "./naive.js";

const WORDS = [
  "the", "The", "cat", "CATS", "sat", "sitting", "on", "mat", "a", "dog", "runs", "running", "mice", "went", "x1", "9", "42",
  "é", "Über", "straße", ",", ".", "-", "$5", "İzmir", "\u212Aelvin", "😀", "generously", "relational", "skies", "dying", "",
];

/** A text of 0-3 lines of 0-14 words, words joined by a space or punctuation. */
const text = fc
  .array(fc.array(fc.constantFrom(...WORDS), { maxLength: 14 }), { maxLength: 3 })
  .map((lines) => lines.map((l) => l.join(" ")).join("\n"));

/** A long text (more than 32 tokens: multi-word LCS masks). */
const longText = fc.array(fc.constantFrom(...WORDS), { minLength: 30, maxLength: 120 }).map((w) => w.join(" "));

function plainLcs(a: readonly number[], b: readonly number[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? prev[j]! + 1 : Math.max(prev[j + 1]!, row[j]!));
    prev = row;
  }
  return prev[b.length]!;
}

const TYPES = ["rouge1", "rouge2", "rouge3", "rouge4", "rougeL"];
const POLICIES: MultiRefPolicy[] = ["best-f", "best-recall", "pooled", "average", "jackknife"];

function engine(options: Record<string, unknown>, tuning: EngineTuning): RougeEngine {
  const { config, raw } = resolveConfig(options);
  return new RougeEngine(config, resolveTokenizer(raw, config.mode, undefined), tuning);
}

const options = fc.record({
  rougeTypes: fc.subarray(TYPES, { minLength: 1 }),
  stemmer: fc.constantFrom("porter" as const, "none" as const),
  multiRef: fc.constantFrom(...POLICIES),
  stopwords: fc.option(fc.constant(["the", "a", "on"]), { nil: undefined }),
});

/** Segments whose references come from a small pool, so that they repeat (cache hits). */
const corpus = fc
  .tuple(fc.array(fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: longText }), { minLength: 1, maxLength: 8 }), fc.array(text, { minLength: 1, maxLength: 30 }))
  .chain(([pool, hyps]) =>
    fc.tuple(
      fc.constant(hyps),
      fc.array(fc.array(fc.constantFrom(...pool), { minLength: 1, maxLength: 4 }), { minLength: hyps.length, maxLength: hyps.length }),
    ),
  )
  .map(([hyps, refs]) => hyps.map((hyp, i) => ({ hyp, refs: refs[i]! })));

describe("scoring from reference tables", () => {
  it("gives the rows of the general path, with the cache hitting, missing and evicting", () => {
    fc.assert(
      fc.property(options, corpus, fc.integer({ min: 1, max: 4 }), fc.integer({ min: 600, max: 4000 }), (o, segments, entries, bytes) => {
        const general = engine(o, { tables: false, referenceCache: 0 });
        const fast = engine(o, {});
        const small = engine(o, { referenceCache: entries, referenceCacheBytes: bytes });
        for (const { hyp, refs } of segments) {
          const want = Array.from(general.segment(hyp, refs));
          expect(Array.from(fast.segment(hyp, refs))).toEqual(want);
          expect(Array.from(small.segment(hyp, refs))).toEqual(want);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("ROUGE-1, ROUGE-2 and rougeL in one pass equal the general path, references of 0 to 40 tokens (32: one full mask word)", () => {
    const tokens = (min: number, max: number) =>
      fc.array(fc.constantFrom("a", "b", "c", "d", "cat", "cats", "x1", "9", "runs", "running"), { minLength: min, maxLength: max }).map((w) => w.join(" "));
    fc.assert(
      fc.property(fc.subarray(["rouge1", "rouge2", "rougeL"], { minLength: 1 }), fc.array(fc.tuple(tokens(0, 40), fc.array(tokens(0, 40), { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 10 }), (rougeTypes, segments) => {
        const general = engine({ rougeTypes, stemmer: "porter" }, { tables: false, referenceCache: 0 });
        const fast = engine({ rougeTypes, stemmer: "porter" }, {});
        for (const [hyp, refs] of segments) {
          const want = Array.from(general.segment(hyp, refs));
          expect(Array.from(fast.segment(hyp, refs))).toEqual(want);
          expect(Array.from(fast.segment(hyp, refs))).toEqual(want);
        }
        const ref32 = Array.from({ length: 32 }, (_, i) => "abcd"[i % 4]).join(" ");
        expect(Array.from(fast.segment("a b c d a b", [ref32]))).toEqual(Array.from(general.segment("a b c d a b", [ref32])));
      }),
      { numRuns: 300 },
    );
  });

  it("falls back to the general path for references with too many distinct tokens", () => {
    const ref = Array.from({ length: 2100 }, (_, i) => `w${i}`).join(" ");
    const hyp = Array.from({ length: 300 }, (_, i) => `w${(i * 7) % 2300}`).join(" ");
    for (const rougeTypes of [["rougeL"], ["rouge1", "rouge2", "rougeL"]]) {
      const want = Array.from(engine({ rougeTypes }, { tables: false, referenceCache: 0 }).segment(hyp, [ref, "w1 w2"]));
      const fast = engine({ rougeTypes }, {});
      expect(Array.from(fast.segment(hyp, [ref, "w1 w2"]))).toEqual(want);
      expect(Array.from(fast.segment(hyp, [ref, "w1 w2"]))).toEqual(want);
    }
  });

  it("equals a plain implementation of rouge-score (one reference)", () => {
    const tok = createRougeTokenizer({ useStemmer: true });
    const metric = createRouge({ rougeTypes: ["rouge1", "rouge2", "rouge3", "rougeL"], stemmer: "porter" });
    fc.assert(
      fc.property(fc.oneof(text, longText), fc.oneof(text, longText), (hyp, ref) => {
        const got = metric.scoreSegment(hyp, [ref]);
        const t = tok.tokenize(ref);
        const p = tok.tokenize(hyp);
        const want = { rouge1: rsNgrams(t, p, 1), rouge2: rsNgrams(t, p, 2), rouge3: rsNgrams(t, p, 3), rougeL: rsLcs(t, p) };
        for (const [k, v] of Object.entries(want)) expect(got[k]).toEqual(v);
      }),
      { numRuns: 300 },
    );
  });

  it("corpusStats equals merging stats() segment by segment, with references repeating", () => {
    fc.assert(
      fc.property(options, corpus, (o, segments) => {
        const a = createRouge(o);
        const b = createRouge(o);
        let total = b.empty();
        for (const s of segments) total = b.merge(total, b.stats(s.hyp, s.refs));
        expect(JSON.stringify(a.corpusStats([...segments, ...segments]))).toEqual(JSON.stringify(b.merge(total, total)));
      }),
      { numRuns: 100 },
    );
  });

  it("the bit-parallel LCS on kept masks equals the plain LCS", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 100 }), fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 100 }), (a, b) => {
        const localOf = new Int32Array(16).fill(-1);
        const t = buildTables(Int32Array.from(a), localOf, new Int32Array(a.length));
        expect(Array.from(localOf)).toEqual(new Array(16).fill(-1));
        const rows = Int32Array.from(b, (g) => t.distinct.indexOf(g));
        const got = a.length === 0 || b.length === 0 ? 0 : lcsLengthMasked(t.masks!, t.words, a.length, rows, rows.length, new Uint32Array(t.words));
        expect(got).toBe(plainLcs(a, b));
      }),
      { numRuns: 500 },
    );
  });
});

describe("errors stay those of the general path", () => {
  function caught(fn: () => unknown): { code: string; message: string } | undefined {
    try {
      fn();
    } catch (e) {
      if (!isGramscoreError(e)) throw e;
      return { code: e.code, message: e.message };
    }
    return undefined;
  }

  it("a bad reference after a cached one is reported as validateSegment reports it", () => {
    const m = createRouge({ rougeTypes: ["rouge1", "rougeL"], stemmer: "porter" });
    const good = { hyp: "the cat sat", refs: ["a cat sat on the mat"] };
    const bad = [
      { hyp: "the cat", refs: ["a cat sat on the mat", "broken \uD800 text"] },
      { hyp: "the \uDC00 cat", refs: ["a cat sat on the mat"] },
      { hyp: "the cat", refs: ["a cat sat on the mat", 7] },
      { hyp: "the cat", refs: [] },
      { hyp: 3, refs: ["a cat sat on the mat"] },
      ["the cat", ["a cat"]],
      null,
    ];
    for (const b of bad) {
      const want = caught(() => validateSegment(b, 2));
      expect(want).toBeDefined();
      expect(caught(() => m.corpusStats([good, good, b as never]))).toEqual(want);
    }
  });

  it("corpusStats reports the first invalid record as validateSegment does, with references cached or not", () => {
    const bad = fc.oneof(
      { weight: 6, arbitrary: text },
      { weight: 1, arbitrary: fc.tuple(text, fc.constantFrom("\uD800", "\uDFFF", "a\uDBFFb"), text).map(([a, b, c]) => a + b + c) },
    );
    const record = fc.record({ hyp: bad, refs: fc.array(bad, { minLength: 1, maxLength: 3 }) });
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), fc.array(record, { minLength: 1, maxLength: 12 }), (pool, records) => {
        // Some references repeat (cached before they come back), some are new.
        const segments = records.map((r, i) => (i % 2 === 0 ? { hyp: r.hyp, refs: [pool[i % pool.length]!, ...r.refs] } : r));
        const m = createRouge({ rougeTypes: ["rouge1", "rouge2", "rougeL"], stemmer: "porter" });
        const firstBad = segments.findIndex((s, i) => caught(() => validateSegment(s, i)) !== undefined);
        const got = caught(() => m.corpusStats(segments));
        if (firstBad < 0) {
          expect(got).toBeUndefined();
        } else {
          expect(got).toEqual(caught(() => validateSegment(segments[firstBad], firstBad)));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("the LCS limits throw where the general path throws", () => {
    const hyp = "the cat sat on the mat and the dog sat on the log";
    const ref = "a cat sat on a mat while a dog sat on a log";
    for (const limit of ["cells", "masks"] as const) {
      const previous = limit === "cells" ? setLcsCellLimit(50) : setLcsMaskLimit(3);
      try {
        const want = caught(() => engine({ rougeTypes: ["rougeL"] }, { tables: false, referenceCache: 0 }).segment(hyp, [ref]));
        expect(want?.code).toBe("LIMIT_EXCEEDED");
        const fast = engine({ rougeTypes: ["rougeL"] }, {});
        expect(caught(() => fast.segment(hyp, [ref]))).toEqual(want);
        // Also when the reference is already cached.
        expect(caught(() => fast.segment(hyp, [ref]))).toEqual(want);
      } finally {
        if (limit === "cells") setLcsCellLimit(previous);
        else setLcsMaskLimit(previous);
      }
    }
  });
});

describe("the rouge tokenizer's per-word shortcut", () => {
  it("gives the token tokenize(word) gives for every scanned word", () => {
    for (const stopwords of [undefined, ["the", "cats", "running"]]) {
      for (const useStemmer of [false, true]) {
        const { config, raw } = resolveConfig({ stemmer: useStemmer ? "porter" : "none", stopwords });
        const resolved = resolveTokenizer(raw, config.mode, undefined);
        fc.assert(
          fc.property(fc.stringMatching(/^[a-z0-9]{1,14}$/), fc.constantFrom("the", "cats", "running", "generously", "skies", "dying", "sky"), (w, v) => {
            for (const word of [w, v]) {
              const want = resolved.tokenizer.tokenize(word);
              expect(want.length).toBeLessThanOrEqual(1);
              expect(resolved.wordToken!(word)).toBe(want[0] ?? "");
            }
          }),
          { numRuns: 300 },
        );
      }
    }
  });
});
