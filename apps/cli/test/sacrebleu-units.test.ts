/** Python formatting, tabulate tables and argument errors of `gramscore sacrebleu`. */
import { describe, expect, it } from "vitest";
import { PyInt, pyFloatRepr, pyJsonDumps, pyStrRepr } from "../src/output/sacrebleu/pyformat.js";
import { tabulate } from "../src/output/sacrebleu/tabulate.js";
import { ArgError, parseSacrebleuArgs } from "../src/commands/args/sacrebleu.js";
import { signatureText } from "../src/output/sacrebleu/report.js";
import { runSacrebleu } from "../src/commands/sacrebleu.js";

describe("Python float repr", () => {
  it.each([
    [9.999000099990002e-5, "9.999000099990002e-05"],
    [0.000999000999000999, "0.000999000999000999"],
    [0.0001, "0.0001"],
    [51.6, "51.6"],
    [52, "52.0"],
    [-0, "-0.0"],
    [1e16, "1e+16"],
    [1234567890123456.0, "1234567890123456.0"],
    [1.5e-7, "1.5e-07"],
    [1e100, "1e+100"],
    [Infinity, "inf"],
    [NaN, "nan"],
  ])("%s → %s", (x, text) => {
    expect(pyFloatRepr(x)).toBe(text);
  });
});

describe("json.dumps", () => {
  it("indent=4 with ensure_ascii escapes non-ASCII, astral characters as surrogate pairs", () => {
    expect(pyJsonDumps([{ system: "sys/Müller-😀.txt", BLEU: "51.6" }], { indent: 4 })).toBe(
      '[\n    {\n        "system": "sys/M\\u00fcller-\\ud83d\\ude00.txt",\n        "BLEU": "51.6"\n    }\n]',
    );
  });
  it("indent=1 without ensure_ascii keeps μ and ±; floats in repr, null, ints, empty containers", () => {
    expect(pyJsonDumps({ a: "μ = 1.0 ± 0.1", p: 9.999000099990002e-5, n: null, i: new PyInt(3), e: [], o: {} }, { indent: 1, ensureAscii: false })).toBe(
      '{\n "a": "μ = 1.0 ± 0.1",\n "p": 9.999000099990002e-05,\n "n": null,\n "i": 3,\n "e": [],\n "o": {}\n}',
    );
  });
  it("control characters and quotes", () => {
    expect(pyJsonDumps('a"b\\c\n\u0001\u007f', { ensureAscii: true })).toBe('"a\\"b\\\\c\\n\\u0001\\u007f"');
  });
});

describe("Python str repr", () => {
  it("chooses quotes and escapes like Python", () => {
    expect(pyStrRepr("sys/a.txt")).toBe("'sys/a.txt'");
    expect(pyStrRepr("it's")).toBe('"it\'s"');
    expect(pyStrRepr("a\tb\\")).toBe("'a\\tb\\\\'");
  });
});

