import { assertText, checkPinnedNrefs, checkScoreKey, checkSegmentInput, combineNrefs, describeValue, ErrorCode, exactAdd, ExactSum, exactValue, formatSignature, GramscoreError, isExactSum, nrefsLabel, pySplit, scoreMethods, validateSegment, signatureVersion, invalidStats, readCount, readExactSum, readStatsNrefs, statsObject } from "@gramscore/core";
import type { FormatOptions, ScoreLevel, StatsMetric, StatsRows } from "@gramscore/core";
import { OP_DEL, OP_INS, OP_MATCH, OP_SUB, TerAligner, performShift } from "./align.js";
import type { ShiftStep } from "./align.js";
import { resolveTerOptions } from "./options.js";
import type { ResolvedTerOptions, TerOptions } from "./options.js";
import { tercomNormalize } from "./tokenizer.js";
import { VERSION } from "./version.js";

/**
 * Sufficient statistics of TER: plain JSON. `merge(a, b)` is `a` followed by `b` in corpus order:
 * edits and `refLength` add, `ordered` concatenates, so merging parts in corpus order (in any
 * grouping) gives the one-pass statistics.
 */
export interface TerStats {
  /** Summed edits: per segment the fewest edits over its references (an integer). */
  readonly edits: number;
  /**
   * Summed reference lengths (per segment the average token count of its references), as an exact
   * sum: canonical non-overlapping doubles, the first being the correctly rounded total (`[]` is 0).
   * When every segment has 1, 2, 4, … references this is also sacrebleu's sum (see {@link ordered}).
   */
  readonly refLength: number[];
  /** References per segment: their common number, −1 when it varies, 0 when there is no segment. */
  readonly nrefs: number;
  /**
   * What sacrebleu's reference-length sum needs when it is not exact: sacrebleu adds the per-segment
   * averages as floats in segment order, and an average over 3, 5, 6, … references is rounded, so
   * the order matters. Present once a segment has a reference count that is not a power of two (or
   * the metric was created with `nrefs: "var"`); absent otherwise, when every average is a multiple
   * of a power of two and the in-order sum is exact.
   */
  readonly ordered?: TerOrderedLengths;
}

/** The terms of sacrebleu's in-order reference-length sum ({@link TerStats.ordered}). */
export interface TerOrderedLengths {
  /**
   * Exact sum (canonical partials, `[]` for 0) of the averages before the first ordered segment,
   * which sacrebleu's sum reaches without rounding.
   */
  readonly head: number[];
  /**
   * The non-zero terms sacrebleu adds after `head`, in order: each later segment's average, or,
   * where a part without `ordered` was merged in, that part's exact sum (its partials).
   */
  readonly terms: number[];
}

