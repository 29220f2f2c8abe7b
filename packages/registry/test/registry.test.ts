import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import { ErrorCode, GramscoreError, defineMetric, definePlugin, defineTokenizer, evaluate } from "@gramscore/core";
import type { Metric, Plugin, Tokenizer } from "@gramscore/core";
import { createRegistry, pluginFromModule, suggestNames, validatePlugin } from "@gramscore/registry";
import { charTokenizer, overlapMetric, testPlugin, wsTokenizer, type OverlapOptions, type OverlapStats } from "./helpers.js";

declare module "@gramscore/core" {
  interface TokenizerMap {
    ws: { lowercase?: boolean };
  }
  interface MetricMap {
    overlap: { options: OverlapOptions; stats: OverlapStats; result: { precision: number } };
  }
}

function caught(fn: () => unknown): GramscoreError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    return error as GramscoreError;
  }
  throw new Error("expected a GramscoreError");
}

async function caughtAsync(fn: () => Promise<unknown>): Promise<GramscoreError> {
  try {
    await fn();
  } catch (error) {
    expect(error).toBeInstanceOf(GramscoreError);
    return error as GramscoreError;
  }
  throw new Error("expected a GramscoreError");
}

describe("createRegistry", () => {
  it("gives independent instances", () => {
    const a = createRegistry().use(testPlugin);
    const b = createRegistry();
    expect(a.has("metric", "overlap")).toBe(true);
    expect(b.has("metric", "overlap")).toBe(false);
  });

  it("resolves names and aliases to descriptors and creates instances", () => {
    const r = createRegistry().use(testPlugin);
    expect(r.resolve("tokenizer", "ws")).toBe(wsTokenizer);
    expect(r.resolve("tokenizer", "none")).toBe(wsTokenizer);
    expect(r.create("tokenizer", "none", { lowercase: true }).tokenize("A  b\u00a0C")).toEqual(["a", "b", "c"]);
    expect(r.list("tokenizer").map((e) => e.name)).toEqual(["ws", "chars"]);
    expect(r.list("metric")).toEqual([{ kind: "metric", name: "overlap", descriptor: overlapMetric, plugin: "test-plugin", lazy: false }]);
    expect(r.plugins()).toEqual([{ name: "test-plugin", version: "1.0.0", lazy: false, tokenizers: ["ws", "chars"], metrics: ["overlap"] }]);
  });

  it("gives metrics a context that resolves tokenizer names through the registry", () => {
    const r = createRegistry().use(testPlugin);
    const m = r.create("metric", "overlap", { tokenize: "chars" });
    expect(m.signature()).toBe("tok:chars|version:test");
    const result = evaluate(m, [{ hyp: "ab", refs: ["ba"] }, { hyp: "aa", refs: ["a"] }]);
    expect(result.corpus).toEqual({ precision: 3 / 4 });
    const e = caught(() => r.create("metric", "overlap", { tokenize: "nope" }));
    expect(e.code).toBe(ErrorCode.UNKNOWN_TOKENIZER);
  });

  it("types lookups through TokenizerMap and MetricMap", () => {
    const r = createRegistry().use(testPlugin);
    const m = r.metric("overlap", { tokenize: "ws" });
    expectTypeOf(m).toEqualTypeOf<Metric<OverlapStats, { precision: number }>>();
    expectTypeOf(r.tokenizer("ws", { lowercase: true })).toEqualTypeOf<Tokenizer>();
    // @ts-expect-error: a name nobody declared is not accepted by the typed lookup
    expect(() => r.metric("not-declared")).toThrow(GramscoreError);
    // @ts-expect-error: options are typed
    r.tokenizer("ws", { lowercase: "yes" });
    expect(m.score(m.stats("a b", ["a"]), "segment").precision).toBe(0.5);
  });

  it("is a no-op to register the same plugin or descriptor again", () => {
    const r = createRegistry().use(testPlugin).use(testPlugin);
    r.use(definePlugin({ name: "again", tokenizers: [wsTokenizer] }));
    expect(r.resolve("tokenizer", "ws")).toBe(wsTokenizer);
    expect(r.shadowed()).toEqual([]);
  });

  it("rejects a conflicting name, registering nothing of that plugin", () => {
    const r = createRegistry().use(testPlugin);
    const other = defineTokenizer({ name: "fresh", aliases: ["none"], description: "x", create: () => wsTokenizer.create() });
    const clash = definePlugin({ name: "clash", tokenizers: [other] });
    const e = caught(() => r.use(clash));
    expect(e.code).toBe(ErrorCode.NAME_CONFLICT);
    expect(e.message).toContain('tokenizer "none" is already registered by plugin "test-plugin"');
    expect(e.message).toContain("override");
    expect(r.has("tokenizer", "fresh")).toBe(false);
    expect(r.plugins().map((p) => p.name)).toEqual(["test-plugin"]);
    r.use(clash, { override: true });
    expect(r.resolve("tokenizer", "none")).toBe(other);
    expect(r.resolve("tokenizer", "ws")).toBe(wsTokenizer);
    expect(r.shadowed()).toEqual([{ kind: "tokenizer", name: "none", plugin: "test-plugin", by: "clash" }]);
  });

  it("keeps tokenizer and metric names in separate namespaces", () => {
    const sameName = defineMetric({ name: "ws", description: "x", create: (o, c) => overlapMetric.create(undefined, c) });
    const r = createRegistry().use(testPlugin).use(definePlugin({ name: "m", metrics: [sameName] }));
    expect(r.resolve("metric", "ws")).toBe(sameName);
    expect(r.resolve("tokenizer", "ws")).toBe(wsTokenizer);
  });

  it("rejects a plugin that declares one name twice", () => {
    const twin = defineTokenizer({ name: "ws", description: "twin", create: () => wsTokenizer.create() });
    const e = caught(() => createRegistry().use(definePlugin({ name: "twins", tokenizers: [wsTokenizer, twin] })));
    expect(e.code).toBe(ErrorCode.NAME_CONFLICT);
    expect(e.message).toContain('declared twice inside plugin "twins"');
  });

  it("explains unknown names: what is registered, close names, how to install", () => {
    const r = createRegistry().use(testPlugin);
    const e = caught(() => r.resolve("metric", "overlpa"));
    expect(e.code).toBe(ErrorCode.UNKNOWN_METRIC);
    expect(e.message).toBe(
      'Unknown metric "overlpa". Did you mean "overlap"? Registered metrics: overlap. ' +
        'If "overlpa" comes from a plugin package, install it (for example npm install @gramscore/metric-overlpa) and register its plugin with registry.use(plugin).',
    );
    expect(e.details).toEqual({ kind: "metric", name: "overlpa", available: ["overlap"], suggestions: ["overlap"] });
    const t = caught(() => createRegistry({ hint: (kind, name) => `Try --plugin for the ${kind} ${name}.` }).resolve("tokenizer", "13a"));
    expect(t.code).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    expect(t.message).toBe('Unknown tokenizer "13a". No tokenizers are registered. Try --plugin for the tokenizer 13a.');
  });

  it("checks what create() returns", () => {
    const broken = defineMetric({ name: "broken", description: "x", create: () => ({ name: "broken" }) as unknown as Metric });
    const r = createRegistry().use(definePlugin({ name: "b", metrics: [broken] }));
    const e = caught(() => r.create("metric", "broken"));
    expect(e.code).toBe(ErrorCode.INVALID_TYPE);
    expect(e.message).toContain('metric "broken" of plugin "b": create() returned a metric without empty(), stats(), merge(), score(), signature(), summarize()');
  });
});

