import { ErrorCode, GramscoreError, describeValue, pow } from "@gramscore/core";
import { checkSequence, indicesOf, scratchMarks } from "./lcs.js";

/** Result of {@link weightedLcs}. */
export interface WeightedLcs {
  /** `c[m][n]` of ROUGE-1.5.5's WLCS table: the weighted LCS score of the pair. */
  readonly score: number;
  /** Ascending indices into the first (model) sequence that the backtrack marks. */
  readonly indices: Int32Array;
}

function checkWeight(weightFactor: number): void {
  if (typeof weightFactor !== "number" || !Number.isFinite(weightFactor) || weightFactor <= 0) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `The ROUGE-W weight factor must be a positive finite number (ROUGE-1.5.5's -w, e.g. 1.2), but got ${describeValue(weightFactor)}.`,
    );
  }
}

const weightCache = new Map<number, Float64Array>();

/**
 * `f(k) = k^weightFactor` for `k = 0 … max` (ROUGE-1.5.5's `wlcsWeight`), computed with the
 * libm-compatible {@link pow}. Tables are cached per weight factor; do not modify the result.
 */
/** @internal */
export function wlcsWeights(weightFactor: number, max: number): Float64Array {
  checkWeight(weightFactor);
  let f = weightCache.get(weightFactor);
  if (f === undefined || f.length <= max) {
    const size = Math.max(max + 1, 64, f === undefined ? 0 : f.length * 2);
    const g = new Float64Array(size);
    let k = 0;
    if (f !== undefined) {
      g.set(f);
      k = f.length;
    }
    for (; k < size; k++) g[k] = pow(k, weightFactor);
    if (weightCache.size > 16) weightCache.clear();
    weightCache.set(weightFactor, g);
    f = g;
  }
  return f;
}

// Reusable DP buffers (the functions below never call out while using them).
let dirs = new Uint8Array(1024);
let rowsC = new Float64Array(128);
let rowsL = new Int32Array(128);
/** `c[m][n]` of the last {@link markWlcs} call. */
let lastScore = 0;

/**
 * Runs ROUGE-1.5.5's `wlcs_inner` DP for `model` (rows) against `peer` (columns) and marks the
 * backtracked positions of `model` in `marks`; returns how many were newly marked and leaves
 * `c[m][n]` in `lastScore`.
 */
function markWlcs(model: ArrayLike<number>, peer: ArrayLike<number>, f: Float64Array, marks: Uint8Array): number {
  const m = model.length;
  const n = peer.length;
  lastScore = 0;
  if (m === 0 || n === 0) return 0;
  const w = n + 1;
  if (dirs.length < (m + 1) * w) dirs = new Uint8Array((m + 1) * w * 2);
  if (rowsC.length < 2 * w) {
    rowsC = new Float64Array(4 * w);
    rowsL = new Int32Array(4 * w);
  }
  // c: weighted score, l: length of the run of matches ending here, b: 0 diagonal, 1 up, 2 left.
  // Rows alternate between offsets 0 and w of rowsC / rowsL; column 0 stays 0.
  const c = rowsC;
  const l = rowsL;
  const b = dirs;
  c.fill(0, 0, 2 * w);
  l.fill(0, 0, 2 * w);
  let prev = 0;
  let cur = w;
  for (let i = 1; i <= m; i++) {
    const x = model[i - 1];
    const row = i * w;
    // left = c[i][j-1]; diag / diagRun = c[i-1][j-1] / l[i-1][j-1] (column 0 is 0).
    let left = 0;
    let diag = 0;
    let diagRun = 0;
    for (let j = 1; j <= n; j++) {
      const up = c[prev + j]!;
      const upRun = l[prev + j]!;
      if (x === peer[j - 1]) {
        // Perl: $c[$i-1][$j-1] + f(k+1) - f(k), evaluated left to right.
        left = diag + f[diagRun + 1]! - f[diagRun]!;
        c[cur + j] = left;
        l[cur + j] = diagRun + 1;
        b[row + j] = 0;
      } else if (up >= left) {
        left = up;
        c[cur + j] = up;
        l[cur + j] = 0;
        b[row + j] = 1;
      } else {
        c[cur + j] = left;
        l[cur + j] = 0;
        b[row + j] = 2;
      }
      diag = up;
      diagRun = upRun;
    }
    const t = prev;
    prev = cur;
    cur = t;
  }
  lastScore = c[prev + n]!;
  let i = m;
  let j = n;
  let added = 0;
  while (i !== 0 && j !== 0) {
    const d = b[i * w + j]!;
    if (d === 0) {
      i--;
      j--;
      if (marks[i] === 0) {
        marks[i] = 1;
        added++;
      }
    } else if (d === 1) {
      i--;
    } else {
      j--;
    }
  }
  return added;
}

