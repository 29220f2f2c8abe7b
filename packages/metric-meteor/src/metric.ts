import { ExactSum, checkScoreKey, checkSegmentInput, describeValue, ErrorCode, exactAdd, exactValue, formatSignature, scoreMethods, GramscoreError, pow, resolveTokenizerOption, validateSegment, signatureVersion, readCount, readExactSum, statsObject } from "@gramscore/core";
import type { FormatOptions, MetricContext, ScoreLevel, Segment, StatsMetric, StatsRows, Tokenizer, TokenizerLike } from "@gramscore/core";
import { createTreebank } from "@gramscore/tokenizer-treebank";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";
import { MeteorAligner, STAGE_EXACT, STAGE_STEM, meteorFromCounts } from "./align.js";
import { resolveMeteorOptions } from "./options.js";
import type { MeteorOptions, ResolvedMeteorOptions } from "./options.js";
import { VERSION } from "./version.js";

/** Sufficient statistics of METEOR: the exact sum of segment scores and their count. */
export interface MeteorStats {
  /**
   * Summed segment scores as an exact sum: canonical non-overlapping doubles, the first being the
   * correctly rounded total (`[]` is 0), so merges in any order give the same corpus score.
   */
  readonly total: number[];
  /** Segments summed. */
  readonly segments: number;
}

/** A METEOR score, for one segment or a corpus. */
export interface MeteorResult {
  /** `METEOR` (or `METEOR-hf` for the HF evaluate variant). */
  readonly name: string;
  /** 0–1. A segment: NLTK's `meteor_score` (best over references); a corpus: the mean of segment scores. */
  readonly score: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** Segments averaged (1 for a segment). */
  readonly segments: number;
  /** `tok:whitespace|stem:porter|syn:wordnet-3.0|alpha:0.9|beta:3|gamma:0.5|version:…`. */
  readonly signature: string;
}

/** One word pair of an alignment. */
export interface MeteorMatch {
  /** Position in the hypothesis tokens. */
  readonly hyp: number;
  /** Position in the reference tokens. */
  readonly ref: number;
  /** The hypothesis token (as tokenized, before lowercasing). */
  readonly hypToken: string;
  /** The reference token. */
  readonly refToken: string;
  /** The stage that paired them. */
  readonly stage: "exact" | "stem" | "synonym";
}

/** The alignment against one reference. */
export interface MeteorAlignment {
  /** The pair's METEOR score. */
  readonly score: number;
  /** Matched words, by hypothesis position. */
  readonly matches: MeteorMatch[];
  /** NLTK's chunk count (1 when nothing matched). */
  readonly chunks: number;
  /** Matches / hypothesis words (0 without hypothesis words). */
  readonly precision: number;
  /** Matches / reference words (0 without reference words). */
  readonly recall: number;
  /** The fragmentation penalty gamma·(chunks/matches)^beta (0 without matches). */
  readonly penalty: number;
  /** Reference tokens. */
  readonly refTokens: string[];
}

/** What {@link MeteorMetric.explain} returns. */
export interface MeteorExplanation {
  /** The segment score: the best over the references. */
  readonly score: number;
  /** Index of the first reference with the best score. */
  readonly reference: number;
  /** Hypothesis tokens. */
  readonly hypTokens: string[];
  /** The alignment with each reference, in order. */
  readonly alignments: MeteorAlignment[];
}

/** A METEOR metric: core's {@link StatsMetric} with typed extras. */
export interface MeteorMetric extends StatsMetric<MeteorStats, MeteorResult, ResolvedMeteorOptions> {
  /** The tokenizer in use. */
  readonly tokenizer: Tokenizer;
  /** `METEOR = 0.5432` (`width` decimals, default 4, rounded half to even). */
  format(result: MeteorResult, options?: FormatOptions): string;
  /** Resampling rows `[score]` for `@gramscore/significance`; one key, `score` (the mean). */
  rows(key?: string): StatsRows<MeteorStats>;
  /** The alignment with every reference: which stage matched each word, chunks, penalty. */
  explain(hyp: string, refs: readonly string[]): MeteorExplanation;
  /** The score of one segment (NLTK's `meteor_score` of its tokens). */
  segmentScore(hyp: string, refs: readonly string[]): number;
}

