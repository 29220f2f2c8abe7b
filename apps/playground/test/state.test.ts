// The permalink: the page's state in the URL fragment, and links of the first format.
import { describe, expect, it } from "vitest";
import { METRIC_IDS } from "../src/catalog.js";
import { DEFAULT_STATE, decodeState, encodeState } from "../src/state.js";
import type { State } from "../src/state.js";

const v1 = (value: unknown[]) => `v1.${Buffer.from(JSON.stringify(value), "utf8").toString("base64url")}`;
const v2 = (value: unknown[]) => `v2.${Buffer.from(JSON.stringify(value), "utf8").toString("base64url")}`;

describe("permalink", () => {
  it("round-trips texts in any script, sources, metrics, changed options, tokenizer and segment", () => {
    const s: State = {
      hyps: "東京都に住んでいます。\nThe cat — “sat”.",
      refs: "東京に住んでいます。\nThe cat sat.",
      refs2: "",
      srcs: "東京都に住んでいるのです。\nThe feline — “was seated”.",
      metrics: ["chrf++", "ter", "meteor", "wip", "cider", "sari", "distinct"],
      options: { ter: { lowercase: "false" }, meteor: { alpha: "0.8", synonyms: "none" } },
      tokenizer: "flores200",
      segment: 1,
    };
    const fragment = encodeState(s);
    expect(fragment).toMatch(/^v3\.[\w-]+$/);
    expect(decodeState(fragment, METRIC_IDS)).toEqual(s);
    expect(decodeState(encodeState(DEFAULT_STATE), METRIC_IDS)).toEqual(DEFAULT_STATE);
  });

  it("drops metrics the page does not have and refuses malformed fragments", () => {
    const s = { ...DEFAULT_STATE, metrics: ["bleu", "nosuch"], options: { nosuch: { a: "1" } } };
    expect(decodeState(encodeState(s), METRIC_IDS)).toEqual({ ...DEFAULT_STATE, metrics: ["bleu"], options: {} });
    for (const bad of ["", "v2.", "v2.!!!", "v3.e30", `v2.${Buffer.from("[1,2]").toString("base64url")}`]) expect(decodeState(bad, METRIC_IDS)).toBeUndefined();
    const badTok = encodeState({ ...DEFAULT_STATE, tokenizer: "13a" }).slice(3);
    const json = JSON.parse(Buffer.from(badTok, "base64url").toString("utf8"));
    json[5] = "no-such-tokenizer";
    expect(decodeState(`v3.${Buffer.from(JSON.stringify(json)).toString("base64url")}`, METRIC_IDS)).toBeUndefined();
    // Sources that are not text; a v3 array of v2's length.
    const badSrc = JSON.parse(Buffer.from(encodeState(DEFAULT_STATE).slice(3), "base64url").toString("utf8"));
    expect(decodeState(`v3.${Buffer.from(JSON.stringify([...badSrc.slice(0, 7), 3])).toString("base64url")}`, METRIC_IDS)).toBeUndefined();
    expect(decodeState(`v3.${Buffer.from(JSON.stringify(badSrc.slice(0, 7))).toString("base64url")}`, METRIC_IDS)).toBeUndefined();
  });

  it("opens v2 links (before sources): everything but the sources, which are empty", () => {
    expect(decodeState(v2(["h", "r", "r2", ["bleu", "ter"], { ter: { lowercase: "false" } }, "intl", 1]), METRIC_IDS)).toEqual({
      hyps: "h",
      refs: "r",
      refs2: "r2",
      srcs: "",
      metrics: ["bleu", "ter"],
      options: { ter: { lowercase: "false" } },
      tokenizer: "intl",
      segment: 1,
    });
    expect(decodeState(v2(["h", "r", "", [], {}, "intl", 1, "a source"]), METRIC_IDS)).toBeUndefined();
  });

  it("opens v1 links: metric flags, lowercase for BLEU and chrF, stemming for ROUGE, 13a as each metric's default", () => {
    expect(decodeState(v1(["h", "r", "", "011111", "13a", 2]), METRIC_IDS)).toEqual({
      hyps: "h",
      refs: "r",
      refs2: "",
      srcs: "",
      metrics: ["chrf", "chrf++", "rouge"],
      options: { bleu: { lowercase: "true" }, chrf: { lowercase: "true" }, "chrf++": { lowercase: "true" }, rouge: { stemmer: "porter" } },
      tokenizer: "default",
      segment: 2,
    });
    expect(decodeState(v1(["h", "r", "", "100000", "ja-mecab", -1]), METRIC_IDS)).toMatchObject({ metrics: ["bleu"], options: {}, tokenizer: "ja-mecab", segment: 0 });
    expect(decodeState(v1(["h", "r", "", "1000", "13a", 0]), METRIC_IDS)).toBeUndefined();
  });
});
