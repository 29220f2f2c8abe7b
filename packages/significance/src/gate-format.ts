/**
 * What CI systems read, from a {@link GateResult}: a plain-text table for a terminal, a Markdown
 * summary (GitHub's `$GITHUB_STEP_SUMMARY`), GitHub Actions workflow commands (`::error` /
 * `::notice` annotations) and a JUnit XML report (one test suite, one test case per metric, a
 * `<failure>` for each regression). Pure functions: strings in, strings out; every name and number
 * that comes from the caller is escaped for the format it goes into.
 */

import { checkWidth, formatFixed } from "@gramscore/core";
import type { GateMetricResult, GateResult, GateSystemScore } from "./gate.js";

/** Options of the gate formatters. */
export interface GateFormatOptions {
  /** Decimals of scores and deltas (default 2); p-values always have 4. */
  width?: number;
}

function decimals(options: GateFormatOptions): number {
  const width = options.width ?? 2;
  checkWidth(width);
  return width;
}

function testName(result: GateResult): string {
  return result.test === "bs"
    ? `paired bootstrap resampling (${result.samples} resamples, seed ${result.seed})`
    : `paired approximate randomization (${result.samples} trials, seed ${result.seed})`;
}

function signed(x: number, width: number): string {
  const s = formatFixed(x, width);
  return x > 0 ? `+${s}` : s;
}

function scoreCell(s: GateSystemScore, width: number): string {
  const base = formatFixed(s.score, width);
  return s.mean !== null && s.ci !== null ? `${base} (${formatFixed(s.mean, width)} ± ${formatFixed(s.ci, width)})` : base;
}

const VERDICT_TEXT = { regressed: "regressed", improved: "improved", unchanged: "no significant change" } as const;

function pText(m: GateMetricResult, alpha: number): string {
  return `${formatFixed(m.pValue, 4)}${m.pValue < alpha ? "*" : ""}`;
}

function direction(m: GateMetricResult): string {
  return m.higherIsBetter ? "higher is better" : "lower is better";
}

// ---------------------------------------------------------------------------------------------
// Text

/**
 * A plain-text table of the comparison (metric, both scores with the bootstrap `μ ± 95% CI` when
 * there is one, Δ, p-value marked `*` below the level, threshold, verdict), a line saying what was
 * tested and the result line. Ends with a newline.
 */
