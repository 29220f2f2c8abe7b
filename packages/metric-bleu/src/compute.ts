import { formatFixed, formatSignature, glibcExp as exp, log, signatureVersion } from "@gramscore/core";
import type { SmoothMethod } from "./options.js";
import { VERSION } from "./version.js";

/**
 * Sufficient statistics of BLEU (plain JSON; sums over segments). The same numbers sacrebleu keeps per
 * segment (`[hyp_len, ref_len, correct_1..N, total_1..N]`), plus the reference count.
 */
export interface BleuStats {
  /** Hypothesis tokens (sacrebleu's `sys_len`). */
  sysLen: number;
  /** Sum of the closest reference lengths (`ref_len`; ties go to the shorter reference). */
  refLen: number;
  /** Clipped n-gram matches per order `1 … N` (before any smoothing). */
  matches: number[];
  /** Hypothesis n-grams per order `1 … N`. */
  totals: number[];
  /**
   * References per segment: `k` when every segment had `k`, `0` for the empty statistics, `-1` when
   * segments had different counts (the signature's `nrefs:var`).
   */
  nrefs: number;
}

/** A BLEU result, as sacrebleu's `BLEUScore` (camelCase). */
export interface BleuResult {
  /** BLEU on sacrebleu's 0–100 scale. */
  score: number;
  /** Matches per order; with `add-k` smoothing they include the added `k` (orders ≥ 2), as sacrebleu reports them. */
  counts: number[];
  /** Hypothesis n-grams per order; with `add-k` they include the added `k` (orders ≥ 2), as in sacrebleu. */
  totals: number[];
  /** Precision per order in percent (after smoothing); 0 for orders that were not reached. */
  precisions: number[];
  /** Brevity penalty. */
  bp: number;
  /** Hypothesis length in tokens. */
  sysLen: number;
  /** Reference length in tokens. */
  refLen: number;
  /** `sysLen / refLen`, or 0 when `refLen` is 0. */
  ratio: number;
}

/** The options {@link computeBleu} needs. */
export interface ComputeOptions {
  smoothMethod: SmoothMethod;
  /** The smoothing value in effect (sacrebleu's default already filled in). */
  smoothValue: number | undefined;
  effectiveOrder: boolean;
  maxNgramOrder: number;
}

/** sacrebleu's `my_log`: `log(x)`, or −9999999999 for 0 (so a zero precision zeroes the score). */
function myLog(x: number): number {
  return x === 0 ? -9999999999 : log(x);
}

/**
 * BLEU from summed statistics, exactly as sacrebleu 2.6.0's `BLEU.compute_bleu`: brevity penalty,
 * 0 when no order has a match (before smoothing), smoothing in order with `add-k` adding `k` to
 * matches and totals of orders ≥ 2, a stop at the first order without hypothesis n-grams, effective
 * order, and `exp(Σ my_log(p_n) / order)` with the same order of floating-point operations.
 */
export function computeBleu(
  sysLen: number,
  refLen: number,
  matches: ArrayLike<number>,
  totals: ArrayLike<number>,
  options: ComputeOptions,
): BleuResult {
  return computeBleuAt(sysLen, refLen, matches, 0, totals, 0, options);
}

/** {@link computeBleu} reading `matches[mOff …]` and `totals[tOff …]` (a statistics row). @internal */
export function computeBleuAt(
  sysLen: number,
  refLen: number,
  matches: ArrayLike<number>,
  mOff: number,
  totals: ArrayLike<number>,
  tOff: number,
  options: ComputeOptions,
): BleuResult {
  const N = options.maxNgramOrder;
  const correct = new Array<number>(N);
  const total = new Array<number>(N);
  let anyMatch = false;
  for (let n = 0; n < N; n++) {
    correct[n] = matches[mOff + n]!;
    total[n] = totals[tOff + n]!;
    if (correct[n] !== 0) anyMatch = true;
  }
  let bp = 1.0;
  if (sysLen < refLen) bp = sysLen > 0 ? exp(1 - refLen / sysLen) : 0.0;
  const precisions = new Array<number>(N).fill(0);
  const ratio = refLen ? sysLen / refLen : 0;
  if (!anyMatch) return { score: 0.0, counts: correct, totals: total, precisions, bp, sysLen, refLen, ratio };

  const method = options.smoothMethod;
  const value = options.smoothValue;
  let smoothMteval = 1.0;
  let effOrder = N;
  for (let n = 1; n <= N; n++) {
    if (method === "add-k" && n > 1) {
      correct[n - 1] = correct[n - 1]! + value!;
      total[n - 1] = total[n - 1]! + value!;
    }
    if (total[n - 1] === 0) break;
    if (options.effectiveOrder) effOrder = n;
    if (correct[n - 1] === 0) {
      if (method === "exp") {
        smoothMteval *= 2;
        precisions[n - 1] = 100.0 / (smoothMteval * total[n - 1]!);
      } else if (method === "floor") {
        precisions[n - 1] = (100.0 * value!) / total[n - 1]!;
      }
    } else {
      precisions[n - 1] = (100.0 * correct[n - 1]!) / total[n - 1]!;
    }
  }
  let sum = 0;
  for (let n = 0; n < effOrder; n++) sum += myLog(precisions[n]!);
  const score = bp * exp(sum / effOrder);
  return { score, counts: correct, totals: total, precisions, bp, sysLen, refLen, ratio };
}

