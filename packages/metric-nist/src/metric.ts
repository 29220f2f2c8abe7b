import { assertText, checkSegmentInput, describeValue, formatSignature, log, scoreMethods, validateSegment, signatureVersion, invalidStats, statsObject } from "@gramscore/core";
import type { FormatOptions, MetricContext, ScoreLevel, StatsMetric, Tokenizer } from "@gramscore/core";
import { resolveNistOptions, resolveTokenizer } from "./options.js";
import type { NistOptions, ResolvedNistOptions } from "./options.js";
import { canonicalChunks } from "./chunks.js";
import { checkNistBytes, segmentBytes } from "./memory.js";
import { nistDetail, nistWorkspace } from "./score.js";
import type { NistSegment } from "./score.js";
import { VERSION } from "./version.js";

/**
 * Sufficient statistics of NIST: the tokenized segments, in corpus order, each `[hypothesis tokens,
 * reference 1 tokens, …]`. NIST's information weights come from the n-gram counts of every
 * reference of the whole corpus, and which reference a segment uses depends on those weights, so no
 * fixed-size summary merges exactly: the statistics keep what the counts are made of (tokens are
 * their most compact form: the n-gram counts of orders 1…5 would be about five times larger). They
 * merge by concatenation (earlier statistics first, as NLTK sums segments in corpus order); the
 * score is computed from all of them at once.
 */
export interface NistStats {
  /**
   * The segments in corpus order, in chunks whose sizes are the binary digits of the segment count,
   * largest first (see {@link canonicalChunks}): `chunks.flat()[i][0]` is the hypothesis tokens of
   * segment `i`, `[1…]` its references' tokens. Merging keeps this form.
   */
  readonly chunks: readonly (readonly NistSegment[])[];
}

/** A NIST score, for one segment or a corpus. */
export interface NistResult {
  /** `NIST`. */
  readonly name: "NIST";
  /** The score: the sum over orders of information-weighted precision, times the length penalty. */
  readonly score: number;
  /** Whether it scores one segment (NLTK's `sentence_nist`) or a corpus (`corpus_nist`). */
  readonly level: ScoreLevel;
  /** Per order `1 … n`: summed information-weighted matches / summed hypothesis n-grams. */
  readonly precisions: number[];
  /** NIST's length penalty. */
  readonly lengthPenalty: number;
  /** Hypothesis words (NLTK's `l_sys` divided by n). */
  readonly hypLength: number;
  /** NLTK's `l_ref` divided by n: the chosen references' length, averaged over the orders. */
  readonly refLength: number;
  /** Segments scored. */
  readonly segments: number;
  /** `n:5|tok:whitespace|version:gramscore-0.1.0`. */
  readonly signature: string;
}

/** One order of a {@link NistExplanation}. */
export interface NistOrderExplanation {
  /** The order. */
  readonly order: number;
  /** The reference used for this order (the largest `(precision, numerator, …)`). */
  readonly reference: number;
  /** Information-weighted matches / hypothesis n-grams of this order. */
  readonly precision: number;
  /** The matched n-grams with their clipped counts and information weights, in hypothesis order. */
  readonly matched: readonly { readonly ngram: string[]; readonly count: number; readonly weight: number }[];
}

/** What {@link NistMetric.explain} returns: NLTK's `sentence_nist` of one segment, taken apart. */
export interface NistExplanation {
  /** The segment's NIST (its references alone give the information weights). */
  readonly score: number;
  /** The hypothesis tokens. */
  readonly hypTokens: string[];
  /** Each reference's tokens. */
  readonly refTokens: string[][];
  /** Per order, the reference used and the matches. */
  readonly orders: readonly NistOrderExplanation[];
  /** NIST's length penalty. */
  readonly lengthPenalty: number;
}

/** A NIST metric: core's {@link StatsMetric} with typed extras. */
export interface NistMetric extends StatsMetric<NistStats, NistResult, ResolvedNistOptions> {
  /** The tokenizer in use. */
  readonly tokenizer: Tokenizer;
  /** `NIST = 4.2735` (`width` decimals, default 4). */
  format(result: NistResult, options?: FormatOptions): string;
  /** The orders, chosen references, matches and information weights of one segment. */
  explain(hyp: string, refs: readonly string[]): NistExplanation;
  /** The tokens this metric scores for a text. */
  tokens(text: string): string[];
}

