import { ErrorCode, GramscoreError, isGramscoreError, pySplit, validateSegment } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import { explanationViews } from "./matches.js";
import type { MatchAdapter, MatchView } from "./matches.js";
import { VERSION } from "./version.js";

/**
 * One system: its name and its hypotheses. Without `refs`, hypothesis i is segment i's and is scored
 * against the references passed to {@link buildReport}. With `refs` (records that carry their own
 * references, as the CLI's JSONL), every hypothesis is scored against its own references, and the
 * system's hypotheses are matched to the report's segments by those references (and `sources`), in
 * whatever order they come.
 */
export interface ReportSystem {
  readonly name: string;
  /** The hypotheses, in the order given. */
  readonly hyps: readonly string[];
  /** The references of each hypothesis (one list per hypothesis, in the same order). */
  readonly refs?: readonly (readonly string[])[];
  /** The source of each hypothesis, when known: with the references, what tells segments apart (see {@link ReportOptions.sources}). */
  readonly sources?: readonly string[];
  /** Where each hypothesis came from (e.g. `in.jsonl line 7`), named in error messages. */
  readonly locations?: readonly string[];
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
  /** The system's per-segment statistics, in the report's segment order (paired with `baselineStats`). */
  readonly stats: readonly S[];
  /** The baseline's per-segment statistics, in the report's segment order. */
  readonly baselineStats: readonly S[];
  /**
   * The system's statistics in the order of its own hypotheses (as given: the order `gramscore score`
   * reads and resamples them). The same as `stats` unless the system's records came in another order.
   */
  readonly ownStats: readonly S[];
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
  /**
   * What the annotations are, shown under the table (e.g. the test, its resamples and seed). The
   * table marks a significant difference from the baseline (`significant`) with sacrebleu's `*`.
   */
  readonly annotationNote?: string;
  /** The date shown in the page (ISO). Default: now. */
  readonly created?: string;
  /**
   * The source of each segment (same order as the references). Systems that give `sources` too are
   * matched to the segments by references and source; others by references alone.
   */
  readonly sources?: readonly string[];
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
  /** What the table's annotations are ({@link ReportOptions.annotationNote}), when given. */
  readonly annotationNote?: string;
  readonly systems: readonly string[];
  readonly baseline: number;
  /** Segments per system. */
  readonly count: number;
  /** References per segment (segment-major). */
  readonly refs: readonly (readonly string[])[];
  /** Hypotheses per system, in segment order. */
  readonly hyps: readonly (readonly string[])[];
  /**
   * Per system, the place (0-based) of each segment's hypothesis among the system's own records, in
   * the order given; null for a system whose records are in segment order. Absent when every
   * system's are. (`gramscore explain --line` counts a system's records in its own order.)
   */
  readonly recordOf?: readonly (readonly number[] | null)[];
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

/** How one system's hypotheses map onto the report's segments. */
interface SystemPlan {
  /** The references of each hypothesis (the system's own, or the report's). */
  readonly own: readonly (readonly string[])[];
  /** The segment of each hypothesis; null when hypothesis j is segment j's. */
  readonly pos: Int32Array | null;
}

/** Where hypothesis `j` of a system came from, for messages. */
function whereOf(system: ReportSystem, j: number): string {
  return system.locations?.[j] ?? `hypothesis ${j + 1} of system "${system.name}"`;
}

/** Segment `i` as a message names it: with the location of the first system's record for it, when known. */
function segmentAt(plan: SystemPlan | undefined, system: ReportSystem, i: number): string {
  const j = plan === undefined || plan.pos === null ? i : plan.pos.indexOf(i);
  const where = j >= 0 ? system.locations?.[j] : undefined;
  return where === undefined ? `segment ${i + 1}` : `segment ${i + 1} (${where})`;
}

/** A list of references as a message quotes it: one reference as a string, several as a list, cut at 80 characters. */
function quote(refs: readonly string[]): string {
  const text = JSON.stringify(refs.length === 1 ? refs[0] : refs);
  const chars = Array.from(text);
  return chars.length > 80 ? `${chars.slice(0, 79).join("")}…` : text;
}

/**
 * An error thrown by metric code while the report scores or explains the hypothesis at `where`: a
 * `GramscoreError` keeps its code and gets the location in front of its message; anything else is
 * `PLUGIN_FAILED` naming the metric (the message `gramscore score` gives for the same failure).
 */
function located(error: unknown, metric: { readonly name: string } | undefined, where: string): GramscoreError {
  if (isGramscoreError(error)) {
    return new GramscoreError(error.code, `${where}: ${error.message}`, { cause: error, details: { ...(error.details ?? {}), location: where } });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GramscoreError(
    ErrorCode.PLUGIN_FAILED,
    `${where}: the metric ${metric?.name ?? "(unknown)"} threw while scoring this segment: ${message}. If it comes from a plugin, fix the plugin or leave the metric out of the report.`,
    { cause: error, details: { metric: metric?.name, location: where } },
  );
}

const sameList = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((x, k) => x === b[k]);

/**
 * Checks one system's lists (one entry per hypothesis; without own references, one hypothesis per
 * segment) and every record (`validateSegment`), naming the record's location.
 */
function checkSystem(system: ReportSystem, references: readonly (readonly string[])[]): void {
  const n = system.hyps.length;
  const name = `System "${system.name}"`;
  for (const [field, list] of [
    ["lists of references", system.refs],
    ["sources", system.sources],
    ["locations", system.locations],
  ] as const) {
    if (list !== undefined && list.length !== n) {
      throw new GramscoreError(ErrorCode.LENGTH_MISMATCH, `${name} has ${n} hypotheses but ${list.length} ${field}; give one per hypothesis.`, {
        details: { system: system.name, hypotheses: n, [field]: list.length },
      });
    }
  }
  if (system.refs === undefined && n !== references.length) {
    throw new GramscoreError(ErrorCode.LENGTH_MISMATCH, `${name} has ${n} hypotheses but there are ${references.length} segments of references; every system needs one hypothesis per segment.`, {
      details: { system: system.name, hypotheses: n, segments: references.length },
    });
  }
  const own = system.refs ?? references;
  for (let j = 0; j < n; j++) {
    try {
      validateSegment({ hyp: system.hyps[j], refs: own[j] }, j);
    } catch (error) {
      throw located(error, undefined, whereOf(system, j));
    }
  }
}

/**
 * Matches a system's records (checked by {@link checkSystem}) to the report's segments. Records that carry their own
 * references are matched by references (and source, when both the system and the report give
 * sources); records in the segments' order match without a look-up. Refused, with the first
 * mismatch named: a record whose references no segment has, more records than segments with some
 * references, a segment without a record, and records out of order where segments share their
 * references (which record belongs to which could not be told).
 */
function alignSystem(
  system: ReportSystem,
  refs: readonly (readonly string[])[],
  sources: readonly string[] | undefined,
  segmentsName: string,
  segmentName: (i: number) => string,
): SystemPlan {
  const count = refs.length;
  const n = system.hyps.length;
  const own = system.refs ?? refs;
  if (system.refs === undefined) return { own, pos: null };
  const name = `System "${system.name}"`;
  const bySource = sources !== undefined && system.sources !== undefined;
  const source = (j: number) => (bySource ? system.sources![j] : undefined);
  let inOrder = n === count;
  for (let j = 0; inOrder && j < n; j++) inOrder = sameList(own[j]!, refs[j]!) && (!bySource || source(j) === sources[j]);
  if (inOrder) return { own, pos: null };

  const keyOf = (r: readonly string[], src: string | undefined) => JSON.stringify(bySource ? [src, r] : r);
  const slots = new Map<string, number[]>();
  refs.forEach((r, i) => {
    const key = keyOf(r, bySource ? sources[i] : undefined);
    const list = slots.get(key);
    if (list === undefined) slots.set(key, [i]);
    else list.push(i);
  });
  const code = n === count ? ErrorCode.BAD_SYSTEMS : ErrorCode.LENGTH_MISMATCH;
  const fix = `A report compares systems segment by segment, so every system needs one record for each of ${segmentsName}, with the same references${bySource ? " and source" : ""}.`;
  const what = `the references ${bySource ? "and source " : ""}`;
  const next = new Map<string, number>();
  const pos = new Int32Array(n);
  for (let j = 0; j < n; j++) {
    const key = keyOf(own[j]!, source(j));
    const list = slots.get(key);
    const taken = next.get(key) ?? 0;
    if (list === undefined || taken >= list.length) {
      const where = whereOf(system, j);
      throw new GramscoreError(
        code,
        list === undefined
          ? `${name} (${where}) has ${what}${quote(own[j]!)}, which none of ${segmentsName} has. ${fix} Fix or drop that record, or report the systems apart.`
          : `${name} (${where}) has more records with ${what}${quote(own[j]!)} than ${segmentsName} has segments with them (${list.length}). ${fix} Drop the extra record.`,
        { details: { system: system.name, location: where, references: own[j] } },
      );
    }
    pos[j] = list[taken]!;
    next.set(key, taken + 1);
  }
  if (n !== count) {
    const covered = new Uint8Array(count);
    for (const i of pos) covered[i] = 1;
    const i = covered.indexOf(0);
    throw new GramscoreError(code, `${name} has no record for ${segmentName(i)}, whose references are ${quote(refs[i]!)} (${n} records for ${count} segments). ${fix} Add the missing record.`, {
      details: { system: system.name, segment: i, hypotheses: n, segments: count },
    });
  }
  // Out of order: records whose references several segments share must stay at their segment's place.
  for (let j = 0; j < n; j++) {
    if (pos[j] === j) continue;
    const list = slots.get(keyOf(own[j]!, source(j)))!;
    if (list.length < 2) continue;
    const where = whereOf(system, j);
    throw new GramscoreError(
      ErrorCode.BAD_SYSTEMS,
      `${name}'s records come in another order than ${segmentsName} (${where} is record ${j + 1}), and ${list
        .slice(0, 2)
        .map(segmentName)
        .join(" and ")} have the same references${bySource ? " and source" : ""} ${quote(own[j]!)}, so which of its records belongs to which segment cannot be told. ` +
        `Give the records of ${system.name} in the order of ${segmentsName}${sources === undefined ? "" : ", each with its source"}.`,
      { details: { system: system.name, location: where, segments: list.slice(0, 2) } },
    );
  }
  return { own, pos };
}

/**
 * Builds a report's data: corpus scores of every system with every metric (summary columns), segment
 * scores, bucketed scores by reference length (corpus scores of each bucket's segments) and word
 * F-measure by reference word frequency, the n-grams each system matches more often than the
 * baseline (and the reverse), and match views (from each metric's `explain()`) for the segments
 * where the systems differ most. Works with any {@link Metric}; metrics are passed in as objects.
 *
 * The segments are `references` (in that order). A system without `refs` gives one hypothesis per
 * segment, in segment order. A system with `refs` is scored record by record against its own
 * references, in its own order (so its corpus numbers are those of `gramscore score` on the same
 * records), and each record is matched to the segment with the same references (and source, see
 * {@link ReportOptions.sources}), so that segment views compare the same segment across systems.
 * @throws GramscoreError `LENGTH_MISMATCH` when a system has more or fewer records than there are
 * segments, `BAD_SYSTEMS` when a system's records are not the segments (references no segment has,
 * or records out of order where segments share their references), `INVALID_OPTION` for a repeated
 * name or an unknown baseline, the codes of `validateSegment` for an invalid record, and, for metric
 * code that throws, its `GramscoreError` (or `PLUGIN_FAILED`) with the record's location in front.
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
  });
  const baseline = options.baseline === undefined ? 0 : names.indexOf(options.baseline);
  if (baseline < 0) throw new GramscoreError(ErrorCode.INVALID_OPTION, `The baseline "${options.baseline}" is not one of the systems (${names.join(", ")}).`);
  const words = options.words ?? ((t: string) => pySplit(t));
  const S = systems.length;
  for (const s of systems) checkSystem(s, references);
  const refs = references.map((r, i) => validateSegment({ hyp: "", refs: r }, i).refs);
  if (options.sources !== undefined && options.sources.length !== count) {
    throw new GramscoreError(ErrorCode.LENGTH_MISMATCH, `There are ${count} segments of references but ${options.sources.length} sources; give one source per segment, or none.`, {
      details: { segments: count, sources: options.sources.length },
    });
  }
  // Each system's hypotheses matched to the segments: plans[s].pos[j] is the segment of hypothesis j.
  const plans: SystemPlan[] = [];
  for (let s = 0; s < S; s++) {
    const described = s > 0 && systems[0]!.refs !== undefined && plans[0]!.pos === null ? `the segments of system "${names[0]}"` : "the report's segments";
    plans.push(alignSystem(systems[s]!, refs, options.sources, described, (i) => (s > 0 ? segmentAt(plans[0], systems[0]!, i) : `segment ${i + 1}`)));
  }
  /** The hypotheses of each system in segment order (what the page shows beside each other). */
  const hypsBySegment: (readonly string[])[] = plans.map((plan, s) => {
    const hyps = systems[s]!.hyps;
    if (plan.pos === null) return hyps;
    const out = new Array<string>(count);
    plan.pos.forEach((i, j) => (out[i] = hyps[j]!));
    return out;
  });

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
    const ownKept: unknown[][] = [];
    for (let s = 0; s < S; s++) {
      let t = metric.empty();
      const b = Array.from({ length: nLength }, () => metric.empty());
      const rows: Record<string, number>[] = new Array(count);
      const keep: unknown[] = annotate ? new Array(count) : [];
      const ownKeep: unknown[] = [];
      const sys = systems[s]!;
      const { own, pos } = plans[s]!;
      // In the system's own order, against each hypothesis's own references: the corpus statistics
      // merge as `gramscore score` merges them.
      for (let j = 0; j < sys.hyps.length; j++) {
        const i = pos === null ? j : pos[j]!;
        const k = lengthBucket[i]!;
        let st: unknown;
        try {
          st = metric.stats(sys.hyps[j]!, own[j]!);
          rows[i] = metric.summarize(metric.score(st, "segment"));
          t = metric.merge(t, st);
          b[k] = metric.merge(b[k], st);
        } catch (error) {
          throw located(error, metric, whereOf(sys, j));
        }
        if (annotate) {
          keep[i] = st;
          ownKeep.push(st);
        }
      }
      total.push(t);
      buckets.push(b);
      perSegment.push(rows);
      kept.push(keep);
      ownKept.push(ownKeep);
    }
    const corpus = total.map((t, s) => {
      try {
        return metric.summarize(metric.score(t, "corpus"));
      } catch (error) {
        throw located(error, metric, `system "${names[s]}"`);
      }
    });
    const columns = Object.keys(corpus[0] ?? {});
    const segCols = new Set(segmentColumns(columns));
    const notes = annotate
      ? systems.map((sys, s) => annotate({ metric, system: sys.name, baseline: names[baseline]!, stats: kept[s]!, baselineStats: kept[baseline]!, ownStats: ownKept[s]! }) ?? null)
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
  const freqValues: (number | null)[][] = hypsBySegment.map((hyps) => {
    const matched = new Array<number>(nFreq).fill(0);
    const inHyp = new Array<number>(nFreq).fill(0);
    const inRef = new Array<number>(nFreq).fill(0);
    for (let i = 0; i < count; i++) {
      const h = countMap(words(hyps[i]!), 1);
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
  const matchedBy = hypsBySegment.map((hyps) => {
    const m = new Map<string, number>();
    for (let i = 0; i < count; i++) matchedNgrams(words(hyps[i]!), refWords[i]!, maxN, m);
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
      views[i] = hypsBySegment.map((hyps, s) =>
        metrics.flatMap((m) => {
          if (typeof m.explain !== "function") return [];
          const hyp = hyps[i]!;
          try {
            return explanationViews(m.name, m.explain(hyp, refs[i]!), hyp, refs[i]!, options.adapters);
          } catch (error) {
            throw located(error, m, segmentAt(plans[s], systems[s]!, i));
          }
        }),
      );
    }
  }

  return {
    format: 1,
    generator: `@gramscore/report ${VERSION}`,
    title: options.title ?? "gramscore report",
    command: options.command ?? "",
    created: options.created ?? new Date().toISOString(),
    ...(options.annotationNote === undefined ? {} : { annotationNote: options.annotationNote }),
    systems: names,
    baseline,
    count,
    refs,
    hyps: hypsBySegment,
    ...(plans.every((p) => p.pos === null)
      ? {}
      : {
          recordOf: plans.map((p) => {
            if (p.pos === null) return null;
            const out = new Array<number>(count);
            p.pos.forEach((i, j) => (out[i] = j));
            return out;
          }),
        }),
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

/** One record of {@link groupRecords}: the CLI's JSONL layout, with where it came from. */
export interface ReportRecord {
  /** The system (default "system"). */
  readonly system?: string;
  readonly hyp: string;
  readonly refs: readonly string[];
  /** The source sentence, when known. */
  readonly src?: string;
  /** Where the record came from (e.g. `in.jsonl line 7`), named in error messages. */
  readonly location?: string;
}

/**
 * Groups records into systems (in order of first appearance), each keeping its own references (and
 * sources and locations): {@link buildReport} scores every record against its own references and
 * matches each system's records to the segments by them. The segments are the first system's, in
 * its order (`references`, and `sources` when every record of the first system has one).
 * @throws GramscoreError `EMPTY_INPUT` when there are no records.
 */
export function groupRecords(records: Iterable<ReportRecord>): {
  systems: ReportSystem[];
  references: (readonly string[])[];
  sources?: string[];
} {
  const by = new Map<string, { hyps: string[]; refs: (readonly string[])[]; sources: (string | undefined)[]; locations: (string | undefined)[] }>();
  for (const r of records) {
    const name = r.system ?? "system";
    let e = by.get(name);
    if (!e) by.set(name, (e = { hyps: [], refs: [], sources: [], locations: [] }));
    e.hyps.push(r.hyp);
    e.refs.push(r.refs);
    e.sources.push(r.src);
    e.locations.push(r.location);
  }
  const entries = [...by.entries()];
  if (entries.length === 0) throw new GramscoreError(ErrorCode.EMPTY_INPUT, "No records were given; a report needs { system, hyp, refs } records.");
  const all = <T>(list: (T | undefined)[]): list is T[] => list.every((x) => x !== undefined);
  const systems: ReportSystem[] = entries.map(([name, e]) => ({
    name,
    hyps: e.hyps,
    refs: e.refs,
    ...(all(e.sources) ? { sources: e.sources } : {}),
    ...(all(e.locations) ? { locations: e.locations } : {}),
  }));
  const first = systems[0]!;
  return { systems, references: [...first.refs!], ...(first.sources === undefined ? {} : { sources: [...first.sources] }) };
}
