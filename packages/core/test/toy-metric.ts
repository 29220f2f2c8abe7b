import { defineMetric, type Metric } from "@gramscore/core";

/** Unigram-overlap stats used to test the generic machinery: [matches, hypLen, refLen]. */
export type ToyStats = [number, number, number];

/** A tiny exact metric (unigram precision/recall) with integer stats. */
export function createToyMetric(name = "toy"): Metric<ToyStats, { p: number; r: number }> {
  return {
    name,
    higherIsBetter: true,
    empty: () => [0, 0, 0],
    stats(hyp, refs) {
      const h = hyp.split(" ").filter(Boolean);
      const r = (refs[0] ?? "").split(" ").filter(Boolean);
      const counts = new Map<string, number>();
      for (const t of r) counts.set(t, (counts.get(t) ?? 0) + 1);
      let m = 0;
      for (const t of h) {
        const c = counts.get(t) ?? 0;
        if (c > 0) {
          m++;
          counts.set(t, c - 1);
        }
      }
      return [m, h.length, r.length];
    },
    merge: (a, b) => [a[0] + b[0], a[1] + b[1], a[2] + b[2]],
    score: (s) => ({ p: s[1] ? s[0] / s[1] : 0, r: s[2] ? s[0] / s[2] : 0 }),
    signature: () => `${name}|version:test`,
    summarize: (res) => ({ p: res.p, r: res.r }),
    parseStats(value) {
      if (!Array.isArray(value) || value.length !== 3 || !value.every((x) => Number.isInteger(x) && x >= 0)) {
        throw new Error("bad toy stats");
      }
      return value as ToyStats;
    },
  };
}

export const toyDescriptor = defineMetric({
  name: "toy",
  description: "unigram overlap (tests)",
  create: () => createToyMetric(),
});