/** A TER score, for one segment or a corpus. */
export interface TerResult {
  /** sacrebleu's name of the score: `TER`. */
  readonly name: "TER";
  /** The score in percent: 100 × edits / reference length (100 for edits against empty references, 0 for nothing at all). */
  readonly score: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** Summed edits (sacrebleu's `num_edits`). */
  readonly numEdits: number;
  /** Summed average reference lengths (sacrebleu's `ref_length`). */
  readonly refLength: number;
  /** References per segment (see {@link TerStats.nrefs}). */
  readonly nrefs: number;
  /** sacrebleu's signature (`nrefs:1|case:lc|tok:tercom|norm:no|punct:yes|asian:no|version:…`). */
  readonly signature: string;
}

/** One shift of a {@link TerExplanation}. */
export interface TerShift {
  /** The words moved. */
  readonly words: string[];
  /** Where the block started in the hypothesis before this shift (0-based token position). */
  readonly from: number;
  /** Where the block starts after this shift. */
  readonly to: number;
  /** The original hypothesis positions of the moved words. */
  readonly hypPositions: number[];
  /** How much this shift lowered the edit distance. */
  readonly gain: number;
}

/** One step of the final alignment of a {@link TerExplanation}. */
export interface TerOperation {
  /**
   * `match` and `substitute` pair a hypothesis word with a reference word; `delete` drops a
   * hypothesis word; `insert` adds a reference word.
   */
  readonly op: "match" | "substitute" | "insert" | "delete";
  /** Position of the hypothesis word in the original (unshifted) hypothesis tokens, or null for `insert`. */
  readonly hyp: number | null;
  /** Position of the reference word in the chosen reference's tokens, or null for `delete`. */
  readonly ref: number | null;
  /** The hypothesis word, or null for `insert`. */
  readonly hypToken: string | null;
  /** The reference word, or null for `delete`. */
  readonly refToken: string | null;
}

/** What {@link TerMetric.explain} returns: where a segment's edits come from. */
export interface TerExplanation {
  /** The segment's TER in percent. */
  readonly score: number;
  /** The fewest edits over the references (shifts + substitutions + insertions + deletions). */
  readonly numEdits: number;
  /** The average reference length (the denominator). */
  readonly refLength: number;
  /** Index of the reference the edits come from: the first with the fewest edits. */
  readonly reference: number;
  /** Edits and token count against each reference, in order. */
  readonly references: readonly { readonly edits: number; readonly length: number }[];
  /** The hypothesis tokens (after tercom tokenization). */
  readonly hypTokens: string[];
  /** The chosen reference's tokens. */
  readonly refTokens: string[];
  /** The shifts taken, in order. */
  readonly shifts: TerShift[];
  /** The hypothesis tokens after all shifts. */
  readonly shiftedHypTokens: string[];
  /** The alignment of the shifted hypothesis with the chosen reference, left to right. */
  readonly operations: TerOperation[];
  /** Counts: shifts, substitutions, insertions, deletions (they add up to `numEdits`). */
  readonly counts: { readonly shifts: number; readonly substitutions: number; readonly insertions: number; readonly deletions: number };
}

/** A TER metric: core's {@link StatsMetric} with typed extras. */
export interface TerMetric extends StatsMetric<TerStats, TerResult, ResolvedTerOptions> {
  /** sacrebleu's one-line result, `TER = 52.31` (`width` decimals, default 2, rounded half to even). */
  format(result: TerResult, options?: FormatOptions): string;
  /**
   * Resampling rows `[edits, refLength]` for `@gramscore/significance`; one key, `score`. On float32
   * sums the ratio is a float32 quotient, as sacrebleu's bootstrap computes it.
   * @throws GramscoreError `INVALID_OPTION` for another key.
   */
  rows(key?: string): StatsRows<TerStats>;
  /** The chosen reference, the shifts and the final alignment of a segment. */
  explain(hyp: string, refs: readonly string[]): TerExplanation;
  /** The TER tokens of a hypothesis under this metric's options. */
  tokens(text: string): string[];
  /**
   * The TER tokens of a reference under this metric's options: sacrebleu's tokenizer applied twice
   * (unless `tokenizeRefsOnce`), which differs from {@link tokens} only under `normalized`.
   */
  referenceTokens(text: string): string[];
}

/** sacrebleu's `_compute_score_from_stats`: TER in percent from summed edits and lengths. */
export function terScore(edits: number, refLength: number): number {
  if (refLength > 0) return 100 * (edits / refLength);
  return edits > 0 ? 100 : 0;
}

/** True for 1, 2, 4, 8, …: an average over that many references is exact (a multiple of 1/n). */
function powerOfTwo(n: number): boolean {
  return n > 0 && (n & (n - 1)) === 0;
}

/** An append-only buffer of terms shared by the {@link TerOrderedLengths} views over its prefixes. */
interface TermBuffer {
  data: Float64Array;
  used: number;
}

/** The buffer and length behind an `ordered` object made here (absent for objects read from JSON). */
const views = new WeakMap<TerOrderedLengths, { readonly buffer: TermBuffer; readonly length: number }>();

/**
 * An `ordered` object over the first `length` terms of `buffer`: `terms` is an enumerable getter
 * that makes (once) a plain array, so JSON, structured clones and deep equality see plain data,
 * while merging in corpus order appends to the buffer instead of copying it: a view whose length is
 * the buffer's end may extend it, and entries below any view's length never change.
 */
function orderedView(head: number[], buffer: TermBuffer, length: number): TerOrderedLengths {
  let cache: number[] | undefined;
  const view = { head } as { head: number[]; terms: number[] };
  Object.defineProperty(view, "terms", {
    enumerable: true,
    get: () => (cache ??= Array.from(buffer.data.subarray(0, length))),
  });
  views.set(view, { buffer, length });
  return view;
}

/** A buffer holding a copy of `terms`, with room to grow. */
function bufferOf(ordered: TerOrderedLengths): { buffer: TermBuffer; length: number } {
  const v = views.get(ordered);
  if (v !== undefined && v.length === v.buffer.used) return v;
  const n = v !== undefined ? v.length : ordered.terms.length;
  const data = new Float64Array(Math.max(16, 2 * n));
  if (v !== undefined) data.set(v.buffer.data.subarray(0, n));
  else data.set(ordered.terms);
  return { buffer: { data, used: n }, length: n };
}

function pushTerm(buffer: TermBuffer, x: number): void {
  if (buffer.used === buffer.data.length) {
    const bigger = new Float64Array(2 * buffer.data.length);
    bigger.set(buffer.data);
    buffer.data = bigger;
  }
  buffer.data[buffer.used++] = x;
}

/** Calls `f` on every term of `ordered`, in order, without making the plain array. */
function forEachTerm(ordered: TerOrderedLengths, f: (x: number) => void): void {
  const v = views.get(ordered);
  if (v === undefined) for (const x of ordered.terms) f(x);
  else for (let i = 0; i < v.length; i++) f(v.buffer.data[i]!);
}

/**
 * sacrebleu's `ref_length` sum of these statistics: the float sum, in segment order, of the
 * per-segment average reference lengths (`0 + a1 + a2 + …`, as its `sum_of_lists` adds them).
 */
export function terRefLengthSum(stats: TerStats): number {
  if (stats.ordered === undefined) return exactValue(stats.refLength);
  let sum = exactValue(stats.ordered.head);
  forEachTerm(stats.ordered, (x) => {
    sum += x;
  });
  return sum;
}

/** `a` followed by `b` (see {@link TerStats}). */
function mergeOrdered(a: TerStats, b: TerStats): TerOrderedLengths | undefined {
  if (a.ordered === undefined) {
    if (b.ordered === undefined) return undefined;
    const { buffer, length } = bufferOf(b.ordered);
    // `b`'s view may still be the buffer's end; a new view of the same prefix is safe either way.
    return orderedView(exactAdd(a.refLength, b.ordered.head), buffer, length);
  }
  const { buffer, length } = bufferOf(a.ordered);
  // A part without `ordered` comes in as its exact sum (one term per partial).
  for (const x of b.ordered === undefined ? b.refLength : b.ordered.head) pushTerm(buffer, x);
  if (b.ordered !== undefined) forEachTerm(b.ordered, (x) => pushTerm(buffer, x));
  return orderedView(a.ordered.head.slice(), buffer, buffer.used);
}

/** References kept tokenized (as interned ids) across calls, e.g. across systems scored on one test set. */
const REF_CACHE_LIMIT = 1 << 16;
/** Above this many distinct tokens the vocabulary (and the reference cache with it) is reset. */
const VOCAB_LIMIT = 1 << 21;

const OP_NAMES = ["match", "substitute", "delete", "insert"] as const;

/**
 * Creates a TER metric identical to sacrebleu 2.6.0's `TER(...)`: per segment the fewest edits over
 * the references and their average length; the corpus score is summed edits over summed lengths.
 * @throws GramscoreError `INVALID_OPTION` for a bad option.
 */
export function createTer(options?: TerOptions): TerMetric {
  return makeTer(resolveTerOptions(options));
}

/** @internal Creates the metric from resolved options. */
export function makeTer(opts: ResolvedTerOptions): TerMetric {
  const fixedNrefs = opts.nrefs;
  // Under nrefs "var" every segment keeps its term, so parts with any reference counts merge exactly.
  const orderedSegment = (nrefs: number): boolean => fixedNrefs === "var" || !powerOfTwo(nrefs);
  const aligner = new TerAligner();
  let vocab = new Map<string, number>();
  let refCache = new Map<string, Int32Array>();
  let hypIds = new Int32Array(256);
  let observed = 0;
  // Results of the last segment, read by stats / corpusStats.
  let segEdits = 0;
  let segLength = 0;

  const signatureOf = (nrefs: number): string =>
    formatSignature([
      ["nrefs", fixedNrefs ?? nrefsLabel(nrefs)],
      ["case", opts.lowercase ? "lc" : "mixed"],
      ["tok", "tercom"],
      ["norm", opts.normalized],
      ["punct", !opts.noPunct],
      ["asian", opts.asianSupport],
      ...(opts.tokenizeRefsOnce ? ([["reftok", "once"]] as const) : []),
      ["version", signatureVersion(VERSION)],
    ]);

  const tokens = (text: string): string[] => pySplit(tercomNormalize(text, opts));
  // sacrebleu tokenizes references twice (see tercomReferenceTokens); tokenizeRefsOnce does not.
  const refTokensOf = opts.tokenizeRefsOnce ? tokens : (text: string): string[] => tokens(pySplit(tercomNormalize(text, opts)).join(" "));

  const intern = (token: string): number => {
    let id = vocab.get(token);
    if (id === undefined) {
      id = vocab.size;
      vocab.set(token, id);
    }
    return id;
  };

  const refIds = (ref: string): Int32Array => {
    let ids = refCache.get(ref);
    if (ids === undefined) {
      if (refCache.size >= REF_CACHE_LIMIT) refCache = new Map();
      const toks = refTokensOf(ref);
      ids = new Int32Array(toks.length);
      for (let i = 0; i < toks.length; i++) ids[i] = intern(toks[i]!);
      refCache.set(ref, ids);
    }
    return ids;
  };

  /** Hypothesis ids into `hypIds`; returns how many. */
  const writeHyp = (hyp: string): number => {
    const toks = tokens(hyp);
    if (hypIds.length < toks.length) hypIds = new Int32Array(Math.max(toks.length, 2 * hypIds.length));
    for (let i = 0; i < toks.length; i++) hypIds[i] = intern(toks[i]!);
    return toks.length;
  };

  const prepare = (hyp: string, refs: readonly string[]): void => {
    checkSegmentInput(hyp, refs, "TER");
    assertText(hyp, "The hypothesis");
    for (let k = 0; k < refs.length; k++) assertText(refs[k]!, `Reference ${k}`);
    checkPinnedNrefs(refs.length, fixedNrefs, "TER");
  };

  /** Computes one segment into `segEdits` / `segLength` (sacrebleu's `_compute_segment_statistics`). */
  const segment = (hyp: string, refs: readonly string[]): void => {
    prepare(hyp, refs);
    // Reset between segments only, so all ids of one segment come from one vocabulary.
    if (vocab.size > VOCAB_LIMIT) {
      vocab = new Map();
      refCache = new Map();
    }
    const nh = writeHyp(hyp);
    let lengths = 0;
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < refs.length; k++) {
      const ref = refIds(refs[k]!);
      const e = aligner.edits(hypIds, nh, ref, ref.length);
      lengths += ref.length;
      if (e < best) best = e;
    }
    segEdits = best;
    segLength = lengths / refs.length;
  };

