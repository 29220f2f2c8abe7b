/**
 * The fast paths of the normalizers (ASCII text, Latin-1 text, strings without the triggers of a step)
 * against the general path, which runs every step as Python does, on strings built from the characters
 * and words each fast path tests for, so that a fast path taken where it should not be, or a trigger it
 * misses, shows up as a difference.
 */
import { createHash } from "node:crypto";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { basicGeneral, basicNormalize } from "../src/basic.js";
import { englishGeneral, englishNormalize, spellingMap } from "../src/english.js";

/** Printable ASCII, tabs and newlines, Latin-1, General Punctuation and its neighbours, and a few marks and compatibility characters. */
const CHARS: readonly string[] = (() => {
  const out: string[] = ["\t", "\n", "\r", "\x0b", "\x1c", "\x85", "\u0301", "\u0308", "\u0327", "ﬁ", "①", "İ", "Σ", "ẞ"];
  for (let c = 0x20; c <= 0x7f; c++) out.push(String.fromCharCode(c));
  for (let c = 0x80; c <= 0xff; c++) out.push(String.fromCharCode(c));
  for (let c = 0x2000; c <= 0x2070; c++) out.push(String.fromCharCode(c));
  return out;
})();

/** Strings of those characters, with letters and spaces frequent enough to make words. */
const latinText = fc
  .array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(..."abcXYZ  ") }, { weight: 2, arbitrary: fc.constantFrom(...CHARS) }), { maxLength: 40 })
  .map((parts) => parts.join(""));

const RUNS = 3000;

describe("basic normalizer: fast paths against the general path", () => {
  for (const removeDiacritics of [false, true]) {
    it(`agree on text of ASCII, Latin-1 and punctuation (removeDiacritics ${String(removeDiacritics)})`, () => {
      fc.assert(
        fc.property(latinText, (s) => basicNormalize(s, { removeDiacritics }) === basicGeneral(s, { removeDiacritics })),
        { numRuns: RUNS },
      );
    });
    it(`agree on every character of those ranges between letters, spaces and punctuation (removeDiacritics ${String(removeDiacritics)})`, () => {
      for (const c of CHARS) {
        for (const s of [c, `a${c}b`, `A ${c} .`, `${c}${c}`, `é${c}e`, `(${c})x`]) {
          expect(basicNormalize(s, { removeDiacritics }), JSON.stringify(s)).toBe(basicGeneral(s, { removeDiacritics }));
        }
      }
    });
  }
});

/** The words and pieces the English normalizer's steps look for, and what separates them. */
const ENGLISH_PIECES: readonly string[] = [
  ..."abcdefmnstuy0123456789 .,'$%£€¢-()[]<>_:\t\n",
  ..."o oh zero one two five twelve thirteen twenty ninety hundred thousand million first second third fifth ones sixes twenties tenth hundredths millions".split(" "),
  ..."and a half point double triple minus plus negative per percent cent cents dollar dollars pound pounds euro euros".split(" "),
  ..."won't can't let's ain't y'all wanna gotta gonna i'ma imma woulda coulda shoulda ma'am mr mrs st dr prof capt gov ald gen sen rep rev hon asst assoc lt col jr sr esq".split(" "),
  ..."'d been|'s been|'d gone|'s gone|'d done|'s got|n't|'re|'s|'d|'ll|'t|'ve|'m|hmm|mm|mhm|mmm|uh|um|..|...|1s|1st|2nd|3rd|th|$0.5|1,000|2.5".split("|"),
  ..."colour colours organise centre theatre programme archaeology flyer / flier".split(" "),
  "Mr",
  "COLOUR",
  "é",
  "’",
  "½",
  "①",
];

/** Strings of those pieces, glued or separated by spaces: many make words, numbers and contractions. */
const englishText = fc.oneof(
  fc.array(fc.constantFrom(...ENGLISH_PIECES), { maxLength: 14 }).map((p) => p.join(" ")),
  fc.array(fc.constantFrom(...ENGLISH_PIECES), { maxLength: 14 }).map((p) => p.join("")),
  fc.array(fc.oneof(fc.constantFrom(...ENGLISH_PIECES), fc.constantFrom(" ", " ", ". ", ", ")), { maxLength: 20 }).map((p) => p.join("")),
);

describe("English normalizer: fast paths against the general path", () => {
  it("agree on text built from the words and symbols every step looks for", () => {
    fc.assert(
      fc.property(englishText, (s) => {
        let general: string;
        try {
          general = englishGeneral(s);
        } catch {
          // The number normalizer's Python assertion fails on some inputs; both paths must then throw.
          expect(() => englishNormalize(s)).toThrow();
          return;
        }
        expect(englishNormalize(s), JSON.stringify(s)).toBe(general);
      }),
      { numRuns: RUNS * 3 },
    );
  });
  it("agree on ASCII text of every printable character", () => {
    const ascii = fc.array(fc.oneof(fc.constantFrom(..."ab  1"), fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c))), { maxLength: 30 }).map((p) => p.join(""));
    fc.assert(fc.property(ascii, (s) => englishNormalize(s) === englishGeneral(s)), { numRuns: RUNS });
  });
});

describe("the spelling map", () => {
  it("decodes to whisper v20250625's english.json", () => {
    // `british<TAB>american` lines sorted by key, as Python writes them from the reference file:
    // git --git-dir=<openai/whisper> archive v20250625 whisper/normalizers | tar x -C /tmp/w &&
    // python3 -c 'import json,hashlib; m=json.load(open("/tmp/w/whisper/normalizers/english.json"));
    // print(len(m), hashlib.sha256("\n".join(f"{k}\t{v}" for k,v in sorted(m.items())).encode()).hexdigest())'
    const map = spellingMap();
    const lines = [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, v]) => `${k}\t${v}`);
    expect(map.size).toBe(1739);
    expect(createHash("sha256").update(lines.join("\n")).digest("hex")).toBe("ab0e3f7751186c14ccd6cbcbca0b3466db8656eb839d82bfb9b087da80f89a9b");
    expect(map.get("colour")).toBe("color");
    expect(map.get("archaeology")).toBe("archeology</span>");
  });
});
