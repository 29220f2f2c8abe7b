/**
 * Statistics shared by characTER and EED: the sentence scores of the corpus in order. Every reference
 * forms its corpus score from them (a mean, a median or a sum, each with its own arithmetic), so the
 * list is what merges exactly: merging concatenates, which is associative, and a corpus scored in
 * shards gives the one-pass number bit for bit.
 */
import { ExactSum, describeValue, invalidStats, statsObject } from "@gramscore/core";

/** The sentence scores of a corpus, in corpus order. */
export interface ScoreListStats {
  /** One score per segment (0 = identical; at most 1). */
  readonly scores: number[];
}

/** Validates `{ scores }` read from JSON. */
export function readScoreList(value: unknown, metric: string): ScoreListStats {
  const v = statsObject(value, metric, "{ scores }");
  const s = v.scores;
  if (!Array.isArray(s) || !s.every((x) => typeof x === "number" && x >= 0 && x <= 1)) {
    throw invalidStats(
      `${metric} statistics need scores: a list of sentence scores between 0 and 1, but got ${describeValue(s)}; use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).`,
    );
  }
  return { scores: (s as number[]).slice() };
}

function bitLength(x: bigint): number {
  return x === 0n ? 0 : x.toString(2).length;
}

/** The correctly rounded (half-even) double nearest to `num / den` (both positive). */
export function ratioToDouble(num: bigint, den: bigint): number {
  if (num === 0n) return 0;
  const shift = 55 - (bitLength(num) - bitLength(den));
  const n = shift >= 0 ? num << BigInt(shift) : num;
  const d = shift >= 0 ? den : den << BigInt(-shift);
  let q = n / d;
  const sticky = n % d !== 0n;
  // 53 significant bits, or fewer below the smallest normal (the last bit is worth 2^-1074).
  const drop = Math.max(bitLength(q) - 53, shift - 1074);
  const mask = (1n << BigInt(drop)) - 1n;
  const rem = q & mask;
  const half = 1n << BigInt(drop - 1);
  q >>= BigInt(drop);
  if (rem > half || (rem === half && (sticky || (q & 1n) === 1n))) q += 1n;
  return Number(q) * 2 ** (drop - shift);
}

/** A finite double as `m * 2^-1074` (m a BigInt). */
function scaled(x: number): bigint {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, Math.abs(x));
  const bits = buf.getBigUint64(0);
  const exp = Number(bits >> 52n);
  const frac = bits & ((1n << 52n) - 1n);
  const m = exp === 0 ? frac : frac | (1n << 52n);
  const v = exp === 0 ? m : m << BigInt(exp - 1);
  return x < 0 ? -v : v;
}

/**
 * Python's `statistics.mean` of doubles: the exact sum divided by the count, correctly rounded
 * (Python sums the exact fractions and converts `total / n` once).
 */
export function exactMean(scores: readonly number[]): number {
  const sum = new ExactSum();
  for (const x of scores) sum.add(x);
  let total = 0n;
  for (const part of sum.value()) total += scaled(part);
  if (total === 0n) return 0;
  const den = BigInt(scores.length) << 1074n;
  return total < 0n ? -ratioToDouble(-total, den) : ratioToDouble(total, den);
}

/** Python's `statistics.median`: the middle value, or the mean of the two middle values. */
export function pyMedian(scores: readonly number[]): number {
  const s = scores.slice().sort((a, b) => a - b);
  const n = s.length;
  const i = n >> 1;
  return n % 2 === 1 ? s[i]! : (s[i - 1]! + s[i]!) / 2;
}

/** Python 3.11's built-in `sum` of floats: left to right in double precision. */
export function pySum(scores: readonly number[]): number {
  let t = 0;
  for (const x of scores) t += x;
  return t;
}

/** torch's sum of float32 scalar tensors, left to right, each addition rounded to float32. */
export function float32Sum(scores: readonly number[]): number {
  let t = 0;
  for (const x of scores) t = Math.fround(t + x);
  return t;
}
