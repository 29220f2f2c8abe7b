import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  ErrorCode,
  GramscoreError,
  defineLimit,
  describeValue,
  exactAdd,
  exactOf,
  isCount,
  nrefsOptionSpec,
  nrefsRule,
  readCount,
  readCounts,
  readExactSum,
  readStatsNrefs,
  resolveOptions,
  resolveTokenizerOption,
  statsObject,
} from "@gramscore/core";
import type { MetricContext, OptionRule, OptionRules, Tokenizer } from "@gramscore/core";

function thrown(fn: () => unknown): GramscoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof GramscoreError) return error;
    throw error;
  }
  throw new Error("did not throw");
}

const RULES: OptionRules = {
  metric: "Toy",
  example: "{ order: 2 }",
  rules: [
    { key: "order", type: "number", integer: true, min: 1, max: 255, default: 4 },
    { key: "beta", type: "number", min: 0, default: 2, expected: "a finite number >= 0 (recall's weight)" },
    { key: "lowercase", type: "boolean", default: false },
    { key: "stemmer", type: "string", choices: ["porter", "none"], default: "porter" },
    { key: "types", type: "list", choices: ["a", "b", "c"], default: ["a"] },
    { key: "alpha", type: "number", numericString: true, default: 0.9 },
    { key: "nrefs", type: "string", read: (v) => (v === undefined ? undefined : String(v)) },
  ],
};

describe("resolveOptions", () => {
  it("fills in defaults, keeps given values, and lets a variant replace a default", () => {
    expect(resolveOptions(undefined, RULES)).toEqual({ order: 4, beta: 2, lowercase: false, stemmer: "porter", types: ["a"], alpha: 0.9, nrefs: undefined });
    expect(resolveOptions(null, RULES, { order: 2 })).toMatchObject({ order: 2 });
    expect(resolveOptions({ order: 7, lowercase: true, types: "b, c", alpha: "0.5", nrefs: 3 }, RULES)).toMatchObject({
      order: 7,
      lowercase: true,
      types: ["b", "c"],
      alpha: 0.5,
      nrefs: "3",
    });
  });

  it("words each refusal as what was expected and what came, with INVALID_OPTION and details.option", () => {
    const e = thrown(() => resolveOptions({ order: 0 }, RULES));
    expect(e.code).toBe(ErrorCode.INVALID_OPTION);
    expect(e.details).toEqual({ option: "order" });
    expect(e.message).toBe("Toy option order must be an integer from 1 to 255, but got number 0.");
    expect(thrown(() => resolveOptions({ beta: -1 }, RULES)).message).toBe("Toy option beta must be a finite number >= 0 (recall's weight), but got number -1.");
    expect(thrown(() => resolveOptions({ lowercase: "yes" }, RULES)).message).toBe('Toy option lowercase must be true or false, but got the string "yes".');
    expect(thrown(() => resolveOptions({ stemmer: "snowball" }, RULES)).message).toBe('Toy option stemmer must be "porter" or "none", but got the string "snowball".');
    expect(thrown(() => resolveOptions({ types: ["d"] }, RULES)).message).toBe('Toy option types must be a list of "a", "b" or "c", but got an array of length 1.');
    expect(thrown(() => resolveOptions("order", RULES)).message).toBe('Toy options must be an object such as { order: 2 }, but got the string "order".');
  });

  it("refuses unknown keys with unknownOptionError (renamed names named)", () => {
    expect(thrown(() => resolveOptions({ colour: 1 }, RULES)).message).toBe(
      'Unknown Toy option "colour". Known options: order, beta, lowercase, stemmer, types, alpha, nrefs.',
    );
    expect(thrown(() => resolveOptions({ n: 3 }, { ...RULES, rules: [...RULES.rules, { key: "maxNgramOrder", type: "number" }] })).message).toContain(
      "it is called maxNgramOrder in gramscore",
    );
    // snake_case and command-line flags of a known option name its camelCase key; another metric's option is not suggested.
    expect(thrown(() => resolveOptions({ max_ngram: 1 }, RULES)).message).toContain('Unknown Toy option "max_ngram"');
    expect(thrown(() => resolveOptions({ low_case: true }, RULES)).message).toContain("Known options:");
    const flagRules = { ...RULES, rules: [...RULES.rules, { key: "maxNgramOrder", type: "number" as const }, { key: "effectiveOrder", type: "boolean" as const }] };
    expect(thrown(() => resolveOptions({ "max-ngram-order": 3 }, flagRules)).message).toBe(
      'Toy has no option "max-ngram-order" (max-ngram-order is its command-line flag): gramscore names options in camelCase, so write maxNgramOrder.',
    );
    expect(thrown(() => resolveOptions({ max_ngram_order: 3 }, flagRules)).message).toContain("it is called maxNgramOrder in gramscore");
    expect(thrown(() => resolveOptions({ use_effective_order: true }, flagRules)).message).toBe('Toy has no option "use_effective_order": it is called effectiveOrder in gramscore.');
    expect(thrown(() => resolveOptions({ use_effective_order: true }, RULES)).message).toContain('Unknown Toy option "use_effective_order"');
    expect(thrown(() => resolveOptions({ "max-ngram-order": 3 }, flagRules)).details).toEqual({ option: "max-ngram-order" });
  });

  it("property: every value a rule admits comes back unchanged, every other is refused with its key", () => {
    const value = fc.oneof(fc.integer({ min: -300, max: 300 }), fc.double(), fc.boolean(), fc.string(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 }));
    const admits = (rule: OptionRule, v: unknown): boolean => {
      switch (rule.type) {
        case "boolean":
          return typeof v === "boolean";
        case "number":
          return (
            typeof v === "number" &&
            Number.isFinite(v) &&
            (!rule.integer || Number.isSafeInteger(v)) &&
            (rule.min === undefined || v >= rule.min) &&
            (rule.max === undefined || v <= rule.max)
          );
        case "string":
          return typeof v === "string" && (rule.choices === undefined || rule.choices.includes(v));
        case "list":
          return Array.isArray(v) && v.every((s) => rule.choices === undefined || rule.choices.includes(s));
      }
    };
    const plain = RULES.rules.filter((r) => r.read === undefined && !r.numericString && r.type !== "list");
    fc.assert(
      fc.property(fc.constantFrom(...plain), value, (rule, v) => {
        if (admits(rule, v)) {
          expect((resolveOptions({ [rule.key]: v }, RULES) as Record<string, unknown>)[rule.key]).toEqual(v);
        } else if (v !== undefined) {
          const e = thrown(() => resolveOptions({ [rule.key]: v }, RULES));
          expect(e.code).toBe(ErrorCode.INVALID_OPTION);
          expect(e.details).toEqual({ option: rule.key });
          expect(e.message.endsWith(`but got ${describeValue(v)}.`)).toBe(true);
        }
      }),
    );
  });

  it("property: any key outside the rules is refused, whatever its value", () => {
    const known = new Set(RULES.rules.map((r) => r.key));
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((k) => !known.has(k) && k !== "__proto__"),
        fc.anything(),
        (key, v) => {
          expect(thrown(() => resolveOptions({ [key]: v }, RULES)).code).toBe(ErrorCode.INVALID_OPTION);
        },
      ),
    );
  });

  it("reads rules in order, so a read may depend on the keys before it", () => {
    const rules: OptionRules = {
      metric: "Toy",
      example: "{}",
      rules: [
        { key: "min", type: "number", integer: true, min: 1, default: 1 },
        { key: "max", type: "number", read: (v, r) => (v === undefined ? Math.max(4, r.min as number) : v) },
      ],
    };
    expect(resolveOptions({ min: 6 }, rules)).toEqual({ min: 6, max: 6 });
  });
});

