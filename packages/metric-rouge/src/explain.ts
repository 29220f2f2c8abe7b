import type { RougeEngine } from "./engine.js";
import type { PreparedText } from "./prepared.js";
import { weightTable } from "./numbers.js";
import type { TypeKind } from "./options.js";
import type { MultiRefPolicy, RougeMode, RougeScore } from "./types.js";

/** The tokens of one text, whole and per sentence (sentences only where the measure uses them). */
export interface ExplainedText {
  tokens: string[];
  sentences: string[][];
}

/** One n-gram (or skip-bigram / SU unigram) found in both texts. */
export interface NgramMatch {
  ngram: string[];
  /** Occurrences in the reference. */
  reference: number;
  /** Occurrences in the hypothesis. */
  hypothesis: number;
  /** Clipped matches: `min(reference, hypothesis)`. */
  matched: number;
}

/**
 * One reference token on the (union) LCS: its position (sentence, token) in the reference, the
 * hypothesis position it is aligned with, and whether it counted as a hit after the unigram clipping
 * of summary-level LCS (always true for sentence-level rougeL). For rougeL both sentences are 0 and
 * positions index the whole text.
 */
export interface AlignedToken {
  refSentence: number;
  refToken: number;
  hypSentence: number;
  hypToken: number;
  counted: boolean;
}

/** A run of consecutive counted ROUGE-W hits and the weight `f(length)` it adds. */
export interface WeightedRun {
  refSentence: number;
  /** Position of the run's first counted token in the reference sentence. */
  start: number;
  length: number;
  weight: number;
}

/** One reference's side of one ROUGE type. */
export interface ReferenceExplanation {
  reference: number;
  /** Hits (weighted for ROUGE-W). */
  hits: number;
  /** The denominator of recall: reference n-grams / tokens (ROUGE-W: f(Σ f(sentence length))). */
  referenceCount: number;
  /** The denominator of precision: hypothesis n-grams / tokens (ROUGE-W: f(token count)). */
  hypothesisCount: number;
  /** Precision, recall and F against this reference alone. */
  score: RougeScore;
  matches?: NgramMatch[];
  alignment?: AlignedToken[];
  runs?: WeightedRun[];
}

/** Why one ROUGE type scores what it does. */
export interface TypeExplanation {
  kind: TypeKind;
  policy: MultiRefPolicy;
  /** The references the result comes from (pooled / average: all; best-*: one; jackknife: one per left-out reference). */
  used: number[];
  result: RougeScore;
  references: ReferenceExplanation[];
}

/** What `explain()` returns. */
export interface RougeExplanation {
  mode: RougeMode;
  signature: string;
  hypothesis: ExplainedText;
  references: ExplainedText[];
  types: Record<string, TypeExplanation>;
}

function countKeys(grams: string[][]): Map<string, { ngram: string[]; count: number }> {
  const map = new Map<string, { ngram: string[]; count: number }>();
  for (const g of grams) {
    const key = JSON.stringify(g);
    const e = map.get(key);
    if (e === undefined) map.set(key, { ngram: g, count: 1 });
    else e.count++;
  }
  return map;
}

function matchesOf(ref: string[][], hyp: string[][]): NgramMatch[] {
  const r = countKeys(ref);
  const h = countKeys(hyp);
  const out: NgramMatch[] = [];
  for (const [key, e] of r) {
    const other = h.get(key);
    if (other !== undefined) out.push({ ngram: e.ngram, reference: e.count, hypothesis: other.count, matched: Math.min(e.count, other.count) });
  }
  return out;
}

function ngrams(tokens: string[], n: number): string[][] {
  const out: string[][] = [];
  for (let i = 0; i + n <= tokens.length; i++) out.push(tokens.slice(i, i + n));
  return out;
}

/** ROUGE-1.5.5's `createSkipBigram` grams (the SU unigrams skip the last token, as the script does). */
function skipGrams(tokens: string[], skip: number, unigrams: boolean): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < tokens.length - 1; i++) {
    if (unigrams) out.push([tokens[i]!]);
    for (let j = i + 1; j < tokens.length && (skip < 0 || j <= i + skip + 1); j++) out.push([tokens[i]!, tokens[j]!]);
  }
  return out;
}

/** One LCS of `a` (rows) and `b` as index pairs, by rouge-score's backtrack (ROUGE-1.5.5 marks the same). */
export function lcsPairs(a: ArrayLike<number>, b: ArrayLike<number>): Array<[number, number]> {
  const m = a.length;
  const n = b.length;
  const w = n + 1;
  const T = new Int32Array((m + 1) * w);
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      T[i * w + j] = a[i - 1] === b[j - 1] ? T[(i - 1) * w + j - 1]! + 1 : Math.max(T[(i - 1) * w + j]!, T[i * w + j - 1]!);
    }
  }
  const out: Array<[number, number]> = [];
  let i = m;
  let j = n;
  while (i > 0 && j > 0) {
    if (a[i - 1] === b[j - 1]) {
      out.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (T[i * w + j - 1]! > T[(i - 1) * w + j]!) j--;
    else i--;
  }
  return out.reverse();
}

