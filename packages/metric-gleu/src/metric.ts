import { assertText, checkSegmentInput, describeValue, ErrorCode, formatSignature, GramscoreError, scoreMethods, validateSegment, signatureVersion, invalidStats, readCount, statsObject } from "@gramscore/core";
import type { FormatOptions, MetricContext, ScoreLevel, StatsMetric, StatsRows, Tokenizer } from "@gramscore/core";
import { NgramTable, Vocabulary, countNgrams, overlap } from "@gramscore/ngram";
import type { NgramCounts } from "@gramscore/ngram";
import { resolveGleuOptions } from "./options.js";
import type { GleuOptions, ResolvedGleuOptions } from "./options.js";
import { resolveTokenizer } from "./tokenizer.js";
import { VERSION } from "./version.js";

/**
 * Sufficient statistics of GLEU: plain JSON integers, merged by adding. Per segment they are the
 * `(n_match, n_all)` of the reference NLTK picks (the first with the highest `n_match / n_all`);
 * a segment whose references all give `n_all = 0` adds nothing.
 */
export interface GleuStats {
  /** Summed matching n-grams (NLTK's `corpus_n_match`). */
  readonly match: number;
  /** Summed `max(hypothesis n-grams, reference n-grams)` (NLTK's `corpus_n_all`). */
  readonly total: number;
}

/** A GLEU score, for one segment or a corpus. */
export interface GleuResult {
  /** `GLEU`, or `google_bleu` for HF evaluate's variant. */
  readonly name: string;
  /** The score, from 0 to 1 as NLTK returns it: `match / total`, 0 when `total` is 0. */
  readonly score: number;
  /** Whether it scores one segment or a corpus. */
  readonly level: ScoreLevel;
  /** Summed matching n-grams. */
  readonly match: number;
  /** Summed `n_all`. */
  readonly total: number;
  /** `tok:whitespace|min:1|max:4|version:gramscore-0.1.0` (the variant adds `variant:google_bleu`). */
  readonly signature: string;
}

/** What {@link GleuMetric.explain} returns for one segment. */
export interface GleuExplanation {
  /** The segment's GLEU. */
  readonly score: number;
  /** Index of the reference NLTK uses (the first with the highest ratio), or -1 when none has n-grams. */
  readonly reference: number;
  /** The hypothesis tokens. */
  readonly hypTokens: string[];
  /** Per reference: its tokens, matches, its n-gram count, `n_all` and ratio (null when `n_all` is 0). */
  readonly references: readonly {
    readonly tokens: string[];
    readonly match: number;
    readonly refNgrams: number;
    readonly total: number;
    readonly ratio: number | null;
  }[];
  /** Hypothesis n-grams counted (orders `minNgramOrder … maxNgramOrder`). */
  readonly hypNgrams: number;
  /** The n-grams matched with the chosen reference, with their clipped counts, shortest first. */
  readonly matched: readonly { readonly ngram: string[]; readonly count: number }[];
}

/** A GLEU metric: core's {@link StatsMetric} with typed extras. */
export interface GleuMetric extends StatsMetric<GleuStats, GleuResult, ResolvedGleuOptions> {
  /** The tokenizer in use. */
  readonly tokenizer: Tokenizer;
  /** `GLEU = 0.2850` (`width` decimals, default 4). */
  format(result: GleuResult, options?: FormatOptions): string;
  /** Resampling rows `[match, total]` for `@gramscore/significance`; one key, `score`. */
  rows(key?: string): StatsRows<GleuStats>;
  /** The reference chosen, every reference's numbers and the matched n-grams of one segment. */
  explain(hyp: string, refs: readonly string[]): GleuExplanation;
  /** The tokens this metric scores for a text. */
  tokens(text: string): string[];
}

/** GLEU of summed statistics, as NLTK: `match / total`, or 0 when `total` is 0. */
export function gleuScore(match: number, total: number): number {
  return total === 0 ? 0 : match / total;
}

