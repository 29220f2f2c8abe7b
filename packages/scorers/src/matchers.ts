import { CORPUS_ONLY_METRICS, getMetric, loadMetric, metricInput, scoreCorpus, scoreSentence } from "./metrics.js";
import type { ScoreDetails, ScorerOptions } from "./metrics.js";
import type { Metric } from "@gramscore/core";
import { compareSystems } from "@gramscore/significance";
import type { GateOptions, GateResult } from "@gramscore/significance";

/** What a matcher returns to Vitest's or Jest's `expect` (their `ExpectationResult`). */
export interface MatcherResult {
  readonly pass: boolean;
  readonly message: () => string;
  readonly actual?: unknown;
  readonly expected?: unknown;
}

/** The `this` Vitest and Jest give a matcher (only `isNot` is read). */
export interface MatcherContext {
  readonly isNot?: boolean;
}

/**
 * Options of the matchers: a metric's options, `key`, `scale` (default `metric`: `toScoreAtLeast("bleu", 30, ...)`),
 * `registry`, and `source` for SARI (a string for the sentence matchers, one per output for the corpus ones).
 */
export type MatcherOptions = ScorerOptions;

/**
 * The matchers' types, for `declare module "vitest" { interface Assertion<T> extends GramscoreMatchers<T> {} }`
 * (or Jest's `Matchers<R>`). Each returns a promise for METEOR until `await loadMetric("meteor")`
 * has run, and a plain result for every other metric.
 */
export interface GramscoreMatchers<R = unknown> {
  /** The sentence-level score of the received output against `reference` is at least `threshold`. */
  toScoreAtLeast(metric: string, threshold: number, reference: string | readonly string[], options?: MatcherOptions): R;
  /** The sentence-level score is at most `threshold` (for error rates: TER, WER). */
  toScoreAtMost(metric: string, threshold: number, reference: string | readonly string[], options?: MatcherOptions): R;
  /**
   * The corpus-level score of the received list of outputs against `references` (one per output) is
   * at least `threshold`. Reference-free metrics (distinct-n, Self-BLEU) ignore `references` (pass `[]`).
   */
  toCorpusScoreAtLeast(metric: string, threshold: number, references: readonly (string | readonly string[])[], options?: MatcherOptions): R;
  /** The corpus-level score is at most `threshold`. */
  toCorpusScoreAtMost(metric: string, threshold: number, references: readonly (string | readonly string[])[], options?: MatcherOptions): R;
  /**
   * The received outputs (the candidate) are not significantly worse than `baseline` on any of
   * `options.metrics`: the regression gate of `gramscore compare` (`compareSystems` of
   * `@gramscore/significance`, sacrebleu's paired bootstrap by default).
   */
  toNotRegressFrom(baseline: readonly string[], references: readonly (string | readonly string[])[], options: RegressionOptions): R;
}

/** Options of `toNotRegressFrom`: the metrics to test and the gate's options (test, p-value, threshold, samples, seed). */
export interface RegressionOptions extends GateOptions {
  /** Metric names (`["bleu", "chrf"]`), each created with its defaults or `metricOptions[name]`. */
  readonly metrics: readonly string[];
  /** Options per metric name (`{ bleu: { tokenize: "intl" } }`). */
  readonly metricOptions?: Readonly<Record<string, Record<string, unknown>>>;
  /** Which score to test per metric with several (`{ rouge: "rougeL" }`). */
  readonly keys?: Readonly<Record<string, string>>;
}

const MAX_MATCHES = 24;
const MAX_COLLECTED = 2000;

function ngramText(item: Record<string, unknown>): string | undefined {
  if (typeof item.ngram === "string") return item.ngram;
  if (Array.isArray(item.tokens) && item.tokens.every((t) => typeof t === "string")) return item.tokens.join(" ");
  return undefined;
}

function matchedCount(item: Record<string, unknown>): number | undefined {
  for (const k of ["matched", "count", "hits"]) if (typeof item[k] === "number") return item[k] as number;
  return undefined;
}

/**
 * The matched units of `metric.explain(output, refs)` as short text (`"the cat" ×1`), at most 24:
 * the n-grams a metric found in the reference. Metrics without `explain` give an empty list.
 */
