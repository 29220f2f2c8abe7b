import { BoundedCache, assertText, checkPinnedNrefs, checkScoreKey, checkSegmentInput, combineNrefs, describeValue, ErrorCode, formatSignature, GramscoreError, hasSegmentShape, nrefsLabel, scoreMethods, validateSegment, signatureVersion, invalidStats, readCounts, readStatsNrefs, statsObject } from "@gramscore/core";
import type { AggregateScorer, FormatOptions, PairwiseScorer, ScoreLevel, Segment, StatsMetric, StatsRows } from "@gramscore/core";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import { NgramTable, Vocabulary, countNgrams, matchStatistics } from "@gramscore/ngram";
import type { NgramCounts } from "@gramscore/ngram";
import { NgramStatsCounter, checkSegmentTokens, writeCodePoints } from "./kernel.js";
import { resolveChrfOptions } from "./options.js";
import { chrfPairwise } from "./pairwise.js";
import type { ChrfOptions, ResolvedChrfOptions } from "./options.js";
import { ReferenceIndexer } from "./refindex.js";
import type { ReferenceIndex } from "./refindex.js";
import { fScore } from "./score.js";
import { VERSION } from "./version.js";
import { WordInterner, chrfWordRanges, chrfWords } from "./words.js";

/**
 * Sufficient statistics of chrF: plain JSON, merged by adding `counts` element-wise.
 */
export interface ChrfStats {
  /**
   * Three numbers per order, character orders `1 … charOrder` first, then word orders
   * `1 … wordOrder`: hypothesis n-grams (0 when the reference has none of that order), reference
   * n-grams, matched n-grams (clipped). sacrebleu's `stats` layout.
   */
  readonly counts: number[];
  /** References per segment: their common number, −1 when it varies, 0 when there is no segment. */
  readonly nrefs: number;
}

/** chrF's reference cache is bounded in bytes only: a bound on entries no cache of 32 MiB reaches. */
const NO_ENTRY_BOUND = 2 ** 30;

/** A chrF score, for one segment or a corpus. */
export interface ChrfResult {
  /** sacrebleu's name of the score: `chrF2`, `chrF2++` (`chrF{beta}` plus one `+` per word order). */
  readonly name: string;
  /** The score, 0–100. */
  readonly score: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** The statistics it was computed from (see {@link ChrfStats.counts}). */
  readonly counts: number[];
  /** References per segment (see {@link ChrfStats.nrefs}). */
  readonly nrefs: number;
  /** sacrebleu's signature of this result (`nrefs:1|case:mixed|eff:yes|nc:6|nw:0|space:no|version:…`). */
  readonly signature: string;
}

/** One n-gram order of a {@link ChrfExplanation}. */
export interface ChrfOrderExplanation {
  /** Character or word n-grams. */
  readonly kind: "char" | "word";
  /** The n-gram order. */
  readonly order: number;
  /** Hypothesis n-grams of this order (0 when the reference has none, as in the statistics). */
  readonly hyp: number;
  /** Reference n-grams of this order. */
  readonly ref: number;
  /** Matched n-grams: `Σ min(hyp count, ref count)`. */
  readonly matches: number;
  /**
   * Every n-gram found on both sides, in order of first appearance in the hypothesis: its text
   * (characters as they are; words joined by one space, as sacrebleu keys them), its count in the
   * hypothesis and in the reference, and the matched count (the smaller of the two).
   */
  readonly matched: readonly { readonly ngram: string; readonly hyp: number; readonly ref: number; readonly count: number }[];
}

/** What {@link ChrfMetric.explain} returns: why a segment scores what it does. */
export interface ChrfExplanation {
  /** sacrebleu's name of the score (`chrF2`, `chrF2++`). */
  readonly name: string;
  /** The segment's score (the chosen reference's). */
  readonly score: number;
  /** Index of the reference whose statistics count: the first with the strictly best score. */
  readonly reference: number;
  /** The score and statistics against each reference, in order. */
  readonly references: readonly { readonly score: number; readonly counts: number[] }[];
  /** Character orders `1 … charOrder`, then word orders `1 … wordOrder`, against the chosen reference. */
  readonly orders: readonly ChrfOrderExplanation[];
}

