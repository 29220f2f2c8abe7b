import { ErrorCode, GramscoreError, pySplit } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildReport, chrfAdapter, editAdapter, explanationViews, groupRecords, matchViews, renderReport } from "../src/index.js";
import { markFirstOccurrences } from "../src/matches.js";
import { reportViewer } from "../src/viewer.js";
import { CHART_HELPERS } from "../src/chart.js";
import type { MatchView, ReportData, ScoreAnnotation } from "../src/index.js";

/** A small metric of our own: clipped unigram precision and recall over whitespace tokens (stats are counts). */
interface Stats {
  m: number;
  h: number;
  r: number;
}
const unigram: Metric<Stats, { p: number; r: number }> = {
  name: "uni",
  higherIsBetter: true,
  empty: () => ({ m: 0, h: 0, r: 0 }),
  stats(hyp, refs) {
    const h = pySplit(hyp);
    const r = pySplit(refs[0]!);
    const count = new Map<string, number>();
    for (const t of r) count.set(t, (count.get(t) ?? 0) + 1);
    let m = 0;
    for (const t of h) {
      const c = count.get(t) ?? 0;
      if (c > 0) {
        m++;
        count.set(t, c - 1);
      }
    }
    return { m, h: h.length, r: r.length };
  },
  merge: (a, b) => ({ m: a.m + b.m, h: a.h + b.h, r: a.r + b.r }),
  score: (s) => ({ p: s.h === 0 ? 0 : s.m / s.h, r: s.r === 0 ? 0 : s.m / s.r }),
  signature: () => "uni|version:test",
  summarize: (x) => ({ score: 100 * x.p, "recall.r": 100 * x.r }),
  explain(hyp, refs) {
    // An edit-style explanation: every hypothesis token not in the reference is a substitution.
    const h = pySplit(hyp);
    const r = new Set(pySplit(refs[0]!));
    return { hypothesis: h, references: [pySplit(refs[0]!)], edits: h.flatMap((t, i) => (r.has(t) ? [] : [{ op: "S", hyp: i }])) };
  },
};

const word = fc.constantFrom("a", "b", "c", "the", "cat", "sat", "mat", "on", "dog", "ran");
const sentence = fc.array(word, { minLength: 0, maxLength: 60 }).map((w) => w.join(" "));
const corpus = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    refs: fc.array(fc.array(word, { minLength: 1, maxLength: 60 }).map((w) => w.join(" ")), { minLength: n, maxLength: n }),
    systems: fc.array(fc.array(sentence, { minLength: n, maxLength: n }), { minLength: 1, maxLength: 3 }),
  }),
);

function build(c: { refs: string[]; systems: string[][] }, options = {}): ReportData {
  return buildReport(
    c.systems.map((hyps, i) => ({ name: `sys${i}`, hyps })),
    c.refs.map((r) => [r]),
    [unigram],
    { created: "2026-01-01T00:00:00Z", ...options },
  );
}