export function explainMatches(metric: Metric, output: string, refs: readonly string[]): string[] {
  if (typeof metric.explain !== "function") return [];
  const found: string[] = [];
  const ngrams: string[] = [];
  const seen = new Set<unknown>();
  const walk = (value: unknown): void => {
    if (found.length + ngrams.length >= MAX_COLLECTED || value === null || typeof value !== "object" || seen.has(value)) return;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const v of value) walk(v);
      return;
    }
    const item = value as Record<string, unknown>;
    if (typeof item.hypToken === "string" || typeof item.refToken === "string") {
      // An alignment (METEOR) or an edit operation (TER, WER): matches and, for edits, what differs.
      const op = typeof item.op === "string" ? item.op : "match";
      const stage = typeof item.stage === "string" && item.stage !== "exact" ? ` (${item.stage})` : "";
      found.push(op === "match" ? `${JSON.stringify(item.hypToken)}${stage}` : `${op} ${JSON.stringify(item.hypToken ?? "")}→${JSON.stringify(item.refToken ?? "")}`);
      return;
    }
    const text = ngramText(item);
    const count = matchedCount(item);
    if (text !== undefined && (count === undefined || count > 0)) {
      ngrams.push(count === undefined ? JSON.stringify(text) : `${JSON.stringify(text)} ×${count}`);
      return;
    }
    for (const v of Object.values(item)) walk(v);
  };
  walk(metric.explain(output, refs));
  return [...longestFirst(ngrams), ...found].slice(0, MAX_MATCHES);
}

/** Longest n-grams first (the most telling matches), then in the metric's order; at most 24. */
function longestFirst(items: string[]): string[] {
  return items
    .map((text, i) => ({ text, i }))
    .sort((a, b) => b.text.length - a.text.length || a.i - b.i)
    .slice(0, MAX_MATCHES)
    .map((x) => x.text);
}

function format(d: ScoreDetails): string {
  return d.scale === "unit" && d.score !== d.metricScore ? `${d.score} (${d.metricScore} as the metric reports it)` : String(d.score);
}

function verdict(
  ctx: MatcherContext | undefined,
  d: ScoreDetails,
  threshold: number,
  atLeast: boolean,
  matches: () => string[],
): MatcherResult {
  const pass = atLeast ? d.score >= threshold : d.score <= threshold;
  const want = `${atLeast ? "at least" : "at most"} ${threshold}`;
  return {
    pass,
    actual: d.score,
    expected: threshold,
    message: () => {
      const lines = [
        `expected the ${d.level} ${d.metric}${d.key === "score" ? "" : ` ${d.key}`} score${ctx?.isNot ? " not" : ""} to be ${want}, but it is ${format(d)}`,
        `signature: ${d.signature}`,
      ];
      const m = matches();
      lines.push(m.length === 0 ? "matches (explain): none" : `matches (explain): ${m.join(", ")}`);
      return lines.join("\n");
    },
  };
}

/** Whether `explain` of one output shows what the score counted: not for SARI (it needs the source), reference-free metrics or CIDEr-D (its df is the corpus'). */
function explainable(m: Metric): boolean {
  const kind = metricInput(m);
  return !kind.needsSource && !kind.referenceFree && !CORPUS_ONLY_METRICS.includes(m.name);
}

function sentence(ctx: MatcherContext | undefined, received: unknown, metric: string, threshold: number, reference: unknown, options: MatcherOptions, atLeast: boolean): MatcherResult {
  const m = getMetric(metric, options);
  const d = scoreSentence(m, received, reference, options);
  const refs = typeof reference === "string" ? [reference] : (reference as string[]);
  return verdict(ctx, d, threshold, atLeast, () => (explainable(m) ? explainMatches(m, received as string, refs) : []));
}

function corpus(ctx: MatcherContext | undefined, received: unknown, metric: string, threshold: number, references: unknown, options: MatcherOptions, atLeast: boolean): MatcherResult {
  const m = getMetric(metric, options);
  const d = scoreCorpus(m, received, references, options);
  // The matches of the first outputs, each labelled with its index.
  const explained = () =>
    !explainable(m) ? [] : (received as string[]).slice(0, 3).flatMap((o, i) => {
      const r = (references as unknown[])[i];
      return explainMatches(m, o, typeof r === "string" ? [r] : (r as string[])).map((x) => `[${i}] ${x}`);
    });
  return verdict(ctx, d, threshold, atLeast, explained);
}

