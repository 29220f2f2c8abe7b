import {
  BoundedCache,
  checkScoreKey,
  combineNrefs,
  nrefsLabel,
  ErrorCode,
  GramscoreError,
  assertText,
  describeValue,
  findLoneSurrogate,
  hasSegmentShape,
  pyRstrip,
  toSegments,
  validateSegment,
  invalidStats,
  readCount,
  readCounts,
  normalizeRule,
  statsObject,
} from "@gramscore/core";
import type { AggregateScorer, FormatOptions, Metric, MetricContext, PairwiseScorer, Segment, StatsRows, Tokenizer } from "@gramscore/core";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import { bleuSignature, computeBleu, computeBleuAt, formatBleu } from "./compute.js";
import type { BleuResult, BleuStats } from "./compute.js";
import { explainSegment } from "./explain.js";
import type { BleuExplanation } from "./explain.js";
import { BleuCounter, MATCH, REF, SYS, freezeSpans } from "./kernel.js";
import type { Spans } from "./kernel.js";
import { readBleuOptions } from "./options.js";
import type { NormalizeRule } from "./options.js";
import { bleuPairwise } from "./pairwise.js";
import type { BleuOptions, ResolvedBleuOptions } from "./options.js";
import { isBuiltin, resolveTokenizer, spanner } from "./tokenizer.js";
import type { TokenizerResolver } from "./tokenizer.js";

/** A BLEU result together with the signature of the metric that produced it. */
export interface BleuScore extends BleuResult {
  /** `BLEU`, as every metric's result names its metric. */
  name: "BLEU";
  /** sacrebleu-format signature (`nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:…`). */
  signature: string;
}

/** sacrebleu-compatible BLEU as a gramscore {@link Metric}; see {@link createBleu}. */
export interface BleuMetric extends Metric<BleuStats, BleuResult> {
  readonly name: "bleu";
  /**
   * The statistics as resampling rows `[sysLen, refLen, matches…, totals…]` (sacrebleu's layout) for
   * `@gramscore/significance`; one key, `score`. @throws GramscoreError `INVALID_OPTION` for another key.
   */
  rows(key?: string): StatsRows<BleuStats>;
  /** The options in effect (defaults filled in). */
  readonly options: ResolvedBleuOptions;
  /** The tokenizer in use. */
  readonly tokenizer: Tokenizer;
  /** The tokens BLEU counts for `text` (after lowercasing and right-stripping, as sacrebleu does). */
  tokenize(text: string): readonly string[];
  /** sacrebleu's short signature (`#:1|c:mixed|e:no|tok:13a|s:exp|v:…`). */
  shortSignature(stats?: BleuStats): string;
  /** sacrebleu's line: `BLEU = 22.67 56.2/28.7/16.9/10.3 (BP = 0.985 ratio = 0.985 hyp_len = 60395 ref_len = 61287)`. */
  format(result: BleuResult, options?: FormatOptions): string;
  /** Checks statistics read from JSON (e.g. a shard) and returns them typed. */
  parseStats(value: unknown): BleuStats;
  /** Every hypothesis n-gram with its count, clip and the reference that allowed it; the reference length chosen. */
  explain(hyp: string, refs: readonly string[]): BleuExplanation;
  /**
   * Summed statistics of many segments in one pass (no per-segment objects): what `merge` over `stats`
   * of each segment gives. Every record is validated.
   */
  corpusStats(segments: Iterable<Segment>): BleuStats;
  /**
   * The matrix of this metric's segment scores of every hypothesis against every single reference,
   * row-major (see core's `PairwiseScorer`); field `score` (default) or `bp`.
   */
  pairwise: PairwiseScorer["pairwise"];
  /** {@link BleuMetric.pairwise} of many inputs. */
  pairwiseBatch: PairwiseScorer["pairwiseBatch"];
  /** BLEU of each hypothesis against the averaged reference n-gram counts and length (see core's `AggregateScorer`). */
  aggregateScores: AggregateScorer["aggregateScores"];
  /**
   * What the reference cache holds now: entries, their estimated bytes, and the two bounds in effect
   * (`maxEntries` 0 when there is no cache: turned off, or a tokenizer that is not built in).
   */
  referenceCacheUsage(): ReferenceCacheUsage;
}