describe("tabulate 0.8.9", () => {
  it("fancy_grid: numbers re-formatted with the float format, centered; first column right", () => {
    const t = tabulate(["System", "BLEU"], [["a", "bb"], ["51.6", "9"]], { format: "fancy_grid", floatDigits: 2, align: ["right"] });
    expect(t).toBe(
      ["╒══════════╤════════╕", "│   System │  BLEU  │", "╞══════════╪════════╡", "│        a │ 51.60  │", "├──────────┼────────┤", "│       bb │  9.00  │", "╘══════════╧════════╛"].join("\n"),
    );
  });
  it("wide characters count two columns", () => {
    const t = tabulate(["System", "BLEU"], [["中文系统", "x"], ["1.0", "2.0"]], { format: "fancy_grid", floatDigits: 1, align: ["right"] });
    const lines = t.split("\n");
    expect(lines[3]).toBe("│ 中文系统 │  1.0   │");
    expect(lines[5]).toBe("│        x │  2.0   │");
  });
  it("multi-line cells are filled with blank lines", () => {
    const t = tabulate(["System", "BLEU"], [["b", "s"], ["51.6", "49.4\n(p = 0.0010)*"]], { format: "fancy_grid", floatDigits: 1, align: ["right"] });
    expect(t.split("\n").slice(3, 7)).toEqual(["│        b │     51.6      │", "├──────────┼───────────────┤", "│        s │     49.4      │", "│          │ (p = 0.0010)* │"]);
  });
  it("latex_booktabs escapes after padding", () => {
    const t = tabulate(["System", "BLEU (μ ± 95% CI)"], [["a_b"], ["1.0"]], { format: "latex_booktabs", floatDigits: 1, align: ["right"] });
    expect(t).toBe(["\\begin{tabular}{rc}", "\\toprule", "   System &  BLEU (μ ± 95\\% CI)  \\\\", "\\midrule", "      a\\_b &         1.0         \\\\", "\\bottomrule", "\\end{tabular}"].join("\n"));
  });
});

describe("short signatures", () => {
  it("abbreviates sacrebleu's fields and keeps the library's version text", () => {
    expect(signatureText("nrefs:2|bs:1000|seed:12345|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:gramscore-1.2.3", "TER", true)).toBe(
      "#:2|bs:1000|rs:12345|c:lc|t:tercom|nr:no|pn:yes|as:no|v:gramscore-1.2.3",
    );
  });
});

describe("arguments", () => {
  it("reads argparse's layout: refs first, -i and -m lists, attached values", () => {
    const a = parseSacrebleuArgs(["r1", "r2", "-i", "s1", "s2", "-m", "bleu", "ter", "-w4", "-lc", "--chrf-word-order=2"]);
    expect(a.refs).toEqual(["r1", "r2"]);
    expect(a.input).toEqual(["s1", "s2"]);
    expect(a.metrics).toEqual(["bleu", "ter"]);
    expect(a.width).toBe(4);
    expect(a.lowercase).toBe(true);
    expect(a.chrfWordOrder).toBe(2);
  });
  it("an unknown metric lists the known ones", () => {
    expect(() => parseSacrebleuArgs(["r", "-m", "meteor"])).toThrow(new ArgError("argument --metrics/-m: invalid choice: 'meteor' (choose from 'bleu', 'chrf', 'ter')"));
  });
  it("--paired-bs and --paired-ar exclude each other; stray arguments are refused", () => {
    expect(() => parseSacrebleuArgs(["r", "--paired-bs", "--paired-ar"])).toThrow(/not allowed with argument/);
    expect(() => parseSacrebleuArgs(["r", "-m", "bleu", "-q", "x"])).toThrow(/unrecognized arguments: x/);
  });

  async function run(argv: string[]) {
    let stdout = "";
    let stderr = "";
    const io = {
      stdin: (async function* () {})(),
      stdout: { write: (s: string) => ((stdout += s), true) },
      stderr: { write: (s: string) => ((stderr += s), true) },
      cwd: process.cwd(),
      env: {},
    };
    try {
      const code = await runSacrebleu(argv, io);
      return { code, stdout, stderr, error: undefined as unknown };
    } catch (error) {
      return { code: -1, stdout, stderr, error };
    }
  }

  it("argument errors print the usage and exit 2", async () => {
    const r = await run(["ref.txt", "-m", "rouge"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^usage: gramscore sacrebleu /);
    expect(r.stderr).toMatch(/gramscore sacrebleu: error: argument --metrics\/-m: invalid choice: 'rouge' \(choose from 'bleu', 'chrf', 'ter'\)\n$/);
  });
  it("-t wmt22 is refused offline, saying to pass reference files", async () => {
    const r = await run(["-t", "wmt22", "-l", "en-de"]);
    expect((r.error as Error).message).toMatch(/^-t\/--test-set wmt22: .*offline.*give the reference files instead/);
  });
});
