import {
  atSegment,
  BoundedCache,
  ErrorCode,
  ExactSum,
  GramscoreError,
  assertText,
  checkSegmentInput,
  checkScoreKey,
  describeValue,
  exactAdd,
  exactOf,
  exactValue,
  formatScoreLine,
  formatSignature,
  readCount,
  readCounts,
  readExactSum,
  signatureVersion,
  statsObject,
} from "@gramscore/core";
import type { FormatOptions, Metric, ScoreLevel, Segment, StatsRows } from "@gramscore/core";
import { tokenize13a } from "@gramscore/tokenizer-sacrebleu";
import { pyLower } from "@gramscore/tokenizer-whitespace";
import { EASSE_WIDTH, NGRAM_ORDER, addEasseCounts, combineParts, easseOperationScores, easseScore, prepareItem, sentenceSariParts } from "./sari.js";
import type { PreparedItem, SariOrderScores } from "./sari.js";
import { VERSION } from "./version.js";

/**
 * The tokens both references score: the text lowercased (Python's `str.lower`) and tokenized with
 * sacrebleu 2.6.0's `13a` (what HF's and EASSE's `normalize(sentence)` return, split on spaces). An
 * empty result is no token here; HF's `split(" ")` makes it one empty token (see `sari`'s stats).
 * @throws GramscoreError `INVALID_TYPE` for a non-string, `LONE_SURROGATE` for an unpaired surrogate.
 */
export function sariTokens(text: string): string[] {
  return tokenize13a(pyLower(text));
}

const EMPTY_TOKEN: readonly string[] = [""];

/** HF's tokens: `normalize(text).split(" ")`, so an empty text is `[""]`. */
function hfTokens(text: string): readonly string[] {
  const t = sariTokens(text);
  return t.length === 0 ? EMPTY_TOKEN : t;
}

/**
 * Prepared items (source and references counted), keyed by their texts: a test set's sources and
 * references recur for every system scored on it. One cache per tokenization, shared by every metric
 * of this package (an entry depends only on the texts), bounded like the other metrics' caches.
 */
const caches = new Map<(text: string) => readonly string[], BoundedCache<Cached[]>>();

/** A prepared item with the reference texts it was prepared from. */
interface Cached {
  readonly refs: readonly string[];
  readonly item: PreparedItem;
}

function sameTexts(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function itemCache(tokens: (text: string) => readonly string[]): (src: string, refs: readonly string[]) => PreparedItem {
  return (src, refs) => {
    let cache = caches.get(tokens);
    if (cache === undefined) {
      cache = new BoundedCache<Cached[]>(8192, 32 * 1024 * 1024);
      caches.set(tokens, cache);
    }
    // Keyed by the source; the few reference sets scored with one source are told apart by their texts.
    const list = cache.get(src);
    if (list !== undefined) {
      for (const c of list) if (sameTexts(c.refs, refs)) return c.item;
    }
    const item = prepareItem(tokens(src), refs.map(tokens));
    let bytes = 64 * src.length + 256;
    for (const r of refs) bytes += 64 * r.length;
    if (list !== undefined && list.length < 8) list.push({ refs: refs.slice(), item });
    else if (list === undefined) cache.set(src, [{ refs: refs.slice(), item }], bytes);
    return item;
  };
}

/**
 * Checks a segment with its source.
 * @throws GramscoreError `INVALID_TYPE` (the source missing or not a string), `EMPTY_INPUT` (no reference), `LONE_SURROGATE`.
 */
function checkInput(hyp: unknown, refs: unknown, src: unknown, metric: string): void {
  if (typeof src !== "string") {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `${metric} compares the prediction with its source sentence, so every segment needs one, but the source is ${describeValue(src)}. ` +
        'Pass it as the third argument of stats(hyp, refs, src) or as src of a segment; on the command line give each JSONL record a "src" field.',
    );
  }
  assertText(src, "The source");
  checkSegmentInput(hyp, refs, metric, true);
}

