/**
 * The reference index and cache against the counting kernel: white-box on random code point
 * sequences, and through the metric (cache on, tiny and evicting, or off) on random segments whose
 * references repeat.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError } from "@gramscore/core";
import { createChrf } from "@gramscore/metric-chrf";
import type { ChrfOptions } from "@gramscore/metric-chrf";
import { NgramStatsCounter } from "../src/kernel.js";
import { MAX_INDEXED, PAIR_TABLE, ReferenceIndex, ReferenceIndexer } from "../src/refindex.js";
import { options, repetitive, text } from "./arbitraries.js";

/** Code points: a few (so that n-grams repeat), some astral, some large. */
const codePoint = fc.oneof(
  fc.integer({ min: 0, max: 5 }),
  fc.constantFrom(0x20, 0x61, 0x1f600, 0x10ffff, 0x2000b, 0xffff),
  fc.integer({ min: 0, max: 0x10ffff }),
);
const codePoints = (max: number) => fc.array(codePoint, { maxLength: max }).map((a) => Int32Array.from(a));

function viaKernel(counter: NgramStatsCounter, hyp: Int32Array, ref: Int32Array, order: number): number[] {
  const out = new Int32Array(3 * order + 4);
  counter.count(hyp, hyp.length, ref, Int32Array.from([0, ref.length]), 1, order, out, 3 * order, 2);
  return Array.from(out);
}

function viaIndex(indexer: ReferenceIndexer, hyp: Int32Array, ref: Int32Array, order: number): number[] {
  // The reference sits inside a larger buffer, as in the metric.
  const buf = new Int32Array(ref.length + 7).fill(42);
  buf.set(ref, 3);
  const ix = indexer.build(buf, 3, ref.length, order);
  expect(ix).not.toBeNull();
  const out = new Int32Array(3 * order + 4);
  indexer.match(ix!, hyp, hyp.length, order, out, 2);
  return Array.from(out);
}

/** What `match` writes for orders 1-6 against a built index, laid out as {@link viaKernel} returns it. */
function matchSix(indexer: ReferenceIndexer, ix: ReferenceIndex, hyp: Int32Array): number[] {
  const out = new Int32Array(18);
  indexer.match(ix, hyp, hyp.length, 6, out, 0);
  return [0, 0, ...out, 0, 0];
}

describe("ReferenceIndexer", () => {
  it("gives the kernel's statistics for any code points, orders 1-8, with its buffers reused", () => {
    const counter = new NgramStatsCounter();
    const indexer = new ReferenceIndexer();
    fc.assert(
      fc.property(codePoints(60), fc.array(codePoints(60), { minLength: 1, maxLength: 3 }), fc.integer({ min: 1, max: 8 }), (hyp, refs, order) => {
        for (const ref of refs) {
          expect(viaIndex(indexer, hyp, ref, order)).toEqual(viaKernel(counter, hyp, ref, order));
          // A hypothesis equal to (or inside) the reference matches at every order.
          const inside = ref.subarray(ref.length >> 2);
          expect(viaIndex(indexer, inside, ref, order)).toEqual(viaKernel(counter, inside, ref, order));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("matches one index against many hypotheses", () => {
    const counter = new NgramStatsCounter();
    const indexer = new ReferenceIndexer();
    fc.assert(
      fc.property(codePoints(80), fc.array(codePoints(80), { maxLength: 6 }), (ref, hyps) => {
        const ix = indexer.build(ref, 0, ref.length, 6)!;
        for (const hyp of hyps) expect(matchSix(indexer, ix, hyp)).toEqual(viaKernel(counter, hyp, ref, 6));
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a bigram table up to 63 distinct characters and walks the trie beyond, with the same statistics", () => {
    const counter = new NgramStatsCounter();
    const indexer = new ReferenceIndexer();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 70 }), fc.array(fc.nat(), { minLength: 1, maxLength: 200 }), fc.array(fc.nat(), { maxLength: 200 }), (distinct, picks, hypPicks) => {
        // Every one of `distinct` characters appears, then random ones among them (and one unknown to the reference in the hypothesis).
        const ref = Int32Array.from([...Array.from({ length: distinct }, (_, i) => 0x61 + i), ...picks.map((p) => 0x61 + (p % distinct))]);
        const hyp = Int32Array.from(hypPicks.map((p) => 0x61 + (p % (distinct + 1))));
        const ix = indexer.build(ref, 0, ref.length, 6)!;
        expect(ix.width).toBe(distinct + 1);
        expect(ix.pairs.length).toBe((distinct + 1) ** 2 <= PAIR_TABLE ? (distinct + 1) ** 2 : 0);
        expect(matchSix(indexer, ix, hyp)).toEqual(viaKernel(counter, hyp, ref, 6));
      }),
      { numRuns: 300 },
    );
  });

  it("indexes references with many distinct characters (the hashed pair table)", () => {
    const counter = new NgramStatsCounter();
    const indexer = new ReferenceIndexer();
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0x4e00, max: 0x4e00 + 600 }), { minLength: 2000, maxLength: 3000 }), (cps) => {
        const ref = Int32Array.from(cps);
        const hyp = Int32Array.from([...cps.slice(500, 900), ...cps.slice(100, 300).reverse(), ...cps.slice(1500, 1600)]);
        expect(viaIndex(indexer, hyp, ref, 6)).toEqual(viaKernel(counter, hyp, ref, 6));
      }),
      { numRuns: 10 },
    );
  });

  it("refuses references too large for 16-bit numbers, and indexes the largest it can", () => {
    const indexer = new ReferenceIndexer();
    expect(indexer.build(new Int32Array(MAX_INDEXED + 1), 0, MAX_INDEXED + 1, 6)).toBeNull();
    // Distinct characters everywhere: one node per n-gram, far more than 2^16.
    const distinct = Int32Array.from({ length: 20_000 }, (_, i) => i);
    expect(indexer.build(distinct, 0, distinct.length, 6)).toBeNull();
    const same = new Int32Array(MAX_INDEXED).fill(7);
    const ix = indexer.build(same, 0, same.length, 6)!;
    const out = new Int32Array(18);
    indexer.match(ix, same.subarray(0, 10), 10, 6, out, 0);
    expect(Array.from(out)).toEqual([10, 65535, 10, 9, 65534, 9, 8, 65533, 8, 7, 65532, 7, 6, 65531, 6, 5, 65530, 5]);
  });
});

