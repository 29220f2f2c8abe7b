import { isGramscoreError } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { IPADIC_FILE, IPADIC_INFO, loadIpadic, parseIpadic, useIpadic } from "../src/index.js";

describe("ipadic.bin", () => {
  it("holds IPADIC 2.7.0-20070801: 392,126 entries and the 1316 x 1316 matrix", () => {
    const dic = loadIpadic();
    expect(dic.size).toBe(IPADIC_INFO.entries);
    expect(dic.entryStart[dic.entryStart.length - 1]).toBe(392126);
    expect([dic.lsize, dic.rsize]).toEqual([1316, 1316]);
    expect(dic.matrix.length).toBe(1316 * 1316);
    expect(loadIpadic()).toBe(dic);
  });

  it("keeps the surfaces sorted and an entry's ids and cost as the sources list them", () => {
    const dic = loadIpadic();
    const surface = (i: number) => dic.text.slice(dic.surfaceStart[i], dic.surfaceStart[i + 1]);
    for (let i = 1; i < dic.surfaceStart.length - 1; i += 97) expect(surface(i - 1) < surface(i)).toBe(true);
    // 東京,1293,1293,3003,名詞,固有名詞,地域,一般,*,*,東京,トウキョウ,トーキョー (Noun.place.csv)
    let lo = 0;
    let hi = dic.surfaceStart.length - 1;
    while (lo < hi) {
      const m = (lo + hi) >>> 1;
      if (surface(m) < "東京") lo = m + 1;
      else hi = m;
    }
    expect(surface(lo)).toBe("東京");
    const j = dic.entryStart[lo]!;
    expect([...dic.entries.subarray(3 * j, 3 * j + 3)]).toEqual([1293, 1293, 3003]);
  });

  it("reads char.def and unk.def", () => {
    const dic = loadIpadic();
    expect(dic.categories.map((c) => c.name)).toEqual(["DEFAULT", "SPACE", "KANJI", "SYMBOL", "NUMERIC", "ALPHA", "HIRAGANA", "KATAKANA", "KANJINUMERIC", "GREEK", "CYRILLIC"]);
    // 0x4E00 (一) is KANJINUMERIC then KANJI: both bits, KANJINUMERIC the default.
    expect(dic.charClass[0x4e00]! >>> 18).toBe(8);
    expect(dic.charClass[0x4e00]! & 0x3ffff).toBe((1 << 8) | (1 << 2));
    // 0x00D0 is listed as SPACE, then again (0x00C0..0x00FF) as ALPHA: the later line wins.
    expect(dic.charClass[0xd0]! >>> 18).toBe(5);
    expect([...dic.unknown[1]!]).toEqual([9, 9, 8903]);
  });

  it("takes the file's bytes (as a browser hands them over) in place of the file", () => {
    const bytes = readFileSync(new URL(`../dist/${IPADIC_FILE}`, import.meta.url));
    const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    const dic = useIpadic(copy);
    expect(dic.size).toBe(392126);
    expect(loadIpadic()).toBe(dic);
    expect([...dic.matrix.subarray(0, 4)]).toEqual([...parseIpadic(bytes).matrix.subarray(0, 4)]);
  });

  it("rejects bytes that are not an ipadic.bin", () => {
    for (const bytes of [new Uint8Array(4), new TextEncoder().encode("NOTADICT and more bytes")]) {
      let error: unknown;
      try {
        parseIpadic(bytes);
      } catch (e) {
        error = e;
      }
      expect(isGramscoreError(error) && error.code).toBe("MALFORMED_INPUT");
    }
  });
});
