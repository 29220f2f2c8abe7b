/**
 * rouge-score's bootstrap (its `BootstrapAggregator`): percentiles of resample means, per column,
 * seeded with {@link SeededRandom}. ROUGE's intervals (@gramscore/metric-rouge) are computed here.
 */
import { SeededRandom } from "./xoshiro.js";

/**
 * numpy's `percentile(..., method="linear")` of an ascending array at fraction `q` (0 … 1): the value
 * at virtual index `q · (n − 1)`, interpolated with numpy's `_lerp` (from the upper neighbour when the
 * fraction is at least one half).
 */
export function percentile(sorted: ArrayLike<number>, q: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  const index = q * (n - 1);
  const lo = Math.max(0, Math.min(n - 1, Math.floor(index)));
  const hi = Math.min(n - 1, lo + 1);
  const t = index - lo;
  const a = sorted[lo]!;
  const b = sorted[hi]!;
  const diff = b - a;
  return t >= 0.5 ? b - diff * (1 - t) : a + diff * t;
}

/** Lexicographic order of two rows of width `w` stored in one flat array. */
function compareRows(data: Float64Array, w: number, i: number, j: number): number {
  const a = i * w;
  const b = j * w;
  for (let k = 0; k < w; k++) {
    const d = data[a + k]! - data[b + k]!;
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

/**
 * Puts the rows (chunks of flattened rows of width `width`) into one array in a canonical order
 * (lexicographic), so that resampling does not depend on the order in which segments were added.
 */
export function canonicalRows(chunks: readonly (readonly number[])[], width: number): Float64Array {
  let total = 0;
  for (const c of chunks) total += c.length;
  const raw = new Float64Array(total);
  let o = 0;
  for (const c of chunks) {
    raw.set(c, o);
    o += c.length;
  }
  const n = width === 0 ? 0 : total / width;
  const order = Array.from({ length: n }, (_, i) => i);
  order.sort((i, j) => compareRows(raw, width, i, j));
  const out = new Float64Array(total);
  for (let k = 0; k < n; k++) out.set(raw.subarray(order[k]! * width, order[k]! * width + width), k * width);
  return out;
}

/**
 * rouge-score's bootstrap (`BootstrapAggregator._bootstrap_resample`), seeded: `samples` resamples of
 * the `n` rows drawn with replacement, each turned into statistics by `statistic(sums, n)` (the
 * column sums of the resample); then for every output column on its own the percentiles at
 * `(1 − confidence)/2`, 0.5 and `1 − (1 − confidence)/2`. Returns `[low, mid, high]`, each with one
 * value per output column.
 */
export function percentileBootstrap(
  rows: Float64Array,
  width: number,
  samples: number,
  seed: number,
  confidence: number,
  outputs: number,
  statistic: (sums: Float64Array, n: number, out: Float64Array) => void,
): [Float64Array, Float64Array, Float64Array] {
  const n = rows.length / width;
  const rng = new SeededRandom(seed);
  const values = new Float64Array(samples * outputs);
  const sums = new Float64Array(width);
  const out = new Float64Array(outputs);
  for (let s = 0; s < samples; s++) {
    sums.fill(0);
    for (let i = 0; i < n; i++) {
      const base = rng.below(n) * width;
      for (let k = 0; k < width; k++) sums[k]! += rows[base + k]!;
    }
    statistic(sums, n, out);
    for (let k = 0; k < outputs; k++) values[k * samples + s] = out[k]!;
  }
  const delta = (1 - confidence) / 2;
  const low = new Float64Array(outputs);
  const mid = new Float64Array(outputs);
  const high = new Float64Array(outputs);
  for (let k = 0; k < outputs; k++) {
    const column = values.subarray(k * samples, (k + 1) * samples).sort();
    low[k] = percentile(column, delta);
    mid[k] = percentile(column, 0.5);
    high[k] = percentile(column, 1 - delta);
  }
  return [low, mid, high];
}
