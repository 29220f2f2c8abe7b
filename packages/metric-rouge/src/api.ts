import { ErrorCode, GramscoreError, describeValue, evaluate, toSegments } from "@gramscore/core";
import { canonicalRows, percentileBootstrap as resample } from "@gramscore/significance";
import { createRouge } from "./metric.js";
import { DEFAULT_SEED } from "./options.js";
import type { RougeOptions, RougeResult, RougeScore, RougeTypeResult } from "./types.js";

/**
 * What {@link rouge} and {@link sentenceRouge} return: the headline `score` (the F-measure of the first
 * ROUGE type asked for, in rouge-score's unit, 0 … 1), its `name` (that type), the `signature`, and
 * beside them every type's precision, recall and F under the type's name, as rouge-score returns
 * them (`result.rouge1.fmeasure`, `result.rougeLsum.recall`; ROUGE-1.5.5 mode: `result["ROUGE-1"]`).
 */
export interface RougeScoreResult {
  /** The ROUGE type the headline score is of (the first of `rougeTypes`), e.g. `rouge1`. */
  readonly name: string;
  /** The F-measure of that type, 0 … 1. */
  readonly score: number;
  /** The signature of the whole result (every type, mode, tokenizer, stemmer, multi-reference policy). */
  readonly signature: string;
  /** rouge-score's names (`rouge1` … `rouge9`, `rougeL`, `rougeLsum`): precision, recall, F (and bootstrap bounds). */
  readonly [type: `rouge${string}`]: RougeTypeResult;
  /** ROUGE-1.5.5's names (`ROUGE-1`, `ROUGE-L`, `ROUGE-W-1.2`, `ROUGE-SU4`, …). */
  readonly [type: `ROUGE-${string}`]: RougeTypeResult;
}

function withHeadline(result: RougeResult, signature: string): RougeScoreResult {
  const first = Object.keys(result)[0]!;
  return { name: first, score: result[first]!.fmeasure, signature, ...result } as RougeScoreResult;
}

/**
 * Scores a corpus in gramscore's one layout (sacrebleu's): `hypotheses[i]` against
 * `references[k][i]` (one stream per reference; `null` entries let segments have fewer references).
 * The corpus value of each type is the mean over segments (or pooled counts with ROUGE-1.5.5's `-t 1`).
 * ```ts
 * rouge(["the cat sat"], [["the cat sat down"]], { rougeTypes: ["rouge1"] }).score; // 0.857…
 * ```
 * For per-segment results and mergeable statistics use core's `evaluate(createRouge(options), segments)`.
 * @throws GramscoreError `LENGTH_MISMATCH` when a stream's length differs from the hypotheses',
 * `EMPTY_INPUT` for no segment, and the errors of {@link createRouge}.
 */
export function rouge(
  hypotheses: readonly string[],
  references: readonly (readonly (string | null | undefined)[])[],
  options: RougeOptions = {},
): RougeScoreResult {
  const metric = createRouge(options);
  const segments = toSegments(hypotheses, references);
  if (segments.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "There is nothing to score: give at least one hypothesis with its references.");
  }
  const result = evaluate(metric, segments);
  return withHeadline(result.corpus, result.signature);
}

/**
 * Scores one hypothesis against its references (rouge-score's `score` for one, `score_multi` for
 * several, but hypothesis first as everywhere in gramscore).
 * ```ts
 * sentenceRouge("the cat sat", ["the cat sat down"]).rougeL?.recall; // 0.75
 * ```
 * Creating the metric costs more than scoring one segment: for many segments use {@link createRouge} once.
 */
