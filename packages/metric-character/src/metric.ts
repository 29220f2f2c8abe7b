import {
  atSegment,
  ErrorCode,
  GramscoreError,
  assertText,
  describeValue,
  formatScoreLine,
  formatSignature,
  pySplit,
  resolveOptions,
  signatureVersion,
} from "@gramscore/core";
import type { FormatOptions, Metric, OptionRules, OptionSpec, ScoreLevel, StatsRows } from "@gramscore/core";
import { cerScore, characterScore } from "./character.js";
import type { CharacterTrace } from "./character.js";
import { eedChars, eedCpp, eedPython, preprocessEn, preprocessJa } from "./eed.js";
import type { EedCosts } from "./eed.js";
import { exactMean, float32Sum, pyMedian, pySum, readScoreList } from "./stats.js";
import type { ScoreListStats } from "./stats.js";
import { VERSION } from "./version.js";

/** Statistics of characTER: the sentence scores in corpus order. */
export type CharacterStats = ScoreListStats;
/** Statistics of EED: the sentence scores in corpus order. */
export type EedStats = ScoreListStats;

/** How sentence scores become the corpus score (HF's `aggregate`). */
export type CharacterAggregate = "mean" | "median" | "sum";

/** Options of `character`. */
export interface CharacterOptions {
  /** `mean` (default; Python's `statistics.mean`, correctly rounded), `median` or `sum` (HF's `aggregate`). */
  aggregate?: CharacterAggregate;
}

/** {@link CharacterOptions} with the default filled in. */
export interface ResolvedCharacterOptions {
  /** The aggregation. */
  readonly aggregate: CharacterAggregate;
}

/** A characTER result. */
export interface CharacterResult {
  /** `characTER`. */
  readonly name: "characTER";
  /** The corpus (or sentence) score: 0 = identical, lower is better (HF's `cer_score`). */
  readonly score: number;
  /** Segments scored. */
  readonly segments: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** `character:hf|agg:mean|version:…`. */
  readonly signature: string;
}

/** Options of `eed` and `eed_rwth` (torchmetrics' names and defaults). */
export interface EedOptions {
  /** `en` (default: rwth-i6's English preprocessing) or `ja` (NFKC, no blanks added; torchmetrics only). */
  language?: "en" | "ja";
  /** Jump penalty (default 2). */
  alpha?: number;
  /** Coverage cost (default 0.3). */
  rho?: number;
  /** Deletion cost (default 0.2). */
  deletion?: number;
  /** Insertion and substitution cost (default 1). */
  insertion?: number;
}

/** {@link EedOptions} with the defaults filled in. */
export interface ResolvedEedOptions extends EedCosts {
  /** The preprocessing. */
  readonly language: "en" | "ja";
}

/** An EED result. */
export interface EedResult {
  /** `EED`. */
  readonly name: "EED";
  /** The corpus (or sentence) score: 0 = identical, at most 1, lower is better. */
  readonly score: number;
  /** Segments scored. */
  readonly segments: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** `eed:torchmetrics|lang:en|…|version:…` or `eed:rwth-cpp|…`. */
  readonly signature: string;
}

/** One reference in a characTER explanation: what characTER computed against it (word positions of each shift in the hypothesis before it). */
export interface CharacterReferenceExplanation extends CharacterTrace {
  /** The reference as given. */
  readonly reference: string;
}

/** What `explain` returns for characTER: every reference's computation; the score is the lowest. */
export interface CharacterExplanation {
  /** The segment's score (the lowest over the references). */
  readonly score: number;
  /** Per reference. */
  readonly references: CharacterReferenceExplanation[];
}

/** What `explain` returns for EED: the preprocessed strings and every reference's score. */
export interface EedExplanation {
  /** The segment's score (the lowest over the references). */
  readonly score: number;
  /** The hypothesis as EED compares it (blanks at both ends for English). */
  readonly hypothesis: string;
  /** Per reference: the preprocessed reference and its score. */
  readonly references: { readonly reference: string; readonly score: number }[];
}

