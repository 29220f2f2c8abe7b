import { readdirSync } from "node:fs";
import { join } from "node:path";
import { ErrorCode, PYTHON_WHITESPACE_CLASS, isGramscoreError, pySplit, toTokenizer } from "@gramscore/core";
import plugin, { VERSION, createWhitespace, pyLower, tokenizeWhitespace, whitespaceTokenizer } from "@gramscore/tokenizer-whitespace";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { slowLower } from "../src/lower.js";
import { LOWER_KEEP, SIGMA_CLASS_OVERRIDES } from "../src/lower-tables.js";
import { SKIP_MESSAGE, conformanceDir, hasShared, readCases, readJsonl } from "../../../tooling/conformance/data.js";
import { codeOf } from "../../../tooling/test/errors.js";

if (!hasShared) console.log(SKIP_MESSAGE);

/** Python's str.split() written as a regex split, to check the tokenizer against. */
const PY_WS = new RegExp(`[${PYTHON_WHITESPACE_CLASS}]+`, "u");
function naiveSplit(text: string): string[] {
  return text.split(PY_WS).filter((t) => t.length > 0);
}

const ATOMS = [
  "a", "B", "word", " ", "  ", "\t", "\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u1680", "\u2000", "\u200a",
  "\u200b", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\x00", "😀", "𝐀", "é", "e\u0301",
  "Σ", "ΣΑΣ", "ς", "İ", "I", "ẞ", "\u212a", "\u2126", "ǅ", "\u0345", "\u00ad", "'", ".", "\u0295", "\u{1171e}", "\ua7cb",
  "\ua7dc", "\u{10d50}", "\u{16ea0}", "\u1c89", "\u1acf", "\u{10400}", "Ⅸ", "ⓐ", "Ⓐ",
];
const rich = fc.array(fc.constantFrom(...ATOMS), { maxLength: 20 }).map((p) => p.join(""));
const texts = fc.oneof({ weight: 3, arbitrary: rich }, { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) });

