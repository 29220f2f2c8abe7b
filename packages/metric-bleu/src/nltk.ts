import { ErrorCode, GramscoreError, checkScoreKey, describeValue, formatSignature, fsum, glibcExp as exp, invalidOption, log, validateSegment, signatureVersion } from "@gramscore/core";
import type { FormatOptions, Metric, MetricContext, OptionRules, StatsRows, Tokenizer } from "@gramscore/core";
import { BleuCounter, MATCH, REF, SYS } from "./kernel.js";
import type { Spans } from "./kernel.js";
import { readOptions } from "./options.js";
import {
  add,
  div,
  fraction,
  fromJs,
  isPositive,
  isZero,
  mul,
  pyInt,
  square,
  toFloat,
} from "./pynum.js";
import type { PyFraction, PyNum } from "./pynum.js";
import { resolveTokenizer, spanner } from "./tokenizer.js";
import type { TokenizeOption } from "./tokenizer.js";
import { VERSION } from "./version.js";

/** NLTK's `SmoothingFunction` methods: `0`–`7` or `"method0"`–`"method7"`. */
export type NltkSmoothing = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | `method${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7}`;

/** Options of NLTK-compatible BLEU (NLTK 3.8 `corpus_bleu` / `sentence_bleu` and `SmoothingFunction`). */
export interface NltkBleuOptions {
  /** Weights per order (default `[0.25, 0.25, 0.25, 0.25]`); a list of weight lists gives one score each. */
  weights?: readonly (number | string)[] | readonly (readonly number[])[] | string;
  /** Smoothing method (NLTK's `smoothing_function`); default `method0` (none, zero precisions become the smallest double). */
  smoothing?: NltkSmoothing | number | string;
  /** `SmoothingFunction(epsilon)` for method 1. Default 0.1. */
  epsilon?: number;
  /** `SmoothingFunction(alpha)` for method 6. Default 5. */
  alpha?: number;
  /** `SmoothingFunction(k)` for methods 4 and 7. Default 5. */
  k?: number;
  /** NLTK's `auto_reweigh`: uniform weights over the hypothesis length when it is below 4 and the weights are the default. */
  autoReweigh?: boolean;
}

interface ResolvedNltk {
  weights: number[][];
  multiple: boolean;
  method: number;
  epsilon: number;
  alpha: number;
  k: number;
  autoReweigh: boolean;
  maxOrder: number;
}

const DEFAULT_WEIGHTS = [0.25, 0.25, 0.25, 0.25];

function readWeightList(value: unknown, metric: string): number[] {
  const items = typeof value === "string" ? value.split(",") : value;
  if (!Array.isArray(items) || items.length === 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option weights of ${metric} must be a non-empty list of numbers (one per n-gram order), but got ${describeValue(value)}.`,
      { details: { option: "weights" } },
    );
  }
  return items.map((w) => {
    const n = typeof w === "string" && w.trim() !== "" ? Number(w) : w;
    if (typeof n === "number" && Number.isFinite(n)) return n;
    throw invalidOption(`${metric} option weights must be a list of finite numbers, but got ${describeValue(w)} in it.`, "weights");
  });
}

function readSmoothing(value: unknown, metric: string, allowed: number): number {
  if (value === undefined || value === null) return 0;
  let m: number | undefined;
  if (typeof value === "number") m = value;
  else if (typeof value === "string") {
    const match = /^(?:method)?([0-9])$/.exec(value);
    if (match) m = Number(match[1]);
  }
  if (m === undefined || !Number.isInteger(m) || m < 0 || m > allowed) {
    const extra =
      allowed < 7
        ? " Methods 5-7 use the last segment of the corpus (NLTK's corpus_bleu quirk), so their statistics do not merge; " +
          "use nltkCorpusBleu / nltkSentenceBleu for them."
        : "";
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Option smoothing of ${metric} must be one of method0 … method${allowed} (or 0 … ${allowed}), but got ${describeValue(value)}.${extra}`,
      { details: { option: "smoothing" } },
    );
  }
  return m;
}