describe("resolveTokenizerOption", () => {
  const made: string[] = [];
  const builtin = (name: string): (() => Tokenizer) => () => {
    made.push(name);
    return { name, signature: name, tokenize: (t: string) => t.split(" ") };
  };
  const setup = { builtins: { whitespace: builtin("whitespace"), none: builtin("whitespace") }, context: undefined, metric: "toy", ownPlugins: ["@gramscore/tokenizer-whitespace"] };

  it("builds built-in names, wraps functions and objects (checked on every call), refuses other values", () => {
    expect(resolveTokenizerOption("none", setup).name).toBe("whitespace");
    expect(made).toEqual(["whitespace"]);
    const f = resolveTokenizerOption((t: string) => t.split(""), setup);
    expect([f.name, f.signature, f.tokenize("ab")]).toEqual(["custom", "custom", ["a", "b"]]);
    const o = resolveTokenizerOption({ name: "mine", tokenize: () => "oops" as never }, setup);
    expect(o.signature).toBe("mine");
    expect(thrown(() => o.tokenize("x")).code).toBe(ErrorCode.INVALID_TYPE);
    const e = thrown(() => resolveTokenizerOption(42 as never, setup));
    expect([e.code, e.details]).toEqual([ErrorCode.INVALID_OPTION, { option: "tokenize" }]);
    expect(e.message).toContain("tokenizer name (whitespace, none, …)");
  });

  it("asks the registry for other names, and prefers a user plugin's tokenizer under a built-in name", () => {
    expect(thrown(() => resolveTokenizerOption("letters", setup)).code).toBe(ErrorCode.UNKNOWN_TOKENIZER);
    const context: MetricContext = {
      tokenizer: (name) => ({ name, signature: `${name}@user`, tokenize: (t) => [t] }),
      origin: (name) => (name === "whitespace" ? { plugin: "user-plugin", user: true } : undefined),
    } as MetricContext;
    expect(resolveTokenizerOption("whitespace", { ...setup, context }).signature).toBe("whitespace@user");
    expect(resolveTokenizerOption("letters", { ...setup, context }).signature).toBe("letters@user");
  });
});