const checkSegment = (hyp: unknown, refs: unknown): void => checkSegmentInput(hyp, refs, "NIST", true);

/**
 * Creates a NIST metric identical to NLTK 3.8's `corpus_nist` (and `sentence_nist` for one segment).
 * @throws GramscoreError `INVALID_OPTION` for a bad option, `UNKNOWN_TOKENIZER` for an unknown tokenizer name.
 */
export function createNist(options?: NistOptions, context?: MetricContext): NistMetric {
  return makeNist(resolveNistOptions(options), context);
}

/** @internal Creates the metric from resolved options. */
export function makeNist(opts: ResolvedNistOptions, context?: MetricContext): NistMetric {
  const n = opts.maxNgramOrder;
  const work = nistWorkspace();
  const tokenizer = resolveTokenizer(opts.tokenize, context, "NIST");
  const tokenize = (text: string): string[] => tokenizer.tokenize(text);
  const signature = formatSignature([
    ["n", n],
    ["tok", tokenizer.signature],
    ["version", signatureVersion(VERSION)],
  ]);
  const segmentOf = (hyp: string, refs: readonly string[]): NistSegment => {
    const out: string[][] = new Array(refs.length + 1);
    out[0] = tokenize(hyp);
    for (let k = 0; k < refs.length; k++) out[k + 1] = tokenize(refs[k]!);
    return out;
  };

  const metric: NistMetric = {
    name: "nist",
    higherIsBetter: true,
    options: opts,
    tokenizer,

    empty() {
      return { chunks: [] };
    },

    stats(hyp, refs) {
      checkSegment(hyp, refs);
      const segment = segmentOf(hyp, refs);
      const bytes = segmentBytes(segment);
      checkNistBytes(bytes, 1);
      return sized({ chunks: [[segment]] }, bytes);
    },

    merge(a, b) {
      if (a.chunks.length === 0) return b;
      if (b.chunks.length === 0) return a;
      // The size is checked before the merged chunks are built.
      const bytes = bytesOf(a) + bytesOf(b);
      checkNistBytes(bytes, countOf(a) + countOf(b));
      return sized({ chunks: canonicalChunks([...a.chunks, ...b.chunks]) }, bytes);
    },

    corpusStats(segments) {
      const out: NistSegment[] = [];
      let bytes = 0;
      let index = 0;
      for (const seg of segments) {
        const valid = validateSegment(seg, index++);
        const segment = segmentOf(valid.hyp, valid.refs);
        bytes += segmentBytes(segment);
        checkNistBytes(bytes, out.length + 1);
        out.push(segment);
      }
      return sized({ chunks: canonicalChunks([out]) }, bytes);
    },

    score(stats, level) {
      const segments = stats.chunks.length === 1 ? stats.chunks[0]! : stats.chunks.flat();
      const d = nistDetail(segments, n, false, work);
      return {
        name: "NIST",
        score: d.score,
        level,
        precisions: d.precisions,
        lengthPenalty: d.lengthPenalty,
        hypLength: d.sysLength / n,
        refLength: d.refLength / n,
        segments: segments.length,
        signature,
      };
    },

    signature() {
      return signature;
    },

    ...scoreMethods<NistStats, NistResult>(4, parseNistStats),

    tokens(text) {
      assertText(text, "The text");
      return tokenize(text);
    },

    explain(hyp, refs) {
      checkSegment(hyp, refs);
      const seg = segmentOf(hyp, refs);
      const d = nistDetail([seg], n, true);
      const choice = d.chosen![0]!;
      const hypTokens = seg[0] as string[];
      // Information weights of this segment's references, recounted plainly for display.
      const counts = new Map<string, number>();
      let refWords = 0;
      for (let r = 1; r < seg.length; r++) {
        const t = seg[r]!;
        refWords += t.length;
        for (let o = 1; o <= n; o++) for (let p = 0; p + o <= t.length; p++) {
          const key = JSON.stringify(t.slice(p, p + o));
          counts.set(key, (counts.get(key) ?? 0) + 1);
        }
      }
      const weightOf = (gram: readonly string[]): number => {
        const own = counts.get(JSON.stringify(gram))!;
        const prefix = gram.length === 1 ? refWords : counts.get(JSON.stringify(gram.slice(0, -1)))!;
        return log(prefix / own) / log(2);
      };
      const orders: NistOrderExplanation[] = [];
      for (let o = 1; o <= n; o++) {
        const ref = seg[choice[o - 1]! + 1]!;
        const refCount = new Map<string, number>();
        for (let p = 0; p + o <= ref.length; p++) {
          const key = JSON.stringify(ref.slice(p, p + o));
          refCount.set(key, (refCount.get(key) ?? 0) + 1);
        }
        const hypCount = new Map<string, number>();
        for (let p = 0; p + o <= hypTokens.length; p++) {
          const key = JSON.stringify(hypTokens.slice(p, p + o));
          hypCount.set(key, (hypCount.get(key) ?? 0) + 1);
        }
        const matched: { ngram: string[]; count: number; weight: number }[] = [];
        for (const [key, c] of hypCount) {
          const m = Math.min(c, refCount.get(key) ?? 0);
          if (m > 0) {
            const gram = JSON.parse(key) as string[];
            matched.push({ ngram: gram, count: m, weight: weightOf(gram) });
          }
        }
        orders.push({ order: o, reference: choice[o - 1]!, precision: d.precisions[o - 1]!, matched });
      }
      return { score: d.score, hypTokens, refTokens: seg.slice(1) as string[][], orders, lengthPenalty: d.lengthPenalty };
    },
  };
  return metric;
}

