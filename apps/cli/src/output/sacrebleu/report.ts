/**
 * What sacrebleu 2.6.0's command line prints, from computed numbers: one system's score lines
 * (text, or one JSON object per metric), the multi-system table (JSON, `fancy_grid`, `latex_booktabs`)
 * with the paired tests' legend and the signatures, and the short signature form. Pure functions.
 */
import { formatFixed } from "@gramscore/core";
import { pyFloatRepr, pyJsonDumps, type PyJson } from "./pyformat.js";
import { tabulate, type TableFormat } from "./tabulate.js";

/** Terminal colours as sacrebleu uses them (through colorama); identity when disabled. */
export interface Paint {
  (text: string, color: "red" | "green" | "yellow" | "cyan"): string;
}

const CODES = { red: 31, green: 32, yellow: 33, cyan: 36 } as const;

export function paint(enabled: boolean): Paint {
  return (text, color) => (enabled ? `\u001b[${CODES[color]}m${text}\u001b[0m` : text);
}

/** Python's `f"{x:.{width}f}"`. */
export function fixed(x: number, width: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  return formatFixed(x, width);
}

/** Python's `float(text)` of a fixed-point text, as a JS number (written back by {@link pyFloatRepr}). */
function pyFloatOf(text: string): number {
  return text === "nan" ? NaN : text === "inf" ? Infinity : text === "-inf" ? -Infinity : Number(text);
}

/** sacrebleu's short names of signature fields; fields not listed keep their name. */
const SHORT_KEYS: Record<string, Record<string, string>> = {
  common: { version: "v", nrefs: "#", test: "t", lang: "l", subset: "S", origlang: "o", bs: "bs", ar: "ar", seed: "rs" },
  BLEU: { case: "c", eff: "e", tok: "tok", smooth: "s" },
  CHRF: { case: "c", eff: "e", nc: "nc", nw: "nw", space: "s" },
  TER: { case: "c", tok: "t", norm: "nr", punct: "pn", asian: "as" },
};

/** The signature, `short` with sacrebleu's abbreviations (`nrefs:2|…|version:X` → `#:2|…|v:X`). */
export function signatureText(signature: string, metricKey: string, short: boolean): string {
  if (!short || signature === "") return signature;
  const table = { ...SHORT_KEYS.common, ...SHORT_KEYS[metricKey] };
  return signature
    .split("|")
    .map((field) => {
      const at = field.indexOf(":");
      if (at < 0) return field;
      const key = field.slice(0, at);
      return `${table[key] ?? key}${field.slice(at)}`;
    })
    .join("|");
}

/** The `version` field's value of a signature (what the library prints), or undefined. */
export function signatureVersion(signature: string): string | undefined {
  for (const field of signature.split("|")) if (field.startsWith("version:")) return field.slice("version:".length);
  return undefined;
}

/** One metric's result of one system, for {@link formatScore}. */
export interface ScoreFields {
  name: string;
  score: number;
  /** The signature as it is to be printed (long or short). */
  signature: string;
  /** BLEU's precisions and lengths; "" for the others. */
  verbose: string;
  /** Bootstrap mean and CI half-width (`--confidence`); a mean ≤ 0 is not shown. */
  mean?: number;
  ci?: number;
}

/** sacrebleu's `Score.format(width, score_only, signature, is_json)`. */
export function formatScore(s: ScoreFields, width: number, scoreOnly: boolean, json: boolean): string {
  let sc = fixed(s.score, width);
  const d: Record<string, PyJson> = { name: s.name, score: pyFloatOf(sc), signature: s.signature };
  if (s.mean !== undefined && s.mean > 0) {
    const mean = fixed(s.mean, width);
    const ci = fixed(s.ci ?? NaN, width);
    const conf = `μ = ${mean} ± ${ci}`;
    sc += ` (${conf})`;
    if (json) {
      d.confidence_mean = pyFloatOf(mean);
      d.confidence_var = pyFloatOf(ci);
      d.confidence = conf;
    }
  }
  let full = `${s.signature ? `${s.name}|${s.signature}` : s.name} = ${sc}`;
  if (s.verbose !== "") {
    full += ` ${s.verbose}`;
    d.verbose_score = s.verbose;
  }
  if (scoreOnly) return sc;
  if (json) {
    for (const param of s.signature.split("|")) {
      const at = param.indexOf(":");
      if (at >= 0) d[param.slice(0, at)] = param.slice(at + 1);
    }
    return pyJsonDumps(d, { indent: 1, ensureAscii: false });
  }
  return full;
}

/** sacrebleu's `print_single_results`: the lines it prints (each ends with a newline). */
export function singleResultsText(results: readonly string[], format: string, color: Paint): string {
  if (format === "json") return (results.length > 1 ? "[\n" + results.join(",\n") + "\n]" : results[0]!) + "\n";
  let lines = [...results];
  if (lines[0]!.includes("μ")) lines = lines.map((l) => l.replace(/\(μ = [0-9.]+ ± [0-9.]+\)/g, (m) => color(m, "cyan")));
  if (lines.length === 1) return lines[0] + "\n";
  let out = "";
  const lens: number[] = [];
  for (const line of lines) {
    const at = line.indexOf("=");
    if (at < 0) out += line + "\n";
    else lens.push(at - 1);
  }
  if (lens.length > 0) {
    const w = Math.max(...lens);
    // sacrebleu pairs the positions with the first lines in order.
    lens.forEach((len, k) => {
      const line = lines[k]!;
      const left = line.slice(0, len);
      out += " ".repeat(Math.max(0, w - [...left].length)) + left + line.slice(len) + "\n";
    });
  }
  return out;
}

