import { ErrorCode, GramscoreError, assertText, describeValue, formatScoreLine, formatSignature, resolveOptions, signatureVersion, invalidStats } from "@gramscore/core";
import type { FormatOptions, Metric, MetricContext, OptionRules, OptionSpec, ScoreLevel, Segment, Tokenizer } from "@gramscore/core";
import { resolveDiversityTokenizer } from "./tokenize.js";
import type { DiversityTokenizeOption } from "./tokenize.js";
import { VERSION } from "./version.js";

/** Options of `distinct` and `distinct-mean`. */
export interface DistinctOptions {
  /** The n-gram order (distinct-1, distinct-2, …); default 2. */
  n?: number;
  /** How texts become tokens; default `none` (Python's `str.split()`, what both reference scripts use). */
  tokenize?: DiversityTokenizeOption;
}

/**
 * Statistics of `distinct` (the corpus ratio): the distinct n-grams seen (tokens joined by U+001F,
 * sorted) and the n-gram occurrences. Merging takes the union and adds the totals.
 */
export interface DistinctStats {
  /** Distinct n-grams, sorted. */
  readonly ngrams: string[];
  /** n-gram occurrences. */
  readonly total: number;
}

/**
 * Statistics of `distinct-mean`: per text, in corpus order, its distinct n-grams and its tokens
 * (`[d0, t0, d1, t1, …]`). Merging concatenates (the mean is summed in corpus order, as Python's
 * `sum` does).
 */
export interface DistinctMeanStats {
  /** `[distinct, tokens]` of every text, flat. */
  readonly texts: number[];
}

/** A distinct-n result. */
export interface DistinctResult {
  /** `distinct-2` (corpus) or `distinct-2-mean`. */
  readonly name: string;
  /** The ratio, 0–1. */
  readonly score: number;
  /** The order. */
  readonly n: number;
  /** Distinct n-grams (corpus ratio: of the whole corpus; mean: summed over texts). */
  readonly distinct: number;
  /** Corpus ratio: n-gram occurrences; mean: tokens of all texts. */
  readonly total: number;
  /** Texts scored (mean only; 0 for the corpus ratio, whose statistics do not count texts). */
  readonly texts: number;
  /** Whether it scores one text or a corpus. */
  readonly level: ScoreLevel;
  /** `distinct:corpus|n:2|tok:none|version:…`. */
  readonly signature: string;
}

/** What `explain` returns: a text's tokens and n-grams. */
export interface DistinctExplanation {
  /** The ratio of this text alone. */
  readonly score: number;
  /** Its tokens. */
  readonly tokens: string[];
  /** Its distinct n-grams (tokens joined by a space), in order of first occurrence, with their counts. */
  readonly ngrams: { ngram: string; count: number }[];
  /** The denominator: n-gram occurrences (corpus ratio) or tokens (mean). */
  readonly denominator: number;
}

/** A distinct-n metric. */
export interface DistinctMetric<S> extends Metric<S, DistinctResult> {
  /** The tokenizer in effect. */
  readonly tokenizer: Tokenizer;
  /** The order. */
  readonly n: number;
  /** The statistics of many texts in one pass (equal to merging `stats` of each); errors name the record. */
  corpusStats(segments: Iterable<Segment>): S;
  /** `distinct-2 = 0.4123` (4 decimals by default). */
  format(result: DistinctResult, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): S;
  /** A text's tokens and n-grams. */
  explain(hyp: string, refs?: readonly string[]): DistinctExplanation;
}

/** The options of `distinct` and `distinct-mean` (CLI flags `--n`, `--tokenize`). */
export const distinctOptionSpecs: readonly OptionSpec[] = [
  { key: "n", flag: "n", type: "number", integer: true, min: 1, max: 255, default: 2, description: "n-gram order (distinct-1, distinct-2, ...)" },
  { key: "tokenize", flag: "tokenize", type: "string", default: "none", description: "Tokenizer: none (str.split()), treebank, 13a, intl, zh, char, cjk, or any registered tokenizer name" },
];

interface Resolved {
  n: number;
  tokenize: DiversityTokenizeOption;
}

function resolve(options: DistinctOptions | undefined, metric: string): Resolved {
  const rules: OptionRules = {
    metric,
    example: "{ n: 2 }",
    rules: distinctOptionSpecs.map((r) => (r.key === "tokenize" ? { ...r, read: (v: unknown) => v ?? "none" } : r)),
  };
  return resolveOptions<Resolved>(options, rules);
}

const SEP = "\u001f";