/** A chrF / chrF++ metric: core's {@link StatsMetric} with typed extras. */
export interface ChrfMetric extends StatsMetric<ChrfStats, ChrfResult, ResolvedChrfOptions> {
  /** The chrF matrix of every hypothesis against every single reference (see core's `PairwiseScorer`). */
  pairwise: PairwiseScorer["pairwise"];
  /** {@link ChrfMetric.pairwise} of many inputs. */
  pairwiseBatch: PairwiseScorer["pairwiseBatch"];
  /** chrF of each hypothesis against the averaged reference n-gram counts (see core's `AggregateScorer`). */
  aggregateScores: AggregateScorer["aggregateScores"];
  /** sacrebleu's name of the score, e.g. `chrF2++`. */
  readonly scoreName: string;
  /** sacrebleu's one-line result, `chrF2 = 58.58` (`width` decimals, default 2, rounded half to even). */
  format(result: ChrfResult, options?: FormatOptions): string;
  /**
   * The statistics as resampling rows (`3 × orders` counts, sacrebleu's layout) for
   * `@gramscore/significance`; one key, `score`. On float32 sums it repeats sacrebleu's float32
   * precision and recall. @throws GramscoreError `INVALID_OPTION` for another key.
   */
  rows(key?: string): StatsRows<ChrfStats>;
  /** Matched character and word n-grams per order, and the score against each reference. */
  explain(hyp: string, refs: readonly string[]): ChrfExplanation;
}

function growTo(buf: Int32Array<ArrayBuffer>, n: number): Int32Array<ArrayBuffer> {
  if (buf.length >= n) return buf;
  let size = Math.max(64, buf.length);
  while (size < n) size *= 2;
  return new Int32Array(size);
}

/** sacrebleu's name of a chrF score: `chrF{beta}` plus one `+` per word order. */
export function chrfScoreName(beta: number, wordOrder: number): string {
  return `chrF${beta}${"+".repeat(wordOrder)}`;
}

/**
 * Creates a chrF metric identical to sacrebleu 2.6.0's `CHRF(...)`: chrF by default, chrF++ with
 * `wordOrder: 2`. Segment statistics are those of the first reference with the strictly best
 * sentence score; the corpus score is computed from the summed statistics.
 * @throws GramscoreError `INVALID_OPTION` for a bad option.
 */
export function createChrf(options?: ChrfOptions): ChrfMetric {
  return makeChrf(resolveChrfOptions(options, 0));
}

