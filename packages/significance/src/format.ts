/**
 * sacrebleu 2.6.0's command-line text for significance results, so that front ends (the CLI, a
 * browser page) print output that can be diffed against sacrebleu's: the `fancy_grid` table of a
 * paired test with its explanation and signatures, and the aligned `--confidence` lines.
 */

import { ErrorCode, GramscoreError, checkWidth, formatFixed } from "@gramscore/core";
import type { PairedResult } from "./engine.js";

/** Options of {@link formatPairedTable}. */
export interface PairedTableOptions {
  /** Decimals of scores (sacrebleu's `-w`, default 1). */
  width?: number;
  /** Title of the first column's baseline cell prefix (default `Baseline: `, as sacrebleu's `--input` mode). */
  baselinePrefix?: string;
}

/** Pads like Python's `format(s, "^w")`: the extra space goes right. */
function center(s: string, width: number): string {
  const pad = width - s.length;
  if (pad <= 0) return s;
  const left = Math.floor(pad / 2);
  return " ".repeat(left) + s + " ".repeat(pad - left);
}

function right(s: string, width: number): string {
  return s.length >= width ? s : " ".repeat(width - s.length) + s;
}

/**
 * tabulate 0.8's `fancy_grid` with headers, the first column right-aligned and the others centered;
 * cells may hold several lines. Column width: the widest line, at least the header plus 2.
 */
function fancyGrid(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const cols = headers.length;
  const cellLines = rows.map((row) => row.map((cell) => cell.split("\n").map((l) => l.trim())));
  const widths = headers.map((h, c) => {
    let w = h.length + 2;
    for (const row of cellLines) for (const line of row[c]!) w = Math.max(w, line.length);
    return w;
  });
  const align = (s: string, c: number): string => (c === 0 ? right(s, widths[c]!) : center(s, widths[c]!));
  const rule = (l: string, fill: string, mid: string, r: string): string => l + widths.map((w) => fill.repeat(w + 2)).join(mid) + r;
  const out: string[] = [];
  out.push(rule("╒", "═", "╤", "╕"));
  out.push("│ " + headers.map((h, c) => align(h, c)).join(" │ ") + " │");
  out.push(rule("╞", "═", "╪", "╡"));
  cellLines.forEach((row, r) => {
    const height = Math.max(...row.map((lines) => lines.length));
    for (let i = 0; i < height; i++) {
      const parts: string[] = [];
      for (let c = 0; c < cols; c++) parts.push(align(row[c]![i] ?? "", c));
      out.push("│ " + parts.join(" │ ") + " │");
    }
    out.push(r === cellLines.length - 1 ? rule("╘", "═", "╧", "╛") : rule("├", "─", "┼", "┤"));
  });
  return out.join("\n");
}

/** sacrebleu's p-value cell: `(p = 0.0010)*` when p ≤ 0.05, else without the star (no colours). */
function pCell(p: number): string {
  const msg = `(p = ${formatFixed(p, 4)})`;
  return p > 0.05 ? msg : msg + "*";
}

/**
 * sacrebleu's text output of a paired test (`sacrebleu -i base sysA sysB -m … --paired-bs|--paired-ar
 * -f text --no-color`): the table (score, `(μ ± CI)` when there is a bootstrap mean, the p-value under
 * it), the test's explanation and the signatures. One {@link PairedResult} per metric, all of the same
 * systems and test. The baseline comes first, named `Baseline: <name>`. Ends with a newline.
 */