function resolveNltk(options: NltkBleuOptions | undefined, metric: string, maxMethod: number, extraKeys: string[] = []): ResolvedNltk & Record<string, unknown> {
  const rules: OptionRules = {
    metric,
    example: "{ smoothing: 1 }",
    rules: [
      { key: "weights", type: "list", read: (value) => value },
      { key: "smoothing", type: "number", read: (value) => readSmoothing(value, metric, maxMethod) },
      { key: "epsilon", type: "number", numericString: true, default: 0.1 },
      { key: "alpha", type: "number", numericString: true, default: 5 },
      { key: "k", type: "number", numericString: true, default: 5 },
      { key: "autoReweigh", type: "boolean", default: false },
      ...extraKeys.map((key) => ({ key, type: "string" as const, read: (value: unknown) => value })),
    ],
  };
  const o = readOptions<Record<string, unknown> & { smoothing: number; epsilon: number; alpha: number; k: number; autoReweigh: boolean }>(options, rules);
  let weights: number[][];
  let multiple = false;
  const w = o.weights;
  if (w === undefined || w === null) weights = [DEFAULT_WEIGHTS];
  else if (Array.isArray(w) && w.length > 0 && Array.isArray(w[0])) {
    weights = (w as unknown[]).map((x) => readWeightList(x, metric));
    multiple = true;
  } else weights = [readWeightList(w, metric)];
  const method = o.smoothing;
  if (method === 6 && Math.max(...weights.map((x) => x.length)) < 3) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `Smoothing method6 of ${metric} interpolates from the trigram precision, so it needs at least 3 weights (NLTK raises IndexError).`,
      { details: { option: "smoothing" } },
    );
  }
  return {
    ...o,
    weights,
    multiple,
    method,
    epsilon: o.epsilon,
    alpha: o.alpha,
    k: o.k,
    autoReweigh: o.autoReweigh,
    maxOrder: Math.max(...weights.map((x) => x.length)),
  };
}

/** Corpus sums of NLTK's BLEU (mergeable for smoothing methods 0–4). */
export interface NltkBleuStats {
  /** Σ hypothesis lengths. */
  hypLen: number;
  /** Σ closest reference lengths (ties to the shorter). */
  refLen: number;
  /** Σ clipped matches per order (NLTK's `p_numerators`). */
  numerators: number[];
  /** Σ `max(1, hypothesis n-grams)` per order (NLTK's `p_denominators`). */
  denominators: number[];
}

/** The last segment of a corpus: NLTK's smoothing methods 5–7 look at it. */
interface LastSegment {
  hyp: readonly string[];
  refs: readonly (readonly string[])[];
}

function smoothingError(): GramscoreError {
  return new GramscoreError(
    ErrorCode.INVALID_OPTION,
    "NLTK's smoothing method6 requires a non-zero trigram precision (NLTK's AssertionError: \"This smoothing method requires " +
      'non-zero precision for bigrams."), and this input has no matching trigram. Use another smoothing method, e.g. method3 or method7.',
    { details: { nltkError: "AssertionError: This smoothing method requires non-zero precision for bigrams." } },
  );
}

