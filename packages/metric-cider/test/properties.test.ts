import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assertText, evaluate, GramscoreError, pySplit, toSegments } from "@gramscore/core";
import { cider, ciderOriginal, createCider, createCiderOriginal, type CiderStats } from "@gramscore/metric-cider";
import { log, npMean, powE } from "../src/numeric.js";
import { plainCider } from "./plain.js";

const word = fc.constantFrom("a", "dog", "cat", "runs", "on", "the", "grass", "red", "car", "é", "😀");
const caption = fc.array(word, { maxLength: 8 }).map((w) => w.join(" "));
const image = fc.record({ hyp: caption, refs: fc.array(caption, { minLength: 1, maxLength: 4 }) });
// Captions split by any Python whitespace (with the built-in str.split() tokenizer the tokens are
// numbered straight from the text), with characters that are not whitespace to Python (U+200B,
// U+FEFF), astral characters and lone surrogates (rejected, naming the text).
const gap = fc.constantFrom(" ", "  ", "\t", "\n", "\r\n", "\u000b", "\u000c", "\u001c", "\u001f", "\u0085", "\u00a0", "\u1680", "\u2003", "\u2028", "\u202f", "\u3000");
const token = fc.oneof(word, fc.constantFrom("a\u200bb", "\ufeff", "x\ud800", "\udfff", "😀x"));
const text = fc.tuple(fc.option(gap), fc.array(fc.tuple(token, gap), { maxLength: 6 }), fc.option(gap)).map(
  ([lead, parts, tail]) => (lead ?? "") + parts.map(([t, g]) => t + g).join("") + (tail ?? ""),
);
const corpus = fc.array(image, { minLength: 1, maxLength: 8 }).filter((c) => c.some((i) => i.refs.some((r) => r !== "")));

