import { Readable } from "node:stream";
import { Command } from "commander";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ErrorCode, GramscoreError, formatFixed } from "@gramscore/core";
import {
  DEFAULT_WIDTH,
  LineReader,
  addSpecOptions,
  collectSpecOptions,
  columnsOf,
  formatReport,
  highlightWords,
  matchedStrings,
  prescan,
  readJsonl,
  renderTree,
  toRecord,
  useColor,
} from "gramscore";
import type { Report } from "gramscore";
import { colors } from "../src/shared/io.js";

/** Splits `text` into chunks at the given cut points and feeds them as UTF-8 bytes. */
function chunked(text: string, cuts: number[]): Uint8Array[] {
  const bytes = Buffer.from(text, "utf8");
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const p of [...points, bytes.length]) {
    if (p > at) out.push(bytes.subarray(at, p));
    at = Math.max(at, p);
  }
  return out;
}

async function allLines(reader: LineReader): Promise<string[]> {
  const out: string[] = [];
  while (await reader.fill()) out.push(...reader.take(reader.available));
  return out;
}

describe("LineReader", () => {
  it("splits on \\n only, keeps \\r and BOMs, and counts a last line without newline", async () => {
    const lines = await allLines(new LineReader("t", Readable.from([Buffer.from("\ufeffa\r\n\nb\u2028c\u0085\nlast")])));
    expect(lines).toEqual(["\ufeffa\r", "", "b\u2028c\u0085", "last"]);
    expect(await allLines(new LineReader("t", Readable.from([Buffer.from("x\n")])))).toEqual(["x"]);
    expect(await allLines(new LineReader("t", Readable.from([])))).toEqual([]);
  });

  it("gives the same lines however the bytes are chunked (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.oneof(fc.constantFrom("\n", "\r", "é", "😀", "a b", " ", "中"), fc.string()), { maxLength: 30 }).map((p) => p.join("")),
        fc.array(fc.nat(), { maxLength: 8 }),
        async (text, cuts) => {
          const expected = text === "" ? [] : text.split("\n");
          if (text.endsWith("\n")) expected.pop();
          const reader = new LineReader("t", Readable.from(chunked(text, cuts)));
          expect(await allLines(reader)).toEqual(expected);
          expect(reader.taken).toBe(expected.length);
        },
      ),
    );
  });

  it("rejects invalid UTF-8, naming the line, after handing out the lines before it", async () => {
    const reader = new LineReader("bad.txt", Readable.from([Buffer.from([0x61, 0x0a, 0x62, 0x0a, 0x63, 0xff, 0x0a, 0x64])]));
    const seen: string[] = [];
    const all = (async () => {
      while (await reader.fill()) seen.push(...reader.take(reader.available));
    })();
    await expect(all).rejects.toMatchObject({
      code: ErrorCode.MALFORMED_INPUT,
      message: "bad.txt line 3: not valid UTF-8 text. Convert it to UTF-8 first (e.g. iconv -t UTF-8).",
      details: { source: "bad.txt", line: 3 },
    });
    expect(seen).toEqual(["a", "b"]);
  });
});

describe("JSONL records", () => {
  it("accepts refs, ref, null references and numeric systems", () => {
    expect(toRecord({ hyp: "h", refs: ["a", null, "b"], system: 7, id: "x" }, "d.jsonl", 3)).toEqual({
      system: "7",
      hyp: "h",
      refs: ["a", "b"],
      source: "d.jsonl",
      line: 3,
    });
    expect(toRecord({ hyp: "h", ref: "a" }, "-", 1).system).toBe("stdin");
  });
  it("keeps the strings of refs in order and drops nulls wherever they stand (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string(), fc.constant(null)), { minLength: 1, maxLength: 6 }), (refs) => {
        const record = toRecord({ hyp: "h", refs: [...refs] }, "d.jsonl", 1);
        expect(record.refs).toEqual(refs.filter((r) => r !== null));
      }),
    );
    expect(() => toRecord({ hyp: "h", refs: ["a", null, "b", 3] }, "d.jsonl", 2)).toThrow(/refs\[3\] must be a string/);
  });
  it("reads a record without references as a hypothesis alone (for reference-free metrics)", () => {
    expect(toRecord({ hyp: "h" }, "d.jsonl", 1).refs).toEqual([]);
  });
  it.each([
    [[1], "expected a JSON object"],
    [{ refs: ["a"] }, '"hyp" must be a string'],
    [{ hyp: "h", refs: "r" }, '"refs" must be an array'],
    [{ hyp: "h", refs: [1] }, "refs[0] must be a string"],
    [{ hyp: "h", refs: ["a"], system: {} }, '"system" must be a string'],
  ])("rejects %j", (value, text) => {
    const e = (() => {
      try {
        toRecord(value, "d.jsonl", 9);
      } catch (error) {
        return error as GramscoreError;
      }
      throw new Error("no error");
    })();
    expect(e.code).toBe(ErrorCode.MALFORMED_INPUT);
    expect(e.message).toContain("d.jsonl line 9: ");
    expect(e.message).toContain(text);
  });
  it("names the line of invalid JSON and skips blank lines", async () => {
    const io = { stdin: Readable.from([Buffer.from('{"hyp":"a","refs":["a"]}\n\n  \n{"hyp":\n')]), stdout: process.stdout, stderr: process.stderr, cwd: "/", env: {} };
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const batch of readJsonl([], io, { read: 0, total: undefined })) seen.push(...batch.map((r) => r.line));
      })(),
    ).rejects.toThrow(/^stdin line 4: not valid JSON/);
    // The records before the bad line come first, so a problem in them would be reported first.
    expect(seen).toEqual([1]);
  });
});

