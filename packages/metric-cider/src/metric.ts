import {
  atSegment,
  ErrorCode,
  GramscoreError,
  checkSegmentInput,
  describeValue,
  evaluate,
  formatScoreLine,
  formatSignature,
  invalidStats,
  resolveOptions,
  resolveTokenizerOption,
  signatureVersion,
  statsObject,
} from "@gramscore/core";
import type { MetricContext, OptionRules, OptionSpec, ScoreLevel, Segment, StatsMetric, Tokenizer, TokenizerLike } from "@gramscore/core";
import { createWhitespace } from "@gramscore/tokenizer-whitespace";
import { Interner, ciderCorpus, keptCaptions } from "./engine.js";
import type { CiderConfig, CiderItemDetail } from "./engine.js";
import { createCocoPtbTokenizer } from "./ptb.js";
import { VERSION } from "./version.js";

/** Options of `cider` (CIDEr-D) and `cider-original`. */
export interface CiderOptions {
  /**
   * How captions become tokens: `coco-ptb` (default: the COCO pipeline, PTBTokenizer and
   * pycocoevalcap's punctuation removal), `none` (alias `whitespace`: Python's `str.split()`, for
   * captions tokenized already), any tokenizer name a registry knows, a Tokenizer or a function.
   */
  tokenize?: string | TokenizerLike;
  /** Highest n-gram order (pycocoevalcap's `n`, default 4). */
  n?: number;
  /** Standard deviation of CIDEr-D's Gaussian length penalty (pycocoevalcap's `sigma`, default 6; `cider` only). */
  sigma?: number;
}

/** {@link CiderOptions} with the defaults filled in. */
export interface ResolvedCiderOptions {
  /** The tokenizer. */
  readonly tokenize: Tokenizer;
  /** Highest n-gram order. */
  readonly n: number;
  /** The length penalty's sigma (CIDEr-D). */
  readonly sigma: number;
}

/**
 * CIDEr statistics: every image's tokens (candidate, then each reference), in corpus order. CIDEr's
 * document frequencies come from the references of the whole corpus scored, so no fixed set of sums
 * can stand for a shard; the tokens can. Merging concatenates (associative, not commutative: merge
 * shards in corpus order, as `gramscore merge` does), and the score of merged statistics is the
 * score of the whole corpus, bit for bit.
 */
export interface CiderStats {
  /** Per image: `[candidateTokens, [referenceTokens, ...]]`. */
  readonly segments: [string[], string[][]][];
}

/** A CIDEr-D (`cider`) or CIDEr (`cider-original`) result. */
export interface CiderResult {
  /** `CIDEr-D` or `CIDEr`. */
  readonly name: "CIDEr-D" | "CIDEr";
  /** The corpus score: the mean of the images' scores (pycocoevalcap's `score`; not multiplied by 100). */
  readonly score: number;
  /** Each image's score, in corpus order (pycocoevalcap's `scores`). */
  readonly scores: number[];
  /** Images scored. */
  readonly segments: number;
  /** Whether it scores one image (as a one-image corpus) or a corpus. */
  readonly level: ScoreLevel;
  /** `cider:D|n:4|sigma:6|df:corpus|tok:coco-ptb|version:…` (`cider:original|n:4|df:corpus|…` for the original CIDEr). */
  readonly signature: string;
}

/** What `explain` returns for one image. */
export interface CiderExplanation {
  /** The image's score. */
  readonly score: number;
  /** The candidate's tokens. */
  readonly hyp: string[];
  /** Each reference's tokens. */
  readonly refs: string[][];
  /** Per n-gram order 1..n: the similarities summed over the references (before the mean and the ×10/refs). */
  readonly orders: number[];
  /** Per reference: its per-order similarities (cosine of tf-idf vectors; clipped and length-penalized for CIDEr-D). */
  readonly perReference: number[][];
  /** The lengths the penalty compares: bigram counts, as pycocoevalcap counts them (candidate, then each reference). */
  readonly lengths: { readonly hyp: number; readonly refs: number[] };
  /** Images whose references gave the document frequencies (1 for `explain(hyp, refs)` alone). */
  readonly corpusSize: number;
}