  const metric: TerMetric = {
    name: "ter",
    higherIsBetter: false,
    options: opts,

    empty() {
      return { edits: 0, refLength: [], nrefs: 0 };
    },

    stats(hyp, refs) {
      segment(hyp, refs);
      observed = combineNrefs(observed, refs.length);
      const refLength = segLength === 0 ? [] : [segLength];
      if (!orderedSegment(refs.length)) return { edits: segEdits, refLength, nrefs: refs.length };
      return { edits: segEdits, refLength, nrefs: refs.length, ordered: { head: [], terms: refLength.slice() } };
    },

    corpusStats(segments) {
      let edits = 0;
      const length = new ExactSum();
      let nrefs = 0;
      let index = 0;
      // The exact sum before the first ordered segment, then every non-zero average in order.
      let head: number[] | undefined;
      let terms: TermBuffer | undefined;
      for (const raw of segments) {
        const { hyp, refs } = validateSegment(raw, index++);
        segment(hyp, refs);
        edits += segEdits;
        if (terms === undefined && orderedSegment(refs.length)) {
          head = length.value();
          terms = { data: new Float64Array(64), used: 0 };
        }
        if (terms !== undefined && segLength !== 0) pushTerm(terms, segLength);
        length.add(segLength);
        nrefs = combineNrefs(nrefs, refs.length);
      }
      observed = combineNrefs(observed, nrefs);
      if (terms === undefined) return { edits, refLength: length.value(), nrefs };
      return { edits, refLength: length.value(), nrefs, ordered: orderedView(head!, terms, terms.used) };
    },

    merge(a, b) {
      const nrefs = combineNrefs(a.nrefs, b.nrefs);
      observed = combineNrefs(observed, nrefs);
      const refLength = exactAdd(a.refLength, b.refLength);
      const ordered = mergeOrdered(a, b);
      if (ordered === undefined) return { edits: a.edits + b.edits, refLength, nrefs };
      return { edits: a.edits + b.edits, refLength, nrefs, ordered };
    },

    score(stats, level) {
      if (stats === null || typeof stats !== "object" || typeof stats.edits !== "number" || !Array.isArray(stats.refLength)) {
        throw new GramscoreError(ErrorCode.INVALID_STATS, `TER statistics must be { edits, refLength: number[], nrefs }, but got ${describeValue(stats)}.`);
      }
      const refLength = terRefLengthSum(stats);
      return {
        name: "TER",
        score: terScore(stats.edits, refLength),
        level,
        numEdits: stats.edits,
        refLength,
        nrefs: stats.nrefs,
        signature: signatureOf(stats.nrefs === 0 ? observed : stats.nrefs),
      };
    },

    signature(stats?: TerStats) {
      return signatureOf(stats !== undefined && stats.nrefs !== 0 ? stats.nrefs : observed);
    },

    rows(key?: string): StatsRows<TerStats> {
      checkScoreKey(key, "TER");
      return {
        name: "TER",
        width: 2,
        float32: true,
        toRow(stats, out, offset) {
          out[offset] = stats.edits;
          out[offset + 1] = exactValue(stats.refLength);
        },
        score(sums, _count, float32) {
          const e = sums[0]!;
          const r = sums[1]!;
          if (r > 0) return 100 * (float32 ? Math.fround(e / r) : e / r);
          return e > 0 ? 100 : 0;
        },
        scoreStats(stats) {
          return terScore(stats.edits, terRefLengthSum(stats));
        },
      };
    },

    ...scoreMethods<TerStats, TerResult>(2, parseTerStats),

    tokens(text) {
      assertText(text, "The text");
      return tokens(text);
    },

    referenceTokens(text) {
      assertText(text, "The text");
      return refTokensOf(text);
    },

    explain(hyp, refs) {
      prepare(hyp, refs);
      const local = new Map<string, number>();
      const localIntern = (t: string): number => {
        let id = local.get(t);
        if (id === undefined) {
          id = local.size;
          local.set(t, id);
        }
        return id;
      };
      const hypTokens = tokens(hyp);
      const hypId = Int32Array.from(hypTokens, localIntern);
      const refTokenLists = refs.map(refTokensOf);
      const explainer = new TerAligner();
      const references = refTokenLists.map((toks) => ({ edits: explainer.edits(hypId, hypId.length, Int32Array.from(toks, localIntern), toks.length), length: toks.length }));
      let best = 0;
      for (let k = 1; k < references.length; k++) if (references[k]!.edits < references[best]!.edits) best = k;
      const refTokens = refTokenLists[best]!;
      const steps: ShiftStep[] = [];
      const numEdits = explainer.edits(hypId, hypId.length, Int32Array.from(refTokens, localIntern), refTokens.length, steps);
      const ops = explainer.lastOps();
      // Track where each original hypothesis word goes through the shifts.
      let order = hypTokens.map((_, i) => i);
      const shifts: TerShift[] = steps.map((s) => {
        const n = order.length;
        const to = s.target < s.start ? s.target : (s.target > s.start + s.length ? s.target : Math.min(n, s.length + s.target)) - s.length;
        const moved = order.slice(s.start, s.start + s.length);
        // The same permutation as the token shift, applied to original positions.
        const next = new Int32Array(n);
        performShift(order, n, s.start, s.length, s.target, next);
        order = Array.from(next);
        return { words: moved.map((i) => hypTokens[i]!), from: s.start, to, hypPositions: moved, gain: s.gain };
      });
      const operations: TerOperation[] = [];
      let h = 0;
      let r = 0;
      const counts = { shifts: steps.length, substitutions: 0, insertions: 0, deletions: 0 };
      for (const op of ops) {
        if (op === OP_MATCH || op === OP_SUB) {
          const hi = order[h++]!;
          const ri = r++;
          operations.push({ op: OP_NAMES[op], hyp: hi, ref: ri, hypToken: hypTokens[hi]!, refToken: refTokens[ri]! });
          if (op === OP_SUB) counts.substitutions++;
        } else if (op === OP_DEL) {
          const hi = order[h++]!;
          operations.push({ op: "delete", hyp: hi, ref: null, hypToken: hypTokens[hi]!, refToken: null });
          counts.deletions++;
        } else if (op === OP_INS) {
          const ri = r++;
          operations.push({ op: "insert", hyp: null, ref: ri, hypToken: null, refToken: refTokens[ri]! });
          counts.insertions++;
        }
      }
      const refLength = references.reduce((a, x) => a + x.length, 0) / references.length;
      return {
        score: terScore(numEdits, refLength),
        numEdits,
        refLength,
        reference: best,
        references,
        hypTokens,
        refTokens,
        shifts,
        shiftedHypTokens: order.map((i) => hypTokens[i]!),
        operations,
        counts,
      };
    },
  };
  return metric;
}

