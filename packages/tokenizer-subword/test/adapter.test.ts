import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { ErrorCode, GramscoreError, evaluate, isGramscoreError, parseSignature, type Tokenizer } from "@gramscore/core";
import { createSubwordTokenizer, pendingTokenizer, type SubwordTokenizer } from "@gramscore/tokenizer-subword";
import { createOverlapMetric } from "./helpers.js";

/** A toy vocabulary: one id per distinct lowercase word, in a fixed list. */
const VOCAB = ["<unk>", "the", "cat", "sat", "on", "mat", "a", "dog", "ran"];
const wordIds = (text: string) => text.toLowerCase().split(/\s+/).filter(Boolean).map((w) => Math.max(0, VOCAB.indexOf(w)));

function expectCode(fn: () => unknown, code: ErrorCode, message?: RegExp): GramscoreError {
  try {
    fn();
  } catch (e) {
    expect(isGramscoreError(e, code), String(e)).toBe(true);
    if (message) expect((e as Error).message).toMatch(message);
    return e as GramscoreError;
  }
  throw new Error("expected an error");
}

describe("createSubwordTokenizer", () => {
  it("turns ids into their decimal strings and pins the vocabulary in the signature", () => {
    const tok = createSubwordTokenizer(wordIds, { name: "toy", vocabulary: VOCAB.join("\n") });
    expect(tok.name).toBe("toy");
    expect(tok.tokenize("The cat sat on the mat")).toEqual(["1", "2", "3", "4", "1", "5"]);
    expect(tok.encode("a dog ran")).toEqual([6, 7, 8]);
    const sha = createHash("sha256").update(VOCAB.join("\n")).digest("hex");
    expect(tok.vocabularyHash).toBe(sha);
    expect(tok.vocabularyId).toBe(sha.slice(0, 8));
    expect(tok.signature).toBe(`toy#${sha.slice(0, 8)}`);
  });

  it("accepts every output shape: number[], typed arrays, { ids }, { input_ids } and encode() objects", () => {
    const vocabulary = new Uint8Array([1, 2, 3]);
    const shapes: [string, SubwordTokenizer][] = [
      ["array", createSubwordTokenizer(() => [5, 10, 5], { vocabulary })],
      ["Uint32Array", createSubwordTokenizer(() => Uint32Array.of(5, 10, 5), { vocabulary })],
      ["Int32Array", createSubwordTokenizer(() => Int32Array.of(5, 10, 5), { vocabulary })],
      ["{ ids }", createSubwordTokenizer(() => ({ ids: [5, 10, 5] }), { vocabulary })],
      ["{ input_ids }", createSubwordTokenizer(() => ({ input_ids: [5, 10, 5] }), { vocabulary })],
      ["object", createSubwordTokenizer({ encode: () => [5, 10, 5] }, { vocabulary })],
    ];
    for (const [what, tok] of shapes) {
      expect(tok.tokenize("x"), what).toEqual(["5", "10", "5"]);
      expect(tok.signature, what).toBe(shapes[0]![1].signature);
    }
  });

  it("keeps `this` when calling an encode() method", () => {
    const enc = {
      offset: 100,
      encode(text: string) {
        return [...text].map((c) => this.offset + c.charCodeAt(0));
      },
    };
    expect(createSubwordTokenizer(enc, { vocabularyId: "chars" }).tokenize("ab")).toEqual(["197", "198"]);
  });

  it("reuses one string object per id (cheap to intern downstream)", () => {
    const tok = createSubwordTokenizer(() => [123456, 123456, 7], { vocabularyId: "v" });
    const [a, b] = tok.tokenize("x");
    const [c] = tok.tokenize("y");
    expect(a).toBe("123456");
    expect(Object.is(a, b) && Object.is(a, c)).toBe(true);
  });

  it("round-trips any id sequence through tokenize() (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.nat(300_000), fc.nat(2 ** 31))), (ids) => {
        const tok = createSubwordTokenizer(() => ids, { vocabularyId: "prop" });
        expect(tok.tokenize("x").map(Number)).toEqual(ids);
        expect(tok.encode("x")).toEqual(ids);
      }),
      { numRuns: 200 },
    );
  });

  it("uses pieces as they are when the encoder returns strings", () => {
    const tok = createSubwordTokenizer((t) => t.split(" ").map((w) => `▁${w}`), { vocabularyId: "pieces" });
    expect(tok.tokenize("a b")).toEqual(["▁a", "▁b"]);
    expectCode(() => tok.encode("a b"), ErrorCode.INVALID_OPTION, /pieces, not ids/);
  });

  it("refuses an encoder that switches between ids and pieces", () => {
    let calls = 0;
    const tok = createSubwordTokenizer(() => (calls++ === 0 ? [1] : ["1"]), { vocabularyId: "v" });
    tok.tokenize("a");
    expectCode(() => tok.tokenize("b"), ErrorCode.INVALID_TYPE, /same kind/);
  });

  it("computes the hash lazily, once", () => {
    const vocabulary = vi.fn(() => "lazy vocabulary");
    const tok = createSubwordTokenizer(wordIds, { vocabulary });
    tok.tokenize("the cat");
    expect(vocabulary).not.toHaveBeenCalled();
    const sig = tok.signature;
    expect(tok.signature).toBe(sig);
    expect(tok.vocabularyId).toBe(sig.split("#")[1]);
    expect(vocabulary).toHaveBeenCalledTimes(1);
  });

  it("hashes objects canonically: equal JSON gives equal signatures, different JSON different ones", () => {
    const a = createSubwordTokenizer(wordIds, { vocabulary: { model: { vocab: { the: 1, cat: 2 } }, version: "1" } });
    const b = createSubwordTokenizer(wordIds, { vocabulary: { version: "1", model: { vocab: { cat: 2, the: 1 } } } });
    const c = createSubwordTokenizer(wordIds, { vocabulary: { version: "1", model: { vocab: { cat: 3, the: 1 } } } });
    expect(a.signature).toBe(b.signature);
    expect(a.signature).not.toBe(c.signature);
  });

  it("accepts a precomputed hash or an explicit vocabulary id", () => {
    const h = "ab".repeat(32);
    expect(createSubwordTokenizer(wordIds, { name: "x", vocabularyHash: () => h }).signature).toBe("x#abababab");
    const named = createSubwordTokenizer(wordIds, { name: "llama3", vocabularyId: "Llama-3.1-8B@rev2" });
    expect(named.signature).toBe("llama3#Llama-3.1-8B@rev2");
    expect(named.vocabularyHash).toBeUndefined();
    expectCode(() => createSubwordTokenizer(wordIds, { vocabularyHash: () => "nope" }).signature, ErrorCode.INVALID_OPTION, /64 lowercase hex/);
  });

  it("uses `label` for the signature and keeps it parseable inside a metric signature", () => {
    const tok = createSubwordTokenizer(wordIds, { name: "mine", label: "mine-v2+special", vocabularyId: "abc" });
    expect(tok.signature).toBe("mine-v2+special#abc");
    const metric = createOverlapMetric(tok);
    expect(parseSignature(metric.signature()).tok).toBe("mine-v2+special#abc");
  });

  it("rejects a vocabulary of the wrong type when the tokenizer is created", () => {
    expectCode(() => createSubwordTokenizer(wordIds, { vocabulary: 42 as never }), ErrorCode.INVALID_OPTION, /vocabulary must be bytes/);
  });

  it("requires a vocabulary fingerprint and says how to give one", () => {
    const e = expectCode(() => createSubwordTokenizer(wordIds, { name: "nohash" }), ErrorCode.INVALID_OPTION, /neither `vocabulary` nor `vocabularyId`/);
    expect(e.message).toMatch(/tokenizer\.json/);
  });

  it("rejects names and ids that would break a signature", () => {
    for (const bad of ["", "a|b", "a:b", "a#b", "a b", "-x"]) {
      expectCode(() => createSubwordTokenizer(wordIds, { name: bad, vocabularyId: "v" }), ErrorCode.INVALID_OPTION);
    }
    for (const bad of ["", "x|y", "x y", "x:y"]) expectCode(() => createSubwordTokenizer(wordIds, { vocabularyId: bad }), ErrorCode.INVALID_OPTION);
  });

  it("rejects things that are not encoders, bad ids and non-string text", () => {
    expectCode(() => createSubwordTokenizer({} as never, { vocabularyId: "v" }), ErrorCode.INVALID_TYPE, /encode\(text\)/);
    for (const bad of [[-1], [1.5], [Number.NaN], ["a", 2]] as unknown[][]) {
      const tok = createSubwordTokenizer(() => bad as number[], { vocabularyId: "v" });
      expectCode(() => tok.tokenize("x"), ErrorCode.INVALID_TYPE);
    }
    expectCode(() => createSubwordTokenizer(() => 5 as never, { vocabularyId: "v" }).tokenize("x"), ErrorCode.INVALID_TYPE, /must return token ids/);
    expectCode(() => createSubwordTokenizer(wordIds, { vocabularyId: "v" }).tokenize(3 as never), ErrorCode.INVALID_TYPE, /must be a string/);
  });

  it("wraps a failing encoder in a GramscoreError with the cause", () => {
    const boom = new Error("boom");
    const e = expectCode(
      () =>
        createSubwordTokenizer(
          () => {
            throw boom;
          },
          { vocabularyId: "v" },
        ).tokenize("x"),
      ErrorCode.MALFORMED_INPUT,
      /boom/,
    );
    expect(e.cause).toBe(boom);
  });

  it("disposes once and refuses to tokenize afterwards", () => {
    const dispose = vi.fn();
    const tok = createSubwordTokenizer(wordIds, { vocabularyId: "v", dispose });
    tok.dispose();
    tok.dispose();
    expect(dispose).toHaveBeenCalledTimes(1);
    expectCode(() => tok.tokenize("the"), ErrorCode.USAGE, /disposed/);
  });

  it("is ready at once", async () => {
    const tok = createSubwordTokenizer(wordIds, { vocabularyId: "v" });
    await expect(tok.ready).resolves.toBe(tok);
  });

  it("plugs into core's evaluate() with exact integer statistics", () => {
    const tok: Tokenizer = createSubwordTokenizer(wordIds, { name: "toy", vocabulary: VOCAB.join("\n") });
    const metric = createOverlapMetric(tok);
    const result = evaluate(metric, [
      { hyp: "the cat sat on the mat", refs: ["a cat sat on a mat", "the dog sat"] },
      { hyp: "a dog ran", refs: ["the dog ran"] },
    ]);
    // "the" ×2 vs max 1 in the refs, cat, sat, on, mat: 5 of 6; then dog, ran: 2 of 3.
    expect(result.stats).toEqual([7, 9, 9]);
    expect(result.signature).toBe(`tok:${tok.signature}|version:test`);
  });
});