export function formatPairedTable(results: readonly PairedResult[], options: PairedTableOptions = {}): string {
  const width = options.width ?? 1;
  checkWidth(width);
  if (results.length === 0) throw new GramscoreError(ErrorCode.INVALID_OPTION, "formatPairedTable needs the result of at least one metric.");
  const first = results[0]!;
  const prefix = options.baselinePrefix ?? "Baseline: ";
  const order = [first.baseline, ...first.results.map((_, i) => i).filter((i) => i !== first.baseline)];
  const headers = ["System"];
  const columns: string[][] = [];
  for (const res of results) {
    if (res.test !== first.test || res.results.length !== first.results.length || res.baseline !== first.baseline) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, "formatPairedTable takes results of one test over the same systems and baseline.");
    }
    let bootstrap = false;
    const cells = order.map((i) => {
      const r = res.results[i]!;
      let s = formatFixed(r.score, width);
      if (r.mean !== null && r.ci !== null) {
        bootstrap = true;
        s += ` (${formatFixed(r.mean, width)} ± ${formatFixed(r.ci, width)})`;
      }
      if (r.pValue !== null) s += "\n" + pCell(r.pValue);
      return s;
    });
    headers.push(bootstrap ? `${res.name} (μ ± 95% CI)` : res.name);
    columns.push(cells);
  }
  const baselineName = `${prefix}${first.results[first.baseline]!.system}`;
  const rows = order.map((i, r) => [r === 0 ? baselineName : first.results[i]!.system, ...columns.map((col) => col[r]!)]);
  const lines: string[] = [fancyGrid(headers, rows), ""];

  const bs = first.test === "bs";
  const msg = `Paired ${bs ? "bootstrap resampling" : "approximate randomization"} test with ${first.samples} ${bs ? "resampling trials" : "trials"}`;
  lines.push(
    "-".repeat(msg.length),
    msg,
    "-".repeat(msg.length),
    ` - Each system is pairwise compared to ${baselineName}.`,
    bs
      ? "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric."
      : "   Actual system score is provided for each metric.",
    "",
    " - Null hypothesis: the system and the baseline translations are essentially",
    "   generated by the same underlying process. For a given system and the baseline,",
    "   the p-value is roughly the probability of the absolute score difference (delta)",
    "   or higher occurring due to chance, under the assumption that the null hypothesis is correct.",
    "",
    " - Assuming a significance threshold of 0.05, the null hypothesis can be rejected",
    '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed',
    '   to chance, hence the system is significantly "different" than the baseline.',
    "   Otherwise, the p-values are highlighted in red.",
    "",
    ' - NOTE: Significance does not tell whether a system is "better" than the baseline but rather',
    '   emphasizes the "difference" of the systems in terms of the replicability of the delta.',
    "",
    "-----------------",
    "Metric signatures",
    "-----------------",
  );
  for (const res of results) lines.push(` - ${res.name.padEnd(10)} ${res.signature}`);
  return lines.join("\n") + "\n";
}

/** One metric's line for {@link formatConfidenceLines}. */
export interface ConfidenceLine {
  /**
   * The metric's one-line result without signature at the same width (its `format(result, { width })`,
   * e.g. `BLEU = 51.6 78.7/58.3/… (BP = …)` or `chrF2 = 69.2`): the name, ` = `, the score, the rest.
   */
  line: string;
  /** The signature to print after the name (a {@link ConfidenceInterval}'s, with `bs:` and `seed:`). */
  signature: string;
  /** Bootstrap mean and half-width. */
  mean: number;
  ci: number;
}

/**
 * sacrebleu's `--confidence` lines for one system (`-f text --no-color`): `NAME|signature = score
 * (μ = mean ± ci) details`, right-aligned on the ` = `, one line per metric in the given order
 * (sacrebleu sorts metrics by their command-line names). The `(μ …)` part is left out when the mean is
 * not positive, as sacrebleu does. Ends with a newline.
 */
export function formatConfidenceLines(lines: readonly ConfidenceLine[], width = 1): string {
  checkWidth(width);
  const texts = lines.map((l) => {
    const m = /^(.*?) = (\S+)(.*)$/s.exec(l.line);
    if (!m) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `Expected a result line "NAME = SCORE …", but got ${JSON.stringify(l.line)}.`);
    }
    const name = l.signature ? `${m[1]}|${l.signature}` : m[1]!;
    const conf = l.mean > 0 ? ` (μ = ${formatFixed(l.mean, width)} ± ${formatFixed(l.ci, width)})` : "";
    return `${name} = ${m[2]}${conf}${m[3]}`;
  });
  if (texts.length === 1) return texts[0] + "\n";
  const lens = texts.map((t) => t.indexOf("=") - 1);
  const w = Math.max(...lens);
  return texts.map((t, i) => right(t.slice(0, lens[i]), w) + t.slice(lens[i])).join("\n") + "\n";
}
