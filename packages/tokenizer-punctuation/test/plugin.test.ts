import { describe, expect, it } from "vitest";
import type { TokenizerMap } from "@gramscore/core";
import plugin, { VERSION, plugin as named } from "@gramscore/tokenizer-punctuation";
import pkg from "../package.json" with { type: "json" };

describe("plugin", () => {
  it("exports one plugin with the punctuation tokenizer and its option specs", () => {
    expect(plugin).toBe(named);
    expect(plugin.kind).toBe("plugin");
    expect(plugin.name).toBe("@gramscore/tokenizer-punctuation");
    expect(plugin.version).toBe(VERSION);
    expect(VERSION).toBe(pkg.version);
    expect(plugin.tokenizers?.map((t) => t.name)).toEqual(["punctuation"]);
    for (const t of plugin.tokenizers ?? []) {
      expect(t.kind).toBe("tokenizer");
      expect(t.description.length).toBeGreaterThan(10);
      for (const o of t.options ?? []) expect(o.flag).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it("the descriptor creates working tokenizers whose signatures name their options", () => {
    const punctuation = plugin.tokenizers![0]!;
    expect(punctuation.create({ lowercase: false }).signature).toBe("punctuation+cased");
    expect(punctuation.create({ stopwords: ["the"] }).tokenize("The cat, the hat.")).toEqual(["cat", "hat"]);
  });

  it("augments TokenizerMap for typed lookups", () => {
    const opts: TokenizerMap["punctuation"] = { lowercase: false };
    expect(opts.lowercase).toBe(false);
  });
});
