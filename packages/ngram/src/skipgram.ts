import { ErrorCode, GramscoreError, describeValue } from "@gramscore/core";
import { NgramCounts } from "./counts.js";
import { NgramTable, checkTokens } from "./table.js";

/** Options of {@link countSkipBigrams}. */
export interface SkipBigramOptions {
  /**
   * Also count unigrams (ROUGE-SU, ROUGE-1.5.5's `-u` / `-U`). Default `false` (ROUGE-S).
   */
  unigrams?: boolean;
  /**
   * With `unigrams`, also count the unigram of the last token. Default `false`, which reproduces
   * ROUGE-1.5.5: its loop runs `for ($i = 0; $i < $#tokens; $i++)`, so the last token's unigram is
   * never added (and a one-token text yields no unigram at all). `true` counts every token.
   */
  lastUnigram?: boolean;
}

/**
 * Skip-bigrams of `ids` as ROUGE-1.5.5's `createSkipBigram` builds them, as integer-keyed counts.
 *
 * Pairs `(ids[i], ids[j])` for all `i < j` with `j <= i + maxGap + 1`, i.e. at most `maxGap` tokens
 * between them (ROUGE-1.5.5's `-2 maxGap`); a negative `maxGap` means unlimited. Order 2 of the
 * result holds the pairs (key = the key of the two-token n-gram in `table`); order 1 holds the
 * unigrams when `unigrams` is set (see {@link SkipBigramOptions.lastUnigram} for ROUGE-1.5.5's
 * last-token rule), else nothing. `totals[0] + totals[1]` is the script's `_cn_` count, and
 * `Σ overlap(peer, model)` its hits.
 *
 * Do not mix these counts with contiguous {@link countNgrams} counts of the same table in one
 * comparison: a skip-bigram and a contiguous bigram of the same two tokens share a key.
 */
export function countSkipBigrams(
  table: NgramTable,
  ids: ArrayLike<number>,
  maxGap: number,
  options: SkipBigramOptions = {},
): NgramCounts {
  if (!Number.isInteger(maxGap)) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `maxGap must be an integer (tokens allowed between the two words; negative = unlimited), but got ${describeValue(maxGap)}.`,
    );
  }
  checkTokens(ids);
  const unigrams = options.unigrams === true;
  const lastUnigram = options.lastUnigram === true;
  const len = ids.length;
  const span = maxGap < 0 ? len : maxGap + 1;
  // Number of pairs (i, j) with 0 < j - i <= span.
  let pairs = 0;
  for (let d = 1; d <= Math.min(span, len - 1); d++) pairs += len - d;
  const uni = !unigrams ? 0 : lastUnigram ? len : Math.max(len - 1, 0);
  table.reserve(pairs + uni + len);
  const scratch = table.scratch;
  const buf = new Int32Array(uni + pairs);
  let f1 = 0;
  let f2 = uni;
  for (let i = 0; i < uni; i++) {
    const key = table.child(0, ids[i]!);
    const seen = scratch[key]!;
      scratch[key] = seen + 1;
      if (seen === 0) buf[f1++] = key;
  }
  for (let i = 0; i < len - 1; i++) {
    const first = table.child(0, ids[i]!);
    const end = Math.min(len - 1, i + span);
    for (let j = i + 1; j <= end; j++) {
      const key = table.child(first, ids[j]!);
      const seen = scratch[key]!;
      scratch[key] = seen + 1;
      if (seen === 0) buf[f2++] = key;
    }
  }
  const keys = new Int32Array(f1 + f2 - uni);
  const counts = new Int32Array(keys.length);
  let o = 0;
  for (let p = 0; p < f1; p++) {
    const key = buf[p]!;
    keys[o] = key;
    counts[o++] = scratch[key]!;
    scratch[key] = 0;
  }
  for (let p = uni; p < f2; p++) {
    const key = buf[p]!;
    keys[o] = key;
    counts[o++] = scratch[key]!;
    scratch[key] = 0;
  }
  return new NgramCounts(table, 2, keys, counts, Int32Array.of(0, f1, keys.length), Int32Array.of(uni, pairs));
}
