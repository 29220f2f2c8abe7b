import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  NgramTable,
  Vocabulary,
  clippedMatches,
  codePointIds,
  countCharNgrams,
  countNgrams,
  matchStatistics,
  maxCounts,
  overlap,
  type NgramCounts,
} from "@gramscore/ngram";
import { isGramscoreError } from "@gramscore/core";
import { tokens } from "./arbitraries.js";
import { keyOf, naiveMax, naiveNgrams, naiveOverlap } from "./naive.js";

/** Turns counts of one order back into a string-keyed map through the table and vocabulary. */
function asStrings(counts: NgramCounts, vocab: Vocabulary, n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [key, c] of counts.toMap(n)) {
    const k = keyOf(vocab.tokens(counts.table.ngram(key)));
    expect(out.has(k)).toBe(false);
    out.set(k, c);
  }
  return out;
}

describe("Vocabulary", () => {
  it("interns any string as a dense id and reads it back", () => {
    const v = new Vocabulary();
    expect(v.id("a")).toBe(0);
    expect(v.id("a b")).toBe(1);
    expect(v.id("a")).toBe(0);
    expect(v.id("")).toBe(2);
    expect(Array.from(v.ids(["😀", "a", "\u0000"]))).toEqual([3, 0, 4]);
    expect(v.size).toBe(5);
    expect(v.token(3)).toBe("😀");
    expect(v.get("zzz")).toBe(-1);
    expect(v.has("a b")).toBe(true);
    expect(() => v.token(99)).toThrow(/token id from 0 to 4/);
    v.clear();
    expect(v.size).toBe(0);
  });

  it("round-trips arbitrary token arrays", () => {
    fc.assert(
      fc.property(tokens(), (toks) => {
        const v = new Vocabulary();
        expect(v.tokens(v.ids(toks))).toEqual(toks);
      }),
    );
  });
});