/**
 * ROUGE-1.5.5's weighted LCS (`wlcs_inner` + `markLCS`) of a model (reference) sentence against a
 * peer (candidate) sentence, with weight `f(k) = k^weightFactor`:
 *
 * - DP over `model` rows `i` and `peer` columns `j`, with run length `l`: on equal ids
 *   `c[i][j] = c[i-1][j-1] + f(l[i-1][j-1] + 1) − f(l[i-1][j-1])` and `l[i][j] = l[i-1][j-1] + 1`
 *   (diagonal, taken even when another cell is larger); else if `c[i-1][j] >= c[i][j-1]` take that
 *   value and go up, else take the left value and go left; both set `l = 0`.
 * - `score` is `c[m][n]`; `indices` are the model positions where the backtrack from `(m, n)`
 *   along the recorded moves takes a diagonal step.
 *
 * Floating-point operations are done in the script's order with a libm-compatible `pow`, so ties
 * in the `>=` fall the same way.
 */
export function weightedLcs(model: ArrayLike<number>, peer: ArrayLike<number>, weightFactor: number): WeightedLcs {
  checkSequence(model, "the model sentence");
  checkSequence(peer, "the peer sentence");
  checkWeight(weightFactor);
  const f = wlcsWeights(weightFactor, Math.min(model.length, peer.length) + 1);
  const marks = scratchMarks(model.length);
  const count = markWlcs(model, peer, f, marks);
  return { score: lastScore, indices: indicesOf(marks, model.length, count) };
}

/**
 * The union of the {@link weightedLcs} marks of one model sentence against every peer sentence, as
 * ascending indices into `model`: the `@hitMask` ROUGE-1.5.5's `wlcs` builds per model sentence.
 *
 * What the ROUGE-W metric does on top (ROUGE-1.5.5 `wlcs`): walk the model sentence left to right;
 * at a marked position whose token still has model and peer unigram counts > 0, increment the run
 * length `L` and decrement both counts; when such a hit is followed by an unmarked position, or is
 * the last token of the sentence, add `f(L)` to the hits and reset `L`. The base is
 * `Σ_sentences f(len)`, and the pooled denominators apply `f` again (reference-behaviour §2.6).
 */
export function unionWeightedLcsIndices(
  model: ArrayLike<number>,
  peers: readonly ArrayLike<number>[],
  weightFactor: number,
): Int32Array {
  checkSequence(model, "the model sentence");
  if (!Array.isArray(peers)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `Expected the peer sentences as an array of token-id sequences, but got ${describeValue(peers)}.`,
    );
  }
  checkWeight(weightFactor);
  let longest = 0;
  for (const p of peers) {
    checkSequence(p, "a peer sentence");
    if (p.length > longest) longest = p.length;
  }
  const f = wlcsWeights(weightFactor, Math.min(model.length, longest) + 1);
  const marks = scratchMarks(model.length);
  let count = 0;
  for (const p of peers) count += markWlcs(model, p, f, marks);
  return indicesOf(marks, model.length, count);
}
