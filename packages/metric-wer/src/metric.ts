import { assertText, atSegment, checkScoreKey, describeValue, ErrorCode, formatSignature, scoreMethods, GramscoreError, isPythonWhitespace, validateSegment, signatureVersion, readCount, resolveOptions, statsObject, normalizeRule, withNormalizer } from "@gramscore/core";
import type { FormatOptions, Normalizer, NormalizerLike, OptionRules, OptionSpec, ScoreLevel, Segment, StatsMetric, StatsRows } from "@gramscore/core";
import { EDIT_DELETE, EDIT_INSERT, EDIT_MATCH, EDIT_SUBSTITUTE, LevenshteinAligner } from "@gramscore/ngram";
import { jiwerChars, jiwerWordSpans, jiwerWords } from "./transforms.js";
import { VERSION } from "./version.js";

/** The measures of this package: jiwer's `wer`, `cer`, `mer`, `wil`, `wip`. */
export type WerMeasure = "wer" | "cer" | "mer" | "wil" | "wip";

/** The measures, in the order `list` shows them. */
export const WER_MEASURES: readonly WerMeasure[] = ["wer", "cer", "mer", "wil", "wip"];

/** Options of every measure. */
export interface WerOptions {
  /**
   * jiwer compares a hypothesis with one reference. With several, the default (true) scores against
   * the first and says so: the statistics count such segments (`firstOf`) and the signature then
   * carries `refs:first`, so the score is never mistaken for a score against every reference. With
   * false, a segment with several references is refused (`INVALID_OPTION`).
   */
  firstReference?: boolean;
  /**
   * A transform applied to every hypothesis and reference before jiwer's (e.g. `whisperEnglish` of
   * `@gramscore/normalizer-whisper`, the open ASR leaderboard's convention), named in the signature
   * (`norm:whisper-en`); a function is named `custom`. A name (`"whisper-en"`) works through a
   * registry that has the normalizer's plugin (`registry.metric("wer", { normalize: "whisper-en" })`,
   * the CLI's `--normalize`). Default: none.
   */
  normalize?: NormalizerLike | "none" | null | (string & {});
}

/** {@link WerOptions} with the defaults filled in. */
export interface ResolvedWerOptions {
  /** Whether the first of several references is used. */
  readonly firstReference: boolean;
  /** The normalizer applied before scoring, if any. */
  readonly normalize: Normalizer | undefined;
}

/**
 * Sufficient statistics: the counts of jiwer's alignment, summed over segments (plain JSON, merged
 * by adding). The reference length is `hits + substitutions + deletions`, the hypothesis length
 * `hits + substitutions + insertions`, in words (WER, MER, WIL, WIP) or characters (CER).
 */
export interface WerStats {
  /** Matched words or characters (jiwer's `hits`). */
  readonly hits: number;
  /** Substitutions. */
  readonly substitutions: number;
  /** Deletions (reference items with no hypothesis counterpart). */
  readonly deletions: number;
  /** Insertions (hypothesis items with no reference counterpart). */
  readonly insertions: number;
  /**
   * Segments that had several references and were scored against the first (absent when none):
   * what puts `refs:first` into the signature. Not part of any measure.
   */
  readonly firstOf?: number;
}

/** A score of one measure, for one segment or a corpus, with every measure of the same counts. */
export interface WerResult {
  /** `WER`, `CER`, `MER`, `WIL` or `WIP`. */
  readonly name: "WER" | "CER" | "MER" | "WIL" | "WIP";
  /** The measure as jiwer returns it (a fraction, not percent). */
  readonly score: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** `word` (WER, MER, WIL, WIP) or `char` (CER). */
  readonly unit: "word" | "char";
  /** Matched items. */
  readonly hits: number;
  /** Substituted items. */
  readonly substitutions: number;
  /** Deleted items. */
  readonly deletions: number;
  /** Inserted items. */
  readonly insertions: number;
  /** Reference items: hits + substitutions + deletions. */
  readonly refLength: number;
  /** Hypothesis items: hits + substitutions + insertions. */
  readonly hypLength: number;
  /** (S + D + I) / (H + S + D): WER for words, CER for characters. */
  readonly errorRate: number;
  /** Match error rate (S + D + I) / (H + S + D + I). */
  readonly mer: number;
  /** Word information lost, 1 − WIP. */
  readonly wil: number;
  /** Word information preserved (H / reference length) · (H / hypothesis length), 0 for an empty hypothesis. */
  readonly wip: number;
  /** The signature (`measure:wer|tf:jiwer-default|version:…`; `measure:wer|refs:first|…` when the first of several references was used). */
  readonly signature: string;
}