describe("countNgrams", () => {
  it("counts a small example (worked by hand)", () => {
    const v = new Vocabulary();
    const t = new NgramTable();
    // "the cat the cat the": unigrams the×3 cat×2; bigrams (the cat)×2 (cat the)×2;
    // trigrams (the cat the)×2 (cat the cat)×1; totals 5, 4, 3.
    const c = countNgrams(t, v.ids("the cat the cat the".split(" ")), 3);
    expect(Array.from(c.totals)).toEqual([5, 4, 3]);
    expect([c.distinct(1), c.distinct(2), c.distinct(3)]).toEqual([2, 2, 2]);
    const the = t.key([v.id("the")]);
    const theCat = t.key(v.ids(["the", "cat"]));
    const catTheCat = t.key(v.ids(["cat", "the", "cat"]));
    expect(c.count(the)).toBe(3);
    expect(c.count(theCat)).toBe(2);
    expect(c.count(catTheCat)).toBe(1);
    expect(t.order(catTheCat)).toBe(3);
  });

  it("gives totals max(len - n + 1, 0), including orders longer than the text", () => {
    const t = new NgramTable();
    const c = countNgrams(t, [7, 7], 4);
    expect(Array.from(c.totals)).toEqual([2, 1, 0, 0]);
    expect(Array.from(c.offsets)).toEqual([0, 1, 2, 2, 2]);
    const e = countNgrams(t, [], 2);
    expect(Array.from(e.totals)).toEqual([0, 0]);
    expect(e.keys.length).toBe(0);
  });

  it("agrees with a string-keyed counter on tricky tokens (separators, NUL, astral, empty)", () => {
    fc.assert(
      fc.property(tokens(), fc.integer({ min: 1, max: 6 }), fc.boolean(), (toks, maxOrder, shared) => {
        const v = new Vocabulary();
        const table = shared ? sharedTable : new NgramTable(1);
        const c = countNgrams(table, v.ids(toks), maxOrder);
        for (let n = 1; n <= maxOrder; n++) {
          expect(asStrings(c, v, n)).toEqual(naiveNgrams(toks, n));
          expect(c.total(n)).toBe(Math.max(toks.length - n + 1, 0));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same counts on a table reused with clear() across segments of very different sizes", () => {
    const table = new NgramTable(1);
    fc.assert(
      fc.property(fc.array(tokens(300), { maxLength: 6 }), (segments) => {
        for (const toks of segments) {
          table.clear();
          const v = new Vocabulary();
          const c = countNgrams(table, v.ids(toks), 3);
          for (let n = 1; n <= 3; n++) expect(asStrings(c, v, n)).toEqual(naiveNgrams(toks, n));
          expect(table.size).toBe(c.keys.length);
        }
      }),
      { numRuns: 60 },
    );
  });

  it("empties a large table slot by slot after a small segment (sparse clear)", () => {
    const t = new NgramTable();
    const big = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 1009);
    const first = countNgrams(t, big, 4);
    const firstMaps = [1, 2, 3, 4].map((n) => first.toMap(n));
    t.clear();
    const small = countNgrams(t, [5, 6, 5], 2); // 3 + 2 keys in a table sized for ~12000
    expect(t.size).toBe(4);
    expect(Array.from(small.counts)).toEqual([2, 1, 1, 1]);
    t.clear(); // takes the slot-by-slot path
    const again = countNgrams(t, big, 4);
    expect([1, 2, 3, 4].map((n) => again.toMap(n))).toEqual(firstMaps);
    expect(t.find(0, 5)).toBeGreaterThan(0);
  });

  it("leaves the table scratch clean and rejects bad ids", () => {
    const t = new NgramTable();
    countNgrams(t, [1, 2, 1, 2, 3], 3);
    expect(t.scratch.every((x) => x === 0)).toBe(true);
    for (const bad of [[-1], [1.5], [Number.NaN], ["a" as unknown as number]]) {
      expect(() => countNgrams(t, bad, 2)).toThrow(/Token ids must be integers/);
    }
    expect(() => countNgrams(t, [1], 0)).toThrow(/maxOrder must be an integer/);
    expect(() => t.child(0, -1)).toThrow(/Token ids must be integers/);
    expect(() => t.child(t.size + 1, 3)).toThrow(/n-gram key from 0/);
    expect(t.find(0, 12345)).toBe(-1);
  });

  it("refuses counts from before a clear()", () => {
    const t = new NgramTable();
    const a = countNgrams(t, [1, 2], 2);
    t.clear();
    const b = countNgrams(t, [1, 2], 2);
    let err: unknown;
    try {
      overlap(a, b);
    } catch (e) {
      err = e;
    }
    expect(isGramscoreError(err, "INVALID_OPTION")).toBe(true);
    expect(Array.from(overlap(b, b))).toEqual([2, 1]);
  });

  it("refuses to compare counts of two tables", () => {
    const a = countNgrams(new NgramTable(), [1], 1);
    const b = countNgrams(new NgramTable(), [1], 1);
    expect(() => overlap(a, b)).toThrow(/same NgramTable/);
  });
});

const sharedTable = new NgramTable(4);

describe("clipping and overlap", () => {
  it("computes BLEU clipped matches on a small example (worked by hand)", () => {
    const v = new Vocabulary();
    const t = new NgramTable();
    // hyp "the the the the"; refs "the cat" and "the the": max count of "the" = 2,
    // so clipped unigram matches = min(4, 2) = 2; bigram (the the): hyp 3, ref max 1 -> 1.
    const hyp = countNgrams(t, v.ids(["the", "the", "the", "the"]), 2);
    const refs = [["the", "cat"], ["the", "the"]].map((r) => countNgrams(t, v.ids(r), 2));
    const max = maxCounts(refs);
    expect(Array.from(clippedMatches(hyp, max))).toEqual([2, 1]);
    expect(Array.from(max.totals)).toEqual([3, 2]); // the:2 + cat:1; (the cat):1 + (the the):1
  });

  it("maxCounts, overlap and matchStatistics agree with naive counters", () => {
    fc.assert(
      fc.property(tokens(25), fc.array(tokens(25), { minLength: 1, maxLength: 4 }), fc.integer({ min: 1, max: 5 }), (h, rs, N) => {
        const v = new Vocabulary();
        const t = new NgramTable();
        const hyp = countNgrams(t, v.ids(h), N);
        const refs = rs.map((r) => countNgrams(t, v.ids(r), N));
        const max = maxCounts(refs);
        const clipped = clippedMatches(hyp, max);
        for (let n = 1; n <= N; n++) {
          const nmax = naiveMax(rs.map((r) => naiveNgrams(r, n)));
          expect(asStrings(max, v, n)).toEqual(nmax);
          expect(clipped[n - 1]).toBe(naiveOverlap(naiveNgrams(h, n), nmax));
        }
        const ov = overlap(refs[0]!, hyp);
        const st = matchStatistics(hyp, refs[0]!);
        for (let n = 1; n <= N; n++) {
          const hn = naiveNgrams(h, n);
          const rn = naiveNgrams(rs[0]!, n);
          expect(ov[n - 1]).toBe(naiveOverlap(rn, hn));
          const refTotal = [...rn.values()].reduce((x, y) => x + y, 0);
          const hypTotal = [...hn.values()].reduce((x, y) => x + y, 0);
          expect([st[3 * n - 3], st[3 * n - 2], st[3 * n - 1]]).toEqual([
            rn.size > 0 ? hypTotal : 0,
            refTotal,
            naiveOverlap(hn, rn),
          ]);
        }
        expect(t.scratch.every((x) => x === 0)).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it("overlap is symmetric", () => {
    fc.assert(
      fc.property(tokens(20), tokens(20), (a, b) => {
        const v = new Vocabulary();
        const t = new NgramTable();
        const ca = countNgrams(t, v.ids(a), 3);
        const cb = countNgrams(t, v.ids(b), 3);
        expect(overlap(ca, cb)).toEqual(overlap(cb, ca));
      }),
    );
  });
});

describe("character n-grams", () => {
  it("counts code points, not UTF-16 units", () => {
    // "😀a😀": 3 code points (5 UTF-16 units): unigrams 😀×2 a×1; bigrams (😀a) (a😀); one trigram.
    const t = new NgramTable();
    const c = countCharNgrams(t, "😀a😀", 4);
    expect(Array.from(c.totals)).toEqual([3, 2, 1, 0]);
    expect(c.count(t.key([0x1f600]))).toBe(2);
    expect(Array.from(codePointIds("a😀\ud800b"))).toEqual([0x61, 0x1f600, 0xd800, 0x62]);
  });

  it("agrees with Array.from-based n-grams on arbitrary Unicode", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 30, size: "max" }), fc.integer({ min: 1, max: 6 }), (s, N) => {
        const t = new NgramTable();
        const c = countCharNgrams(t, s, N);
        const chars = Array.from(s);
        for (let n = 1; n <= N; n++) {
          const got = new Map<string, number>();
          for (const [key, k] of c.toMap(n)) got.set(keyOf(Array.from(t.ngram(key), (cp) => String.fromCodePoint(cp))), k);
          expect(got).toEqual(naiveNgrams(chars, n));
        }
      }),
    );
  });
});
