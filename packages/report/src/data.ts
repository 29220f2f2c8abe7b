import { ErrorCode, GramscoreError, pySplit, validateSegment } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { explanationViews } from "./matches.js";
import type { MatchAdapter, MatchView } from "./matches.js";
import { VERSION } from "./version.js";

/** One system: its name and one hypothesis per segment. */
export interface ReportSystem {
  readonly name: string;
  readonly hyps: readonly string[];
}

/**
 * What the significance engine (or any other code) may add to one cell of the systems × measures
 * table: a confidence interval, a p-value against the baseline, a flag, a note. The table shows
 * them beside the score when present; without them it shows the score alone.
 */
export interface ScoreAnnotation {
  /** Lower end of the confidence interval, on the measure's scale. */
  readonly low?: number;
  /** Upper end of the confidence interval. */
  readonly high?: number;
  /** Confidence level of [low, high], e.g. 0.95. */
  readonly level?: number;
  /** p-value of the paired test against the baseline. */
  readonly pValue?: number;
  /** True when the difference from the baseline is significant at the chosen level. */
  readonly significant?: boolean;
  /** Free text shown as a tooltip. */
  readonly note?: string;
}

/** What {@link ReportOptions.annotate} is called with, once per metric and system. */
export interface AnnotateContext<S = unknown> {
  readonly metric: Metric<S, any>;
  readonly system: string;
  readonly baseline: string;
  /** The system's per-segment statistics, in segment order. */
  readonly stats: readonly S[];
  /** The baseline's per-segment statistics. */
  readonly baselineStats: readonly S[];
}

/** Options of {@link buildReport}. */
export interface ReportOptions {
  /** Title of the page. Default "gramscore report". */
  readonly title?: string;
  /** The command line that produced the report, shown in the page. */
  readonly command?: string;
  /** The system other systems are compared with (name). Default: the first. */
  readonly baseline?: string;
  /**
   * Segments whose match views are embedded (those where the systems differ most). Default: as many
   * as give 600 segment × system pairs (at least 20 segments); 0 for none.
   */
  readonly explainLimit?: number;
  /** Word tokenizer for the length buckets, frequency buckets and n-gram differences. Default: whitespace split. */
  readonly words?: (text: string) => string[];
  /** Largest n-gram order of the n-gram differences. Default 4. */
  readonly ngramOrder?: number;
  /** N-grams listed per direction and system pair. Default 25. */
  readonly ngramTop?: number;
  /** Extra explain() adapters, tried before the built-in ones. */
  readonly adapters?: readonly MatchAdapter[];
  /**
   * The hook for confidence intervals and significance: called per metric and system (the
   * baseline included) with the per-segment statistics; what it returns is shown in the table,
   * one annotation per summary column (by column name) or one for all columns (`"*"`).
   */
  readonly annotate?: (context: AnnotateContext<any>) => Record<string, ScoreAnnotation> | undefined;
  /** The date shown in the page (ISO). Default: now. */
  readonly created?: string;
}

/** One column of the systems × measures table (a summary column of one metric). */
export interface ReportMeasure {
  /** Index into {@link ReportData.metrics}. */
  readonly metric: number;
  /** Summary column name (`score`, `rougeL.f`, ...). */
  readonly column: string;
  /** Heading: the metric's name for its `score` column, else the column (`rougeL.f`) or `metric column` (`bleu bp`). */
  readonly label: string;
  /** Corpus value per system, full precision. */
  readonly corpus: readonly number[];
  /** Annotations per system (CIs, p-values), when an `annotate` hook gave any. */
  readonly annotations?: readonly (ScoreAnnotation | null)[];
  /** Index into {@link ReportData.segmentScores} when this column is also scored per segment, else -1. */
  readonly segment: number;
}

/** A bucket view: labels and, per system, a value per bucket (and the bucket sizes). */
export interface ReportBuckets {
  /** What is bucketed, e.g. "reference length (words)". */
  readonly title: string;
  /** The value shown, e.g. the measure label, or "word F-measure". */
  readonly value: string;
  readonly labels: readonly string[];
  /** Items per bucket (segments or reference words). */
  readonly sizes: readonly number[];
  /** Per measure (for length buckets) or one entry (frequency buckets): per system, per bucket. */
  readonly values: readonly (readonly (readonly (number | null)[])[])[];
}

