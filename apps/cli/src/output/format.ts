/**
 * Output formats of a {@link Report}: a readable table, JSON (the documented schema), JSONL, CSV,
 * Markdown and LaTeX. Numbers are printed with core's `formatFixed` (half to even, like Python).
 */
import { formatFixed } from "@gramscore/core";
import stringWidth from "string-width";
import type { Format } from "../shared/constants.js";
import type { MetricInfo, MetricScore, Report, SegmentScore, SystemReport } from "../shared/report.js";
import { colors, type Colors } from "../shared/io.js";
import { jsonPieces } from "./json-pieces.js";
import { VERSION } from "../shared/version.js";

/** Options of {@link formatReport}. */
export interface FormatReportOptions {
  /** Decimal places. */
  width: number;
  /** True when the user chose the width (then it is also passed to the metrics' own `format()`). */
  widthGiven: boolean;
  /** Colour the table. */
  color: boolean;
  /** The command that produced the report (`score`, `merge`, `demo`), recorded in JSON. */
  command: string;
  /** A title printed above the table (demo). */
  title?: string;
  /**
   * Widest table, in columns: a table with one row per system that is wider is printed transposed
   * (one row per number, one column per system). No limit when undefined.
   */
  maxWidth?: number;
}

/** One column of numbers: one key of one metric's summary. */
export interface Column {
  /** Index of the metric in the report. */
  readonly metric: number;
  readonly key: string;
  /** `bleu` when the metric summarizes to one number, else `rouge.rouge1`. */
  readonly header: string;
  readonly higherIsBetter: boolean;
  /** False for numbers that are not scores (a CI half-width, a p-value): no best value is marked. */
  readonly ranked: boolean;
}

/** The columns of a report, metric by metric, keys in order of first appearance. */
export function columnsOf(report: Report): Column[] {
  const out: Column[] = [];
  report.metrics.forEach((m, k) => {
    const keys: string[] = [];
    for (const system of report.systems) {
      for (const key of Object.keys(system.scores[k]?.summary ?? {})) if (!keys.includes(key)) keys.push(key);
    }
    for (const key of keys) {
      out.push({ metric: k, key, header: keys.length === 1 ? m.name : `${m.name}.${key}`, higherIsBetter: m.higherIsBetter, ranked: !(m.unrankedKeys ?? []).includes(key) });
    }
  });
  return out;
}

function value(system: SystemReport, column: Column): number | undefined {
  const v = system.scores[column.metric]?.summary[column.key];
  return typeof v === "number" ? v : undefined;
}

/** The JSONL line (no newline) of a system's corpus score under one metric: `{ "type": "corpus", … }`. */
export function corpusRecord(metric: MetricInfo, system: string, score: MetricScore, width: number): string {
  return JSON.stringify({
    type: "corpus",
    metric: metric.name,
    signature: metric.signature,
    system,
    count: score.count,
    summary: roundedSummary(score.summary, width),
    corpus: score.corpus,
  });
}

/** The JSONL line (no newline) of one segment's score under one metric: `{ "type": "segment", … }`. */
export function segmentRecord(metric: string | undefined, system: string, segment: SegmentScore, width: number): string {
  return JSON.stringify({ type: "segment", metric, system, segment: segment.index + 1, summary: roundedSummary(segment.summary, width), result: segment.result });
}

function num(v: number | undefined, width: number): string {
  return v === undefined ? "" : formatFixed(v, width);
}

/** Rounds like the printed numbers (`float(f"{x:.{w}f}")`); non-finite values become null in JSON. */
export function roundedSummary(summary: Record<string, number>, width: number): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const [k, v] of Object.entries(summary)) {
    const r = typeof v === "number" ? Number(formatFixed(v, width)) : Number.NaN;
    out[k] = Number.isFinite(r) ? r : null;
  }
  return out;
}