describe("properties", () => {
  const m = createCider({ tokenize: "none" });
  const statsOf = (c: { hyp: string; refs: string[] }[]): CiderStats => m.corpusStats(c);

  it("merge is associative, empty() is its identity, and any sharding scores the whole corpus", () => {
    fc.assert(
      fc.property(corpus, fc.nat(), fc.nat(), (c, i, j) => {
        const [a, b] = [i % (c.length + 1), j % (c.length + 1)].sort((x, y) => x - y);
        const [x, y, z] = [statsOf(c.slice(0, a)), statsOf(c.slice(a, b)), statsOf(c.slice(b))];
        const left = m.merge(m.merge(x, y), z);
        expect(JSON.stringify(left)).toBe(JSON.stringify(m.merge(x, m.merge(y, z))));
        expect(JSON.stringify(m.merge(m.empty(), x))).toBe(JSON.stringify(x));
        expect(m.score(JSON.parse(JSON.stringify(left)), "corpus")).toEqual(m.score(statsOf(c), "corpus"));
      }),
    );
  });

  it("reordering the images reorders their scores, bit for bit (document frequencies do not depend on order)", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        const rev = c.slice().reverse();
        expect(m.score(statsOf(rev), "corpus").scores).toEqual(m.score(statsOf(c), "corpus").scores.slice().reverse());
      }),
    );
  });

  it("scores lie in [0, 10]; a candidate equal to every reference of its image scores 10 under CIDEr-D when its n-grams are informative", () => {
    fc.assert(
      fc.property(corpus, (c) => {
        for (const s of m.score(statsOf(c), "corpus").scores) expect(s >= 0 && s <= 10 + 1e-12).toBe(true);
        for (const s of createCiderOriginal({ tokenize: "none" }).score(statsOf(c), "corpus").scores) expect(s >= 0 && s <= 10 + 1e-12).toBe(true);
      }),
    );
    const r = m.score(statsOf([{ hyp: "a dog runs on grass", refs: ["a dog runs on grass", "a dog runs on grass"] }, { hyp: "x", refs: ["y z"] }]), "corpus");
    expect(Math.abs(r.scores[0]! - 10)).toBeLessThan(1e-12);
  });

  it("equals CIDEr written out plainly (pycocoevalcap's dictionaries), bit for bit, for any order and sigma", () => {
    fc.assert(
      fc.property(corpus, fc.integer({ min: 1, max: 6 }), fc.double({ min: 0.5, max: 20, noNaN: true }), (c, n, sigma) => {
        const stats = statsOf(c);
        const images = stats.segments.map(([hyp, refs]) => ({ hyp, refs }));
        expect(createCider({ tokenize: "none", n, sigma }).score(stats, "corpus")).toMatchObject(plainCider(images, n, sigma, true));
        expect(createCiderOriginal({ tokenize: "none", n }).score(stats, "corpus")).toMatchObject(plainCider(images, n, 6, false));
      }),
    );
  });

  it("equals CIDEr written out plainly on a corpus of 60,000 distinct tokens (n-gram keys of 31 bits and more)", () => {
    // 8,000 images of 6-token captions mixing 40 common words with rare ones: the token count squared
    // is over 2^31, so the engine numbers these n-grams in a Map instead of its table of one-int keys.
    let seed = 12345;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    const common = Array.from({ length: 40 }, (_, i) => `w${i}`);
    const word = () => ((next() >>> 8) % 3 === 0 ? common[(next() >>> 8) % 40]! : `r${(next() >>> 4) % 1_000_000}`);
    const text = () => [word(), word(), word(), word(), word(), word()].join(" ");
    const c = Array.from({ length: 8000 }, () => {
      const hyp = text();
      return { hyp, refs: [hyp, text()] }; // the candidate's n-grams are in a reference: they must match
    });
    const stats = statsOf(c);
    const distinct = new Set(stats.segments.flatMap(([hyp, refs]) => [hyp, ...refs].flat())).size;
    expect(distinct * distinct).toBeGreaterThan(2 ** 31);
    const images = stats.segments.map(([hyp, refs]) => ({ hyp, refs }));
    const got = m.score(stats, "corpus");
    const want = plainCider(images, 4, 6, true);
    expect(got.scores).toEqual(want.scores);
    expect(got.score).toBe(want.score);
    expect(got.scores.filter((x) => x > 0).length).toBeGreaterThan(100);
  });

  it("statistics hold core's pySplit tokens of any text, and score as CIDEr written out plainly on them", () => {
    const outcome = (fn: () => unknown) => {
      try {
        return fn();
      } catch (e) {
        return e instanceof GramscoreError ? e.code : String(e);
      }
    };
    const images = fc.array(fc.record({ hyp: text, refs: fc.array(text, { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(images, (c) => {
        const split = outcome(() => c.map((i) => [pySplit(assertText(i.hyp, "hyp")), i.refs.map((r) => pySplit(assertText(r, "ref")))]));
        const stats = outcome(() => m.corpusStats(c));
        if (typeof split === "string") expect(stats).toBe(split);
        else {
          expect((stats as CiderStats).segments).toEqual(split);
          const tokens = (split as [string[], string[][]][]).map(([hyp, refs]) => ({ hyp, refs }));
          if (tokens.some((i) => i.refs.some((r) => r.length > 0))) expect(m.score(stats as CiderStats, "corpus")).toMatchObject(plainCider(tokens, 4, 6, true));
        }
      }),
      { numRuns: 300 },
    );
  });

  it("cider() and ciderOriginal() (no statistics built) give evaluate()'s corpus result, key for key, and its errors", () => {
    const codeOf = (fn: () => unknown) => {
      try {
        fn();
        return "none";
      } catch (e) {
        return e instanceof GramscoreError ? `${e.code}: ${e.message}` : String(e);
      }
    };
    const any = fc.array(fc.record({ hyp: fc.oneof(caption, text), refs: fc.array(fc.oneof(caption, text), { minLength: 1, maxLength: 3 }) }), { maxLength: 6 });
    fc.assert(
      fc.property(any, fc.integer({ min: 1, max: 5 }), (c, n) => {
        const hyps = c.map((i) => i.hyp);
        const refs = [0, 1, 2].map((k) => c.map((i) => i.refs[k] ?? null));
        for (const [direct, create] of [
          [cider, createCider],
          [ciderOriginal, createCiderOriginal],
        ] as const) {
          const viaEvaluate = () => evaluate(create({ tokenize: "none", n }), toSegments(hyps, refs)).corpus;
          const expected = codeOf(viaEvaluate);
          expect(codeOf(() => direct(hyps, refs, { tokenize: "none", n }))).toBe(expected);
          if (expected === "none") expect(direct(hyps, refs, { tokenize: "none", n })).toStrictEqual(viaEvaluate());
        }
      }),
      { numRuns: 300 },
    );
  });

  it("statistics score the same whatever was read or scored in between, and after being changed in place", () => {
    fc.assert(
      fc.property(corpus, corpus, fc.nat(), (c, d, at) => {
        const expected = m.score(JSON.parse(JSON.stringify(statsOf(c))), "corpus");
        const x = statsOf(c);
        const y = statsOf(d); // the engine's arrays now hold d's tokens
        expect(m.score(x, "corpus")).toEqual(expected);
        expect(m.score(x, "corpus")).toEqual(expected);
        expect(m.score(y, "corpus")).toEqual(m.score(JSON.parse(JSON.stringify(y)), "corpus"));
        // A token changed, added or removed in place after corpusStats: scored as the changed corpus.
        const z = statsOf(c);
        const seg = z.segments[at % z.segments.length]!;
        const tokens = seg[1][at % seg[1].length]!;
        if (at % 3 === 0) tokens.push("zebra");
        else if (at % 3 === 1 && tokens.length > 0) tokens[at % tokens.length] = "zebra";
        else seg[0].pop();
        expect(m.score(z, "corpus")).toEqual(m.score(JSON.parse(JSON.stringify(z)), "corpus"));
      }),
    );
  });

  it("log and powE agree with Math's (which is not correctly rounded) to the last bits", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-300, max: 1e300, noNaN: true }), (x) => {
        const y = log(x);
        expect(Math.abs(y - Math.log(x))).toBeLessThanOrEqual(Math.abs(y) * 2 ** -51 + Number.MIN_VALUE);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), (d) => {
        const x = -(d * d) / 72;
        const y = powE(x);
        expect(Math.abs(y - Math.pow(Math.E, x))).toBeLessThanOrEqual(y * 2 ** -51); // Math.E ** x, not e ** x, as Python
      }),
    );
    expect(log(1)).toBe(0);
    expect(powE(0)).toBe(1);
    expect(log(2 ** 10)).toBe(10 * Math.LN2);
  });

  it("npMean is numpy's pairwise mean: exact on integers, and within rounding of the exact mean", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 600 }), (xs) => {
        expect(npMean(xs)).toBe(xs.reduce((a, b) => a + b, 0) / xs.length);
      }),
    );
  });
});
