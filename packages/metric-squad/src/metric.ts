import {
  atSegment,
  ErrorCode,
  GramscoreError,
  assertText,
  describeValue,
  ExactSum,
  exactAdd,
  exactOf,
  exactValue,
  formatScoreLine,
  formatSignature,
  readCount,
  readExactSum,
  resolveOptions,
  signatureVersion,
  statsObject,
  invalidStats,
} from "@gramscore/core";
import type { FormatOptions, Metric, OptionRules, OptionSpec, ScoreLevel, StatsRows } from "@gramscore/core";
import { normalizeAnswer, normalizedTokens, sameTokens, tokenF1 } from "./normalize.js";
import { VERSION } from "./version.js";

/** Sums of one group of questions: how many, exact matches (a count), F1 (an exact sum). */
export interface SquadSums {
  /** Questions. */
  readonly total: number;
  /** Questions whose prediction matches a gold answer exactly after normalization. */
  readonly exact: number;
  /** Sum of the questions' F1 (each the best over the gold answers), as core's canonical exact sum. */
  readonly f1: number[];
}

/** SQuAD v1.1 statistics: the sums of every question (merged by adding). */
export type SquadStats = SquadSums;

/**
 * SQuAD v2.0 statistics: the sums of answerable and unanswerable questions after the no-answer
 * threshold, and one `[noAnswerProbability, exactDiff, f1Diff]` triple per question in corpus order
 * (`curve`, flat), from which `best_exact` and `best_f1` are found. Merging adds the sums and
 * concatenates the curves (so it is associative; the order matters only between equal probabilities,
 * as in the official script).
 */
export interface SquadV2Stats {
  /** Questions with at least one gold answer. */
  readonly hasAns: SquadSums;
  /** Questions without a gold answer. */
  readonly noAns: SquadSums;
  /** Per question: its no-answer probability, then what answering it adds to the exact and F1 counts. */
  readonly curve: number[];
}

/** Exact match and F1 of a group of questions, in percent. */
export interface SquadScores {
  /** Exact match, 0–100. */
  readonly exact: number;
  /** Token F1, 0–100. */
  readonly f1: number;
  /** Questions. */
  readonly total: number;
}

/** A SQuAD v1.1 result (HF evaluate's `squad`: `exact_match`, `f1`). */
export interface SquadResult {
  /** `SQuAD`. */
  readonly name: "SQuAD";
  /** The headline number: F1, 0–100. */
  readonly score: number;
  /** Exact match, 0–100 (HF's `exact_match`). */
  readonly exactMatch: number;
  /** Token F1, 0–100 (HF's `f1`). */
  readonly f1: number;
  /** Questions scored. */
  readonly total: number;
  /** Whether it scores one question or a corpus. */
  readonly level: ScoreLevel;
  /** `squad:v1.1|norm:official|version:…`. */
  readonly signature: string;
}

/** A SQuAD v2.0 result (HF evaluate's `squad_v2`, every key). */
export interface SquadV2Result {
  /** `SQuAD-v2`. */
  readonly name: "SQuAD-v2";
  /** The headline number: F1, 0–100. */
  readonly score: number;
  /** Exact match, 0–100 (HF's `exact`). */
  readonly exact: number;
  /** Token F1, 0–100 (HF's `f1`). */
  readonly f1: number;
  /** Questions scored (HF's `total`). */
  readonly total: number;
  /** Answerable questions (HF's `HasAns_*`), absent when there is none. */
  readonly hasAns?: SquadScores;
  /** Unanswerable questions (HF's `NoAns_*`), absent when there is none. */
  readonly noAns?: SquadScores;
  /** The best exact match any no-answer threshold gives (HF's `best_exact`). */
  readonly bestExact: number;
  /** The threshold that gives it (HF's `best_exact_thresh`; 0 when answering nothing is best). */
  readonly bestExactThresh: number;
  /** The best F1 any threshold gives (HF's `best_f1`). */
  readonly bestF1: number;
  /** Its threshold (HF's `best_f1_thresh`). */
  readonly bestF1Thresh: number;
  /** Whether it scores one question or a corpus. */
  readonly level: ScoreLevel;
  /** `squad:v2.0|norm:official|na-thresh:1|version:…`. */
  readonly signature: string;
}