/** The state of a BLEU metric's reference cache ({@link BleuMetric.referenceCacheUsage}). */
export interface ReferenceCacheUsage {
  /** References cached now. */
  readonly entries: number;
  /** Their estimated memory in bytes (text at 2 bytes per UTF-16 unit, 12 bytes per token, 640 per entry). */
  readonly bytes: number;
  /** The `referenceCache` bound in effect (0: no cache). */
  readonly maxEntries: number;
  /** The `referenceCacheBytes` bound in effect. */
  readonly maxBytes: number;
}

/**
 * Fixed bytes counted per cached reference for the objects around its text and arrays: the map slot,
 * the spans object, three typed arrays with their buffers, two string headers (V8, 64-bit).
 */
const CACHE_ENTRY_OVERHEAD = 640;

/**
 * The bytes one cached reference is estimated to hold: its key and its prepared text at two bytes per
 * UTF-16 unit (V8 keeps Latin-1 text in one, so this errs high), 12 bytes per token (start, end and
 * hash as int32) and {@link CACHE_ENTRY_OVERHEAD}.
 */
function cacheEntryBytes(key: string, spans: Spans): number {
  return CACHE_ENTRY_OVERHEAD + 2 * (key.length + spans.source.length) + 12 * spans.count;
}

/**
 * Creates sacrebleu-compatible BLEU (defaults = sacrebleu 2.6.0's `BLEU()`: 13a, exp smoothing,
 * mixed case, order 4, no effective order). `context` resolves tokenizer names a registry knows.
 * Scores are on sacrebleu's 0–100 scale; `score(stats, level)` computes the same way at both levels,
 * as sacrebleu's `corpus_score` and `sentence_score` do.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER` for bad options.
 */
export function createBleu(options?: BleuOptions, context?: MetricContext): BleuMetric {
  const counter = buildCounter(options, context, MAIN);
  const metric = metricOf(counter);
  const { tokenize, checkNrefs, options: o } = counter;
  // Explanations and the pairwise scorers are added here, not in metricOf: bleu(), corpusBleu() and
  // sentenceBleu() use the counter alone, so that a bundle using only those leaves their code out.
  return Object.assign(metric, bleuPairwise(tokenize, o), {
    explain(hyp: string, refs: readonly string[]): BleuExplanation {
      const seg = validateSegment({ hyp, refs }, 0);
      checkNrefs(seg.refs.length, 0);
      return explainSegment(tokenize(seg.hyp), seg.refs.map((r) => tokenize(r)), o);
    },
  });
}

/** What {@link createBleu} adds to the metric {@link metricOf} makes. */
type Extras = "explain" | "pairwise" | "pairwiseBatch" | "aggregateScores";

/**
 * What every BLEU entry point scores with: the options, the tokenizer, and the counting of segments
 * into statistics. bleu(), corpusBleu() and sentenceBleu() use it alone; createBleu() wraps it in
 * the metric object ({@link metricOf}).
 */
interface Counter {
  readonly options: ResolvedBleuOptions;
  readonly tokenizer: Tokenizer;
  /** Highest order and the width of a statistics row (`2 + 2N`). */
  readonly N: number;
  readonly width: number;
  /** The tokens BLEU counts (lowercased when asked, right-stripped, tokenized). */
  tokenize(text: string): readonly string[];
  /** Sums the statistics of segments (`validate` false for records already checked). */
  sum(segments: Iterable<Segment>, validate: boolean): BleuStats;
  /**
   * Validates one segment and counts it into a row (`[sysLen, refLen, matches…, totals…]`, reused by
   * the next call): {@link toStats} makes statistics of it, computeBleuAt a result without them.
   */
  count(hyp: string, refs: readonly string[]): Float64Array;
  /** Statistics of a row. */
  toStats(values: Float64Array, nrefs: number): BleuStats;
  /** Checks a segment's reference count against `nrefs` and records it for the signature. */
  checkNrefs(count: number, index: number): void;
  /** Records the reference count of statistics scored or read (for the signature). */
  note(nrefs: number): void;
  /** The signature for `stats` (or the counts seen so far), long or short. */
  signature(stats: BleuStats | undefined, short: boolean): string;
  readonly cache: BoundedCache<Spans>;
}

