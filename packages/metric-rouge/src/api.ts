import { ErrorCode, GramscoreError, describeValue, evaluate, toSegments, type Evaluation } from "@gramscore/core";
import { bootstrap as resample, canonicalRows } from "./bootstrap.js";
import { createRouge } from "./metric.js";
import { DEFAULT_SEED } from "./options.js";
import type { RougeOptions, RougeResult, RougeScore, RougeStats } from "./types.js";

/** Options of {@link rouge} that are not metric options. */
export interface RougeCorpusOptions {
  /** Also return every segment's result. Default false. */
  segments?: boolean;
}

/**
 * Scores a corpus in sacrebleu's layout: `hypotheses[i]` against `referenceStreams[k][i]` (one stream
 * per reference; `null` entries let segments have fewer references). Returns core's evaluation: the
 * corpus result (mean over segments, or pooled counts with ROUGE-1.5.5's `-t 1`), the signature, the
 * merged statistics and, when asked, per-segment results.
 * ```ts
 * rouge(["the cat sat"], [["the cat sat down"]], { rougeTypes: ["rouge1"] }).corpus.rouge1.fmeasure; // 0.857…
 * ```
 * @throws GramscoreError `LENGTH_MISMATCH` when a stream's length differs from the hypotheses', and
 * the errors of {@link createRouge}.
 */
export function rouge(
  hypotheses: readonly string[],
  referenceStreams: readonly (readonly (string | null | undefined)[])[],
  options: RougeOptions = {},
  corpusOptions: RougeCorpusOptions = {},
): Evaluation<RougeStats, RougeResult> {
  const metric = createRouge(options);
  return evaluate(metric, toSegments(hypotheses, referenceStreams), { segments: corpusOptions.segments === true });
}

/**
 * Scores one hypothesis against one reference or several (rouge-score's `score` / `score_multi`).
 * ```ts
 * scoreRouge("the cat sat", "the cat sat down").rougeL; // { precision: 1, recall: 0.75, fmeasure: 0.857… }
 * ```
 * Creating the metric costs more than scoring one segment: for many segments use {@link createRouge} once.
 */
export function scoreRouge(hypothesis: string, references: string | readonly string[], options: RougeOptions = {}): RougeResult {
  const refs = typeof references === "string" ? [references] : references;
  return createRouge(options).scoreSegment(hypothesis, refs);
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
