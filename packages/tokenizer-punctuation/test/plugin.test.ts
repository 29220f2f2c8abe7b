import { describe, expect, it } from "vitest";
import type { TokenizerMap } from "@gramscore/core";
import plugin, { VERSION, plugin as named } from "@gramscore/tokenizer-punctuation";
import pkg from "../package.json" with { type: "json" };

describe("plugin", () => {
  it("exports one plugin with the four tokenizers, each with option specs", () => {
    expect(plugin).toBe(named);
    expect(plugin.kind).toBe("plugin");
    expect(plugin.name).toBe("@gramscore/tokenizer-punctuation");
    expect(plugin.version).toBe(VERSION);
    expect(VERSION).toBe(pkg.version);
    expect(plugin.tokenizers?.map((t) => t.name)).toEqual(["punctuation", "rouge", "rouge-unicode", "rouge155"]);
    for (const t of plugin.tokenizers ?? []) {
      expect(t.kind).toBe("tokenizer");
      expect(t.description.length).toBeGreaterThan(10);
      for (const o of t.options ?? []) expect(o.flag).toMatch(/^[a-z][a-z-]*$/);
    }
  });

  it("descriptors create working tokenizers whose signatures name their options", () => {
    const byName = new Map(plugin.tokenizers!.map((t) => [t.name, t]));
    expect(byName.get("rouge")!.create({ useStemmer: true }).signature).toBe("rouge+stem");
    expect(byName.get("rouge")!.create().tokenize("Hello, World")).toEqual(["hello", "world"]);
    expect(byName.get("rouge-unicode")!.create().tokenize("你好")).toEqual(["你", "好"]);
    expect(byName.get("rouge155")!.create({ useStemmer: true }).signature).toBe("rouge155+stem[porter]");
    expect(byName.get("punctuation")!.create({ lowercase: false }).signature).toBe("punctuation+cased");
  });

  it("augments TokenizerMap for typed lookups", () => {
    const opts: TokenizerMap["rouge"] = { useStemmer: true };
    const r155: TokenizerMap["rouge155"] = { useStemmer: true, exceptions: new Map() };
    expect(opts.useStemmer && r155.useStemmer).toBe(true);
  });
});