const REF_CACHE_LIMIT = 1 << 16;

function resolveTokenizer(option: string | TokenizerLike, context: MetricContext | undefined, metric: string): Tokenizer {
  return resolveTokenizerOption(option, {
    builtins: { whitespace: createWhitespace, none: createWhitespace, treebank: createTreebank },
    names: "whitespace (alias none), treebank",
    context,
    metric,
    ownPlugins: ["@gramscore/tokenizer-whitespace", "@gramscore/tokenizer-treebank"],
  });
}

const STAGES = ["exact", "stem", "synonym"] as const;

/**
 * Creates a METEOR metric identical to NLTK 3.8's `meteor_score` on the chosen tokenizer's tokens
 * (`whitespace` = `str.split()`): lowercased words matched in three stages (exact, Porter stem,
 * synonyms from `options.synonyms`) with NLTK's greedy order, F-mean with `alpha`, fragmentation
 * penalty `gamma·(chunks/matches)^beta`, best over the references. The corpus score is the mean of
 * the segment scores. `context` resolves tokenizer names a registry knows.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createMeteor(options?: MeteorOptions, context?: MetricContext): MeteorMetric {
  return makeMeteor(resolveMeteorOptions(options), context, "meteor", "METEOR");
}

/** @internal Creates the metric from resolved options under a registry name and result name. */
export function makeMeteor(opts: ResolvedMeteorOptions, context: MetricContext | undefined, registryName: string, label: string): MeteorMetric {
  const tokenizer = resolveTokenizer(opts.tokenize, context, registryName);
  const tokenize = tokenizer.tokenize.bind(tokenizer);
  const stem = opts.stemmer === "porter";
  const aligner = new MeteorAligner(stem, opts.synonyms);
  let refCache = new Map<string, Int32Array>();
  const { alpha, beta, gamma } = opts;

  const signature = formatSignature([
    ["tok", tokenizer.signature],
    ["stem", opts.stemmer],
    ["syn", opts.synonyms === null ? "none" : opts.synonyms.name],
    ["alpha", alpha],
    ["beta", beta],
    ["gamma", gamma],
    ["version", signatureVersion(VERSION)],
  ]);

  const refIds = (ref: string): Int32Array => {
    let ids = refCache.get(ref);
    if (ids === undefined) {
      if (refCache.size >= REF_CACHE_LIMIT) refCache = new Map();
      ids = aligner.ids(tokenize(ref));
      refCache.set(ref, ids);
    }
    return ids;
  };

  const segmentScore = (hyp: string, refs: readonly string[]): number => {
    checkSegmentInput(hyp, refs, label, false, " (NLTK's meteor_score takes the best over them)");
    if (aligner.maybeReset()) refCache = new Map();
    const h = aligner.ids(tokenize(hyp));
    let best = Number.NEGATIVE_INFINITY;
    for (let k = 0; k < refs.length; k++) {
      const r = refIds(refs[k]!);
      aligner.align(h, r);
      const s = meteorFromCounts(aligner.matches, h.length, r.length, aligner.chunks, alpha, beta, gamma);
      if (s > best) best = s;
    }
    return best;
  };

  const result = (total: number[], segments: number, level: ScoreLevel): MeteorResult => ({
    name: label,
    score: segments === 0 ? 0 : exactValue(total) / segments,
    level,
    segments,
    signature,
  });

  const metric: MeteorMetric = {
    name: registryName,
    higherIsBetter: true,
    options: opts,
    tokenizer,

    empty() {
      return { total: [], segments: 0 };
    },

    stats(hyp, refs) {
      const s = segmentScore(hyp, refs);
      return { total: s === 0 ? [] : [s], segments: 1 };
    },

    corpusStats(segments) {
      const total = new ExactSum();
      let count = 0;
      let index = 0;
      for (const raw of segments) {
        const { hyp, refs } = validateSegment(raw, index++);
        total.add(segmentScore(hyp, refs));
        count++;
      }
      return { total: total.value(), segments: count };
    },

    merge(a, b) {
      return { total: exactAdd(a.total, b.total), segments: a.segments + b.segments };
    },

    score(stats, level) {
      if (stats === null || typeof stats !== "object" || !Array.isArray(stats.total) || typeof stats.segments !== "number") {
        throw new GramscoreError(ErrorCode.INVALID_STATS, `METEOR statistics must be { total: number[], segments }, but got ${describeValue(stats)}.`);
      }
      return result(stats.total, stats.segments, level);
    },

    signature() {
      return signature;
    },

    segmentScore,

    rows(key?: string): StatsRows<MeteorStats> {
      checkScoreKey(key, "METEOR");
      return {
        name: label,
        width: 1,
        float32: false,
        toRow(stats, out, offset) {
          out[offset] = exactValue(stats.total);
        },
        score(sums, count) {
          return count === 0 ? 0 : sums[0]! / count;
        },
        scoreStats(stats) {
          return stats.segments === 0 ? 0 : exactValue(stats.total) / stats.segments;
        },
      };
    },

    ...scoreMethods<MeteorStats, MeteorResult>(4, parseMeteorStats),

    explain(hyp, refs) {
      checkSegmentInput(hyp, refs, label, false, " (NLTK's meteor_score takes the best over them)");
      const local = new MeteorAligner(stem, opts.synonyms);
      const hypTokens = tokenize(hyp);
      const h = local.ids(hypTokens);
      const alignments: MeteorAlignment[] = refs.map((ref) => {
        const refTokens = tokenize(ref);
        const r = local.ids(refTokens);
        local.align(h, r);
        const matches: MeteorMatch[] = [];
        for (let i = 0; i < h.length; i++) {
          const j = local.refOf[i]!;
          if (j < 0) continue;
          const st = local.stageOf[i]!;
          matches.push({ hyp: i, ref: j, hypToken: hypTokens[i]!, refToken: refTokens[j]!, stage: STAGES[st === STAGE_EXACT ? 0 : st === STAGE_STEM ? 1 : 2] });
        }
        const m = local.matches;
        const score = meteorFromCounts(m, h.length, r.length, local.chunks, alpha, beta, gamma);
        return {
          score,
          matches,
          chunks: local.chunks,
          precision: h.length === 0 ? 0 : m / h.length,
          recall: r.length === 0 ? 0 : m / r.length,
          penalty: m === 0 ? 0 : gamma * pow(local.chunks / m, beta),
          refTokens,
        };
      });
      let best = 0;
      for (let k = 1; k < alignments.length; k++) if (alignments[k]!.score > alignments[best]!.score) best = k;
      return { score: alignments[best]!.score, reference: best, hypTokens, alignments };
    },
  };
  return metric;
}

/**
 * Validates METEOR statistics read from JSON: `{ total, segments }` with `total` a canonical exact
 * sum between 0 and `segments`, and `segments` a non-negative integer.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseMeteorStats(value: unknown): MeteorStats {
  const v = statsObject(value, "METEOR", "{ total, segments }");
  const segments = readCount(v.segments, (got) => `METEOR statistics need segments: the number of segments summed (a non-negative integer), but got ${got}.`);
  const total = readExactSum(
    v.total,
    (got) =>
      `METEOR statistics need total: the exact sum of the segment scores as canonical partial sums between 0 and segments (for example [0.5], or [] for 0), ` +
      `but got ${got}. Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).`,
    0,
    segments,
  );
  return { total, segments };
}