describe("buildReport", () => {
  it("corpus values are the metric's score of all merged statistics", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        const data = build(c);
        c.systems.forEach((hyps, s) => {
          const stats = hyps.map((h, i) => unigram.stats(h, [c.refs[i]!])).reduce(unigram.merge, unigram.empty());
          const summary = unigram.summarize(unigram.score(stats, "corpus"));
          expect(data.measures.map((m) => m.corpus[s])).toEqual([summary.score, summary["recall.r"]]);
        });
      }),
      { numRuns: 60 },
    );
  });

  it("length buckets are the corpus scores of their segments alone; sizes add up to the segment count", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        const data = build(c);
        const b = data.lengthBuckets;
        expect(b.sizes.reduce((x, y) => x + y, 0)).toBe(c.refs.length);
        const edges = [10, 20, 30, 40, 50];
        const bucket = (ref: string) => edges.filter((e) => pySplit(ref).length >= e).length;
        c.systems.forEach((hyps, s) => {
          b.labels.forEach((_, k) => {
            const idx = c.refs.map((r, i) => (bucket(r) === k ? i : -1)).filter((i) => i >= 0);
            expect(idx.length).toBe(b.sizes[k]);
            const v = b.values[0]![s]![k];
            if (idx.length === 0) expect(v).toBeNull();
            else expect(v).toBe(100 * unigram.score(idx.map((i) => unigram.stats(hyps[i]!, [c.refs[i]!])).reduce(unigram.merge, unigram.empty()), "corpus").p);
          });
        });
      }),
      { numRuns: 60 },
    );
  });

  it("segment scores, frequency buckets and n-gram differences agree with the segments", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        const data = build(c);
        expect(data.segmentScores.map((s) => s.label)).toEqual(["uni"]);
        c.systems.forEach((hyps, s) => hyps.forEach((h, i) => expect(data.segmentScores[0]!.values[s]![i]).toBe(Math.round(100 * unigram.score(unigram.stats(h, [c.refs[i]!]), "segment").p * 10000) / 10000)));
        // Word F-measure lies in [0, 1]; sizes count reference words of frequency >= 1.
        const words = c.refs.flatMap((r) => pySplit(r)).length;
        expect(data.frequencyBuckets.sizes.reduce((x, y) => x + y, 0)).toBe(words);
        for (const row of data.frequencyBuckets.values[0]!) for (const v of row) if (v !== null) expect(v >= 0 && v <= 1).toBe(true);
        // Every listed n-gram is matched more often by the side it is listed for.
        for (const d of data.ngramDiffs) {
          for (const [, a, b] of d.better) expect(a).toBeGreaterThan(b);
          for (const [, a, b] of d.worse) expect(a).toBeLessThan(b);
        }
        expect(data.ngramDiffs.length).toBe(c.systems.length - 1);
      }),
      { numRuns: 60 },
    );
  });

  it("n-gram differences: the counts are clipped matches against the references", () => {
    const data = buildReport(
      [
        { name: "base", hyps: ["the cat the cat", "a dog"] },
        { name: "other", hyps: ["the cat sat", "a dog ran"] },
      ],
      [["the cat sat"], ["a dog ran"]],
      [unigram],
      { ngramOrder: 2 },
    );
    const d = data.ngramDiffs[0]!;
    expect(d.a).toBe(1);
    expect(d.b).toBe(0);
    const better = Object.fromEntries(d.better.map(([g, a, b]) => [g, [a, b]]));
    expect(better).toEqual({ sat: [1, 0], ran: [1, 0], "cat sat": [1, 0], "dog ran": [1, 0] });
    expect(d.worse).toEqual([]);
  });

  it("embeds match views for the segments where the systems differ most, up to the limit", () => {
    const hyps0 = ["a b c", "a b c", "x y z", "a b c"];
    const hyps1 = ["a b c", "x y z", "x y z", "a b x"];
    const data = buildReport([{ name: "s0", hyps: hyps0 }, { name: "s1", hyps: hyps1 }], [["a b c"], ["a b c"], ["a b c"], ["a b c"]], [unigram], { explainLimit: 2 });
    expect(Object.keys(data.views).map(Number)).toEqual([1, 3]);
    const v = data.views[1]![1]![0]!;
    expect(v.title).toBe("uni: edits");
    expect(v.hypothesis.marks).toEqual([1, 1, 1]);
  });

  it("the annotate hook's values reach the table (one per column, or '*' for all)", () => {
    const data = buildReport([{ name: "a", hyps: ["x"] }, { name: "b", hyps: ["y"] }], [["x"]], [unigram], {
      annotate: ({ system, baseline, stats, baselineStats }): Record<string, ScoreAnnotation> => {
        expect(baseline).toBe("a");
        expect(stats.length).toBe(1);
        expect(baselineStats.length).toBe(1);
        return system === "a" ? { "*": { note: "baseline" } } : { score: { low: 1, high: 2, pValue: 0.01, significant: true } };
      },
    });
    expect(data.measures[0]!.annotations).toEqual([{ note: "baseline" }, { low: 1, high: 2, pValue: 0.01, significant: true }]);
    expect(data.measures[1]!.annotations).toEqual([{ note: "baseline" }, null]);
  });

  it("bad input: one GramscoreError with a code and a message saying what to do", () => {
    const expectError = (f: () => unknown, code: string, text: RegExp) => {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(e).toBeInstanceOf(GramscoreError);
        expect((e as GramscoreError).code).toBe(code);
        expect((e as Error).message).toMatch(text);
      }
    };
    expectError(() => buildReport([{ name: "a", hyps: ["x", "y"] }], [["x"]], [unigram]), ErrorCode.LENGTH_MISMATCH, /"a" has 2 hypotheses but there are 1 segments/);
    expectError(() => buildReport([], [["x"]], [unigram]), ErrorCode.EMPTY_INPUT, /at least one system/);
    expectError(() => buildReport([{ name: "a", hyps: ["x"] }], [["x"]], []), ErrorCode.EMPTY_INPUT, /at least one metric/);
    expectError(() => buildReport([{ name: "a", hyps: ["x"] }, { name: "a", hyps: ["x"] }], [["x"]], [unigram]), ErrorCode.INVALID_OPTION, /appears twice/);
    expectError(() => buildReport([{ name: "a", hyps: ["x"] }], [["x"]], [unigram], { baseline: "z" }), ErrorCode.INVALID_OPTION, /baseline "z" is not one of the systems \(a\)/);
    expectError(() => buildReport([{ name: "a", hyps: ["x"] }], [[]], [unigram]), ErrorCode.EMPTY_INPUT, /reference/);
  });

  it("groupRecords: systems in order of first appearance, each with its own references; the segments are the first system's", () => {
    const g = groupRecords([
      { system: "a", hyp: "1", refs: ["r1"], location: "f line 1" },
      { system: "a", hyp: "2", refs: ["r2"], location: "f line 2" },
      { system: "b", hyp: "4", refs: ["r2"], location: "f line 3" },
      { system: "b", hyp: "3", refs: ["r1"] },
    ]);
    expect(g).toEqual({
      systems: [
        { name: "a", hyps: ["1", "2"], refs: [["r1"], ["r2"]], locations: ["f line 1", "f line 2"] },
        { name: "b", hyps: ["4", "3"], refs: [["r2"], ["r1"]] },
      ],
      references: [["r1"], ["r2"]],
    });
  });

});