/** One step of an {@link WerExplanation}'s alignment. */
export interface WerOperation {
  /** `match` and `substitute` pair a reference item with a hypothesis item; `delete` drops a reference item; `insert` adds a hypothesis item. */
  readonly op: "match" | "substitute" | "delete" | "insert";
  /** Position in the reference items, or null for `insert`. */
  readonly ref: number | null;
  /** Position in the hypothesis items, or null for `delete`. */
  readonly hyp: number | null;
  /** The reference item, or null for `insert`. */
  readonly refToken: string | null;
  /** The hypothesis item, or null for `delete`. */
  readonly hypToken: string | null;
}

/** One of jiwer's `AlignmentChunk`s: a run of one operation, as half-open ranges. */
export interface WerChunk {
  /** jiwer's (and rapidfuzz's opcode) tag. */
  readonly type: "equal" | "substitute" | "delete" | "insert";
  /** Start of the run in the reference items. */
  readonly refStart: number;
  /** End (exclusive) in the reference items. */
  readonly refEnd: number;
  /** Start in the hypothesis items. */
  readonly hypStart: number;
  /** End (exclusive) in the hypothesis items. */
  readonly hypEnd: number;
}

/** What {@link WerMetric.explain} returns: the alignment behind a segment's counts. */
export interface WerExplanation {
  /** The segment's score under this metric's measure. */
  readonly score: number;
  /** The segment's result (counts and every measure). */
  readonly result: WerResult;
  /** The reference items (words or characters after jiwer's default transform). */
  readonly refTokens: string[];
  /** The hypothesis items. */
  readonly hypTokens: string[];
  /** The alignment, left to right. */
  readonly operations: WerOperation[];
  /** jiwer's alignment chunks (`process_words(...).alignments[0]`), left to right. */
  readonly chunks: WerChunk[];
}

/** A WER-family metric: core's {@link Metric} with typed extras. */
export interface WerMetric extends StatsMetric<WerStats, WerResult, ResolvedWerOptions> {
  /** The measure this metric scores. */
  readonly measure: WerMeasure;
  /** `WER = 0.2500` (`width` decimals, default 4, rounded half to even). */
  format(result: WerResult, options?: FormatOptions): string;
  /** Resampling rows `[H, S, D, I]` for `@gramscore/significance`; one key, `score`. */
  rows(key?: string): StatsRows<WerStats>;
  /** The alignment of a segment (its first reference). */
  explain(hyp: string, refs: readonly string[]): WerExplanation;
  /** The items (words or characters) of a text after jiwer's default transform. */
  tokens(text: string): string[];
}

const NAMES = { wer: "WER", cer: "CER", mer: "MER", wil: "WIL", wip: "WIP" } as const;
/** Above this many distinct astral characters their id table is reset (between segments). */
const VOCAB_LIMIT = 1 << 21;

/** The options of every measure's descriptor (the CLI prefixes the metric: `--wer-first-reference`). */
export const werOptionSpecs: readonly OptionSpec[] = [
  {
    key: "firstReference",
    flag: "first-reference",
    type: "boolean",
    description: "score against the first reference when a segment has several (jiwer takes one); --no-… refuses such segments",
    default: true,
  },
];

const RULES: OptionRules = { metric: "WER", example: "{ firstReference: true }", rules: [...werOptionSpecs, normalizeRule("WER")] };

/**
 * Checks options and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, what it must be and what came.
 */
export function resolveWerOptions(options: WerOptions | undefined): ResolvedWerOptions {
  return resolveOptions<ResolvedWerOptions>(options, RULES);
}

/** jiwer's measures of summed counts, with Python's float arithmetic (identical in JavaScript). */
export function werMeasures(stats: WerStats): { errorRate: number; mer: number; wil: number; wip: number } {
  const { hits: h, substitutions: s, deletions: d, insertions: i } = stats;
  const ref = h + s + d;
  const hyp = h + s + i;
  const errors = s + d + i;
  // jiwer divides by zero (and raises) for no reference items; here that is a corpus of no segment.
  const errorRate = ref > 0 ? errors / ref : 0;
  const mer = ref + i > 0 ? errors / (ref + i) : 0;
  const wip = hyp >= 1 && ref > 0 ? (h / ref) * (h / hyp) : 0;
  return { errorRate, mer, wil: 1 - wip, wip };
}