describe("validatePlugin", () => {
  const cases: [string, unknown, string][] = [
    ["not an object", 42, "expected a plugin object"],
    ["wrong kind", { kind: "metric", name: "x" }, 'kind must be "plugin"'],
    ["no name", { kind: "plugin" }, "name must be a non-empty string"],
    ["metrics not an array", { kind: "plugin", name: "p", metrics: {} }, "metrics must be an array"],
    ["descriptor kind", { kind: "plugin", name: "p", metrics: [{ kind: "tokenizer", name: "x", create() {} }] }, 'kind must be "metric"'],
    ["name with a comma", { kind: "plugin", name: "p", tokenizers: [{ kind: "tokenizer", name: "a,b", create() {} }] }, "without whitespace, commas"],
    ["no create", { kind: "plugin", name: "p", tokenizers: [{ kind: "tokenizer", name: "a" }] }, "create must be a function"],
    ["bad alias", { kind: "plugin", name: "p", tokenizers: [{ kind: "tokenizer", name: "a", aliases: ["b c"], create() {} }] }, "alias"],
    [
      "flag with dashes",
      { kind: "plugin", name: "p", metrics: [{ kind: "metric", name: "a", create() {}, options: [{ key: "k", flag: "--k", type: "string", description: "" }] }] },
      "flag must be letters",
    ],
    [
      "bad option type",
      { kind: "plugin", name: "p", metrics: [{ kind: "metric", name: "a", create() {}, options: [{ key: "k", flag: "k", type: "int", description: "" }] }] },
      "type must be one of",
    ],
  ];
  it.each(cases)("rejects %s", (_label, value, text) => {
    const e = caught(() => validatePlugin(value, "my-module"));
    expect(e.code).toBe(ErrorCode.INVALID_TYPE);
    expect(e.message).toContain(text);
  });

  it("accepts what definePlugin makes", () => {
    expect(validatePlugin(testPlugin)).toBe(testPlugin);
  });

  it("use() validates too", () => {
    expect(() => createRegistry().use({ name: "x" } as unknown as Plugin)).toThrow(/kind must be "plugin"/);
  });
});