/** A text's n-grams as keys, with counts, in order of first occurrence. */
function countNgrams(tokens: readonly string[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let i = 0; i + n <= tokens.length; i++) {
    const key = n === 1 ? tokens[i]! : tokens.slice(i, i + n).join(SEP);
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function checkText(hyp: unknown, refs: unknown): string {
  if (typeof hyp !== "string") throw new GramscoreError(ErrorCode.INVALID_TYPE, `The text must be a string, but got ${describeValue(hyp)}.`);
  if (refs !== undefined && !Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Diversity metrics need no references; when given they must be an array (they are ignored), but got ${describeValue(refs)}.`,
    );
  }
  return assertText(hyp, "The text");
}

function noNgrams(name: string, n: number): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `${name} is undefined here: the texts have no ${n}-gram (every text is shorter than ${n} tokens, or there is no text). ` +
      "The reference script divides by zero; score texts with at least n tokens.",
  );
}

function signatureOf(kind: string, n: number, tokenizer: Tokenizer): string {
  return formatSignature([
    ["distinct", kind],
    ["n", String(n)],
    ["tok", tokenizer.signature],
    ["version", signatureVersion(VERSION)],
  ]);
}

/**
 * distinct-n as Li et al. (2016) define it over a corpus and microsoft/DialoGPT's `calc_diversity`
 * computes it: the distinct n-grams of all texts together divided by all their n-gram occurrences,
 * 0–1. A segment score is the same ratio of one text.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createDistinct(options?: DistinctOptions, context?: MetricContext): DistinctMetric<DistinctStats> {
  const o = resolve(options, "distinct");
  const tokenizer = resolveDiversityTokenizer(o.tokenize, context, "distinct");
  const n = o.n;
  const signature = signatureOf("corpus", n, tokenizer);
  const name = `distinct-${n}`;
  const check = (s: DistinctStats, what: string): void => {
    if (s === null || typeof s !== "object" || !Array.isArray(s.ngrams) || typeof s.total !== "number") {
      throw invalidStats(`${what} must be distinct statistics { ngrams, total }, but got ${describeValue(s)}.`);
    }
  };
  return {
    name: "distinct",
    higherIsBetter: true,
    tokenizer,
    n,
    empty: () => ({ ngrams: [], total: 0 }),
    stats(hyp, refs) {
      const counts = countNgrams(tokenizer.tokenize(checkText(hyp, refs)), n);
      let total = 0;
      for (const c of counts.values()) total += c;
      return { ngrams: [...counts.keys()].sort(), total };
    },
    corpusStats(segments) {
      const seen = new Set<string>();
      let total = 0;
      let index = 0;
      for (const seg of segments) {
        let tokens: string[];
        try {
          tokens = tokenizer.tokenize(checkText(seg?.hyp, seg?.refs));
        } catch (e) {
          if (e instanceof GramscoreError) throw new GramscoreError(e.code, `Record ${index}: ${e.message}`, { details: { index } });
          throw e;
        }
        for (let i = 0; i + n <= tokens.length; i++) {
          seen.add(n === 1 ? tokens[i]! : tokens.slice(i, i + n).join(SEP));
          total++;
        }
        index++;
      }
      return { ngrams: [...seen].sort(), total };
    },
    merge(a, b) {
      check(a, "The first argument of merge");
      check(b, "The second argument of merge");
      const union = new Set(a.ngrams);
      for (const g of b.ngrams) union.add(g);
      return { ngrams: [...union].sort(), total: a.total + b.total };
    },
    score(stats, level) {
      check(stats, "The statistics to score");
      if (stats.total === 0) throw noNgrams(name, n);
      return { name, score: stats.ngrams.length / stats.total, n, distinct: stats.ngrams.length, total: stats.total, texts: 0, level, signature };
    },
    signature: () => signature,
    summarize: (result) => ({ score: result.score }),
    format: (result, fmt) => formatScoreLine(result.name, result.score, fmt?.width, 4),
    parseStats(value) {
      const v = value as Partial<DistinctStats> | null;
      const ok =
        v !== null &&
        typeof v === "object" &&
        Array.isArray(v.ngrams) &&
        v.ngrams.every((g) => typeof g === "string") &&
        new Set(v.ngrams).size === v.ngrams.length &&
        Number.isSafeInteger(v.total) &&
        (v.total as number) >= v.ngrams.length;
      if (!ok) {
        throw invalidStats(
          `distinct statistics must be { ngrams: distinct strings, total: an integer at least their number }, but got ${describeValue(value)}.`,
        );
      }
      return { ngrams: [...v.ngrams!].sort(), total: v.total! };
    },
    explain(hyp, refs) {
      const tokens = tokenizer.tokenize(checkText(hyp, refs));
      const counts = countNgrams(tokens, n);
      let total = 0;
      for (const c of counts.values()) total += c;
      const ngrams = [...counts].map(([g, count]) => ({ ngram: g.split(SEP).join(" "), count }));
      return { score: total === 0 ? 0 : counts.size / total, tokens, ngrams, denominator: total };
    },
  };
}

/**
 * distinct-n as neural-dialogue-metrics/Distinct-N's `distinct_n_corpus_level` computes it: for each
 * text its distinct n-grams divided by its *tokens* (0 for an empty text), averaged over the texts,
 * 0–1. A segment score is one text's ratio.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createDistinctMean(options?: DistinctOptions, context?: MetricContext): DistinctMetric<DistinctMeanStats> {
  const o = resolve(options, "distinct-mean");
  const tokenizer = resolveDiversityTokenizer(o.tokenize, context, "distinct-mean");
  const n = o.n;
  const signature = signatureOf("mean-per-text", n, tokenizer);
  const name = `distinct-${n}-mean`;
  const check = (s: DistinctMeanStats, what: string): void => {
    if (s === null || typeof s !== "object" || !Array.isArray(s.texts) || s.texts.length % 2 !== 0) {
      throw invalidStats(`${what} must be distinct-mean statistics { texts: [distinct, tokens, …] }, but got ${describeValue(s)}.`);
    }
  };
  const one = (hyp: unknown, refs: unknown): [number, number] => {
    const tokens = tokenizer.tokenize(checkText(hyp, refs));
    return [countNgrams(tokens, n).size, tokens.length];
  };
  return {
    name: "distinct-mean",
    higherIsBetter: true,
    tokenizer,
    n,
    empty: () => ({ texts: [] }),
    stats: (hyp, refs) => ({ texts: one(hyp, refs) }),
    corpusStats(segments) {
      const texts: number[] = [];
      for (const seg of segments) {
        try {
          texts.push(...one(seg?.hyp, seg?.refs));
        } catch (e) {
          const index = texts.length / 2;
          if (e instanceof GramscoreError) throw new GramscoreError(e.code, `Record ${index}: ${e.message}`, { details: { index } });
          throw e;
        }
      }
      return { texts };
    },
    merge(a, b) {
      check(a, "The first argument of merge");
      check(b, "The second argument of merge");
      return { texts: [...a.texts, ...b.texts] };
    },
    score(stats, level) {
      check(stats, "The statistics to score");
      const t = stats.texts;
      const count = t.length / 2;
      if (count === 0) {
        throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${name} of no text is undefined (the reference divides by zero): give at least one text.`);
      }
      // Python's sum(): left to right from 0.
      let sum = 0;
      let distinct = 0;
      let tokens = 0;
      for (let i = 0; i < t.length; i += 2) {
        distinct += t[i]!;
        tokens += t[i + 1]!;
        sum += t[i + 1] === 0 ? 0 : t[i]! / t[i + 1]!;
      }
      return { name, score: sum / count, n, distinct, total: tokens, texts: count, level, signature };
    },
    signature: () => signature,
    summarize: (result) => ({ score: result.score }),
    format: (result, fmt) => formatScoreLine(result.name, result.score, fmt?.width, 4),
    parseStats(value) {
      const v = value as Partial<DistinctMeanStats> | null;
      const ok =
        v !== null &&
        typeof v === "object" &&
        Array.isArray(v.texts) &&
        v.texts.length % 2 === 0 &&
        v.texts.every((x) => Number.isSafeInteger(x) && x >= 0) &&
        v.texts.every((x, i) => i % 2 === 1 || x <= v.texts![i + 1]!);
      if (!ok) {
        throw invalidStats(
          `distinct-mean statistics must be { texts: [distinct, tokens, …] } with non-negative integers, distinct never above tokens, but got ${describeValue(value)}.`,
        );
      }
      return { texts: [...v.texts!] };
    },
    explain(hyp, refs) {
      const tokens = tokenizer.tokenize(checkText(hyp, refs));
      const counts = countNgrams(tokens, n);
      const ngrams = [...counts].map(([g, count]) => ({ ngram: g.split(SEP).join(" "), count }));
      return { score: tokens.length === 0 ? 0 : counts.size / tokens.length, tokens, ngrams, denominator: tokens.length };
    },
  };
}