/** The `cider` / `cider-original` metric: core's StatsMetric with typed extras. */
export interface CiderMetric extends StatsMetric<CiderStats, CiderResult, ResolvedCiderOptions> {
  /** `CIDEr-D = 0.493` (`width` decimals, default 3 as pycocoevalcap's eval prints). */
  format(result: CiderResult, options?: { width?: number }): string;
  /**
   * Why one image scores what it does, as a one-image corpus (its own references give the document
   * frequencies: every idf is 0 and so is the score, as pycocoevalcap gives). Use {@link CiderMetric.explainIn}
   * for an image within its corpus.
   */
  explain(hyp: string, refs: readonly string[]): CiderExplanation;
  /** Why image `index` of a corpus (its statistics) scores what it does. @throws GramscoreError `INVALID_OPTION` for an index out of range. */
  explainIn(stats: CiderStats, index: number): CiderExplanation;
}

const TOKENIZE_SPEC: OptionSpec = {
  key: "tokenize",
  flag: "tokenize",
  type: "string",
  default: "coco-ptb",
  description: "Tokenizer: coco-ptb (COCO's PTBTokenizer + punctuation removal), none (str.split(), pre-tokenized captions), or any registered tokenizer name",
};
const N_SPEC: OptionSpec = { key: "n", flag: "ngram-order", type: "number", integer: true, min: 1, max: 32, default: 4, description: "Highest n-gram order (pycocoevalcap's n)" };

/** The options of `cider` (CIDEr-D). */
export const ciderOptionSpecs: readonly OptionSpec[] = [
  TOKENIZE_SPEC,
  N_SPEC,
  { key: "sigma", flag: "sigma", type: "number", min: Number.MIN_VALUE, default: 6, description: "Standard deviation of the Gaussian length penalty (pycocoevalcap's sigma)" },
];

/** The options of `cider-original`. */
export const ciderOriginalOptionSpecs: readonly OptionSpec[] = [TOKENIZE_SPEC, N_SPEC];

/** The plugins whose tokenizers are this package's built-ins. */
const OWN_PLUGINS = ["@gramscore/metric-cider", "@gramscore/tokenizer-whitespace"];

/** The built-in `none`/`whitespace` tokenizers: Python's `str.split()`, which the engine can apply to a text itself. */
const SPLIT = new WeakSet<Tokenizer>();

function split(): Tokenizer {
  const t = createWhitespace();
  SPLIT.add(t);
  return t;
}

const BUILTINS: Readonly<Record<string, () => Tokenizer>> = {
  "coco-ptb": () => createCocoPtbTokenizer(),
  none: split,
  whitespace: split,
};

/**
 * Checks options of `cider` (or of `cider-original`, which has no sigma) and fills in the defaults.
 * @throws GramscoreError `INVALID_OPTION` naming the option, `UNKNOWN_TOKENIZER` for an unknown tokenizer name.
 */
export function resolveCiderOptions(options: CiderOptions | undefined, original = false, context?: MetricContext): ResolvedCiderOptions {
  const metric = original ? "cider-original" : "cider";
  const rules: OptionRules = {
    metric,
    example: original ? '{ tokenize: "none" }' : '{ tokenize: "none", sigma: 6 }',
    rules: [
      {
        key: "tokenize",
        type: "string",
        read: (value) =>
          resolveTokenizerOption((value ?? "coco-ptb") as string | TokenizerLike, { builtins: BUILTINS, context, metric, ownPlugins: OWN_PLUGINS }),
      },
      { key: "n", type: "number", integer: true, min: 1, max: 32, default: 4 },
      ...(original ? [] : [{ key: "sigma", type: "number" as const, min: Number.MIN_VALUE, default: 6, expected: "a positive number" }]),
    ],
  };
  const resolved = resolveOptions<{ tokenize: Tokenizer; n: number; sigma?: number }>(options, rules);
  if (!original && !Number.isFinite(resolved.sigma)) {
    throw new GramscoreError(ErrorCode.INVALID_OPTION, `cider option sigma must be a positive finite number, but got ${describeValue(resolved.sigma)}.`, {
      details: { option: "sigma" },
    });
  }
  return { tokenize: resolved.tokenize, n: resolved.n, sigma: original ? 6 : resolved.sigma! };
}

/** Statistics this package built (not read from JSON): `score` need not check them again. */
const BUILT = new WeakSet<object>();

function built(stats: CiderStats): CiderStats {
  BUILT.add(stats);
  return stats;
}

function isTokens(x: unknown): x is string[] {
  return Array.isArray(x) && x.every((t) => typeof t === "string");
}

