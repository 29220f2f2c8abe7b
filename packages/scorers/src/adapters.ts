import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { loadMetric, scoreCorpus, scoreSentence, scorerName } from "./metrics.js";
import type { ScoreDetails, ScorerOptions } from "./metrics.js";

/**
 * What a scorer returns: the autoevals `Score` shape (`{ name, score, metadata }`), which Braintrust's
 * `Eval` and evalite's `scorers` read. `metadata` holds the signature and every number of the result.
 */
export interface GramscoreScore {
  readonly name: string;
  readonly score: number;
  readonly metadata: ScoreMetadata;
}

/**
 * The `metadata` of a {@link GramscoreScore}: where the number comes from. (An object type rather than
 * an interface, so that it fits the tools' `Record<string, unknown>` metadata.)
 */
export type ScoreMetadata = {
  readonly metric: string;
  /** The metric's signature (every option that affects the number, and the version). */
  readonly signature: string;
  /** The column of the result that is the score (`score`, `rougeL.f`, `f1`, ...). */
  readonly key: string;
  /** `unit` or `metric`: see {@link ScorerOptions.scale}. */
  readonly scale: string;
  /** The number as the metric reports it (BLEU 38.2 where `score` is 0.382). */
  readonly metricScore: number;
  readonly higherIsBetter: boolean;
  readonly level: "sentence" | "corpus";
  /** Every number of the result, in the metric's scale. */
  readonly summary: Readonly<Record<string, number>>;
};

/** The arguments autoevals, Braintrust and evalite pass a scorer (only `output` and `expected` are read). */
export interface ScorerArgs {
  readonly output: unknown;
  readonly expected?: unknown;
  readonly [other: string]: unknown;
}

/** A scorer in the autoevals shape. */
export type GramscoreScorer = (args: ScorerArgs) => Promise<GramscoreScore>;

function metadata(d: ScoreDetails): ScoreMetadata {
  return { metric: d.metric, signature: d.signature, key: d.key, scale: d.scale, metricScore: d.metricScore, higherIsBetter: d.higherIsBetter, level: d.level, summary: d.summary };
}

/**
 * The sentence-level score of `output` against `expected` (a string, or a list of references) in
 * `options.scale` (default `metric`): the building block of every adapter.
 */
export async function score(metric: string, output: unknown, expected: unknown, options: ScorerOptions = {}): Promise<ScoreDetails> {
  return scoreSentence(await loadMetric(metric, options), output, expected, options);
}

/** The corpus-level score of `outputs` against `expected` (one reference or list per output): statistics merged, then scored. */
export async function corpusScore(metric: string, outputs: unknown, expected: unknown, options: ScorerOptions = {}): Promise<ScoreDetails> {
  return scoreCorpus(await loadMetric(metric, options), outputs, expected, options);
}

/**
 * A scorer in the autoevals shape, `({ output, expected }) => { name, score, metadata }`, for
 * autoevals, Braintrust's `Eval({ scores: [...] })` and evalite's `scorers: [...]`: the sentence-level
 * score of each output. Scale: `unit` by default (0–1, as those tools expect; see {@link Scale}).
 *
 * @example
 * const chrf = gramscoreScorer("chrf");
 * await chrf({ output: "The cat sat on the mat.", expected: "The cat is on the mat." });
 */
export function gramscoreScorer(metric: string, options: ScorerOptions = {}): GramscoreScorer {
  const opts: ScorerOptions = { ...options, scale: options.scale ?? "unit" };
  const name = scorerName(metric, opts);
  const scorer = async (args: ScorerArgs): Promise<GramscoreScore> => {
    if (args === null || typeof args !== "object") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `The ${name} scorer takes { output, expected }, but got ${describeValue(args)}.`);
    }
    const d = await score(metric, args.output, args.expected, opts);
    return { name, score: d.score, metadata: metadata(d) };
  };
  Object.defineProperty(scorer, "name", { value: name });
  return scorer;
}

/** What evalite's `createScorer` takes: `{ name, description, scorer }`. */
export interface EvaliteScorerDefinition {
  readonly name: string;
  readonly description: string;
  readonly scorer: (args: ScorerArgs) => Promise<{ score: number; metadata: ScoreMetadata }>;
}

/**
 * The argument of evalite's `createScorer`: `createScorer(evaliteScorer("chrf"))`. Sentence-level;
 * scale `unit` by default (evalite shows scores on 0–1).
 */
