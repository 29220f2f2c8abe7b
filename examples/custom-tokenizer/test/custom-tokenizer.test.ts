import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import plugin, { codeTokenizer } from "@gramscore/example-custom-tokenizer";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cliJs = join(root, "node_modules/gramscore/dist/cli.js");

/** Runs the real gramscore CLI with this package loaded by path. */
function gramscore(args: string[], stdin = ""): { code: number; stdout: string; stderr: string } {
  for (const file of [cliJs, join(root, "dist/index.js")]) {
    if (!existsSync(file)) throw new Error(`${file} is missing: run pnpm turbo run build --filter @gramscore/example-custom-tokenizer... first.`);
  }
  const r = spawnSync(process.execPath, [cliJs, "--plugin", root, ...args], { input: stdin, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe("the code tokenizer", () => {
  it("splits identifiers, numbers and operators", () => {
    const code = "def parseHTTPResponse_v2(raw_bytes): return x >= 10.5";
    expect(codeTokenizer.create().tokenize(code)).toEqual(
      ["def", "parse", "HTTP", "Response", "v", "2", "(", "raw", "bytes", ")", ":", "return", "x", ">=", "10.5"],
    );
    expect(codeTokenizer.create({ splitIdentifiers: false, lowercase: true }).tokenize("getX_y == 1")).toEqual(["getx_y", "==", "1"]);
    expect(codeTokenizer.create({ lowercase: true }).signature).toBe("code+lc");
  });

  it("loses nothing but whitespace when identifiers are kept whole (property)", () => {
    const tokenizer = codeTokenizer.create({ splitIdentifiers: false });
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(..."aZ_09 .=>(\t\n+-é".split("")) }), (text) => {
        expect(tokenizer.tokenize(text).join("")).toBe(text.replace(/\s/g, ""));
      }),
    );
  });

  it("is exported as a plugin", () => {
    expect(plugin).toMatchObject({ kind: "plugin", name: "@gramscore/example-custom-tokenizer", tokenizers: [codeTokenizer] });
    expect(codeTokenizer.create({ lowercase: true }).tokenize("getUser(id)")).toEqual(["get", "user", "(", "id", ")"]);
  });
});

describe("loaded by the gramscore CLI with --plugin", () => {
  it("tokenizes with its options", () => {
    const r = gramscore(["tokenize", "-t", "code", "--no-split-identifiers"], "fooBar(x_1)\nreturn a<=b\n");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe("fooBar ( x_1 )\nreturn a <= b\n");
  });

  it("is listed, and metrics that resolve tokenizer names can use it", () => {
    const list = gramscore(["list", "-f", "json"]);
    expect(list.code).toBe(0);
    const doc = JSON.parse(list.stdout) as {
      tokenizers: { name: string; plugin: string }[];
      metrics: { name: string; options: { flag: string; type: string }[] }[];
    };
    expect(doc.tokenizers).toContainEqual(expect.objectContaining({ name: "code", plugin: "@gramscore/example-custom-tokenizer" }));
    // Any installed metric with a tokenizer-name option (e.g. --tokenize) takes "code" through the registry.
    const users = doc.metrics.flatMap((m) => m.options.filter((o) => o.type === "string" && /tokeni[sz]e/.test(o.flag)).map((o) => [m.name, o.flag] as const));
    console.log(`metrics with a tokenizer option: ${users.map(([m, f]) => `${m} --${f}`).join(", ") || "none installed"}`);
    for (const [metric, flag] of users) {
      // Two segments: Self-BLEU scores each text against the others.
      const r = gramscore(["score", "-m", metric, `--${flag}`, "code", "-f", "json"], '{"hyp": "x = getUser(id)", "refs": ["x = get_user(id)"]}\n{"hyp": "return userName", "refs": ["return user_name"]}\n');
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const result = JSON.parse(r.stdout) as { metrics: { signature: string; options: Record<string, unknown> }[] };
      expect(result.metrics[0]!.signature).toContain("code");
    }
  });
});