/**
 * Validates CIDEr statistics read from JSON: `{ segments: [[candidateTokens, [referenceTokens, ...]], ...] }`.
 * @throws GramscoreError `INVALID_STATS`.
 */
export function parseCiderStats(value: unknown): CiderStats {
  const o = statsObject(value, "CIDEr", "{ segments: [[candidateTokens, [referenceTokens, ...]], ...] }");
  const segs = o.segments;
  if (!Array.isArray(segs)) throw invalidStats(`CIDEr statistics need segments: an array of [candidateTokens, [referenceTokens, ...]], but got ${describeValue(segs)}.`);
  segs.forEach((s: unknown, i) => {
    if (!Array.isArray(s) || s.length !== 2 || !isTokens(s[0]) || !Array.isArray(s[1]) || s[1].length === 0 || !s[1].every(isTokens)) {
      throw invalidStats(
        `CIDEr statistics segment ${i} must be [candidateTokens, [referenceTokens, ...]] (arrays of strings, at least one reference), but got ${describeValue(s)}.`,
      );
    }
  });
  return { segments: segs as [string[], string[][]][] };
}

/**
 * Creates CIDEr-D (`ciderD: true`, pycocoevalcap's `Cider`) or the original CIDEr (vrama91/cider).
 * @internal The package's create functions call it.
 */