/** One gold answer in an explanation. */
export interface SquadGoldExplanation {
  /** The gold answer as given. */
  readonly answer: string;
  /** After normalization. */
  readonly normalized: string;
  /** Whether it equals the normalized prediction. */
  readonly exact: boolean;
  /** Token F1 of the prediction against it (0–1). */
  readonly f1: number;
  /** Normalized tokens shared with the prediction (a multiset). */
  readonly common: string[];
}

/** What `explain` returns: the normalization and every gold answer's scores. */
export interface SquadExplanation {
  /** The question's F1 (0–1): the best over the gold answers. */
  readonly score: number;
  /** The prediction after normalization. */
  readonly prediction: string;
  /** Exact match (0 or 1) and F1 (0–1) of the question. */
  readonly exact: number;
  /** The question's F1 (0–1). */
  readonly f1: number;
  /** Every gold answer the script compares with (for v2.0: those not empty after normalization, or `""`). */
  readonly golds: SquadGoldExplanation[];
}

/** Options of `squad_v2`. */
export interface SquadV2Options {
  /** A question whose no-answer probability is above this counts as answered "no answer" (HF's `no_answer_threshold`, default 1). */
  noAnswerThreshold?: number;
}

/** {@link SquadV2Options} with the default filled in. */
export interface ResolvedSquadV2Options {
  /** The no-answer threshold. */
  readonly noAnswerThreshold: number;
}

/** What one SQuAD 2.0 question carries besides its prediction and gold answers. */
export interface SquadV2Question {
  /** The model's probability (or any score) that the question has no answer; default 0. */
  noAnswerProbability?: number;
  /**
   * Whether the question has an answer. Default: some gold answer is a non-empty string. HF decides
   * by whether its `answers.text` list is non-empty, which `@gramscore/evaluate` passes here.
   */
  hasAnswer?: boolean;
}

/** The options of `squad_v2` (CLI flag `--na-prob-thresh`, the official script's name: a flag cannot start with `no-`). */
export const squadV2OptionSpecs: readonly OptionSpec[] = [
  {
    key: "noAnswerThreshold",
    flag: "na-prob-thresh",
    type: "number",
    description: "a question whose no-answer probability is above this is answered with no answer (HF's no_answer_threshold)",
    default: 1,
  },
];

const V2_RULES: OptionRules = { metric: "squad_v2", example: "{ noAnswerThreshold: 1 }", rules: squadV2OptionSpecs };

/**
 * Checks `squad_v2` options and fills in the default.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveSquadV2Options(options: SquadV2Options | undefined): ResolvedSquadV2Options {
  const resolved = resolveOptions<ResolvedSquadV2Options>(options, V2_RULES);
  if (Number.isNaN(resolved.noAnswerThreshold)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, "squad_v2 option noAnswerThreshold must be a number, but got NaN.", {
      details: { option: "noAnswerThreshold" },
    });
  }
  return resolved;
}

const SIG_V1 = formatSignature([
  ["squad", "v1.1"],
  ["norm", "official"],
  ["version", signatureVersion(VERSION)],
]);

function signatureV2(threshold: number): string {
  return formatSignature([
    ["squad", "v2.0"],
    ["norm", "official"],
    ["na-thresh", String(threshold)],
    ["version", signatureVersion(VERSION)],
  ]);
}

function checkPrediction(hyp: unknown): string {
  if (typeof hyp !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The prediction must be a string, but got ${describeValue(hyp)}.`);
  }
  return assertText(hyp, "The prediction");
}

function checkAnswers(refs: unknown, allowEmpty: boolean): readonly string[] {
  if (!Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `The gold answers must be an array of strings, but got ${describeValue(refs)}. For one answer write [answer].`,
    );
  }
  if (refs.length === 0 && !allowEmpty) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      "SQuAD v1.1 needs at least one gold answer per question, but this question has none (HF's squad raises " +
        '"max() arg is an empty sequence"). Supply its answers, or score unanswerable questions with squad_v2.',
    );
  }
  refs.forEach((r, k) => assertText(r, `Gold answer ${k}`));
  return refs as readonly string[];
}

/**
 * Exact match (0/1) and F1 of a prediction: the best over the gold answers, as the official scripts
 * take it. `v2` uses SQuAD 2.0's gold list: the answers not empty after normalization, or `""`. A gold
 * answer repeated in the list (annotators often agree) is normalized and counted once: it cannot change
 * the maximum.
 */
