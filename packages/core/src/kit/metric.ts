/**
 * The wiring a statistics metric shares with every other: the typed shape of a metric built on the
 * kit, the checks of one segment's input, the reference count a signature reports (`nrefs:`), the one
 * resampled key, and the methods that turn a result into a score line.
 */
import { ErrorCode, GramscoreError, describeValue } from "../errors.js";
import { formatScoreLine } from "../score-line.js";
import { readNrefsOption } from "../signature.js";
import { assertText } from "../text.js";
import type { FormatOptions, Metric, OptionSpec, Segment } from "../types.js";
import type { OptionRule } from "./options.js";

/**
 * A metric whose statistics extras are present: core's {@link Metric} with its options, score line,
 * statistics parser and one-pass corpus statistics required (resampling `rows`, where a metric has
 * them, it declares itself: their layout is its own). A metric package
 * declares its own interface as an extension of this one, adding what is particular to it.
 */
export interface StatsMetric<S, R, O> extends Metric<S, R> {
  /** The options in effect, defaults filled in. */
  readonly options: O;
  /** The reference tool's one-line result, `NAME = 12.34` (`width` decimals, rounded half to even). */
  format(result: R, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): S;
  /**
   * The statistics of a whole corpus in one pass: equal (as JSON) to merging `stats()` of every
   * segment. Each record is validated as `evaluate` does.
   * @throws GramscoreError for an invalid record (naming its index).
   */
  corpusStats(segments: Iterable<Segment>): S;
}

/**
 * Combines two reference counts of statistics (`nrefs`: references per segment, 0 = no segment yet,
 * −1 = it varies): the one count when both agree or one side has no segment, else −1.
 */
export function combineNrefs(a: number, b: number): number {
  if (a === 0) return b;
  if (b === 0 || a === b) return a;
  return -1;
}

/**
 * The `nrefs` option for a descriptor's `options` (the CLI's `--nrefs N|var`): the reference count a
 * signature reports, checked against the data.
 */
export const nrefsOptionSpec: OptionSpec = {
  key: "nrefs",
  flag: "nrefs",
  type: "string",
  description: "references per segment for the signature (a number, or var), checked against the data; default: as seen",
};

/** The option rule of `nrefs` for a metric's rules: a positive integer or `"var"` (`metric` names it in messages). */
export function nrefsRule(metric: string): OptionRule {
  return { key: "nrefs", type: "string", read: (value) => readNrefsOption(value, metric) };
}

/** The `nrefs:` of a signature for a reference count of statistics: the count, `var` (−1) or `?` (0). */
export function nrefsLabel(code: number): string {
  return code > 0 ? String(code) : code < 0 ? "var" : "?";
}

/**
 * Checks one segment's input: a string hypothesis and a non-empty array of string references.
 * @param metric The metric's display name for messages (`chrF`).
 * @param texts Check the strings with `assertText` (which also refuses lone surrogates), the
 *   hypothesis first; by default only their type is checked.
 * @param why Said after "needs at least one reference for the hypothesis" when there is none
 *   (` (NLTK's meteor_score takes the best over them)`).
 * @throws GramscoreError `INVALID_TYPE`, `EMPTY_INPUT` (no reference), `LONE_SURROGATE` (with `texts`).
 */
export function checkSegmentInput(hyp: unknown, refs: unknown, metric: string, texts = false, why = ""): void {
  if (texts) assertText(hyp, "The hypothesis");
  else if (typeof hyp !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The hypothesis must be a string, but got ${describeValue(hyp)}.`);
  }
  if (!Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `The references must be an array of strings (all references of this hypothesis), but got ${describeValue(refs)}. For one reference write [reference].`,
    );
  }
  if (refs.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${metric} needs at least one reference for the hypothesis${why}, but the references array is empty.`);
  }
  for (let k = 0; k < refs.length; k++) {
    if (texts) assertText(refs[k], `Reference ${k}`);
    else if (typeof refs[k] !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `Reference ${k} must be a string, but got ${describeValue(refs[k])}.`);
    }
  }
}

/**
 * Checks a segment's number of references against the `nrefs` a metric was created with (a number
 * pins it; `"var"` and `undefined` accept any).
 * @throws GramscoreError `INVALID_OPTION` with `details.nrefs` and `details.received`.
 */
export function checkPinnedNrefs(count: number, pinned: number | string | undefined, metric: string): void {
  if (typeof pinned === "number" && count !== pinned) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `A segment has ${count} reference${count === 1 ? "" : "s"}, but this ${metric} was created with nrefs: ${pinned}. ` +
        'Give every segment that many references, or create the metric with nrefs: "var" (or without nrefs).',
      { details: { nrefs: pinned, received: count } },
    );
  }
}

/**
 * Checks the key of `rows(key)` for a metric with one resampled score: `undefined`, `score` or
 * `alias` (the score's own name, where the metric accepts it).
 * @param name The score's name for the message (`TER`, `chrF2++`).
 * @throws GramscoreError `INVALID_OPTION`: `<name> has one resampled score, "score", but got the key <key>.`
 */
export function checkScoreKey(key: string | undefined, name: string, alias?: string): void {
  if (key !== undefined && key !== "score" && (alias === undefined || key !== alias)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `${name} has one resampled score, "score", but got the key ${describeValue(key)}.`);
  }
}

/** What {@link scoreMethods} makes. */
export interface ScoreMethods<S, R> {
  /** `{ score }` of a result. */
  summarize(result: R): Record<string, number>;
  /** `<name> = <score>` with `width` decimals (default: the metric's). */
  format(result: R, options?: FormatOptions): string;
  /** The metric's statistics parser. */
  parseStats(value: unknown): S;
}

/**
 * The methods of a metric whose result is one named score: `summarize` to `{ score }`, `format` to
 * `<name> = <score>` (`formatScoreLine`), and `parseStats` by `parse`. Spread them into the metric.
 * @param decimals The decimals of `format` when no `width` is given (sacrebleu's 2, NLTK's 4).
 */
export function scoreMethods<S, R extends { readonly name: string; readonly score: number }>(decimals: number, parse: (value: unknown) => S): ScoreMethods<S, R> {
  return {
    summarize: (result) => ({ score: result.score }),
    format: (result, options) => formatScoreLine(result.name, result.score, options?.width, decimals),
    parseStats: (value) => parse(value),
  };
}