/** NLTK's `SmoothingFunction.methodN` applied to `p_n` (a fresh list it may modify), as NLTK 3.8 does it. */
function smooth(p: PyNum[], o: ResolvedNltk, hypLen: number, last: LastSegment | undefined): PyNum[] {
  const num = (x: PyNum) => (x as PyFraction).num;
  const den = (x: PyNum) => (x as PyFraction).den;
  const method4 = (q: PyNum[]) => {
    let inc = 1;
    const len = hypLen ? hypLen : last!.hyp.length;
    for (let i = 0; i < q.length; i++) {
      const pi = q[i]!;
      if (num(pi) === 0n && len > 1) {
        // 1 / (2 ** incvnt * k / log(hyp_len)) / denominator
        const numerator = div(1, div(mul(pyInt(2 ** inc), fromJs(o.k)), log(len)));
        q[i] = div(numerator, pyInt(den(pi)));
        inc++;
      }
    }
    return q;
  };
  const method5 = (q: PyNum[]) => {
    const plus1 = [...q, fivegramPrecision(last!)];
    let prev = add(q[0]!, pyInt(1));
    for (let i = 0; i < q.length; i++) {
      q[i] = div(add(add(prev, q[i]!), plus1[i + 1]!), pyInt(3));
      prev = q[i]!;
    }
    return q;
  };
  switch (o.method) {
    case 0:
      // sys.float_info.min, the smallest normal double.
      return p.map((pi) => (num(pi) !== 0n ? pi : 2 ** -1022));
    case 1:
      return p.map((pi) => (num(pi) === 0n ? (Number(num(pi)) + o.epsilon) / Number(den(pi)) : pi));
    case 2:
      return p.map((pi, i) => (i !== 0 ? fraction(num(pi) + 1n, den(pi) + 1n) : pi));
    case 3: {
      let inc = 1;
      for (let i = 0; i < p.length; i++) {
        if (num(p[i]!) === 0n) {
          p[i] = div(pyInt(1), mul(pyInt(2n ** BigInt(inc)), pyInt(den(p[i]!))));
          inc++;
        }
      }
      return p;
    }
    case 4:
      return method4(p);
    case 5:
      return method5(p);
    case 6: {
      if (isZero(p[2]!)) throw smoothingError();
      const l = last!.hyp.length;
      for (let i = 2; i < p.length; i++) {
        const pi0 = isZero(p[i - 2]!) ? pyInt(0) : div(square(p[i - 1]!), p[i - 2]!);
        const m = pyInt(num(p[i]!));
        const count = pyInt(Math.max(0, l - i));
        p[i] = div(add(m, mul(fromJs(o.alpha), pi0)), add(count, fromJs(o.alpha)));
      }
      return p;
    }
    default:
      return method5(method4(p));
  }
}

/** Counters for the token-list functions, one per maximum order (at most 255, reused across calls). */
const counters = new Map<number, BleuCounter>();
function counterFor(maxOrder: number): BleuCounter {
  let c = counters.get(maxOrder);
  if (c === undefined) counters.set(maxOrder, (c = new BleuCounter(maxOrder)));
  return c;
}

/** NLTK's `modified_precision(references, hypothesis, 5)` of one segment. */
function fivegramPrecision(seg: LastSegment): PyFraction {
  const counter = counterFor(5);
  const row = new Float64Array(12);
  counter.count(seg.hyp, seg.refs, row);
  return fraction(row[MATCH + 4]!, Math.max(1, row[MATCH + 9]!));
}

/** Detailed NLTK BLEU result. */
export interface NltkBleuResult {
  /** The score on NLTK's 0–1 scale (one per weight list when several were given: see `scores`). */
  score: number;
  /** One score per weight list. */
  scores: number[];
  /** NLTK's `p_numerators` (clipped matches per order). */
  matches: number[];
  /** NLTK's `p_denominators` (`max(1, n-grams)` summed per segment). */
  totals: number[];
  hypLen: number;
  refLen: number;
  /** NLTK's brevity penalty. */
  bp: number;
}

/** NLTK's `brevity_penalty(closest_ref_len, hyp_len)`. */
function brevityPenalty(refLen: number, hypLen: number): number {
  if (hypLen > refLen) return 1;
  if (hypLen === 0) return 0;
  return exp(1 - refLen / hypLen);
}

/** NLTK 3.8 `corpus_bleu` from its sums (and the last segment, for methods 4–7 when needed). */
function scoreNltk(stats: NltkBleuStats, o: ResolvedNltk, last: LastSegment | undefined): NltkBleuResult {
  const bp = brevityPenalty(stats.refLen, stats.hypLen);
  const base = { matches: stats.numerators, totals: stats.denominators, hypLen: stats.hypLen, refLen: stats.refLen, bp };
  if (stats.numerators[0] === 0) {
    const scores = o.weights.map(() => 0);
    return { score: 0, scores, ...base };
  }
  let p: PyNum[] = stats.numerators.map((n, i) => fraction(n, stats.denominators[i]!));
  p = smooth(p, o, stats.hypLen, last);
  const scores = o.weights.map((w) => {
    let weight = w;
    if (o.autoReweigh && stats.hypLen < 4 && w.length === 4 && w.every((x) => x === 0.25)) {
      weight = new Array<number>(stats.hypLen).fill(1 / stats.hypLen);
    }
    const terms: number[] = [];
    const count = Math.min(weight.length, p.length);
    for (let i = 0; i < count; i++) {
      const pi = p[i]!;
      if (isPositive(pi)) terms.push(weight[i]! * log(toFloat(pi)));
    }
    return bp * exp(fsum(terms));
  });
  return { score: scores[0]!, scores, ...base };
}

