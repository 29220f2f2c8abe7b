import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { isGramscoreError, pySplit } from "@gramscore/core";
import { describe, expect, it } from "vitest";
import { SKIP_MESSAGE, hasShared, readDataset } from "../../../tooling/conformance/data.js";
import { lemmaNames, morphy, synsets, wordnet, wordnetStats } from "../src/index.js";

const here = dirname(fileURLToPath(import.meta.url));

describe("WordNet lookups", () => {
  it("applies morphy's exception lists and suffix rules", () => {
    expect(morphy("geese", "n")).toEqual(["goose"]);
    expect(morphy("went", "v")).toEqual(["go"]);
    expect(morphy("dogs", "n")).toEqual(["dog"]);
    expect(morphy("running", "v")).toEqual(["run"]);
    expect(morphy("xyzzy", "n")).toEqual([]);
    expect(morphy("quickly", "r")).toEqual(["quickly"]);
  });

  it("gives NLTK's lemma names in order", () => {
    expect(synsets("dogs", "n")[0]!.lemmaNames).toEqual(["dog", "domestic_dog", "Canis_familiaris"]);
    expect(lemmaNames("car").slice(0, 4)).toEqual(["car", "auto", "automobile", "machine"]);
    expect(lemmaNames("CAR")).toEqual(lemmaNames("car"));
    expect(lemmaNames("")).toEqual([]);
    expect(wordnet.synonyms("guide").has("usher")).toBe(true);
  });

  it("holds all of WordNet 3.0", () => {
    const s = wordnetStats();
    expect(s.synsets).toBe(117659);
    expect(s.indexEntries.n + s.indexEntries.v + s.indexEntries.a + s.indexEntries.r).toBe(155287); // the lines of index.noun/verb/adj/adv
  });

  it("refuses bad input with a coded error", () => {
    for (const f of [() => lemmaNames(3 as unknown as string), () => morphy("x", "q" as "n")]) {
      try {
        f();
        expect.unreachable();
      } catch (e) {
        expect(isGramscoreError(e)).toBe(true);
      }
    }
  });
});

describe.skipIf(!hasShared)("WordNet against NLTK 3.8 on every WMT17 en-de and SummEval token", () => {
  if (!hasShared) console.warn(SKIP_MESSAGE);
  it("gives identical lemma-name lists", () => {
    const expected = new Map<string, string>();
    const text = gunzipSync(readFileSync(join(here, "expected-synonyms.tsv.gz"))).toString("utf8");
    for (const line of text.split("\n")) {
      if (line.length === 0) continue;
      const tab = line.indexOf("\t");
      expected.set(line.slice(0, tab), line.slice(tab + 1));
    }
    const vocab = new Set<string>();
    for (const name of ["mt_wmt17_newstest2017_en-de", "sum_summeval"]) {
      for (const rec of readDataset(name)) {
        for (const t of [rec.hyp, ...rec.refs]) for (const tok of pySplit(t)) vocab.add(tok.toLowerCase());
      }
    }
    let withSynsets = 0;
    const wrong: string[] = [];
    for (const word of vocab) {
      const got = lemmaNames(word).join(" ");
      const want = expected.get(word) ?? "";
      if (got !== want) wrong.push(`${word}: ${got} != ${want}`);
      if (want) withSynsets++;
    }
    console.log(`wordnet: compared ${vocab.size} distinct tokens (${withSynsets} with synsets) with NLTK 3.8`);
    expect(wrong.slice(0, 10)).toEqual([]);
    expect(withSynsets).toBe(expected.size);
  });
});