function scoreQuestion(prediction: string, golds: readonly string[], v2: boolean): [number, number] {
  const pred = normalizedTokens(prediction);
  let exact = 0;
  let f1 = 0;
  let any = false;
  for (let j = 0; j < golds.length; j++) {
    const g = golds[j]!;
    let seen = false;
    for (let i = 0; i < j; i++) {
      if (golds[i] === g) {
        seen = true;
        break;
      }
    }
    if (seen) continue;
    const gold = normalizedTokens(g);
    if (v2 && gold.length === 0) continue;
    any = true;
    if (exact === 0 && sameTokens(gold, pred)) exact = 1;
    const f = tokenF1(pred, gold, v2);
    if (f > f1) f1 = f;
  }
  if (v2 && !any) {
    // No gold answer survives normalization: the script compares with "".
    const empty = pred.length === 0 ? 1 : 0;
    return [empty, empty];
  }
  return [exact, f1];
}

/** SQuAD 2.0's gold list: the answers not empty after normalization, or `[""]`. */
function v2Golds(answers: readonly string[]): readonly string[] {
  const golds = answers.filter((a) => normalizedTokens(a).length > 0);
  return golds.length > 0 ? golds : [""];
}

function explainWith(prediction: string, golds: readonly string[], v2: boolean): SquadExplanation {
  const normPred = normalizeAnswer(prediction);
  const predTokens = normalizedTokens(prediction);
  const list = golds.map((answer): SquadGoldExplanation => {
    const normalized = normalizeAnswer(answer);
    const goldTokens = normalizedTokens(answer);
    const left = new Map<string, number>();
    for (const t of goldTokens) left.set(t, (left.get(t) ?? 0) + 1);
    const common: string[] = [];
    for (const t of predTokens) {
      const c = left.get(t) ?? 0;
      if (c > 0) {
        common.push(t);
        left.set(t, c - 1);
      }
    }
    return { answer, normalized, exact: normalized === normPred, f1: tokenF1(predTokens, goldTokens, v2), common };
  });
  const [exact, f1] = scoreQuestion(prediction, golds, v2);
  return { score: f1, prediction: normPred, exact, f1, golds: list };
}

const emptySums = (): SquadSums => ({ total: 0, exact: 0, f1: [] });
const addSums = (a: SquadSums, b: SquadSums): SquadSums => ({ total: a.total + b.total, exact: a.exact + b.exact, f1: exactAdd(a.f1, b.f1) });
const percent = (x: number, total: number): number => (total > 0 ? (100.0 * x) / total : 0);

/** The per-question rows `[exact, f1, questions]` of both versions' resampling. */
function squadRows<S>(name: string, keys: readonly string[], key: string | undefined, sums: (s: S) => SquadSums): StatsRows<S> {
  const k = key ?? "f1";
  if (!keys.includes(k)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `${name} resamples one of ${keys.join(", ")}, but got the key ${describeValue(key)}.`);
  }
  const exactKey = k !== "f1";
  const of = (e: number, f: number, t: number): number => percent(exactKey ? e : f, t);
  return {
    name: exactKey ? `${name} EM` : `${name} F1`,
    width: 3,
    float32: false,
    toRow(stats, out, offset) {
      const s = sums(stats);
      out[offset] = s.exact;
      out[offset + 1] = exactValue(s.f1);
      out[offset + 2] = s.total;
    },
    score(r) {
      return of(r[0]!, r[1]!, r[2]!);
    },
    scoreStats(stats) {
      const s = sums(stats);
      return of(s.exact, exactValue(s.f1), s.total);
    },
  };
}

function readSums(value: unknown, what: string, metric: string): SquadSums {
  const v = statsObject(value, metric, "{ total, exact, f1 }");
  const total = readCount(v.total, (got) => `${metric} statistics need ${what}total: a non-negative integer count of questions, but got ${got}.`);
  const exact = readCount(v.exact, (got) => `${metric} statistics need ${what}exact: a non-negative integer count of exact matches, but got ${got}.`);
  const f1 = readExactSum(v.f1, (got) => `${metric} statistics need ${what}f1: an exact sum (a list of numbers) between 0 and total, but got ${got}.`, 0, total);
  if (exact > total) throw invalidStats(`${metric} statistics have ${what}exact ${exact} above ${what}total ${total}; use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).`);
  return { total, exact, f1 };
}