function checkTokens(value: unknown, what: string): readonly string[] {
  if (!Array.isArray(value)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${what} must be a list of tokens (string[]), but got ${describeValue(value)}. NLTK's BLEU takes tokenized text: split it first.`,
    );
  }
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `${what} must hold strings, but token ${i} is ${describeValue(value[i])}.`);
    }
  }
  return value as readonly string[];
}

function corpusFromTokens(
  listOfReferences: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  o: ResolvedNltk,
): { stats: NltkBleuStats; last: LastSegment } {
  if (!Array.isArray(listOfReferences) || !Array.isArray(hypotheses)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      "NLTK BLEU needs list_of_references (string[][][]) and hypotheses (string[][]) as arrays.",
    );
  }
  if (listOfReferences.length !== hypotheses.length) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `There are ${hypotheses.length} hypotheses but ${listOfReferences.length} reference lists; ` +
        "list_of_references[i] must hold every reference of hypotheses[i].",
      { details: { hypotheses: hypotheses.length, references: listOfReferences.length } },
    );
  }
  if (hypotheses.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "The corpus is empty: pass at least one hypothesis with its references.");
  }
  const N = o.maxOrder;
  const counter = counterFor(N);
  const row = new Float64Array(2 + 2 * N);
  const numerators = new Array<number>(N).fill(0);
  const denominators = new Array<number>(N).fill(0);
  let hypLen = 0;
  let refLen = 0;
  for (let s = 0; s < hypotheses.length; s++) {
    const hyp = checkTokens(hypotheses[s], `Hypothesis ${s}`);
    const refs = listOfReferences[s];
    if (!Array.isArray(refs) || refs.length === 0) {
      throw new GramscoreError(
        ErrorCode.EMPTY_INPUT,
        `Hypothesis ${s} needs a non-empty list of references (each a list of tokens), but got ${describeValue(refs)}.`,
      );
    }
    refs.forEach((r, j) => checkTokens(r, `Reference ${j} of hypothesis ${s}`));
    counter.count(hyp, refs, row);
    for (let n = 0; n < N; n++) {
      numerators[n] = numerators[n]! + row[MATCH + n]!;
      denominators[n] = denominators[n]! + Math.max(1, row[MATCH + N + n]!);
    }
    hypLen += row[SYS]!;
    refLen += row[REF]!;
  }
  const lastIndex = hypotheses.length - 1;
  return {
    stats: { hypLen, refLen, numerators, denominators },
    last: { hyp: hypotheses[lastIndex]!, refs: listOfReferences[lastIndex]! },
  };
}

/**
 * NLTK 3.8's `corpus_bleu(list_of_references, hypotheses, weights, smoothing_function, auto_reweigh)`
 * on token lists, on NLTK's 0–1 scale, quirks included: smoothing methods 4–7 see the corpus
 * hypothesis length and methods 5–7 the *last* segment's hypothesis and references (so corpus scores
 * depend on the order of the segments and method6 can exceed 1); zero precisions are skipped in the
 * final sum; `math.fsum` is reproduced exactly. With several weight lists, returns one score each.
 * @throws GramscoreError `LENGTH_MISMATCH`, `EMPTY_INPUT` (empty corpus, a hypothesis without
 * references), `INVALID_TYPE`, `INVALID_OPTION` (bad options; method6 without a trigram match, where
 * NLTK raises AssertionError).
 */