/** How an entry point reads the options it treats differently: tokenizer names and `normalize`. */
export interface EntryRules {
  readonly tokenizer: TokenizerResolver;
  readonly normalize: NormalizeRule;
}

/** The main entry's rules: every sacrebleu tokenizer by name, and the `normalize` option. */
const MAIN: EntryRules = { tokenizer: resolveTokenizer, normalize: normalizeRule };

/** Builds the {@link Counter} for `options` under an entry point's rules. */
function buildCounter(options: BleuOptions | undefined, context: MetricContext | undefined, rules: EntryRules): Counter {
  const o = readBleuOptions(options, "bleu", rules.normalize);
  const tokenizer = rules.tokenizer(o.tokenize, context, "bleu");
  const rawTokenize = tokenizer.tokenize.bind(tokenizer);
  const toSpans = spanner(o.tokenize, tokenizer, "bleu");
  const lowercase = o.lowercase;
  const normalizer = o.normalize;
  // The normalizer first (as WER applies it), then sacrebleu's lowercasing and right-strip.
  const prepare =
    normalizer === undefined
      ? (text: string): string => pyRstrip(lowercase ? pyLower(text) : text)
      : (text: string): string => {
          const t = normalizer.normalize(text);
          return pyRstrip(lowercase ? pyLower(t) : t);
        };
  const tokenize = (text: string): readonly string[] => rawTokenize(prepare(text));
  const N = o.maxNgramOrder;
  const width = 2 + 2 * N;
  const counter = new BleuCounter(N);
  const row = new Float64Array(width);
  let seen = 0;
  const fixedNrefs = o.nrefs;
  const refSpans: Spans[] = [];
  const fields = {
    lowercase,
    effectiveOrder: o.effectiveOrder,
    tokenizer: tokenizer.signature,
    smoothMethod: o.smoothMethod,
    smoothValue: o.smoothValue,
    maxNgramOrder: N,
    normalizer: normalizer?.signature,
  };

  function checkNrefs(count: number, index: number): void {
    if (typeof fixedNrefs === "number" && count !== fixedNrefs) {
      throw new GramscoreError(
        ErrorCode.LENGTH_MISMATCH,
        `Segment ${index} has ${count} reference${count === 1 ? "" : "s"}, but this BLEU was created with nrefs: ${fixedNrefs}. ` +
          'Give every segment that many references, or create the metric with nrefs: "var" (or without nrefs).',
        { details: { index, expected: fixedNrefs, received: count } },
      );
    }
    seen = combineNrefs(seen, count);
  }

  // References tokenized before (keyed by the raw text), bounded in entries and in estimated bytes.
  const cache = new BoundedCache<Spans>(isBuiltin(tokenizer) && o.referenceCacheBytes > 0 ? o.referenceCache : 0, o.referenceCacheBytes);
  function referenceSpans(text: string, r: number): Spans {
    if (!cache.enabled) return toSpans(prepare(text), counter.scratch(r + 1));
    let entry = cache.get(text);
    if (entry === undefined) {
      const spans = toSpans(prepare(text), counter.scratch(r + 1));
      const bytes = cacheEntryBytes(text, spans);
      // A reference larger than the whole cache is scored from the scratch spans, never kept.
      if (bytes > cache.maxBytes) return spans;
      entry = freezeSpans(spans);
      cache.set(text, entry, bytes);
    }
    return entry;
  }

  /** Counts one validated segment into `out` (adding when `add`). */
  function countInto(hyp: string, refs: readonly string[], out: Float64Array, add: boolean): void {
    const h = toSpans(prepare(hyp), counter.scratch(0));
    for (let r = 0; r < refs.length; r++) refSpans[r] = referenceSpans(refs[r]!, r);
    counter.countSpans(h, refSpans, refs.length, out, 0, add);
  }

  /**
   * What validateSegment accepts, checked without its error paths; a reference found in the cache was
   * checked when it was cached. On false, validateSegment runs and throws its error.
   */
  function isValid(seg: unknown): boolean {
    if (!hasSegmentShape(seg) || findLoneSurrogate(seg.hyp) >= 0) return false;
    const refs = seg.refs;
    for (let r = 0; r < refs.length; r++) if (!cache.has(refs[r]!) && findLoneSurrogate(refs[r]!) >= 0) return false;
    return true;
  }

  function toStats(values: Float64Array, nrefs: number): BleuStats {
    const matches = new Array<number>(N);
    const totals = new Array<number>(N);
    for (let n = 0; n < N; n++) {
      matches[n] = values[MATCH + n]!;
      totals[n] = values[MATCH + N + n]!;
    }
    return { sysLen: values[SYS]!, refLen: values[REF]!, matches, totals, nrefs };
  }

  return {
    options: o,
    tokenizer,
    N,
    width,
    tokenize,
    cache,
    checkNrefs,
    sum(segments, validate) {
      const sums = new Float64Array(width);
      let nrefs = 0;
      let index = 0;
      for (const raw of segments) {
        const seg = validate && !isValid(raw) ? validateSegment(raw, index) : raw;
        checkNrefs(seg.refs.length, index);
        nrefs = combineNrefs(nrefs, seg.refs.length);
        countInto(seg.hyp, seg.refs, sums, true);
        index++;
      }
      return toStats(sums, nrefs);
    },
    count(hyp, refs) {
      validateSegment({ hyp, refs }, 0);
      checkNrefs(refs.length, 0);
      countInto(hyp, refs, row, false);
      return row;
    },
    toStats,
    note(nrefs) {
      seen = combineNrefs(seen, nrefs);
    },
    signature(stats, short) {
      const nrefs = stats !== undefined && stats.nrefs !== 0 ? stats.nrefs : seen;
      return bleuSignature({ nrefs: fixedNrefs ?? nrefsLabel(nrefs), ...fields }, short);
    },
  };
}