/** For each column, the rows holding its best value (only with two systems or more). */
function bestRows(report: Report, columns: readonly Column[], width: number): Set<string>[] {
  return columns.map((c) => {
    const best = new Set<string>();
    if (report.systems.length < 2 || !c.ranked) return best;
    let top: number | undefined;
    for (const s of report.systems) {
      const v = value(s, c);
      if (v === undefined || Number.isNaN(v)) continue;
      const r = Number(formatFixed(v, width));
      if (top === undefined || (c.higherIsBetter ? r > top : r < top)) top = r;
    }
    if (top === undefined) return best;
    for (const s of report.systems) {
      const v = value(s, c);
      if (v !== undefined && Number(formatFixed(v, width)) === top) best.add(s.name);
    }
    return best;
  });
}

function textOf(m: MetricInfo, corpus: unknown, options: FormatReportOptions): string | undefined {
  if (typeof m.metric.format !== "function") return undefined;
  return m.metric.format(corpus, options.widthGiven ? { width: options.width } : {});
}

/**
 * Display width of a string in terminal columns: East Asian wide and fullwidth characters count two,
 * combining marks and control characters none (string-width), so CJK system names line up.
 */
function widthOf(s: string): number {
  return stringWidth(s);
}

function pad(s: string, width: number, right: boolean): string {
  const fill = " ".repeat(Math.max(0, width - widthOf(s)));
  return right ? fill + s : s + fill;
}

/** Lays out rows of cells; `styles[r][c]` colours a cell after padding. */
function grid(rows: string[][], rightAligned: boolean[], style: (r: number, c: number, text: string) => string): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, c) => (widths[c] = Math.max(widths[c] ?? 0, widthOf(cell))));
  return rows.map((row, r) =>
    row
      .map((cell, c) => style(r, c, pad(cell, widths[c]!, rightAligned[c] === true)))
      .join("  ")
      .trimEnd(),
  );
}

function tableText(report: Report, options: FormatReportOptions): string {
  const c: Colors = colors(options.color);
  const columns = columnsOf(report);
  const best = bestRows(report, columns, options.width);
  const multi = columns.some((col) => col.header !== report.metrics[col.metric]!.name);
  const header: string[][] = [];
  if (multi) {
    header.push(["", "", ...columns.map((col, i) => (i === 0 || columns[i - 1]!.metric !== col.metric ? report.metrics[col.metric]!.name : ""))]);
    header.push(["system", "n", ...columns.map((col) => (col.header === report.metrics[col.metric]!.name ? "" : col.key))]);
  } else {
    header.push(["system", "n", ...columns.map((col) => col.header)]);
  }
  const body = report.systems.map((s) => [s.name, String(s.count), ...columns.map((col) => num(value(s, col), options.width))]);
  const rows = [...header, ...body];
  const right = [false, true, ...columns.map(() => true)];
  const plainWidth = Math.max(0, ...grid(rows, right, (_r, _c, t) => t).map(widthOf));
  let lines: string[];
  if (options.maxWidth !== undefined && plainWidth > options.maxWidth && columns.length > report.systems.length) {
    // Too wide: one row per number, one column per system.
    const t: string[][] = [["", "", ...report.systems.map((s) => s.name)], ["n", "", ...report.systems.map((s) => String(s.count))]];
    columns.forEach((col, i) => {
      const name = report.metrics[col.metric]!.name;
      const first = i === 0 || columns[i - 1]!.metric !== col.metric;
      t.push([first ? name : "", col.header === name ? "" : col.key, ...report.systems.map((s) => num(value(s, col), options.width))]);
    });
    lines = grid(t, [false, false, ...report.systems.map(() => true)], (r, col, text) => {
      if (r === 0 || (col === 0 && r >= 2)) return c.bold(text);
      if (r >= 2 && col >= 2 && best[r - 2]!.has(report.systems[col - 2]!.name)) return c.bold(c.green(text));
      return text;
    });
  } else {
    lines = grid(rows, right, (r, col, text) => {
      if (r < header.length) return c.bold(text);
      const system = report.systems[r - header.length]!;
      if (col >= 2 && best[col - 2]!.has(system.name)) return c.bold(c.green(text));
      return text;
    });
  }
  const out: string[] = [];
  if (options.title !== undefined) out.push(c.bold(options.title), "");
  out.push(...lines);
  if (report.segments) {
    for (const s of report.systems) {
      out.push("", c.bold(`Segments of ${s.name}`));
      const segHeader = ["#", ...columns.map((col) => col.header)];
      const segRows: string[][] = [];
      for (let i = 0; i < s.count; i++) {
        segRows.push([String(i + 1), ...columns.map((col) => num(s.scores[col.metric]?.segments?.[i]?.summary[col.key], options.width))]);
      }
      out.push(...grid([segHeader, ...segRows], [true, ...columns.map(() => true)], (r, _c, text) => (r === 0 ? c.bold(text) : text)));
    }
  }
  const texts: string[] = [];
  for (const s of report.systems) {
    report.metrics.forEach((m, k) => {
      const score = s.scores[k];
      const text = score === undefined ? undefined : textOf(m, score.corpus, options);
      if (text !== undefined) texts.push(`${report.systems.length > 1 ? `${s.name}: ` : ""}${text}`);
    });
  }
  if (texts.length > 0) out.push("", ...texts);
  if (report.metrics.length > 0) {
    out.push("", c.bold("Signatures"));
    const nameWidth = Math.max(...report.metrics.map((m) => widthOf(m.name)));
    for (const m of report.metrics) out.push(`  ${pad(m.name, nameWidth, false)}  ${c.dim(m.signature)}`);
  }
  return `${out.join("\n")}\n`;
}

