import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GramscoreError, fnv1a32, parseWordList, toTokenizer, toWordSet, withStopwords, wordSetId } from "@gramscore/core";
import { hasShared, readText } from "../../../tooling/conformance/data.js";

// A tokenizer with a name and signature of its own that changes tokens (as stemming does).
const lowerNoS = { name: "low", signature: "low+s", tokenize: (text: string) => text.toLowerCase().split(" ").map((w) => w.replace(/s$/, "")) };

describe("stopwords", () => {
  it("withStopwords filters any tokenizer's output and extends its signature", () => {
    const t = withStopwords(lowerNoS, ["the", "run"]);
    expect(t.tokenize("The dog runs")).toEqual(["dog"]); // compared after the tokenizer's changes: "runs" → "run"
    expect(t.name).toBe("low");
    expect(t.signature).toBe(`low+s+stop[${wordSetId(new Set(["the", "run"]))}]`);
    const fn = withStopwords((s: string) => s.split(" "), new Set(["b"]));
    expect(fn.tokenize("a b c b")).toEqual(["a", "c"]);
    expect(fn.signature).toMatch(/^custom\+stop\[1#/);
  });

  it("filtering equals a naive filter, and the list id ignores order and duplicates (property)", () => {
    const base = toTokenizer((text: string) => text.split(" ").filter((w) => w.length > 0));
    fc.assert(
      fc.property(fc.array(fc.constantFrom("a", "b", "c", "the", "of")), fc.array(fc.constantFrom("a", "b", "c", "the", "of", "x")), (words, stop) => {
        const text = words.join(" ");
        expect(withStopwords(base, stop).tokenize(text)).toEqual(base.tokenize(text).filter((w) => !(stop as string[]).includes(w)));
        expect(wordSetId(toWordSet([...stop].reverse().concat(stop)))).toBe(wordSetId(toWordSet(stop)));
      }),
    );
  });

  it("word lists: one word per line, LF or CRLF, blank lines skipped", () => {
    expect(parseWordList("a\r\nb\n\nc")).toEqual(["a", "b", "c"]);
    expect([...toWordSet("x\ny\nx\n")]).toEqual(["x", "y"]);
    expect(() => toWordSet(5 as never)).toThrow(GramscoreError);
    expect(() => toWordSet(["a", null] as never)).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => withStopwords(42 as never, [])).toThrowError(expect.objectContaining({ code: "INVALID_TYPE" }));
  });

  it("fnv1a32 is the standard FNV-1a over UTF-8 bytes", () => {
    expect(fnv1a32("")).toBe("811c9dc5");
    expect(fnv1a32("a")).toBe("e40c292c");
    expect(fnv1a32("foobar")).toBe("bf9cf968");
  });

  it.skipIf(!hasShared)("ROUGE-1.5.5's SMART list: 598 lines, 596 distinct words (may and would appear twice)", () => {
    const text = readText("data/rouge155/smart_common_words.txt");
    expect(parseWordList(text)).toHaveLength(598);
    const smart = toWordSet(text);
    expect(smart.size).toBe(596);
    console.log(`SMART stopwords: ${wordSetId(smart)}`);
  });
});
