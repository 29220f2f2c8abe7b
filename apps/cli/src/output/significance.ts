/**
 * The output of a significance run (`score`/`merge` with --confidence, --paired-bs, --paired-ar): the
 * report with each system's mean, CI and p-value as extra columns, the `significance` member of the
 * JSON, and sacrebleu's own text layout (`-f text`, the default table).
 */
import { formatConfidenceLines, formatPairedTable } from "@gramscore/significance";
import type { Format } from "../shared/constants.js";
import type { MetricInfo, Report, SignificanceResult, SystemReport } from "../shared/report.js";
import { formatReport, reportJson, type FormatReportOptions } from "./format.js";
import { jsonPieces } from "./json-pieces.js";

interface Cell {
  score: number;
  mean: number | null;
  ci: number | null;
  pValue: number | null;
  samples: number;
  seed: string;
  signature: string;
  name: string;
}

function cellOf(result: SignificanceResult, systemIndex: number, k: number): Cell {
  if (result.kind === "confidence") {
    const c = result.systems[systemIndex]!.intervals[k]!;
    return { score: c.score, mean: c.mean, ci: c.ci, pValue: null, samples: c.samples, seed: c.seed, signature: c.signature, name: c.name };
  }
  const r = result.results[k]!;
  const s = r.results[systemIndex]!;
  return { score: s.score, mean: s.mean, ci: s.ci, pValue: s.pValue, samples: r.samples, seed: r.seed, signature: r.signature, name: r.name };
}

/** The procedure as JSON names it. */
function testName(result: SignificanceResult): "confidence" | "paired-bs" | "paired-ar" {
  return result.kind === "confidence" ? "confidence" : result.plan.kind === "paired" && result.plan.test === "bs" ? "paired-bs" : "paired-ar";
}

/**
 * The report with the resampling signatures (`bs:N|seed:S` or `ar:N|seed:S` after `nrefs`) and each
 * system's `mean`, `ci` and `p` (paired tests) as extra summary numbers, so that every tabular format
 * shows them as columns (`bleu.mean`, `bleu.ci`, `bleu.p`).
 */
export function withSignificance(report: Report, result: SignificanceResult): Report {
  const metrics: MetricInfo[] = report.metrics.map((m, k) => {
    const signature = result.kind === "confidence" ? (result.systems[0]?.intervals[k]?.signature ?? m.signature) : result.results[k]!.signature;
    return { ...m, signature, unrankedKeys: ["ci", "p"] };
  });
  const systems: SystemReport[] = report.systems.map((s, i) => ({
    ...s,
    scores: s.scores.map((score, k) => {
      if (score === undefined) return undefined;
      const cell = cellOf(result, i, k);
      const extra: Record<string, number> = {};
      if (cell.mean !== null) extra.mean = cell.mean;
      if (cell.ci !== null) extra.ci = cell.ci;
      if (cell.pValue !== null) extra.p = cell.pValue;
      return { ...score, summary: { ...score.summary, ...extra } };
    }),
  }));
  return { ...report, metrics, systems };
}

/** The `significance` member of the JSON output: every number at full precision. */
export function significanceJson(report: Report, result: SignificanceResult): unknown {
  const baseline = result.kind === "paired" ? result.results[0]!.baseline : undefined;
  return {
    test: testName(result),
    samples: result.kind === "confidence" ? result.plan.samples : result.results[0]!.samples,
    ...(result.kind === "paired" && result.results[0]!.arConfidence > 0 ? { arConfidence: result.results[0]!.arConfidence } : {}),
    seed: result.kind === "confidence" ? (result.systems[0]?.intervals[0]?.seed ?? "") : result.results[0]!.seed,
    ...(baseline === undefined ? {} : { baseline: report.systems[baseline]!.name }),
    metrics: report.metrics.map((m, k) => ({
      metric: m.name,
      name: cellOf(result, 0, k).name,
      signature: cellOf(result, 0, k).signature,
      systems: report.systems.map((s, i) => {
        const c = cellOf(result, i, k);
        return { system: s.name, score: c.score, mean: c.mean, ci: c.ci, ...(result.kind === "paired" ? { pValue: c.pValue } : {}) };
      }),
    })),
  };
}

/**
 * sacrebleu's `-f text` output: the paired table with its explanation and signatures, or the
 * `--confidence` lines (metrics sorted by name, as sacrebleu's command line does; with several
 * systems, one block per system under its name).
 */
export function significanceText(report: Report, result: SignificanceResult, width: number): string {
  if (result.kind === "paired") return formatPairedTable(result.results, { width });
  const order = report.metrics.map((_, k) => k).sort((a, b) => (report.metrics[a]!.name < report.metrics[b]!.name ? -1 : report.metrics[a]!.name > report.metrics[b]!.name ? 1 : 0));
  const blocks = report.systems.map((s, i) => {
    const lines = order.flatMap((k) => {
      const score = s.scores[k];
      if (score === undefined) return [];
      const m = report.metrics[k]!;
      const c = result.systems[i]!.intervals[k]!;
      const own = typeof m.metric.format === "function" ? m.metric.format(score.corpus, { width }) : undefined;
      const line = own !== undefined && / = /.test(own) ? own : `${c.name} = ${c.score.toFixed(width)}`;
      return [{ line, signature: c.signature, mean: c.mean, ci: c.ci }];
    });
    const text = formatConfidenceLines(lines, width);
    return report.systems.length > 1 ? `${s.name}:\n${text}` : text;
  });
  return blocks.join("\n");
}

/** The output of a significance run in `format`. */
export function formatSignificance(
  report: Report,
  result: SignificanceResult,
  format: Format | "text",
  options: FormatReportOptions,
): string | Iterable<string> {
  const augmented = withSignificance(report, result);
  switch (format) {
    case "table":
    case "text":
      // sacrebleu's default width is 1 decimal; -w changes it.
      return significanceText(report, result, options.widthGiven ? options.width : 1);
    case "json": {
      const doc = { ...(reportJson(augmented, options) as Record<string, unknown>), significance: significanceJson(report, result) };
      return (function* () {
        yield* jsonPieces(doc);
        yield "\n";
      })();
    }
    case "jsonl": {
      // Each corpus line also carries the full-precision numbers of its system and metric.
      const sig = significanceJson(report, result) as { test: string; samples: number; seed: string; metrics: { metric: string; systems: { system: string }[] }[] };
      const lines = formatReport(augmented, "jsonl", options).split("\n");
      return (
        lines
          .map((line) => {
            if (line === "") return line;
            const o = JSON.parse(line) as { type: string; metric: string; system: string };
            if (o.type !== "corpus") return line;
            const m = sig.metrics.find((x) => x.metric === o.metric);
            const s = m?.systems.find((x) => x.system === o.system);
            return JSON.stringify({ ...o, significance: { test: sig.test, samples: sig.samples, seed: sig.seed, ...s } });
          })
          .join("\n")
      );
    }
    default:
      return formatReport(augmented, format, options);
  }
}