/** The metric object (without {@link Extras}) around a {@link Counter}. */
function metricOf(c: Counter): Omit<BleuMetric, Extras> {
  const { N, width, options: o } = c;

  function checkStats(s: BleuStats, what: string): void {
    if (s === null || typeof s !== "object" || !Array.isArray(s.matches) || s.matches.length !== N) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `${what} must be BLEU statistics with ${N} orders ({ sysLen, refLen, matches, totals, nrefs }), but got ${describeValue(s)}. ` +
          "Statistics of a BLEU with another maxNgramOrder cannot be combined with these.",
      );
    }
  }

  return {
    name: "bleu",
    higherIsBetter: true,
    options: o,
    tokenizer: c.tokenizer,
    tokenize(text) {
      return c.tokenize(assertText(text, "The text"));
    },
    empty() {
      return { sysLen: 0, refLen: 0, matches: new Array<number>(N).fill(0), totals: new Array<number>(N).fill(0), nrefs: 0 };
    },
    stats(hyp, refs) {
      return c.toStats(c.count(hyp, refs), refs.length);
    },
    merge(a, b) {
      checkStats(a, "The first argument of merge");
      checkStats(b, "The second argument of merge");
      const matches = new Array<number>(N);
      const totals = new Array<number>(N);
      for (let n = 0; n < N; n++) {
        matches[n] = a.matches[n]! + b.matches[n]!;
        totals[n] = a.totals[n]! + b.totals[n]!;
      }
      const nrefs = combineNrefs(a.nrefs, b.nrefs);
      return { sysLen: a.sysLen + b.sysLen, refLen: a.refLen + b.refLen, matches, totals, nrefs };
    },
    score(stats) {
      checkStats(stats, "The statistics to score");
      c.note(stats.nrefs);
      return computeBleu(stats.sysLen, stats.refLen, stats.matches, stats.totals, o);
    },
    signature(stats?: BleuStats) {
      return c.signature(stats, false);
    },
    shortSignature(stats?: BleuStats) {
      return c.signature(stats, true);
    },
    summarize(result) {
      return { score: result.score, bp: result.bp };
    },
    rows(key) {
      checkScoreKey(key, "BLEU", "BLEU");
      return {
        name: "BLEU",
        width,
        float32: true,
        toRow(stats, out, offset) {
          out[offset + SYS] = stats.sysLen;
          out[offset + REF] = stats.refLen;
          for (let n = 0; n < N; n++) {
            out[offset + MATCH + n] = stats.matches[n]!;
            out[offset + MATCH + N + n] = stats.totals[n]!;
          }
        },
        // sacrebleu takes int() of the two lengths; counts go through float64 arithmetic either way.
        score(sums) {
          return computeBleuAt(Math.trunc(sums[SYS]!), Math.trunc(sums[REF]!), sums, MATCH, sums, MATCH + N, o).score;
        },
        scoreStats(stats) {
          return computeBleu(stats.sysLen, stats.refLen, stats.matches, stats.totals, o).score;
        },
      };
    },
    format(result, options) {
      return formatBleu(result, { width: options?.width ?? 2 });
    },
    parseStats(value) {
      const s = parseBleuStats(value, N);
      c.note(s.nrefs);
      return s;
    },
    corpusStats(segments) {
      return c.sum(segments, true);
    },
    referenceCacheUsage() {
      const cache = c.cache;
      return { entries: cache.size, bytes: cache.bytes, maxEntries: cache.maxEntries, maxBytes: cache.maxBytes };
    },
  };
}