const checkSegment = (hyp: unknown, refs: unknown): void => checkSegmentInput(hyp, refs, "GLEU", true);

/** Above this many distinct tokens the vocabulary is started afresh (between segments). */
const VOCAB_LIMIT = 1 << 20;

/** Which variant a metric object computes. */
export interface GleuVariant {
  /** Registry name: `gleu` or `google_bleu`. */
  readonly name: string;
  /** Name shown in results and score lines. */
  readonly label: string;
  /** Signature field `variant:` (omitted for plain NLTK GLEU). */
  readonly variant: string | undefined;
}

/** NLTK's GLEU. */
export const NLTK_GLEU: GleuVariant = { name: "gleu", label: "GLEU", variant: undefined };
/** HF evaluate's `google_bleu`: NLTK's corpus_gleu over its 13a tokens. */
export const GOOGLE_BLEU: GleuVariant = { name: "google_bleu", label: "google_bleu", variant: "google_bleu" };

/**
 * Creates a GLEU metric identical to NLTK 3.8's `corpus_gleu` (and `sentence_gleu` for one segment):
 * per segment the `(n_match, n_all)` of the reference with the highest ratio, summed over the corpus.
 * @throws GramscoreError `INVALID_OPTION` for a bad option, `UNKNOWN_TOKENIZER` for an unknown tokenizer name.
 */
export function createGleu(options?: GleuOptions, context?: MetricContext): GleuMetric {
  return makeGleu(resolveGleuOptions(options), NLTK_GLEU, context);
}

/**
 * Creates HF evaluate's `google_bleu`: NLTK's `corpus_gleu` over sacrebleu-13a tokens (evaluate's
 * `Tokenizer13a`); `minNgramOrder` / `maxNgramOrder` as in `google_bleu.compute(..., min_len, max_len)`.
 * @throws GramscoreError `INVALID_OPTION` for a bad option.
 */
export function createGoogleBleu(options?: GleuOptions, context?: MetricContext): GleuMetric {
  return makeGleu(resolveGleuOptions(options, "13a"), GOOGLE_BLEU, context);
}

