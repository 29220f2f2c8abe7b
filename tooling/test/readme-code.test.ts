/**
 * Every TypeScript/JavaScript code block of the READMEs is type-checked (strict) against the built
 * packages and run, and every value a comment states beside or under a statement is compared with
 * what the statement really gives (see tooling/scripts/doc-blocks.mjs for the rules).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../conformance/data.js";
import { DOC_CHECK_DTS, DOC_CHECK_JS, buildModule, codeBlocks } from "../scripts/doc-blocks.mjs";
import { workspacePackages } from "../scripts/workspace.mjs";

const outDir = join(repoRoot, "tooling", ".doc-blocks");
const readmes = [join(repoRoot, "README.md"), ...workspacePackages(repoRoot).map((p: { dir: string }) => join(p.dir, "README.md"))]
  .filter((f) => existsSync(f))
  .map((file) => ({ file, rel: relative(repoRoot, file), blocks: codeBlocks(readFileSync(file, "utf8")) }))
  .filter((r) => r.blocks.length > 0);
const slug = (rel: string) => rel.replace(/\/?README\.md$/, "").replace(/[^a-z0-9]+/gi, "-") || "root";
const isTs = (r: (typeof readmes)[number]) => r.blocks.some((b: { lang: string }) => b.lang === "ts" || b.lang === "typescript");

rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, "doc-check.mjs"), DOC_CHECK_JS);
writeFileSync(join(outDir, "doc-check.d.mts"), DOC_CHECK_DTS);
const modules = readmes.map((r) => {
  const ext = isTs(r) ? "mts" : "mjs";
  const checked = buildModule(r.blocks, r.rel, { typescript: isTs(r) });
  const runnable = buildModule(r.blocks, r.rel, { typescript: isTs(r), forRun: true });
  const checkFile = join(outDir, `${slug(r.rel)}.${ext}`);
  writeFileSync(checkFile, checked.source);
  const runSource = isTs(r) ? transformSync(runnable.source, { loader: "ts", format: "esm", target: "es2022" }).code : runnable.source;
  const runFile = join(outDir, `${slug(r.rel)}.run.mjs`);
  writeFileSync(runFile, runSource);
  const notRun = r.blocks.filter((b: { noRun: string | null }) => b.noRun !== null).map((b: { line: number; noRun: string | null }) => `${r.rel}:${b.line} (${b.noRun})`);
  return { ...r, checkFile, runFile, claims: runnable.claims, prose: checked.prose as string[], notRun };
});

describe("README code blocks", () => {
  it.each([
    ["TypeScript", "mts", {}],
    // JavaScript cannot annotate a callback's parameters: everything else of strict applies.
    ["JavaScript (checkJs)", "mjs", { noImplicitAny: false }],
  ] as const)("the %s blocks type-check under strict", (_kind, ext, extra) => {
    const files = modules.filter((m) => m.checkFile.endsWith(`.${ext}`)).map((m) => relative(outDir, m.checkFile));
    writeFileSync(
      join(outDir, `tsconfig.${ext}.json`),
      JSON.stringify({
        compilerOptions: {
          target: "es2022",
          module: "nodenext",
          moduleResolution: "nodenext",
          strict: true,
          allowJs: true,
          checkJs: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          ...extra,
        },
        files,
      }),
    );
    const tsc = spawnSync(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", join(outDir, `tsconfig.${ext}.json`)], {
      encoding: "utf8",
      cwd: outDir,
    });
    expect(tsc.stdout + tsc.stderr, "type errors (line numbers are in tooling/.doc-blocks/*; each block starts with a `// ---- README:line` marker)").toBe("");
    expect(tsc.status).toBe(0);
  }, 300_000);

  it.each(modules.map((m) => [m.rel, m] as const))("%s: runs, and every stated value is what the code gives", (_rel, m) => {
    const r = spawnSync(process.execPath, [m.runFile], { encoding: "utf8", cwd: outDir, env: { ...process.env, NODE_OPTIONS: "" } });
    const marker = r.stdout.lastIndexOf("__DOC_RESULTS__");
    expect(marker, `${m.rel} did not run to the end:\n${r.stderr}`).toBeGreaterThanOrEqual(0);
    const results: { where: string; ok: boolean; comment: string; actual: string }[] = JSON.parse(r.stdout.slice(marker + "__DOC_RESULTS__".length));
    const wrong = results.filter((x) => !x.ok).map((x) => `${x.where}\n  the comment says: ${x.comment}\n  the code gives:   ${x.actual}`);
    expect(wrong, `${wrong.length} of ${results.length} stated values are not what the code gives`).toEqual([]);
    if (m.notRun.length < m.blocks.length) expect(results.length, `${m.rel}: no stated value was checked`).toBeGreaterThan(0);
    expect(r.status).toBe(0);
  }, 120_000);
});

describe("the README checker itself", () => {
  it("catches a wrong value, a wrong console.log output and a wrong error, and passes the right ones", () => {
    const markdown = [
      "```js",
      'const x = [1, 2];',
      "x.length; // 2",
      "x.length + 1; // 4 (wrong on purpose)",
      'console.log("a", { b: 1 });',
      "// a { b: 1 }",
      'console.log("c");',
      "// d",
      'JSON.parse("{"); // throws SyntaxError',
      'Promise.reject(Object.assign(new Error("boom"), { code: "X" })); // the next line is prose',
      "```",
      "",
      "```js",
      '(() => { throw Object.assign(new Error("Bad input: expected x."), { code: "BAD" }); })();',
      "// throws BAD: Bad input: expected x.",
      '(() => { throw Object.assign(new Error("Bad input."), { code: "BAD" }); })();',
      "// throws OTHER: Bad input.",
      "```",
    ].join("\n");
    const file = join(outDir, "self-test.run.mjs");
    writeFileSync(file, buildModule(codeBlocks(markdown), "self-test.md", { forRun: true }).source);
    const r = spawnSync(process.execPath, [file], { encoding: "utf8", cwd: outDir });
    const marker = r.stdout.lastIndexOf("__DOC_RESULTS__");
    expect(marker, r.stderr).toBeGreaterThanOrEqual(0);
    const results: { where: string; ok: boolean }[] = JSON.parse(r.stdout.slice(marker + "__DOC_RESULTS__".length));
    expect(results.map((x) => [x.where, x.ok])).toEqual([
      ["self-test.md:3", true],
      ["self-test.md:4", false],
      ["self-test.md:5", true],
      ["self-test.md:7", false],
      // "throws" with something that is not an error code cannot be checked: it fails rather than pass unchecked.
      ["self-test.md:9", false],
      ["self-test.md:14", true],
      ["self-test.md:16", false],
    ]);
  });
});