const STATS_KEYS = ["sysLen", "refLen", "matches", "totals", "nrefs"];


/**
 * Validates BLEU statistics read from JSON: non-negative integers, `maxNgramOrder` orders, matches
 * never above totals, totals never increasing with the order.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseBleuStats(value: unknown, maxNgramOrder = 4): BleuStats {
  const v = statsObject(value, "BLEU", "{ sysLen, refLen, matches, totals, nrefs }");
  for (const key of Object.keys(v)) {
    if (!STATS_KEYS.includes(key)) throw invalidStats(`BLEU statistics have no field "${key}"; the fields are ${STATS_KEYS.join(", ")}.`);
  }
  const sysLen = readCount(v.sysLen, (got) => `BLEU statistics need sysLen as a non-negative integer, but got ${got}.`);
  const refLen = readCount(v.refLen, (got) => `BLEU statistics need refLen as a non-negative integer, but got ${got}.`);
  const nrefs = v.nrefs ?? 0;
  if (typeof nrefs !== "number" || !Number.isInteger(nrefs) || nrefs < -1) {
    throw invalidStats(`BLEU statistics need nrefs as an integer (k references, 0 for none, -1 when it varies), but got ${describeValue(v.nrefs)}.`);
  }
  const [matches, totals] = (["matches", "totals"] as const).map((key) =>
    readCounts(v[key], maxNgramOrder, {
      shape: (got) => `BLEU statistics need ${key} as ${maxNgramOrder} non-negative integers (one per order, maxNgramOrder ${maxNgramOrder}), but got ${got}.`,
    }),
  ) as [number[], number[]];
  for (let n = 0; n < maxNgramOrder; n++) {
    if (matches[n]! > totals[n]!) {
      throw invalidStats(`BLEU statistics are inconsistent: order ${n + 1} has ${matches[n]} matches but only ${totals[n]} n-grams.`);
    }
    if (n > 0 && totals[n]! > totals[n - 1]!) {
      throw invalidStats(`BLEU statistics are inconsistent: order ${n + 1} has more n-grams (${totals[n]}) than order ${n} (${totals[n - 1]}).`);
    }
  }
  if (totals[0] !== sysLen) {
    throw invalidStats(`BLEU statistics are inconsistent: sysLen is ${sysLen} but there are ${totals[0]} unigrams.`);
  }
  return { sysLen, refLen, matches, totals, nrefs };
}

function checkStreams(hyps: unknown, refStreams: unknown): void {
  if (!Array.isArray(hyps)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `bleu(hyps, refStreams) needs the hypotheses as an array of strings, but got ${describeValue(hyps)}.`,
    );
  }
  if (Array.isArray(refStreams) && refStreams.length > 0 && typeof refStreams[0] === "string") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      "bleu(hyps, refStreams) needs one array per reference stream (refStreams[k][i] is the k-th reference of hypothesis i), " +
        "but got a flat array of strings. For one reference per hypothesis write bleu(hyps, [refs]).",
    );
  }
}

/**
 * Options for a metric that scores one corpus and is dropped: no reference cache (references rarely
 * repeat within one corpus), unless asked for.
 */
