#!/usr/bin/env node
// Builds the documentation site into site/ (git-ignored), after `pnpm build`:
//   site/api/          the API reference: TypeDoc over every public package's entry points and their
//                      JSDoc, each package's page opening with its README, the index with the root README
//   site/playground/   the playground's built files (apps/playground, vite)
//   site/report/       a sample report: `gramscore demo --report` on the built-in sample data
//   site/index.html    the landing page
// then checks every relative link of the site (tooling/scripts/check-links.mjs) and fails on a
// broken one. `pnpm docs` runs the build first; `--out DIR` writes elsewhere.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { Application, Converter, ReflectionKind, TSConfigReader } from "typedoc";
import { checkLinks } from "./check-links.mjs";
import { REPOSITORY, publicPackages } from "./workspace.mjs";

const root = resolve(fileURLToPath(import.meta.url), "../../..");
const RAW = REPOSITORY.replace("https://github.com/", "https://raw.githubusercontent.com/");

/**
 * Rewrites the relative links of a Markdown text written at `file` to the repository on GitHub (a
 * README's links point into the repository, which the site does not hold): images to their raw
 * files, folders to their tree, files to their blob. Links with a scheme and fragments stay.
 */
export function absoluteLinks(markdown, file) {
  const rewrite = (target) => {
    if (/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target)) return target;
    const [path, hash = ""] = target.split(/(?=#)/);
    const abs = resolve(dirname(file), path);
    const rel = relative(root, abs).split(sep).join("/");
    if (rel.startsWith("..")) return target;
    if (/\.(png|jpe?g|gif|svg|webp)$/i.test(rel)) return `${RAW}/main/${rel}`;
    const isDir = existsSync(abs) && statSync(abs).isDirectory();
    return `${REPOSITORY}/${isDir ? "tree" : "blob"}/main/${rel}${hash}`;
  };
  return markdown
    .replace(/(\]\()([^)\s]+)((?:\s+"[^"]*")?\))/g, (_m, a, t, b) => `${a}${rewrite(t)}${b}`)
    .replace(/(<img\b[^>]*\bsrc=")([^"]+)(")/g, (_m, a, t, b) => `${a}${rewrite(t)}${b}`)
    .replace(/^(\[[^\]]+\]:\s*)(\S+)/gm, (_m, a, t) => `${a}${rewrite(t)}`);
}

/** The entry points: [{ file, name }] with the import name of each (`@gramscore/mbr/node`). */
export function entryPoints() {
  const out = [];
  for (const { dir, manifest } of publicPackages(root)) {
    for (const [sub, entry] of Object.entries(manifest.exports ?? {})) {
      if (typeof entry !== "object" || !entry["@gramscore/source"]) continue;
      out.push({ file: join(dir, entry["@gramscore/source"]), name: sub === "." ? manifest.name : `${manifest.name}/${sub.slice(2)}`, dir, manifest });
    }
  }
  return out;
}

async function buildApi(out) {
  const entries = entryPoints();
  const readmeFile = join(out, "..", ".readme.md");
  writeFileSync(readmeFile, absoluteLinks(readFileSync(join(root, "README.md"), "utf8"), join(root, "README.md")));
  const app = await Application.bootstrapWithPlugins(
    {
      name: "gramscore",
      entryPoints: entries.map((e) => e.file),
      entryPointStrategy: "resolve",
      tsconfig: join(root, "tooling", "config", "tsconfig.docs.json"),
      readme: readmeFile,
      out,
      // The packages' own type checks (pnpm typecheck) run elsewhere; this only documents.
      skipErrorChecking: true,
      excludePrivate: true,
      excludeInternal: true,
      disableGit: true,
      basePath: root,
      sourceLinkTemplate: `${REPOSITORY}/blob/main/{path}#L{line}`,
      githubPages: true,
      hideGenerator: true,
      // No bare-word links: "ROUGE-1.5.5.pl" and "chrF++.py" are file names, not hosts.
      markdownItOptions: { html: true, linkify: false },
      logLevel: "Error",
      validation: { notExported: false, invalidLink: false, rewrittenLink: false, notDocumented: false },
    },
    [new TSConfigReader()],
  );
  // A module is named after its path (packages/metric-bleu/src): name it as it is imported.
  const byPath = new Map(entries.map((e) => [relative(root, e.file).split(sep).join("/").replace(/\.ts$/, "").replace(/\/index$/, ""), e]));
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    const project = context.project;
    for (const mod of project.getChildrenByKind(ReflectionKind.Module)) {
      const entry = byPath.get(mod.name);
      if (!entry) continue;
      mod.name = entry.name;
      // The package's README opens the page of its main entry point.
      if (entry.name === entry.manifest.name) {
        const file = join(entry.dir, "README.md");
        mod.readme = [{ kind: "text", text: absoluteLinks(readFileSync(file, "utf8"), file) }];
      }
    }
    // A JSDoc link to a folder of the repository (not a file TypeDoc can copy): to GitHub.
    for (const reflection of Object.values(project.reflections)) {
      let source = reflection;
      while (source && !source.sources?.length) source = source.parent;
      const from = source?.sources?.[0]?.fullFileName;
      if (!from) continue;
      const fix = (parts) => {
        if (!parts) return;
        for (let i = 0; i < parts.length; i++) {
          const part = parts[i];
          if (part.kind === "relative-link" && part.target === undefined) parts[i] = { kind: "text", text: absoluteLinks(`](${part.text})`, from).slice(2, -1) };
        }
      };
      fix(reflection.comment?.summary);
      for (const tag of reflection.comment?.blockTags ?? []) fix(tag.content);
    }
  });
  const project = await app.convert();
  if (!project) throw new Error("TypeDoc could not convert the packages (see the messages above)");
  await app.generateDocs(project, out);
  rmSync(readmeFile);
  if (app.logger.hasErrors()) throw new Error("TypeDoc reported errors (see the messages above)");
  return entries.map((e) => e.name);
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status}):\n${result.stdout}${result.stderr}`);
  return result.stdout;
}

const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function landing(names) {
  const packages = publicPackages(root)
    .map(({ manifest }) => `<li><code>${escape(manifest.name)}</code>: ${escape(manifest.description ?? "")}</li>`)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>gramscore</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}code{font-size:.95em}li{margin:.2rem 0}</style>
</head>
<body>
<h1>gramscore</h1>
<p>Exact, fast, pluggable text-generation metrics for TypeScript: BLEU, chrF, TER, ROUGE, METEOR, GLEU, NIST and WER with the numbers of sacrebleu, rouge-score, NLTK and jiwer, in Node and browsers, and the <code>gramscore</code> command line.</p>
<ul>
<li><a href="api/index.html">API reference</a>: every package's README and exports (${names.length} entry points)</li>
<li><a href="playground/index.html">Playground</a>: scores as you type, in your browser</li>
<li><a href="report/index.html">A sample report</a>: <code>gramscore demo --report</code> on the built-in sample</li>
<li><a href="${REPOSITORY}">Source on GitHub</a></li>
</ul>
<h2>Packages</h2>
<ul>
${packages}
</ul>
</body>
</html>
`;
}

