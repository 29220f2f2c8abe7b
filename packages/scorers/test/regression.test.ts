import { createBleu } from "@gramscore/metric-bleu";
import { createChrf } from "@gramscore/metric-chrf";
import { compareSystems } from "@gramscore/significance";
import { describe, expect, it } from "vitest";
import { gramscoreMatchers, regressionGate } from "../src/index.js";

// Forty segments: references, a baseline that keeps most of each reference, and a candidate that
// keeps only its first three words (clearly worse), all from a fixed list of sentences.
const WORDS = "the council approved the new budget for schools and roads after a long debate on taxes and services in the city".split(" ");
const references = Array.from({ length: 40 }, (_, i) => {
  const start = (i * 7) % WORDS.length;
  return Array.from({ length: 8 + (i % 5) }, (_, k) => WORDS[(start + k * 3) % WORDS.length]).join(" ");
});
const baseline = references.map((r, i) => (i % 4 === 0 ? r : r.split(" ").slice(0, -1).join(" ")));
const worse = references.map((r) => r.split(" ").slice(0, 3).join(" "));

describe("the regression gate as a matcher", () => {
  it("fails for a clearly worse candidate, with compareSystems' own result on the metrics' statistics", () => {
    const result = regressionGate(worse, baseline, references, { metrics: ["bleu", "chrf"] });
    const bleu = createBleu();
    const chrf = createChrf();
    const direct = compareSystems([
      { metric: bleu, baseline: baseline.map((h, i) => bleu.stats(h, [references[i]!])), candidate: worse.map((h, i) => bleu.stats(h, [references[i]!])) },
      { metric: chrf, baseline: baseline.map((h, i) => chrf.stats(h, [references[i]!])), candidate: worse.map((h, i) => chrf.stats(h, [references[i]!])) },
    ]);
    expect(result).toEqual(direct);
    expect(result.pass).toBe(false);
    expect(result.regressed).toEqual(["bleu", "chrf"]);
    const m = gramscoreMatchers.toNotRegressFrom.call({}, worse, baseline, references, { metrics: ["bleu", "chrf"] }) as { pass: boolean; message: () => string };
    expect(m.pass).toBe(false);
    const message = m.message();
    expect(message).toContain("expected the candidate not to be significantly worse than the baseline");
    expect(message).toMatch(/^bleu: .* -> .* \(delta -\d.*, p = 0\.\d+, regressed\); signature: nrefs:1\|/m);
  });

  it("passes for the baseline itself and for a better candidate; .not reads the other way", () => {
    const same = gramscoreMatchers.toNotRegressFrom.call({}, baseline, baseline, references, { metrics: ["bleu"] }) as { pass: boolean };
    expect(same.pass).toBe(true);
    const better = gramscoreMatchers.toNotRegressFrom.call({ isNot: true }, baseline, worse, references, { metrics: ["chrf"] }) as { pass: boolean; message: () => string };
    expect(better.pass).toBe(true);
    expect(better.message()).toContain("expected the candidate to be significantly worse than the baseline");
  });

  it("takes the gate's options: a threshold larger than the drop passes, paired-ar gives its own p-value", () => {
    const drop = regressionGate(worse, baseline, references, { metrics: ["bleu"] }).metrics[0]!.delta;
    expect(regressionGate(worse, baseline, references, { metrics: ["bleu"], threshold: -drop + 1 }).pass).toBe(true);
    const ar = regressionGate(worse, baseline, references, { metrics: ["bleu"], test: "ar", samples: 200 });
    expect(ar.test).toBe("ar");
    expect(ar.samples).toBe(200);
  });

  it("metric options and keys reach the metrics; bad input gets the metrics' coded errors", () => {
    const lower = regressionGate(worse, baseline, references, { metrics: ["bleu"], metricOptions: { bleu: { lowercase: true } } });
    expect(lower.metrics[0]!.signature).toContain("case:lc");
    expect(() => regressionGate(worse, baseline.slice(1), references, { metrics: ["bleu"] })).toThrow(expect.objectContaining({ code: expect.any(String) }));
    expect(() => regressionGate(worse, baseline, references, { metrics: ["blue"] })).toThrow(expect.objectContaining({ code: "UNKNOWN_METRIC" }));
  });
});
