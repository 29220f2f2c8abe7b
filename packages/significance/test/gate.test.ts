import fc from "fast-check";
import MarkdownIt from "markdown-it";
import { parse as parseJUnit } from "junit2json";
import type { TestSuite, TestSuites } from "junit2json";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import type { Metric, StatsRows } from "@gramscore/core";
import {
  compareSystems,
  escapeAnnotationData,
  escapeAnnotationProperty,
  formatGateAnnotations,
  formatGateJUnit,
  formatGateMarkdown,
  formatGateTable,
  pairedTest,
  verdictOf,
} from "../src/index.js";
import type { GateResult, SystemRows } from "../src/index.js";

/** Per-segment statistics: `hits` of `words` (a rate in percent, of correct or of wrong words). */
interface Counts {
  hits: number;
  words: number;
}

/** A metric over {@link Counts}: accuracy (higher is better) or an error rate (lower is better). */
function rate(name: string, higherIsBetter: boolean, scoreName = name.toUpperCase()): Metric<Counts, { score: number }> {
  const pct = (h: number, w: number) => (w > 0 ? (100 * h) / w : 0);
  const rows: StatsRows<Counts> = {
    name: scoreName,
    width: 2,
    float32: false,
    toRow: (s, out, o) => {
      out[o] = s.hits;
      out[o + 1] = s.words;
    },
    score: (sums) => pct(sums[0]!, sums[1]!),
    scoreStats: (s) => pct(s.hits, s.words),
  };
  return {
    name,
    higherIsBetter,
    empty: () => ({ hits: 0, words: 0 }),
    stats: () => {
      throw new Error("statistics are given directly in these tests");
    },
    merge: (a, b) => ({ hits: a.hits + b.hits, words: a.words + b.words }),
    score: (s) => ({ score: pct(s.hits, s.words) }),
    signature: () => `nrefs:1|${name}:yes|version:1.0.0`,
    summarize: (r) => ({ score: r.score }),
    rows: () => rows,
  };
}

const acc = rate("acc", true);
const err = rate("err", false);

/** 200 segments of 10 words; `good` of each 10 segments have 9 hits, the others 3. */
function counts(good: number): Counts[] {
  return Array.from({ length: 200 }, (_, i) => ({ hits: i % 10 < good ? 9 : 3, words: 10 }));
}

function gate(inputs: Parameters<typeof compareSystems>[0], options: Parameters<typeof compareSystems>[1] = {}) {
  return compareSystems(inputs, { samples: 200, ...options });
}

function code(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    if (e instanceof GramscoreError) return e.code;
    throw e;
  }
  return undefined;
}