describe("pluginFromModule", () => {
  it("takes the default export, the plugin export, or a CommonJS default.default", () => {
    expect(pluginFromModule({ default: testPlugin }, "m")).toBe(testPlugin);
    expect(pluginFromModule({ plugin: testPlugin }, "m")).toBe(testPlugin);
    expect(pluginFromModule({ default: { __esModule: true, default: testPlugin } }, "m")).toBe(testPlugin);
  });
  it("says what a module exports when it has no plugin", () => {
    const e = caught(() => pluginFromModule({ helper: 1, other: 2 }, "./x.mjs"));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
    expect(e.message).toContain('./x.mjs does not export a gramscore plugin');
    expect(e.message).toContain('"helper", "other"');
    expect(caught(() => pluginFromModule({}, "m")).message).toContain("exports nothing");
  });
  it("wraps validation errors with the cause", () => {
    const e = caught(() => pluginFromModule({ default: { kind: "plugin" } }, "m"));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
    expect((e.cause as GramscoreError).code).toBe(ErrorCode.INVALID_TYPE);
  });
});

describe("lazy plugins", () => {
  function lazy(name: string, plugin: unknown, log: string[], extra: object = {}) {
    return {
      name,
      load: async () => {
        log.push(name);
        if (plugin instanceof Error) throw plugin;
        return plugin;
      },
      ...extra,
    };
  }

  it("loads nothing until a name is needed, and hinted plugins first", async () => {
    const log: string[] = [];
    const tokenizers = definePlugin({ name: "tok", tokenizers: [wsTokenizer, charTokenizer] });
    const metrics = definePlugin({ name: "met", metrics: [overlapMetric] });
    const r = createRegistry()
      .useLazy(lazy("tok", { default: tokenizers }, log, { kinds: ["tokenizer"] }))
      .useLazy(lazy("met", { plugin: metrics }, log, { provides: { metrics: ["overlap"] } }));
    expect(log).toEqual([]);
    expect(r.pending()).toEqual(["tok", "met"]);
    const e = caught(() => r.resolve("metric", "overlap"));
    expect(e.message).toContain("2 lazy plugin(s) are not loaded yet (tok, met)");
    expect(await r.ensure("metric", "overlap")).toBe(overlapMetric);
    expect(log).toEqual(["met"]);
    // The metric asks its context for "chars", which only the other lazy plugin has.
    const m = await r.createAsync("metric", "overlap", { tokenize: "chars" });
    expect(log).toEqual(["met", "tok"]);
    expect(m.signature()).toBe("tok:chars|version:test");
    expect(r.plugins().map((p) => [p.name, p.lazy])).toEqual([["met", true], ["tok", true]]);
  });

  it("throws the complete unknown-name error once everything is loaded", async () => {
    const r = createRegistry().useLazy({ name: "tok", load: () => definePlugin({ name: "tok", tokenizers: [wsTokenizer] }) });
    const e = await caughtAsync(() => r.ensure("tokenizer", "wss"));
    expect(e.message).toBe(
      'Unknown tokenizer "wss". Did you mean "ws"? Registered tokenizers: ws. ' +
        'If "wss" comes from a plugin package, install that package and register its plugin with registry.use(plugin).',
    );
    expect(r.pending()).toEqual([]);
  });

  it("lets explicit plugins take precedence over lazy ones, either way round", async () => {
    const mine = defineTokenizer({ name: "ws", description: "mine", create: () => charTokenizer.create() });
    const r = createRegistry()
      .useLazy({ name: "builtin", load: () => ({ default: definePlugin({ name: "builtin", tokenizers: [wsTokenizer, charTokenizer] }) }) })
      .use(definePlugin({ name: "mine", tokenizers: [mine] }));
    await r.loadAll();
    expect(r.resolve("tokenizer", "ws")).toBe(mine);
    expect(r.resolve("tokenizer", "chars")).toBe(charTokenizer);
    expect(r.shadowed()).toEqual([{ kind: "tokenizer", name: "ws", plugin: "builtin", by: "mine" }]);

    const r2 = createRegistry().useLazy({ name: "builtin", load: () => definePlugin({ name: "builtin", tokenizers: [wsTokenizer] }) });
    await r2.loadAll();
    r2.use(definePlugin({ name: "mine", tokenizers: [mine] }));
    expect(r2.resolve("tokenizer", "ws")).toBe(mine);
  });

  it("reports conflicts between two lazy plugins", async () => {
    const twin = defineTokenizer({ name: "ws", description: "twin", create: () => wsTokenizer.create() });
    const r = createRegistry()
      .useLazy({ name: "a", load: () => definePlugin({ name: "a", tokenizers: [wsTokenizer] }) })
      .useLazy({ name: "b", load: () => definePlugin({ name: "b", tokenizers: [twin] }) });
    const e = await caughtAsync(() => r.loadAll());
    expect(e.code).toBe(ErrorCode.NAME_CONFLICT);
  });

  it("skips optional plugins that are missing, empty or broken, and says why", async () => {
    const notFound = Object.assign(new Error("Cannot find package '@x/y'"), { code: "ERR_MODULE_NOT_FOUND" });
    const r = createRegistry()
      .useLazy({ name: "@x/missing", optional: true, load: () => Promise.reject(notFound) })
      .useLazy({ name: "@x/placeholder", optional: true, load: () => ({}) })
      .useLazy({ name: "@x/broken", optional: true, load: () => Promise.reject(new SyntaxError("Unexpected token")) })
      .useLazy({ name: "@x/invalid", optional: true, load: () => ({ default: { kind: "plugin" } }) })
      .useLazy({ name: "ok", optional: true, load: () => ({ default: testPlugin }) });
    await r.loadAll();
    expect(r.unavailable().map((u) => [u.name, u.reason])).toEqual([
      ["@x/missing", "not-installed"],
      ["@x/placeholder", "no-plugin"],
      ["@x/broken", "failed"],
      ["@x/invalid", "failed"],
    ]);
    expect(r.has("metric", "overlap")).toBe(true);
  });

  it("answers a name of an installed plugin that failed to load with that plugin's error, not the hint to install it", async () => {
    const missing = new GramscoreError(ErrorCode.MISSING_DEPENDENCY, "@x/data is not installed; npm install @x/data.");
    const r = createRegistry()
      .useLazy({ name: "@x/metric-deps", optional: true, provides: { metrics: ["deps"], tokenizers: [] }, load: () => Promise.reject(missing) })
      .useLazy({ name: "@x/metric-absent", optional: true, provides: { metrics: ["absent"], tokenizers: [] }, load: () => Promise.reject(Object.assign(new Error("Cannot find package '@x/metric-absent'"), { code: "ERR_MODULE_NOT_FOUND" })) });
    const e = await r.ensure("metric", "deps").then(() => undefined, (error: unknown) => error as GramscoreError);
    expect(e?.code).toBe(ErrorCode.MISSING_DEPENDENCY);
    expect(e?.message).toBe('The metric "deps" comes from @x/metric-deps, which is installed but could not be loaded: @x/data is not installed; npm install @x/data.');
    // A plugin that is not installed at all keeps the usual unknown-name error.
    const absent = await r.ensure("metric", "absent").then(() => undefined, (error: unknown) => error as GramscoreError);
    expect(absent?.code).toBe(ErrorCode.UNKNOWN_METRIC);
  });

  it("wraps load failures of required lazy plugins with the cause", async () => {
    const cause = new Error("boom");
    const r = createRegistry().useLazy({ name: "req", load: () => Promise.reject(cause) });
    const e = await caughtAsync(() => r.ensure("metric", "x"));
    expect(e.code).toBe(ErrorCode.PLUGIN_LOAD_FAILED);
    expect(e.message).toBe("Could not load plugin req: boom");
    expect(e.cause).toBe(cause);
  });

  it("imports each lazy plugin once, even when asked concurrently", async () => {
    let loads = 0;
    const r = createRegistry().useLazy({
      name: "once",
      load: async () => {
        loads++;
        await new Promise((done) => setTimeout(done, 5));
        return testPlugin;
      },
    });
    await Promise.all([r.ensure("metric", "overlap"), r.ensure("tokenizer", "ws"), r.loadAll()]);
    expect(loads).toBe(1);
  });
});