/** @internal Creates the metric from resolved options. */
export function makeChrf(opts: ResolvedChrfOptions): ChrfMetric {
  const { charOrder, wordOrder, lowercase, whitespace, epsSmoothing } = opts;
  const fixedNrefs = opts.nrefs;
  const orders = charOrder + wordOrder;
  const stride = 3 * orders;
  const factor = opts.beta * opts.beta;
  const scoreName = chrfScoreName(opts.beta, wordOrder);
  const name = wordOrder > 0 ? "chrf++" : "chrf";
  const counter = new NgramStatsCounter();
  const words = new WordInterner();
  let hypBuf = new Int32Array(256);
  let refBuf = new Int32Array(256);
  let ranges = new Int32Array(256);
  let refStart = new Int32Array(8);
  let work = new Int32Array(stride * 2);
  let observed = 0;

  const signatureOf = (nrefs: number): string =>
    formatSignature([
      ["nrefs", fixedNrefs ?? nrefsLabel(nrefs)],
      ["case", lowercase ? "lc" : "mixed"],
      ["eff", !epsSmoothing],
      ["nc", charOrder],
      ["nw", wordOrder],
      ["space", whitespace],
      ["version", signatureVersion(VERSION)],
    ]);

  /** Word ids of `text` into `out` from `at` (interned in `words`); returns how many. */
  const writeWords = (text: string, out: Int32Array, at: number): number => {
    const count = chrfWordRanges(text, ranges);
    for (let w = 0; w < count; w++) out[at + w] = words.id(text, ranges[2 * w]!, ranges[2 * w + 1]!);
    return count;
  };

  // References seen before (keyed by their text as given): null after the first sight, then their
  // index. Bounded in estimated bytes (not in entries); emptied when full.
  const cache = new BoundedCache<ReferenceIndex | null>(NO_ENTRY_BOUND, charOrder > 0 ? opts.referenceCacheBytes : 0);
  /** Made on the first index (a metric made for one sentence never needs its buffers). */
  let indexer: ReferenceIndexer | undefined;
  /** Per reference of the segment: its index, or null (then its code points are in `refBuf`). */
  const indexes: (ReferenceIndex | null)[] = [];
  /** Per uncached reference of the segment: start and end of its code points in `refBuf`, and 1 if seen before. */
  let spans = new Int32Array(12);
  /** One reference's start and end, for the kernel. */
  const one = new Int32Array(2);

  const lower = (text: string): string => (lowercase ? pyLower(text) : text);

  /** Code points of `text` (lowercased first if need be) appended to `refBuf` at `at`; returns how many. */
  const appendReference = (text: string, at: number): number => {
    const t = lower(text);
    if (refBuf.length < at + t.length) {
      const old = refBuf;
      refBuf = growTo(new Int32Array(0), at + t.length);
      refBuf.set(old.subarray(0, at));
    }
    return writeCodePoints(t, whitespace, refBuf, at);
  };

  /**
   * The character statistics through indexed references: cached ones are matched at once; one seen
   * once before is indexed (and cached when it fits); a new one is remembered and counted by the
   * kernel (a reference seen once is cheaper to count than to index), as is one too large to index.
   */
  const charStatsCached = (hypLen: number, refs: readonly string[]): void => {
    const nRefs = refs.length;
    spans = growTo(spans, 3 * nRefs);
    let at = 0;
    let total = 0;
    for (let k = 0; k < nRefs; k++) {
      const entry = cache.get(refs[k]!);
      if (entry != null) {
        indexes[k] = entry;
        total += entry.length;
        continue;
      }
      indexes[k] = null;
      spans[3 * k] = at;
      at += appendReference(refs[k]!, at);
      spans[3 * k + 1] = at;
      spans[3 * k + 2] = entry === null ? 1 : 0;
      total += at - spans[3 * k]!;
    }
    if (hypLen > 0 && total > 0) checkSegmentTokens(hypLen, total);
    for (let k = 0; k < nRefs; k++) {
      let ix: ReferenceIndex | null = indexes[k] ?? null;
      if (ix === null) {
        const start = spans[3 * k]!;
        const end = spans[3 * k + 1]!;
        const text = refs[k]!;
        const textBytes = 2 * text.length + 64;
        if (spans[3 * k + 2] === 1) {
          const built = (indexer ??= new ReferenceIndexer()).build(refBuf, start, end - start, charOrder);
          if (built !== null) {
            ix = built;
            if (cache.get(text) === null) cache.delete(text, textBytes);
            cache.set(text, ix, ix.bytes + textBytes);
          }
        } else if (cache.get(text) === undefined) cache.set(text, null, textBytes);
        if (ix === null) {
          // The kernel, on this reference alone.
          one[0] = start;
          one[1] = end;
          counter.count(hypBuf, hypLen, refBuf, one, 1, charOrder, work, stride, k * stride);
          continue;
        }
      }
      // An index exists, so the indexer does.
      indexer!.match(ix, hypBuf, hypLen, charOrder, work, k * stride);
    }
  };

  /**
   * Fills `work` with the statistics of `hyp` (already lowercased if need be) against every
   * reference (as given: lowercased here), `stride` numbers each.
   */
  const computeAll = (hyp: string, refs: readonly string[]): void => {
    const nRefs = refs.length;
    hypBuf = growTo(hypBuf, hyp.length);
    refStart = growTo(refStart, nRefs + 1);
    work = growTo(work, nRefs * stride);
    work.fill(0, 0, nRefs * stride);
    let lowered: readonly string[] | undefined;
    if (charOrder > 0) {
      const hypLen = writeCodePoints(hyp, whitespace, hypBuf, 0);
      if (cache.enabled) charStatsCached(hypLen, refs);
      else {
        lowered = lowercase ? refs.map(pyLower) : refs;
        let refLen = 0;
        for (let k = 0; k < nRefs; k++) refLen += lowered[k]!.length;
        refBuf = growTo(refBuf, refLen);
        let at = 0;
        for (let k = 0; k < nRefs; k++) {
          refStart[k] = at;
          at += writeCodePoints(lowered[k]!, whitespace, refBuf, at);
        }
        refStart[nRefs] = at;
        counter.count(hypBuf, hypLen, refBuf, refStart, nRefs, charOrder, work, stride, 0);
      }
    } else {
      assertText(hyp, "The hypothesis");
      for (let k = 0; k < nRefs; k++) assertText(refs[k]!, `Reference ${k}`);
    }
    if (wordOrder > 0) {
      lowered ??= lowercase ? refs.map(pyLower) : refs;
      let refLen = 0;
      let longest = hyp.length;
      for (let k = 0; k < nRefs; k++) {
        const len = lowered[k]!.length;
        refLen += len;
        if (len > longest) longest = len;
      }
      refBuf = growTo(refBuf, refLen);
      ranges = growTo(ranges, 2 * longest);
      const hypLen = writeWords(hyp, hypBuf, 0);
      let at = 0;
      for (let k = 0; k < nRefs; k++) {
        refStart[k] = at;
        at += writeWords(lowered[k]!, refBuf, at);
      }
      refStart[nRefs] = at;
      words.clear();
      counter.count(hypBuf, hypLen, refBuf, refStart, nRefs, wordOrder, work, stride, 3 * charOrder);
    }
  };

  /** Index of the first reference with the strictly best score (sacrebleu's `f_score > best_f_score`). */
  const bestReference = (nRefs: number): number => {
    if (nRefs === 1) return 0;
    let best = -1;
    let bestScore = -1;
    for (let k = 0; k < nRefs; k++) {
      const f = fScore(work, k * stride, orders, factor, epsSmoothing);
      if (f > bestScore) {
        bestScore = f;
        best = k;
      }
    }
    return best;
  };

  /** Checks a segment's input and the pinned number of references. */
  const prepare = (hyp: string, refs: readonly string[]): void => {
    checkSegmentInput(hyp, refs, "chrF");
    checkPinnedNrefs(refs.length, fixedNrefs, "chrF");
  };

  /**
   * Whether `raw` passes validateSegment's checks of types and of the number of references, and has
   * the pinned number of references (lone surrogates are found while reading the text).
   */
  const isWellFormed = (raw: unknown): boolean =>
    hasSegmentShape(raw) && (typeof fixedNrefs !== "number" || raw.refs.length === fixedNrefs);

  /**
   * Checks a segment and computes its statistics against every reference: returns where the ones of
   * the reference that counts start in `work` (`stride` numbers; overwritten by the next segment).
   */
  const segmentRow = (hyp: string, refs: readonly string[]): number => {
    prepare(hyp, refs);
    computeAll(lower(hyp), refs);
    return bestReference(refs.length) * stride;
  };

  const metric: ChrfMetric = {
    ...chrfPairwise(opts),
    name,
    higherIsBetter: true,
    options: opts,
    scoreName,

    empty() {
      return { counts: new Array<number>(stride).fill(0), nrefs: 0 };
    },

    stats(hyp, refs) {
      const o = segmentRow(hyp, refs);
      const counts = new Array<number>(stride);
      for (let i = 0; i < stride; i++) counts[i] = work[o + i]!;
      observed = combineNrefs(observed, refs.length);
      return { counts, nrefs: refs.length };
    },

    corpusStats(segments) {
      const counts = new Array<number>(stride).fill(0);
      let nrefs = 0;
      let index = 0;
      for (const raw of segments) {
        // validateSegment's checks without building its messages: its structural ones here, lone
        // surrogates as the code points are read; on any failure it runs to raise its own error.
        if (!isWellFormed(raw)) validateSegment(raw, index);
        const { hyp, refs } = raw as Segment;
        let o: number;
        try {
          o = segmentRow(hyp, refs);
        } catch (e) {
          if (e instanceof GramscoreError && e.code === ErrorCode.LONE_SURROGATE) validateSegment(raw, index);
          throw e;
        }
        index++;
        for (let i = 0; i < stride; i++) counts[i]! += work[o + i]!;
        nrefs = combineNrefs(nrefs, refs.length);
      }
      observed = combineNrefs(observed, nrefs);
      return { counts, nrefs };
    },

    merge(a, b) {
      const x = a.counts;
      const y = b.counts;
      if (x.length !== stride || y.length !== stride) {
        throw new GramscoreError(
          ErrorCode.INVALID_STATS,
          `chrF statistics of this metric have ${stride} numbers (3 per order, ${orders} orders), but got ${x.length} and ${y.length}. ` +
            "Merge only statistics of metrics with the same charOrder and wordOrder.",
        );
      }
      const counts = new Array<number>(stride);
      for (let i = 0; i < stride; i++) counts[i] = x[i]! + y[i]!;
      const nrefs = combineNrefs(a.nrefs, b.nrefs);
      observed = combineNrefs(observed, nrefs);
      return { counts, nrefs };
    },

    score(stats, level) {
      const counts = stats.counts;
      if (!Array.isArray(counts) || counts.length !== stride) {
        throw new GramscoreError(
          ErrorCode.INVALID_STATS,
          `chrF statistics of this metric have ${stride} numbers, but got ${describeValue(counts)}.`,
        );
      }
      return {
        name: scoreName,
        score: fScore(counts, 0, orders, factor, epsSmoothing),
        level,
        counts: counts.slice(),
        nrefs: stats.nrefs,
        signature: signatureOf(stats.nrefs === 0 ? observed : stats.nrefs),
      };
    },

    signature(stats?: ChrfStats) {
      return signatureOf(stats !== undefined && stats.nrefs !== 0 ? stats.nrefs : observed);
    },

    ...scoreMethods<ChrfStats, ChrfResult>(2, (value) => parseChrfStats(value, charOrder, wordOrder)),

    rows(key) {
      checkScoreKey(key, scoreName, scoreName);
      return {
        name: scoreName,
        width: stride,
        float32: true,
        toRow(stats, out, offset) {
          const counts = stats.counts;
          for (let i = 0; i < stride; i++) out[offset + i] = counts[i]!;
        },
        score(sums, _count, float32) {
          return fScore(sums, 0, orders, factor, epsSmoothing, float32);
        },
        scoreStats(stats) {
          return fScore(stats.counts, 0, orders, factor, epsSmoothing);
        },
      };
    },

    explain(hyp, refs) {
      prepare(hyp, refs);
      computeAll(lower(hyp), refs);
      if (lowercase) {
        hyp = pyLower(hyp);
        refs = refs.map(pyLower);
      }
      const nRefs = refs.length;
      const best = bestReference(nRefs);
      const references = [];
      for (let k = 0; k < nRefs; k++) {
        const counts = Array.from(work.subarray(k * stride, (k + 1) * stride));
        references.push({ score: fScore(counts, 0, orders, factor, epsSmoothing), counts });
      }
      const ref = refs[best]!;
      const details: ChrfOrderExplanation[] = [];
      if (charOrder > 0) {
        const ids = (text: string): Int32Array => {
          const buf = new Int32Array(text.length);
          return buf.subarray(0, writeCodePoints(text, whitespace, buf, 0));
        };
        details.push(...explainOrders("char", ids(hyp), ids(ref), charOrder, (t) => String.fromCodePoint(...t)));
      }
      if (wordOrder > 0) {
        const vocab = new Vocabulary();
        details.push(
          ...explainOrders("word", vocab.ids(chrfWords(hyp)), vocab.ids(chrfWords(ref)), wordOrder, (t) => vocab.tokens(t).join(" ")),
        );
      }
      return { name: scoreName, score: references[best]!.score, reference: best, references, orders: details };
    },
  };
  return metric;
}