/** Builds the site into `out`; returns the link check's result. */
export async function buildSite(out = join(root, "site")) {
  const cli = join(root, "apps", "cli", "dist", "cli.js");
  const playground = join(root, "apps", "playground", "dist", "index.html");
  for (const [file, what] of [
    [cli, "the CLI"],
    [playground, "the playground"],
  ]) {
    if (!existsSync(file)) throw new Error(`${relative(root, file)} not found: build ${what} first (pnpm build, or pnpm docs, which builds)`);
  }
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const names = await buildApi(join(out, "api"));
  cpSync(dirname(playground), join(out, "playground"), { recursive: true });
  mkdirSync(join(out, "report"));
  run(process.execPath, [cli, "demo", "--report", join(out, "report", "index.html")]);
  writeFileSync(join(out, "index.html"), landing(names));
  writeFileSync(join(out, ".nojekyll"), "");
  return checkLinks(out);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const at = process.argv.indexOf("--out");
  const out = at > 0 ? resolve(process.argv[at + 1]) : join(root, "site");
  const { files, checked, broken, external } = await buildSite(out);
  for (const { file, link } of broken) console.error(`BROKEN ${file}: ${link}`);
  console.log(`${relative(process.cwd(), out) || "."}: ${files} HTML files, ${checked} relative links checked, ${broken.length} broken, ${external.length} external links (listed by: node tooling/scripts/check-links.mjs ${relative(process.cwd(), out) || "."})`);
  if (broken.length > 0) process.exit(1);
}
