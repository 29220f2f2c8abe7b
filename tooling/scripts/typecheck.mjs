#!/usr/bin/env node
// Type-checks every workspace project that has a `typecheck` script, exactly as its own
// `tsc --noEmit -p tsconfig.json` would (one program per project, its own tsconfig, the same
// diagnostics), but in few processes: the files the projects share (TypeScript's lib, @types/node,
// the sources of @gramscore/core and the other dependencies every test imports) are read, parsed and
// bound once instead of once per project. Type checking itself stays per project, so a project's
// diagnostics never depend on the files of another (module augmentations included).
//
//   node tooling/scripts/typecheck.mjs [--jobs N] [project dir ...]
//
// --jobs N: N worker processes, each taking the next project when it is free (default: 2, or 1 on
// one CPU); each worker parses a shared file once.
import { fork } from "node:child_process";
import { availableParallelism } from "node:os";
import { existsSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { workspacePackages } from "./workspace.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const require = createRequire(join(root, "package.json"));

/** The projects with a `typecheck` script (packages/*, apps/*, examples/*, tooling), in order. */
function projects() {
  const list = workspacePackages(root).filter((p) => p.manifest.scripts?.typecheck);
  const tooling = join(root, "tooling");
  const manifest = JSON.parse(readFileSync(join(tooling, "package.json"), "utf8"));
  if (manifest.scripts?.typecheck) list.push({ dir: tooling, manifest });
  for (const p of list) {
    if (!/^tsc --noEmit -p tsconfig\.json\b/.test(p.manifest.scripts.typecheck)) {
      throw new Error(`${p.manifest.name}'s typecheck script is "${p.manifest.scripts.typecheck}": this script only replaces "tsc --noEmit -p tsconfig.json"`);
    }
  }
  return list.map((p) => p.dir);
}

/** Checks the projects in `dirs` in this process. Returns the number of projects with errors. */
function check(dirs) {
  const ts = require("typescript");
  const formatHost = {
    getCanonicalFileName: (f) => f,
    getCurrentDirectory: () => process.cwd(),
    getNewLine: () => "\n",
  };
  /** Parsed (and later bound) source files, shared by every program with the same options. */
  const cache = new Map();
  let failed = 0;
  for (const dir of dirs) {
    const started = performance.now();
    const configFile = join(dir, "tsconfig.json");
    const configDiagnostics = [];
    const parsed = ts.getParsedCommandLineOfConfigFile(configFile, { noEmit: true }, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => configDiagnostics.push(d),
    });
    let diagnostics = [...configDiagnostics];
    if (parsed) {
      const options = parsed.options;
      // Everything parsing and binding depends on; programs that differ in any of it share nothing.
      const optionsKey = JSON.stringify(
        Object.fromEntries(Object.entries(options).filter(([k]) => !["configFilePath", "noEmit", "project"].includes(k)).sort()),
      );
      const host = ts.createCompilerHost(options);
      const getSourceFile = host.getSourceFile.bind(host);
      host.getSourceFile = (fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile) => {
        const o = typeof languageVersionOrOptions === "object" ? languageVersionOrOptions : { languageVersion: languageVersionOrOptions };
        const key = `${optionsKey}\0${fileName}\0${o.languageVersion}\0${o.impliedNodeFormat}\0${o.jsDocParsingMode}`;
        if (!shouldCreateNewSourceFile && cache.has(key)) return cache.get(key);
        const file = getSourceFile(fileName, languageVersionOrOptions, onError, shouldCreateNewSourceFile);
        if (file) cache.set(key, file);
        return file;
      };
      const program = ts.createProgram({
        rootNames: parsed.fileNames,
        options,
        projectReferences: parsed.projectReferences,
        host,
        configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(parsed),
      });
      // The diagnostics `tsc --noEmit -p` reports, in its order (emitFilesAndReportErrors).
      diagnostics = [...program.getConfigFileParsingDiagnostics()];
      const base = diagnostics.length;
      diagnostics.push(...program.getSyntacticDiagnostics());
      if (diagnostics.length === base) {
        diagnostics.push(...program.getOptionsDiagnostics());
        diagnostics.push(...program.getGlobalDiagnostics());
        if (diagnostics.length === base) diagnostics.push(...program.getSemanticDiagnostics());
        if (options.noEmit && (options.declaration || options.composite) && diagnostics.length === base) {
          diagnostics.push(...program.getDeclarationDiagnostics());
        }
      }
      diagnostics.push(...program.emit().diagnostics);
    }
    const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const name = relative(root, dir) || ".";
    if (diagnostics.length > 0) {
      process.stdout.write(`${name}:\n${ts.formatDiagnosticsWithColorAndContext(ts.sortAndDeduplicateDiagnostics(diagnostics), formatHost)}\n`);
    }
    console.log(`${errors.length === 0 ? "ok  " : "FAIL"} ${name} (${seconds}s${errors.length ? `, ${errors.length} errors` : ""})`);
    if (errors.length > 0) failed++;
  }
  return failed;
}

const args = process.argv.slice(2);
const jobsAt = args.indexOf("--jobs");
let jobs = Math.min(2, availableParallelism());
if (jobsAt >= 0) {
  jobs = Math.max(1, Number(args[jobsAt + 1]) || 1);
  args.splice(jobsAt, 2);
}

if (args[0] === "--worker") {
  // A worker: checks the projects the parent hands out, one at a time, keeping its parsed files.
  let failed = 0;
  process.on("message", (dir) => {
    if (dir === null) process.exit(failed > 0 ? 1 : 0);
    failed += check([dir]);
    process.send("next");
  });
  process.send("next");
} else {
  const dirs = args.length > 0 ? args.map((a) => resolve(a)) : projects();
  for (const dir of dirs) if (!existsSync(join(dir, "tsconfig.json"))) throw new Error(`no tsconfig.json in ${dir}`);
  if (jobs === 1 || dirs.length === 1) process.exit(check(dirs) > 0 ? 1 : 0);
  // The apps and tooling (the biggest programs) first, then the packages, each to whichever worker is
  // free, so that the workers finish together.
  const big = (dir) => (["apps", "tooling"].includes(relative(root, dir).split(/[\\/]/)[0]) ? 0 : 1);
  const queue = [...dirs].sort((a, b) => big(a) - big(b));
  const started = performance.now();
  const codes = await Promise.all(
    Array.from({ length: Math.min(jobs, dirs.length) }, () =>
      new Promise((done) => {
        const child = fork(fileURLToPath(import.meta.url), ["--worker"], { stdio: "inherit" });
        child.on("message", () => child.send(queue.length > 0 ? queue.shift() : null));
        child.on("exit", (code, signal) => done(code ?? (signal ? 1 : 0)));
      }),
    ),
  );
  const ok = codes.every((c) => c === 0);
  console.log(`typecheck: ${dirs.length} projects, ${ok ? "no errors" : "errors"} (${((performance.now() - started) / 1000).toFixed(1)}s)`);
  process.exit(ok ? 0 : 1);
}