/** Records of `c`'s systems (system i named sys<i>), with locations; system `shuffled` in the order `perm`. */
function records(c: { refs: string[]; systems: string[][] }, shuffled = -1, perm: number[] = []) {
  return c.systems.flatMap((hyps, s) => {
    const order = s === shuffled ? perm : hyps.map((_, i) => i);
    return order.map((i) => ({ system: `sys${s}`, hyp: hyps[i]!, refs: [c.refs[i]!], location: `in.jsonl sys${s} #${i + 1}` }));
  });
}

/** `c` with references made distinct (a segment number at the end of each). */
const distinct = (c: { refs: string[]; systems: string[][] }) => ({ ...c, refs: c.refs.map((r, i) => `${r} seg${i}`) });

describe("own references and aligned segments (issue 26, item 1)", () => {
  const shuffledCorpus = corpus
    .filter((c) => c.systems.length >= 2)
    .map(distinct)
    .chain((c) => fc.record({ c: fc.constant(c), perm: fc.shuffledSubarray(c.refs.map((_, i) => i), { minLength: c.refs.length, maxLength: c.refs.length }) }));

  it("a system whose records come in another order is scored against each record's own references: the corpus numbers of its records in their order, the segments aligned", () => {
    fc.assert(
      fc.property(shuffledCorpus, ({ c, perm }) => {
        const { systems, references } = groupRecords(records(c, 1, perm));
        const data = buildReport(systems, references, [unigram], { created: "x" });
        // Corpus: each system's own records, merged in the order given, against their own references.
        const own = (s: number, order: number[]) => order.map((i) => unigram.stats(c.systems[s]![i]!, [c.refs[i]!])).reduce(unigram.merge, unigram.empty());
        c.systems.forEach((hyps, s) => {
          const summary = unigram.summarize(unigram.score(own(s, s === 1 ? perm : hyps.map((_, i) => i)), "corpus"));
          expect(data.measures.map((m) => m.corpus[s])).toEqual([summary.score, summary["recall.r"]]);
        });
        // Segment views: the same as the report of the records in order.
        const inOrder = build(c);
        expect(data.hyps).toEqual(inOrder.hyps);
        expect(data.segmentScores).toEqual(inOrder.segmentScores);
        expect(data.lengthBuckets.sizes).toEqual(inOrder.lengthBuckets.sizes);
        expect(data.frequencyBuckets).toEqual(inOrder.frequencyBuckets);
        expect(data.ngramDiffs).toEqual(inOrder.ngramDiffs);
        expect(data.views).toEqual(inOrder.views);
      }),
      { numRuns: 60 },
    );
  });

  it("the annotate hook gets statistics in segment order (paired with the baseline's) and in the system's own order", () => {
    const { systems, references } = groupRecords([
      { system: "a", hyp: "x", refs: ["x"] },
      { system: "a", hyp: "y z", refs: ["y"] },
      { system: "b", hyp: "y", refs: ["y"] },
      { system: "b", hyp: "q", refs: ["x"] },
    ]);
    const seen: Record<string, unknown> = {};
    buildReport(systems, references, [unigram], {
      annotate: ({ system, stats, baselineStats, ownStats }) => {
        seen[system] = { stats, baselineStats, ownStats };
        return undefined;
      },
    });
    const a = [unigram.stats("x", ["x"]), unigram.stats("y z", ["y"])];
    expect(seen.a).toEqual({ stats: a, baselineStats: a, ownStats: a });
    expect(seen.b).toEqual({ stats: [unigram.stats("q", ["x"]), unigram.stats("y", ["y"])], baselineStats: a, ownStats: [unigram.stats("y", ["y"]), unigram.stats("q", ["x"])] });
  });

  const expectError = (f: () => unknown, code: string, text: RegExp) => {
    try {
      f();
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(GramscoreError);
      expect((e as GramscoreError).code).toBe(code);
      expect((e as Error).message).toMatch(text);
    }
  };
  const report = (recs: Parameters<typeof groupRecords>[0]) => {
    const g = groupRecords(recs);
    return buildReport(g.systems, g.references, [unigram], g.sources === undefined ? {} : { sources: g.sources });
  };
  const rec = (system: string, hyp: string, ref: string, line: number, src?: string) => ({ system, hyp, refs: [ref], location: `in.jsonl line ${line}`, ...(src === undefined ? {} : { src }) });

  it("refuses systems that do not cover the same segments, naming the first mismatch (system, line, what differed)", () => {
    const a = [rec("a", "x", "r1", 1), rec("a", "y", "r2", 2), rec("a", "z", "r3", 3)];
    expectError(() => report([...a, rec("b", "x", "r1", 4), rec("b", "y", "other", 5), rec("b", "z", "r3", 6)]), ErrorCode.BAD_SYSTEMS, /^System "b" \(in\.jsonl line 5\) has the references "other", which none of the segments of system "a" has\./);
    expectError(() => report([...a, rec("b", "x", "r1", 4), rec("b", "y", "r2", 5), rec("b", "z", "r3", 6), rec("b", "w", "r3", 7)]), ErrorCode.LENGTH_MISMATCH, /^System "b" \(in\.jsonl line 7\) has more records with the references "r3" than the segments of system "a" has segments with them \(1\)/);
    expectError(() => report([...a, rec("b", "z", "r3", 4), rec("b", "x", "r1", 5)]), ErrorCode.LENGTH_MISMATCH, /^System "b" has no record for segment 2 \(in\.jsonl line 2\), whose references are "r2" \(2 records for 3 segments\)/);
  });

  it("records out of order where segments share references are refused; in order they are paired as they come; sources tell them apart", () => {
    const a = [rec("a", "x", "same", 1, "s1"), rec("a", "y", "r2", 2, "s2"), rec("a", "z", "same", 3, "s3")];
    // In order: accepted.
    expect(report([...a, rec("b", "1", "same", 4), rec("b", "2", "r2", 5), rec("b", "3", "same", 6)]).hyps[1]).toEqual(["1", "2", "3"]);
    // Out of order, without sources: which "same" record is whose cannot be told.
    const b = [rec("b", "3", "same", 4), rec("b", "2", "r2", 5), rec("b", "1", "same", 6)].map(({ src: _, ...r }: any) => r);
    expectError(() => report([...a.map(({ src: _, ...r }: any) => r), b[1], b[0], b[2]]), ErrorCode.BAD_SYSTEMS, /^System "b"'s records come in another order than the segments of system "a" \(in\.jsonl line 4 is record 2\), and segment 1 \(in\.jsonl line 1\) and segment 3 \(in\.jsonl line 3\) have the same references "same"/);
    // With sources on both sides: matched by source.
    const data = report([...a, rec("b", "3", "same", 4, "s3"), rec("b", "2", "r2", 5, "s2"), rec("b", "1", "same", 6, "s1")]);
    expect(data.hyps[1]).toEqual(["1", "2", "3"]);
  });

  it("an invalid record and metric code that throws are named by the record's location; a plain exception is PLUGIN_FAILED", () => {
    expectError(() => report([rec("a", "x", "r1", 1), { system: "a", hyp: "y", refs: [], location: "in.jsonl line 2" }]), ErrorCode.EMPTY_INPUT, /^in\.jsonl line 2: Segment 1 has no reference/);
    const throwing = (error: unknown): Metric<number, number> => ({
      name: "kab",
      higherIsBetter: true,
      empty: () => 0,
      stats: (hyp) => {
        if (hyp === "boom") throw error;
        return 1;
      },
      merge: (a, b) => a + b,
      score: (s) => s,
      signature: () => "kab",
      summarize: (s) => ({ score: s }),
    });
    const g = groupRecords([rec("a", "x", "r1", 1), rec("a", "boom", "r2", 2)]);
    expectError(() => buildReport(g.systems, g.references, [throwing(new Error("kaboom"))]), ErrorCode.PLUGIN_FAILED, /^in\.jsonl line 2: the metric kab threw while scoring this segment: kaboom\./);
    expectError(() => buildReport(g.systems, g.references, [throwing(new GramscoreError(ErrorCode.LIMIT_EXCEEDED, "too long"))]), ErrorCode.LIMIT_EXCEEDED, /^in\.jsonl line 2: too long$/);
  });
});

describe("match views", () => {
  it("the edit adapter maps TER-style edits (short and long names) onto tokens", () => {
    const e = { hypothesis: ["a", "b", "c"], references: [["a", "x", "c", "d"]], edits: [{ op: "S", hyp: 1, ref: 1 }, { op: "insertion", ref: 3 }, { op: "shift", hyp: 2, ref: 2 }], score: 0.5 };
    expect(editAdapter.test(e)).toBe(true);
    const [v] = explanationViews("ter", e, "a b c", ["a x c d"]);
    expect(v!.hypothesis.marks).toEqual([0, 1, 4]);
    expect(v!.references[0]!.marks).toEqual([0, 1, 4, 2]);
    expect(v!.legend.map((l) => l.label)).toEqual(["substitution", "insertion", "deletion", "shift"]);
  });

  it("an explanation that carries its own views is shown as it is; unknown shapes give none", () => {
    const view: MatchView = { metric: "x", title: "t", unit: "token", legend: [], hypothesis: { label: "h", units: ["a"], marks: [0] }, references: [], summary: "" };
    expect(explanationViews("x", { views: [view] }, "a", ["a"])).toEqual([view]);
    expect(explanationViews("x", { something: 1 }, "a", ["a"])).toEqual([]);
    const { explain: _, ...noExplain } = unigram;
    expect(matchViews(noExplain as Metric, "a", ["a"])).toEqual([]);
  });
});

/** The marking as it was: one scan of `units` per n-gram (quadratic in the segment's length); the reference of the property test. */
function naiveMark(units: readonly string[], grams: readonly (readonly string[])[], counts: readonly number[], marks: number[], mark: (n: number) => number): void {
  grams.forEach((g, k) => {
    let left = counts[k] ?? 0;
    const n = g.length;
    for (let i = 0; left > 0 && i + n <= units.length; i++) {
      let same = true;
      for (let j = 0; j < n && same; j++) same = units[i + j] === g[j];
      if (!same) continue;
      left--;
      const m = mark(n);
      for (let j = i; j < i + n; j++) if (marks[j]! < m) marks[j] = m;
    }
  });
}

describe("match marking is linear (issue 26, item 2)", () => {
  it("marks as the one-scan-per-n-gram marking did, on random units, n-grams, counts and marks", () => {
    const unit = fc.constantFrom("a", "b", "c", "a,b", "1", ",", "");
    const count = fc.oneof(fc.integer({ min: -1, max: 6 }), fc.double({ min: -2, max: 8 }), fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY));
    const marker = fc.constantFrom<(n: number) => number>((n) => n, () => 1, (n) => 7 - n);
    fc.assert(
      fc.property(
        fc.array(unit, { maxLength: 40 }),
        fc.array(fc.tuple(fc.array(unit, { maxLength: 5 }), count), { maxLength: 12 }),
        fc.array(fc.integer({ min: 0, max: 6 }), { maxLength: 40 }),
        marker,
        (units, grams, initial, mark) => {
          const start = units.map((_, i) => initial[i] ?? 0);
          const fast = start.slice();
          const naive = start.slice();
          markFirstOccurrences(units, grams.map((g) => g[0]), grams.map((g) => g[1]), fast, mark);
          naiveMark(units, grams.map((g) => g[0]), grams.map((g) => g[1]), naive, mark);
          expect(fast).toEqual(naive);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("a segment of 150,000 words goes through chrF's marking (every n-gram of the text matched)", () => {
    let seed = 1;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
    const vocab = Array.from({ length: 5000 }, (_, i) => `w${i.toString(36)}${"xyz".slice(0, i % 4)}`);
    const text = Array.from({ length: 150_000 }, () => vocab[Math.floor(random() * vocab.length)]).join(" ");
    const chars = Array.from(text.replace(/\s/g, ""));
    const orders = [1, 2, 3, 4, 5, 6].map((order) => {
      const counts = new Map<string, number>();
      for (let i = 0; i + order <= chars.length; i++) {
        const g = chars.slice(i, i + order).join("");
        counts.set(g, (counts.get(g) ?? 0) + 1);
      }
      const total = chars.length - order + 1;
      return { kind: "char", order, hyp: total, ref: total, matches: total, matched: [...counts].map(([ngram, c]) => ({ ngram, hyp: c, ref: c, count: c })) };
    });
    const explanation = { name: "chrF", orders, references: [text], reference: 0, score: 100 };
    expect(chrfAdapter.test(explanation)).toBe(true);
    const [view] = chrfAdapter.views(explanation, { metric: "chrf", hyp: text, refs: [text] });
    // Everything matched: every character outside whitespace lies in a matched 6-gram.
    for (const side of [view!.hypothesis, view!.references[0]!]) {
      const wrong = side.units.filter((u, i) => side.marks[i] !== (u === " " ? 0 : 6)).length;
      expect(wrong).toBe(0);
    }
  }, 120_000);
});

describe("renderReport", () => {
  const data = buildReport(
    [
      { name: "a</script><b>", hyps: ["the cat sat </script> on", "x\u2028y"] },
      { name: "b", hyps: ["the cat", "x y"] },
    ],
    [["the cat sat on"], ["x y"]],
    [unigram],
    { title: "T <&>", command: "gramscore report x" },
  );
  const html = renderReport(data);

  it("is one self-contained page: no external scripts, styles, images or fetches", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expect(html).not.toMatch(/<(script|link|img|iframe)\b[^>]*\b(src|href)=/i);
    expect(html).not.toMatch(/\bfetch\(|XMLHttpRequest|import\(/);
    expect(html.match(/https?:\/\/[^"'\s)]*/g)!.every((u) => u === "http://www.w3.org/2000/svg")).toBe(true);
    expect(html).toContain("<title>T &lt;&amp;&gt;</title>");
  });

  it("embeds the data as JSON that reads back (texts that would end the script element included)", () => {
    const m = /<script type="application\/json" id="gramscore-data">([\s\S]*?)<\/script>/.exec(html)!;
    expect(m[1]).not.toContain("</script");
    const back = JSON.parse(m[1]!);
    expect(back.systems).toEqual(data.systems);
    expect(back.hyps).toEqual(data.hyps);
    expect(back.measures).toEqual(JSON.parse(JSON.stringify(data.measures)));
    // Views are packed: token marks as one base-36 digit each.
    const v = back.views[0][0][0];
    expect(v.hypothesis.marks).toBe(data.views[0]![0]![0]!.hypothesis.marks.map((x) => x.toString(36)).join(""));
  });
});

/** Just enough of a DOM for the viewer to draw into (elements, text, attributes, listeners). */
class FakeNode {}
class FakeElement extends FakeNode {
  kids: (FakeElement | string)[] = [];
  attrs = new Map<string, string>();
  listeners = new Map<string, () => void>();
  value = "";
  checked = false;
  disabled = false;
  title = "";
  constructor(readonly tag: string) {
    super();
  }
  setAttribute(k: string, v: string) {
    this.attrs.set(k, String(v));
  }
  getAttribute(k: string) {
    return this.attrs.get(k) ?? null;
  }
  addEventListener(type: string, f: () => void) {
    this.listeners.set(type, f);
  }
  append(...kids: (FakeElement | string)[]) {
    this.kids.push(...kids);
  }
  replaceChildren(...kids: (FakeElement | string)[]) {
    this.kids = kids;
  }
  replaceChild(next: FakeElement, old: FakeElement) {
    this.kids[this.kids.indexOf(old)] = next;
  }
  scrollIntoView() {}
  all(): FakeElement[] {
    return this.kids.flatMap((k) => (typeof k === "string" ? [] : [k, ...k.all()]));
  }
  querySelector(tag: string) {
    return this.all().find((e) => e.tag === tag) ?? null;
  }
  get textContent(): string {
    return this.kids.map((k) => (typeof k === "string" ? k : k.textContent)).join("");
  }
  set textContent(v: string) {
    this.kids = [String(v)];
  }
}

describe("the page with real names (issue 26, item 4)", () => {
  it("names the system for gramscore explain as a shell takes it, and the line of the system's own record", () => {
    const odd = "it's $HOME \u{1F600}";
    const { systems, references } = groupRecords([
      { system: odd, hyp: "x", refs: ["r1"] },
      { system: odd, hyp: "y", refs: ["r2"] },
      { system: odd, hyp: "z", refs: ["r3"] },
      { system: "b", hyp: "3", refs: ["r3"] },
      { system: "b", hyp: "2", refs: ["r2"] },
      { system: "b", hyp: "1", refs: ["r1"] },
    ]);
    const data = buildReport(systems, references, [unigram], { explainLimit: 0 });
    expect(data.recordOf).toEqual([null, [2, 1, 0]]);
    // The data as the page reads it back.
    const json = JSON.parse(/<script type="application\/json" id="gramscore-data">([\s\S]*?)<\/script>/.exec(renderReport(data))![1]!);
    const saved = { document: (globalThis as any).document, Node: (globalThis as any).Node };
    Object.assign(globalThis, { document: { createElement: (t: string) => new FakeElement(t), createElementNS: (_: string, t: string) => new FakeElement(t) }, Node: FakeNode });
    try {
      const root = new FakeElement("main");
      reportViewer(json, root as unknown as HTMLElement, CHART_HELPERS);
      const row = root.all().find((e) => e.tag === "tr" && e.getAttribute("data-index") === "0")!;
      row.listeners.get("click")!();
      const text = root.all().find((e) => e.getAttribute("data-testid") === "detail")!.textContent;
      expect(text).toContain(`--system 'it'\\''s $HOME \u{1F600}' --line 1.`);
      expect(text).toContain("--system b --line 3.");
    } finally {
      Object.assign(globalThis, saved);
    }
  });
});