/** Estimated bytes of statistics this module built or parsed (so merges need not walk the tokens). */
const SIZES = new WeakMap<NistStats, number>();

function sized(stats: NistStats, bytes: number): NistStats {
  SIZES.set(stats, bytes);
  return stats;
}

/** The estimated bytes of `stats` ({@link segmentBytes} summed; computed once for statistics from elsewhere). */
function bytesOf(stats: NistStats): number {
  let bytes = SIZES.get(stats);
  if (bytes === undefined) {
    bytes = 0;
    for (const chunk of stats.chunks) for (const seg of chunk) bytes += segmentBytes(seg);
    SIZES.set(stats, bytes);
  }
  return bytes;
}

function countOf(stats: NistStats): number {
  let n = 0;
  for (const chunk of stats.chunks) n += chunk.length;
  return n;
}

/**
 * Validates NIST statistics read from JSON: `{ chunks }`, arrays of segments, each segment an array
 * of at least two token arrays (the hypothesis's, then each reference's) of strings; any chunking is
 * accepted and returned in the canonical one.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong and where, `LIMIT_EXCEEDED` past the
 *   memory limit (`setNistMemoryLimit`).
 */
export function parseNistStats(value: unknown): NistStats {
  const { chunks } = statsObject(value, "NIST", "{ chunks }");
  if (!Array.isArray(chunks) || !chunks.every((c) => Array.isArray(c))) {
    throw invalidStats(
      `NIST statistics need chunks: arrays of segments, each segment [hypothesis tokens, reference tokens…], but got ${describeValue(chunks)}. ` +
        "Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).",
    );
  }
  const parts: NistSegment[][] = [];
  let index = 0;
  let bytes = 0;
  for (const chunk of chunks as unknown[][]) {
    const part: NistSegment[] = [];
    for (const seg of chunk) {
      if (!Array.isArray(seg) || seg.length < 2) {
        throw invalidStats(`NIST statistics: segment ${index} must be [hypothesis tokens, reference tokens, …] (at least two token arrays), but got ${describeValue(seg)}.`);
      }
      for (let k = 0; k < seg.length; k++) {
        const tokens: unknown = seg[k];
        if (!Array.isArray(tokens) || !tokens.every((t) => typeof t === "string")) {
          throw invalidStats(`NIST statistics: segment ${index}, entry ${k} must be an array of token strings, but got ${describeValue(tokens)}.`);
        }
      }
      const segment = (seg as string[][]).map((t) => t.slice());
      bytes += segmentBytes(segment);
      checkNistBytes(bytes, index + 1);
      part.push(segment);
      index++;
    }
    parts.push(part);
  }
  return sized({ chunks: canonicalChunks(parts) }, bytes);
}
