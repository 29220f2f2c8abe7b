// Shared helpers of the conformance tests: reading ../shared/conformance, mapping the reference's
// options to ours, and collecting mismatches (so one failure report lists the first few, not 100,000).
import type { BleuMetric, BleuOptions, BleuStats } from "@gramscore/metric-bleu";
import { hasExpected, readJson, readJsonl } from "../../../tooling/conformance/data.js";

/** sacrebleu's constructor options as recorded in `<config>.corpus.json`. */
export interface SacrebleuOptions {
  tokenize: string;
  smooth_method: "exp" | "floor" | "add-k" | "none";
  smooth_value: number | null;
  lowercase: boolean;
  effective_order: boolean;
  max_ngram_order: number;
}

/** One system's entry of a sacrebleu BLEU `<config>.corpus.json`. */
/** A BLEU result as the conformance files record it (sacrebleu's field names). */
export interface SacrebleuResult {
  score: number;
  counts: number[];
  totals: number[];
  precisions: number[];
  bp: number;
  sys_len: number;
  ref_len: number;
  ratio: number;
  str: string;
  raw_stats: { sys_len: number; ref_len: number; matches: number[]; totals: number[] };
}

export interface SacrebleuSystem {
  system: string;
  n_lines: number;
  first_line: number;
  last_line: number;
  contiguous: boolean;
  refs_per_line: number | Record<string, number>;
  signature: string;
  signature_short: string;
  segment_signature?: string;
  corpus: SacrebleuResult;
}

/** A per-segment line of a sacrebleu BLEU `<config>.segments.jsonl.gz`. */
export interface SacrebleuSegment {
  score: number;
  precisions: number[];
  bp: number;
  sys_len: number;
  ref_len: number;
  matches: number[];
  totals: number[];
}

/** Our options for a sacrebleu options record. */
export function toBleuOptions(o: SacrebleuOptions): BleuOptions {
  return {
    tokenize: o.tokenize,
    smoothMethod: o.smooth_method,
    smoothValue: o.smooth_value ?? undefined,
    lowercase: o.lowercase,
    effectiveOrder: o.effective_order,
    maxNgramOrder: o.max_ngram_order,
  };
}

/** Reads a config's corpus file. */
export function readCorpus<T = { options: SacrebleuOptions; systems: SacrebleuSystem[] }>(dataset: string, config: string): T {
  return readJson<T>(`expected/${dataset}/${config}.corpus.json`);
}

/** Reads a config's per-segment file, or undefined when the config has none. */
export function readSegments<T>(dataset: string, config: string): T[] | undefined {
  return hasExpected(dataset, `${config}.segments.jsonl.gz`) ? readJsonl<T>(`expected/${dataset}/${config}.segments.jsonl.gz`) : undefined;
}

/** Replaces the `version:` / `v:` value so signatures of different tools compare. */
export function withoutVersion(signature: string): string {
  return signature.replace(/(^|\|)(version|v):[^|]*$/, "$1$2:*");
}

/** Collects mismatch descriptions; `report()` gives the count and the first few. */
export class Mismatches {
  readonly first: string[] = [];
  count = 0;
  compared = 0;
  /** Largest |actual - expected| seen by {@link close} and {@link allClose}. */
  maxDelta = 0;
  /** Floating-point values compared by {@link same} and {@link allSame}, and how many were identical. */
  floats = 0;
  identical = 0;

  /** Records a check; `ok` false adds `what()` to the report. */
  check(ok: boolean, what: () => string): void {
    this.compared++;
    if (ok) return;
    this.count++;
    if (this.first.length < 8) this.first.push(what());
  }

  /** `|a - b| <= tol` (exact equality for non-finite values). */
  close(actual: number, expected: number, tol: number, what: () => string): void {
    const d = Math.abs(actual - expected);
    if (d > this.maxDelta) this.maxDelta = d;
    this.check(actual === expected || Math.abs(actual - expected) <= tol, () => `${what()}: ${actual} vs ${expected}`);
  }

  /** Identity of two floats, bit for bit (`Object.is`: the same double, NaN equal to NaN, 0 unequal to −0). */
  same(actual: number, expected: number, what: () => string): void {
    this.floats++;
    const ok = Object.is(actual, expected);
    if (ok) this.identical++;
    else if (Math.abs(actual - expected) > this.maxDelta) this.maxDelta = Math.abs(actual - expected);
    this.check(ok, () => `${what()}: ${actual} vs ${expected} (not identical)`);
  }

  /** Element-wise {@link same} of two float arrays (one check; every element counted). */
  allSame(actual: ArrayLike<number>, expected: ArrayLike<number>, what: () => string): void {
    let ok = actual.length === expected.length;
    for (let i = 0; i < Math.min(actual.length, expected.length); i++) {
      this.floats++;
      if (Object.is(actual[i], expected[i])) this.identical++;
      else {
        ok = false;
        if (Math.abs(actual[i]! - expected[i]!) > this.maxDelta) this.maxDelta = Math.abs(actual[i]! - expected[i]!);
      }
    }
    this.check(ok, () => `${what()}: [${Array.from(actual).join(",")}] vs [${Array.from(expected).join(",")}] (not identical)`);
  }

  /** Element-wise equality of two integer arrays. */
  equal(actual: ArrayLike<number>, expected: ArrayLike<number>, what: () => string): void {
    let ok = actual.length === expected.length;
    for (let i = 0; ok && i < actual.length; i++) ok = actual[i] === expected[i];
    this.check(ok, () => `${what()}: [${Array.from(actual).join(",")}] vs [${Array.from(expected).join(",")}]`);
  }

  /** Element-wise closeness of two float arrays. */
  allClose(actual: ArrayLike<number>, expected: ArrayLike<number>, tol: number, what: () => string): void {
    let ok = actual.length === expected.length;
    for (let i = 0; ok && i < actual.length; i++) {
      const d = Math.abs(actual[i]! - expected[i]!);
      if (d > this.maxDelta) this.maxDelta = d;
      ok = actual[i] === expected[i] || d <= tol;
    }
    this.check(ok, () => `${what()}: [${Array.from(actual).join(",")}] vs [${Array.from(expected).join(",")}]`);
  }

  /** What the test asserts: the count and the first mismatches (empty when all passed). */
  report(): { count: number; first: string[] } {
    return { count: this.count, first: this.first };
  }
}

/**
 * Compares one segment's statistics and sentence-level result with sacrebleu's per-segment record:
 * integer statistics equal, score, brevity penalty and precisions identical.
 */
export function checkSegment(m: Mismatches, metric: BleuMetric, s: BleuStats, e: SacrebleuSegment, at: () => string): void {
  m.equal([s.sysLen, s.refLen], [e.sys_len, e.ref_len], () => `${at()} lengths`);
  m.equal(s.matches, e.matches, () => `${at()} matches`);
  m.equal(s.totals, e.totals, () => `${at()} totals`);
  const sr = metric.score(s, "segment");
  m.same(sr.score, e.score, () => `${at()} score`);
  m.same(sr.bp, e.bp, () => `${at()} bp`);
  m.allSame(sr.precisions, e.precisions, () => `${at()} precisions`);
}