/** The JSON document of `score`, `merge` and `demo` (schema in the CLI README). */
export function reportJson(report: Report, options: FormatReportOptions): unknown {
  return {
    gramscore: VERSION,
    command: options.command,
    width: options.width,
    metrics: report.metrics.map((m, k) => ({
      metric: m.name,
      plugin: m.plugin,
      signature: m.signature,
      higherIsBetter: m.higherIsBetter,
      options: m.options,
      systems: report.systems.flatMap((s) => {
        const score = s.scores[k];
        if (score === undefined) return [];
        const text = textOf(m, score.corpus, options);
        return [
          {
            system: s.name,
            count: score.count,
            summary: roundedSummary(score.summary, options.width),
            ...(text === undefined ? {} : { text }),
            corpus: score.corpus,
            ...(score.segments === undefined
              ? {}
              : { segments: score.segments.map((seg) => ({ segment: seg.index + 1, summary: roundedSummary(seg.summary, options.width), result: seg.result })) }),
          },
        ];
      }),
    })),
  };
}

function jsonlText(report: Report, options: FormatReportOptions): string {
  const lines: string[] = [];
  report.metrics.forEach((m, k) => {
    for (const s of report.systems) {
      const score = s.scores[k];
      if (score === undefined) continue;
      lines.push(corpusRecord(m, s.name, score, options.width));
      for (const seg of score.segments ?? []) lines.push(segmentRecord(m.name, s.name, seg, options.width));
    }
  });
  return lines.map((l) => `${l}\n`).join("");
}

/** A CSV cell, quoted as RFC 4180 says when it needs to be. */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(report: Report, options: FormatReportOptions): string {
  const columns = columnsOf(report);
  const header = ["system", ...(report.segments ? ["segment"] : []), "count", ...columns.map((c) => c.header), ...report.metrics.map((m) => `${m.name}.signature`)];
  const rows: string[][] = [header];
  const signatures = report.metrics.map((m) => m.signature);
  for (const s of report.systems) {
    rows.push([s.name, ...(report.segments ? [""] : []), String(s.count), ...columns.map((c) => num(value(s, c), options.width)), ...signatures]);
    if (report.segments) {
      for (let i = 0; i < s.count; i++) {
        rows.push([
          s.name,
          String(i + 1),
          "1",
          ...columns.map((c) => num(s.scores[c.metric]?.segments?.[i]?.summary[c.key], options.width)),
          ...signatures,
        ]);
      }
    }
  }
  return rows.map(csvRow).join("");
}

/** A CSV row with its CRLF. */
export function csvRow(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

function mdCell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}