/** A corpus whose segments draw their references from a small pool, so that they repeat. */
const corpus = fc
  .record({
    pool: fc.array(fc.oneof(text(), repetitive(), fc.constant("")), { minLength: 1, maxLength: 6 }),
    segs: fc.array(
      fc.record({
        hyp: fc.oneof(text(), repetitive()),
        picks: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
      }),
      { maxLength: 12 },
    ),
  })
  .map(({ pool, segs }) => segs.map((s) => ({ hyp: s.hyp, refs: s.picks.map((p) => pool[p % pool.length]!) })));

describe("the reference cache", () => {
  it("gives the kernel's statistics, cached, evicting or off, any options", () => {
    fc.assert(
      fc.property(options(), corpus, fc.constantFrom(undefined, 1, 600, 3000, 1 << 20), (o, segs, bytes) => {
        const off = createChrf({ ...o, referenceCacheBytes: 0 });
        const on = createChrf(bytes === undefined ? o : { ...o, referenceCacheBytes: bytes });
        // Twice over, so that the second pass finds its references cached (or evicted).
        for (let pass = 0; pass < 2; pass++) {
          for (const s of segs) expect(on.stats(s.hyp, s.refs)).toEqual(off.stats(s.hyp, s.refs));
          expect(on.corpusStats(segs)).toEqual(off.corpusStats(segs));
        }
        if (segs.length > 0) {
          const [s] = segs;
          expect(on.explain(s!.hyp, s!.refs)).toEqual(off.explain(s!.hyp, s!.refs));
        }
        expect(on.signature()).toBe(off.signature());
      }),
      { numRuns: 300 },
    );
  });

  it("gives the kernel's statistics for references too large to index", () => {
    const rng = (seed: number) => () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const r = rng(7);
    const alphabet = Array.from("abcdefgh 😀");
    const long = Array.from({ length: 80_000 }, () => alphabet[Math.floor(r() * alphabet.length)]).join("");
    const wide = Array.from({ length: 16_000 }, () => String.fromCodePoint(0x4e00 + Math.floor(r() * 3000))).join("");
    const hyp = long.slice(100, 400).replace(/😀/g, "") + wide.slice(50, 300);
    const refs = [long, "abc def", wide];
    const off = createChrf({ referenceCacheBytes: 0 });
    const on = createChrf();
    for (let pass = 0; pass < 2; pass++) expect(on.stats(hyp, refs)).toEqual(off.stats(hyp, refs));
  });

  it("raises the same errors as without it", () => {
    const errorOf = (o: ChrfOptions, hyp: string, refs: string[]): unknown => {
      const m = createChrf(o);
      m.stats("warm", ["the cache", "ok"]);
      try {
        m.stats(hyp, refs);
      } catch (e) {
        expect(e).toBeInstanceOf(GramscoreError);
        return { code: (e as GramscoreError).code, message: (e as GramscoreError).message };
      }
      return undefined;
    };
    const cases: [string, string[]][] = [
      ["a\ud800b", ["the cache"]],
      ["ok", ["the cache", "x\udc00"]],
      ["ok", ["y\ud800", "x\udc00"]],
      ["\udfff", ["the cache", "x\udc00"]],
    ];
    for (const [hyp, refs] of cases) {
      for (const lowercase of [false, true]) {
        const expected = errorOf({ lowercase, referenceCacheBytes: 0 }, hyp, refs);
        expect(expected).toMatchObject({ code: ErrorCode.LONE_SURROGATE });
        expect(errorOf({ lowercase }, hyp, refs)).toEqual(expected);
      }
    }
  });

  it("is an option: a whole number of bytes, not in the signature", () => {
    expect(createChrf().options.referenceCacheBytes).toBe(32 * 1024 * 1024);
    expect(createChrf({ referenceCacheBytes: 0 }).signature()).toBe(createChrf().signature());
    for (const bad of [-1, 1.5, "1", Number.NaN, 2 ** 60]) {
      expect(() => createChrf({ referenceCacheBytes: bad as number })).toThrow(
        expect.objectContaining({ code: ErrorCode.INVALID_OPTION, details: { option: "referenceCacheBytes" } }),
      );
    }
  });
});