function oneShot(options: BleuOptions | undefined): BleuOptions {
  if (options === null || typeof options !== "object") return { referenceCache: 0 };
  return options.referenceCache === undefined ? { ...options, referenceCache: 0 } : options;
}

function emptyCorpus(): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    "The corpus is empty: there is no hypothesis to score. Pass at least one hypothesis with its references.",
  );
}

/**
 * Corpus BLEU in sacrebleu's layout: `bleu(hyps, [refsA, refsB])` scores `hyps[i]` against
 * `refsA[i]` and `refsB[i]`, as sacrebleu's `corpus_bleu(hyps, [refsA, refsB])`. Lengths must agree
 * (sacrebleu silently truncates); `null` references allow a variable number per segment.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT`, `INVALID_TYPE`, `INVALID_OPTION`.
 */
export function bleu(
  hyps: readonly string[],
  refStreams: readonly (readonly (string | null | undefined)[])[],
  options?: BleuOptions,
): BleuScore {
  return bleuWith(MAIN, hyps, refStreams, options);
}

/** {@link bleu} under an entry point's rules (the main or the lean entry's). */
export function bleuWith(
  rules: EntryRules,
  hyps: readonly string[],
  refStreams: readonly (readonly (string | null | undefined)[])[],
  options: BleuOptions | undefined,
): BleuScore {
  checkStreams(hyps, refStreams);
  const counter = buildCounter(oneShot(options), undefined, rules);
  const segments = toSegments(hyps, refStreams);
  if (segments.length === 0) throw emptyCorpus();
  // toSegments validated every record already.
  return corpusScore(counter, counter.sum(segments, false));
}

/** The corpus result of summed statistics, with the signature. */
function corpusScore(counter: Counter, stats: BleuStats): BleuScore {
  const result = computeBleu(stats.sysLen, stats.refLen, stats.matches, stats.totals, counter.options);
  return withSignature(result, counter.signature(undefined, false));
}

/**
 * Corpus BLEU of segment-major records `{ hyp, refs }` (every hypothesis with all of its references).
 * @throws GramscoreError for invalid records, an empty corpus or bad options.
 */
export function corpusBleu(segments: Iterable<Segment>, options?: BleuOptions): BleuScore {
  return corpusBleuWith(MAIN, segments, options);
}

/** {@link corpusBleu} under an entry point's rules. */
export function corpusBleuWith(rules: EntryRules, segments: Iterable<Segment>, options: BleuOptions | undefined): BleuScore {
  const counter = buildCounter(oneShot(options), undefined, rules);
  const stats = counter.sum(segments, true);
  if (stats.nrefs === 0) throw emptyCorpus();
  return corpusScore(counter, stats);
}

/**
 * The counters sentenceBleu() keeps for one entry point: the one of the default options, and one per
 * options object while that object lives.
 */