describe("registration is order-independent (property)", () => {
  const nameArb = fc.constantFrom("a", "b", "c", "d", "e", "f", "g", "h");
  const pluginArb = fc.uniqueArray(nameArb, { minLength: 1, maxLength: 3 });

  function pluginOf(index: number, names: string[]): Plugin {
    return definePlugin({
      name: `p${index}`,
      tokenizers: names.map((n) => defineTokenizer({ name: n, description: `${index}`, create: () => wsTokenizer.create() })),
    });
  }

  it("disjoint plugins resolve the same in any order; overlapping ones fail atomically", () => {
    fc.assert(
      fc.property(fc.array(pluginArb, { minLength: 1, maxLength: 4 }), fc.func(fc.integer()), (groups, shuffleKey) => {
        const plugins = groups.map((names, i) => pluginOf(i, names));
        const order = plugins.map((p, i) => [shuffleKey(i), p] as const).sort((x, y) => x[0] - y[0]).map(([, p]) => p);
        const all = groups.flat();
        const disjoint = new Set(all).size === all.length;
        const forward = createRegistry();
        const shuffled = createRegistry();
        let forwardFailed = false;
        let shuffledFailed = false;
        for (const p of plugins) {
          const before = forward.list("tokenizer").map((e) => e.descriptor);
          try {
            forward.use(p);
          } catch (error) {
            forwardFailed = true;
            expect((error as GramscoreError).code).toBe(ErrorCode.NAME_CONFLICT);
            expect(forward.list("tokenizer").map((e) => e.descriptor)).toEqual(before);
          }
        }
        for (const p of order) {
          try {
            shuffled.use(p);
          } catch {
            shuffledFailed = true;
          }
        }
        expect(forwardFailed).toBe(!disjoint);
        expect(shuffledFailed).toBe(!disjoint);
        if (disjoint) {
          for (const n of all) expect(shuffled.resolve("tokenizer", n)).toBe(forward.resolve("tokenizer", n));
        }
      }),
    );
  });
});

