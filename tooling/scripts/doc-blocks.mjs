// Turns the TypeScript/JavaScript code blocks of a README into one checked module: the blocks of a
// README continue one another (imports are hoisted and merged), and every statement followed by a
// comment that states a value (`expr; // 37.59...`, a `// {...}` line under it, `// GramscoreError
// CODE: message`, `// throws CODE: ...`, or the output of a `console.log`) is rewritten to compare
// what it really gives with that comment. Comments that are prose are left alone.
//
// A block preceded by `<!-- doc-test: no-run REASON -->` is type-checked but not run (it needs files
// a test cannot have); `<!-- doc-test: skip REASON -->` is neither (it needs a package that is not
// installed here). A block that declares a name an earlier block declared gets a scope of its own.
import ts from "typescript";

const FENCE = /^```(ts|typescript|js|javascript|mjs)[ \t]*\n([\s\S]*?)^```[ \t]*$/gm;
const NO_RUN = /<!--\s*doc-test:\s*no-run\b\s*((?:(?!-->)[^])*)-->\s*$/;
const SKIP = /<!--\s*doc-test:\s*skip\b\s*((?:(?!-->)[^])*)-->\s*$/;

/** The code blocks of a README: [{ lang, code, line, noRun }] (line: 1-based line of the first code line). */
export function codeBlocks(markdown) {
  const blocks = [];
  for (const m of markdown.matchAll(FENCE)) {
    const before = markdown.slice(0, m.index);
    const line = before.split("\n").length + 1;
    const noRun = NO_RUN.exec(before.trimEnd());
    const skip = SKIP.exec(before.trimEnd());
    blocks.push({
      lang: m[1],
      code: m[2],
      line,
      noRun: noRun ? noRun[1].trim() || "no reason given" : null,
      skip: skip ? skip[1].trim() || "no reason given" : null,
    });
  }
  return blocks;
}