function pick(measure: WerMeasure, m: { errorRate: number; mer: number; wil: number; wip: number }): number {
  return measure === "wer" || measure === "cer" ? m.errorRate : m[measure];
}

function checkRefs(hyp: unknown, refs: unknown, opts: ResolvedWerOptions, name: string): string {
  if (typeof hyp !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The hypothesis must be a string, but got ${describeValue(hyp)}.`);
  }
  assertText(hyp, "The hypothesis");
  if (!Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `The references must be an array of strings, but got ${describeValue(refs)}. For one reference write [reference].`,
    );
  }
  if (refs.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${name} needs a reference for the hypothesis, but the references array is empty.`);
  }
  if (refs.length > 1 && !opts.firstReference) {
    throw new GramscoreError(
      ErrorCode.INVALID_OPTION,
      `${name} compares a hypothesis with one reference (as jiwer does), but this segment has ${refs.length}. ` +
        `Pass one reference per segment, or leave firstReference at true (drop --no-${name.toLowerCase()}-first-reference) to score against the first.`,
      { details: { option: "firstReference", received: refs.length } },
    );
  }
  const ref = refs[0];
  assertText(ref, "The reference");
  if ((ref as string).length === 0) {
    throw new GramscoreError(
      ErrorCode.EMPTY_INPUT,
      `${name} needs a non-empty reference, but got an empty string (jiwer raises "one or more references are empty strings"). ` +
        "Drop the segment or supply its reference.",
    );
  }
  return ref as string;
}

function emptyAfterTransform(name: string, unit: string): GramscoreError {
  return new GramscoreError(
    ErrorCode.EMPTY_INPUT,
    `${name} needs a reference with at least one ${unit}, but this reference is only whitespace ` +
      "(jiwer raises: each reference should be a non-empty list after its default transform). Drop the segment or supply its reference.",
  );
}

/**
 * Creates one of jiwer's measures as a gramscore metric: `wer`, `mer`, `wil`, `wip` on words
 * (`wer_default`), `cer` on characters (`cer_default`). Segment statistics are the counts of
 * jiwer's alignment; corpus scores come from the summed counts, as `jiwer.process_words(refs, hyps)`.
 * @throws GramscoreError `INVALID_OPTION` for a bad option or measure.
 */