describe("suggestNames", () => {
  it("suggests names one edit away, and case-insensitive matches", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{2,8}$/), fc.nat(), (name, at) => {
        const i = at % name.length;
        const typo = name.slice(0, i) + name.slice(i + 1);
        expect(suggestNames(typo, [name, "zzzzzzzzzzzz"])).toContain(name);
        expect(suggestNames(name.toUpperCase(), [name])).toEqual([name]);
      }),
    );
    expect(suggestNames("rouge", ["bleu", "chrf"])).toEqual([]);
  });

  it("counts two adjacent letters swapped as one edit (blue -> bleu), for names of any length", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z0-9]{2,8}$/), fc.nat(), (name, at) => {
        const i = at % (name.length - 1);
        const typo = name.slice(0, i) + name[i + 1] + name[i] + name.slice(i + 2);
        expect(suggestNames(typo, [name, "zzzzzzzzzzzz"])).toContain(name);
      }),
    );
    expect(suggestNames("blue", ["bleu", "chrf", "ter"])).toEqual(["bleu"]);
    expect(suggestNames("bule", ["bleu"])).toEqual([]);
  });

  it("passes the suggestions to the hint, which may leave its text out", () => {
    const seen: unknown[] = [];
    const r = createRegistry({ hint: (kind, name, suggestions) => (seen.push([kind, name, suggestions]), "") });
    r.use(definePlugin({ name: "p", metrics: [overlapMetric] }));
    let message = "";
    try {
      r.resolve("metric", "ovelrap");
    } catch (error) {
      message = (error as Error).message;
    }
    expect(seen).toEqual([["metric", "ovelrap", ["overlap"]]]);
    expect(message).toBe('Unknown metric "ovelrap". Did you mean "overlap"? Registered metrics: overlap.');
  });
});

