import { ErrorCode, GramscoreError, describeValue, evaluate } from "@gramscore/core";
import type { Metric } from "@gramscore/core";
import bleuPlugin from "@gramscore/metric-bleu";
import characterPlugin from "@gramscore/metric-character";
import chrfPlugin from "@gramscore/metric-chrf";
import ciderPlugin from "@gramscore/metric-cider";
import diversityPlugin from "@gramscore/metric-diversity";
import gleuPlugin from "@gramscore/metric-gleu";
import nistPlugin from "@gramscore/metric-nist";
import rougePlugin from "@gramscore/metric-rouge";
import sariPlugin from "@gramscore/metric-sari";
import squadPlugin from "@gramscore/metric-squad";
import terPlugin from "@gramscore/metric-ter";
import werPlugin from "@gramscore/metric-wer";
import { createRegistry } from "@gramscore/registry";
import type { Registry } from "@gramscore/registry";

/**
 * How a scorer reports its number. `metric`: as the metric reports it (BLEU, chrF, TER, SQuAD, SARI
 * and sacrebleu's Self-BLEU on 0–100; ROUGE, METEOR, GLEU, WER, characTER, EED, distinct-n and
 * NLTK's Self-BLEU on 0–1; NIST unbounded; CIDEr-D ×10, unbounded). `unit`: the metrics reported on
 * 0–100 divided by 100, every other metric as it reports it, so that BLEU 38.2 becomes 0.382; CIDEr-D
 * and CIDEr, which have no 0–1 form, refuse it (`INVALID_OPTION`).
 */
export type Scale = "metric" | "unit";

/** What every adapter takes besides the metric's name. */
export interface ScorerOptions {
  /**
   * The metric's options, exactly as the metric package (and `gramscore score`) names them, e.g.
   * `{ tokenize: "intl", lowercase: true }` for BLEU, `{ wordOrder: 2 }` for chrF. Validated by the
   * metric: an unknown option is a `GramscoreError` with code `INVALID_OPTION`.
   */
  options?: Record<string, unknown>;
  /**
   * Which of the result's numbers is the score (a column of `metric.summarize()`, e.g. `rougeL.f`,
   * `f1`, `exact_match`). Default: `score` when the metric has it, else the first F-measure column
   * (`rouge1.f` for `rouge`).
   */
  key?: string;
  /** See {@link Scale}; each adapter documents its default. */
  scale?: Scale;
  /**
   * The source text(s) of metrics that compare with it (SARI, EASSE's SARI: the sentence being
   * simplified): a string for a sentence score, a list with one per output for a corpus score. The
   * adapters fill it from the eval's input; other metrics ignore it.
   */
  source?: string | readonly string[];
  /** The name the tool shows; default the metric's name, with `key` when one is given (`rouge:rougeL.f`). */
  name?: string;
  /**
   * Where metric names are looked up; default: a registry with every gramscore metric (METEOR with
   * WordNet synonyms, as NLTK). Pass your own to add plugins (tokenizers, metrics) of your own.
   */
  registry?: Registry;
}

/** One scored output (or corpus), as every adapter reports it. */
export interface ScoreDetails {
  /** The metric's canonical name (`bleu` for `sacrebleu`). */
  readonly metric: string;
  /** The number in the requested {@link Scale}. */
  readonly score: number;
  /** The number as the metric reports it. */
  readonly metricScore: number;
  /** The scale of {@link score}. */
  readonly scale: Scale;
  /** The column of `summarize()` that is the score. */
  readonly key: string;
  /** The metric's signature: every option that affects the number, and the version. */
  readonly signature: string;
  /** False for error rates (TER, WER): lower is better. */
  readonly higherIsBetter: boolean;
  /** Every number of the result (`metric.summarize()`), in the metric's scale. */
  readonly summary: Readonly<Record<string, number>>;
  /** `sentence` for one output, `corpus` for a set scored together. */
  readonly level: "sentence" | "corpus";
}

/** The metrics reported on 0–100 (their canonical names); {@link Scale} `unit` divides them by 100. */
export const PERCENT_METRICS: readonly string[] = Object.freeze(["bleu", "chrf", "chrf++", "ter", "squad", "squad_v2", "sari", "easse_sari", "self-bleu-sacrebleu"]);

/**
 * The metrics with no 0–1 form (their canonical names): CIDEr-D and the original CIDEr are ×10 and
 * unbounded, so {@link Scale} `unit` is refused for them rather than divided by an invented maximum.
 */
