import { describe, expect, it } from "vitest";
import { wordnet } from "@gramscore/wordnet";
import { createMeteor, meteor, meteorPlugin, parseMeteorStats, sentenceMeteor } from "../src/index.js";
import { codeOf } from "../../../tooling/test/errors.js";

// NLTK 3.8's doctest: hypothesis1 against reference1 (and the three references) gives 0.6944 (rounded).
const hyp1 = "It is a guide to action which ensures that the military always obeys the commands of the party";
const ref1 = "It is a guide to action that ensures that the military will forever heed Party commands";
const ref2 = "It is the guiding principle which guarantees the military forces always being under the command of the Party";
const ref3 = "It is the practical guide for the army always to heed the directions of the party";

describe("METEOR API", () => {
  it("reproduces NLTK's doctests", () => {
    expect(Math.round(sentenceMeteor(hyp1, [ref1], { synonyms: wordnet }).score * 1e4) / 1e4).toBe(0.6944);
    expect(Math.round(sentenceMeteor(hyp1, [ref1, ref2, ref3], { synonyms: wordnet }).score * 1e4) / 1e4).toBe(0.6944);
    expect(sentenceMeteor("non matching hypothesis", ["this is a cat"]).score).toBe(0);
  });

  it("scores a corpus as the mean of segment scores", () => {
    const hyps = [hyp1, "the cat sat on the mat"];
    const refs = [[ref1, "a cat sat on the mat"]];
    const r = meteor(hyps, refs, { synonyms: wordnet });
    const a = sentenceMeteor(hyps[0]!, [ref1], { synonyms: wordnet }).score;
    const b = sentenceMeteor(hyps[1]!, ["a cat sat on the mat"], { synonyms: wordnet }).score;
    expect(r.score).toBe((a + b) / 2);
    expect(r.segments).toBe(2);
    expect(r.signature).toBe("tok:none|stem:porter|syn:wordnet-3.0|alpha:0.9|beta:3|gamma:0.5|version:gramscore-0.1.0");
  });

  it("explains which stage matched each word and the chunks (NLTK looks synonyms up for stems)", () => {
    const metric = createMeteor({ synonyms: wordnet });
    const ex = metric.explain("The big car runs fast", ["the large auto running quick"]);
    // NLTK's align_words gives [(0, 0), (2, 2), (3, 3), (4, 4)] and leaves big / "larg" (the stem of large) unmatched.
    expect(ex.alignments[0]!.matches.map((m) => `${m.hypToken}->${m.refToken}:${m.stage}`)).toEqual([
      "The->the:exact",
      "car->auto:synonym",
      "runs->running:stem",
      "fast->quick:synonym",
    ]);
    expect(ex.alignments[0]!.chunks).toBe(2);
    expect(ex.score).toBe(0.7500000000000001); // NLTK 3.8's single_meteor_score
    expect(metric.segmentScore("The big car runs fast", ["the large auto running quick"])).toBe(ex.score);
  });

  it("names the HF variant's tokenizer in its signature", () => {
    const plugin = meteorPlugin({ providers: { wordnet }, defaultSynonyms: "wordnet" });
    const hf = plugin.metrics!.find((m) => m.name === "meteor-hf")!.create(undefined);
    expect(hf.signature()).toContain("tok:treebank|");
    expect(hf.signature()).toContain("syn:wordnet-3.0");
    const plain = meteorPlugin().metrics!.find((m) => m.name === "meteor")!.create(undefined);
    expect(plain.signature()).toContain("syn:none");
  });

  it("refuses bad input with coded errors", () => {
    const m = createMeteor();
    expect(codeOf(() => m.stats(1 as unknown as string, ["a"]))).toBe("INVALID_TYPE");
    expect(codeOf(() => m.stats("a", []))).toBe("EMPTY_INPUT");
    expect(() => m.stats("a", [])).toThrow("METEOR needs at least one reference for the hypothesis (NLTK's meteor_score takes the best over them), but the references array is empty.");
    expect(codeOf(() => m.stats("a", [2 as unknown as string]))).toBe("INVALID_TYPE");
    expect(codeOf(() => createMeteor({ alpha: "x" as unknown as number }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createMeteor({ nope: 1 } as never))).toBe("INVALID_OPTION");
    expect(codeOf(() => createMeteor({ stemmer: "snowball" as "porter" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createMeteor({ synonyms: "wordnet" as "none" }))).toBe("INVALID_OPTION");
    expect(codeOf(() => createMeteor({ tokenize: "nosuch" }))).toBe("UNKNOWN_TOKENIZER");
    expect(codeOf(() => parseMeteorStats({ total: [2], segments: 1 }))).toBe("INVALID_STATS");
    expect(codeOf(() => parseMeteorStats({ total: [], segments: -1 }))).toBe("INVALID_STATS");
    // A sum past the largest double (Infinity, then NaN, which never cancels) once looped forever.
    expect(codeOf(() => parseMeteorStats({ total: [1e308, 1e308], segments: 2 }))).toBe("INVALID_STATS");
    expect(codeOf(() => parseMeteorStats({ total: [-1e308, -1e308], segments: 2 }))).toBe("INVALID_STATS");
    expect(codeOf(() => meteor(["a", "b"], [["a"]]))).toBe("LENGTH_MISMATCH");
  });
});