describe("prescan", () => {
  it("finds plugins, metrics, the tokenizer and the command before parsing", () => {
    expect(prescan(["--plugin", "a", "score", "-m", "bleu,chrf", "--metrics=rouge", "-mter", "--plugin=./b.mjs", "ref.txt", "--", "-m", "x"])).toMatchObject({
      command: "score",
      plugins: ["a", "./b.mjs"],
      metrics: ["bleu", "chrf", "rouge", "ter"],
    });
    expect(prescan(["tokenize", "-t", "13a", "--debug", "--no-config"])).toMatchObject({ command: "tokenize", tokenizer: "13a", debug: true, noConfig: true });
    expect(prescan(["help", "score"])).toMatchObject({ command: "score", help: true });
    expect(prescan(["--config", "x.json", "list", "-h"])).toMatchObject({ command: "list", config: "x.json", help: true });
    expect(prescan(["score", "-j", "4"]).jobs).toBe(4);
    expect(prescan(["score", "-j3", "--jobs=2"]).jobs).toBe(2);
    expect(prescan(["score", "--jobs", "x"]).jobs).toBeUndefined();
  });
});

describe("option specs as flags", () => {
  const owners = [
    {
      name: "m1",
      specs: [
        { key: "tokenize", flag: "tokenize", type: "string" as const, description: "tok", default: "13a" },
        { key: "lowercase", flag: "lowercase", type: "boolean" as const, description: "lc" },
        { key: "order", flag: "max-order", type: "number" as const, description: "n" },
        { key: "format", flag: "format", type: "string" as const, description: "clashes with the CLI's own flag" },
      ],
    },
    {
      name: "m2",
      specs: [
        { key: "lc", flag: "lowercase", type: "boolean" as const, description: "lc" },
        { key: "types", flag: "types", type: "list" as const, description: "types", choices: ["a", "b"] },
        { key: "order", flag: "max-order", type: "string" as const, description: "same flag, other type" },
      ],
    },
  ];

  function parse(args: string[]) {
    const cmd = new Command("x").exitOverride().option("-f, --format <f>").configureOutput({ writeErr: () => {}, writeOut: () => {} });
    const bindings = addSpecOptions(cmd, owners, "metric");
    cmd.parse(args, { from: "user" });
    return { cmd, values: collectSpecOptions(cmd, bindings) };
  }

  it("shares a flag among the metrics declaring it, with per-metric overrides", () => {
    const { values } = parse(["--lowercase", "--no-m2-lowercase", "--tokenize", "intl", "--types", "a,b", "--types", "c", "--max-order", "3"]);
    expect(values.get("m1")).toEqual({ tokenize: "intl", lowercase: true, order: 3 });
    expect(values.get("m2")).toEqual({ lc: false, types: ["a", "b", "c"] });
  });
  it("gives options whose flag is taken or typed differently only the scoped flag", () => {
    const { values } = parse(["--m1-format", "x", "-f", "json", "--m2-max-order", "big"]);
    expect(values.get("m1")).toEqual({ format: "x" });
    expect(values.get("m2")).toEqual({ order: "big" });
  });
  it("passes values unchecked (the metric validates), but rejects non-numbers", () => {
    expect(parse(["--tokenize", "my-plugin-tokenizer"]).values.get("m1")).toEqual({ tokenize: "my-plugin-tokenizer" });
    expect(() => parse(["--max-order", "three"])).toThrow(/--max-order takes a number/);
  });
  it("omits options not given, so metrics apply their defaults", () => {
    expect(parse([]).values.get("m1")).toEqual({});
  });
});

