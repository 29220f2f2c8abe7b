import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { createChrf, type ChrfOptions } from "@gramscore/metric-chrf";
import { SKIP_MESSAGE, hasShared, readCases } from "../../../tooling/conformance/data.js";

const CONFIGS = ["chrf", "chrfpp", "chrf-eps"] as const;

if (!hasShared) console.log(SKIP_MESSAGE);

interface Expected {
  options: { char_order: number; word_order: number; beta: number; lowercase: boolean; whitespace: boolean; eps_smoothing: boolean };
  signature: string;
  corpus: { score: number; str: string; stats_sum: number[] };
  segments: { score: number; stats: number[] }[];
}

function toOptions(o: Expected["options"]): ChrfOptions {
  return {
    charOrder: o.char_order,
    wordOrder: o.word_order,
    beta: o.beta,
    lowercase: o.lowercase,
    whitespace: o.whitespace,
    epsSmoothing: o.eps_smoothing,
  };
}

/** sacrebleu's signature with gramscore's version in place of sacrebleu's. */
function withOurVersion(signature: string, version: string): string {
  return signature.replace(/version:[^|]*$/, `version:gramscore-${version}`);
}

describe.skipIf(!hasShared)("hand-written cases (cases.jsonl)", () => {
  const cases = hasShared ? readCases().filter((c) => CONFIGS.some((k) => c.expected[k] !== undefined)) : [];
  it("has chrF cases", () => {
    expect(cases.length).toBeGreaterThan(50);
  });
  for (const config of CONFIGS) {
    it(`${config}: every case's segments and corpus match sacrebleu 2.6.0`, () => {
      let segments = 0;
      for (const c of cases) {
        const e = c.expected[config] as Expected;
        const metric = createChrf(toOptions(e.options));
        const result = evaluate(metric, c.segments, { segments: true });
        const label = `${c.id} (${config})`;
        result.segments!.forEach((seg, i) => {
          expect(seg.counts, `${label} segment ${i} stats`).toEqual(e.segments[i]!.stats);
          expect(seg.score, `${label} segment ${i} score`).toBe(e.segments[i]!.score);
          segments++;
        });
        expect(result.corpus.counts, `${label} corpus stats`).toEqual(e.corpus.stats_sum);
        expect(result.corpus.score, `${label} corpus score`).toBe(e.corpus.score);
        expect(metric.format(result.corpus), `${label} str`).toBe(e.corpus.str);
        expect(result.signature, `${label} signature`).toBe(withOurVersion(e.signature, "0.1.0"));
        expect(result.corpus.signature, `${label} result signature`).toBe(withOurVersion(e.signature, "0.1.0"));
        // A fresh accumulator in chunks of one gives the same corpus result.
        const acc = createAccumulator(createChrf(toOptions(e.options)));
        for (const s of c.segments) acc.add(s.hyp, s.refs);
        expect(acc.compute().score).toBe(e.corpus.score);
      }
      console.log(`chrF cases, ${config}: ${cases.length} cases, ${segments} segments compared`);
    });
  }
});
