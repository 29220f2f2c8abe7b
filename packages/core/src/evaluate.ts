import { ErrorCode, GramscoreError } from "./errors.js";
import { validateSegment } from "./segments.js";
import type { Metric, Segment } from "./types.js";

/** Options for {@link evaluate}. */
export interface EvaluateOptions {
  /** Also score every segment on its own (sentence-level scores). Default false. */
  segments?: boolean;
}

/** The result of {@link evaluate}. */
export interface Evaluation<S, R> {
  /** The metric's name. */
  metric: string;
  /** The metric's signature. */
  signature: string;
  /** Number of segments scored. */
  count: number;
  /** Corpus result: `score(merge(all stats), "corpus")`. */
  corpus: R;
  /** Merged statistics of the corpus (serialize them to merge with other shards). */
  stats: S;
  /** Per-segment results, when asked for. */
  segments?: R[];
}

function emptyCorpus(): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    "The corpus is empty: no segment was given, so there is nothing to score. Pass at least one { hyp, refs } record.",
  );
}

/**
 * Scores a corpus of `{ hyp, refs }` records with `metric`: the corpus result from merged statistics,
 * the signature, and per-segment results when `options.segments` is set. Every record is validated.
 * @throws GramscoreError for invalid records or an empty corpus.
 */
export function evaluate<S, R>(
  metric: Metric<S, R>,
  segments: Iterable<Segment>,
  options: EvaluateOptions = {},
): Evaluation<S, R> {
  let total = metric.empty();
  const perSegment: R[] | undefined = options.segments ? [] : undefined;
  let count = 0;
  if (perSegment === undefined && metric.corpusStats !== undefined) {
    // The metric's one-pass path; records are counted on the way through.
    const counted = Array.isArray(segments) ? segments : countingIterable(segments, () => count++);
    total = metric.corpusStats(counted);
    if (Array.isArray(segments)) count = segments.length;
  } else {
    for (const raw of segments) {
      total = addSegment(metric, total, raw, count++, perSegment);
    }
  }
  return evaluation(metric, total, count, perSegment);
}

/** Validates record `index`, adds its statistics to `total` (and its result to `perSegment`). */
function addSegment<S, R>(metric: Metric<S, R>, total: S, raw: unknown, index: number, perSegment: R[] | undefined): S {
  const seg = validateSegment(raw, index);
  const s = metric.stats(seg.hyp, seg.refs, seg.src);
  if (perSegment) perSegment.push(metric.score(s, "segment"));
  return metric.merge(total, s);
}

/** The evaluation of `count` segments with statistics `total`. @throws GramscoreError `EMPTY_INPUT` for none. */
function evaluation<S, R>(metric: Metric<S, R>, total: S, count: number, perSegment: R[] | undefined): Evaluation<S, R> {
  if (count === 0) throw emptyCorpus();
  const out: Evaluation<S, R> = {
    metric: metric.name,
    signature: metric.signature(total),
    count,
    corpus: metric.score(total, "corpus"),
    stats: total,
  };
  if (perSegment) out.segments = perSegment;
  return out;
}

/** `source` with `onItem` called for every item it yields. */
function* countingIterable<T>(source: Iterable<T>, onItem: () => void): Generator<T> {
  for (const item of source) {
    onItem();
    yield item;
  }
}

/** {@link evaluate} over an async source (a stream of records), consumed once, in order. */
export async function evaluateAsync<S, R>(
  metric: Metric<S, R>,
  segments: AsyncIterable<Segment> | Iterable<Segment>,
  options: EvaluateOptions = {},
): Promise<Evaluation<S, R>> {
  let total = metric.empty();
  const perSegment: R[] | undefined = options.segments ? [] : undefined;
  let count = 0;
  for await (const raw of segments) {
    total = addSegment(metric, total, raw, count++, perSegment);
  }
  return evaluation(metric, total, count, perSegment);
}