/** A paired test's cell: the score, and p-value / bootstrap mean and CI (null when absent). */
export interface PairedCell {
  score: number;
  pValue: number | null;
  mean: number | null;
  ci: number | null;
}

/** A column of the multi-system table: score strings (`-w` applied), or paired cells. */
export interface TableColumn {
  name: string;
  values: readonly (string | PairedCell)[];
}

/** The paired test for the legend, or undefined. */
export interface PairedLegend {
  test: "bs" | "ar";
  /** The number sacrebleu prints (the `--paired-*-n` argument as given). */
  samples: number;
}

/** sacrebleu's `print_results_table`: JSON, or the table, the paired legend and the signatures. */
export function resultsTable(
  systems: readonly string[],
  columns: readonly TableColumn[],
  signatures: readonly { name: string; signature: string }[],
  options: { format: string; width: number; paired: PairedLegend | undefined; color: Paint },
): string {
  const { width, color } = options;
  if (options.format === "json") {
    const doc: PyJson[] = systems.map((system, i) => {
      const row: Record<string, PyJson> = { system };
      for (const col of columns) {
        const v = col.values[i]!;
        row[col.name] = typeof v === "string" ? v : { score: v.score, p_value: v.pValue, mean: v.mean, ci: v.ci };
      }
      return row;
    });
    return pyJsonDumps(doc, { indent: 4, ensureAscii: true }) + "\n";
  }
  const tablefmt: TableFormat = options.format === "latex" ? "latex_booktabs" : "fancy_grid";
  const breakChar = tablefmt === "fancy_grid" ? "\n" : " ";
  const pText = (p: number) => {
    const msg = `(p = ${fixed(p, 4)})`;
    return p > 0.05 ? color(msg, "red") : msg + "*";
  };
  const headers: string[] = ["System"];
  const cols: string[][] = [[...systems]];
  // sacrebleu's flag stays set once a bootstrap column was seen.
  let bootstrap = false;
  for (const col of columns) {
    const cells = col.values.map((v) => {
      if (typeof v === "string") return v;
      let s = fixed(v.score, width);
      if (v.mean !== null) {
        bootstrap = true;
        s += ` (${fixed(v.mean, width)} ± ${fixed(v.ci ?? NaN, width)})`;
      }
      if (v.pValue !== null) s += breakChar + pText(v.pValue);
      return s;
    });
    headers.push(bootstrap ? `${col.name} (μ ± 95% CI)` : col.name);
    cols.push(cells);
  }
  let baselineName = "";
  let hasBaseline = false;
  cols.forEach((cells) => {
    if (cells.length === 0) return;
    if (cells[0]!.startsWith("Baseline:") || hasBaseline) {
      if (cells[0]!.startsWith("Baseline:")) baselineName = cells[0]!;
      hasBaseline = true;
      cells[0] = color(cells[0]!, "yellow");
    }
  });
  const table = tabulate(
    headers.map((h) => color(h, "cyan")),
    cols,
    { format: tablefmt, floatDigits: width, align: ["right"] },
  );
  const lines = [table, ""];
  if (options.paired !== undefined) {
    const bs = options.paired.test === "bs";
    const msg = `Paired ${bs ? "bootstrap resampling" : "approximate randomization"} test with ${options.paired.samples} ${bs ? "resampling trials" : "trials"}`;
    const bline = color("baseline", "yellow");
    const nullHyp = color("Null hypothesis", "green");
    const nullLower = color("null hypothesis", "green");
    lines.push(
      "-".repeat(msg.length) + "\n" + msg + "\n" + "-".repeat(msg.length),
      ` - Each system is pairwise compared to ${color(baselineName, "yellow")}.`,
      bs ? "   Actual system score / bootstrap estimated true mean / 95% CI are provided for each metric." : "   Actual system score is provided for each metric.",
      "",
      ` - ${nullHyp}: the system and the ${bline} translations are essentially`,
      `   generated by the same underlying process. For a given system and the ${bline},`,
      "   the p-value is roughly the probability of the absolute score difference (delta)",
      `   or higher occurring due to chance, under the assumption that the ${nullLower} is correct.`,
      "",
      ` - Assuming a significance threshold of 0.05, the ${nullLower} can be rejected`,
      '   for p-values < 0.05 (marked with "*"). This means that the delta is unlikely to be attributed',
      `   to chance, hence the system is significantly "different" than the ${bline}.`,
      `   Otherwise, the p-values are ${color("highlighted in red", "red")}.`,
      "",
      ` - NOTE: Significance does not tell whether a system is "better" than the ${bline} but rather`,
      '   emphasizes the "difference" of the systems in terms of the replicability of the delta.',
      "",
    );
  }
  lines.push("-----------------", "Metric signatures", "-----------------");
  for (const s of signatures) lines.push(` - ${s.name.padEnd(10)} ${s.signature}`);
  return lines.join("\n") + "\n";
}

export { pyFloatRepr };