/** @internal Creates the metric from resolved options. */
export function makeGleu(opts: ResolvedGleuOptions, variant: GleuVariant, context?: MetricContext): GleuMetric {
  const { minNgramOrder, maxNgramOrder } = opts;
  const tokenizer = resolveTokenizer(opts.tokenize, context, variant.label);
  const tokenize = (text: string): string[] => tokenizer.tokenize(text);
  const table = new NgramTable();
  let vocab = new Vocabulary();
  let segMatch = 0;
  let segTotal = 0;

  const signature = formatSignature([
    ["tok", tokenizer.signature],
    ["min", minNgramOrder],
    ["max", maxNgramOrder],
    ["variant", variant.variant],
    ["version", signatureVersion(VERSION)],
  ]);

  const sumOrders = (per: ArrayLike<number>): number => {
    let s = 0;
    for (let n = minNgramOrder; n <= maxNgramOrder; n++) s += per[n - 1]!;
    return s;
  };

  /** Σ over orders minNgramOrder…maxNgramOrder of the n-grams in `len` tokens (NLTK's `sum(Counter(everygrams(...)).values())`). */
  const ngramTotal = (len: number): number => {
    let t = 0;
    for (let n = minNgramOrder; n <= maxNgramOrder && n <= len; n++) t += len - n + 1;
    return t;
  };

  // Scratch kept between segments: the n-gram keys of the hypothesis (position-major, maxNgramOrder per
  // position), the keys of the current reference, and per-key counters that are zero between uses.
  let hypKeys = new Int32Array(256 * maxNgramOrder);
  let refKeys = new Int32Array(256 * maxNgramOrder);
  let refCount = new Int32Array(1024);
  let seen = new Int32Array(1024);

  /** Interns `tokens` and writes the keys of their n-grams of orders 1…maxNgramOrder into `out`; returns the slots used. */
  const walk = (tokens: readonly string[], out: Int32Array): number => {
    const len = tokens.length;
    let ids = idBuf.length >= len ? idBuf : (idBuf = new Int32Array(Math.max(len, 2 * idBuf.length)));
    for (let i = 0; i < len; i++) ids[i] = vocab.id(tokens[i]!);
    for (let p = 0; p < len; p++) {
      let key = 0;
      const lim = Math.min(maxNgramOrder, len - p);
      const base = p * maxNgramOrder;
      for (let j = 0; j < lim; j++) {
        key = table.child(key, ids[p + j]!);
        out[base + j] = key;
      }
      for (let j = lim; j < maxNgramOrder; j++) out[base + j] = 0;
    }
    return len * maxNgramOrder;
  };
  let idBuf = new Int32Array(256);

  const ensureKeys = (): void => {
    const need = table.size + 1;
    if (refCount.length < need) {
      let size = refCount.length;
      while (size < need) size *= 2;
      refCount = new Int32Array(size);
      seen = new Int32Array(size);
    }
  };

  /** One segment into segMatch / segTotal (NLTK's loop body of corpus_gleu). */
  const segment = (hyp: string, refs: readonly string[]): void => {
    checkSegment(hyp, refs);
    if (vocab.size > VOCAB_LIMIT) vocab = new Vocabulary();
    table.clear();
    const hypTokens = tokenize(hyp);
    if (hypKeys.length < hypTokens.length * maxNgramOrder) hypKeys = new Int32Array(hypTokens.length * maxNgramOrder * 2);
    const nh = walk(hypTokens, hypKeys);
    const tpfp = ngramTotal(hypTokens.length);
    const lo = minNgramOrder - 1;
    let bestMatch = 0;
    let bestTotal = 0;
    let bestRatio = -1;
    for (let k = 0; k < refs.length; k++) {
      const refTokens = tokenize(refs[k]!);
      if (refKeys.length < refTokens.length * maxNgramOrder) refKeys = new Int32Array(refTokens.length * maxNgramOrder * 2);
      const nr = walk(refTokens, refKeys);
      const tpfn = ngramTotal(refTokens.length);
      const nAll = tpfp > tpfn ? tpfp : tpfn;
      if (nAll === 0) continue;
      ensureKeys();
      for (let i = 0; i < nr; i += maxNgramOrder) for (let j = lo; j < maxNgramOrder; j++) refCount[refKeys[i + j]!]!++;
      // Σ_g min(hyp_g, ref_g): an occurrence matches while fewer of its n-gram were seen than the reference has.
      let tp = 0;
      for (let i = 0; i < nh; i += maxNgramOrder) {
        for (let j = lo; j < maxNgramOrder; j++) {
          const key = hypKeys[i + j]!;
          if (key !== 0 && seen[key]!++ < refCount[key]!) tp++;
        }
      }
      for (let i = 0; i < nh; i += maxNgramOrder) for (let j = lo; j < maxNgramOrder; j++) seen[hypKeys[i + j]!] = 0;
      for (let i = 0; i < nr; i += maxNgramOrder) for (let j = lo; j < maxNgramOrder; j++) refCount[refKeys[i + j]!] = 0;
      refCount[0] = 0;
      // Python's max() keeps the first of equal keys; the keys are float quotients.
      const ratio = tp / nAll;
      if (ratio > bestRatio) {
        bestRatio = ratio;
        bestMatch = tp;
        bestTotal = nAll;
      }
    }
    segMatch = bestMatch;
    segTotal = bestTotal;
  };

  const metric: GleuMetric = {
    name: variant.name,
    higherIsBetter: true,
    options: opts,
    tokenizer,

    empty() {
      return { match: 0, total: 0 };
    },

    stats(hyp, refs) {
      segment(hyp, refs);
      return { match: segMatch, total: segTotal };
    },

    merge(a, b) {
      return { match: a.match + b.match, total: a.total + b.total };
    },

    corpusStats(segments) {
      let match = 0;
      let total = 0;
      let index = 0;
      for (const seg of segments) {
        const valid = validateSegment(seg, index);
        segment(valid.hyp, valid.refs);
        match += segMatch;
        total += segTotal;
        index++;
      }
      return { match, total };
    },

    score(stats, level) {
      return { name: variant.label, score: gleuScore(stats.match, stats.total), level, match: stats.match, total: stats.total, signature };
    },

    signature() {
      return signature;
    },

    ...scoreMethods<GleuStats, GleuResult>(4, parseGleuStats),

    rows(key) {
      if (key !== undefined && key !== "score") {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `${variant.label} has one resampled score, "score", but got ${describeValue(key)}.`, {
          details: { option: "key" },
        });
      }
      return {
        name: variant.label,
        width: 2,
        float32: false,
        toRow(stats, out, offset) {
          out[offset] = stats.match;
          out[offset + 1] = stats.total;
        },
        score(sums) {
          return gleuScore(sums[0]!, sums[1]!);
        },
        scoreStats(stats) {
          return gleuScore(stats.match, stats.total);
        },
      };
    },

    tokens(text) {
      assertText(text, "The text");
      return tokenize(text);
    },

    explain(hyp, refs) {
      checkSegment(hyp, refs);
      const local = new Vocabulary();
      const localTable = new NgramTable();
      const hypTokens = tokenize(hyp);
      const hypCounts = countNgrams(localTable, local.ids(hypTokens), maxNgramOrder);
      const tpfp = sumOrders(hypCounts.totals);
      let best = -1;
      let bestRatio = -1;
      const refCounts: NgramCounts[] = [];
      const references = refs.map((ref, k) => {
        const tokens = tokenize(ref);
        const counts = countNgrams(localTable, local.ids(tokens), maxNgramOrder);
        refCounts.push(counts);
        const refNgrams = sumOrders(counts.totals);
        const total = Math.max(tpfp, refNgrams);
        const match = sumOrders(overlap(hypCounts, counts));
        const ratio = total === 0 ? null : match / total;
        if (ratio !== null && ratio > bestRatio) {
          bestRatio = ratio;
          best = k;
        }
        return { tokens, match, refNgrams, total, ratio };
      });
      const matched: { ngram: string[]; count: number }[] = [];
      if (best >= 0) {
        const ref = refCounts[best]!;
        const refCount = new Map<number, number>();
        for (let i = 0; i < ref.keys.length; i++) refCount.set(ref.keys[i]!, ref.counts[i]!);
        const tokenOf: string[] = [];
        for (const t of [...hypTokens, ...references[best]!.tokens]) tokenOf[local.id(t)] = t;
        for (let n = minNgramOrder; n <= maxNgramOrder; n++) {
          for (let i = hypCounts.offsets[n - 1]!; i < hypCounts.offsets[n]!; i++) {
            const key = hypCounts.keys[i]!;
            const c = Math.min(hypCounts.counts[i]!, refCount.get(key) ?? 0);
            if (c > 0) matched.push({ ngram: Array.from(localTable.ngram(key), (id) => tokenOf[id]!), count: c });
          }
        }
      }
      const chosen = best >= 0 ? references[best]! : undefined;
      return {
        score: chosen === undefined ? 0 : gleuScore(chosen.match, chosen.total),
        reference: best,
        hypTokens,
        references,
        hypNgrams: tpfp,
        matched,
      };
    },
  };
  return metric;
}

/**
 * Validates GLEU statistics read from JSON: `{ match, total }`, non-negative integers with
 * `match ≤ total`.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseGleuStats(value: unknown): GleuStats {
  const v = statsObject(value, "GLEU", "{ match, total }");
  const count = (name: string): number =>
    readCount(v[name], (got) => `GLEU statistics need ${name}: a non-negative integer, but got ${got}. Use statistics written by gramscore stats or JSON.stringify(metric.stats(...)).`);
  const match = count("match");
  const total = count("total");
  if (match > total) {
    throw invalidStats(`GLEU statistics must have match ≤ total, but got match ${String(match)} and total ${String(total)}.`);
  }
  return { match, total };
}