/** Options of {@link formatBleu}. */
export interface FormatBleuOptions {
  /** Decimals of the score (sacrebleu's `width`; default 2). */
  width?: number;
  /** When given, printed as `BLEU|<signature> = …` (sacrebleu's CLI line). */
  signature?: string;
}

/**
 * sacrebleu's one-line rendering of a BLEU result (`BLEUScore.format`), with Python's half-even
 * rounding: `BLEU = 22.67 56.2/28.7/16.9/10.3 (BP = 0.985 ratio = 0.985 hyp_len = 60395 ref_len = 61287)`.
 */
export function formatBleu(result: BleuResult, options: FormatBleuOptions = {}): string {
  const width = options.width ?? 2;
  const name = options.signature ? `BLEU|${options.signature}` : "BLEU";
  const prec = result.precisions.map((p) => formatFixed(p, 1)).join("/");
  return (
    `${name} = ${formatFixed(result.score, width)} ${prec} (BP = ${formatFixed(result.bp, 3)} ` +
    `ratio = ${formatFixed(result.ratio, 3)} hyp_len = ${formatInt(result.sysLen)} ref_len = ${formatInt(result.refLen)})`
  );
}

/** Python's `f"{x:d}"` for the integer-valued lengths. */
function formatInt(x: number): string {
  return Number.isInteger(x) ? String(x) : formatFixed(x, 0);
}

/** The fields of a BLEU signature. */
export interface BleuSignatureFields {
  /** References per segment, `"var"` when it varies, `"?"` before any data was seen. */
  nrefs: number | string;
  lowercase: boolean;
  effectiveOrder: boolean;
  /** The tokenizer's signature (`13a`, `intl`, `none`, …). */
  tokenizer: string;
  smoothMethod: SmoothMethod;
  smoothValue: number | undefined;
  maxNgramOrder: number;
  /** `norm:`, the normalizer's signature. */
  normalizer?: string;
  /** Defaults to this package's version. */
  version?: string;
}

/**
 * A BLEU signature in sacrebleu's format: `nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:gramscore-0.1.0`
 * (short: `#:1|c:mixed|e:no|tok:13a|s:exp|v:gramscore-0.1.0`). Smoothing values print with two decimals
 * (`floor[0.10]`, `add-k[1.00]`). sacrebleu has no field for the maximum n-gram order; when it is not
 * 4, gramscore adds `ngram:N` before the version (absent at 4, so default signatures stay identical),
 * then `norm:` when a normalizer is used.
 */
export function bleuSignature(fields: BleuSignatureFields, short = false): string {
  const smooth =
    fields.smoothValue === undefined ? fields.smoothMethod : `${fields.smoothMethod}[${formatFixed(fields.smoothValue, 2)}]`;
  return formatSignature([
    [short ? "#" : "nrefs", String(fields.nrefs)],
    [short ? "c" : "case", fields.lowercase ? "lc" : "mixed"],
    [short ? "e" : "eff", fields.effectiveOrder],
    ["tok", fields.tokenizer],
    [short ? "s" : "smooth", smooth],
    ["ngram", fields.maxNgramOrder === 4 ? undefined : fields.maxNgramOrder],
    ["norm", fields.normalizer],
    [short ? "v" : "version", fields.version ?? signatureVersion(VERSION)],
  ]);
}