export function formatGateTable(result: GateResult, options: GateFormatOptions = {}): string {
  const w = decimals(options);
  const headers = ["Metric", result.baseline, result.candidate, "Delta", "p-value", "Threshold", "Verdict"];
  const rows = result.metrics.map((m) => [
    m.name,
    scoreCell(m.baseline, w),
    scoreCell(m.candidate, w),
    signed(m.delta, w),
    pText(m, result.pValue),
    formatFixed(m.threshold, w),
    VERDICT_TEXT[m.verdict],
  ]);
  const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");
  const cells = [headers, ...rows].map((r) => r.map(oneLine));
  const widths = headers.map((_, c) => Math.max(...cells.map((r) => [...r[c]!].length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => {
        const pad = " ".repeat(widths[c]! - [...cell].length);
        return c === 0 || c === r.length - 1 ? cell + pad : pad + cell;
      })
      .join("  ")
      .trimEnd();
  const out = [line(cells[0]!), widths.map((x) => "-".repeat(x)).join("  "), ...cells.slice(1).map(line), ""];
  out.push(oneLine(`${result.candidate} against ${result.baseline}: ${testName(result)}, ${result.segments} segments, significance level ${result.pValue} (* marks p below it).`));
  out.push(oneLine(`${result.pass ? "PASS" : "FAIL"}: ${result.message}`));
  return out.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------
// Markdown

/**
 * Text as literal Markdown (GitHub Flavored, inside a table cell or a heading): `&`, `<`, `>` as HTML
 * entities; the punctuation that marks up inline text or ends a table cell (`\ ` * _ [ ] | ~ $`,
 * `$` being GitHub's math) escaped with a backslash; line breaks as spaces (a table row is one line).
 */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\r\n|\r|\n/g, " ")
    .replace(/[\\`*_[\]|~$]/g, (c) => `\\${c}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

/**
 * A Markdown summary of the comparison, for `$GITHUB_STEP_SUMMARY` or a pull-request comment: a
 * heading with the outcome, what was tested, a table with one row per metric, and the metric
 * signatures. Names are escaped ({@link escapeMarkdown}). Ends with a newline.
 */
export function formatGateMarkdown(result: GateResult, options: GateFormatOptions = {}): string {
  const w = decimals(options);
  const md = escapeMarkdown;
  const mark = { regressed: "❌ regressed", improved: "✅ improved", unchanged: "➖ no significant change" } as const;
  const bad = result.metrics.filter((m) => m.verdict === "regressed").map((m) => md(m.name));
  const lines: string[] = [
    result.pass
      ? `### ✅ gramscore compare: ${md(result.candidate)} is not significantly worse than ${md(result.baseline)}`
      : `### ❌ gramscore compare: ${md(result.candidate)} regressed on ${bad.join(", ")}`,
    "",
    md(`${result.candidate} against ${result.baseline}: ${testName(result)}, ${result.segments} segments.`) +
      ` A metric regresses when the candidate is worse by more than its threshold and p < ${result.pValue}.`,
    "",
    `| Metric | ${md(result.baseline)} | ${md(result.candidate)} | Δ | p-value | Threshold | Verdict |`,
    "| :-- | --: | --: | --: | --: | --: | :-- |",
  ];
  for (const m of result.metrics) {
    lines.push(
      `| ${md(m.name)} | ${scoreCell(m.baseline, w)} | ${scoreCell(m.candidate, w)} | ${signed(m.delta, w)} | ` +
        `${formatFixed(m.pValue, 4)} | ${formatFixed(m.threshold, w)} | ${mark[m.verdict]} |`,
    );
  }
  lines.push("", "<details><summary>Metric signatures</summary>", "");
  for (const m of result.metrics) lines.push(`- ${md(m.name)} (${direction(m)}): ${md(m.signature)}`);
  lines.push("", "</details>");
  return lines.join("\n") + "\n";
}

// ---------------------------------------------------------------------------------------------
// GitHub Actions annotations

/** A workflow command's message: `%`, CR and LF percent-encoded, as GitHub Actions reads them. */
export function escapeAnnotationData(text: string): string {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** A workflow command's property value (`title=`): as the message, and `:` and `,` encoded too. */
export function escapeAnnotationProperty(text: string): string {
  return escapeAnnotationData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

/**
 * GitHub Actions workflow commands, one line per metric: `::error title=…::…` for a regression,
 * `::notice title=…::…` otherwise, each naming the scores, Δ, the p-value and the threshold. Ends with
 * a newline. Print them on standard output in a workflow step to get annotations.
 */
export function formatGateAnnotations(result: GateResult, options: GateFormatOptions = {}): string {
  const w = decimals(options);
  return (
    result.metrics
      .map((m) => {
        const level = m.verdict === "regressed" ? "error" : "notice";
        const title = `gramscore compare: ${m.name} ${VERDICT_TEXT[m.verdict]}`;
        const text =
          `${m.name} ${result.baseline} ${formatFixed(m.baseline.score, w)} -> ${result.candidate} ${formatFixed(m.candidate.score, w)} ` +
          `(delta ${signed(m.delta, w)}, ${direction(m)}; p = ${formatFixed(m.pValue, 4)}, level ${result.pValue}; threshold ${formatFixed(m.threshold, w)}). ` +
          m.signature;
        return `::${level} title=${escapeAnnotationProperty(title)}::${escapeAnnotationData(text)}`;
      })
      .join("\n") + "\n"
  );
}

// ---------------------------------------------------------------------------------------------
// JUnit XML

/** Characters XML 1.0 does not allow (controls but tab, LF, CR; lone surrogates; U+FFFE, U+FFFF) as U+FFFD. */
function xmlChars(text: string): string {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

/** Text content of an XML element: `&`, `<`, `>` as entities, characters XML cannot hold as U+FFFD. */
export function escapeXmlText(text: string): string {
  return xmlChars(text).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** A double-quoted XML attribute value: as text, with `"`, `'`, tab, LF and CR as references (kept as written). */
export function escapeXmlAttribute(text: string): string {
  return escapeXmlText(text).replace(/"/g, "&quot;").replace(/'/g, "&apos;").replace(/\t/g, "&#9;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;");
}

/** Options of {@link formatGateJUnit}. */
export interface GateJUnitOptions extends GateFormatOptions {
  /** The test suite's name (default `gramscore compare`). */
  suiteName?: string;
}

/**
 * A JUnit XML report: `<testsuites>` holding one `<testsuite>` (with the test, level, seed and systems
 * as properties) and one `<testcase>` per metric, named by the score (`BLEU`) with class name
 * `gramscore.compare.<metric>`; a regression has a `<failure type="regression">` whose message is the
 * numbers. Every name is escaped for XML. Ends with a newline.
 */
export function formatGateJUnit(result: GateResult, options: GateJUnitOptions = {}): string {
  const w = decimals(options);
  const a = escapeXmlAttribute;
  const t = escapeXmlText;
  const suite = options.suiteName ?? "gramscore compare";
  const failures = result.metrics.filter((m) => m.verdict === "regressed").length;
  const n = result.metrics.length;
  const lines: string[] = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${a(suite)}" tests="${n}" failures="${failures}" errors="0" skipped="0" time="0">`,
    `  <testsuite name="${a(suite)}" tests="${n}" failures="${failures}" errors="0" skipped="0" time="0">`,
    "    <properties>",
  ];
  const props: [string, string][] = [
    ["baseline", result.baseline],
    ["candidate", result.candidate],
    ["test", result.test],
    ["samples", String(result.samples)],
    ["seed", result.seed],
    ["pValue", String(result.pValue)],
    ["segments", String(result.segments)],
  ];
  for (const [k, v] of props) lines.push(`      <property name="${a(k)}" value="${a(v)}"/>`);
  lines.push("    </properties>");
  for (const m of result.metrics) {
    const numbers =
      `${m.name}: ${result.baseline} ${formatFixed(m.baseline.score, w)}, ${result.candidate} ${formatFixed(m.candidate.score, w)}, ` +
      `delta ${signed(m.delta, w)} (${direction(m)}), p = ${formatFixed(m.pValue, 4)} (level ${result.pValue}), threshold ${formatFixed(m.threshold, w)}: ${VERDICT_TEXT[m.verdict]}`;
    const open = `    <testcase classname="${a(`gramscore.compare.${m.metric}`)}" name="${a(m.name)}" time="0">`;
    if (m.verdict === "regressed") {
      lines.push(open, `      <failure message="${a(numbers)}" type="regression">${t(`${numbers}\n${m.signature}`)}</failure>`, "    </testcase>");
    } else {
      lines.push(open, `      <system-out>${t(`${numbers}\n${m.signature}`)}</system-out>`, "    </testcase>");
    }
  }
  lines.push("  </testsuite>", "</testsuites>");
  return lines.join("\n") + "\n";
}
