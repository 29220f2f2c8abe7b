import { ErrorCode, GramscoreError } from "@gramscore/core";
import { DEFAULT_REFERENCE_CACHE_BYTES, createBleu } from "@gramscore/metric-bleu";
import type { BleuMetric, BleuStats } from "@gramscore/metric-bleu";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** A deterministic word generator (xorshift), so the long references differ from each other. */
function words(seed: number): (n: number) => string {
  let x = seed | 1;
  const next = (): number => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return x >>> 0;
  };
  const vocab = ["the", "cat", "Haus", "sat", "on", "mat", "über", "1,000.50", "(x)", "naïve", "—", "ΟΔΟΣ", "data", "set", "!"];
  return (n) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) out.push(vocab[next() % vocab.length]! + (next() % 7 === 0 ? String(next() % 1000) : ""));
    return out.join(" ");
  };
}

/** Streams `count` segments with unique references through `metrics`, checking each step. */
function stream(metrics: BleuMetric[], count: number, length: number, seed: number, each: (step: BleuStats[]) => void): void {
  const gen = words(seed);
  for (let i = 0; i < count; i++) {
    const hyp = gen(length);
    const refs = [`${gen(length)} ${i}`, `${gen(length >> 1)} #${i}`];
    each(metrics.map((m) => m.stats(hyp, refs)));
  }
}

describe("reference cache bounded in bytes", () => {
  it("defaults to 32 MiB and reports its use", () => {
    const m = createBleu();
    expect(m.options.referenceCacheBytes).toBe(DEFAULT_REFERENCE_CACHE_BYTES);
    expect(DEFAULT_REFERENCE_CACHE_BYTES).toBe(32 * 1024 * 1024);
    expect(m.referenceCacheUsage()).toEqual({ entries: 0, bytes: 0, maxEntries: 65536, maxBytes: DEFAULT_REFERENCE_CACHE_BYTES });
    m.stats("a b c", ["a b c d", "a b"]);
    const used = m.referenceCacheUsage();
    expect(used.entries).toBe(2);
    // Two entries: their text twice (raw and prepared) at 2 bytes a unit, 12 bytes a token, 640 each.
    expect(used.bytes).toBe(2 * 640 + 2 * 2 * ("a b c d".length + "a b".length) + 12 * (4 + 2));
  });

  it("never holds more than its bound while unique long references stream, and never changes a number", () => {
    const maxBytes = 256 * 1024;
    const cached = createBleu({ referenceCacheBytes: maxBytes });
    const plain = createBleu({ referenceCache: 0 });
    let peak = 0;
    let emptied = 0;
    let before = 0;
    stream([cached, plain], 400, 300, 7, ([a, b]) => {
      expect(a).toEqual(b);
      const use = cached.referenceCacheUsage();
      expect(use.bytes).toBeLessThanOrEqual(maxBytes);
      if (use.entries < before) emptied++;
      before = use.entries;
      peak = Math.max(peak, use.bytes);
    });
    // The stream is ~2 MB of estimated cache: the bound was reached and the cache started over.
    expect(emptied).toBeGreaterThan(3);
    expect(peak).toBeGreaterThan(maxBytes / 2);
    expect(plain.referenceCacheUsage().entries).toBe(0);
  });

  it("keeps the default bound with the default entry count", () => {
    const m = createBleu();
    const plain = createBleu({ referenceCache: 0 });
    let peak = 0;
    // 110 segments with references ~6,000 and ~3,000 words long: ~40 MB of estimate, 32 MiB at most cached.
    stream([m, plain], 110, 6000, 11, ([a, b]) => {
      expect(a).toEqual(b);
      peak = Math.max(peak, m.referenceCacheUsage().bytes);
      expect(m.referenceCacheUsage().bytes).toBeLessThanOrEqual(DEFAULT_REFERENCE_CACHE_BYTES);
    });
    expect(peak).toBeGreaterThan(DEFAULT_REFERENCE_CACHE_BYTES / 2);
  });

  it("does not cache a reference larger than the whole bound, and scores it the same", () => {
    const gen = words(3);
    const long = gen(2000);
    const m = createBleu({ referenceCacheBytes: 4096 });
    const plain = createBleu({ referenceCache: 0 });
    expect(m.stats("the cat", [long])).toEqual(plain.stats("the cat", [long]));
    expect(m.referenceCacheUsage().entries).toBe(0);
    expect(m.stats("the cat", [long, "the cat"])).toEqual(plain.stats("the cat", [long, "the cat"]));
    expect(m.referenceCacheUsage().entries).toBe(1);
  });

  it("is off with referenceCacheBytes 0 or a tokenizer that is not built in", () => {
    const m = createBleu({ referenceCacheBytes: 0 });
    m.stats("a b", ["a b"]);
    expect(m.referenceCacheUsage()).toEqual({ entries: 0, bytes: 0, maxEntries: 0, maxBytes: 0 });
  });

  it("holds for any bound and stream (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 64 * 1024 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.tuple(fc.string({ maxLength: 40 }), fc.array(fc.string({ maxLength: 400 }), { minLength: 1, maxLength: 3 })), {
          maxLength: 40,
        }),
        (maxBytes, maxEntries, segs) => {
          const m = createBleu({ referenceCacheBytes: maxBytes, referenceCache: maxEntries });
          const plain = createBleu({ referenceCache: 0 });
          for (const [hyp, refs] of segs) {
            let want: BleuStats | string;
            try {
              want = plain.stats(hyp, refs);
            } catch (e) {
              want = (e as GramscoreError).code;
            }
            let got: BleuStats | string;
            try {
              got = m.stats(hyp, refs);
            } catch (e) {
              got = (e as GramscoreError).code;
            }
            expect(got).toEqual(want);
            const use = m.referenceCacheUsage();
            expect(use.bytes).toBeLessThanOrEqual(maxBytes);
            expect(use.entries).toBeLessThanOrEqual(maxEntries);
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses a bound that is not a non-negative integer", () => {
    for (const bad of [-1, 1.5, "lots", Number.NaN]) {
      let caught: unknown;
      try {
        createBleu({ referenceCacheBytes: bad as number });
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(GramscoreError);
      expect((caught as GramscoreError).code).toBe(ErrorCode.INVALID_OPTION);
      expect((caught as GramscoreError).message).toMatch(/referenceCacheBytes/);
    }
  });
});