export function evaliteScorer(metric: string, options: ScorerOptions = {}): EvaliteScorerDefinition {
  const opts: ScorerOptions = { ...options, scale: options.scale ?? "unit" };
  const name = scorerName(metric, opts);
  return {
    name,
    description: `gramscore ${metric}${opts.key === undefined ? "" : ` (${opts.key})`}, sentence level, ${opts.scale === "unit" ? "0-1" : "the metric's scale"}`,
    scorer: async (args) => {
      const d = await score(metric, args?.output, args?.expected, opts);
      return { score: d.score, metadata: metadata(d) };
    },
  };
}

/** What LangSmith passes an evaluator (only `outputs` and `referenceOutputs` are read). */
export interface LangSmithEvaluatorArgs {
  readonly outputs?: unknown;
  readonly referenceOutputs?: unknown;
  readonly [other: string]: unknown;
}

/** What a LangSmith evaluator returns: `{ key, score, comment }` (the comment holds the signature), with `metadata` too. */
export interface LangSmithResult {
  readonly key: string;
  readonly score: number;
  readonly comment: string;
  readonly metadata: ScoreMetadata;
}

/** Options of the LangSmith evaluators: which field of `outputs` and `referenceOutputs` holds the text. */
export interface LangSmithOptions extends ScorerOptions {
  /** Field of `outputs` with the text; default `output`, or the only string field. A plain string is used as is. */
  outputKey?: string;
  /** Field of `referenceOutputs` with the reference(s); default: the same name as `outputKey`, or the only string field. */
  referenceKey?: string;
}

function field(value: unknown, key: string | undefined, what: string, metric: string): unknown {
  if (typeof value === "string" || Array.isArray(value)) return value;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (key !== undefined) {
      if (key in record) return record[key];
    } else {
      if ("output" in record) return record.output;
      const strings = Object.keys(record).filter((k) => typeof record[k] === "string");
      if (strings.length === 1) return record[strings[0]!];
    }
  }
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `The LangSmith ${metric} evaluator could not find the text in ${what}: ${describeValue(value)}. ` +
      `Name its field with the ${what === "outputs" ? "outputKey" : "referenceKey"} option${key === undefined ? "" : ` (it is ${JSON.stringify(key)} now)`}.`,
    { details: { key } },
  );
}

function langsmith(metric: string, opts: LangSmithOptions, d: ScoreDetails): LangSmithResult {
  return { key: scorerName(metric, opts), score: d.score, comment: `${d.metric}${d.key === "score" ? "" : ` ${d.key}`} ${d.metricScore} (${d.signature})`, metadata: metadata(d) };
}

/**
 * A LangSmith evaluator, `({ outputs, referenceOutputs }) => { key, score }`, for `evaluate(target, {
 * evaluators: [...] })`: the sentence-level score of each run. Scale `metric` by default (LangSmith
 * takes any number); `comment` holds the signature.
 */
export function langsmithEvaluator(metric: string, options: LangSmithOptions = {}): (args: LangSmithEvaluatorArgs) => Promise<LangSmithResult> {
  const opts: LangSmithOptions = { ...options, scale: options.scale ?? "metric" };
  return async ({ outputs, referenceOutputs }) => {
    const out = field(outputs, opts.outputKey, "outputs", metric);
    const ref = field(referenceOutputs, opts.referenceKey ?? opts.outputKey, "referenceOutputs", metric);
    return langsmith(metric, opts, await score(metric, out, ref, opts));
  };
}

/** What LangSmith passes a summary evaluator: the outputs and reference outputs of every run. */
export interface LangSmithSummaryArgs {
  readonly outputs?: readonly unknown[];
  readonly referenceOutputs?: readonly unknown[];
  readonly [other: string]: unknown;
}

/**
 * A LangSmith summary evaluator (`summaryEvaluators: [...]`): the corpus-level score of every run
 * together (corpus BLEU, not a mean of sentence BLEUs). Scale `metric` by default.
 */
export function langsmithSummaryEvaluator(metric: string, options: LangSmithOptions = {}): (args: LangSmithSummaryArgs) => Promise<LangSmithResult> {
  const opts: LangSmithOptions = { ...options, scale: options.scale ?? "metric" };
  return async ({ outputs, referenceOutputs }) => {
    const outs = (outputs ?? []).map((o) => field(o, opts.outputKey, "outputs", metric));
    const refs = (referenceOutputs ?? []).map((r) => field(r, opts.referenceKey ?? opts.outputKey, "referenceOutputs", metric));
    return langsmith(metric, opts, await corpusScore(metric, outs, refs, opts));
  };
}