describe("tokenizers that load asynchronously (ready)", () => {
  function slowTokenizerPlugin() {
    const slow = defineTokenizer({
      name: "slow",
      description: "loads its library asynchronously",
      create: () => {
        let loaded = false;
        const ready = new Promise<void>((resolve) => setTimeout(() => {
          loaded = true;
          resolve();
        }, 5));
        const check = () => {
          if (!loaded) throw new GramscoreError(ErrorCode.USAGE, "still loading: await tokenizer.ready");
        };
        return {
          name: "slow",
          get signature() {
            check();
            return "slow#1234";
          },
          tokenize(text: string) {
            check();
            return text.split(" ");
          },
          ready,
        };
      },
    });
    return definePlugin({ name: "slow", tokenizers: [slow], metrics: [overlapMetric] });
  }
  it("createAsync awaits a tokenizer's ready promise", async () => {
    const r = createRegistry().use(slowTokenizerPlugin());
    expect(() => r.create("tokenizer", "slow").tokenize("a b")).toThrow(/still loading/);
    const tok = await r.createAsync("tokenizer", "slow");
    expect(tok.tokenize("a b")).toEqual(["a", "b"]);
  });
  it("createAsync creates a metric again once the tokenizers it asked for are ready", async () => {
    const r = createRegistry().use(slowTokenizerPlugin());
    const early = r.create("metric", "overlap", { tokenize: "slow" });
    expect(() => evaluate(early, [{ hyp: "a b", refs: ["a c"] }])).toThrow(/still loading/);
    const m = await r.createAsync("metric", "overlap", { tokenize: "slow" });
    expect(m.signature()).toBe("tok:slow#1234|version:test");
    expect(evaluate(m, [{ hyp: "a b", refs: ["a c"] }]).count).toBe(1);
  });
});
