import { describe, expect, it } from "vitest";
import type { TokenizerMap } from "@gramscore/core";
import plugin, { rouge155Tokenizer, rougeTokenizer, rougeUnicodeTokenizer } from "@gramscore/metric-rouge";

describe("the plugin's tokenizers", () => {
  it("are rouge, rouge-unicode and rouge155, each with option specs", () => {
    expect(plugin.tokenizers).toEqual([rougeTokenizer, rougeUnicodeTokenizer, rouge155Tokenizer]);
    expect(plugin.tokenizers?.map((t) => t.name)).toEqual(["rouge", "rouge-unicode", "rouge155"]);
    for (const t of plugin.tokenizers ?? []) {
      expect(t.kind).toBe("tokenizer");
      expect(t.description.length).toBeGreaterThan(10);
      for (const o of t.options ?? []) expect(o.flag).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it("descriptors create working tokenizers whose signatures name their options", () => {
    expect(rougeTokenizer.create({ useStemmer: true }).signature).toBe("rouge+stem");
    expect(rougeTokenizer.create().tokenize("Hello, World")).toEqual(["hello", "world"]);
    expect(rougeUnicodeTokenizer.create().tokenize("你好")).toEqual(["你", "好"]);
    expect(rouge155Tokenizer.create({ useStemmer: true }).signature).toBe("rouge155+stem[porter]");
  });

  it("augments TokenizerMap for typed lookups", () => {
    const opts: TokenizerMap["rouge"] = { useStemmer: true };
    const r155: TokenizerMap["rouge155"] = { useStemmer: true, exceptions: new Map() };
    expect(opts.useStemmer && r155.useStemmer).toBe(true);
  });
});