export function nltkCorpusBleu(
  listOfReferences: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  options?: NltkBleuOptions & { weights?: readonly (number | string)[] | string },
): number;
export function nltkCorpusBleu(
  listOfReferences: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  options: NltkBleuOptions & { weights: readonly (readonly number[])[] },
): number[];
export function nltkCorpusBleu(
  listOfReferences: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  options?: NltkBleuOptions,
): number | number[] {
  const o = resolveNltk(options, "nltkCorpusBleu", 7);
  const { stats, last } = corpusFromTokens(listOfReferences, hypotheses, o);
  const result = scoreNltk(stats, o, last);
  return o.multiple ? result.scores : result.score;
}

/** {@link nltkCorpusBleu} with the statistics it used (numerators, denominators, lengths, brevity penalty). */
export function nltkCorpusBleuDetails(
  listOfReferences: readonly (readonly (readonly string[])[])[],
  hypotheses: readonly (readonly string[])[],
  options?: NltkBleuOptions,
): NltkBleuResult {
  const o = resolveNltk(options, "nltkCorpusBleu", 7);
  const { stats, last } = corpusFromTokens(listOfReferences, hypotheses, o);
  return scoreNltk(stats, o, last);
}

/**
 * NLTK 3.8's `sentence_bleu(references, hypothesis, …)`: {@link nltkCorpusBleu} of a one-segment corpus.
 * @throws GramscoreError as {@link nltkCorpusBleu}.
 */
export function nltkSentenceBleu(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  options?: NltkBleuOptions & { weights?: readonly (number | string)[] | string },
): number;
export function nltkSentenceBleu(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  options: NltkBleuOptions & { weights: readonly (readonly number[])[] },
): number[];
export function nltkSentenceBleu(
  references: readonly (readonly string[])[],
  hypothesis: readonly string[],
  options?: NltkBleuOptions,
): number | number[] {
  return nltkCorpusBleu([references], [hypothesis], options as NltkBleuOptions & { weights?: readonly number[] });
}

/** Options of the `nltk-bleu` metric: NLTK's options (smoothing methods 0–4) plus a tokenizer. */
export interface NltkBleuMetricOptions extends NltkBleuOptions {
  /** How strings become NLTK's token lists; default `none` (Python's `str.split()`). */
  tokenize?: TokenizeOption;
}

/** NLTK-compatible BLEU as a gramscore {@link Metric} (see {@link createNltkBleu}). */
export interface NltkBleuMetric extends Metric<NltkBleuStats, NltkBleuResult> {
  readonly name: "nltk-bleu";
  readonly tokenizer: Tokenizer;
  parseStats(value: unknown): NltkBleuStats;
  /** Resampling rows `[hypLen, refLen, numerators…, denominators…]` (float64 sums); one key, `score`. */
  rows(key?: string): StatsRows<NltkBleuStats>;
}