/** N-grams that one system matches (in the reference) more often than another. */
export interface ReportNgramDiff {
  /** System indices: a is compared with b. */
  readonly a: number;
  readonly b: number;
  /** Rows `[ngram, matches of a, matches of b]`, most in favour of a first. */
  readonly better: readonly (readonly [string, number, number])[];
  /** Rows most in favour of b first. */
  readonly worse: readonly (readonly [string, number, number])[];
}

/** Everything a report shows, as plain JSON (columnar: one array per system and measure). */
export interface ReportData {
  /** Format version of this object. */
  readonly format: 1;
  readonly generator: string;
  readonly title: string;
  readonly command: string;
  readonly created: string;
  readonly systems: readonly string[];
  readonly baseline: number;
  /** Segments per system. */
  readonly count: number;
  /** References per segment (segment-major). */
  readonly refs: readonly (readonly string[])[];
  /** Hypotheses per system, in segment order. */
  readonly hyps: readonly (readonly string[])[];
  readonly metrics: readonly { readonly name: string; readonly signature: string; readonly higherIsBetter: boolean }[];
  readonly measures: readonly ReportMeasure[];
  /** Per segment-level measure: its label, measures index, and per system the segment scores (rounded to 4 decimals). */
  readonly segmentScores: readonly { readonly measure: number; readonly label: string; readonly values: readonly (readonly number[])[] }[];
  readonly lengthBuckets: ReportBuckets;
  readonly frequencyBuckets: ReportBuckets;
  readonly ngramDiffs: readonly ReportNgramDiff[];
  /** Match views for some segments: `views[segment][system]` = the views of every metric. */
  readonly views: Readonly<Record<number, readonly (readonly MatchView[])[]>>;
}

const LENGTH_EDGES = [10, 20, 30, 40, 50];
const FREQUENCY_EDGES = [1, 2, 4, 10, 100, 1000];

function bucketOf(x: number, edges: readonly number[]): number {
  let b = 0;
  while (b < edges.length && x >= edges[b]!) b++;
  return b;
}

function lengthLabels(): string[] {
  const out = [`<${LENGTH_EDGES[0]}`];
  for (let i = 1; i < LENGTH_EDGES.length; i++) out.push(`${LENGTH_EDGES[i - 1]}–${LENGTH_EDGES[i]! - 1}`);
  out.push(`≥${LENGTH_EDGES[LENGTH_EDGES.length - 1]}`);
  return out;
}

function frequencyLabels(): string[] {
  const out: string[] = [];
  for (let i = 1; i < FREQUENCY_EDGES.length; i++) {
    const lo = FREQUENCY_EDGES[i - 1]!;
    const hi = FREQUENCY_EDGES[i]! - 1;
    out.push(lo === hi ? `${lo}` : `${lo}–${hi}`);
  }
  out.push(`≥${FREQUENCY_EDGES[FREQUENCY_EDGES.length - 1]}`);
  return out;
}

const r4 = (x: number) => (Number.isFinite(x) ? Math.round(x * 10000) / 10000 : 0);

/** The summary columns that are scored per segment: `score` and F-measures (`*.f`), else the first. */
function segmentColumns(columns: readonly string[]): string[] {
  const picked = columns.filter((c) => c === "score" || c.endsWith(".f") || c.endsWith("fmeasure"));
  return picked.length > 0 ? picked : columns.slice(0, 1);
}

function countMap(tokens: readonly string[], n: number): Map<string, number> {
  const m = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const k = n === 1 ? tokens[i]! : tokens.slice(i, i + n).join(" ");
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
}

/** Per n-gram of the references: how often the hypothesis matches it (clipped by the max over references). */
function matchedNgrams(hyp: readonly string[], refs: readonly (readonly string[])[], maxN: number, into: Map<string, number>): void {
  for (let n = 1; n <= maxN; n++) {
    const h = countMap(hyp, n);
    if (h.size === 0) continue;
    const max = new Map<string, number>();
    for (const r of refs) for (const [k, c] of countMap(r, n)) if (c > (max.get(k) ?? 0)) max.set(k, c);
    for (const [k, c] of h) {
      const m = Math.min(c, max.get(k) ?? 0);
      if (m > 0) into.set(k, (into.get(k) ?? 0) + m);
    }
  }
}

