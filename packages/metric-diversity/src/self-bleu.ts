import { ErrorCode, GramscoreError, assertText, describeValue, formatScoreLine, formatSignature, fsum, glibcExp as exp, invalidStats, log, pyRstrip, resolveOptions, signatureVersion } from "@gramscore/core";
import type { FormatOptions, Metric, MetricContext, OptionRules, OptionSpec, ScoreLevel, Segment, Tokenizer } from "@gramscore/core";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import { selfCounts } from "./ngrams.js";
import { resolveDiversityTokenizer } from "./tokenize.js";
import type { DiversityTokenizeOption } from "./tokenize.js";
import { VERSION } from "./version.js";

/**
 * Statistics of a Self-BLEU metric: the tokens of every text, in corpus order. Self-BLEU scores each
 * text against all the others, so no summary smaller than the texts themselves can be merged: merging
 * concatenates the token lists.
 */
export interface SelfBleuStats {
  /** Every text's tokens. */
  readonly texts: string[][];
}

/** A Self-BLEU result. */
export interface SelfBleuResult {
  /** `Self-BLEU-3` (Texygen) or `Self-BLEU` (sacrebleu). */
  readonly name: string;
  /** The Self-BLEU: Texygen's 0–1 mean, or sacrebleu's 0–100 mean (sentence) or corpus BLEU (corpus). */
  readonly score: number;
  /** Per text, its BLEU against all the others (sentence-level definitions; empty for sacrebleu's corpus level). */
  readonly scores: number[];
  /** Texts scored. */
  readonly texts: number;
  /** Whether it was asked for as a corpus or a segment score (a segment alone has no Self-BLEU). */
  readonly level: ScoreLevel;
  /** The signature (see the package README). */
  readonly signature: string;
}

/** A Self-BLEU metric. */
export interface SelfBleuMetric extends Metric<SelfBleuStats, SelfBleuResult> {
  /** The tokenizer in effect. */
  readonly tokenizer: Tokenizer;
  /** Every text's tokens in one pass (equal to merging `stats` of each); errors name the text. */
  corpusStats(segments: Iterable<Segment>): SelfBleuStats;
  /** `Self-BLEU-3 = 0.1633`. */
  format(result: SelfBleuResult, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): SelfBleuStats;
  /** The Self-BLEU of texts directly (the corpus function). @throws GramscoreError for fewer than 2 texts. */
  compute(texts: readonly string[]): SelfBleuResult;
}

/** Options of `self-bleu` (Texygen's definition). */
export interface SelfBleuOptions {
  /** Texygen's `gram`: the highest order, weights `1/gram` each; default 3 (Texygen's default). */
  gram?: number;
  /** How texts become tokens; default `treebank` (NLTK's `word_tokenize` without Punkt's sentence split). */
  tokenize?: DiversityTokenizeOption;
}

/** Options of `self-bleu-sacrebleu`. */
export interface SacrebleuSelfBleuOptions {
  /** `sentence` (default): mean of each text's `sentence_score` against the others; `corpus`: one `corpus_score` with the others as references. */
  level?: "sentence" | "corpus";
  /** sacrebleu's smoothing: `exp` (default, sentence_bleu's), `none`, `floor`, `add-k`. */
  smoothMethod?: "exp" | "none" | "floor" | "add-k";
  /** Value for `floor` (default 0.1) and `add-k` (default 1). */
  smoothValue?: number;
  /** Highest order, default 4. */
  maxNgramOrder?: number;
  /** Lowercase before tokenizing. */
  lowercase?: boolean;
  /** Tokenizer, default sacrebleu's `13a`. */
  tokenize?: DiversityTokenizeOption;
}

/** The options of `self-bleu` (CLI `--gram`, `--tokenize`). */
export const selfBleuOptionSpecs: readonly OptionSpec[] = [
  { key: "gram", flag: "gram", type: "number", integer: true, min: 1, max: 255, default: 3, description: "Texygen's gram: highest n-gram order, uniform weights" },
  { key: "tokenize", flag: "tokenize", type: "string", default: "treebank", description: "Tokenizer (default treebank: nltk.word_tokenize without sentence splitting)" },
];

