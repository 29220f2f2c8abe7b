/**
 * The two table layouts of sacrebleu's command line, drawn by the rules of tabulate 0.8.9:
 * `fancy_grid` (`-f text`) and `latex_booktabs` (`-f latex`), with headers, a float format of
 * `.<width>f` and per-column alignment (sacrebleu: the first column right, the others centered).
 * Written from tabulate's documented behaviour:
 *
 * - a column whose cells all read as numbers (Python `int()` / `float()`, ignoring colour codes) is
 *   numeric; a float column is re-printed with the float format, `True`/`False` are kept as text;
 * - cells are stripped, then padded to the column width (Python's `^` puts the odd space right);
 *   a column is as wide as its widest line, and at least its header plus 2;
 * - widths are display widths: colour codes count 0, wide (CJK) characters 2;
 * - `fancy_grid` cells may hold several lines (short cells are filled with blank lines); latex cells
 *   are escaped after padding (`%` → `\%`, `_` → `\_`, …) and stay on one line.
 */
import stringWidth from "string-width";
import { formatFixed } from "@gramscore/core";
import { pyStrip } from "./pyformat.js";

export type Align = "right" | "center" | "left";
export type TableFormat = "fancy_grid" | "latex_booktabs";

/** Options of {@link tabulate}. */
export interface TabulateOptions {
  format: TableFormat;
  /** Decimals of float columns (tabulate's `floatfmt=".Nf"`). */
  floatDigits: number;
  /** Alignment per column; columns beyond the list are centered. */
  align?: readonly Align[];
}

// eslint-disable-next-line no-control-regex
const ANSI = /\u001b\[\d*(?:;\d*)*m|\u001b\]8;[^\u001b]*;[^\u001b]*\u001b\\/g;

/** The text without ANSI colour codes (and terminal hyperlink wrappers). */
export function stripInvisible(s: string): string {
  return s.replace(ANSI, "");
}

/** Display width of one line: colour codes 0, East Asian wide characters 2, combining marks 0. */
export function displayWidth(s: string): number {
  return stringWidth(stripInvisible(s));
}

type CellType = 0 | 1 | 2 | 3 | 5; // none, bool, int, float, text (tabulate's order of generality)

const INT_RE = /^\s*[+-]?\d+(?:_\d+)*\s*$/;
const FLOAT_RE = /^\s*[+-]?(?:(?:\d+(?:_\d+)*)?\.\d+(?:_\d+)*|\d+(?:_\d+)*\.?)(?:[eE][+-]?\d+(?:_\d+)*)?\s*$/;

/** The number a Python `float()` would read, or undefined. */
function pyFloat(s: string): number | undefined {
  const t = s.trim();
  if (/^[+-]?(inf|infinity|nan)$/i.test(t)) return t.toLowerCase().includes("nan") ? NaN : t.startsWith("-") ? -Infinity : Infinity;
  if (!FLOAT_RE.test(s)) return undefined;
  return Number(t.replace(/_/g, ""));
}

function cellType(raw: string): CellType {
  const s = stripInvisible(raw);
  if (s === "True" || s === "False") return 1;
  if (INT_RE.test(s)) return 2;
  const f = pyFloat(s);
  if (f === undefined) return 5;
  // tabulate takes inf and nan for numbers only when spelled inf, -inf or nan.
  if (!Number.isFinite(f)) return ["inf", "-inf", "nan"].includes(s.toLowerCase()) ? 3 : 5;
  return 3;
}

/** Python's `format(value, ".Nf")` of a float, keeping colour codes around it. */
function formatFloatCell(raw: string, digits: number): string {
  const plain = stripInvisible(raw);
  const f = pyFloat(plain)!;
  const text = Number.isNaN(f) ? "nan" : f === Infinity ? "inf" : f === -Infinity ? "-inf" : formatFixed(f, digits);
  return raw === plain ? text : raw.replace(plain, text);
}

function pad(s: string, width: number, align: Align): string {
  const extra = width - displayWidth(s);
  if (extra <= 0) return s;
  if (align === "right") return " ".repeat(extra) + s;
  if (align === "left") return s + " ".repeat(extra);
  const left = Math.floor(extra / 2);
  return " ".repeat(left) + s + " ".repeat(extra - left);
}

