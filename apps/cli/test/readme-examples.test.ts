/**
 * Every `gramscore ...` example of the root README and the CLI README, run as written: the lines of
 * `sh` blocks that call gramscore (each block as one bash script, so an `alias` or a pipe works as
 * in a terminal), the `$ gramscore ...` lines of `text` blocks, and the inline commands in the prose.
 * `gramscore` and `gramscore-sacrebleu` are a PATH shim to the built CLI (what `pnpm link --global`
 * gives); `pnpm gramscore ...` runs the root script. The files the examples name are written into a
 * scratch folder first: each example must end with status 0.
 *
 * Inline mentions that are templates, not commands (`gramscore explain ... --system NAME`,
 * `gramscore score …`) and bare command names (`gramscore stats`) are left out: see `isTemplate`.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cliJs, repoRoot, tempDir } from "./helpers.js";

interface Example {
  readonly where: string;
  readonly kind: "sh block" | "$ line" | "inline";
  readonly script: string;
  /** The output the README shows under a `$ ` line whose command reads no file (`--hyp`/`--ref`). */
  readonly output?: string;
}

/** A shell line that runs gramscore (not one that names the package, as `npm install -g gramscore`). */
const COMMAND = /(?:^|[|;&(]\s*)(?:\w+=\S+\s+)*gramscore(?:-sacrebleu)?(?:\s|$)|^alias \w+=gramscore/;

/** A bare command name or a template with placeholders (`...`, `…`, `FILE`, `NAME`, `N`). */
function isTemplate(command: string): boolean {
  const words = command.trim().split(/\s+/);
  const at = words.findIndex((w) => /^gramscore(-sacrebleu)?$/.test(w));
  if (/\.\.\.|…/.test(command) || words.some((w) => /^[A-Z]+$/.test(w))) return true;
  // `gramscore stats`: a command's name in a sentence, not something to run.
  const rest = words.slice(at + 1);
  return rest.length === 1 && !rest[0]!.startsWith("-") && !["list", "demo"].includes(rest[0]!);
}

/** The gramscore examples of one README (path relative to the repository). */
export function examplesOf(rel: string): Example[] {
  const lines = readFileSync(join(repoRoot, rel), "utf8").split("\n");
  const out: Example[] = [];
  const prose: string[] = [];
  let fence: { lang: string; start: number; body: string[] } | undefined;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const open = /^```(\S*)/.exec(line);
    if (open !== null) {
      if (fence === undefined) fence = { lang: open[1]!, start: i + 1, body: [] };
      else {
        // A block with `$ ` prompts holds commands and their output: the prompted lines are the script.
        const prompted = fence.body.filter((l) => l.startsWith("$ ")).map((l) => l.slice(2));
        const script = prompted.length > 0 ? prompted : fence.body;
        // A Slurm batch script (`#SBATCH` lines) runs once per array task, with SLURM_ARRAY_TASK_ID set:
        // tooling/test/beyond-one-machine.test.ts runs it that way.
        const batch = fence.body.some((l) => l.startsWith("#SBATCH"));
        if (fence.lang === "sh" && !batch && script.some((l) => COMMAND.test(l))) {
          out.push({ where: `${rel}:${fence.start + 1}`, kind: "sh block", script: script.join("\n") });
        }
        fence = undefined;
      }
      prose.push("");
      continue;
    }
    if (fence !== undefined) {
      fence.body.push(line);
      const dollar = /^\$ (.*gramscore.*)$/.exec(line);
      if (fence.lang === "text" && dollar !== null && !isTemplate(dollar[1]!)) {
        let end = i + 1;
        while (end < lines.length && !lines[end]!.startsWith("```") && !lines[end]!.startsWith("$ ")) end++;
        const shown = lines.slice(i + 1, end).join("\n");
        const selfContained = dollar[1]!.includes("--hyp") && !shown.includes("…");
        out.push({ where: `${rel}:${i + 1}`, kind: "$ line", script: dollar[1]!, ...(selfContained ? { output: `${shown}\n` } : {}) });
      }
      prose.push("");
    } else prose.push(line);
  }
  const text = prose.join("\n");
  for (const m of text.matchAll(/`([^`]+)`/g)) {
    const span = m[1]!.replace(/\s*\n\s*/g, " ");
    if (!/^(?:pnpm (?:-[sw] )?|[A-Z_]+=\S+ |echo .*\| )?gramscore(?:-sacrebleu)? \S/.test(span) || isTemplate(span)) continue;
    out.push({ where: `${rel}:${text.slice(0, m.index).split("\n").length}`, kind: "inline", script: span });
  }
  return out;
}

const SENTENCES = [
  "The cat sat on the mat.",
  "It is raining heavily in the city today.",
  "Our team won the final match after extra time.",
  "The new bridge opens to traffic next spring.",
  "She reads a book every evening before bed.",
  "Prices rose sharply during the last quarter.",
  "The museum will stay closed until Monday.",
  "Scientists found water ice near the south pole.",
  "He forgot his umbrella at the station.",
  "The committee approved the budget without changes.",
  "Children played in the park until sunset.",
  "A strong wind knocked down several trees overnight.",
];
const refLines = (k: number) => SENTENCES.map((s) => (k === 0 ? s : s.replace(/^The /, "This ").replace(/\.$/, " !")));
const hypLines = (v: number) => SENTENCES.map((s, i) => (i % (v + 2) === 0 ? s : s.split(" ").reverse().join(" ")).replace(/mat/, v % 2 === 0 ? "rug" : "mat"));
const text = (lines: readonly string[]) => `${lines.join("\n")}\n`;

/** The files the examples name, in `dir` (with the plugins when `plugins`). */
function writeInputs(dir: string, plugins: boolean): void {
  const put = (name: string, body: string | Buffer) => writeFileSync(join(dir, name), body);
  for (const name of ["ref.txt", "refA.txt", "ref0.txt", "ref.A.txt"]) put(name, text(refLines(0)));
  for (const name of ["refB.txt", "ref1.txt", "ref.B.txt"]) put(name, text(refLines(1)));
  const systems = ["hyp.txt", "system1.txt", "system2.txt", "careful.txt", "hasty.txt", "sysA.txt", "sysB.txt", "sys0", "sys1", "sys2", "sys3"];
  systems.forEach((name, v) => put(name, text(hypLines(v))));
  mkdirSync(join(dir, "sys"));
  put("sys/JDExploreAcademy.txt", text(hypLines(1)));
  put("sys/Lan-Bridge.txt", text(hypLines(2)));
  put("ref.part1.txt", text(refLines(0).slice(0, 6)));
  put("ref.part2.txt", text(refLines(0).slice(6)));
  put("hyp.part1.txt", text(hypLines(0).slice(0, 6)));
  put("hyp.part2.txt", text(hypLines(0).slice(6)));
  const records = (names: readonly string[]) =>
    names.flatMap((system, v) => hypLines(v).map((hyp, i) => JSON.stringify({ hyp, refs: [refLines(0)[i], refLines(1)[i]], system }))).join("\n") + "\n";
  put("data.jsonl", records(["sysA", "sysB"]));
  put("systems.jsonl", records(["base", "sysB", "sysC"]));
  put("wmt17.jsonl.gz", gzipSync(records(["sysA", "sysB"])));
  // Records with every field the task metrics read (SARI's source beside the hypothesis and references).
  put("task.jsonl", SENTENCES.map((src, i) => JSON.stringify({ src, hyp: hypLines(0)[i], refs: [refLines(0)[i], refLines(1)[i]] })).join("\n") + "\n");
  put("one-line.txt", "the cat sat\n");
  put("candidates.jsonl", `${JSON.stringify({ id: "s1", candidates: ["the cat sat on the mat", "a cat sat on the mat", "the dog barks"] })}\n`);
  put("text.txt", text(SENTENCES.slice(0, 3)));
  put("notes.txt", text(["Running quickly, the runners were tired.", "Cats are chasing mice."]));
  put("thai.txt", "สวัสดีครับ ยินดีต้อนรับ\n");
  copyFileSync(join(repoRoot, "packages/tokenizer-subword/fixtures/spm/tiny.model"), join(dir, "flores200sacrebleuspm"));
  if (!plugins) return;
  // Plugins: a package in node_modules and a module by path, each with one tokenizer.
  const plugin = (name: string) =>
    `export default { kind: "plugin", name: ${JSON.stringify(name)}, tokenizers: [{ kind: "tokenizer", name: "${name}-chars", description: "one token per character", create: () => ({ name: "${name}-chars", signature: "${name}-chars", tokenize: (t) => Array.from(t) }) }] };\n`;
  mkdirSync(join(dir, "node_modules/gramscore-plugin-foo"), { recursive: true });
  put("node_modules/gramscore-plugin-foo/package.json", JSON.stringify({ name: "gramscore-plugin-foo", version: "1.0.0", type: "module", main: "index.js" }));
  put("node_modules/gramscore-plugin-foo/index.js", plugin("foo"));
  put("my-plugin.mjs", plugin("mine"));
}

const examples = [...examplesOf("README.md"), ...examplesOf("apps/cli/README.md")];
let dir: string;
let repoDir: string;
let bin: string;

beforeAll(() => {
  assertBuilt();
  dir = tempDir("gramscore-readme-");
  // `pnpm gramscore ...` runs in a folder of the repository (removed afterwards), with no
  // node_modules of its own (pnpm would take it for a project): there it finds the root script.
  repoDir = mkdtempSync(join(repoRoot, ".readme-run-"));
  writeInputs(repoDir, false);
  bin = join(dir, ".bin");
  mkdirSync(bin);
  const shim = (target: string) => `#!/bin/sh\nexec "${process.execPath}" "${target}" "$@"\n`;
  writeFileSync(join(bin, "gramscore"), shim(cliJs));
  writeFileSync(join(bin, "gramscore-sacrebleu"), shim(join(repoRoot, "apps/cli/bin/gramscore-sacrebleu.js")));
  chmodSync(join(bin, "gramscore"), 0o755);
  chmodSync(join(bin, "gramscore-sacrebleu"), 0o755);
  writeInputs(dir, true);
});