/** The options of `self-bleu-sacrebleu`, with sacrebleu's flag names. */
export const sacrebleuSelfBleuOptionSpecs: readonly OptionSpec[] = [
  { key: "level", flag: "self-bleu-level", type: "string", choices: ["sentence", "corpus"], default: "sentence", description: "sentence: mean of per-text sentence BLEU; corpus: corpus BLEU with the others as references" },
  { key: "smoothMethod", flag: "smooth-method", type: "string", choices: ["exp", "none", "floor", "add-k"], default: "exp", description: "sacrebleu smoothing method" },
  { key: "smoothValue", flag: "smooth-value", type: "number", description: "Smoothing value for floor (default 0.1) and add-k (default 1)" },
  { key: "maxNgramOrder", flag: "max-ngram-order", type: "number", integer: true, min: 1, max: 255, default: 4, description: "Highest n-gram order" },
  { key: "lowercase", flag: "lowercase", type: "boolean", default: false, description: "Lowercase before tokenizing" },
  { key: "tokenize", flag: "tokenize", type: "string", default: "13a", description: "Tokenizer: 13a, intl, zh, char, cjk, none, treebank, or any registered tokenizer name" },
];

function withTokenize(specs: readonly OptionSpec[], fallback: string): OptionRules["rules"] {
  return specs.map((r) => (r.key === "tokenize" ? { ...r, read: (v: unknown) => v ?? fallback } : r));
}

function checkText(hyp: unknown, refs: unknown, index?: number): string {
  const where = index === undefined ? "The text" : `Text ${index}`;
  if (typeof hyp !== "string") throw new GramscoreError(ErrorCode.INVALID_TYPE, `${where} must be a string, but got ${describeValue(hyp)}.`);
  if (refs !== undefined && !Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Self-BLEU needs no references; when given they must be an array (they are ignored), but got ${describeValue(refs)}.`,
    );
  }
  return assertText(hyp, where);
}

function tooFew(count: number): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `Self-BLEU scores each text against all the others, so it needs at least 2 texts, but got ${count}. ` +
      "Score a whole set of generated texts (one segment alone has no Self-BLEU).",
    { details: { texts: count } },
  );
}

interface Engine {
  readonly tokenizer: Tokenizer;
  readonly name: string;
  readonly signature: string;
  readonly decimals: number;
  prepare(text: string): string[];
  scoreTexts(texts: readonly (readonly string[])[], level: ScoreLevel): SelfBleuResult;
}

function buildMetric(metric: string, e: Engine): SelfBleuMetric {
  const check = (s: SelfBleuStats, what: string): void => {
    if (s === null || typeof s !== "object" || !Array.isArray(s.texts)) {
      throw invalidStats(`${what} must be ${metric} statistics { texts: [[token, …], …] }, but got ${describeValue(s)}.`);
    }
  };
  return {
    name: metric,
    higherIsBetter: false,
    tokenizer: e.tokenizer,
    empty: () => ({ texts: [] }),
    stats: (hyp, refs) => ({ texts: [e.prepare(checkText(hyp, refs))] }),
    corpusStats(segments: Iterable<Segment>) {
      const texts: string[][] = [];
      for (const seg of segments) texts.push(e.prepare(checkText(seg?.hyp, seg?.refs, texts.length)));
      return { texts };
    },
    merge(a, b) {
      check(a, "The first argument of merge");
      check(b, "The second argument of merge");
      return { texts: [...a.texts, ...b.texts] };
    },
    score(stats, level) {
      check(stats, "The statistics to score");
      if (stats.texts.length < 2) throw tooFew(stats.texts.length);
      return e.scoreTexts(stats.texts, level);
    },
    compute(texts) {
      if (!Array.isArray(texts)) {
        throw new GramscoreError(ErrorCode.INVALID_TYPE, `Self-BLEU takes an array of texts (strings), but got ${describeValue(texts)}.`);
      }
      const tokens = texts.map((t, i) => e.prepare(checkText(t, undefined, i)));
      if (tokens.length < 2) throw tooFew(tokens.length);
      return e.scoreTexts(tokens, "corpus");
    },
    signature: () => e.signature,
    summarize: (result) => ({ score: result.score }),
    format: (result, fmt) => formatScoreLine(result.name, result.score, fmt?.width, e.decimals),
    parseStats(value) {
      const v = value as Partial<SelfBleuStats> | null;
      const ok = v !== null && typeof v === "object" && Array.isArray(v.texts) && v.texts.every((t) => Array.isArray(t) && t.every((x) => typeof x === "string"));
      if (!ok) throw invalidStats(`${metric} statistics must be { texts: [[token, …], …] } (every text's tokens), but got ${describeValue(value)}.`);
      return { texts: v.texts!.map((t) => [...t]) };
    },
  };
}