/**
 * NLTK 3.8 BLEU over strings, as a metric with mergeable statistics: the corpus score is
 * `corpus_bleu` of all segments, a segment score is `sentence_bleu`; 0–1 scale. Smoothing methods
 * 0–4 only: methods 5–7 read the last segment of the corpus, which no merge of statistics can know
 * (use {@link nltkCorpusBleu} for them).
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createNltkBleu(options?: NltkBleuMetricOptions, context?: MetricContext): NltkBleuMetric {
  const o = resolveNltk(options, "nltk-bleu", 4, ["tokenize"]);
  const tokOption = (o.tokenize ?? "none") as TokenizeOption;
  const tokenizer = resolveTokenizer(tokOption, context, "nltk-bleu");
  const toSpans = spanner(tokOption, tokenizer, "nltk-bleu");
  const refSpans: Spans[] = [];
  const N = o.maxOrder;
  const counter = new BleuCounter(N);
  const row = new Float64Array(2 + 2 * N);
  const smoothName = o.method === 1 ? `method1[${o.epsilon}]` : o.method === 4 ? `method4[${o.k}]` : `method${o.method}`;
  const signature = formatSignature([
    ["tok", tokenizer.signature],
    ["weights", o.weights.map((w) => w.join(",")).join(";")],
    ["smooth", smoothName],
    ["reweigh", o.autoReweigh],
    ["version", signatureVersion(VERSION)],
  ]);
  const check = (s: NltkBleuStats, what: string) => {
    if (s === null || typeof s !== "object" || !Array.isArray(s.numerators) || s.numerators.length !== N) {
      throw new GramscoreError(
        ErrorCode.INVALID_STATS,
        `${what} must be nltk-bleu statistics with ${N} orders ({ hypLen, refLen, numerators, denominators }), but got ${describeValue(s)}.`,
      );
    }
  };
  return {
    name: "nltk-bleu",
    higherIsBetter: true,
    tokenizer,
    empty: () => ({ hypLen: 0, refLen: 0, numerators: new Array<number>(N).fill(0), denominators: new Array<number>(N).fill(0) }),
    stats(hyp, refs) {
      validateSegment({ hyp, refs }, 0);
      const h = toSpans(hyp, counter.scratch(0));
      for (let r = 0; r < refs.length; r++) refSpans[r] = toSpans(refs[r]!, counter.scratch(r + 1));
      counter.countSpans(h, refSpans, refs.length, row);
      const numerators = new Array<number>(N);
      const denominators = new Array<number>(N);
      for (let n = 0; n < N; n++) {
        numerators[n] = row[MATCH + n]!;
        denominators[n] = Math.max(1, row[MATCH + N + n]!);
      }
      return { hypLen: row[SYS]!, refLen: row[REF]!, numerators, denominators };
    },
    merge(a, b) {
      check(a, "The first argument of merge");
      check(b, "The second argument of merge");
      return {
        hypLen: a.hypLen + b.hypLen,
        refLen: a.refLen + b.refLen,
        numerators: a.numerators.map((x, i) => x + b.numerators[i]!),
        denominators: a.denominators.map((x, i) => x + b.denominators[i]!),
      };
    },
    score(stats) {
      check(stats, "The statistics to score");
      return scoreNltk(stats, o, undefined);
    },
    signature: () => signature,
    summarize: (result) => ({ score: result.score }),
    rows(key?: string): StatsRows<NltkBleuStats> {
      checkScoreKey(key, "nltk-bleu");
      const fromRow = (r: ArrayLike<number>): NltkBleuStats => {
        const numerators = new Array<number>(N);
        const denominators = new Array<number>(N);
        for (let n = 0; n < N; n++) {
          numerators[n] = r[2 + n]!;
          denominators[n] = r[2 + N + n]!;
        }
        return { hypLen: r[0]!, refLen: r[1]!, numerators, denominators };
      };
      return {
        name: "NLTK-BLEU",
        width: 2 + 2 * N,
        float32: false,
        toRow(stats, out, offset) {
          out[offset] = stats.hypLen;
          out[offset + 1] = stats.refLen;
          for (let n = 0; n < N; n++) {
            out[offset + 2 + n] = stats.numerators[n]!;
            out[offset + 2 + N + n] = stats.denominators[n]!;
          }
        },
        score: (sums) => scoreNltk(fromRow(sums), o, undefined).score,
        scoreStats: (stats) => scoreNltk(stats, o, undefined).score,
      };
    },
    format(result: NltkBleuResult, fmt?: FormatOptions) {
      return `NLTK-BLEU = ${result.score.toFixed(fmt?.width ?? 4)} (BP = ${result.bp.toFixed(3)} hyp_len = ${result.hypLen} ref_len = ${result.refLen})`;
    },
    parseStats(value) {
      const v = value as Partial<NltkBleuStats> | null;
      const ok =
        v !== null &&
        typeof v === "object" &&
        [v.hypLen, v.refLen].every((x) => Number.isSafeInteger(x) && (x as number) >= 0) &&
        [v.numerators, v.denominators].every(
          (a) => Array.isArray(a) && a.length === N && a.every((x) => Number.isSafeInteger(x) && x >= 0),
        ) &&
        v.numerators!.every((x, i) => x <= v.denominators![i]!);
      if (!ok) {
        throw new GramscoreError(
          ErrorCode.INVALID_STATS,
          `nltk-bleu statistics must be { hypLen, refLen, numerators, denominators } with non-negative integers, ${N} orders ` +
            `and numerators never above denominators, but got ${describeValue(value)}.`,
        );
      }
      return { hypLen: v.hypLen!, refLen: v.refLen!, numerators: [...v.numerators!], denominators: [...v.denominators!] };
    },
  };
}