afterAll(() => {
  for (const d of [dir, repoDir]) if (d !== undefined) rmSync(d, { recursive: true, force: true });
});

describe("README examples run as written", () => {
  it("finds the examples (sh blocks, $ lines and inline commands of both READMEs, the root script among them)", () => {
    expect(examples.filter((e) => e.kind === "sh block").length).toBeGreaterThanOrEqual(8);
    expect(examples.filter((e) => e.kind === "$ line").length).toBeGreaterThanOrEqual(3);
    expect(examples.some((e) => e.script.startsWith("pnpm gramscore "))).toBe(true);
    expect(examples.filter((e) => e.output !== undefined).length).toBeGreaterThanOrEqual(1);
    expect(isTemplate("gramscore explain ... --system NAME")).toBe(true);
    expect(isTemplate("gramscore stats")).toBe(true);
    expect(isTemplate("gramscore list")).toBe(false);
  });

  it.each(examples.map((e) => [`${e.where} (${e.kind}): ${e.script.split("\n").find((l) => l.includes("gramscore"))}`, e] as const))("%s", (_, example) => {
    const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH ?? ""}`, NO_COLOR: "1" };
    // A user's shell: no settings of the package manager that runs this test (npm_config_*, INIT_CWD).
    for (const k of Object.keys(env)) if (/^(npm_|pnpm_script|INIT_CWD$|GRAMSCORE_|FORCE_COLOR$)/i.test(k)) delete env[k];
    const r = spawnSync("bash", ["-e", "-o", "pipefail", "-O", "expand_aliases", "-c", example.script], { cwd: example.script.startsWith("pnpm ") ? repoDir : dir, env, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 120_000 });
    expect(r.status, `${example.script}\n--- stderr:\n${r.stderr}\n--- stdout:\n${r.stdout.slice(0, 2000)}`).toBe(0);
    if (example.output !== undefined) expect(r.stdout, "the output the README shows").toBe(example.output);
  }, 150_000);
});