function needsLoading(metric: unknown, options: MatcherOptions | undefined): boolean {
  try {
    getMetric(metric as string, options);
    return false;
  } catch (error) {
    return (error as { code?: unknown })?.code === "MISSING_DEPENDENCY";
  }
}

type Body = (ctx: MatcherContext | undefined, received: unknown, metric: string, threshold: number, reference: unknown, options: MatcherOptions, atLeast: boolean) => MatcherResult;

function matcher(body: Body, atLeast: boolean) {
  return function (this: MatcherContext | undefined, received: unknown, metric: string, threshold: number, reference: unknown, options: MatcherOptions = {}): MatcherResult | Promise<MatcherResult> {
    // METEOR loads WordNet on first use: the matcher is then async (await it), later calls are not.
    if (needsLoading(metric, options)) return loadMetric(metric, options).then(() => body(this, received, metric, threshold, reference, options, atLeast));
    return body(this, received, metric, threshold, reference, options, atLeast);
  };
}

function refsOf(reference: unknown): string[] {
  return typeof reference === "string" ? [reference] : (reference as string[]);
}

/**
 * Runs the regression gate on the received outputs (the candidate) against `baseline`: each metric's
 * per-segment statistics of both systems, then `compareSystems`. Bad input (counts, types, empty
 * lists, unknown metrics) throws the metrics' own coded errors.
 */
export function regressionGate(candidate: readonly string[], baseline: readonly string[], references: readonly (string | readonly string[])[], options: RegressionOptions): GateResult {
  const { metrics, metricOptions, keys, ...gate } = options;
  const inputs = metrics.map((name) => {
    const m = getMetric(name, { options: metricOptions?.[name] });
    const statsOf = (outputs: readonly string[]) => outputs.map((o, i) => m.stats(o, refsOf(references[i])));
    return { metric: m, baseline: statsOf(baseline), candidate: statsOf(candidate), key: keys?.[name] };
  });
  return compareSystems(inputs, gate);
}

function regression(ctx: MatcherContext | undefined, received: unknown, baseline: readonly string[], references: readonly (string | readonly string[])[], options: RegressionOptions): MatcherResult {
  const result = regressionGate(received as string[], baseline, references, options);
  return {
    pass: result.pass,
    actual: result.metrics.map((m) => ({ metric: m.metric, delta: m.delta, pValue: m.pValue, verdict: m.verdict })),
    message: () =>
      [
        `expected the candidate${ctx?.isNot ? "" : " not"} to be significantly worse than the baseline: ${result.message}`,
        ...result.metrics.map((m) => `${m.metric}: ${m.baseline.score} -> ${m.candidate.score} (delta ${m.delta}, p = ${m.pValue}, ${m.verdict}); signature: ${m.signature}`),
      ].join("\n"),
  };
}

/**
 * Matchers for Vitest's and Jest's `expect.extend(gramscoreMatchers)`:
 * `expect(output).toScoreAtLeast("chrf", 60, reference)`, `toScoreAtMost("ter", 40, reference)`,
 * `expect(outputs).toCorpusScoreAtLeast("bleu", 30, references)`. Thresholds are in the metric's
 * scale unless `options.scale` is `unit`. A failure shows the score, the threshold, the signature and
 * the matches of `explain()`.
 */
export const gramscoreMatchers = {
  toScoreAtLeast: matcher(sentence, true),
  toScoreAtMost: matcher(sentence, false),
  toCorpusScoreAtLeast: matcher(corpus, true),
  toCorpusScoreAtMost: matcher(corpus, false),
  /** `expect(candidateOutputs).toNotRegressFrom(baselineOutputs, references, { metrics: ["bleu", "chrf"] })`. */
  toNotRegressFrom(this: MatcherContext | undefined, received: unknown, baseline: readonly string[], references: readonly (string | readonly string[])[], options: RegressionOptions): MatcherResult | Promise<MatcherResult> {
    const slow = options.metrics.filter((name) => needsLoading(name, { options: options.metricOptions?.[name] }));
    if (slow.length > 0) return Promise.all(slow.map((name) => loadMetric(name, { options: options.metricOptions?.[name] }))).then(() => regression(this, received, baseline, references, options));
    return regression(this, received, baseline, references, options);
  },
};