/** ROUGE-1.5.5's weighted LCS (`wlcs_inner` + `markLCS`) of `model` against `peer` as index pairs. */
export function wlcsPairs(model: ArrayLike<number>, peer: ArrayLike<number>, weight: number): Array<[number, number]> {
  const m = model.length;
  const n = peer.length;
  const f = weightTable(weight, Math.min(m, n) + 1);
  const w = n + 1;
  const c = new Float64Array((m + 1) * w);
  const l = new Int32Array((m + 1) * w);
  const b = new Uint8Array((m + 1) * w);
  for (let i = 1; i <= m; i++) {
    for (let j = 1; j <= n; j++) {
      const at = i * w + j;
      if (model[i - 1] === peer[j - 1]) {
        const k = l[at - w - 1]!;
        c[at] = c[at - w - 1]! + f[k + 1]! - f[k]!;
        l[at] = k + 1;
        b[at] = 0;
      } else if (c[at - w]! >= c[at - 1]!) {
        c[at] = c[at - w]!;
        b[at] = 1;
      } else {
        c[at] = c[at - 1]!;
        b[at] = 2;
      }
    }
  }
  const out: Array<[number, number]> = [];
  let i = m;
  let j = n;
  while (i !== 0 && j !== 0) {
    const d = b[i * w + j];
    if (d === 0) {
      out.push([i - 1, j - 1]);
      i--;
      j--;
    } else if (d === 1) i--;
    else j--;
  }
  return out.reverse();
}

/** For every reference sentence, the hypothesis position each marked token is first aligned with. */
function unionAlignment(
  ref: PreparedText,
  hyp: PreparedText,
  pairs: (a: Int32Array, b: Int32Array) => Array<[number, number]>,
): Map<string, [number, number]> {
  const at = new Map<string, [number, number]>();
  ref.sents.forEach((s, si) => {
    hyp.sents.forEach((c, ci) => {
      for (const [i, j] of pairs(s, c)) {
        const key = `${si}:${i}`;
        if (!at.has(key)) at.set(key, [ci, j]);
      }
    });
  });
  return at;
}

/** Explains one segment with the engine's settings. @internal */
export function explainSegment(engine: RougeEngine, hypothesis: string, references: readonly string[], signature: string): RougeExplanation {
  const config = engine.config;
  engine.begin();
  const hyp = engine.prepare(hypothesis, "The hypothesis", true);
  const refs = references.map((r, i) => engine.prepare(r, `Reference ${i}`, true));
  const data = engine.referenceData(hyp, refs, true);
  const used: number[][] = [];
  const row = engine.combine(data, used);
  const K = refs.length;
  const text = (p: PreparedText): ExplainedText => ({ tokens: p.strings!.flat, sentences: p.strings!.sents });
  const types: Record<string, TypeExplanation> = {};
  const one = new Float64Array(3);
  config.types.forEach((t, ti) => {
    const references: ReferenceExplanation[] = [];
    for (let r = 0; r < K; r++) {
      const i = ti * K + r;
      engine.values(t, data.hit[i]!, data.model[i]!, data.peer[i]!, one, 0);
      const e: ReferenceExplanation = {
        reference: r,
        hits: data.hit[i]!,
        referenceCount: data.model[i]!,
        hypothesisCount: data.peer[i]!,
        score: { precision: one[0]!, recall: one[1]!, fmeasure: one[2]! },
      };
      const ref = refs[r]!;
      const rs = ref.strings!;
      const hs = hyp.strings!;
      if (t.kind === "n") e.matches = matchesOf(ngrams(rs.flat, t.n), ngrams(hs.flat, t.n));
      else if (t.kind === "s" || t.kind === "su") {
        const u = t.kind === "su";
        e.matches = matchesOf(skipGrams(rs.flat, config.skipDistance, u), skipGrams(hs.flat, config.skipDistance, u));
      } else if (t.kind === "l" && config.mode === "rouge-score") {
        e.alignment =
          ref.flat.length > 0 && hyp.flat.length > 0
            ? lcsPairs(ref.flat, hyp.flat).map(([a, b]) => ({ refSentence: 0, refToken: a, hypSentence: 0, hypToken: b, counted: true }))
            : [];
      } else if (t.kind === "w") {
        const at = unionAlignment(ref, hyp, (a, b) => wlcsPairs(a, b, config.weight));
        const alignment: AlignedToken[] = [];
        const runs: WeightedRun[] = [];
        engine.wlcsHits(
          ref,
          hyp,
          (s, start, length, weight) => runs.push({ refSentence: s, start, length, weight }),
          (s, p, counted) => {
            const [hs2, hp] = at.get(`${s}:${p}`) ?? [-1, -1];
            alignment.push({ refSentence: s, refToken: p, hypSentence: hs2, hypToken: hp, counted });
          },
        );
        e.alignment = alignment;
        e.runs = runs;
      } else {
        // rougeLsum, ROUGE-1.5.5's ROUGE-L: union LCS with unigram clipping.
        const alignment: AlignedToken[] = [];
        const lsumEmpty = t.kind === "lsum" && (data.model[i] === 0 || data.peer[i] === 0);
        if (!lsumEmpty) {
          const at = unionAlignment(ref, hyp, lcsPairs);
          engine.unionHits(ref, hyp, (s, p, counted) => {
            const [hs2, hp] = at.get(`${s}:${p}`) ?? [-1, -1];
            alignment.push({ refSentence: s, refToken: p, hypSentence: hs2, hypToken: hp, counted });
          });
        }
        e.alignment = alignment;
      }
      references.push(e);
    }
    const o = ti * engine.stride;
    types[t.key] = {
      kind: t.kind,
      policy: config.multiRef,
      used: used[ti]!,
      result: { precision: row[o]!, recall: row[o + 1]!, fmeasure: row[o + 2]! },
      references,
    };
  });
  return { mode: config.mode, signature, hypothesis: text(hyp), references: refs.map(text), types };
}
