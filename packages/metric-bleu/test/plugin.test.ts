import { readFileSync } from "node:fs";
import type { MetricContext, MetricMap } from "@gramscore/core";
import { describe, expect, expectTypeOf, it } from "vitest";
import plugin, { VERSION, bleuMetric, createBleu, hfBleuMetric, nltkBleuMetric, plugin as named } from "@gramscore/metric-bleu";
import type { BleuOptions, BleuResult, BleuStats } from "@gramscore/metric-bleu";

describe("plugin", () => {
  it("bundles bleu, nltk-bleu and bleu-hf", () => {
    expect(plugin).toBe(named);
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/metric-bleu", version: VERSION });
    expect(plugin.metrics!.map((m) => m.name)).toEqual(["bleu", "nltk-bleu", "bleu-hf"]);
    expect(plugin.tokenizers ?? []).toEqual([]);
  });

  it("declares options with sacrebleu's / NLTK's / evaluate's flag names and valid keys", () => {
    expect(bleuMetric.options!.map((o) => o.flag)).toEqual([
      "tokenize",
      "smooth-method",
      "smooth-value",
      "lowercase",
      "effective-order",
      "max-ngram-order",
      "nrefs",
      "normalize",
    ]);
    for (const d of [bleuMetric, nltkBleuMetric, hfBleuMetric]) {
      const keys = d.options!.map((o) => o.key);
      expect(new Set(keys).size).toBe(keys.length);
      // Every declared default is accepted by create().
      const defaults = Object.fromEntries(d.options!.filter((o) => o.default !== undefined).map((o) => [o.key, o.default]));
      expect(() => d.create(defaults as never)).not.toThrow();
    }
  });

  it("creates metrics through descriptors, resolving tokenizer names with the context", () => {
    const context: MetricContext = { tokenizer: (name) => ({ name, signature: `${name}@1`, tokenize: (t) => t.split("") }) };
    const m = bleuMetric.create({ tokenize: "letters", nrefs: 1 }, context);
    expect(m.signature()).toContain("|tok:letters@1|");
    expect(nltkBleuMetric.create(undefined).name).toBe("nltk-bleu");
    expect(hfBleuMetric.create({ tokenize: "letters" }, context).signature()).toContain("tok:letters@1");
    expect(bleuMetric.aliases).toContain("sacrebleu");
  });

  it("types registry lookups through MetricMap", () => {
    expectTypeOf<MetricMap["bleu"]>().toEqualTypeOf<{ options: BleuOptions; stats: BleuStats; result: BleuResult }>();
    expectTypeOf(createBleu().score).returns.toEqualTypeOf<BleuResult>();
  });

  it("VERSION matches package.json", () => {
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { version: string };
    expect(VERSION).toBe(pkg.version);
  });
});
