/**
 * `--segments` output written while the input is scored, so that its size does not matter:
 *
 * - `jsonl` and `csv` stream: each record's segment lines (one per metric in jsonl, one row in csv)
 *   are queued as it is scored and written between batches; the corpus lines follow at the end.
 *   Nothing is kept per segment.
 * - `json` is written piece by piece ({@link jsonPieces}): the same text as `JSON.stringify(doc,
 *   null, 2)`, never as one string (which fails past about 512 MB).
 */
import { formatFixed } from "@gramscore/core";
import type { MetricInfo, Report, SegmentScore, SegmentSink } from "../shared/report.js";
import { columnsOf, corpusRecord, csvRow, segmentRecord, type Column, type FormatReportOptions } from "./format.js";

/** Streamed `--segments` output in `jsonl` or `csv`. */
export class SegmentStream implements SegmentSink {
  private pending: string[] = [];
  private columns: { key: string; header: string }[][] | undefined;
  private readonly format: "jsonl" | "csv";
  private readonly metrics: readonly string[];
  private readonly width: number;

  /** `metrics`: the metric names, in the report's order. */
  constructor(format: "jsonl" | "csv", metrics: readonly string[], width: number) {
    this.format = format;
    this.metrics = metrics;
    this.width = width;
  }

  segment(system: string, index: number, results: readonly SegmentScore[]): void {
    if (this.format === "jsonl") {
      results.forEach((r, k) => {
        this.pending.push(`${segmentRecord(this.metrics[k], system, { index, summary: r.summary, result: r.result }, this.width)}\n`);
      });
      return;
    }
    if (this.columns === undefined) {
      // The columns are those of the first segment's summaries (in csv, the header comes first).
      this.columns = results.map((r, k) => {
        const keys = Object.keys(r.summary);
        return keys.map((key) => ({ key, header: keys.length === 1 ? this.metrics[k]! : `${this.metrics[k]}.${key}` }));
      });
      const header = ["system", "segment", "count", ...this.columns.flat().map((c) => c.header), ...this.metrics.map((m) => `${m}.signature`)];
      this.pending.push(csvRow(header));
    }
    const cells = this.columns.flatMap((cols, k) => cols.map((c) => num(results[k]?.summary[c.key], this.width)));
    this.pending.push(csvRow([system, String(index + 1), "1", ...cells, ...this.metrics.map(() => "")]));
  }

  /** The lines queued since the last call ("" when none). */
  take(): string {
    const out = this.pending.join("");
    this.pending = [];
    return out;
  }

  /** The corpus lines, after the last segment. */
  footer(report: Report, options: FormatReportOptions): string {
    if (this.format === "jsonl") {
      const lines: string[] = [];
      report.metrics.forEach((m, k) => {
        for (const s of report.systems) {
          const score = s.scores[k];
          if (score !== undefined) lines.push(`${corpusRecord(m, s.name, score, options.width)}\n`);
        }
      });
      return lines.join("");
    }
    const out: string[] = [];
    const columns: { metric: number; key: string }[] =
      this.columns === undefined
        ? columnsOf(report).map((c: Column) => ({ metric: c.metric, key: c.key }))
        : this.columns.flatMap((cols, k) => cols.map((c) => ({ metric: k, key: c.key })));
    if (this.columns === undefined) {
      out.push(csvRow(["system", "segment", "count", ...columnsOf(report).map((c) => c.header), ...report.metrics.map((m: MetricInfo) => `${m.name}.signature`)]));
    }
    for (const s of report.systems) {
      out.push(csvRow([s.name, "", String(s.count), ...columns.map((c) => num(s.scores[c.metric]?.summary[c.key], options.width)), ...report.metrics.map((m) => m.signature)]));
    }
    return out.join("");
  }
}

function num(v: number | undefined, width: number): string {
  return typeof v === "number" ? formatFixed(v, width) : "";
}
