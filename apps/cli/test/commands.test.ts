import { existsSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../src/commands/index.js";
import { cli } from "./helpers.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the command table", () => {
  it("lists exactly the files of commands/, each exporting a command of that name", async () => {
    const files = readdirSync(join(root, "src/commands"))
      .filter((f) => f.endsWith(".ts") && !["index.ts", "kit.ts", "common.ts"].includes(f))
      .map((f) => f.replace(/\.ts$/, ""))
      .sort();
    expect(COMMANDS.map((c) => c.name).sort()).toEqual(files);
    for (const entry of COMMANDS) {
      const module = await entry.load();
      expect(typeof module.define).toBe("function");
    }
  });

  it("shows every command with its summary in the top-level help", async () => {
    const r = await cli(["--help"]);
    expect(r.code).toBe(0);
    for (const entry of COMMANDS) expect(r.stdout).toMatch(new RegExp(`\\n  ${entry.name} +.*${entry.summary.slice(0, 20)}`));
  });

  it("gives each command its own full help (arguments and options)", async () => {
    const r = await cli(["score", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: gramscore score [options] [refs...]");
    expect(r.stdout).toContain("--segments");
  });

  it("accepts -f table for list, as score does (the text listing)", async () => {
    const [table, text] = await Promise.all([cli(["list", "-f", "table"]), cli(["list", "-f", "text"])]);
    expect(table.code).toBe(0);
    expect(table.stdout).toBe(text.stdout);
  });

  it("links its bin to a file that exists before the build (no bin warning on a fresh workspace install)", () => {
    const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { bin: Record<string, string>; files: string[] };
    for (const target of Object.values(manifest.bin)) {
      expect(target.startsWith("./dist/")).toBe(false);
      expect(existsSync(join(root, target))).toBe(true);
      expect(manifest.files.some((f) => target.replace(/^\.\//, "").startsWith(`${f}/`))).toBe(true);
      expect(readFileSync(join(root, target), "utf8")).toContain('import "../dist/cli.js"');
    }
  });
});
