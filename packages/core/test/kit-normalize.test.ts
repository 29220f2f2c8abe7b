/**
 * The `normalize` hook of the metric kit: option reading, the wrapper (statistics, corpus statistics,
 * explain, signatures, result signatures) and its algebra (a normalized metric is the metric on
 * normalized text), on the toy metric and on a metric with every optional member.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCode,
  evaluate,
  normalizeRule,
  resolveNormalizeOption,
  resolveOptions,
  signatureWithNormalizer,
  withNormalizer,
  type Metric,
  type Normalizer,
} from "@gramscore/core";
import { createToyMetric } from "./toy-metric.js";
import { codeOf } from "../../../tooling/test/errors.js";

const lower: Normalizer = { name: "lower", signature: "lower+v1", normalize: (t) => t.toLowerCase() };

describe("resolveNormalizeOption", () => {
  it("reads absent, null and none as no normalizer", () => {
    expect(resolveNormalizeOption(undefined, "WER")).toBeUndefined();
    expect(resolveNormalizeOption(null, "WER")).toBeUndefined();
    expect(resolveNormalizeOption("none", "WER")).toBeUndefined();
  });
  it("keeps a Normalizer's name and signature and names a function custom", () => {
    const n = resolveNormalizeOption(lower, "WER")!;
    expect([n.name, n.signature, n.normalize("AbC")]).toEqual(["lower", "lower+v1", "abc"]);
    const f = resolveNormalizeOption((t: string) => t.trim(), "WER")!;
    expect([f.name, f.signature, f.normalize("  x ")]).toEqual(["custom", "custom", "x"]);
    const bare = resolveNormalizeOption({ normalize: (t: string) => t }, "WER")!;
    expect([bare.name, bare.signature]).toEqual(["custom", "custom"]);
  });
  it("refuses names and other values with INVALID_OPTION naming the option", () => {
    for (const bad of ["whisper-en", 3, true, {}, []]) {
      let error: unknown;
      try {
        resolveNormalizeOption(bad, "WER");
      } catch (e) {
        error = e;
      }
      expect((error as { code: string }).code).toBe(ErrorCode.INVALID_OPTION);
      expect((error as { details: { option: string } }).details.option).toBe("normalize");
      expect((error as Error).message).toMatch(/^Option normalize of WER must be a Normalizer .* but got /);
    }
  });
  it("checks every call: a non-string result is INVALID_TYPE, a throw becomes PLUGIN_FAILED", () => {
    const bad = resolveNormalizeOption(() => 3 as unknown as string, "WER")!;
    expect(codeOf(() => bad.normalize("x"))).toBe(ErrorCode.INVALID_TYPE);
    const throwing = resolveNormalizeOption(() => {
      throw new Error("boom");
    }, "WER")!;
    expect(codeOf(() => throwing.normalize("x"))).toBe(ErrorCode.PLUGIN_FAILED);
  });
  it("is a rule resolveOptions reads", () => {
    const rules = { metric: "Toy", example: "{}", rules: [normalizeRule("Toy")] };
    expect(resolveOptions<{ normalize: unknown }>({}, rules).normalize).toBeUndefined();
    expect(resolveOptions<{ normalize: Normalizer }>({ normalize: lower }, rules).normalize.signature).toBe("lower+v1");
  });
});

describe("signatureWithNormalizer", () => {
  it("puts norm: before the version field, short or long, or at the end", () => {
    expect(signatureWithNormalizer("measure:wer|tf:jiwer-default|version:gramscore-0.1.0", lower)).toBe("measure:wer|tf:jiwer-default|norm:lower+v1|version:gramscore-0.1.0");
    expect(signatureWithNormalizer("nrefs:1|tok:13a|v:gramscore-0.1.0", lower)).toBe("nrefs:1|tok:13a|norm:lower+v1|v:gramscore-0.1.0");
    expect(signatureWithNormalizer("rouge1", lower)).toBe("rouge1|norm:lower+v1");
    expect(signatureWithNormalizer("", lower)).toBe("norm:lower+v1");
  });
});

describe("withNormalizer", () => {
  it("returns the metric itself without a normalizer", () => {
    const m = createToyMetric();
    expect(withNormalizer(m, undefined)).toBe(m);
  });
  it("normalizes hypotheses and references in stats and corpusStats and names the normalizer", () => {
    const base = createToyMetric();
    const m = withNormalizer(base, lower);
    expect(m.stats("A B c", ["a b C d"])).toEqual([3, 3, 4]);
    expect(base.stats("A B c", ["a b C d"])).toEqual([0, 3, 4]);
    expect(m.signature()).toBe("toy|norm:lower+v1|version:test");
    expect(m.name).toBe("toy");
    const withCorpus: Metric<[number, number, number], { p: number; r: number; signature: string }> = {
      ...createToyMetric(),
      score: (s) => ({ p: s[0] / s[1], r: s[0] / s[2], signature: "toy|version:test" }),
      corpusStats(segments) {
        let acc: [number, number, number] = [0, 0, 0];
        for (const seg of segments) acc = this.merge(acc, this.stats(seg.hyp, seg.refs));
        return acc;
      },
      explain: (hyp, refs) => ({ hyp, refs }),
    };
    const n = withNormalizer(withCorpus, lower);
    expect(n.corpusStats!([{ hyp: "X Y", refs: ["x y"] }, { hyp: "Z", refs: ["z"] }])).toEqual([3, 3, 3]);
    expect(n.explain!("AB", ["CD"])).toEqual({ hyp: "ab", refs: ["cd"] });
    expect(n.score([1, 2, 2], "corpus").signature).toBe("toy|norm:lower+v1|version:test");
    expect(evaluate(n, [{ hyp: "A", refs: ["a"] }]).corpus.p).toBe(1);
  });
  it("passes values that are not strings to the metric, so its own checks report them", () => {
    const seen: unknown[] = [];
    const m = withNormalizer({ ...createToyMetric(), stats: (hyp: unknown, refs: unknown) => (seen.push(hyp, refs), [0, 0, 0] as [number, number, number]) } as Metric<[number, number, number]>, lower);
    m.stats(7 as unknown as string, "R" as unknown as string[]);
    expect(seen).toEqual([7, "R"]);
  });
  it("property: the normalized metric's statistics are the metric's on normalized text", () => {
    const base = createToyMetric();
    const m = withNormalizer(base, lower);
    const word = fc.stringMatching(/^[A-Za-z]{1,3}$/);
    const text = fc.array(word, { maxLength: 8 }).map((w) => w.join(" "));
    fc.assert(
      fc.property(text, text, (h, r) => {
        expect(m.stats(h, [r])).toEqual(base.stats(h.toLowerCase(), [r.toLowerCase()]));
      }),
    );
  });
});
