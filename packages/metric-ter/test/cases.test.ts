import { describe, expect, it } from "vitest";
import { createAccumulator, evaluate } from "@gramscore/core";
import { createTer, type TerOptions } from "@gramscore/metric-ter";
import { SKIP_MESSAGE, hasShared, readCases } from "../../../tooling/conformance/data.js";

if (!hasShared) console.log(SKIP_MESSAGE);

interface Expected {
  options: { normalized: boolean; no_punct: boolean; asian_support: boolean; case_sensitive: boolean };
  signature: string;
  corpus: { score: number; num_edits_sum: number; ref_length_sum: number; str: string };
  segments: { score: number; num_edits: number; ref_length: number }[];
}

function toOptions(o: Expected["options"]): TerOptions {
  return { normalized: o.normalized, noPunct: o.no_punct, asianSupport: o.asian_support, lowercase: !o.case_sensitive };
}

/** sacrebleu's signature with gramscore's version in place of sacrebleu's. */
function withOurVersion(signature: string): string {
  return signature.replace(/version:[^|]*$/, "version:gramscore-0.1.0");
}

describe.skipIf(!hasShared)("hand-written cases (cases.jsonl)", () => {
  const cases = hasShared ? readCases().filter((c) => c.expected.ter !== undefined) : [];
  it("has TER cases", () => {
    expect(cases.length).toBeGreaterThan(50);
  });
  it("ter: every case's segments and corpus match sacrebleu 2.6.0", () => {
    let segments = 0;
    for (const c of cases) {
      const e = c.expected.ter as Expected;
      const metric = createTer(toOptions(e.options));
      const result = evaluate(metric, c.segments, { segments: true });
      const label = c.id;
      result.segments!.forEach((seg, i) => {
        expect(seg.numEdits, `${label} segment ${i} edits`).toBe(e.segments[i]!.num_edits);
        expect(seg.refLength, `${label} segment ${i} ref length`).toBe(e.segments[i]!.ref_length);
        expect(seg.score, `${label} segment ${i} score`).toBe(e.segments[i]!.score);
        segments++;
      });
      expect(result.corpus.numEdits, `${label} corpus edits`).toBe(e.corpus.num_edits_sum);
      expect(result.corpus.refLength, `${label} corpus ref length`).toBe(e.corpus.ref_length_sum);
      expect(result.corpus.score, `${label} corpus score`).toBe(e.corpus.score);
      expect(metric.format(result.corpus), `${label} str`).toBe(e.corpus.str);
      expect(result.signature, `${label} signature`).toBe(withOurVersion(e.signature));
      expect(result.corpus.signature, `${label} result signature`).toBe(withOurVersion(e.signature));
      // The one-pass path and a fresh accumulator in chunks of one give the same corpus result.
      const fast = createTer(toOptions(e.options));
      expect(fast.score(fast.corpusStats(c.segments), "corpus").score, `${label} corpusStats`).toBe(e.corpus.score);
      const acc = createAccumulator(createTer(toOptions(e.options)));
      for (const s of c.segments) acc.add(s.hyp, s.refs);
      expect(acc.compute().score).toBe(e.corpus.score);
    }
    console.log(`TER cases: ${cases.length} cases, ${segments} segments compared`);
  });
});