/** The options of `character`. */
export const characterOptionSpecs: readonly OptionSpec[] = [
  {
    key: "aggregate",
    flag: "aggregate",
    type: "string",
    choices: ["mean", "median", "sum"],
    description: "how sentence scores make the corpus score (HF evaluate's aggregate)",
    default: "mean",
  },
];

/** The options of `eed` and `eed_rwth` (torchmetrics' names; the flags carry an `eed-` prefix). */
export const eedOptionSpecs: readonly OptionSpec[] = [
  { key: "language", flag: "eed-language", type: "string", choices: ["en", "ja"], description: "EED's preprocessing: en (rwth-i6's English rules) or ja (NFKC)", default: "en" },
  { key: "alpha", flag: "eed-alpha", type: "number", min: 0, description: "EED's jump penalty", default: 2.0 },
  { key: "rho", flag: "eed-rho", type: "number", min: 0, description: "EED's coverage cost", default: 0.3 },
  { key: "deletion", flag: "eed-deletion", type: "number", min: 0, description: "EED's deletion cost", default: 0.2 },
  { key: "insertion", flag: "eed-insertion", type: "number", min: 0, description: "EED's insertion and substitution cost", default: 1.0 },
];

/**
 * Checks characTER options and fills in the default.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveCharacterOptions(options: CharacterOptions | undefined, metric = "character"): ResolvedCharacterOptions {
  return resolveOptions<ResolvedCharacterOptions>(options, { metric, example: '{ aggregate: "mean" }', rules: characterOptionSpecs });
}

/**
 * Checks EED options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveEedOptions(options: EedOptions | undefined, metric = "eed"): ResolvedEedOptions {
  const rules: OptionRules = { metric, example: '{ language: "en", alpha: 2.0 }', rules: eedOptionSpecs };
  const r = resolveOptions<ResolvedEedOptions>(options, rules);
  for (const k of ["alpha", "rho", "deletion", "insertion"] as const) {
    if (!Number.isFinite(r[k])) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `${metric} option ${k} must be a finite non-negative number, but got ${describeValue(r[k])}.`, {
        details: { option: k },
      });
    }
  }
  return r;
}

/** What checkSegment calls the first references. */
const REF_LABELS = ["Reference 0", "Reference 1", "Reference 2", "Reference 3"];

function checkSegment(metric: string, hyp: unknown, refs: unknown): readonly string[] {
  if (typeof hyp !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The ${metric} hypothesis must be a string, but got ${describeValue(hyp)}.`);
  }
  assertText(hyp, "The hypothesis");
  if (!Array.isArray(refs) || refs.length === 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${metric} needs an array of one or more reference strings per hypothesis, but got ${describeValue(refs)}. For one reference write [reference].`,
    );
  }
  for (let k = 0; k < refs.length; k++) assertText(refs[k], k < REF_LABELS.length ? REF_LABELS[k]! : `Reference ${k}`);
  return refs as readonly string[];
}

/** The metric shape shared by characTER and EED. */
interface ScoreListMetric<R> extends Metric<ScoreListStats, R> {
  /** One line: `characTER = 0.3662`. */
  format(result: R, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): ScoreListStats;
  /** Resampling rows `[sentence score]` (the corpus score of a resample is their mean). */
  rows(key?: string): StatsRows<ScoreListStats>;
  /** The score of one hypothesis against its references: the lowest. */
  sentence(hyp: string, refs: readonly string[]): number;
}

/** The characTER metric: core's {@link Metric} with typed extras. */
export interface CharacterMetric extends ScoreListMetric<CharacterResult> {
  /** The options in effect. */
  readonly options: ResolvedCharacterOptions;
  /** Every reference's shifts, shift cost and edit distance. */
  explain(hyp: string, refs: readonly string[]): CharacterExplanation;
}

/** The EED metric: core's {@link Metric} with typed extras. */
export interface EedMetric extends ScoreListMetric<EedResult> {
  /** The options in effect. */
  readonly options: ResolvedEedOptions;
  /** The preprocessed strings and every reference's score. */
  explain(hyp: string, refs: readonly string[]): EedExplanation;
}