export function createWerMetric(measure: WerMeasure, options?: WerOptions): WerMetric {
  if (!WER_MEASURES.includes(measure)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `The measure must be one of ${WER_MEASURES.join(", ")}, but got ${describeValue(measure)}.`);
  }
  const opts = resolveWerOptions(options);
  const name = NAMES[measure];
  const unit = measure === "cer" ? "char" : "word";
  const aligner = new LevenshteinAligner();
  // Word ids only have to agree within one segment: a small map cleared per segment stays in cache
  // (one vocabulary for the whole corpus was 5× slower on WMT17 once it held its 100k+ words).
  const vocab = new Map<string, number>();
  let astral = new Map<number, number>();
  let refIds: Int32Array = new Int32Array(256);
  let hypIds: Int32Array = new Int32Array(256);
  // Items written by the last internWords / internChars.
  let lastLength = 0;

  const signature = formatSignature([
    ["measure", measure],
    ["tf", "jiwer-default"],
    ["version", signatureVersion(VERSION)],
  ]);
  // The statistics say whether the first of several references was used (data-dependent, as BLEU's nrefs).
  const firstSignature = formatSignature([
    ["measure", measure],
    ["refs", "first"],
    ["tf", "jiwer-default"],
    ["version", signatureVersion(VERSION)],
  ]);
  // Whether the last aligned segment had several references, and whether any statistics this
  // instance made, merged or scored had one (the signature without statistics, as BLEU's nrefs).
  let lastFirstOf = false;
  let seenFirst = false;
  const signatureOf = (stats?: WerStats): string => {
    if (stats === undefined) return seenFirst ? firstSignature : signature;
    return (stats.firstOf ?? 0) > 0 ? firstSignature : signature;
  };

  const tokens = unit === "char" ? jiwerChars : jiwerWords;

  let spans: Int32Array = new Int32Array(256);
  const internWords = (text: string, buf: Int32Array): Int32Array => {
    const [sp, n] = jiwerWordSpans(text, spans);
    spans = sp;
    if (buf.length < n) buf = new Int32Array(Math.max(n, 2 * buf.length));
    for (let k = 0; k < n; k++) {
      const w = text.slice(sp[2 * k]!, sp[2 * k + 1]!);
      let id = vocab.get(w);
      if (id === undefined) {
        id = vocab.size;
        vocab.set(w, id);
      }
      buf[k] = id;
    }
    lastLength = n;
    return buf;
  };

  // Characters: a BMP code point is its own id; an astral one gets 0x10000 + its rank.
  const internChars = (text: string, buf: Int32Array): Int32Array => {
    const s = text;
    // Python's str.strip() (every Python whitespace character is in the BMP).
    let a = 0;
    let b = s.length;
    while (a < b && isPythonWhitespace(s.charCodeAt(a))) a++;
    while (b > a && isPythonWhitespace(s.charCodeAt(b - 1))) b--;
    if (buf.length < b - a) buf = new Int32Array(Math.max(b - a, 2 * buf.length));
    let n = 0;
    for (let k = a; k < b; k++) {
      const c = s.charCodeAt(k);
      if (c >= 0xd800 && c <= 0xdbff && k + 1 < b) {
        const cp = s.codePointAt(k)!;
        k++;
        let id = astral.get(cp);
        if (id === undefined) {
          id = 0x10000 + astral.size;
          astral.set(cp, id);
        }
        buf[n++] = id;
      } else {
        buf[n++] = c;
      }
    }
    lastLength = n;
    return buf;
  };

  /** Aligns one segment into the aligner's counts. */
  const segment = (hyp: unknown, refs: unknown): void => {
    const ref = checkRefs(hyp, refs, opts, name);
    lastFirstOf = (refs as readonly string[]).length > 1;
    if (lastFirstOf) seenFirst = true;
    vocab.clear();
    if (astral.size > VOCAB_LIMIT) astral = new Map();
    let nr: number;
    let nh: number;
    if (unit === "char") {
      refIds = internChars(ref, refIds);
      nr = lastLength;
      if (nr === 0) throw emptyAfterTransform(name, "character");
      hypIds = internChars(hyp as string, hypIds);
      nh = lastLength;
    } else {
      refIds = internWords(ref, refIds);
      nr = lastLength;
      if (nr === 0) throw emptyAfterTransform(name, "word");
      hypIds = internWords(hyp as string, hypIds);
      nh = lastLength;
    }
    aligner.align(refIds, nr, hypIds, nh);
  };

  const resultOf = (stats: WerStats, level: ScoreLevel): WerResult => {
    const m = werMeasures(stats);
    return {
      name,
      score: pick(measure, m),
      level,
      unit,
      hits: stats.hits,
      substitutions: stats.substitutions,
      deletions: stats.deletions,
      insertions: stats.insertions,
      refLength: stats.hits + stats.substitutions + stats.deletions,
      hypLength: stats.hits + stats.substitutions + stats.insertions,
      errorRate: m.errorRate,
      mer: m.mer,
      wil: m.wil,
      wip: m.wip,
      signature: signatureOf(stats),
    };
  };

  const metric: WerMetric = {
    name: measure,
    higherIsBetter: measure === "wip",
    measure,
    options: opts,

    empty() {
      return { hits: 0, substitutions: 0, deletions: 0, insertions: 0 };
    },

    stats(hyp, refs) {
      segment(hyp, refs);
      const counts = { hits: aligner.hits, substitutions: aligner.substitutions, deletions: aligner.deletions, insertions: aligner.insertions };
      return lastFirstOf ? { ...counts, firstOf: 1 } : counts;
    },

    corpusStats(segments) {
      let h = 0;
      let s = 0;
      let d = 0;
      let i = 0;
      let firstOf = 0;
      let index = 0;
      for (const raw of segments) {
        const seg = validateSegment(raw, index);
        try {
          segment(seg.hyp, seg.refs);
        } catch (e) {
          throw atSegment(e, index);
        }
        index++;
        h += aligner.hits;
        s += aligner.substitutions;
        d += aligner.deletions;
        i += aligner.insertions;
        if (lastFirstOf) firstOf++;
      }
      const counts = { hits: h, substitutions: s, deletions: d, insertions: i };
      return firstOf > 0 ? { ...counts, firstOf } : counts;
    },

    merge(a, b) {
      const counts = {
        hits: a.hits + b.hits,
        substitutions: a.substitutions + b.substitutions,
        deletions: a.deletions + b.deletions,
        insertions: a.insertions + b.insertions,
      };
      const firstOf = (a.firstOf ?? 0) + (b.firstOf ?? 0);
      if (firstOf > 0) seenFirst = true;
      return firstOf > 0 ? { ...counts, firstOf } : counts;
    },

    score(stats, level) {
      if (stats === null || typeof stats !== "object" || typeof stats.hits !== "number") {
        throw new GramscoreError(ErrorCode.INVALID_STATS, `${name} statistics must be { hits, substitutions, deletions, insertions }, but got ${describeValue(stats)}.`);
      }
      return resultOf(stats, level);
    },

    signature(stats?: WerStats) {
      return signatureOf(stats);
    },

    rows(key?: string): StatsRows<WerStats> {
      checkScoreKey(key, name);
      return {
        name,
        width: 4,
        float32: false,
        toRow(stats, out, offset) {
          out[offset] = stats.hits;
          out[offset + 1] = stats.substitutions;
          out[offset + 2] = stats.deletions;
          out[offset + 3] = stats.insertions;
        },
        score(sums) {
          return pick(measure, werMeasures({ hits: sums[0]!, substitutions: sums[1]!, deletions: sums[2]!, insertions: sums[3]! }));
        },
        scoreStats(stats) {
          return pick(measure, werMeasures(stats));
        },
      };
    },

    ...scoreMethods<WerStats, WerResult>(4, parseWerStats),

    tokens(text) {
      return tokens(text);
    },

    explain(hyp, refs) {
      const ref = checkRefs(hyp, refs, opts, name);
      const refTokens = tokens(ref);
      if (refTokens.length === 0) throw emptyAfterTransform(name, unit === "char" ? "character" : "word");
      const hypTokens = tokens(hyp);
      const local = new Map<string, number>();
      const id = (t: string): number => {
        let v = local.get(t);
        if (v === undefined) {
          v = local.size;
          local.set(t, v);
        }
        return v;
      };
      const r = Int32Array.from(refTokens, id);
      const h = Int32Array.from(hypTokens, id);
      const al = new LevenshteinAligner();
      al.align(r, r.length, h, h.length, true);
      const ops = al.operations();
      const operations: WerOperation[] = [];
      const chunks: WerChunk[] = [];
      let ri = 0;
      let hi = 0;
      for (let k = 0; k < ops.length; k++) {
        const op = ops[k]!;
        const type = op === EDIT_MATCH ? "equal" : op === EDIT_SUBSTITUTE ? "substitute" : op === EDIT_DELETE ? "delete" : "insert";
        const last = chunks[chunks.length - 1];
        const r0 = ri;
        const h0 = hi;
        if (op === EDIT_MATCH || op === EDIT_SUBSTITUTE) {
          operations.push({ op: op === EDIT_MATCH ? "match" : "substitute", ref: ri, hyp: hi, refToken: refTokens[ri]!, hypToken: hypTokens[hi]! });
          ri++;
          hi++;
        } else if (op === EDIT_DELETE) {
          operations.push({ op: "delete", ref: ri, hyp: null, refToken: refTokens[ri]!, hypToken: null });
          ri++;
        } else if (op === EDIT_INSERT) {
          operations.push({ op: "insert", ref: null, hyp: hi, refToken: null, hypToken: hypTokens[hi]! });
          hi++;
        }
        if (last !== undefined && last.type === type) chunks[chunks.length - 1] = { ...last, refEnd: ri, hypEnd: hi };
        else chunks.push({ type, refStart: r0, refEnd: ri, hypStart: h0, hypEnd: hi });
      }
      const result = resultOf({ hits: al.hits, substitutions: al.substitutions, deletions: al.deletions, insertions: al.insertions }, "segment");
      return { score: result.score, result, refTokens, hypTokens, operations, chunks };
    },
  };
  return withNormalizer(metric, opts.normalize);
}

/**
 * Validates statistics read from JSON: `{ hits, substitutions, deletions, insertions }`, each a
 * non-negative integer.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseWerStats(value: unknown): WerStats {
  const v = statsObject(value, "WER", "{ hits, substitutions, deletions, insertions }");
  const count = (key: string): number =>
    readCount(v[key], (got) => `WER statistics need ${key}: a non-negative integer count, but got ${got}. Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).`);
  const counts = { hits: count("hits"), substitutions: count("substitutions"), deletions: count("deletions"), insertions: count("insertions") };
  if (v.firstOf === undefined) return counts;
  const firstOf = readCount(
    v.firstOf,
    (got) => `WER statistics' firstOf counts segments scored against the first of several references (a positive integer, or absent), but got ${got}.`,
    1,
  );
  return { ...counts, firstOf };
}
