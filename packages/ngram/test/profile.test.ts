import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NgramProfiler } from "@gramscore/ngram";

describe("NgramProfiler", () => {
  it("profiles are the distinct n-grams with their counts; equal n-grams get equal ids across strings", () => {
    const seq = fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 30 });
    fc.assert(
      fc.property(fc.array(seq, { minLength: 1, maxLength: 5 }), fc.integer({ min: 1, max: 5 }), (seqs, maxOrder) => {
        const profiler = new NgramProfiler(maxOrder);
        const byKey = new Map<string, number>();
        for (const s of seqs) {
          const p = profiler.profile(s);
          expect(p.length).toBe(s.length);
          for (let n = 1; n <= maxOrder; n++) {
            const naive = new Map<string, number>();
            for (let i = 0; i + n <= s.length; i++) {
              const key = s.slice(i, i + n).join(",");
              naive.set(key, (naive.get(key) ?? 0) + 1);
            }
            const ids = Array.from(p.ids.subarray(p.start[n - 1], p.start[n]));
            expect(ids.length).toBe(naive.size);
            expect(new Set(ids).size).toBe(ids.length);
            const counts = Array.from(p.counts.subarray(p.start[n - 1], p.start[n]));
            expect(counts.reduce((a, b) => a + b, 0)).toBe(Math.max(0, s.length - n + 1));
            // The id of each n-gram (read off a profile of that n-gram alone) carries its count here.
            for (const k of naive.keys()) {
              if (!byKey.has(k)) {
                // Find this key's id: its count must equal the naive count.
                const again = profiler.profile(k.split(",").map(Number));
                const id = again.ids[again.start[n - 1]!]!;
                byKey.set(k, id);
                expect(counts[ids.indexOf(id)]).toBe(naive.get(k));
              } else {
                expect(counts[ids.indexOf(byKey.get(k)!)]).toBe(naive.get(k));
              }
            }
          }
        }
        expect(profiler.size).toBeGreaterThanOrEqual(byKey.size);
      }),
      { numRuns: 200 },
    );
  });
});