export function buildCider(options: CiderOptions | undefined, ciderD: boolean, context?: MetricContext): CiderMetric {
  const opts = resolveCiderOptions(options, !ciderD, context);
  const name = ciderD ? "CIDEr-D" : "CIDEr";
  const config: CiderConfig = { n: opts.n, sigma: opts.sigma, ciderD };
  const signature = formatSignature([
    ["cider", ciderD ? "D" : "original"],
    ["n", String(opts.n)],
    ...(ciderD ? ([["sigma", String(opts.sigma)]] as [string, string][]) : []),
    ["df", "corpus"],
    ["tok", opts.tokenize.signature],
    ["version", signatureVersion(VERSION)],
  ]);
  const tokenize = (text: string): string[] => opts.tokenize.tokenize(text);
  const plainSplit = SPLIT.has(opts.tokenize);
  const segStats = (hyp: unknown, refs: unknown): [string[], string[][]] => {
    checkSegmentInput(hyp, refs, name); // types only: every tokenizer checks its text (lone surrogates)
    return [tokenize(hyp as string), (refs as string[]).map(tokenize)];
  };
  /** Throws `EMPTY_INPUT` for a corpus pycocoevalcap cannot score. */
  const check = (images: number, anyReference: boolean): void => {
    if (images === 0) {
      throw new GramscoreError(ErrorCode.EMPTY_INPUT, `${name} needs at least one image (pycocoevalcap divides by zero for none), but got no segment.`);
    }
    if (!anyReference) {
      throw new GramscoreError(
        ErrorCode.EMPTY_INPUT,
        `${name} needs a reference with at least one token, but every reference is empty after tokenization (pycocoevalcap fails on max() of no document frequency). Check the references field.`,
      );
    }
  };
  /**
   * Tokenizes the segments and numbers their tokens. With `out`, also pushes each image's tokens
   * there, every token replaced by the first equal one seen: the statistics keep one string per
   * distinct token, and the duplicates die young instead of being copied by every garbage collection
   * while the corpus is scored. Without it, the tokens die as soon as they are numbered.
   */
  const read = (segments: Iterable<Segment>, out?: [string[], string[][]][]): { interner: Interner; anyReference: boolean } => {
    const interner = new Interner();
    const share = out !== undefined;
    let anyReference = false;
    let index = 0;
    try {
      for (const seg of segments) {
        let hyp: string[];
        let refs: string[][];
        try {
          if (plainSplit) {
            // Tokens numbered straight from the text as the tokenizer splits it, with no string
            // made per token (the statistics get each token's first string); a text with a
            // surrogate goes through the tokenizer, which checks it.
            checkSegmentInput(seg.hyp, seg.refs, name);
            interner.image();
            const h = seg.hyp as string;
            let hypTokens: string[] | undefined;
            if (interner.text(h) < 0) hypTokens = interner.caption(tokenize(h), share);
            else if (share) hypTokens = interner.lastTokens();
            const texts = seg.refs as string[];
            const refTokens: string[][] = [];
            for (const r of texts) {
              let count = interner.text(r);
              if (count < 0) {
                const t = interner.caption(tokenize(r), share);
                count = t.length;
                if (share) refTokens.push(t);
              } else if (share) refTokens.push(interner.lastTokens());
              if (count > 0) anyReference = true;
            }
            out?.push([hypTokens!, refTokens]);
            index++;
            continue;
          }
          [hyp, refs] = segStats(seg.hyp, seg.refs);
        } catch (e) {
          throw atSegment(e, index);
        }
        interner.image();
        hyp = interner.caption(hyp, share);
        for (let r = 0; r < refs.length; r++) {
          refs[r] = interner.caption(refs[r]!, share);
          if (refs[r]!.length > 0) anyReference = true;
        }
        out?.push([hyp, refs]);
        index++;
      }
    } catch (e) {
      interner.abandon();
      throw e;
    }
    return { interner, anyReference };
  };
  const run = (stats: CiderStats, details?: CiderItemDetail[]) => {
    const segs = stats.segments;
    check(segs.length, segs.some(([, refs]) => refs.some((r) => r.length > 0)));
    let captions = keptCaptions(stats, segs);
    if (captions === undefined) {
      const interner = new Interner();
      try {
        for (const [hyp, refs] of segs) {
          interner.image();
          interner.caption(hyp, false);
          for (const r of refs) interner.caption(r, false);
        }
      } finally {
        captions = interner.finish();
      }
    }
    return ciderCorpus(captions, config, details);
  };
  const explainStats = (stats: CiderStats, index: number): CiderExplanation => {
    if (!Number.isInteger(index) || index < 0 || index >= stats.segments.length) {
      throw new GramscoreError(ErrorCode.INVALID_OPTION, `The image index must be an integer from 0 to ${stats.segments.length - 1}, but got ${describeValue(index)}.`);
    }
    const details: CiderItemDetail[] = [];
    const { scores } = run(stats, details);
    const d = details[index]!;
    const [hyp, refs] = stats.segments[index]!;
    return {
      score: scores[index]!,
      hyp: hyp.slice(),
      refs: refs.map((r) => r.slice()),
      orders: d.orders,
      perReference: d.perRef,
      lengths: { hyp: d.length, refs: d.refLengths },
      corpusSize: stats.segments.length,
    };
  };
  const metric: CiderMetric = {
    name: ciderD ? "cider" : "cider-original",
    higherIsBetter: true,
    options: opts,
    empty: () => built({ segments: [] }),
    stats: (hyp, refs) => built({ segments: [segStats(hyp, refs)] }),
    merge: (a, b) => built({ segments: a.segments.concat(b.segments) }),
    corpusStats(segments: Iterable<Segment>) {
      const out: [string[], string[][]][] = [];
      const { interner } = read(segments, out);
      const stats = built({ segments: out });
      interner.finish(stats);
      return stats;
    },
    score(stats, level) {
      const s = BUILT.has(stats) ? stats : parseCiderStats(stats);
      const { score, scores } = run(s);
      return { name, score, scores: Array.from(scores), segments: s.segments.length, level, signature };
    },
    signature: () => signature,
    summarize: (r) => ({ score: r.score }),
    format: (r, o) => formatScoreLine(name, r.score, o?.width, 3),
    parseStats: parseCiderStats,
    explain: (hyp, refs) => explainStats({ segments: [segStats(hyp, refs)] }, 0),
    explainIn: (stats, index) => explainStats(parseCiderStats(stats), index),
  };
  DIRECT.set(metric, (segments) => {
    const { interner, anyReference } = read(segments);
    const captions = interner.finish();
    check(captions.images, anyReference);
    const { score, scores } = ciderCorpus(captions, config);
    return { name, score, scores: Array.from(scores), segments: captions.images, level: "corpus", signature };
  });
  return metric;
}

/** Each metric's corpus scoring without statistics. */
const DIRECT = new WeakMap<CiderMetric, (segments: readonly Segment[]) => CiderResult>();

/**
 * `evaluate(metric, segments).corpus`, the same result and the same errors, without building the
 * statistics (which only merging and explanations need): each caption's tokens die as soon as they
 * are numbered.
 * @internal `cider()` and `ciderOriginal()` call it.
 */
export function scoreSegments(metric: CiderMetric, segments: readonly Segment[]): CiderResult {
  const direct = DIRECT.get(metric);
  return direct === undefined || segments.length === 0 ? evaluate(metric, segments).corpus : direct(segments);
}