/** NLTK 3.8's `brevity_penalty(closest_ref_len, hyp_len)`. */
function nltkBrevity(refLen: number, hypLen: number): number {
  if (hypLen > refLen) return 1;
  if (hypLen === 0) return 0;
  return exp(1 - refLen / hypLen);
}

/**
 * Self-BLEU as Texygen defines it (geek-ai/Texygen `utils/metrics/SelfBleu.py`,
 * `get_bleu_parallel`): NLTK 3.8's `sentence_bleu` of each text against all the other texts, weights
 * `1/gram`, `SmoothingFunction().method1` (epsilon 0.1), then the plain mean; 0–1, lower is more
 * diverse. Computed in time linear in the n-grams (the clipping count of an n-gram among the others
 * is its largest count, or the second largest for the text that holds the largest).
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createSelfBleu(options?: SelfBleuOptions, context?: MetricContext): SelfBleuMetric {
  const o = resolveOptions<{ gram: number; tokenize: DiversityTokenizeOption }>(options, {
    metric: "self-bleu",
    example: "{ gram: 3 }",
    rules: withTokenize(selfBleuOptionSpecs, "treebank"),
  });
  const tokenizer = resolveDiversityTokenizer(o.tokenize, context, "self-bleu");
  const N = o.gram;
  const w = 1 / N;
  const signature = formatSignature([
    ["self-bleu", "texygen"],
    ["bleu", "nltk"],
    ["gram", String(N)],
    ["smooth", "method1[0.1]"],
    ["tok", tokenizer.signature],
    ["version", signatureVersion(VERSION)],
  ]);
  const terms = new Array<number>(N);
  return buildMetric("self-bleu", {
    tokenizer,
    name: `Self-BLEU-${N}`,
    signature,
    decimals: 4,
    prepare: (text) => tokenizer.tokenize(text),
    scoreTexts(texts, level) {
      const { lengths, closest, matches } = selfCounts(texts, N);
      const scores = new Array<number>(texts.length);
      let sum = 0;
      for (let i = 0; i < texts.length; i++) {
        const L = lengths[i]!;
        let s = 0;
        if (matches[i * N]! > 0) {
          for (let n = 0; n < N; n++) {
            const den = Math.max(1, L - n);
            const m = matches[i * N + n]!;
            terms[n] = w * log(m === 0 ? 0.1 / den : m / den);
          }
          s = nltkBrevity(closest[i]!, L) * exp(fsum(terms));
        }
        scores[i] = s;
        sum += s;
      }
      return { name: `Self-BLEU-${N}`, score: sum / texts.length, scores, texts: texts.length, level, signature };
    },
  });
}

const SMOOTH_DEFAULTS: Record<string, number> = { exp: 0, none: 0, floor: 0.1, "add-k": 1 };

/** sacrebleu 2.6.0's `my_log`. */
function myLog(x: number): number {
  return x === 0 ? -9999999999 : log(x);
}

