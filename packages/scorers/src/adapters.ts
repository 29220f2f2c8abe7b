import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { loadMetric, metricInput, scoreCorpus, scoreSentence, scorerName } from "./metrics.js";
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

/**
 * The arguments autoevals, Braintrust and evalite pass a scorer (only `output`, `expected` and, for
 * metrics that need a source such as SARI, `input` are read).
 */
export interface ScorerArgs {
  readonly output: unknown;
  readonly expected?: unknown;
  /** The eval's input: the source sentence of SARI (the sentence the output simplifies). */
  readonly input?: unknown;
  readonly [other: string]: unknown;
}

/** A scorer in the autoevals shape. */
export type GramscoreScorer = (args: ScorerArgs) => Promise<GramscoreScore>;

function metadata(d: ScoreDetails): ScoreMetadata {
  return { metric: d.metric, signature: d.signature, key: d.key, scale: d.scale, metricScore: d.metricScore, higherIsBetter: d.higherIsBetter, level: d.level, summary: d.summary };
}

/**
 * The sentence-level score of `output` against `expected` (a string, or a list of references) in
 * `options.scale` (default `metric`): the building block of every adapter. SARI's source is
 * `options.source`.
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
 * SARI's source is the eval's `input` (or `options.source`). Metrics with no sentence-level score
 * (distinct-n, Self-BLEU, CIDEr-D) throw `INVALID_OPTION` when called.
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
    const d = await score(metric, args.output, args.expected, { ...opts, source: opts.source ?? args.input as string | undefined });
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
 * scale `unit` by default (evalite shows scores on 0–1); SARI's source is the eval's `input`.
 */
export function evaliteScorer(metric: string, options: ScorerOptions = {}): EvaliteScorerDefinition {
  const opts: ScorerOptions = { ...options, scale: options.scale ?? "unit" };
  const name = scorerName(metric, opts);
  return {
    name,
    description: `gramscore ${metric}${opts.key === undefined ? "" : ` (${opts.key})`}, sentence level, ${opts.scale === "unit" ? "0-1" : "the metric's scale"}`,
    scorer: async (args) => {
      const d = await score(metric, args?.output, args?.expected, { ...opts, source: opts.source ?? (args?.input as string | undefined) });
      return { score: d.score, metadata: metadata(d) };
    },
  };
}

/** What LangSmith passes an evaluator (only `outputs`, `referenceOutputs` and, for SARI, `inputs` are read). */
export interface LangSmithEvaluatorArgs {
  /** The run's inputs: the source of metrics that need one (SARI). */
  readonly inputs?: unknown;
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
  /** Field of `inputs` with the source (SARI); default `input`, or the only string field. A plain string is used as is. */
  inputKey?: string;
}

const KEY_OPTION: Record<string, string> = { outputs: "outputKey", referenceOutputs: "referenceKey", inputs: "inputKey" };

function field(value: unknown, key: string | undefined, what: string, metric: string): unknown {
  if (typeof value === "string" || Array.isArray(value)) return value;
  if (value !== null && typeof value === "object") {
    const record = value as Record<string, unknown>;
    const usual = what === "inputs" ? "input" : "output";
    if (key !== undefined) {
      if (key in record) return record[key];
    } else {
      if (usual in record) return record[usual];
      const strings = Object.keys(record).filter((k) => typeof record[k] === "string");
      if (strings.length === 1) return record[strings[0]!];
    }
  }
  throw new GramscoreError(
    ErrorCode.INVALID_TYPE,
    `The LangSmith ${metric} evaluator could not find the text in ${what}: ${describeValue(value)}. ` +
      `Name its field with the ${KEY_OPTION[what]} option${key === undefined ? "" : ` (it is ${JSON.stringify(key)} now)`}.`,
    { details: { key } },
  );
}

function langsmith(metric: string, opts: LangSmithOptions, d: ScoreDetails): LangSmithResult {
  return { key: scorerName(metric, opts), score: d.score, comment: `${d.metric}${d.key === "score" ? "" : ` ${d.key}`} ${d.metricScore} (${d.signature})`, metadata: metadata(d) };
}

/**
 * A LangSmith evaluator, `({ inputs, outputs, referenceOutputs }) => { key, score }`, for
 * `evaluate(target, { evaluators: [...] })`: the sentence-level score of each run. Scale `metric` by
 * default (LangSmith takes any number); `comment` holds the signature. SARI's source is read from
 * `inputs` (`inputKey`). Metrics with no sentence-level score (distinct-n, Self-BLEU, CIDEr-D) throw
 * `INVALID_OPTION`: use {@link langsmithSummaryEvaluator}.
 */
export function langsmithEvaluator(metric: string, options: LangSmithOptions = {}): (args: LangSmithEvaluatorArgs) => Promise<LangSmithResult> {
  const opts: LangSmithOptions = { ...options, scale: options.scale ?? "metric" };
  return async ({ inputs, outputs, referenceOutputs }) => {
    const m = await loadMetric(metric, opts);
    const kind = metricInput(m);
    const out = field(outputs, opts.outputKey, "outputs", metric);
    const ref = kind.referenceFree ? undefined : field(referenceOutputs, opts.referenceKey ?? opts.outputKey, "referenceOutputs", metric);
    const source = opts.source ?? (kind.needsSource ? (field(inputs, opts.inputKey, "inputs", metric) as string) : undefined);
    return langsmith(metric, opts, scoreSentence(m, out, ref, { ...opts, source }));
  };
}

/** What LangSmith passes a summary evaluator: the inputs, outputs and reference outputs of every run. */
export interface LangSmithSummaryArgs {
  /** The runs' inputs: the sources of metrics that need them (SARI). */
  readonly inputs?: readonly unknown[];
  readonly outputs?: readonly unknown[];
  readonly referenceOutputs?: readonly unknown[];
  readonly [other: string]: unknown;
}

/**
 * A LangSmith summary evaluator (`summaryEvaluators: [...]`): the corpus-level score of every run
 * together (corpus BLEU, not a mean of sentence BLEUs; CIDEr-D with document frequencies from every
 * run's references). Scale `metric` by default. Reference-free metrics (distinct-n, Self-BLEU) score
 * the outputs alone and do not read `referenceOutputs`; SARI reads its sources from `inputs`.
 */
export function langsmithSummaryEvaluator(metric: string, options: LangSmithOptions = {}): (args: LangSmithSummaryArgs) => Promise<LangSmithResult> {
  const opts: LangSmithOptions = { ...options, scale: options.scale ?? "metric" };
  return async ({ inputs, outputs, referenceOutputs }) => {
    const m = await loadMetric(metric, opts);
    const kind = metricInput(m);
    const outs = (outputs ?? []).map((o) => field(o, opts.outputKey, "outputs", metric));
    const refs = kind.referenceFree ? undefined : (referenceOutputs ?? []).map((r) => field(r, opts.referenceKey ?? opts.outputKey, "referenceOutputs", metric));
    const source = opts.source ?? (kind.needsSource ? (inputs ?? []).map((i) => field(i, opts.inputKey, "inputs", metric) as string) : undefined);
    return langsmith(metric, opts, scoreCorpus(m, outs, refs, { ...opts, source }));
  };
}