export function sentenceRouge(hypothesis: string, references: readonly string[], options: RougeOptions = {}): RougeScoreResult {
  if (!Array.isArray(references)) {
    const hint = typeof references === "string" ? " Wrap one reference as [reference]." : "";
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The references of a sentence must be an array of strings, but got ${describeValue(references)}.${hint}`);
  }
  const metric = createRouge(options);
  return withHeadline(metric.scoreSegment(hypothesis, references), metric.signature());
}

/**
 * rouge-score's `RougeScorer`, with its argument order: `score(target, prediction)` takes the
 * **reference first**, as in Python, so ported code keeps precision and recall where they were.
 * ```ts
 * new RougeScorer(["rouge1", "rougeL"], { stemmer: "porter" }).score("the cat sat down", "the cat sat").rougeL?.recall; // 0.75
 * ```
 */
export class RougeScorer {
  readonly #metric: ReturnType<typeof createRouge>;

  /**
   * @param rougeTypes rouge-score's `rouge_types`.
   * @param options The other ROUGE options (`stemmer: "porter"` is rouge-score's `use_stemmer=True`).
   */
  constructor(rougeTypes: readonly string[], options: Omit<RougeOptions, "rougeTypes"> = {}) {
    this.#metric = createRouge({ ...options, rougeTypes });
  }

  /** rouge-score's `score(target, prediction)`: the reference first, then the hypothesis. */
  score(target: string, prediction: string): RougeResult {
    if (typeof target !== "string" || typeof prediction !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `RougeScorer.score(target, prediction) takes two strings, but got ${describeValue(target)} and ${describeValue(prediction)}.`);
    }
    return this.#metric.scoreSegment(prediction, [target]);
  }

  /** rouge-score's `score_multi(targets, prediction)`: the references first, then the hypothesis; best F per type. */
  scoreMulti(targets: readonly string[], prediction: string): RougeResult {
    if (!Array.isArray(targets) || typeof prediction !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `RougeScorer.scoreMulti(targets, prediction) takes an array of strings and a string, but got ${describeValue(targets)} and ${describeValue(prediction)}.`);
    }
    return this.#metric.scoreSegment(prediction, targets);
  }

  /** The signature of this scorer's results. */
  signature(): string {
    return this.#metric.signature();
  }
}

/** Options of {@link BootstrapAggregator}. */
export interface BootstrapAggregatorOptions {
  /** Confidence of the interval, 0 … 1. Default 0.95. */
  confidence?: number;
  /** Number of resamples. Default 1000. */
  samples?: number;
  /** Seed (0 … 2^32 − 1). Default 12345. */
  seed?: number;
}

/** rouge-score's `AggregateScore`: percentiles of the resample means. */
export interface AggregateScore {
  low: RougeScore;
  mid: RougeScore;
  high: RougeScore;
}

function checkNumber(value: unknown, name: string, ok: (x: number) => boolean, expected: string): number {
  if (typeof value !== "number" || !Number.isFinite(value) || !ok(value)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `${name} must be ${expected}, but got ${describeValue(value)}.`, { details: { option: name } });
  }
  return value;
}

/**
 * rouge-score's `BootstrapAggregator`, seeded: add per-segment results, then `aggregate()` gives per
 * type the 2.5th / 50th / 97.5th percentiles (for 95%) of the resampled means, each of precision,
 * recall and F on its own ("mid" is the median of the resample means, not the plain mean). The
 * rows are put in a canonical order first, so the result does not depend on the order of `addScores`
 * calls; the same seed gives the same intervals on every run and engine. The random stream is not
 * numpy's, so the numbers differ from rouge-score's (which are not reproducible anyway).
 */
export class BootstrapAggregator {
  readonly #confidence: number;
  readonly #samples: number;
  readonly #seed: number;
  readonly #rows: number[] = [];
  #types: string[] | undefined;

  constructor(options: BootstrapAggregatorOptions = {}) {
    this.#confidence = checkNumber(options.confidence ?? 0.95, "confidence", (x) => x >= 0 && x <= 1, "a number from 0 to 1");
    this.#samples = checkNumber(options.samples ?? 1000, "samples", (x) => Number.isInteger(x) && x >= 1, "a positive integer");
    this.#seed = checkNumber(options.seed ?? DEFAULT_SEED, "seed", (x) => Number.isInteger(x) && x >= 0 && x <= 0xffffffff, "an integer from 0 to 4294967295");
  }

  /** Adds one segment's result (every call must have the same ROUGE types). */
  addScores(scores: Readonly<Record<string, RougeScore>>): void {
    const types = Object.keys(scores);
    if (this.#types === undefined) this.#types = types;
    else if (types.length !== this.#types.length || types.some((t, i) => t !== this.#types![i])) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `Every result added to a BootstrapAggregator must have the same ROUGE types (${this.#types.join(", ")}), but got ${types.join(", ")}.`,
      );
    }
    for (const t of types) {
      const s = scores[t]!;
      this.#rows.push(s.precision, s.recall, s.fmeasure);
    }
  }

  /** Number of segments added. */
  get count(): number {
    return this.#types === undefined ? 0 : this.#rows.length / (3 * this.#types.length);
  }

  /**
   * The intervals per ROUGE type.
   * @throws GramscoreError `EMPTY_INPUT` when nothing was added.
   */
  aggregate(): Record<string, AggregateScore> {
    const types = this.#types;
    if (types === undefined || this.#rows.length === 0) {
      throw new GramscoreError(ErrorCode.EMPTY_INPUT, "Nothing to aggregate: add at least one result with addScores() first.");
    }
    const width = types.length * 3;
    const rows = canonicalRows([this.#rows], width);
    const [low, mid, high] = resample(rows, width, this.#samples, this.#seed, this.#confidence, width, (sums, n, out) => {
      for (let k = 0; k < width; k++) out[k] = sums[k]! / n;
    });
    const pick = (v: Float64Array, ti: number): RougeScore => ({ precision: v[ti * 3]!, recall: v[ti * 3 + 1]!, fmeasure: v[ti * 3 + 2]! });
    const out: Record<string, AggregateScore> = {};
    types.forEach((t, ti) => {
      out[t] = { low: pick(low, ti), mid: pick(mid, ti), high: pick(high, ti) };
    });
    return out;
  }
}
