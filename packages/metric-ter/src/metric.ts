import { assertText, describeValue, ErrorCode, exactAdd, ExactSum, exactValue, formatScoreLine, formatSignature, GramscoreError, isExactSum, pySplit, validateSegment } from "@gramscore/core";
import type { FormatOptions, Metric, ScoreLevel, Segment, StatsRows } from "@gramscore/core";
import { OP_DEL, OP_INS, OP_MATCH, OP_SUB, TerAligner, performShift } from "./align.js";
import type { ShiftStep } from "./align.js";
import { resolveTerOptions } from "./options.js";
import type { ResolvedTerOptions, TerOptions } from "./options.js";
import { tercomNormalize } from "./tokenizer.js";
import { VERSION } from "./version.js";

/** Sufficient statistics of TER: plain JSON, merged by adding. */
export interface TerStats {
  /** Summed edits: per segment the fewest edits over its references (an integer). */
  readonly edits: number;
  /**
   * Summed reference lengths (per segment the average token count of its references), as an exact
   * sum: canonical non-overlapping doubles, the first being the correctly rounded total (`[]` is 0).
   * With one or two references per segment it has at most one element.
   */
  readonly refLength: number[];
  /** References per segment: their common number, −1 when it varies, 0 when there is no segment. */
  readonly nrefs: number;
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

/** A TER metric: core's {@link Metric} with typed extras. */
export interface TerMetric extends Metric<TerStats, TerResult> {
  /** The options in effect, defaults filled in. */
  readonly options: ResolvedTerOptions;
  /** sacrebleu's one-line result, `TER = 52.31` (`width` decimals, default 2, rounded half to even). */
  format(result: TerResult, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): TerStats;
  /**
   * Resampling rows `[edits, refLength]` for `@gramscore/significance`; one key, `score`. On float32
   * sums the ratio is a float32 quotient, as sacrebleu's bootstrap computes it.
   * @throws GramscoreError `INVALID_OPTION` for another key.
   */
  rows(key?: string): StatsRows<TerStats>;
  /** The chosen reference, the shifts and the final alignment of a segment. */
  explain(hyp: string, refs: readonly string[]): TerExplanation;
  /**
   * The statistics of a whole corpus in one pass: equal (as JSON) to merging `stats()` of every
   * segment. Each record is validated as `evaluate` does.
   * @throws GramscoreError for an invalid record (naming its index).
   */
  corpusStats(segments: Iterable<Segment>): TerStats;
  /** The TER tokens of a hypothesis under this metric's options. */
  tokens(text: string): string[];
  /**
   * The TER tokens of a reference under this metric's options: sacrebleu's tokenizer applied twice
   * (unless `tokenizeRefsOnce`), which differs from {@link tokens} only under `normalized`.
   */
  referenceTokens(text: string): string[];
}

/** Combines two reference counts of {@link TerStats.nrefs} (0 = none yet, −1 = varies). */
function combineRefs(a: number, b: number): number {
  if (a === 0) return b;
  if (b === 0 || a === b) return a;
  return -1;
}

function nrefsLabel(code: number): string {
  return code > 0 ? String(code) : code < 0 ? "var" : "?";
}

/** sacrebleu's `_compute_score_from_stats`: TER in percent from summed edits and lengths. */
export function terScore(edits: number, refLength: number): number {
  if (refLength > 0) return 100 * (edits / refLength);
  return edits > 0 ? 100 : 0;
}

function checkRefs(hyp: unknown, refs: unknown): void {
  if (typeof hyp !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The hypothesis must be a string, but got ${describeValue(hyp)}.`);
  }
  if (!Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `The references must be an array of strings (all references of this hypothesis), but got ${describeValue(refs)}. For one reference write [reference].`,
    );
  }
  if (refs.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "TER needs at least one reference for the hypothesis, but the references array is empty.");
  }
  for (let k = 0; k < refs.length; k++) {
    if (typeof refs[k] !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `Reference ${k} must be a string, but got ${describeValue(refs[k])}.`);
    }
  }
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
      ["case", opts.caseSensitive ? "mixed" : "lc"],
      ["tok", "tercom"],
      ["norm", opts.normalized],
      ["punct", !opts.noPunct],
      ["asian", opts.asianSupport],
      ...(opts.tokenizeRefsOnce ? ([["reftok", "once"]] as const) : []),
      ["version", VERSION],
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
    checkRefs(hyp, refs);
    assertText(hyp, "The hypothesis");
    for (let k = 0; k < refs.length; k++) assertText(refs[k]!, `Reference ${k}`);
    if (typeof fixedNrefs === "number" && refs.length !== fixedNrefs) {
      throw new GramscoreError(
        ErrorCode.INVALID_OPTION,
        `A segment has ${refs.length} reference${refs.length === 1 ? "" : "s"}, but this TER was created with nrefs: ${fixedNrefs}. ` +
          'Give every segment that many references, or create the metric with nrefs: "var" (or without nrefs).',
        { details: { nrefs: fixedNrefs, received: refs.length } },
      );
    }
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
      observed = combineRefs(observed, refs.length);
      return { edits: segEdits, refLength: segLength === 0 ? [] : [segLength], nrefs: refs.length };
    },

    corpusStats(segments) {
      let edits = 0;
      const length = new ExactSum();
      let nrefs = 0;
      let index = 0;
      for (const raw of segments) {
        const { hyp, refs } = validateSegment(raw, index++);
        segment(hyp, refs);
        edits += segEdits;
        length.add(segLength);
        nrefs = combineRefs(nrefs, refs.length);
      }
      observed = combineRefs(observed, nrefs);
      return { edits, refLength: length.value(), nrefs };
    },

    merge(a, b) {
      const nrefs = combineRefs(a.nrefs, b.nrefs);
      observed = combineRefs(observed, nrefs);
      return { edits: a.edits + b.edits, refLength: exactAdd(a.refLength, b.refLength), nrefs };
    },

    score(stats, level) {
      if (stats === null || typeof stats !== "object" || typeof stats.edits !== "number" || !Array.isArray(stats.refLength)) {
        throw new GramscoreError(ErrorCode.INVALID_STATS, `TER statistics must be { edits, refLength: number[], nrefs }, but got ${describeValue(stats)}.`);
      }
      const refLength = exactValue(stats.refLength);
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
      if (key !== undefined && key !== "score") {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `TER has one resampled score, "score", but got the key ${describeValue(key)}.`);
      }
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
          return terScore(stats.edits, exactValue(stats.refLength));
        },
      };
    },

    summarize(result) {
      return { score: result.score };
    },

    format(result, formatOptions) {
      return formatScoreLine(result.name, result.score, formatOptions?.width, 2);
    },

    parseStats(value) {
      return parseTerStats(value);
    },

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

function invalidStats(message: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_STATS, message);
}

/**
 * Validates TER statistics read from JSON: `{ edits, refLength, nrefs }` with a non-negative
 * integer `edits`, `refLength` a canonical exact sum of a non-negative length, and `nrefs` ≥ −1.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseTerStats(value: unknown): TerStats {
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw invalidStats(`TER statistics must be an object { edits, refLength, nrefs }, but got ${describeValue(value)}.`);
  }
  const { edits, refLength, nrefs } = value as { edits?: unknown; refLength?: unknown; nrefs?: unknown };
  if (typeof edits !== "number" || !Number.isSafeInteger(edits) || edits < 0) {
    throw invalidStats(`TER statistics need edits: the summed edit count (a non-negative integer), but got ${describeValue(edits)}.`);
  }
  if (!isExactSum(refLength) || exactValue(refLength) < 0) {
    throw invalidStats(
      `TER statistics need refLength: the exact summed reference length as canonical partial sums (for example [25.5], or [] for 0), but got ${describeValue(refLength)}. ` +
        "Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).",
    );
  }
  if (typeof nrefs !== "number" || !Number.isInteger(nrefs) || nrefs < -1) {
    throw invalidStats(`TER statistics need nrefs: the references per segment (0 for no segment, -1 when it varies), but got ${describeValue(nrefs)}.`);
  }
  if (nrefs === 0 && (edits !== 0 || refLength.length !== 0)) {
    throw invalidStats("TER statistics with nrefs 0 (no segment) must have edits 0 and refLength [].");
  }
  return { edits, refLength: refLength.slice(), nrefs };
}
