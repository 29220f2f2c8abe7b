import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pySplit } from "@gramscore/core";
import { PYTHON_PUNCTUATION, createPunctuationTokenizer, punctuationTokenize } from "@gramscore/tokenizer-punctuation";

describe("punctuation tokenizer", () => {
  it("lowercases, deletes string.punctuation, splits on Python whitespace", () => {
    expect(punctuationTokenize("Don't stop-me, NOW!")).toEqual(["dont", "stopme", "now"]);
    expect(punctuationTokenize("a\u00a0b\u0085c\u001fd\ufeffe")).toEqual(["a", "b", "c", "d\ufeffe"]); // Python's whitespace set
    expect(punctuationTokenize("« Bonjour » 。")).toEqual(["«", "bonjour", "»", "。"]); // non-ASCII punctuation stays
    expect(punctuationTokenize("... --- !!!")).toEqual([]);
    expect(PYTHON_PUNCTUATION).toHaveLength(32);
  });

  it("lowercase: false keeps case and says so in the signature", () => {
    const t = createPunctuationTokenizer({ lowercase: false });
    expect(t.tokenize("Hello, World.")).toEqual(["Hello", "World"]);
    expect(t.signature).toBe("punctuation+cased");
    expect(createPunctuationTokenizer().signature).toBe("punctuation");
  });

  it("equals Python's text.lower().translate(no punctuation).split() written naively (property)", () => {
    const naive = (s: string) => pySplit([...s.toLowerCase()].filter((c) => !PYTHON_PUNCTUATION.includes(c)).join(""));
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 50 }), fc.string({ unit: "binary-ascii", maxLength: 50 }), (a, b) => {
        expect(punctuationTokenize(a + b)).toEqual(naive(a + b));
      }),
    );
  });

  it("stopwords and errors", () => {
    const t = createPunctuationTokenizer({ stopwords: "the\na\n" });
    expect(t.tokenize("The cat, a hat.")).toEqual(["cat", "hat"]);
    expect(t.signature).toMatch(/^punctuation\+stop\[2#[0-9a-f]{8}\]$/);
    expect(() => createPunctuationTokenizer({ lowercase: 1 } as never)).toThrowError(expect.objectContaining({ code: "INVALID_OPTION" }));
    expect(() => punctuationTokenize(undefined as unknown as string)).toThrowError(expect.objectContaining({ code: "INVALID_TYPE" }));
  });
});