// ---------------------------------------------------------------------------------------------
// sari: HF evaluate's definition (mean of sentence scores)

/** `sari` statistics: the number of items and the exact sum of their SARI (each 0–1). */
export interface SariStats {
  /** Items (source, prediction, references) scored. */
  readonly total: number;
  /** Sum of the items' SARI, each between 0 and 1, as core's canonical exact sum. */
  readonly sum: number[];
}

/** A `sari` result (HF evaluate's `{"sari": score}`). */
export interface SariResult {
  /** `SARI`. */
  readonly name: "SARI";
  /** SARI, 0–100: the mean of the items' SARI (HF's `sari`). */
  readonly score: number;
  /** Items scored. */
  readonly total: number;
  /** Whether it scores one item or a corpus. */
  readonly level: ScoreLevel;
  /** `sari:hf|case:lc|tok:13a|version:…`. */
  readonly signature: string;
}

/** What `explain` returns: the normalized tokens and the scores of every n-gram order. */
export interface SariExplanation {
  /** The item's SARI, 0–100. */
  readonly score: number;
  /** The tokens each text is scored on (lowercased, 13a). */
  readonly tokens: { readonly source: string[]; readonly prediction: string[]; readonly references: string[][] };
  /** Per n-gram order 1–4: keep F1, deletion precision and addition F1 (0–1). */
  readonly orders: SariOrderScores[];
  /** The means over the orders (0–1). */
  readonly keep: number;
  /** Mean deletion precision over the orders (0–1). */
  readonly delete: number;
  /** Mean addition F1 over the orders (0–1). */
  readonly add: number;
}

/** The `sari` metric: core's {@link Metric} with typed extras. */
export interface SariMetric extends Metric<SariStats, SariResult> {
  /** Statistics of one item; `src` is required (the three-argument form of core's `stats`). */
  stats(hyp: string, refs: readonly string[], src?: string): SariStats;
  /** `SARI = 40.12` (`width` decimals, default 2). */
  format(result: SariResult, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): SariStats;
  /** Resampling rows `[item SARI, 1]`; the key is `score` (or `sari`). */
  rows(key?: string): StatsRows<SariStats>;
  /** The tokens and the keep, delete and add scores of every n-gram order of one item. */
  explain(hyp: string, refs: readonly string[], src?: string): SariExplanation;
}

const SARI_SIGNATURE = formatSignature([
  ["sari", "hf"],
  ["case", "lc"],
  ["tok", "13a"],
  ["version", signatureVersion(VERSION)],
]);


/**
 * Validates `sari` statistics read from JSON: `{ total, sum }`.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseSariStats(value: unknown): SariStats {
  const v = statsObject(value, "SARI", "{ total, sum }");
  const total = readCount(v.total, (got) => `SARI statistics need total: a non-negative integer count of items, but got ${got}.`);
  const sum = readExactSum(v.sum, (got) => `SARI statistics need sum: an exact sum (a list of numbers) between 0 and total, but got ${got}.`, 0, total);
  return { total, sum };
}

/** HF's corpus value: `100 * (sum / n)`, 0 for no item. */
const sariPercent = (sum: number, total: number): number => (total > 0 ? 100 * (sum / total) : 0);

/**
 * Creates SARI as HF evaluate's `sari` computes it: each item's SARI from its source, prediction
 * (the hypothesis) and references, lowercased and tokenized with 13a; the corpus score is the mean
 * over items, times 100. Statistics are an item count and an exact sum, so they merge in any order to
 * the same bits (HF adds left to right: see the README for the difference, at most a few ulp).
 */