function rowsOf(name: string, float32: boolean, aggregate: CharacterAggregate, exact: boolean): StatsRows<ScoreListStats> {
  if (aggregate === "median") {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `${name} with aggregate median cannot be resampled from summed rows; use aggregate mean (the default) or sum for significance tests.`,
      { details: { option: "aggregate" } },
    );
  }
  const of = (sum: number, count: number, f32: boolean): number => {
    if (aggregate === "sum") return sum;
    if (count === 0) return 0;
    return f32 ? Math.fround(sum / count) : sum / count;
  };
  return {
    name,
    width: 1,
    float32,
    toRow(stats, out, offset) {
      out[offset] = float32 ? float32Sum(stats.scores) : pySum(stats.scores);
    },
    score(sums, count, f32) {
      return of(sums[0]!, count, f32);
    },
    scoreStats(stats) {
      if (exact && aggregate === "mean" && stats.scores.length > 0) return exactMean(stats.scores);
      return of(float32 ? float32Sum(stats.scores) : pySum(stats.scores), stats.scores.length, float32);
    },
  };
}

function emptyCorpus(metric: string): GramscoreError {
  return new GramscoreError(ErrorCode.EMPTY_INPUT, `${metric} needs at least one segment, but got none (the reference implementation fails on an empty corpus).`);
}

function buildScoreList<R>(
  sentence: (hyp: string, refs: readonly string[]) => number,
): Pick<ScoreListMetric<R>, "empty" | "stats" | "merge" | "corpusStats" | "sentence"> {
  const stats = (hyp: string, refs: readonly string[]): ScoreListStats => ({ scores: [sentence(hyp, refs)] });
  return {
    empty: () => ({ scores: [] }),
    stats,
    merge: (a, b) => ({ scores: a.scores.concat(b.scores) }),
    corpusStats(segments) {
      const scores: number[] = [];
      let index = 0;
      try {
        for (const seg of segments) {
          scores.push(sentence(seg.hyp, seg.refs));
          index++;
        }
      } catch (e) {
        throw atSegment(e, index);
      }
      return { scores };
    },
    sentence: (hyp, refs) => sentence(hyp, refs),
  };
}

/**
 * Creates characTER as HF evaluate's `character` computes it (the `cer` package, BramVanroy/CharacTER
 * 1.2.0): words are Python's `str.split()`, a segment scores the lowest characTER over its references,
 * the corpus score is `aggregate` over the segments (`mean`: Python's `statistics.mean`, the exact sum
 * over the count correctly rounded). rwth-i6's original script (float32 word-level distances, a
 * left-to-right mean) differs on 7 of 134,323 segments of the conformance data: `cerScore(…, true)`.
 * @throws GramscoreError `INVALID_OPTION` for a bad option.
 */
export function createCharacter(options?: CharacterOptions): CharacterMetric {
  const name = "character";
  const opts = resolveCharacterOptions(options, name);
  const signature = formatSignature([
    ["character", "hf"],
    ["agg", opts.aggregate],
    ["version", signatureVersion(VERSION)],
  ]);
  const sentence = (hyp: string, refs: readonly string[]): number => {
    const list = checkSegment(name, hyp, refs);
    let best = Infinity;
    for (const r of list) {
      const s = characterScore(hyp, r);
      if (s < best) best = s;
    }
    return best;
  };
  const corpusScore = (scores: readonly number[]): number => {
    if (scores.length === 0) throw emptyCorpus(name);
    if (opts.aggregate === "sum") return pySum(scores);
    if (opts.aggregate === "median") return pyMedian(scores);
    return exactMean(scores);
  };
  const parse = (v: unknown) => readScoreList(v, name);
  return {
    name,
    higherIsBetter: false,
    options: opts,
    ...buildScoreList<CharacterResult>(sentence),
    score(stats, level) {
      const s = parse(stats);
      return { name: "characTER", score: corpusScore(s.scores), segments: s.scores.length, level, signature };
    },
    signature: () => signature,
    summarize: (r) => ({ score: r.score, cer_score: r.score }),
    format: (r, o) => formatScoreLine("characTER", r.score, o?.width, 4),
    parseStats: parse,
    rows: () => rowsOf("characTER", false, opts.aggregate, true),
    explain(hyp, refs) {
      const list = checkSegment(name, hyp, refs);
      const references = list.map((reference) => ({ reference, ...cerScore(pySplit(hyp), pySplit(reference), false, []) }));
      return { score: Math.min(...references.map((r) => r.score)), references };
    },
  };
}

