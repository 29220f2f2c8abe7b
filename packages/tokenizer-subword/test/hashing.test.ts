import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, isGramscoreError } from "@gramscore/core";
import { Sha256, canonicalJson, hashRanks, hashVocabulary, serializeRanks, sha256Hex } from "@gramscore/tokenizer-subword";

const nodeSha = (b: Uint8Array | string) => createHash("sha256").update(b).digest("hex");

describe("Sha256", () => {
  it("matches the FIPS 180-4 example vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    expect(sha256Hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq")).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
    const million = new Uint8Array(1_000_000).fill(0x61);
    expect(sha256Hex(million)).toBe("cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  });

  it("equals node:crypto on random bytes fed in random chunks", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 700 }), fc.array(fc.nat(200), { maxLength: 8 }), (bytes, cuts) => {
        const h = new Sha256();
        let at = 0;
        for (const c of cuts) {
          const end = Math.min(bytes.length, at + c);
          h.update(bytes.subarray(at, end));
          at = end;
        }
        h.update(bytes.subarray(at));
        expect(h.hex()).toBe(nodeSha(bytes));
      }),
      { numRuns: 300 },
    );
  });

  it("hashes text as UTF-8 (astral characters included)", () => {
    fc.assert(fc.property(fc.string({ unit: "grapheme" }), (s) => {
        expect(sha256Hex(s)).toBe(nodeSha(Buffer.from(s, "utf8")));
      }), { numRuns: 200 });
  });

  it("refuses update() after digest()", () => {
    const h = new Sha256().update(new Uint8Array([1]));
    h.hex();
    expect(() => h.update(new Uint8Array([2]))).toThrow();
  });
});

describe("canonicalJson", () => {
  const json = fc.jsonValue();

  it("parses back to the same value as JSON.stringify does", () => {
    fc.assert(fc.property(json, (v) => {
        expect(JSON.parse(canonicalJson(v))).toEqual(JSON.parse(JSON.stringify(v) ?? "null"));
      }), { numRuns: 300 });
  });

  it("does not depend on key order or formatting", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json), (obj) => {
        const reversed = Object.fromEntries(Object.entries(obj).reverse());
        const reparsed = JSON.parse(JSON.stringify(obj, null, 2));
        expect(canonicalJson(reversed)).toBe(canonicalJson(obj));
        expect(canonicalJson(reparsed)).toBe(canonicalJson(obj));
      }),
      { numRuns: 200 },
    );
  });

  it("is idempotent through parse and sorts keys", () => {
    expect(canonicalJson({ b: 1, a: [true, null, "x"], c: { z: 1, y: undefined } })).toBe('{"a":[true,null,"x"],"b":1,"c":{"z":1}}');
    fc.assert(fc.property(json, (v) => {
        expect(canonicalJson(JSON.parse(canonicalJson(v)))).toBe(canonicalJson(v));
      }), { numRuns: 200 });
  });

  it("writes Maps as objects and rejects cycles", () => {
    expect(canonicalJson(new Map([["b", 2], ["a", 1]]))).toBe('{"a":1,"b":2}');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    try {
      canonicalJson(cyclic);
      expect.unreachable();
    } catch (e) {
      expect(isGramscoreError(e, ErrorCode.INVALID_TYPE)).toBe(true);
    }
  });
});

describe("hashVocabulary", () => {
  it("hashes bytes and strings as given and objects canonically", () => {
    const bytes = new Uint8Array([0, 1, 2, 250]);
    expect(hashVocabulary(bytes)).toBe(nodeSha(bytes));
    expect(hashVocabulary(bytes.buffer)).toBe(nodeSha(bytes));
    expect(hashVocabulary("vocab ✓")).toBe(nodeSha("vocab ✓"));
    expect(hashVocabulary({ b: 1, a: 2 })).toBe(nodeSha('{"a":2,"b":1}'));
    expect(hashVocabulary(() => "x")).toBe(nodeSha("x"));
  });
  it("rejects other values", () => {
    expect(() => hashVocabulary(42 as unknown as string)).toThrow(/bytes, a string or a JSON object/);
  });
});

describe("serializeRanks / hashRanks", () => {
  it("writes rank, length and bytes in rank order whatever the input order", () => {
    const a: [number, Uint8Array][] = [
      [1, new Uint8Array([0x62])],
      [0, new Uint8Array([0x61, 0x62])],
    ];
    expect(Array.from(serializeRanks(a))).toEqual([0, 0, 0, 0, 0, 0, 0, 2, 0x61, 0x62, 0, 0, 0, 1, 0, 0, 0, 1, 0x62]);
    expect(hashRanks(a)).toBe(hashRanks([...a].reverse()));
    expect(hashRanks(a)).not.toBe(hashRanks([[0, new Uint8Array([0x61, 0x62])], [2, new Uint8Array([0x62])]]));
  });
  it("rejects a rank listed twice", () => {
    expect(() => serializeRanks([[3, new Uint8Array([1])], [3, new Uint8Array([2])]])).toThrow(/rank 3 twice/);
  });
});