/**
 * Validates TER statistics read from JSON: `{ edits, refLength, nrefs }` with a non-negative
 * integer `edits`, `refLength` a canonical exact sum of a non-negative length, and `nrefs` ≥ −1.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseTerStats(value: unknown): TerStats {
  const v = statsObject(value, "TER", "{ edits, refLength, nrefs }");
  const edits = readCount(v.edits, (got) => `TER statistics need edits: the summed edit count (a non-negative integer), but got ${got}.`);
  const refLength = readExactSum(
    v.refLength,
    (got) =>
      `TER statistics need refLength: the exact summed reference length as canonical partial sums (for example [25.5], or [] for 0), but got ${got}. ` +
      "Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).",
    0,
  );
  const nrefs = readStatsNrefs(v.nrefs, "TER");
  if (nrefs === 0 && (edits !== 0 || refLength.length !== 0)) {
    throw invalidStats("TER statistics with nrefs 0 (no segment) must have edits 0 and refLength [].");
  }
  if (v.ordered === undefined) return { edits, refLength, nrefs };
  return { edits, refLength, nrefs, ordered: parseOrdered(v.ordered, refLength) };
}

/** Validates `ordered`: its head and terms must add up to `refLength` exactly. */
function parseOrdered(value: unknown, refLength: number[]): TerOrderedLengths {
  const { head, terms } = (value ?? {}) as { head?: unknown; terms?: unknown };
  if (value === null || typeof value !== "object" || !isExactSum(head) || exactValue(head) < 0 || !Array.isArray(terms)) {
    throw invalidStats(
      `TER statistics' ordered must be { head, terms }: head an exact sum as canonical partials ([] for 0), terms the positive reference-length averages in corpus order, but got ${describeValue(value)}. ` +
        "Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).",
    );
  }
  const sum = new ExactSum();
  for (const x of head) sum.add(x);
  for (let i = 0; i < terms.length; i++) {
    const x: unknown = terms[i];
    if (typeof x !== "number" || !Number.isFinite(x) || x <= 0) {
      throw invalidStats(`TER statistics' ordered.terms must hold positive finite numbers, but term ${i} is ${describeValue(x)}.`);
    }
    sum.add(x);
  }
  const total = sum.value();
  if (total.length !== refLength.length || total.some((x, i) => !Object.is(x, refLength[i]))) {
    throw invalidStats(
      `TER statistics' ordered head and terms add up to ${exactValue(total)}, but refLength is ${exactValue(refLength)}: the two must hold the same lengths. ` +
        "The statistics were changed after they were written; write them again with gramscore stats.",
    );
  }
  return { head: head.slice(), terms: (terms as number[]).slice() };
}