/**
 * Validates SQuAD v1.1 statistics read from JSON: `{ total, exact, f1 }`.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseSquadStats(value: unknown): SquadStats {
  return readSums(value, "", "SQuAD");
}

/**
 * Validates SQuAD v2.0 statistics read from JSON: `{ hasAns, noAns, curve }`.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseSquadV2Stats(value: unknown): SquadV2Stats {
  const v = statsObject(value, "squad_v2", "{ hasAns, noAns, curve }");
  const hasAns = readSums(v.hasAns, "hasAns.", "squad_v2");
  const noAns = readSums(v.noAns, "noAns.", "squad_v2");
  const curve = v.curve;
  if (!Array.isArray(curve) || curve.length !== 3 * (hasAns.total + noAns.total) || !curve.every((x) => typeof x === "number" && Number.isFinite(x))) {
    throw invalidStats(
      `squad_v2 statistics need curve: three finite numbers per question (${3 * (hasAns.total + noAns.total)} here), but got ${describeValue(curve)}.`,
    );
  }
  return { hasAns, noAns, curve: curve.slice() as number[] };
}

/** Adds questions' sums in place (one exact sum per split), for the one-pass paths. */
class SumsAccumulator {
  total = 0;
  exact = 0;
  readonly f1 = new ExactSum();
  add(s: SquadSums): void {
    this.total += s.total;
    this.exact += s.exact;
    for (const x of s.f1) this.f1.add(x);
  }
  value(): SquadSums {
    return { total: this.total, exact: this.exact, f1: this.f1.value() };
  }
}

/** The SQuAD v1.1 metric: core's {@link Metric} with typed extras. */
export interface SquadMetric extends Metric<SquadStats, SquadResult> {
  /** `SQuAD F1 = 82.45` (`width` decimals, default 2). */
  format(result: SquadResult, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): SquadStats;
  /** Resampling rows `[exact, f1, questions]`; keys `f1` (default) and `exact_match`. */
  rows(key?: string): StatsRows<SquadStats>;
  /** The normalization and every gold answer's exact match and F1. */
  explain(hyp: string, refs: readonly string[]): SquadExplanation;
  /** The statistics of a question with no prediction: HF's squad counts it, with score 0. */
  unanswered(): SquadStats;
}

/**
 * Creates SQuAD v1.1 exact match and F1 (HF evaluate's `squad`, the official v1.1 script): a segment
 * is one question, its hypothesis the prediction, its references the gold answers.
 */
export function createSquad(): SquadMetric {
  const resultOf = (s: SquadStats, level: ScoreLevel): SquadResult => {
    const f1 = percent(exactValue(s.f1), s.total);
    return { name: "SQuAD", score: f1, exactMatch: percent(s.exact, s.total), f1, total: s.total, level, signature: SIG_V1 };
  };
  return {
    name: "squad",
    higherIsBetter: true,
    empty: emptySums,
    stats(hyp, refs) {
      const prediction = checkPrediction(hyp);
      const [exact, f1] = scoreQuestion(prediction, checkAnswers(refs, false), false);
      return { total: 1, exact, f1: exactOf(f1) };
    },
    merge: addSums,
    corpusStats(segments) {
      const acc = new SumsAccumulator();
      let index = 0;
      for (const seg of segments) {
        try {
          acc.add(this.stats(seg.hyp, seg.refs));
        } catch (e) {
          throw atSegment(e, index);
        }
        index++;
      }
      return acc.value();
    },
    score(stats, level) {
      return resultOf(parseSquadStats(stats), level);
    },
    signature: () => SIG_V1,
    summarize: (r) => ({ score: r.score, exact_match: r.exactMatch, f1: r.f1 }),
    format: (r, o) => formatScoreLine("SQuAD F1", r.f1, o?.width, 2),
    parseStats: parseSquadStats,
    rows: (key) => squadRows<SquadStats>("SQuAD", ["f1", "exact_match"], key, (s) => s),
    explain(hyp, refs) {
      return explainWith(checkPrediction(hyp), checkAnswers(refs, false), false);
    },
    unanswered: () => ({ total: 1, exact: 0, f1: [] }),
  };
}