function report(): Report {
  const metric = (name: string, higherIsBetter: boolean) => ({
    name,
    plugin: "p",
    signature: `${name}|version:1`,
    higherIsBetter,
    options: {},
    metric: { name, higherIsBetter, format: undefined } as never,
  });
  return {
    metrics: [metric("bleu", true), metric("rouge", true), metric("ter", false)],
    systems: [
      { name: "a,b", count: 2, scores: [{ count: 2, stats: 0, corpus: {}, summary: { score: 0.125 } }, { count: 2, stats: 0, corpus: {}, summary: { r1: 2.5, r2: 0.5 } }, { count: 2, stats: 0, corpus: {}, summary: { ter: 10 } }] },
      { name: "x|y", count: 2, scores: [{ count: 2, stats: 0, corpus: {}, summary: { score: 0.375 } }, { count: 2, stats: 0, corpus: {}, summary: { r1: 1, r2: Number.NaN } }, undefined] },
    ],
    segments: false,
  };
}

describe("output formats", () => {
  const opts = { width: 2, widthGiven: true, color: false, command: "score" };
  it("names columns after single-number metrics, metric.key otherwise", () => {
    expect(columnsOf(report()).map((c) => c.header)).toEqual(["bleu", "rouge.r1", "rouge.r2", "ter"]);
  });
  it("rounds half to even like Python in every format", () => {
    const csv = formatReport(report(), "csv", opts);
    expect(csv.split("\r\n")).toEqual([
      "system,count,bleu,rouge.r1,rouge.r2,ter,bleu.signature,rouge.signature,ter.signature",
      '"a,b",2,0.12,2.50,0.50,10.00,bleu|version:1,rouge|version:1,ter|version:1',
      "x|y,2,0.38,1.00,nan,,bleu|version:1,rouge|version:1,ter|version:1",
      "",
    ]);
    const md = formatReport(report(), "markdown", opts);
    expect(md).toContain("| x\\|y | 2 | **0.38** | 1.00 | nan |  |");
    expect(md).toContain("| a,b | 2 | 0.12 | **2.50** | **0.50** | **10.00** |");
    const tex = formatReport(report(), "latex", opts);
    expect(tex).toContain("x|y & 2 & \\textbf{0.38} & 1.00 & nan &  \\\\");
    expect(tex).toContain("% bleu: bleu|version:1");
    const json = JSON.parse(formatReport(report(), "json", opts)) as { metrics: { systems: { summary: Record<string, unknown> }[] }[] };
    expect(json.metrics[0]!.systems.map((s) => s.summary.score)).toEqual([0.12, 0.38]);
    expect(json.metrics[1]!.systems[1]!.summary.r2).toBeNull();
    expect(json.metrics[2]!.systems).toHaveLength(1);
  });
  it("lays out the table with two header rows for multi-number metrics", () => {
    const text = formatReport(report(), "table", opts);
    expect(text.split("\n").slice(0, 4)).toEqual([
      "           bleu  rouge          ter",
      "system  n           r1    r2",
      "a,b     2  0.12   2.50  0.50  10.00",
      "x|y     2  0.38   1.00   nan",
    ]);
    expect(text).toContain("Signatures\n  bleu   bleu|version:1\n");
  });
  it("transposes a table wider than maxWidth: one row per number, one column per system", () => {
    const text = formatReport(report(), "table", { ...opts, maxWidth: 30 });
    expect(text.split("\n").slice(0, 7)).toEqual([
      "             a,b   x|y",
      "n              2     2",
      "bleu        0.12  0.38",
      "rouge  r1   2.50  1.00",
      "       r2   0.50   nan",
      "ter        10.00",
      "",
    ]);
    expect(formatReport(report(), "table", { ...opts, maxWidth: 200 })).toBe(formatReport(report(), "table", opts));
  });

  it("pads table cells by display width, so CJK and combining system names line up", () => {
    const r = report();
    const named = { ...r, systems: [{ ...r.systems[0]!, name: "日本語システム" }, { ...r.systems[1]!, name: "e\u0301cole" }] };
    const lines = formatReport(named, "table", opts).split("\n").slice(0, 4);
    // Every data row ends its number columns at the same terminal column: wide characters count two,
    // a combining accent none.
    const columns = (line: string) => [...line].reduce((n, ch) => n + (/[\u3000-\u9fff]/.test(ch) ? 2 : /\p{M}/u.test(ch) ? 0 : 1), 0);
    expect(lines[2]!.startsWith("日本語システム  2  0.12")).toBe(true);
    expect(lines[3]!.startsWith("e\u0301cole           2  0.38")).toBe(true);
    expect(columns(lines[2]!.slice(0, lines[2]!.indexOf("0.12") + 4))).toBe(columns(lines[3]!.slice(0, lines[3]!.indexOf("0.38") + 4)));
  });

  it("escapes LaTeX specials", () => {
    const r = report();
    const tex = formatReport({ ...r, systems: [{ ...r.systems[0]!, name: "a_b&c%$#{}~^\\" }] }, "latex", opts);
    expect(tex).toContain("a\\_b\\&c\\%\\$\\#\\{\\}\\textasciitilde{}\\textasciicircum{}\\textbackslash{} & 2");
  });
  it("uses formatFixed (half to even) for every width", () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 8 }), (x, w) => {
        const r = report();
        const one = { ...r, metrics: [r.metrics[2]!], systems: [{ name: "s", count: 1, scores: [{ count: 1, stats: 0, corpus: {}, summary: { ter: x } }] }] };
        const csv = formatReport(one, "csv", { ...opts, width: w }).split("\r\n")[1]!;
        expect(csv.split(",")[2]).toBe(formatFixed(x, w));
      }),
    );
    expect(DEFAULT_WIDTH).toBe(4);
  });
});