function markdownText(report: Report, options: FormatReportOptions): string {
  const columns = columnsOf(report);
  const best = bestRows(report, columns, options.width);
  const out: string[] = [];
  if (options.title !== undefined) out.push(`### ${mdCell(options.title)}`, "");
  const mdRow = (cells: readonly string[]) => `| ${cells.join(" | ")} |`;
  out.push(mdRow(["system", "n", ...columns.map((c) => mdCell(c.header))]));
  out.push(`|:--|--:|${columns.map(() => "--:|").join("")}`);
  for (const s of report.systems) {
    const cells = columns.map((c, i) => {
      const text = num(value(s, c), options.width);
      return best[i]!.has(s.name) && text !== "" ? `**${text}**` : text;
    });
    out.push(mdRow([mdCell(s.name), String(s.count), ...cells]));
  }
  if (report.segments) {
    for (const s of report.systems) {
      out.push("", `Segments of ${mdCell(s.name)}:`, "", mdRow(["#", ...columns.map((c) => mdCell(c.header))]), `|--:|${columns.map(() => "--:|").join("")}`);
      for (let i = 0; i < s.count; i++) {
        out.push(mdRow([String(i + 1), ...columns.map((c) => num(s.scores[c.metric]?.segments?.[i]?.summary[c.key], options.width))]));
      }
    }
  }
  out.push("", "Signatures:", "");
  for (const m of report.metrics) out.push(`- ${mdCell(m.name)}: \`${m.signature}\``);
  return `${out.join("\n")}\n`;
}

function texEscape(text: string): string {
  return text.replace(/[\\{}$&#^_%~]/g, (ch) => {
    switch (ch) {
      case "\\":
        return "\\textbackslash{}";
      case "^":
        return "\\textasciicircum{}";
      case "~":
        return "\\textasciitilde{}";
      default:
        return `\\${ch}`;
    }
  });
}

function latexTable(headers: string[], rows: string[][], out: string[]): void {
  out.push(`\\begin{tabular}{l${"r".repeat(headers.length - 1)}}`, "\\toprule", `${headers.join(" & ")} \\\\`, "\\midrule");
  for (const row of rows) out.push(`${row.join(" & ")} \\\\`);
  out.push("\\bottomrule", "\\end{tabular}");
}

function latexText(report: Report, options: FormatReportOptions): string {
  const columns = columnsOf(report);
  const best = bestRows(report, columns, options.width);
  const out: string[] = [`% gramscore ${VERSION}${options.title !== undefined ? `: ${options.title.replace(/\n/g, " ")}` : ""}`];
  for (const m of report.metrics) out.push(`% ${m.name}: ${m.signature}`);
  out.push("% \\usepackage{booktabs}");
  const rows = report.systems.map((s) => [
    texEscape(s.name),
    String(s.count),
    ...columns.map((c, i) => {
      const text = num(value(s, c), options.width);
      return best[i]!.has(s.name) && text !== "" ? `\\textbf{${text}}` : text;
    }),
  ]);
  latexTable(["System", "$n$", ...columns.map((c) => texEscape(c.header))], rows, out);
  if (report.segments) {
    for (const s of report.systems) {
      out.push("", `% segments of ${s.name.replace(/\n/g, " ")}`);
      const segRows: string[][] = [];
      for (let i = 0; i < s.count; i++) {
        segRows.push([String(i + 1), ...columns.map((c) => num(s.scores[c.metric]?.segments?.[i]?.summary[c.key], options.width))]);
      }
      latexTable(["\\#", ...columns.map((c) => texEscape(c.header))], segRows, out);
    }
  }
  return `${out.join("\n")}\n`;
}

/**
 * A report in one of the output formats, in pieces: `json` with per-segment results is written member
 * by member (the same text as {@link formatReport}, never as one string, which fails past about
 * 512 MB); without them the report is small and is one string.
 */
export function formatReportPieces(report: Report, format: Format, options: FormatReportOptions): Iterable<string> {
  if (format === "json" && report.segments) return (function* () {
    yield* jsonPieces(reportJson(report, options));
    yield "\n";
  })();
  return [formatReport(report, format, options)];
}

/** Renders a report in one of the output formats. */
export function formatReport(report: Report, format: Format, options: FormatReportOptions): string {
  switch (format) {
    case "json":
      return `${JSON.stringify(reportJson(report, options), null, 2)}\n`;
    case "jsonl":
      return jsonlText(report, options);
    case "csv":
      return csvText(report, options);
    case "markdown":
      return markdownText(report, options);
    case "latex":
      return latexText(report, options);
    default:
      return tableText(report, options);
  }
}