/** The SQuAD v2.0 metric: core's {@link Metric} with typed extras. */
export interface SquadV2Metric extends Metric<SquadV2Stats, SquadV2Result> {
  /** The options in effect. */
  readonly options: ResolvedSquadV2Options;
  /** Statistics of one question with its no-answer probability (`stats()` uses 0) and answerability. */
  questionStats(hyp: string, refs: readonly string[], question?: SquadV2Question): SquadV2Stats;
  /** The statistics of many questions in one pass, equal (as JSON) to merging `questionStats()` of each in order. */
  corpusQuestionStats(questions: Iterable<{ hyp: string; refs: readonly string[]; question?: SquadV2Question }>): SquadV2Stats;
  /** `SQuAD-v2 F1 = 76.16` (`width` decimals, default 2). */
  format(result: SquadV2Result, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): SquadV2Stats;
  /** Resampling rows `[exact, f1, questions]` after the threshold; keys `f1` (default) and `exact`. */
  rows(key?: string): StatsRows<SquadV2Stats>;
  /** The normalization and every gold answer's exact match and F1 (before the threshold). */
  explain(hyp: string, refs: readonly string[]): SquadExplanation;
}

/**
 * The official script's `find_best_thresh` for exact match and F1 at once: the threshold sweep over
 * the probabilities in ascending order (ties in corpus order, as Python's stable `sorted()`).
 */
function bestThresholds(curve: readonly number[], noAnsTotal: number, total: number): [number, number, number, number] {
  const n = curve.length / 3;
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  order.sort((a, b) => curve[3 * a]! - curve[3 * b]! || a - b);
  let curE = noAnsTotal;
  let bestE = curE;
  let threshE = 0.0;
  let curF = noAnsTotal;
  let bestF = curF;
  let threshF = 0.0;
  for (let k = 0; k < n; k++) {
    const i = 3 * order[k]!;
    curE += curve[i + 1]!;
    if (curE > bestE) {
      bestE = curE;
      threshE = curve[i]!;
    }
    curF += curve[i + 2]!;
    if (curF > bestF) {
      bestF = curF;
      threshF = curve[i]!;
    }
  }
  return [percent(bestE, total), threshE, percent(bestF, total), threshF];
}

/** One SQuAD 2.0 question's statistics as `evalV2Question` leaves them (one scratch record, no allocation). */
const q2 = { has: false, exact: 0, f1: 0, p: 0, curveExact: 0, curveF1: 0 };

/** Checks and scores one SQuAD 2.0 question into {@link q2}. */
function evalV2Question(hyp: unknown, refs: unknown, q: SquadV2Question | undefined, threshold: number): void {
  const prediction = checkPrediction(hyp);
  const answers = checkAnswers(refs, true);
  const p = q?.noAnswerProbability ?? 0;
  if (typeof p !== "number" || !Number.isFinite(p)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `A no-answer probability must be a finite number, but got ${describeValue(p)}. Give each question its model's probability (or score) of having no answer.`,
    );
  }
  const has = q?.hasAnswer ?? answers.some((a) => a !== "");
  if (typeof has !== "boolean") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `hasAnswer must be a boolean, but got ${describeValue(has)}.`);
  }
  const [rawExact, rawF1] = scoreQuestion(prediction, answers, true);
  const answeredNo = p > threshold;
  q2.has = has;
  q2.p = p;
  q2.exact = answeredNo ? (has ? 0 : 1) : rawExact;
  q2.f1 = answeredNo ? (has ? 0 : 1) : rawF1;
  const diff = prediction !== "" ? -1 : 0;
  q2.curveExact = has ? rawExact : diff;
  q2.curveF1 = has ? rawF1 : diff;
}

/**
 * Creates SQuAD v2.0 exact match and F1 (HF evaluate's `squad_v2`, the official v2.0 script): a
 * segment is one question; a question without a gold answer has no references, or only empty ones.
 * @throws GramscoreError `INVALID_OPTION` for a bad option.
 */
export function createSquadV2(options?: SquadV2Options): SquadV2Metric {
  return buildSquadV2(options).metric;
}

/**
 * SQuAD v2.0 over a whole corpus in one pass, scored without re-reading its own statistics: what
 * `squadV2()` computes (equal to `metric.score(metric.corpusQuestionStats(...), "corpus")`).
 */
export function squadV2Corpus(
  options: SquadV2Options | undefined,
  count: number,
  question: (i: number) => { hyp: string; refs: readonly string[]; question?: SquadV2Question },
): SquadV2Result {
  const built = buildSquadV2(options);
  return built.resultOf(built.collect(count, question), "corpus");
}