describe("compareSystems", () => {
  it("reports the paired test's numbers, the baseline first", () => {
    const base = counts(5);
    const cand = counts(3);
    const res = gate([{ metric: acc, baseline: base, candidate: cand }], { seed: 7 });
    const rowsOf = (c: Counts[]): SystemRows => {
      const rows = new Float64Array(c.flatMap((s) => [s.hits, s.words]));
      const merged = c.reduce(acc.merge, acc.empty());
      return { name: "ACC", count: c.length, width: 2, rows, score: acc.rows!().scoreStats(merged), signature: acc.signature(), resampler: acc.rows!() };
    };
    const direct = pairedTest(
      [
        { name: "baseline", rows: rowsOf(base) },
        { name: "candidate", rows: rowsOf(cand) },
      ],
      { test: "bs", samples: 200, seed: 7 },
    );
    const [b, c] = direct.results;
    const m = res.metrics[0]!;
    expect(m.baseline).toEqual({ system: "baseline", score: b!.score, mean: b!.mean, ci: b!.ci });
    expect(m.candidate).toEqual({ system: "candidate", score: c!.score, mean: c!.mean, ci: c!.ci });
    expect(m.pValue).toBe(c!.pValue);
    expect(m.delta).toBe(c!.score - b!.score);
    expect(m.signature).toBe(direct.signature);
    expect(res.segments).toBe(200);
    expect(res.samples).toBe(200);
    expect(res.seed).toBe("7");
    // Rows given directly give the same result as statistics.
    expect(gate([{ metric: acc, baseline: rowsOf(base), candidate: rowsOf(cand) }], { seed: 7 })).toEqual(res);
  });

  it("fails on a significant drop, passes on a significant gain and on no difference", () => {
    const worse = gate([{ metric: acc, baseline: counts(5), candidate: counts(3) }]);
    expect(worse.metrics[0]!.pValue).toBeLessThan(0.05);
    expect(worse.metrics[0]!.verdict).toBe("regressed");
    expect(worse.pass).toBe(false);
    expect(worse.regressed).toEqual(["acc"]);
    expect(worse.message).toMatch(/^candidate is significantly worse than baseline on 1 metric: ACC 60 -> 48 \(delta -12, p = /);

    const better = gate([{ metric: acc, baseline: counts(3), candidate: counts(5) }]);
    expect(better.metrics[0]!.verdict).toBe("improved");
    expect(better.pass).toBe(true);
    expect(better.improved).toEqual(["acc"]);

    const same = gate([{ metric: acc, baseline: counts(4), candidate: counts(4) }]);
    expect(same.metrics[0]!.delta).toBe(0);
    expect(same.metrics[0]!.verdict).toBe("unchanged");
    expect(same.pass).toBe(true);
  });

  it("reads the direction from higherIsBetter: a higher error rate is a regression", () => {
    const res = gate([
      { metric: acc, baseline: counts(5), candidate: counts(3) },
      { metric: err, baseline: counts(5), candidate: counts(3) },
    ]);
    expect(res.metrics.map((m) => m.verdict)).toEqual(["regressed", "improved"]);
    expect(res.regressed).toEqual(["acc"]);
  });

  it("a threshold larger than the drop keeps a significant difference unchanged; per metric too", () => {
    const inputs = [
      { metric: acc, baseline: counts(5), candidate: counts(3) },
      { metric: err, baseline: counts(3), candidate: counts(5) },
    ];
    expect(gate(inputs, { threshold: 12.5 }).pass).toBe(true);
    expect(gate(inputs, { threshold: 11.5 }).regressed).toEqual(["acc", "err"]);
    const per = gate(inputs, { threshold: { acc: 20 } });
    expect(per.metrics.map((m) => [m.threshold, m.verdict])).toEqual([
      [20, "unchanged"],
      [0, "regressed"],
    ]);
  });

  it("a p-value not below the level keeps any drop unchanged", () => {
    const small = [{ metric: acc, baseline: counts(5).slice(0, 10), candidate: counts(4).slice(0, 10) }];
    const res = gate(small);
    expect(res.metrics[0]!.delta).toBeLessThan(0);
    expect(res.metrics[0]!.pValue).toBeGreaterThanOrEqual(0.05);
    expect(res.metrics[0]!.verdict).toBe("unchanged");
    expect(gate(small, { pValue: 1 }).metrics[0]!.verdict).toBe(res.metrics[0]!.pValue < 1 ? "regressed" : "unchanged");
  });

  it("approximate randomization: the AR p-value, no intervals unless asked for", () => {
    const res = gate([{ metric: acc, baseline: counts(5), candidate: counts(3) }], { test: "ar", samples: 300 });
    expect(res.test).toBe("ar");
    expect(res.metrics[0]!.candidate.ci).toBeNull();
    expect(res.metrics[0]!.verdict).toBe("regressed");
    const ci = gate([{ metric: acc, baseline: counts(5), candidate: counts(3) }], { test: "ar", samples: 300, arConfidence: 50 });
    expect(ci.metrics[0]!.candidate.ci).not.toBeNull();
    expect(ci.metrics[0]!.pValue).toBe(res.metrics[0]!.pValue);
  });

  it("refuses bad input with coded errors", () => {
    const ok = { metric: acc, baseline: counts(5), candidate: counts(3) };
    expect(code(() => gate([]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(code(() => gate([ok], { pValue: 0 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(code(() => gate([ok], { pValue: 1.5 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(code(() => gate([ok], { threshold: -1 }))).toBe(ErrorCode.INVALID_OPTION);
    expect(code(() => gate([ok], { threshold: { bleu: 1 } }))).toBe(ErrorCode.INVALID_OPTION);
    expect(code(() => gate([ok], { test: "x" as "bs" }))).toBe(ErrorCode.INVALID_OPTION);
    expect(code(() => gate([{ ...ok, candidate: counts(3).slice(1) }]))).toBe(ErrorCode.LENGTH_MISMATCH);
    expect(code(() => gate([{ ...ok, candidate: [] }]))).toBe(ErrorCode.EMPTY_INPUT);
    expect(code(() => gate([{ ...ok, candidate: "x" as unknown as Counts[] }]))).toBe(ErrorCode.INVALID_OPTION);
    expect(code(() => gate([ok], { baselineName: "a", candidateName: "a" }))).toBe(ErrorCode.BAD_SYSTEMS);
    const { rows: _, ...noRows } = acc;
    expect(code(() => gate([{ ...ok, metric: noRows }]))).toBe(ErrorCode.NOT_RESAMPLABLE);
  });
});

const segment = fc.integer({ min: 1, max: 12 }).chain((words) => fc.record({ hits: fc.integer({ min: 0, max: words }), words: fc.constant(words) }));
const pairOfSystems = fc.array(fc.tuple(segment, segment), { minLength: 2, maxLength: 40 });

describe("gate properties", () => {
  it("swapping baseline and candidate keeps the p-value, negates Δ and mirrors the verdict (bs and ar)", () => {
    const mirror = { regressed: "improved", improved: "regressed", unchanged: "unchanged" } as const;
    fc.assert(
      fc.property(pairOfSystems, fc.boolean(), fc.constantFrom("bs" as const, "ar" as const), fc.integer({ min: 0, max: 2 ** 31 }), fc.double({ min: 0, max: 20, noNaN: true }), (pairs, up, test, seed, threshold) => {
        const metric = up ? acc : err;
        const a = pairs.map((p) => p[0]);
        const b = pairs.map((p) => p[1]);
        const options = { test, seed, samples: 60, threshold, pValue: 0.3 };
        const ab = compareSystems([{ metric, baseline: a, candidate: b }], options).metrics[0]!;
        const ba = compareSystems([{ metric, baseline: b, candidate: a }], options).metrics[0]!;
        expect(ba.pValue).toBe(ab.pValue);
        expect(ba.delta === -ab.delta).toBe(true); // 0 and -0 alike
        expect(ba.verdict).toBe(mirror[ab.verdict]);
      }),
      { numRuns: 60 },
    );
  });

  it("verdictOf: regressed exactly when worse by more than the threshold with p below the level", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0.001, max: 1, noNaN: true }),
        (delta, p, higherIsBetter, threshold, level) => {
          const v = verdictOf(delta, p, { higherIsBetter, threshold, pValue: level });
          const gain = higherIsBetter ? delta : -delta;
          expect(v === "regressed").toBe(p < level && gain < -threshold);
          expect(v === "improved").toBe(p < level && gain > threshold);
        },
      ),
    );
  });
});

// ---------------------------------------------------------------------------------------------
// Formatters

/** A name with everything the formats must escape. */
const NASTY = 'A%25 b\nc\r<&"\'|*_`[x](y) $1$ ::x,y]]> \u0001';

function nastyResult(): GateResult {
  const metric = rate("acc", true, NASTY);
  return compareSystems(
    [
      { metric, baseline: counts(5), candidate: counts(3) },
      { metric: rate("err", false, "TER"), baseline: counts(5), candidate: counts(3) },
    ],
    { samples: 100, baselineName: "base <v1> & %", candidateName: "cand\n\"v2\"" },
  );
}

/** Decodes a workflow command value as GitHub Actions does. */
function unescapeAnnotation(text: string): string {
  return text.replace(/%0D/g, "\r").replace(/%0A/g, "\n").replace(/%3A/g, ":").replace(/%2C/g, ",").replace(/%25/g, "%");
}

describe("gate formatters", () => {
  it("annotations: one workflow command per metric, values encoded as GitHub reads them", () => {
    const res = nastyResult();
    const text = formatGateAnnotations(res);
    const lines = text.split("\n");
    expect(lines.pop()).toBe("");
    expect(lines).toHaveLength(2);
    const parsed = lines.map((l) => /^::(error|notice) title=([^:]*)::(.*)$/.exec(l));
    expect(parsed.every((m) => m !== null)).toBe(true);
    expect(parsed.map((m) => m![1])).toEqual(["error", "notice"]);
    const title = unescapeAnnotation(parsed[0]![2]!);
    expect(title).toBe(`gramscore compare: ${NASTY} regressed`);
    const message = unescapeAnnotation(parsed[0]![3]!);
    expect(message.startsWith(`${NASTY} base <v1> & % 60.00 -> cand\n"v2" 48.00 (delta -12.00, higher is better; p = `)).toBe(true);
    expect(parsed[1]![2]).toBe("gramscore compare%3A TER improved");
    expect(escapeAnnotationData("100%\r\n")).toBe("100%25%0D%0A");
    expect(escapeAnnotationProperty("a:b,c%")).toBe("a%3Ab%2Cc%25");
  });

  it("JUnit XML: read by a JUnit parser (junit2json), one suite, a failure per regression, names intact", async () => {
    const res = nastyResult();
    const xml = formatGateJUnit(res, { suiteName: "gate <&> \"q\"" });
    const doc = (await parseJUnit(xml)) as TestSuites;
    expect(doc.testsuite).toHaveLength(1);
    const suite = doc.testsuite![0] as TestSuite;
    expect(suite.name).toBe('gate <&> "q"');
    expect([suite.tests, suite.failures, suite.errors]).toEqual([2, 1, 0]);
    const [a, b] = suite.testcase!;
    // XML cannot hold U+0001: it becomes U+FFFD; every other character comes back as written.
    expect(a!.name).toBe(NASTY.replace("\u0001", "\uFFFD"));
    expect(a!.classname).toBe("gramscore.compare.acc");
    expect(a!.failure).toHaveLength(1);
    expect(a!.failure![0]!.type).toBe("regression");
    expect(a!.failure![0]!.message).toContain('base <v1> & % 60.00, cand\n"v2" 48.00, delta -12.00');
    expect(a!.failure![0]!.inner).toContain(res.metrics[0]!.signature);
    expect(b!.name).toBe("TER");
    expect(b!.failure).toBeUndefined();
    expect(b!["system-out"]![0]).toContain("improved");
    // junit2json reads numeric attribute values as numbers.
    const props = Object.fromEntries(suite.properties!.map((p) => [p.name, p.value]));
    expect(props).toMatchObject({ baseline: "base <v1> & %", candidate: 'cand\n"v2"', test: "bs", samples: 100, seed: 12345, pValue: 0.05, segments: 200 });
  });

  it("Markdown: a GitHub table whose cells render the names as written", () => {
    const res = nastyResult();
    const md = formatGateMarkdown(res);
    const tokens = new MarkdownIt().parse(md, {});
    const heading = tokens.findIndex((t) => t.type === "heading_open");
    expect(tokens[heading + 1]!.content).toContain("regressed on");
    const cells: string[][] = [];
    let row: string[] | undefined;
    for (const t of tokens) {
      if (t.type === "tr_open") row = [];
      if (t.type === "inline" && row !== undefined) row.push(new MarkdownIt().renderInline(t.content));
      if (t.type === "tr_close") {
        cells.push(row!);
        row = undefined;
      }
    }
    expect(cells).toHaveLength(3);
    expect(cells.every((r) => r.length === 7)).toBe(true);
    const html = (s: string) => s.replace(/\r\n|\r|\n/g, " ").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
    expect(cells[0]!.slice(1, 3)).toEqual([html("base <v1> & %"), html('cand "v2"')]);
    expect(cells[1]![0]).toBe(html(NASTY));
    expect(cells[1]![6]).toBe("❌ regressed");
    expect(cells[2]![6]).toBe("✅ improved");
    expect(cells[1]![3]).toBe("-12.00");
  });

  it("the text table lines up its columns and ends with the outcome", () => {
    const res = compareSystems([{ metric: acc, baseline: counts(5), candidate: counts(3) }], { samples: 100 });
    const lines = formatGateTable(res, { width: 1 }).split("\n");
    expect(lines[0]).toMatch(/^Metric {2}.*baseline {2}.*candidate {2}Delta {2}p-value {2}Threshold {2}Verdict$/);
    expect(lines[2]).toContain("ACC");
    expect(lines[2]).toContain("-12.0");
    expect(lines[2]!.endsWith("regressed")).toBe(true);
    expect(lines.at(-2)).toBe(`FAIL: ${res.message}`);
  });
});
