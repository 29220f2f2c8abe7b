import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NgramTable,
  Vocabulary,
  countSkipBigrams,
  overlap,
  pow,
  unionWeightedLcsIndices,
  weightedLcs,
} from "@gramscore/ngram";
import { smallIds, tokens } from "./arbitraries.js";
import { keyOf, naiveSkipBigrams, naiveWlcs } from "./naive.js";

describe("weightedLcs", () => {
  it("scores consecutive runs higher (worked by hand, w = 2)", () => {
    // model x y z, peer x y z: one run of 3, c = f(3) = 9 with f(k) = k^2.
    const r = weightedLcs([1, 2, 3], [1, 2, 3], 2);
    expect(r.score).toBe(9);
    expect(Array.from(r.indices)).toEqual([0, 1, 2]);
    // model x y z, peer x q z: two runs of 1, c = 1 + 1 = 2.
    expect(weightedLcs([1, 2, 3], [1, 9, 3], 2).score).toBe(2);
    // empty sides: nothing marked
    expect(weightedLcs([], [1], 1.2).indices.length).toBe(0);
    expect(weightedLcs([1], [], 1.2).score).toBe(0);
  });

  it("equals a cell-by-cell transcription of wlcs_inner + markLCS", () => {
    fc.assert(
      fc.property(smallIds(40, 4), smallIds(40, 4), fc.constantFrom(1.2, 1.5, 2, 1, 0.5), (a, b, w) => {
        const r = weightedLcs(a, b, w);
        const [score, marks] = naiveWlcs(a, b, w, pow);
        expect(r.score).toBe(score);
        expect(Array.from(r.indices)).toEqual(marks);
      }),
      { numRuns: 400 },
    );
  });

  it("unions marks over peers like the script's hit mask", () => {
    fc.assert(
      fc.property(smallIds(30, 5), fc.array(smallIds(30, 5), { maxLength: 4 }), (m, peers) => {
        const mask = new Array<number>(m.length).fill(0);
        let marks: number[] = [];
        for (const p of peers) marks = naiveWlcs(m, p, 1.2, pow, mask)[1];
        if (peers.length === 0) marks = [];
        expect(Array.from(unionWeightedLcsIndices(m, peers, 1.2))).toEqual(marks);
      }),
      { numRuns: 300 },
    );
  });

  it("rejects a non-positive weight", () => {
    expect(() => weightedLcs([1], [1], 0)).toThrow(/positive finite/);
  });
});

describe("countSkipBigrams", () => {
  it("small example (worked by hand)", () => {
    // tokens a b c d, maxGap 1 (-2 1): pairs (a,b) (a,c) (b,c) (b,d) (c,d) = 5.
    // With unigrams (SU): a b c, not d (the script's last-token rule): 3 more, _cn_ = 8.
    const t = new NgramTable();
    const ids = [0, 1, 2, 3];
    const s = countSkipBigrams(t, ids, 1);
    expect(Array.from(s.totals)).toEqual([0, 5]);
    const su = countSkipBigrams(t, ids, 1, { unigrams: true });
    expect(Array.from(su.totals)).toEqual([3, 5]);
    expect(su.count(t.key([3]))).toBe(0);
    expect(su.count(t.key([0, 2]))).toBe(1);
    expect(su.count(t.key([0, 3]))).toBe(0);
    const fixed = countSkipBigrams(t, ids, 1, { unigrams: true, lastUnigram: true });
    expect(Array.from(fixed.totals)).toEqual([4, 5]);
    // unlimited gap: all 6 pairs; one token: nothing at all
    expect(Array.from(countSkipBigrams(t, ids, -1).totals)).toEqual([0, 6]);
    expect(Array.from(countSkipBigrams(t, [5], 4, { unigrams: true }).totals)).toEqual([0, 0]);
  });

  it("agrees with a transcription of createSkipBigram, and its hits", () => {
    fc.assert(
      fc.property(tokens(30), tokens(30), fc.integer({ min: -2, max: 6 }), fc.boolean(), (p, m, d, u) => {
        const v = new Vocabulary();
        const t = new NgramTable();
        const peer = countSkipBigrams(t, v.ids(p), d, { unigrams: u });
        const model = countSkipBigrams(t, v.ids(m), d, { unigrams: u });
        const [pg, pc] = naiveSkipBigrams(p, d, u);
        const [mg, mc] = naiveSkipBigrams(m, d, u);
        const got = new Map<string, number>();
        for (const n of [1, 2]) {
          for (const [key, c] of peer.toMap(n)) got.set(keyOf(v.tokens(t.ngram(key))), c);
        }
        expect(got).toEqual(pg);
        expect(peer.totals[0]! + peer.totals[1]!).toBe(pc);
        expect(model.totals[0]! + model.totals[1]!).toBe(mc);
        let hits = 0;
        for (const [k, c] of mg) hits += Math.min(c, pg.get(k) ?? 0);
        const ov = overlap(model, peer);
        expect(ov[0]! + ov[1]!).toBe(hits);
      }),
      { numRuns: 300 },
    );
  });
});

describe("weightedLcs scratch buffers", () => {
  it("calls of any sizes in any order give the fresh-state answers, and results are never overwritten", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(smallIds(60, 4), smallIds(60, 4)), { minLength: 1, maxLength: 6 }), (pairs) => {
        const kept: [Int32Array, number[]][] = [];
        for (const [a, b] of pairs) {
          const r = weightedLcs(a, b, 1.2);
          const [score, marks] = naiveWlcs(a, b, 1.2, pow);
          expect(r.score).toBe(score);
          kept.push([r.indices, marks]);
          kept.push([unionWeightedLcsIndices(b, [a, b], 1.2), Array.from(b, (_, i) => i)]);
        }
        for (const [got, expected] of kept) expect(Array.from(got)).toEqual(expected);
      }),
      { numRuns: 200 },
    );
  });
});