export const UNBOUNDED_METRICS: readonly string[] = Object.freeze(["cider", "cider-original"]);

/**
 * The metrics whose document frequencies come from the references of the whole corpus (CIDEr-D,
 * CIDEr): one output scored alone always gets 0 (every n-gram is in the one "document", so its idf is
 * log 1 − log 1 = 0), so the sentence-level adapters refuse them.
 */
export const CORPUS_ONLY_METRICS: readonly string[] = Object.freeze(["cider", "cider-original"]);

const METEOR_NAMES = new Set(["meteor", "meteor-hf"]);

let defaultRegistry: Registry | undefined;
let meteorLoaded: Promise<void> | undefined;

/**
 * The registry the scorers use by default: every gramscore metric (`bleu`, `nltk-bleu`, `bleu-hf`,
 * `chrf`, `chrf++`, `ter`, `rouge`, `rouge155`, `wer`, `cer`, `mer`, `wil`, `wip`, `squad`,
 * `squad_v2`, `gleu`, `google_bleu`, `nist`, `cider`, `cider-original`, `sari`, `easse_sari`,
 * `character`, `eed`, `eed_rwth`, `distinct`, `distinct-mean`, `self-bleu`, `self-bleu-sacrebleu`, and
 * `meteor`/`meteor-hf` once {@link loadMetric} has loaded WordNet). Created on first use.
 */
export function scorerRegistry(): Registry {
  if (defaultRegistry === undefined) {
    const r = createRegistry();
    for (const plugin of [bleuPlugin, chrfPlugin, terPlugin, rougePlugin, werPlugin, squadPlugin, gleuPlugin, nistPlugin, ciderPlugin, sariPlugin, characterPlugin, diversityPlugin]) r.use(plugin);
    defaultRegistry = r;
  }
  return defaultRegistry;
}

async function loadMeteor(registry: Registry): Promise<void> {
  meteorLoaded ??= (async () => {
    const [{ meteorPlugin }, { wordnet }] = await Promise.all([import("@gramscore/metric-meteor"), import("@gramscore/wordnet")]);
    registry.use(meteorPlugin({ providers: { wordnet }, defaultSynonyms: "wordnet" }));
  })();
  return meteorLoaded;
}

function checkName(metric: unknown): string {
  if (typeof metric !== "string" || metric.length === 0) {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `A scorer needs a metric name such as "chrf" or "bleu", but got ${describeValue(metric)}.`, {
      details: { metric },
    });
  }
  return metric;
}

const cache = new WeakMap<Registry, Map<string, Metric>>();

/** What a metric's descriptor says about its input (see `MetricDescriptor.needsSource` / `referenceFree`). */
export interface InputKind {
  /** The metric compares each output with its source (SARI, EASSE's SARI). */
  readonly needsSource: boolean;
  /** The metric scores a set of outputs alone (distinct-n, Self-BLEU): no references, no sentence-level score. */
  readonly referenceFree: boolean;
}
const kinds = new WeakMap<Metric, InputKind>();

/** Whether `metric` (made by {@link getMetric}) needs sources or scores hypotheses alone; neither for a metric made elsewhere. */
function kindOf(metric: Metric): InputKind {
  return kinds.get(metric) ?? { needsSource: false, referenceFree: false };
}

function cached(registry: Registry, name: string, options: Record<string, unknown> | undefined, make: () => Metric): Metric {
  let byKey = cache.get(registry);
  if (byKey === undefined) cache.set(registry, (byKey = new Map()));
  // Options are plain data (strings, numbers, booleans, lists); objects such as a synonym provider make the key unusable.
  let key: string | undefined;
  try {
    key = `${name}\u0000${JSON.stringify(options ?? {})}`;
  } catch {
    key = undefined;
  }
  const hit = key === undefined ? undefined : byKey.get(key);
  if (hit !== undefined) return hit;
  const metric = make();
  if (key !== undefined) byKey.set(key, metric);
  return metric;
}

/**
 * The metric `name` with `options`, from the scorers' registry (or `scorer.registry`), ready to use
 * synchronously afterwards: loads WordNet first for `meteor` and `meteor-hf`.
 * @throws GramscoreError `UNKNOWN_METRIC` (with close names), `INVALID_OPTION` for a bad option.
 */
export async function loadMetric(name: string, options: Pick<ScorerOptions, "options" | "registry"> = {}): Promise<Metric> {
  checkName(name);
  const registry = options.registry ?? scorerRegistry();
  if (options.registry === undefined && METEOR_NAMES.has(name)) await loadMeteor(registry);
  else if (!registry.has("metric", name)) await registry.ensure("metric", name);
  return getMetric(name, options);
}