/** Python's `str.splitlines()` (no trailing empty line). */
function splitLines(s: string): string[] {
  if (s === "") return [];
  const parts = s.split(/\r\n|[\n\r\u000b\f\u001c\u001d\u001e\u0085\u2028\u2029]/);
  if (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

const LATEX_ESCAPES: Record<string, string> = {
  "&": "\\&",
  "%": "\\%",
  $: "\\$",
  "#": "\\#",
  _: "\\_",
  "^": "\\^{}",
  "{": "\\{",
  "}": "\\}",
  "~": "\\textasciitilde{}",
  "\\": "\\textbackslash{}",
  "<": "\\ensuremath{<}",
  ">": "\\ensuremath{>}",
};

function latexEscape(s: string): string {
  let out = "";
  for (const ch of s) out += LATEX_ESCAPES[ch] ?? ch;
  return out;
}

/**
 * A table of `headers` over `columns` (one array of cell texts per column, all of one length), as
 * tabulate 0.8.9 draws it with `headers=`, `tablefmt=format`, `floatfmt=".<floatDigits>f"` and the
 * given alignments. No trailing newline.
 */
export function tabulate(headers: readonly string[], columns: readonly (readonly string[])[], options: TabulateOptions): string {
  const nrows = columns.reduce((n, c) => Math.max(n, c.length), 0);
  const all = [...headers, ...columns.flat()].join("\t");
  const multiline = options.format === "fancy_grid" && /[\r\n]/.test(all);
  const widthOf = (s: string): number => (multiline ? Math.max(0, ...s.split(/[\r\n]/).map(displayWidth)) : displayWidth(s));
  const aligns: Align[] = headers.map((_, c) => options.align?.[c] ?? "center");

  const cols = columns.map((col) => {
    const type = col.reduce<CellType>((t, cell) => Math.max(t, cellType(cell)) as CellType, 1);
    return col.map((cell) => pyStrip(type === 3 ? formatFloatCell(cell, options.floatDigits) : cell));
  });
  const widths = headers.map((h, c) => Math.max(widthOf(h) + 2, ...(cols[c] ?? []).map(widthOf)));
  const cellLines = (s: string, c: number): string[] => (multiline ? splitLines(s) : [s]).map((line) => pad(line, widths[c]!, aligns[c]!));
  const headerLines = headers.map((h, c) => (multiline ? h.split(/\r\n|\r|\n/) : [h]).map((line) => pad(line, widths[c]!, aligns[c]!)));

  const lines: string[] = [];
  if (options.format === "fancy_grid") {
    const rule = (l: string, fill: string, mid: string, r: string) => l + widths.map((w) => fill.repeat(w + 2)).join(mid) + r;
    const block = (cells: string[][]) => {
      const height = Math.max(1, ...cells.map((c) => c.length));
      for (let i = 0; i < height; i++) lines.push("│ " + cells.map((c, k) => c[i] ?? " ".repeat(widths[k]!)).join(" │ ") + " │");
    };
    lines.push(rule("╒", "═", "╤", "╕"));
    block(headerLines);
    lines.push(rule("╞", "═", "╪", "╡"));
    for (let r = 0; r < nrows; r++) {
      block(cols.map((col, c) => cellLines(col[r] ?? "", c)));
      lines.push(r === nrows - 1 ? rule("╘", "═", "╧", "╛") : rule("├", "─", "┼", "┤"));
    }
    if (nrows === 0) lines.push(rule("╘", "═", "╧", "╛"));
  } else {
    const letters = { right: "r", center: "c", left: "l" } as const;
    const row = (cells: string[]) => cells.map((c) => latexEscape(` ${c} `)).join("&") + "\\\\";
    lines.push(`\\begin{tabular}{${aligns.map((a) => letters[a]).join("")}}`, "\\toprule");
    lines.push(row(headerLines.map((l) => l.join(" "))));
    lines.push("\\midrule");
    for (let r = 0; r < nrows; r++) lines.push(row(cols.map((col, c) => cellLines(col[r] ?? "", c).join(" "))));
    lines.push("\\bottomrule", "\\end{tabular}");
  }
  return lines.map((l) => l.replace(/\s+$/, "")).join("\n");
}