/** sacrebleu 2.6.0's `BLEU.compute_bleu` (its arguments as arrays it may change). */
function computeSacrebleu(correct: number[], total: number[], sysLen: number, refLen: number, method: string, value: number, effective: boolean, N: number): number {
  let bp = 1;
  if (sysLen < refLen) bp = sysLen > 0 ? exp(1 - refLen / sysLen) : 0;
  if (!correct.some((c) => c !== 0)) return 0;
  const precisions = new Array<number>(N).fill(0);
  let smooth = 1;
  let eff = N;
  for (let n = 1; n <= N; n++) {
    if (method === "add-k" && n > 1) {
      correct[n - 1]! += value;
      total[n - 1]! += value;
    }
    if (total[n - 1] === 0) break;
    if (effective) eff = n;
    if (correct[n - 1] === 0) {
      if (method === "exp") {
        smooth *= 2;
        precisions[n - 1] = 100 / (smooth * total[n - 1]!);
      } else if (method === "floor") precisions[n - 1] = (100 * value) / total[n - 1]!;
    } else precisions[n - 1] = (100 * correct[n - 1]!) / total[n - 1]!;
  }
  let sum = 0;
  for (let n = 0; n < eff; n++) sum += myLog(precisions[n]!);
  return bp * exp(sum / eff);
}

/**
 * Self-BLEU with sacrebleu 2.6.0's BLEU: at `sentence` level (default) the mean of
 * `BLEU(effective_order=True).sentence_score(text, others)` over the texts, at `corpus` level one
 * `corpus_score` of all texts, each with all the others as its references; 0–100.
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createSacrebleuSelfBleu(options?: SacrebleuSelfBleuOptions, context?: MetricContext): SelfBleuMetric {
  const o = resolveOptions<Required<Omit<SacrebleuSelfBleuOptions, "smoothValue">> & { smoothValue: number | undefined; tokenize: DiversityTokenizeOption }>(options, {
    metric: "self-bleu-sacrebleu",
    example: '{ level: "sentence", smoothMethod: "exp" }',
    rules: withTokenize(sacrebleuSelfBleuOptionSpecs, "13a"),
  });
  const tokenizer = resolveDiversityTokenizer(o.tokenize, context, "self-bleu-sacrebleu");
  const N = o.maxNgramOrder;
  const method = o.smoothMethod;
  const value = o.smoothValue ?? SMOOTH_DEFAULTS[method]!;
  const sentence = o.level === "sentence";
  const smoothName = method === "floor" || method === "add-k" ? `${method}[${value.toFixed(2)}]` : method;
  const signature = formatSignature([
    ["self-bleu", sentence ? "sacrebleu-sentence" : "sacrebleu-corpus"],
    ["case", o.lowercase ? "lc" : "mixed"],
    ["eff", sentence ? "yes" : "no"],
    ["tok", tokenizer.signature],
    ["smooth", smoothName],
    ["order", String(N)],
    ["version", signatureVersion(VERSION)],
  ]);
  const name = "Self-BLEU";
  return buildMetric("self-bleu-sacrebleu", {
    tokenizer,
    name,
    signature,
    decimals: 2,
    prepare: (text) => tokenizer.tokenize(pyRstrip(o.lowercase ? pyLower(text) : text)),
    scoreTexts(texts, level) {
      const { lengths, closest, matches } = selfCounts(texts, N);
      const correct = new Array<number>(N);
      const total = new Array<number>(N);
      if (sentence) {
        const scores = new Array<number>(texts.length);
        let sum = 0;
        for (let i = 0; i < texts.length; i++) {
          const L = lengths[i]!;
          for (let n = 0; n < N; n++) {
            correct[n] = matches[i * N + n]!;
            total[n] = Math.max(0, L - n);
          }
          scores[i] = computeSacrebleu(correct, total, L, closest[i]!, method, value, true, N);
          sum += scores[i]!;
        }
        return { name, score: sum / texts.length, scores, texts: texts.length, level, signature };
      }
      correct.fill(0);
      total.fill(0);
      let sys = 0;
      let ref = 0;
      for (let i = 0; i < texts.length; i++) {
        const L = lengths[i]!;
        for (let n = 0; n < N; n++) {
          correct[n]! += matches[i * N + n]!;
          total[n]! += Math.max(0, L - n);
        }
        sys += L;
        ref += closest[i]!;
      }
      const score = computeSacrebleu(correct, total, sys, ref, method, value, false, N);
      return { name, score, scores: [], texts: texts.length, level, signature };
    },
  });
}