/**
 * The metric `name` with `options`, synchronously. METEOR needs WordNet, which is loaded on demand:
 * call `await loadMetric("meteor")` once before (the async adapters do it themselves).
 * @throws GramscoreError `MISSING_DEPENDENCY` for METEOR before it is loaded; `UNKNOWN_METRIC`, `INVALID_OPTION`.
 */
export function getMetric(name: string, options: Pick<ScorerOptions, "options" | "registry"> = {}): Metric {
  checkName(name);
  const registry = options.registry ?? scorerRegistry();
  if (options.registry === undefined && METEOR_NAMES.has(name) && !registry.has("metric", name)) {
    throw new GramscoreError(
      ErrorCode.MISSING_DEPENDENCY,
      `The metric "${name}" looks up synonyms in WordNet (about 5 MB), which is loaded on demand. ` +
        `Call \`await loadMetric("${name}")\` once before scoring synchronously (for example in beforeAll), or await the matcher.`,
      { details: { metric: name } },
    );
  }
  return cached(registry, name, options.options, () => {
    const metric = registry.create("metric", name, options.options);
    const d = registry.resolve("metric", name);
    kinds.set(metric, { needsSource: d.needsSource === true, referenceFree: d.referenceFree === true });
    return metric;
  });
}

/** The column of `summary` that is the score: `key`, or the default of {@link ScorerOptions.key}. */
export function scoreKey(metric: string, summary: Readonly<Record<string, number>>, key: string | undefined): string {
  const columns = Object.keys(summary);
  if (key !== undefined) {
    if (!(key in summary)) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `The metric "${metric}" has no number named ${JSON.stringify(key)}; its numbers are ${columns.join(", ")}. Pass one of them as key.`,
        { details: { option: "key", key, available: columns } },
      );
    }
    return key;
  }
  if ("score" in summary) return "score";
  return columns.find((c) => c.endsWith(".f")) ?? columns[0]!;
}

function references(expected: unknown, where: string): string[] {
  const refs = typeof expected === "string" ? [expected] : Array.isArray(expected) ? expected : undefined;
  if (refs === undefined || refs.length === 0 || refs.some((r) => typeof r !== "string")) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      `${where} needs the reference: a string, or a non-empty list of strings for several references, but got ${describeValue(expected)}. ` +
        "Give each test case its expected output.",
      { details: { expected } },
    );
  }
  return refs as string[];
}

function output(value: unknown, where: string): string {
  if (typeof value !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `${where} scores text: the output must be a string, but got ${describeValue(value)}.`, {
      details: { output: value },
    });
  }
  return value;
}

function details(metric: Metric, result: unknown, stats: unknown, options: ScorerOptions, level: "sentence" | "corpus"): ScoreDetails {
  const summary = metric.summarize(result);
  const key = scoreKey(metric.name, summary, options.key);
  const metricScore = summary[key]!;
  const scale = options.scale ?? "metric";
  if (scale === "unit" && UNBOUNDED_METRICS.includes(metric.name)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The metric "${metric.name}" has no 0-1 form: CIDEr-D and CIDEr are multiplied by 10 and unbounded, so a fraction of a maximum would be invented. ` +
        `Pass scale: "metric" and compare with thresholds on the metric's own scale (COCO captioning systems score about 0.5 to 1.5).`,
      { details: { option: "scale", metric: metric.name, scale } },
    );
  }
  const score = scale === "unit" && PERCENT_METRICS.includes(metric.name) ? metricScore / 100 : metricScore;
  return { metric: metric.name, score, metricScore, scale, key, signature: metric.signature(stats), higherIsBetter: metric.higherIsBetter, summary, level };
}

function sourceText(value: unknown, metric: string, where: string): string {
  if (typeof value !== "string") {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      `${where} needs the source: the sentence the output was made from, as a string, but got ${describeValue(value)}. ` +
        `${metric} compares the output with its source and its references; give it as the eval's input (or the source option).`,
      { details: { metric, source: value } },
    );
  }
  return value;
}

/**
 * Scores one output against its reference(s) with `metric`: the metric's sentence-level score
 * (`metric.score(metric.stats(output, refs, source), "segment")`). `expected` is a string or a list
 * of references; `options.source` is the source of metrics that need one (SARI). A blank reference
 * gets the metric's own number (0 for BLEU, chrF, ROUGE, METEOR) or its own coded error (WER:
 * `EMPTY_INPUT`); a missing one is `EMPTY_INPUT`.
 * @throws GramscoreError `INVALID_OPTION` for metrics with no sentence-level score: the reference-free
 * ones (distinct-n, Self-BLEU: they score a set of outputs) and CIDEr-D/CIDEr (always 0 alone).
 */