describe("statistics helpers", () => {
  it("read objects, counts, nrefs and exact sums, refusing with INVALID_STATS in the caller's words", () => {
    expect(thrown(() => statsObject([], "Toy", "{ a }")).message).toBe("Toy statistics must be an object { a }, but got an array of length 0.");
    expect(readCount(3, (g) => g)).toBe(3);
    expect(thrown(() => readCount(-1, (g) => `need a count, got ${g}`)).message).toBe("need a count, got number -1");
    expect(readCounts([1, 2], 2, { shape: (g) => g })).toEqual([1, 2]);
    expect(thrown(() => readCounts([1, 2.5], 2, { shape: (g) => g, item: (i, g) => `[${i}] is ${g}` })).message).toBe("[1] is number 2.5");
    expect(thrown(() => readCounts([1], 2, { shape: (g) => `shape ${g}` })).message).toBe("shape an array of length 1");
    expect(readStatsNrefs(-1, "Toy")).toBe(-1);
    expect(thrown(() => readStatsNrefs(-2, "Toy")).code).toBe(ErrorCode.INVALID_STATS);
    expect(readExactSum([0.5], (g) => g, 0, 1)).toEqual([0.5]);
    expect(thrown(() => readExactSum([2], (g) => `bad ${g}`, 0, 1)).message).toBe("bad an array of length 1");
    expect(thrown(() => readExactSum([1, 1], (g) => g)).code).toBe(ErrorCode.INVALID_STATS);
  });

  it("property: counts are exactly the non-negative safe integers", () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double(), fc.bigInt().map(Number), fc.string(), fc.constant(null)), (v) => {
        const ok = typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
        expect(isCount(v)).toBe(ok);
        if (ok) expect(readCount(v, String)).toBe(v);
        else expect(thrown(() => readCount(v, String)).code).toBe(ErrorCode.INVALID_STATS);
      }),
    );
  });

  it("property: every exact sum merging makes reads back (a copy); anything non-canonical is refused", () => {
    const double = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e300, max: 1e300 }), fc.constantFrom(1e16, -1e16, 0.1, 1));
    fc.assert(
      fc.property(fc.array(double, { maxLength: 8 }), (xs) => {
        const sum = xs.reduce((acc, x) => exactAdd(acc, exactOf(x)), [] as number[]);
        const read = readExactSum(JSON.parse(JSON.stringify(sum)), String);
        expect(read).toEqual(sum);
        expect(read).not.toBe(sum);
        if (sum.length >= 1) {
          // Appending the first part again is never canonical (it would overlap).
          expect(thrown(() => readExactSum([...sum, sum[0]!], String)).code).toBe(ErrorCode.INVALID_STATS);
        }
      }),
    );
  });
});

describe("defineLimit", () => {
  it("checks, sets and returns the previous value", () => {
    const limit = defineLimit("The toy limit", 10, { unit: "cells" });
    expect(limit.get()).toBe(10);
    expect(limit.set(20)).toBe(10);
    expect(limit.get()).toBe(20);
    const e = thrown(() => limit.set(0.5));
    expect([e.code, e.message]).toEqual([ErrorCode.INVALID_OPTION, "The toy limit is a whole number of cells (1 or more), but got number 0.5."]);
    expect(limit.get()).toBe(20);
    const safe = defineLimit("The byte limit", 1, { unit: "bytes", safe: true });
    expect(thrown(() => safe.set(2 ** 60)).code).toBe(ErrorCode.INVALID_OPTION);
    expect(defineLimit("x", 1, { unit: "cells" }).set(2 ** 60)).toBe(1);
  });
});

describe("nrefsRule and nrefsOptionSpec", () => {
  const rules: OptionRules = { metric: "Toy", example: "{ nrefs: 2 }", rules: [nrefsRule("Toy")] };
  it("reads a count, a string of digits, var, or nothing", () => {
    expect(resolveOptions({ nrefs: 2 }, rules)).toEqual({ nrefs: 2 });
    expect(resolveOptions({ nrefs: "3" }, rules)).toEqual({ nrefs: 3 });
    expect(resolveOptions({ nrefs: "var" }, rules)).toEqual({ nrefs: "var" });
    expect(resolveOptions({}, rules)).toEqual({ nrefs: undefined });
  });
  it("refuses anything else with INVALID_OPTION naming the metric", () => {
    const e = thrown(() => resolveOptions({ nrefs: 0 }, rules));
    expect(e.code).toBe(ErrorCode.INVALID_OPTION);
    expect(e.message).toContain("Toy");
    expect(thrown(() => resolveOptions({ nrefs: "many" }, rules)).code).toBe(ErrorCode.INVALID_OPTION);
  });
  it("the spec is the CLI's --nrefs string flag", () => {
    expect(nrefsOptionSpec).toMatchObject({ key: "nrefs", flag: "nrefs", type: "string" });
  });
});
