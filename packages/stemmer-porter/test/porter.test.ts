import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GramscoreError } from "@gramscore/core";
import { createPorterStemmer, porterStem, PORTER_MODES, type PorterMode } from "@gramscore/stemmer-porter";
import { SKIP_MESSAGE, hasShared, readText } from "../../../tooling/conformance/data.js";
import { naivePorterStem } from "./naive-porter.js";

function readStems(file: string): [string, string][] {
  const out: [string, string][] = [];
  for (const line of readText(`stems/${file}`).split("\n")) {
    if (line.length === 0) continue;
    const tab = line.indexOf("\t");
    out.push([line.slice(0, tab), line.slice(tab + 1)]);
  }
  return out;
}

describe.skipIf(!hasShared)("NLTK 3.8 PorterStemmer on every word of the conformance data", () => {
  if (!hasShared) console.log(SKIP_MESSAGE);
  const files: [PorterMode, string][] = [
    ["NLTK_EXTENSIONS", "porter-nltk-extensions.tsv.gz"],
    ["ORIGINAL_ALGORITHM", "porter-original.tsv.gz"],
  ];
  it.each(files)("%s: every stem is identical", (mode, file) => {
    const rows = readStems(file);
    const stemmer = createPorterStemmer({ mode, cacheSize: 0 });
    const wrong: string[] = [];
    for (const [word, stem] of rows) {
      const got = stemmer.stem(word);
      if (got !== stem) wrong.push(`${word}: expected ${stem}, got ${got}`);
    }
    console.log(`porter ${mode}: compared ${rows.length} words, ${wrong.length} differ`);
    expect(wrong.slice(0, 20)).toEqual([]);
    expect(rows.length).toBe(72678);
  });
});

describe("porterStem", () => {
  it("NLTK_EXTENSIONS: irregular forms, short words and NLTK's extra rules", () => {
    const cases: Record<string, string> = {
      dying: "die",
      lying: "lie",
      skies: "sky",
      news: "news",
      innings: "inning",
      generously: "gener",
      sunny: "sunni",
      eyes: "eye",
      died: "die",
      spied: "spi",
      flies: "fli",
      dies: "die",
      is: "is",
      as: "as",
      caresses: "caress",
      ponies: "poni",
      running: "run",
      hopping: "hop",
      agreed: "agre",
      conditional: "condit",
      radically: "radic",
      analogously: "analog",
      archaeology: "archaeolog",
      enjoy: "enjoy",
      happy: "happi",
    };
    for (const [word, stem] of Object.entries(cases)) expect(porterStem(word), word).toBe(stem);
  });

  it("ORIGINAL_ALGORITHM differs where NLTK extends the algorithm", () => {
    const cases: Record<string, string> = {
      dying: "dy",
      lying: "ly",
      skies: "ski",
      news: "new",
      dies: "di",
      died: "di",
      is: "i",
      as: "a",
      happy: "happi",
      enjoy: "enjoi",
    };
    for (const [word, stem] of Object.entries(cases)) expect(porterStem(word, "ORIGINAL_ALGORITHM"), word).toBe(stem);
  });

  it("lowercases like NLTK, but looks the irregular pool up with the word as given", () => {
    expect(porterStem("Running")).toBe("run");
    expect(porterStem("SKIES")).toBe("ski"); // "SKIES" is not in the pool; its lowercase goes through the steps
    expect(porterStem("skies")).toBe("sky");
  });

  it("the cached stemmer gives the uncached results, also once the cache has been emptied", () => {
    for (const mode of PORTER_MODES) {
      const small = createPorterStemmer({ mode, cacheSize: 3 });
      fc.assert(
        fc.property(fc.array(fc.stringMatching(/^[a-z]{1,12}$/), { maxLength: 20 }), (words) => {
          for (const w of [...words, ...words]) expect(small.stem(w)).toBe(porterStem(w, mode));
        }),
      );
    }
  });

  it("stems are idempotent-safe: never longer than the word plus one letter, never empty for words over 2 letters", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z]{3,15}$/), (w) => {
        const s = porterStem(w);
        expect(s.length).toBeGreaterThan(0);
        expect(s.length).toBeLessThanOrEqual(w.length + 1);
      }),
    );
  });

  it("rejects bad modes, cache sizes and non-strings with GramscoreError", () => {
    expect(() => porterStem("x", "MARTIN" as PorterMode)).toThrow(GramscoreError);
    expect(() => createPorterStemmer({ mode: "nltk" as PorterMode })).toThrow(/NLTK_EXTENSIONS/);
    expect(() => createPorterStemmer({ cacheSize: -1 })).toThrow(GramscoreError);
    expect(() => porterStem(3 as unknown as string)).toThrow(GramscoreError);
    expect(() => createPorterStemmer().stem(undefined as unknown as string)).toThrow(GramscoreError);
  });
});

describe("porterStem against a plain string transcription", () => {
  // Words built from letters that steer the rules (vowels, y, doubled consonants, non-ASCII) and
  // the suffixes of every step, so each branch and condition is reached.
  const letters = "aeiouyybcdlstnmrgzwxAEYSİ\u00e9\u0130\ud835\udc1a";
  const suffixes = [
    "ational", "tional", "enci", "anci", "izer", "bli", "abli", "alli", "entli", "eli", "ousli", "ization",
    "ation", "ator", "alism", "iveness", "fulness", "ousness", "aliti", "iviti", "biliti", "fulli", "logi",
    "icate", "ative", "alize", "iciti", "ical", "ful", "ness", "al", "ance", "ence", "er", "ic", "able", "ible",
    "ant", "ement", "ment", "ent", "ion", "sion", "tion", "ou", "ism", "ate", "iti", "ous", "ive", "ize", "sses",
    "ies", "ss", "s", "ied", "eed", "ed", "ing", "y", "e", "ll", "at", "bl", "iz", "yy", "ying", "ies",
  ];
  const word = fc
    .tuple(
      fc.array(fc.constantFrom(...letters), { maxLength: 7 }),
      fc.array(fc.constantFrom(...suffixes), { maxLength: 3 }),
    )
    .map(([head, tail]) => head.join("") + tail.join(""));

  it.each(PORTER_MODES)("%s: the same stem for generated words", (mode) => {
    fc.assert(
      fc.property(word, (w) => {
        expect(porterStem(w, mode)).toBe(naivePorterStem(w, mode === "NLTK_EXTENSIONS"));
      }),
      { numRuns: 20000 },
    );
  });
});