/** True when a comment states a value to check rather than prose. */
export function isValueClaim(comment) {
  return /^(-?\d|NaN\b|-?Infinity\b|true\b|false\b|null\b|undefined\b|["'[{]|GramscoreError\b|throws\b|[A-Z][A-Za-z0-9]*Array\(|Map\(|Set\()/.test(comment);
}

function lineOf(sf, pos) {
  return sf.getLineAndCharacterOfPosition(pos).line;
}

/**
 * Builds the module of a README. Returns { source, claims, prose, blocks } where `source` is the
 * module text (imports first), `claims` the number of checked comments and `prose` the comments left
 * unchecked because they are not values.
 */
export function buildModule(allBlocks, file, { typescript = false, forRun = false } = {}) {
  const blocks = allBlocks.filter((b) => b.skip === null && (!forRun || b.noRun === null));
  const declared = new Set();
  const imports = [];
  const importedNames = new Set();
  const body = [];
  let claims = 0;
  const prose = [];
  for (const block of blocks) {
    const sf = ts.createSourceFile("block.ts", block.code, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
    const text = block.code;
    const lines = text.split("\n");
    const stmts = sf.statements;
    let out = "";
    let cursor = 0;
    const names = stmts.flatMap((st) =>
      ts.isVariableStatement(st)
        ? st.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []))
        : (ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name ? [st.name.text] : [],
    );
    const ownScope = block.noRun !== null || names.some((n) => declared.has(n));
    for (const n of names) declared.add(n);
    const where = (stmt) => `${file}:${block.line + lineOf(sf, stmt.getStart(sf))}`;
    for (let i = 0; i < stmts.length; i++) {
      const stmt = stmts[i];
      if (ts.isImportDeclaration(stmt)) {
        imports.push(rewriteImport(stmt, sf, importedNames));
        out += text.slice(cursor, stmt.getFullStart());
        cursor = stmt.end;
        continue;
      }
      // Statements that end on the same line form one group; the comment after the last one is theirs.
      const endLine = lineOf(sf, stmt.end);
      let j = i;
      while (j + 1 < stmts.length && lineOf(sf, stmts[j + 1].getStart(sf)) === endLine && !ts.isImportDeclaration(stmts[j + 1])) j++;
      const group = stmts.slice(i, j + 1);
      const last = group[group.length - 1];
      // The comment: the rest of the last line, then the comment lines right under it.
      const lastLine = lineOf(sf, last.end);
      const tail = lines[lastLine].slice(sf.getLineAndCharacterOfPosition(last.end).character).trim();
      const commentLines = [];
      if (tail.startsWith("//")) commentLines.push(tail.slice(2));
      else if (tail !== "") {
        i = j;
        continue;
      }
      // Then the comment lines right under it (a blank line or code ends them).
      for (let k = lastLine + 1; k < lines.length && /^\s*\/\//.test(lines[k]); k++) commentLines.push(lines[k].trim().slice(2));
      const comment = commentLines.map((c) => c.trim()).join(" ").trim();
      const isLog = group.length === 1 && ts.isExpressionStatement(group[0]) && ts.isCallExpression(group[0].expression) && group[0].expression.expression.getText(sf) === "console.log";
      if (comment === "" || (!isLog && !isValueClaim(comment))) {
        if (comment !== "") prose.push(`${where(group[0])}: ${comment.slice(0, 80)}`);
        i = j;
        continue;
      }
      const checked = rewriteGroup(group, sf, comment, where(group[0]), block.noRun !== null);
      if (checked === null) {
        prose.push(`${where(group[0])}: ${comment.slice(0, 80)}`);
        i = j;
        continue;
      }
      claims++;
      out += text.slice(cursor, group[0].getStart(sf)) + checked;
      cursor = last.end;
      i = j;
    }
    out += text.slice(cursor);
    body.push(`// ---- ${file}:${block.line}${block.noRun ? ` (not run: ${block.noRun})` : ""}\n`);
    body.push(ownScope ? `{\n${out}\n}\n` : out);
  }
  const prelude = 'import { __check, __done, __logs, __throws } from "./doc-check.mjs";';
  return { source: `${prelude}\n${imports.join("\n")}\n${body.join("\n")}\n__done();\n`, claims, prose };
}

function rewriteImport(stmt, sf, importedNames) {
  const clause = stmt.importClause;
  const from = stmt.moduleSpecifier.getText(sf);
  if (!clause) return `import ${from};`;
  const parts = [];
  if (clause.name && !importedNames.has(clause.name.text)) {
    importedNames.add(clause.name.text);
    parts.push(clause.name.text);
  }
  const bindings = clause.namedBindings;
  if (bindings && ts.isNamespaceImport(bindings)) {
    if (!importedNames.has(bindings.name.text)) {
      importedNames.add(bindings.name.text);
      parts.push(`* as ${bindings.name.text}`);
    }
  } else if (bindings) {
    const named = bindings.elements.filter((e) => !importedNames.has(e.name.text));
    for (const e of named) importedNames.add(e.name.text);
    if (named.length > 0) parts.push(`{ ${named.map((e) => e.getText(sf)).join(", ")} }`);
  }
  if (parts.length === 0) return "";
  return `import ${clause.isTypeOnly ? "type " : ""}${parts.join(", ")} from ${from};`;
}

/** The checked form of a group of statements, or null when it cannot be checked. */
function rewriteGroup(group, sf, comment, where, noRun) {
  const c = JSON.stringify(comment);
  const w = JSON.stringify(where);
  if (/^(GramscoreError|throws)\b/.test(comment)) {
    // An example of a mistake may be a type error too: the type check skips those lines.
    const code = group.map((s) => `// @ts-ignore\n${s.getText(sf)}`).join("\n");
    return `await __throws(async () => {\n${code}\n}, ${c}, ${w});`;
  }
  if (group.length === 1 && ts.isExpressionStatement(group[0])) {
    const e = group[0].expression;
    if (ts.isCallExpression(e) && e.expression.getText(sf) === "console.log") {
      return `__logs(() => { ${group[0].getText(sf)} }, ${c}, ${w});`;
    }
  }
  if (group.every((s) => ts.isExpressionStatement(s))) {
    return `__check([${group.map((s) => s.expression.getText(sf)).join(", ")}], ${c}, ${w});`;
  }
  if (group.length === 1 && ts.isVariableStatement(group[0])) {
    const decls = group[0].declarationList.declarations;
    if (decls.length === 1 && ts.isIdentifier(decls[0].name)) {
      return `${group[0].getText(sf)}\n__check([${decls[0].name.text}], ${c}, ${w});`;
    }
  }
  return null;
}

/** The checking functions every module imports from `./doc-check.mjs` (write it with {@link writeDocCheck}). */
export const DOC_CHECK_JS = `
import * as __util from "node:util";
const __results = [];
function __norm(s) {
  return String(s)
    .replace(/\\\\u([0-9a-fA-F]{4})/g, (_, h) => String.fromCharCode(parseInt(h, 16)))
    .replace(/'/g, '"')
    .replace(/\\s+/g, " ")
    .replace(/([[{(,:]) /g, "$1")
    .replace(/ ([\\]})])/g, "$1")
    .trim();
}
function __renderings(v) {
  const out = [__util.inspect(v, { depth: null, breakLength: Infinity, maxArrayLength: null }), __util.inspect(v)];
  try { const j = JSON.stringify(v); if (j !== undefined) out.push(j); } catch {}
  out.push(String(v));
  return out;
}
function __matches(rendered, comment) {
  const r = __norm(rendered);
  const c = __norm(comment);
  if (!c.startsWith(r)) return false;
  const next = c.charAt(r.length);
  return next === "" || next === " " || next === "(" || next === ";";
}
export function __check(values, comment, where) {
  const renderings = values.length === 1 ? __renderings(values[0]) : [0, 1, 2, 3].map((i) => values.map((v) => __renderings(v)[i]).join(", "));
  const ok = renderings.some((r) => __matches(r, comment));
  __results.push({ where, ok, comment, actual: renderings[0] });
}
export function __logs(fn, comment, where) {
  const lines = [];
  const original = console.log;
  console.log = (...args) => { lines.push(__util.formatWithOptions({ colors: false }, ...args)); };
  try { fn(); } finally { console.log = original; }
  const actual = lines.join("\\n");
  __results.push({ where, ok: __matches(actual, comment), comment, actual });
}
export async function __throws(fn, comment, where) {
  let error;
  try { await fn(); } catch (e) { error = e ?? "(thrown: " + e + ")"; }
  if (error === undefined) { __results.push({ where, ok: false, comment, actual: "(no error thrown)" }); return; }
  const m = /^(?:GramscoreError|throws) ([A-Z_]+)(?:(: )([^]*)|, details\\.(\\w+): ([^]*))?$/.exec(comment);
  let ok = m !== null && error.code === m[1] && (!comment.startsWith("GramscoreError") || error.name === "GramscoreError");
  if (ok && m[2]) ok = __norm(error.message).startsWith(__norm(m[3]).replace(/ ?…$/, ""));
  if (ok && m[4]) ok = __matches(JSON.stringify(error.details?.[m[4]]), m[5]);
  __results.push({ where, ok, comment, actual: error.code + ": " + error.message });
}
export function __done() { console.log("__DOC_RESULTS__" + JSON.stringify(__results)); }
`;

export const DOC_CHECK_DTS = `
export declare function __check(values: unknown[], comment: string, where: string): void;
export declare function __logs(fn: () => void, comment: string, where: string): void;
export declare function __throws(fn: () => unknown, comment: string, where: string): Promise<void>;
export declare function __done(): void;
`;
