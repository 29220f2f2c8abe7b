import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, defineMetric, definePlugin, evaluate, namedNormalizer, resolveNormalizeOption, withNormalizer } from "@gramscore/core";
import type { MetricContext, Normalizer } from "@gramscore/core";
import { createRegistry, validatePlugin } from "@gramscore/registry";
import { overlapMetric, testPlugin } from "./helpers.js";

const upper: Normalizer = { name: "upper", signature: "upper+v1", normalize: (t) => t.toUpperCase() };
const squash: Normalizer = { name: "squash", signature: "squash", normalize: (t) => t.replace(/\s+/g, " ").trim() };
const normalizerPlugin = definePlugin({ name: "norms", version: "1.0.0", normalizers: [upper, squash] });

/** `overlap` with a `normalize` option, resolved by name through the context as metrics do. */
const normalizedOverlap = defineMetric({
  name: "overlap-n",
  description: "overlap after a normalizer",
  create(options: { normalize?: unknown } | undefined, context?: MetricContext) {
    const resolved = namedNormalizer(options, context);
    return withNormalizer(overlapMetric.create({}, context), resolveNormalizeOption(resolved?.normalize, "overlap-n"));
  },
});
const metricPlugin = definePlugin({ name: "m", metrics: [normalizedOverlap] });

function thrown(fn: () => unknown): GramscoreError {
  try {
    fn();
  } catch (error) {
    return error as GramscoreError;
  }
  throw new Error("did not throw");
}

describe("normalizers in a registry", () => {
  it("registers a plugin's normalizers by name and lists them", () => {
    const r = createRegistry().use(normalizerPlugin);
    expect(r.normalizer("upper")).toBe(upper);
    expect(r.normalizers().map((e) => [e.name, e.plugin, e.lazy])).toEqual([
      ["upper", "norms", false],
      ["squash", "norms", false],
    ]);
    expect(r.plugins()[0]!.normalizers).toEqual(["upper", "squash"]);
    expect(r.context.normalizer!("squash")).toBe(squash);
  });

  it("refuses an unknown name with INVALID_OPTION, the registered names and close ones", () => {
    const r = createRegistry().use(normalizerPlugin);
    const error = thrown(() => r.normalizer("uper"));
    expect(error.code).toBe(ErrorCode.INVALID_OPTION);
    expect(error.details).toMatchObject({ option: "normalize", normalizer: "uper", available: ["upper", "squash"], suggestions: ["upper"] });
    expect(error.message).toContain(`Unknown normalizer "uper" (option normalize). Did you mean "upper"? Registered normalizers: upper, squash.`);
  });

  it("a metric created by name gets the normalizer named in its options, and its signature names it", () => {
    const r = createRegistry().use(testPlugin).use(metricPlugin).use(normalizerPlugin);
    const m = r.create("metric", "overlap-n", { normalize: "upper" });
    const plain = r.create("metric", "overlap", {});
    expect(m.signature()).toBe(plain.signature().replace("|version:", "|norm:upper+v1|version:"));
    // Upper-casing makes "a" match "A": precision 1 instead of 0.
    expect(evaluate(m, [{ hyp: "a", refs: ["A"] }]).corpus).toEqual(evaluate(plain, [{ hyp: "A", refs: ["A"] }]).corpus);
    expect(evaluate(plain, [{ hyp: "a", refs: ["A"] }]).corpus).not.toEqual(evaluate(plain, [{ hyp: "A", refs: ["A"] }]).corpus);
    expect(r.create("metric", "overlap-n", { normalize: "none" }).signature()).toBe(plain.signature());
  });

  it("createAsync loads the lazy plugin that provides a normalizer the metric names", async () => {
    let loads = 0;
    const r = createRegistry()
      .use(testPlugin)
      .use(metricPlugin)
      .useLazy({ name: "other", load: async () => definePlugin({ name: "other", tokenizers: [] }) })
      .useLazy({ name: "norms", provides: { normalizers: ["squash"] }, load: async () => (loads++, { default: normalizerPlugin }) });
    const m = await r.createAsync("metric", "overlap-n", { normalize: "squash" });
    expect(loads).toBe(1);
    expect(m.signature()).toContain("|norm:squash|");
    expect(r.normalizers().map((e) => [e.name, e.lazy])).toEqual([
      ["upper", true],
      ["squash", true],
    ]);
    await expect(r.createAsync("metric", "overlap-n", { normalize: "nope" })).rejects.toMatchObject({ code: ErrorCode.INVALID_OPTION });
  });

  it("refuses two plugins with the same normalizer name, and malformed normalizers", () => {
    const r = createRegistry().use(normalizerPlugin);
    const clash = definePlugin({ name: "clash", normalizers: [{ ...upper }] });
    expect(thrown(() => r.use(clash)).code).toBe(ErrorCode.NAME_CONFLICT);
    expect(r.normalizer("upper")).toBe(upper);
    const replaced = r.use(clash, { override: true }).normalizer("upper");
    expect([replaced === upper, replaced.name]).toEqual([false, "upper"]);
    for (const bad of [{ name: "a b", signature: "x", normalize: String }, { name: "a", signature: "", normalize: String }, { name: "a", signature: "a" }, 3]) {
      expect(thrown(() => validatePlugin({ kind: "plugin", name: "p", normalizers: [bad] })).code).toBe(ErrorCode.INVALID_TYPE);
    }
    expect(thrown(() => validatePlugin({ kind: "plugin", name: "p", normalizers: {} })).code).toBe(ErrorCode.INVALID_TYPE);
  });
});