/**
 * Creates EED. `variant: "torchmetrics"` (the default metric `eed`) is torchmetrics'
 * `extended_edit_distance`, which ports rwth-i6's Python `eed_python`: double precision, sentence
 * scores returned as float32 tensors, the corpus score their float32 mean. `variant: "rwth-cpp"`
 * (`eed_rwth`) is rwth-i6's scorer (`EED.py` over `EED.cpp`): float32 arithmetic, the first position
 * left out of the coverage, util.py's preprocessing (`i . e .` becomes `e.g.`), the corpus score the
 * double mean of the sentence scores; it reads one reference per line, so with several references
 * gramscore takes the lowest score, as torchmetrics does.
 * @throws GramscoreError `INVALID_OPTION` for a bad option.
 */
export function createEed(options?: EedOptions, variant: "torchmetrics" | "rwth-cpp" = "torchmetrics"): EedMetric {
  const name = variant === "torchmetrics" ? "eed" : "eed_rwth";
  const opts = resolveEedOptions(options, name);
  const cpp = variant === "rwth-cpp";
  const signature = formatSignature([
    ["eed", variant],
    ["lang", opts.language],
    ["alpha", opts.alpha],
    ["rho", opts.rho],
    ["del", opts.deletion],
    ["ins", opts.insertion],
    ["version", signatureVersion(VERSION)],
  ]);
  const chars = (s: string) => eedChars(s, opts.language, cpp);
  const pair = (h: Int32Array, r: Int32Array) => (cpp ? eedCpp(h, r, opts) : eedPython(h, r, opts));
  const sentence = (hyp: string, refs: readonly string[]): number => {
    const list = checkSegment(name, hyp, refs);
    const h = chars(hyp);
    let best = Infinity;
    for (const r of list) {
      const s = pair(h, chars(r));
      if (s < best) best = s;
    }
    // torchmetrics keeps each sentence score as a float32 tensor.
    return cpp ? best : Math.fround(best);
  };
  const corpusScore = (scores: readonly number[]): number => {
    if (cpp) {
      if (scores.length === 0) throw emptyCorpus(name);
      return pySum(scores) / scores.length;
    }
    return scores.length === 0 ? 0 : Math.fround(float32Sum(scores) / scores.length);
  };
  const parse = (v: unknown) => readScoreList(v, name);
  const shown = (s: string) => (opts.language === "ja" ? preprocessJa(s) : " " + preprocessEn(s, cpp) + " ");
  return {
    name,
    higherIsBetter: false,
    options: opts,
    ...buildScoreList<EedResult>(sentence),
    score(stats, level) {
      const s = parse(stats);
      return { name: "EED", score: corpusScore(s.scores), segments: s.scores.length, level, signature };
    },
    signature: () => signature,
    summarize: (r) => ({ score: r.score }),
    format: (r, o) => formatScoreLine("EED", r.score, o?.width, 4),
    parseStats: parse,
    rows: () => rowsOf("EED", !cpp, "mean", false),
    explain(hyp, refs) {
      const list = checkSegment(name, hyp, refs);
      const h = chars(hyp);
      const references = list.map((r) => {
        const s = pair(h, chars(r));
        return { reference: shown(r), score: cpp ? s : Math.fround(s) };
      });
      return { score: Math.min(...references.map((r) => r.score)), hypothesis: shown(hyp), references };
    },
  };
}