export interface SentenceCounters {
  readonly rules: EntryRules;
  fallback: Counter | undefined;
  readonly byOptions: WeakMap<object, Counter>;
  /** The signature of each counter per reference count (a few counts at most). */
  readonly signatures: WeakMap<Counter, Map<number, string>>;
}

/** A fresh {@link SentenceCounters} for an entry point with these rules. */
export function sentenceCounters(rules: EntryRules): SentenceCounters {
  return { rules, fallback: undefined, byOptions: new WeakMap(), signatures: new WeakMap() };
}

const MAIN_SENTENCES = /* @__PURE__ */ sentenceCounters(MAIN);

/**
 * Sentence BLEU of one hypothesis against its references, as sacrebleu's `sentence_bleu`: the same
 * options as {@link createBleu} but with `effectiveOrder` on by default. The metric built for an
 * options object is reused while that object lives (so is its reference cache).
 * @throws GramscoreError `INVALID_TYPE`, `EMPTY_INPUT` (no reference), `INVALID_OPTION`.
 */
export function sentenceBleu(hyp: string, refs: readonly string[], options?: BleuOptions): BleuScore {
  return sentenceBleuWith(MAIN_SENTENCES, hyp, refs, options);
}

/** {@link sentenceBleu} with an entry point's counters. */
export function sentenceBleuWith(counters: SentenceCounters, hyp: string, refs: readonly string[], options: BleuOptions | undefined): BleuScore {
  let built: Counter | undefined;
  if (options === undefined) {
    built = counters.fallback ??= buildCounter({ effectiveOrder: true }, undefined, counters.rules);
  } else if (options !== null && typeof options === "object") {
    built = counters.byOptions.get(options);
    if (built === undefined) {
      built = buildCounter({ effectiveOrder: true, ...options }, undefined, counters.rules);
      counters.byOptions.set(options, built);
    }
  } else {
    built = buildCounter(options, undefined, counters.rules);
  }
  if (typeof refs === "string") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      "sentenceBleu(hyp, refs) needs the references as an array of strings, but got a string. Write sentenceBleu(hyp, [ref]).",
    );
  }
  const row = built.count(hyp, refs);
  const N = built.N;
  return withSignature(computeBleuAt(row[SYS]!, row[REF]!, row, MATCH, row, MATCH + N, built.options), sentenceSignature(counters, built, refs.length));
}

/** The signature a counter gives for `nrefs` references, remembered per counter. */
function sentenceSignature(counters: SentenceCounters, counter: Counter, nrefs: number): string {
  let byCount = counters.signatures.get(counter);
  if (byCount === undefined) counters.signatures.set(counter, (byCount = new Map()));
  let sig = byCount.get(nrefs);
  if (sig === undefined) {
    const o = counter.options;
    sig = bleuSignature({
      nrefs,
      lowercase: o.lowercase,
      effectiveOrder: o.effectiveOrder,
      tokenizer: counter.tokenizer.signature,
      smoothMethod: o.smoothMethod,
      smoothValue: o.smoothValue,
      maxNgramOrder: o.maxNgramOrder,
      normalizer: o.normalize?.signature,
    });
    if (byCount.size < 64) byCount.set(nrefs, sig);
  }
  return sig;
}

/** A result with its signature, built field by field (faster than a spread on the hot path). */
function withSignature(r: BleuResult, signature: string): BleuScore {
  return {
    name: "BLEU",
    score: r.score,
    counts: r.counts,
    totals: r.totals,
    precisions: r.precisions,
    bp: r.bp,
    sysLen: r.sysLen,
    refLen: r.refLen,
    ratio: r.ratio,
    signature,
  };
}

/**
 * Explains the BLEU of one segment: every hypothesis n-gram per order with its count, clip and the
 * reference that allowed it, the reference length chosen, and the segment result.
 */
export function explainBleu(hyp: string, refs: readonly string[], options?: BleuOptions): BleuExplanation {
  return createBleu(options).explain(hyp, refs);
}