/** Per-order details of hypothesis and reference ids, through @gramscore/ngram's counting. */
function explainOrders(
  kind: "char" | "word",
  hyp: Int32Array,
  ref: Int32Array,
  maxOrder: number,
  render: (tokens: Int32Array) => string,
): ChrfOrderExplanation[] {
  const table = new NgramTable();
  const h: NgramCounts = countNgrams(table, hyp, maxOrder);
  const r: NgramCounts = countNgrams(table, ref, maxOrder);
  const triples = matchStatistics(h, r);
  const out: ChrfOrderExplanation[] = [];
  for (let n = 1; n <= maxOrder; n++) {
    const refCounts = r.toMap(n);
    const matched: { ngram: string; hyp: number; ref: number; count: number }[] = [];
    for (const [key, hc] of h.toMap(n)) {
      const rc = refCounts.get(key);
      if (rc !== undefined) matched.push({ ngram: render(table.ngram(key)), hyp: hc, ref: rc, count: Math.min(hc, rc) });
    }
    out.push({ kind, order: n, hyp: triples[3 * (n - 1)]!, ref: triples[3 * (n - 1) + 1]!, matches: triples[3 * (n - 1) + 2]!, matched });
  }
  return out;
}

/**
 * Validates chrF statistics read from JSON for a metric with `charOrder` + `wordOrder` orders:
 * `{ counts, nrefs }` with `3 × orders` non-negative integers, where no order has more matches than
 * hypothesis or reference n-grams, and hypothesis n-grams only where there are reference n-grams.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseChrfStats(value: unknown, charOrder: number, wordOrder: number): ChrfStats {
  const stride = 3 * (charOrder + wordOrder);
  const v = statsObject(value, "chrF", "{ counts: number[], nrefs }");
  const counts = readCounts(v.counts, stride, {
    shape: (got) =>
      `chrF statistics need counts with ${stride} numbers (3 per order: ${charOrder} character and ${wordOrder} word orders), but got ${got}. ` +
      "Statistics only merge with a metric of the same charOrder and wordOrder.",
    item: (i, got) => `chrF counts must be non-negative integers, but counts[${i}] is ${got}.`,
  });
  for (let i = 0; i < stride; i += 3) {
    const [h, r, m] = [counts[i]!, counts[i + 1]!, counts[i + 2]!];
    if (m > h || m > r || (r === 0 && h > 0)) {
      throw invalidStats(
        `chrF counts of order ${i / 3 + 1} are impossible: ${h} hypothesis, ${r} reference and ${m} matched n-grams ` +
          "(matches cannot exceed either count, and hypothesis n-grams only count where the reference has some).",
      );
    }
  }
  const nrefs = readStatsNrefs(v.nrefs, "chrF");
  if (nrefs === 0 && counts.some((c) => c !== 0)) {
    throw invalidStats("chrF statistics with nrefs 0 (no segment) must have all counts 0.");
  }
  return { counts, nrefs };
}