/**
 * Builds a report's data: corpus scores of every system with every metric (summary columns), segment
 * scores, bucketed scores by reference length (corpus scores of each bucket's segments) and word
 * F-measure by reference word frequency, the n-grams each system matches more often than the
 * baseline (and the reverse), and match views (from each metric's `explain()`) for the segments
 * where the systems differ most. Works with any {@link Metric}; metrics are passed in as objects.
 * @throws GramscoreError when systems have different segment counts, a name repeats, or a record is invalid.
 */
export function buildReport(
  systems: readonly ReportSystem[],
  references: readonly (readonly string[])[],
  metrics: readonly Metric<any, any>[],
  options: ReportOptions = {},
): ReportData {
  if (systems.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, "A report needs at least one system, but got none. Pass [{ name, hyps }].");
  if (metrics.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, "A report needs at least one metric, but got none. Pass metric objects (createBleu(), ...).");
  const count = references.length;
  if (count === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, "A report needs at least one segment, but the references are empty.");
  const names = systems.map((s) => s.name);
  systems.forEach((s, i) => {
    if (names.indexOf(s.name) !== i) throw new GramscoreError(ErrorCode.INVALID_OPTION, `System name "${s.name}" appears twice; give every system its own name.`);
    if (s.hyps.length !== count) {
      throw new GramscoreError(ErrorCode.LENGTH_MISMATCH, `System "${s.name}" has ${s.hyps.length} hypotheses but there are ${count} segments of references; every system needs one hypothesis per segment.`, {
        details: { system: s.name, hypotheses: s.hyps.length, segments: count },
      });
    }
  });
  const baseline = options.baseline === undefined ? 0 : names.indexOf(options.baseline);
  if (baseline < 0) throw new GramscoreError(ErrorCode.INVALID_OPTION, `The baseline "${options.baseline}" is not one of the systems (${names.join(", ")}).`);
  const words = options.words ?? ((t: string) => pySplit(t));
  const S = systems.length;
  const refs = references.map((r, i) => validateSegment({ hyp: systems[0]!.hyps[i], refs: r }, i).refs);
  for (const s of systems) s.hyps.forEach((h, i) => validateSegment({ hyp: h, refs: refs[i] }, i));

  // Words of references (for buckets and n-gram differences) and per-segment reference length.
  const refWords = refs.map((rs) => rs.map(words));
  const refLength = refWords.map((rw) => rw[0]!.length);
  const lengthBucket = refLength.map((l) => bucketOf(l, LENGTH_EDGES));
  const nLength = LENGTH_EDGES.length + 1;

  const measures: ReportMeasure[] = [];
  const segmentScores: { measure: number; label: string; values: number[][] }[] = [];
  const lengthValues: (number | null)[][][] = [];
  const annotate = options.annotate;
  metrics.forEach((metric, mi) => {
    const total: unknown[] = [];
    const buckets: unknown[][] = [];
    const perSegment: Record<string, number>[][] = [];
    const kept: unknown[][] = [];
    for (let s = 0; s < S; s++) {
      let t = metric.empty();
      const b = Array.from({ length: nLength }, () => metric.empty());
      const rows: Record<string, number>[] = new Array(count);
      const keep: unknown[] = [];
      const hyps = systems[s]!.hyps;
      for (let i = 0; i < count; i++) {
        const st = metric.stats(hyps[i]!, refs[i]!);
        rows[i] = metric.summarize(metric.score(st, "segment"));
        t = metric.merge(t, st);
        const k = lengthBucket[i]!;
        b[k] = metric.merge(b[k], st);
        if (annotate) keep.push(st);
      }
      total.push(t);
      buckets.push(b);
      perSegment.push(rows);
      kept.push(keep);
    }
    const corpus = total.map((t) => metric.summarize(metric.score(t, "corpus")));
    const columns = Object.keys(corpus[0] ?? {});
    const segCols = new Set(segmentColumns(columns));
    const notes = annotate
      ? systems.map((sys, s) => annotate({ metric, system: sys.name, baseline: names[baseline]!, stats: kept[s]!, baselineStats: kept[baseline]! }) ?? null)
      : undefined;
    for (const column of columns) {
      const label = column === "score" ? metric.name : column.startsWith(metric.name) ? column : `${metric.name} ${column}`;
      const measure: ReportMeasure = {
        metric: mi,
        column,
        label,
        corpus: corpus.map((c) => c[column] ?? Number.NaN),
        segment: segCols.has(column) ? segmentScores.length : -1,
        ...(notes ? { annotations: notes.map((n) => (n ? (n[column] ?? n["*"] ?? null) : null)) } : {}),
      };
      if (segCols.has(column)) {
        segmentScores.push({ measure: measures.length, label, values: perSegment.map((rows) => rows.map((r) => r4(r[column] ?? Number.NaN))) });
        lengthValues.push(
          buckets.map((b) =>
            b.map((st, k) => (lengthSizes(lengthBucket, k) === 0 ? null : (metric.summarize(metric.score(st, "corpus"))[column] ?? null))),
          ),
        );
      }
      measures.push(measure);
    }
  });
  const lengthBuckets: ReportBuckets = {
    title: "reference length (words of the first reference)",
    value: "corpus score of the bucket's segments",
    labels: lengthLabels(),
    sizes: Array.from({ length: nLength }, (_, k) => lengthSizes(lengthBucket, k)),
    values: lengthValues,
  };

  // Word F-measure by the word's frequency in the references (compare-mt's frequency buckets).
  const freq = new Map<string, number>();
  for (const rw of refWords) for (const w of rw[0]!) freq.set(w, (freq.get(w) ?? 0) + 1);
  const nFreq = FREQUENCY_EDGES.length + 1;
  const fb = (w: string) => bucketOf(freq.get(w) ?? 0, FREQUENCY_EDGES);
  const refSizes = new Array<number>(nFreq).fill(0);
  for (const rw of refWords) for (const w of rw[0]!) refSizes[fb(w)]!++;
  // Bucket 0 holds hypothesis words no first reference has (F is 0 there by definition): not shown.
  const freqValues: (number | null)[][] = systems.map((sys) => {
    const matched = new Array<number>(nFreq).fill(0);
    const inHyp = new Array<number>(nFreq).fill(0);
    const inRef = new Array<number>(nFreq).fill(0);
    for (let i = 0; i < count; i++) {
      const h = countMap(words(sys.hyps[i]!), 1);
      const r = countMap(refWords[i]![0]!, 1);
      for (const [w, c] of h) {
        const k = fb(w);
        inHyp[k]! += c;
        matched[k]! += Math.min(c, r.get(w) ?? 0);
      }
      for (const [w, c] of r) inRef[fb(w)]! += c;
    }
    return matched.map((m, k) => {
      const p = inHyp[k]! > 0 ? m / inHyp[k]! : 0;
      const rc = inRef[k]! > 0 ? m / inRef[k]! : 0;
      if (inHyp[k] === 0 && inRef[k] === 0) return null;
      return p + rc > 0 ? r4((2 * p * rc) / (p + rc)) : 0;
    }).slice(1);
  });
  const frequencyBuckets: ReportBuckets = {
    title: "word frequency in the first references",
    value: "word F-measure (clipped word matches against the first reference)",
    labels: frequencyLabels(),
    sizes: refSizes.slice(1),
    values: [freqValues],
  };

  // N-grams each system matches more (or less) often than the baseline.
  const maxN = options.ngramOrder ?? 4;
  const top = options.ngramTop ?? 25;
  const matchedBy = systems.map((sys) => {
    const m = new Map<string, number>();
    for (let i = 0; i < count; i++) matchedNgrams(words(sys.hyps[i]!), refWords[i]!, maxN, m);
    return m;
  });
  const ngramDiffs: ReportNgramDiff[] = [];
  for (let s = 0; s < S; s++) {
    if (s === baseline) continue;
    const a = matchedBy[s]!;
    const b = matchedBy[baseline]!;
    const rows: [string, number, number, number][] = [];
    for (const k of new Set([...a.keys(), ...b.keys()])) {
      const x = a.get(k) ?? 0;
      const y = b.get(k) ?? 0;
      // compare-mt's smoothed ratio: (x + 1) / (x + y + 2).
      rows.push([k, x, y, (x + 1) / (x + y + 2)]);
    }
    const by = (dir: number) => (p: (typeof rows)[number], q: (typeof rows)[number]) => dir * (q[3] - p[3]) || q[1] + q[2] - (p[1] + p[2]) || (p[0] < q[0] ? -1 : 1);
    const better = rows.filter((r) => r[1] > r[2]).sort(by(1)).slice(0, top).map((r) => [r[0], r[1], r[2]] as const);
    const worse = rows.filter((r) => r[1] < r[2]).sort(by(-1)).slice(0, top).map((r) => [r[0], r[1], r[2]] as const);
    ngramDiffs.push({ a: s, b: baseline, better, worse });
  }

  // Match views for the segments where the systems differ most (by the first segment measure).
  const limit = Math.min(options.explainLimit ?? Math.max(20, Math.floor(600 / S)), count);
  const views: Record<number, MatchView[][]> = {};
  if (limit > 0) {
    const first = segmentScores[0]?.values;
    let order = Array.from({ length: count }, (_, i) => i);
    if (limit < count && first && S > 1) {
      const spread = order.map((i) => {
        let lo = Infinity;
        let hi = -Infinity;
        for (let s = 0; s < S; s++) {
          const v = first[s]![i]!;
          if (v < lo) lo = v;
          if (v > hi) hi = v;
        }
        return hi - lo;
      });
      order.sort((p, q) => spread[q]! - spread[p]! || p - q);
    }
    order = order.slice(0, limit).sort((p, q) => p - q);
    for (const i of order) {
      views[i] = systems.map((sys) =>
        metrics.flatMap((m) => (typeof m.explain === "function" ? explanationViews(m.name, m.explain(sys.hyps[i]!, refs[i]!), sys.hyps[i]!, refs[i]!, options.adapters) : [])),
      );
    }
  }

  return {
    format: 1,
    generator: `@gramscore/report ${VERSION}`,
    title: options.title ?? "gramscore report",
    command: options.command ?? "",
    created: options.created ?? new Date().toISOString(),
    systems: names,
    baseline,
    count,
    refs,
    hyps: systems.map((s) => s.hyps),
    metrics: metrics.map((m) => ({ name: m.name, signature: m.signature(), higherIsBetter: m.higherIsBetter })),
    measures,
    segmentScores,
    lengthBuckets,
    frequencyBuckets,
    ngramDiffs,
    views,
  };

  function lengthSizes(of: readonly number[], k: number): number {
    let n = 0;
    for (const b of of) if (b === k) n++;
    return n;
  }
}