describe("whitespace tokenizer", () => {
  it("splits exactly on Python's whitespace", () => {
    expect(tokenizeWhitespace(" a\x1cb\x85c\u3000d\ufeffe\u200bf ")).toEqual(["a", "b", "c", "d\ufeffe\u200bf"]);
    expect(tokenizeWhitespace("")).toEqual([]);
    expect(tokenizeWhitespace(" \t\n ")).toEqual([]);
    fc.assert(
      fc.property(texts, (s) => {
        expect(tokenizeWhitespace(s)).toEqual(naiveSplit(s));
      }),
      { numRuns: 3000 },
    );
  });

  it("lowercases with Python's rules when asked, and says so in its signature", () => {
    const plain = createWhitespace();
    const lc = createWhitespace({ lowercase: true });
    expect([plain.name, plain.signature, lc.signature]).toEqual(["whitespace", "none", "none+lc"]);
    expect(plain.tokenize("Hello, World")).toEqual(["Hello,", "World"]);
    expect(lc.tokenize("Hello, World")).toEqual(["hello,", "world"]);
    expect(lc.normalize("ΟΔΟΣ İstanbul \u212aelvin")).toBe("οδος i\u0307stanbul kelvin");
    expect(plain.normalize("  Keep  As Is ")).toBe("  Keep  As Is ");
  });

  it("the descriptor (alias none) and the plugin create it", () => {
    expect(whitespaceTokenizer.name).toBe("whitespace");
    expect(whitespaceTokenizer.aliases).toEqual(["none"]);
    expect(whitespaceTokenizer.options?.map((o) => [o.key, o.flag, o.type])).toEqual([["lowercase", "lowercase", "boolean"]]);
    expect(whitespaceTokenizer.create({ lowercase: true }).tokenize("A B")).toEqual(["a", "b"]);
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/tokenizer-whitespace", version: VERSION });
    expect(plugin.tokenizers).toEqual([whitespaceTokenizer]);
    const tok = createWhitespace();
    expect(toTokenizer(tok)).toBe(tok);
  });

  it("rejects bad input and bad options", () => {
    for (const tok of [createWhitespace(), createWhitespace({ lowercase: true })]) {
      expect(codeOf(() => tok.tokenize(1 as unknown as string))).toBe(ErrorCode.INVALID_TYPE);
      expect(codeOf(() => tok.tokenize("a \udc00"))).toBe(ErrorCode.LONE_SURROGATE);
      expect(codeOf(() => tok.normalize("a \ud800"))).toBe(ErrorCode.LONE_SURROGATE);
    }
    expect(codeOf(() => tokenizeWhitespace(undefined as unknown as string))).toBe(ErrorCode.INVALID_TYPE);
    expect(codeOf(() => createWhitespace({ lowercase: "yes" } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createWhitespace({ lower: true } as never))).toBe(ErrorCode.INVALID_OPTION);
    expect(codeOf(() => createWhitespace([] as never))).toBe(ErrorCode.INVALID_OPTION);
  });
});

describe("pyLower (Python 3.11 str.lower(), Unicode 14.0)", () => {
  it("handles final sigma, dotted I and the characters newer than Python's tables", () => {
    expect(pyLower("ΟΔΟΣ ΟΔΟΣ.")).toBe("οδος οδος.");
    expect(pyLower("ΣΑ Σ AΣ\u0301B AΣ\u0301")).toBe("σα σ aσ\u0301b aς\u0301");
    expect(pyLower("İ")).toBe("i\u0307");
    expect(pyLower("\ua7cb\ua7dc\u{10d50}")).toBe("\ua7cb\ua7dc\u{10d50}"); // unassigned in Unicode 14: unchanged
    expect("\ua7cb".toLowerCase()).not.toBe("\ua7cb"); // ... while a newer engine lowercases them
    // U+0295 is a cased letter (Ll) in Unicode 14 but not in newer versions (Lo): in Python a final
    // sigma after it takes the final form.
    expect(pyLower("A\u0295Σ")).toBe("a\u0295ς");
    expect("A\u0295Σ".toLowerCase()).toBe("a\u0295σ");
  });

  it("the fast path and Python's algorithm agree", () => {
    fc.assert(
      fc.property(texts, (s) => {
        expect(pyLower(s)).toBe(slowLower(s));
      }),
      { numRuns: 4000 },
    );
  });

  it("lowercasing twice changes nothing more", () => {
    fc.assert(
      fc.property(texts, (s) => {
        expect(pyLower(pyLower(s))).toBe(pyLower(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("the override tables are sorted and disjoint", () => {
    for (const table of [LOWER_KEEP, SIGMA_CLASS_OVERRIDES]) {
      for (let i = 0; i < table.length; i++) {
        expect(table[i]![1]).toBeGreaterThanOrEqual(table[i]![0]);
        if (i > 0) expect(table[i]![0]).toBeGreaterThan(table[i - 1]![1]);
      }
    }
  });
});

describe.skipIf(!hasShared)("pyLower on the conformance data", () => {
  it("reproduces rouge_score's tokens, which start from Python's lower()", () => {
    // rouge_score's DefaultTokenizer: text.lower(), [^a-z0-9]+ -> space, split (non-stemmed field).
    let lines = 0;
    for (const f of readdirSync(join(conformanceDir, "tokens")).filter((n) => n.endsWith(".jsonl.gz"))) {
      for (const r of readJsonl<{ text: string; rouge: string[] }>(`tokens/${f}`)) {
        expect(pySplit(pyLower(r.text).replace(/[^a-z0-9]+/g, " "))).toEqual(r.rouge);
        lines++;
      }
    }
    let strings = 0;
    for (const c of readCases()) {
      const expected = c.expected.tokens as { hyp: { rouge: string[] }; refs: { rouge: string[] }[] }[] | undefined;
      if (!expected) continue;
      c.segments.forEach((seg, i) => {
        expect(pySplit(pyLower(seg.hyp).replace(/[^a-z0-9]+/g, " ")), c.id).toEqual(expected[i]!.hyp.rouge);
        seg.refs.forEach((ref, j) => expect(pySplit(pyLower(ref).replace(/[^a-z0-9]+/g, " "))).toEqual(expected[i]!.refs[j]!.rouge));
        strings += 1 + seg.refs.length;
      });
    }
    console.log(`pyLower: ${lines} token lines and ${strings} case strings match rouge_score's lowercased tokens`);
    expect(lines).toBeGreaterThan(9000);
  });

  it("measures where the engine's toLowerCase() would differ on all hyps and refs", () => {
    let strings = 0;
    let differ = 0;
    for (const f of readdirSync(join(conformanceDir, "data")).filter((n) => n.endsWith(".jsonl.gz") && !n.startsWith("published"))) {
      for (const r of readJsonl<{ hyp: string; refs: string[] }>(`data/${f}`)) {
        for (const t of [r.hyp, ...r.refs]) {
          strings++;
          if (t.toLowerCase() !== pyLower(t)) differ++;
        }
      }
    }
    console.log(`toLowerCase() vs Python's lower() on the conformance data: ${differ} of ${strings} strings differ`);
    expect(strings).toBeGreaterThan(300_000);
    expect(differ).toBe(0);
  });
});
