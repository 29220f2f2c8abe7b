import { describe, expect, it } from "vitest";
import { GramscoreError } from "@gramscore/core";
import { buildWordNetExceptions, createRouge155PorterStemmer, parseExceptionList, rouge155PorterStem } from "@gramscore/stemmer-porter";
import { hasShared, rouge155WordNetFiles } from "../../../tooling/conformance/data.js";

const wordnet = (): Map<string, string> => buildWordNetExceptions(rouge155WordNetFiles());

describe("ROUGE-1.5.5's Porter stemmer", () => {
  it("its Porter stemmer is ROUGE-1.5.5's regular-expression version, not NLTK's", () => {
    const cases: Record<string, string> = {
      agreement: "agreem", // step 4 as changed for ROUGE-1.5.5: -ent is tried after -ement and -ment fail
      agreements: "agreem",
      hopefully: "hopefulli", // no -fulli rule
      dying: "dy", // no irregular forms
      news: "new",
      ties: "ti",
      generously: "gener",
      running: "run",
      archaeology: "archaeolog",
      yelling: "yell", // initial y is a consonant
      syzygy: "syzygi",
      relational: "relat",
      adoption: "adopt",
      cease: "ceas",
      controll: "control",
      roll: "roll",
      at: "at", // shorter than 3: unchanged
    };
    for (const [w, s] of Object.entries(cases)) expect(rouge155PorterStem(w), w).toBe(s);
    const cached = createRouge155PorterStemmer({ cacheSize: 2 });
    for (const w of [...Object.keys(cases), ...Object.keys(cases)]) expect(cached.stem(w)).toBe(cases[w]);
  });

});

describe("exception lists", () => {
  it("parses inflected → first base; later lines overwrite; blank and indented lines are skipped", () => {
    const t = parseExceptionList("axes ax axis\r\nmice mouse\n\n  went go\naxes axe\n");
    expect([...t]).toEqual([
      ["axes", "axe"],
      ["mice", "mouse"],
    ]);
    expect(() => parseExceptionList("lonely\n")).toThrowError(expect.objectContaining({ code: "MALFORMED_INPUT" }));
    expect(() => parseExceptionList(7 as unknown as string)).toThrow(GramscoreError);
  });

  it.skipIf(!hasShared)("WordNet 2.0's lists read noun, adv, verb, adj give ROUGE-1.5.5's 5,930-word table", () => {
    const table = wordnet();
    expect(table.size).toBe(5930);
    const expected: Record<string, string> = {
      best: "good",
      better: "good",
      is: "be",
      testes: "testes",
      offer: "offer",
      involucra: "involucrum",
      went: "go",
      mice: "mouse",
    };
    for (const [k, v] of Object.entries(expected)) expect(table.get(k), k).toBe(v);
    console.log(`WordNet exception table: ${table.size} words`);
  });
});