export function createSari(): SariMetric {
  const resultOf = (s: SariStats, level: ScoreLevel): SariResult => ({
    name: "SARI",
    score: sariPercent(exactValue(s.sum), s.total),
    total: s.total,
    level,
    signature: SARI_SIGNATURE,
  });
  const prepared = itemCache(hfTokens);
  const one = (hyp: unknown, refs: unknown, src: unknown): number => {
    checkInput(hyp, refs, src, "SARI");
    return combineParts(sentenceSariParts(prepared(src as string, refs as readonly string[]), hfTokens(hyp as string)));
  };
  return {
    name: "sari",
    higherIsBetter: true,
    empty: () => ({ total: 0, sum: [] }),
    stats: (hyp, refs, src) => ({ total: 1, sum: exactOf(one(hyp, refs, src)) }),
    merge: (a, b) => ({ total: a.total + b.total, sum: exactAdd(a.sum, b.sum) }),
    corpusStats(segments: Iterable<Segment>) {
      const acc = new ExactSum();
      let index = 0;
      for (const seg of segments) {
        try {
          acc.add(one(seg.hyp, seg.refs, seg.src));
        } catch (e) {
          throw atSegment(e, index);
        }
        index++;
      }
      return { total: index, sum: acc.value() };
    },
    score: (stats, level) => resultOf(parseSariStats(stats), level),
    signature: () => SARI_SIGNATURE,
    summarize: (r) => ({ score: r.score }),
    format: (r, o) => formatScoreLine("SARI", r.score, o?.width, 2),
    parseStats: parseSariStats,
    rows(key) {
      checkScoreKey(key, "SARI", "sari");
      return {
        name: "SARI",
        width: 2,
        float32: false,
        toRow(stats, out, offset) {
          out[offset] = exactValue(stats.sum);
          out[offset + 1] = stats.total;
        },
        score: (r) => sariPercent(r[0]!, r[1]!),
        scoreStats: (stats) => sariPercent(exactValue(stats.sum), stats.total),
      };
    },
    explain(hyp, refs, src) {
      checkInput(hyp, refs, src, "SARI");
      const source = hfTokens(src!);
      const prediction = hfTokens(hyp);
      const references = refs.map(hfTokens);
      const orders = sentenceSariParts(prepareItem(source, references), prediction);
      const mean = (k: keyof SariOrderScores): number => orders.reduce((a, o) => a + o[k], 0) / NGRAM_ORDER;
      return {
        score: 100 * combineParts(orders),
        tokens: { source: [...source], prediction: [...prediction], references: references.map((r) => [...r]) },
        orders,
        keep: mean("keep"),
        delete: mean("delete"),
        add: mean("add"),
      };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// easse_sari: EASSE's corpus definition (pooled counts)

/** `easse_sari` statistics: EASSE's nine counts per n-gram order, added over the items. */
export interface EasseSariStats {
  /**
   * 36 counts: for order n = 1..4 at `9 * (n - 1)`: add correct, add by the system, add by the
   * references, keep correct, keep by the system, keep by the references, delete correct, delete by
   * the system, delete by the references (keep and delete weighted by the number of references).
   */
  readonly counts: number[];
}

/** An `easse_sari` result: EASSE's `corpus_sari` and its three operation scores. */
export interface EasseSariResult {
  /** `SARI-EASSE`. */
  readonly name: "SARI-EASSE";
  /** SARI, 0–100: the mean of `add`, `keep` and `delete` (EASSE's `corpus_sari`). */
  readonly score: number;
  /** Addition F1, macro-averaged over the orders, 0–100. */
  readonly add: number;
  /** Keep F1, 0–100. */
  readonly keep: number;
  /** Deletion F1, 0–100. */
  readonly delete: number;
  /** Whether it scores one item or a corpus. */
  readonly level: ScoreLevel;
  /** `sari:easse|avg:macro|del:f1|case:lc|tok:13a|version:…`. */
  readonly signature: string;
}

/** The `easse_sari` metric: core's {@link Metric} with typed extras. */
export interface EasseSariMetric extends Metric<EasseSariStats, EasseSariResult> {
  /** Statistics of one item; `src` is required. */
  stats(hyp: string, refs: readonly string[], src?: string): EasseSariStats;
  /** `SARI-EASSE = 38.20` (`width` decimals, default 2). */
  format(result: EasseSariResult, options?: FormatOptions): string;
  /** Validates statistics read from JSON. @throws GramscoreError `INVALID_STATS`. */
  parseStats(value: unknown): EasseSariStats;
  /** Resampling rows: the 36 counts; the key is `score` (or `sari`). */
  rows(key?: string): StatsRows<EasseSariStats>;
}

const EASSE_SIGNATURE = formatSignature([
  ["sari", "easse"],
  ["avg", "macro"],
  ["del", "f1"],
  ["case", "lc"],
  ["tok", "13a"],
  ["version", signatureVersion(VERSION)],
]);

/**
 * Validates `easse_sari` statistics read from JSON: `{ counts }` with 36 non-negative integers.
 * @throws GramscoreError `INVALID_STATS` saying what is wrong.
 */
export function parseEasseSariStats(value: unknown): EasseSariStats {
  const v = statsObject(value, "easse_sari", "{ counts }");
  const counts = readCounts(v.counts, EASSE_WIDTH, {
    shape: (got) => `easse_sari statistics need counts: an array of ${EASSE_WIDTH} non-negative integers (9 per n-gram order), but got ${got}.`,
    item: (i, got) => `easse_sari statistics need counts[${i}] to be a non-negative integer, but got ${got}.`,
  });
  return { counts };
}

/**
 * Creates SARI as EASSE's `corpus_sari` computes it (defaults: lowercase, 13a, the n-gram counts of
 * every item pooled over the corpus, F1 per order macro-averaged, F1 for deletion, 0/0 = 0). The
 * statistics are integer counts, so merging is exact.
 */
export function createEasseSari(): EasseSariMetric {
  const resultOf = (s: EasseSariStats, level: ScoreLevel): EasseSariResult => {
    const [add, keep, del] = easseOperationScores(s.counts);
    return { name: "SARI-EASSE", score: (add + keep + del) / 3, add, keep, delete: del, level, signature: EASSE_SIGNATURE };
  };
  const prepared = itemCache(sariTokens);
  const addItem = (hyp: unknown, refs: unknown, src: unknown, out: number[]): void => {
    checkInput(hyp, refs, src, "SARI-EASSE");
    addEasseCounts(prepared(src as string, refs as readonly string[]), sariTokens(hyp as string), out);
  };
  return {
    name: "easse_sari",
    higherIsBetter: true,
    empty: () => ({ counts: new Array<number>(EASSE_WIDTH).fill(0) }),
    stats(hyp, refs, src) {
      const counts = new Array<number>(EASSE_WIDTH).fill(0);
      addItem(hyp, refs, src, counts);
      return { counts };
    },
    merge: (a, b) => ({ counts: a.counts.map((x, i) => x + b.counts[i]!) }),
    corpusStats(segments: Iterable<Segment>) {
      const counts = new Array<number>(EASSE_WIDTH).fill(0);
      let index = 0;
      for (const seg of segments) {
        try {
          addItem(seg.hyp, seg.refs, seg.src, counts);
        } catch (e) {
          throw atSegment(e, index);
        }
        index++;
      }
      return { counts };
    },
    score: (stats, level) => resultOf(parseEasseSariStats(stats), level),
    signature: () => EASSE_SIGNATURE,
    summarize: (r) => ({ score: r.score, add: r.add, keep: r.keep, delete: r.delete }),
    format: (r, o) => formatScoreLine("SARI-EASSE", r.score, o?.width, 2),
    parseStats: parseEasseSariStats,
    rows(key) {
      checkScoreKey(key, "SARI-EASSE", "sari");
      return {
        name: "SARI-EASSE",
        width: EASSE_WIDTH,
        float32: false,
        toRow(stats, out, offset) {
          for (let i = 0; i < EASSE_WIDTH; i++) out[offset + i] = stats.counts[i]!;
        },
        score: (r) => easseScore(r),
        scoreStats: (stats) => easseScore(stats.counts),
      };
    },
  };
}