function buildSquadV2(options: SquadV2Options | undefined) {
  const opts = resolveSquadV2Options(options);
  const threshold = opts.noAnswerThreshold;
  const signature = signatureV2(threshold);
  const question = (hyp: unknown, refs: unknown, q: SquadV2Question | undefined): SquadV2Stats => {
    evalV2Question(hyp, refs, q, threshold);
    const sums: SquadSums = { total: 1, exact: q2.exact, f1: exactOf(q2.f1) };
    const curve = [q2.p, q2.curveExact, q2.curveF1];
    return q2.has ? { hasAns: sums, noAns: emptySums(), curve } : { hasAns: emptySums(), noAns: sums, curve };
  };
  const resultOf = (s: SquadV2Stats, level: ScoreLevel): SquadV2Result => {
    const total = s.hasAns.total + s.noAns.total;
    const exactAll = percent(s.hasAns.exact + s.noAns.exact, total);
    const f1All = percent(exactValue(exactAdd(s.hasAns.f1, s.noAns.f1)), total);
    const split = (x: SquadSums): SquadScores => ({ exact: percent(x.exact, x.total), f1: percent(exactValue(x.f1), x.total), total: x.total });
    const [bestExact, bestExactThresh, bestF1, bestF1Thresh] = bestThresholds(s.curve, s.noAns.total, total);
    return {
      name: "SQuAD-v2",
      score: f1All,
      exact: exactAll,
      f1: f1All,
      total,
      ...(s.hasAns.total > 0 ? { hasAns: split(s.hasAns) } : {}),
      ...(s.noAns.total > 0 ? { noAns: split(s.noAns) } : {}),
      bestExact,
      bestExactThresh,
      bestF1,
      bestF1Thresh,
      level,
      signature,
    };
  };
  const sumsOf = (s: SquadV2Stats): SquadSums => addSums(s.hasAns, s.noAns);
  /** Scores questions `0..count-1` in one pass, straight into the sums and the curve. */
  const collect = (count: number, at: (i: number) => { hyp: string; refs: readonly string[]; question?: SquadV2Question } | undefined): SquadV2Stats => {
    const has = new SumsAccumulator();
    const no = new SumsAccumulator();
    const curve: number[] = [];
    for (let index = 0; index < count; index++) {
      const q = at(index);
      if (q === undefined) break;
      try {
        evalV2Question(q.hyp, q.refs, q.question, threshold);
      } catch (e) {
        throw atSegment(e, index);
      }
      const acc = q2.has ? has : no;
      acc.total++;
      acc.exact += q2.exact;
      acc.f1.add(q2.f1);
      curve.push(q2.p, q2.curveExact, q2.curveF1);
    }
    return { hasAns: has.value(), noAns: no.value(), curve };
  };
  const onePass = (questions: Iterable<{ hyp: string; refs: readonly string[]; question?: SquadV2Question }>): SquadV2Stats => {
    const it = questions[Symbol.iterator]();
    return collect(Infinity, () => {
      const r = it.next();
      return r.done === true ? undefined : r.value;
    });
  };
  const metric: SquadV2Metric = {
    name: "squad_v2",
    higherIsBetter: true,
    options: opts,
    empty: () => ({ hasAns: emptySums(), noAns: emptySums(), curve: [] }),
    stats: (hyp, refs) => question(hyp, refs, undefined),
    questionStats: (hyp, refs, q) => question(hyp, refs, q),
    corpusQuestionStats: onePass,
    corpusStats: (segments) => onePass(segments),
    merge: (a, b) => ({ hasAns: addSums(a.hasAns, b.hasAns), noAns: addSums(a.noAns, b.noAns), curve: a.curve.concat(b.curve) }),
    score(stats, level) {
      return resultOf(parseSquadV2Stats(stats), level);
    },
    signature: () => signature,
    summarize: (r) => ({ score: r.score, exact: r.exact, f1: r.f1, best_exact: r.bestExact, best_f1: r.bestF1 }),
    format: (r, o) => formatScoreLine("SQuAD-v2 F1", r.f1, o?.width, 2),
    parseStats: parseSquadV2Stats,
    rows: (key) => squadRows<SquadV2Stats>("SQuAD-v2", ["f1", "exact"], key, sumsOf),
    explain(hyp, refs) {
      return explainWith(checkPrediction(hyp), v2Golds(checkAnswers(refs, true)), true);
    },
  };
  return { metric, resultOf, collect };
}
