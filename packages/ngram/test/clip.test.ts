import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { clipLcsHits, clipWeightedLcsHits, pow, unigramCounts } from "@gramscore/ngram";
import { smallIds } from "./arbitraries.js";

/** ROUGE-1.5.5 `wlcs` hit loop over a hit mask, transcribed with plain objects. */
function naiveWeighted(sentence: number[], mask: number[], model: Record<number, number>, peer: Record<number, number>, w: number, hit = 0): number {
  let hitLen = 0;
  for (let j = 0; j < sentence.length; j++) {
    if (mask[j] === 1) {
      const t = sentence[j]!;
      if (t in model && t in peer && model[t]! > 0 && peer[t]! > 0) {
        hitLen++;
        if (j + 1 < sentence.length && mask[j + 1] === 0) {
          hit += pow(hitLen, w);
          hitLen = 0;
        } else if (j + 1 === sentence.length) {
          hit += pow(hitLen, w);
          hitLen = 0;
        }
        model[t]!--;
        peer[t]!--;
      }
    }
  }
  return hit;
}

describe("unigramCounts / clipLcsHits / clipWeightedLcsHits", () => {
  it("count tokens over sentences", () => {
    expect(unigramCounts([[1, 2], [2], []])).toEqual(new Map([[1, 1], [2, 2]]));
  });

  it("clip LCS hits with both counters (worked by hand)", () => {
    // Reference sentence a b a, all three marked; the reference has a×2 b×1, the candidate a×1 b×1:
    // a hits (counters a: 1/0), b hits, the second a is clipped by the candidate counter -> 2 hits.
    const ref = new Map([[1, 2], [2, 1]]);
    const cand = new Map([[1, 1], [2, 1]]);
    expect(clipLcsHits([1, 2, 1], [0, 1, 2], ref, cand)).toBe(2);
    expect(ref).toEqual(new Map([[1, 1], [2, 0]]));
    expect(cand).toEqual(new Map([[1, 0], [2, 0]]));
    expect(() => clipLcsHits([1], [3], ref, cand)).toThrow(/positions in the reference sentence/);
  });

  it("reproduce the script's run quirks for weighted hits (worked by hand, w = 2)", () => {
    // a b c d with a b c marked and b clipped: a starts a run, b neither extends nor ends it,
    // c extends it to 2 and d is unmarked, so the run adds f(2) = 4 (not f(1) + f(1) = 2).
    expect(clipWeightedLcsHits([1, 2, 3, 4], [0, 1, 2], new Map([[1, 1], [3, 1]]), new Map([[1, 1], [2, 1], [3, 1]]), 2)).toBe(4);
    // a b, both marked, b clipped: the run opened by a never closes, so nothing is added.
    expect(clipWeightedLcsHits([1, 2], [0, 1], new Map([[1, 1]]), new Map([[1, 1], [2, 1]]), 2)).toBe(0);
    // running total: 10 + f(1)
    expect(clipWeightedLcsHits([1], [0], new Map([[1, 1]]), new Map([[1, 1]]), 2, 10)).toBe(11);
  });

  it("agree with transcriptions of the script's loops", () => {
    fc.assert(
      fc.property(
        smallIds(40, 5),
        fc.array(fc.boolean(), { maxLength: 40, size: "max" }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 5, maxLength: 5 }),
        (sentence, bits, mc, pc) => {
          const mask = sentence.map((_, i) => (bits[i] ? 1 : 0));
          const indices = mask.flatMap((m, i) => (m ? [i] : []));
          const toMap = (c: number[]) => new Map(c.map((v, i) => [i, v] as [number, number]));
          const toObj = (c: number[]) => Object.fromEntries(c.map((v, i) => [i, v])) as Record<number, number>;
          // plain LCS hits: the same loop without runs
          const m1 = toMap(mc);
          const p1 = toMap(pc);
          const mo = toObj(mc);
          const po = toObj(pc);
          let naive = 0;
          for (const j of indices) {
            const t = sentence[j]!;
            if (mo[t]! > 0 && po[t]! > 0) {
              naive++;
              mo[t]!--;
              po[t]!--;
            }
          }
          expect(clipLcsHits(sentence, indices, m1, p1)).toBe(naive);
          expect(m1).toEqual(toMap(mc.map((_, i) => mo[i]!)));
          for (const w of [1, 1.2, 2]) {
            expect(clipWeightedLcsHits(sentence, indices, toMap(mc), toMap(pc), w, 0.5)).toBe(
              naiveWeighted(sentence, mask, toObj(mc), toObj(pc), w, 0.5),
            );
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