export function scoreSentence(metric: Metric, value: unknown, expected: unknown, options: ScorerOptions = {}): ScoreDetails {
  const kind = kindOf(metric);
  if (kind.referenceFree) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The metric "${metric.name}" scores a set of outputs with no references (how diverse they are), so one output has no score of its own. ` +
        "Score the outputs together: corpusScore, langsmithSummaryEvaluator, or expect(outputs).toCorpusScoreAtLeast.",
      { details: { option: "metric", metric: metric.name, level: "sentence" } },
    );
  }
  if (CORPUS_ONLY_METRICS.includes(metric.name)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The metric "${metric.name}" takes its document frequencies from the references of the whole corpus; one output scored alone is always 0 (every n-gram's idf is log 1 - log 1). ` +
        "Score the outputs together: corpusScore, langsmithSummaryEvaluator, or expect(outputs).toCorpusScoreAtLeast.",
      { details: { option: "metric", metric: metric.name, level: "sentence" } },
    );
  }
  const hyp = output(value, metric.name);
  const refs = references(expected, metric.name);
  const src = kind.needsSource ? sourceText(options.source, metric.name, metric.name) : undefined;
  const stats = metric.stats(hyp, refs, src);
  return details(metric, metric.score(stats, "segment"), stats, options, "sentence");
}

/**
 * Scores outputs against their references as one corpus (`evaluate(metric, segments).corpus`: the
 * statistics of every output merged, then scored): BLEU's corpus BLEU, not a mean of sentence BLEUs.
 * `expected[i]` is the reference (or list of references) of `outputs[i]`; `options.source[i]` its
 * source for metrics that need one (SARI). Reference-free metrics (distinct-n, Self-BLEU) score the
 * outputs alone and ignore `expected` (pass `[]` or `undefined`).
 */
export function scoreCorpus(metric: Metric, outputs: unknown, expected: unknown, options: ScorerOptions = {}): ScoreDetails {
  const kind = kindOf(metric);
  if (kind.referenceFree) {
    if (!Array.isArray(outputs)) {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `${metric.name} scores a list of outputs together, but got ${describeValue(outputs)}.`, { details: { outputs } });
    }
    const segments = outputs.map((o, i) => ({ hyp: output(o, `${metric.name} (output ${i})`), refs: [] as string[] }));
    const r = evaluate(metric, segments);
    return details(metric, r.corpus, r.stats, options, "corpus");
  }
  if (!Array.isArray(outputs) || !Array.isArray(expected) || outputs.length !== expected.length) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `A corpus score takes a list of outputs and a list of as many references, but got ${describeValue(outputs)} and ${describeValue(expected)}.`,
      { details: { outputs: Array.isArray(outputs) ? outputs.length : undefined, references: Array.isArray(expected) ? expected.length : undefined } },
    );
  }
  let sources: readonly unknown[] | undefined;
  if (kind.needsSource) {
    if (!Array.isArray(options.source) || options.source.length !== outputs.length) {
      throw new GramscoreError(
        ErrorCode.LENGTH_MISMATCH,
        `${metric.name} needs one source per output (${outputs.length}), but got ${describeValue(options.source)}. ` +
          "Give the sentences the outputs were made from, in the same order (the eval's inputs).",
        { details: { metric: metric.name, outputs: outputs.length, sources: Array.isArray(options.source) ? options.source.length : undefined } },
      );
    }
    sources = options.source;
  }
  const segments = outputs.map((o, i) => {
    const where = `${metric.name} (output ${i})`;
    const seg = { hyp: output(o, where), refs: references(expected[i], where) };
    return sources === undefined ? seg : { ...seg, src: sourceText(sources[i], metric.name, where) };
  });
  const r = evaluate(metric, segments);
  return details(metric, r.corpus, r.stats, options, "corpus");
}

/** Whether the metric made by {@link getMetric} needs a source per output (SARI) or scores outputs alone (distinct-n, Self-BLEU). */
export function metricInput(metric: Metric): InputKind {
  return kindOf(metric);
}

/** The name a tool shows for a scorer. */
export function scorerName(metric: string, options: ScorerOptions): string {
  return options.name ?? (options.key === undefined ? metric : `${metric}:${options.key}`);
}