describe("pendingTokenizer", () => {
  it("throws USAGE until ready, then behaves as the loaded tokenizer", async () => {
    let resolve!: (t: SubwordTokenizer) => void;
    const pending = pendingTokenizer("later", new Promise<SubwordTokenizer>((r) => (resolve = r)));
    expect(pending.name).toBe("later");
    expectCode(() => pending.tokenize("the cat"), ErrorCode.USAGE, /await `tokenizer.ready`/i);
    expectCode(() => pending.signature, ErrorCode.USAGE);
    const inner = createSubwordTokenizer(wordIds, { name: "later", vocabularyId: "v1" });
    resolve(inner);
    await expect(pending.ready).resolves.toBe(pending);
    expect(pending.tokenize("the cat")).toEqual(["1", "2"]);
    expect(pending.encode("the cat")).toEqual([1, 2]);
    expect(pending.signature).toBe("later#v1");
    expect(pending.vocabularyId).toBe("v1");
    expect(pending.vocabularyHash).toBeUndefined();
  });

  it("rethrows the load error from ready and from every use, without an unhandled rejection", async () => {
    const failure = new GramscoreError(ErrorCode.MISSING_DEPENDENCY, "not installed");
    const pending = pendingTokenizer("broken", Promise.reject(failure));
    await new Promise((r) => setTimeout(r, 0));
    expect(() => pending.tokenize("x")).toThrow(failure);
    await expect(pending.ready).rejects.toBe(failure);
  });

  it("disposes the tokenizer once it arrives when asked before", async () => {
    const dispose = vi.fn();
    const inner = createSubwordTokenizer(wordIds, { vocabularyId: "v", dispose });
    const pending = pendingTokenizer("p", Promise.resolve(inner));
    pending.dispose();
    await pending.ready;
    expect(dispose).toHaveBeenCalledTimes(1);
  });
});