/**
 * Groups `{ system, hyp, refs }` records (the CLI's JSONL layout) into systems and references.
 * Records of one system are in segment order; every system must have the same number of segments,
 * and segment i's references are taken from the first system's record i.
 * @throws GramscoreError `LENGTH_MISMATCH` when systems have different segment counts.
 */
export function groupRecords(records: Iterable<{ readonly system?: string; readonly hyp: string; readonly refs: readonly string[] }>): {
  systems: ReportSystem[];
  references: (readonly string[])[];
} {
  const by = new Map<string, { hyps: string[]; refs: (readonly string[])[] }>();
  for (const r of records) {
    const name = r.system ?? "system";
    let e = by.get(name);
    if (!e) by.set(name, (e = { hyps: [], refs: [] }));
    e.hyps.push(r.hyp);
    e.refs.push(r.refs);
  }
  const entries = [...by.entries()];
  if (entries.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, "No records were given; a report needs { system, hyp, refs } records.");
  const n = entries[0]![1].hyps.length;
  for (const [name, e] of entries) {
    if (e.hyps.length !== n) {
      throw new GramscoreError(ErrorCode.LENGTH_MISMATCH, `System "${name}" has ${e.hyps.length} records but "${entries[0]![0]}" has ${n}; every system needs one record per segment.`);
    }
  }
  return { systems: entries.map(([name, e]) => ({ name, hyps: e.hyps })), references: entries[0]![1].refs };
}