describe("explain rendering", () => {
  const plain = colors(false);
  const explanation = { matched: ["the cat", "sat"], unmatched: ["dog"], orders: [{ n: 1, hits: 3, precision: 0.75 }], empty: [] };
  it("renders any JSON as an indented tree", () => {
    expect(renderTree(explanation, plain, 2)).toEqual([
      'matched: ["the cat", "sat"]',
      'unmatched: ["dog"]',
      "orders:",
      "  - n: 1",
      "    hits: 3",
      "    precision: 0.75",
      "empty: []",
    ]);
  });
  it("colours matches green and misses red, and highlights matched words of the hypothesis", () => {
    const c = colors(true);
    expect([...matchedStrings(explanation)]).toEqual(["the cat", "sat"]);
    const line = renderTree(explanation, c).join("\n");
    expect(line).toContain(c.green('"the cat"'));
    expect(line).toContain(c.red('"dog"'));
    expect(highlightWords("The cat sat, dog.", matchedStrings(explanation), c)).toBe(`${c.green("The")} ${c.green("cat")} ${c.green("sat,")} ${c.red("dog.")}`);
    expect(highlightWords("x y", new Set(), c)).toBe("x y");
  });
  it("reads match counts of entries such as { tokens, matched }", () => {
    const c = colors(true);
    const orders = { orders: [{ n: 1, matches: 2, ngrams: [{ tokens: ["the"], matched: 1 }, { tokens: ["sat"], matched: 0 }, { tokens: ["cat"], matched: 1 }] }] };
    expect([...matchedStrings(orders)]).toEqual(["the", "cat"]);
    const text = renderTree(orders, c).join("\n");
    expect(text).toContain(c.green('"the"'));
    expect(text).toContain(c.red('"sat"'));
    expect(highlightWords("the cat sat", matchedStrings(orders), c)).toBe(`${c.green("the")} ${c.green("cat")} ${c.red("sat")}`);
  });
});

describe("colours", () => {
  it("follow the terminal, NO_COLOR, FORCE_COLOR, TERM=dumb and --no-color", () => {
    const tty = { write: () => true, isTTY: true };
    const pipe = { write: () => true, isTTY: false };
    expect(useColor(tty, {})).toBe(true);
    expect(useColor(pipe, {})).toBe(false);
    expect(useColor(tty, { NO_COLOR: "1" })).toBe(false);
    expect(useColor(tty, { NO_COLOR: "" })).toBe(true);
    expect(useColor(tty, { TERM: "dumb" })).toBe(false);
    expect(useColor(pipe, { FORCE_COLOR: "1" })).toBe(true);
    expect(useColor(tty, { FORCE_COLOR: "0" })).toBe(false);
    expect(useColor(tty, {}, false)).toBe(false);
  });
});
