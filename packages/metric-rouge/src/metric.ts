import {
  ErrorCode,
  ExactColumns,
  GramscoreError,
  describeValue,
  exactAdd,
  findLoneSurrogate,
  hasSegmentShape,
  exactOf,
  exactValue,
  formatFixed,
  isExactSum,
  formatSignature,
  type FormatOptions,
  type Metric,
  type MetricContext,
  type PairwiseScorer,
  type ScoreLevel,
  type Segment,
  type SignatureValue,
  type StatsRows,
  validateSegment,
  signatureVersion,
  resolveNormalizeOption,
  signatureWithNormalizer,
  withNormalizer,
} from "@gramscore/core";
import { canonicalRows, percentileBootstrap as bootstrap } from "@gramscore/significance";
import { RougeEngine } from "./engine.js";
import { explainSegment, type RougeExplanation } from "./explain.js";
import { resolveConfig } from "./options.js";
import { rougePairwise } from "./pairwise.js";
import { resolveTokenizer } from "./tokenize.js";
import type { RougeMode, RougeOptions, RougeResult, RougeScore, RougeStats, RougeTypeResult } from "./types.js";
import { VERSION } from "./version.js";

/** A ROUGE metric: core's `Metric` plus the resolved settings and a few conveniences. */
export interface RougeMetric extends Metric<RougeStats, RougeResult> {
  /** The reference implementation reproduced. */
  readonly mode: RougeMode;
  /** The keys of a result, in order (`rouge1`, `rougeLsum`, `ROUGE-W-1.2`, …). */
  readonly types: readonly string[];
  /** The signature of one ROUGE type's numbers: the metric signature with only that type first. */
  typeSignature(type: string): string;
  /**
   * The statistics as resampling rows (one column per number of a segment) for
   * `@gramscore/significance`. `key` is a type (`rouge1`: its F-measure) or a type and measure as
   * `summarize` names them (`rouge1.p`, `rougeL.r`, `rougeLsum.f`); default the first type's F-measure.
   * A resample's score is the corpus score of its summed rows (float64 sums).
   * @throws GramscoreError `INVALID_OPTION` for an unknown key.
   */
  rows(key?: string): StatsRows<RougeStats>;
  /** The result of one segment (`score(stats(hyp, refs), "segment")`). */
  scoreSegment(hypothesis: string, references: readonly string[]): RougeResult;
  /**
   * The statistics of a whole corpus in one pass: equal (as JSON) to merging `stats()` of every
   * segment, without a statistics object per segment. Each record is validated as `evaluate` does.
   * @throws GramscoreError for an invalid record (naming its index).
   */
  corpusStats(segments: Iterable<Segment>): RougeStats;
  /** Matched n-grams, LCS alignments (token positions on both sides) and per-reference numbers. */
  explain(hypothesis: string, references: readonly string[]): RougeExplanation;
  format(result: RougeResult, options?: FormatOptions): string;
  parseStats(value: unknown): RougeStats;
  /**
   * The matrix of segment scores of every hypothesis against every single reference, row-major (see
   * core's `PairwiseScorer`); `field` is a `summarize` column such as `rougeL.f` (default: the first
   * type's F). Fast for rouge-score's ROUGE-N and ROUGE-L; other types are scored pair by pair.
   */
  pairwise: PairwiseScorer["pairwise"];
  /** {@link RougeMetric.pairwise} of many inputs. */
  pairwiseBatch: PairwiseScorer["pairwiseBatch"];
}

function checkSegment(hyp: unknown, refs: unknown): readonly string[] {
  if (typeof hyp !== "string") {
    throw new GramscoreError(ErrorCode.INVALID_TYPE, `The hypothesis must be a string, but got ${describeValue(hyp)}.`);
  }
  if (!Array.isArray(refs)) {
    throw new GramscoreError(
      ErrorCode.INVALID_TYPE,
      `The references must be an array of strings, but got ${describeValue(refs)}. For one reference write [reference].`,
    );
  }
  if (refs.length === 0) {
    throw new GramscoreError(ErrorCode.EMPTY_INPUT, "ROUGE needs at least one reference per hypothesis, but got an empty array.");
  }
  for (let r = 0; r < refs.length; r++) {
    if (typeof refs[r] !== "string") {
      throw new GramscoreError(ErrorCode.INVALID_TYPE, `Reference ${r} must be a string, but got ${describeValue(refs[r])}.`);
    }
  }
  return refs as readonly string[];
}

/** Appends `b`'s row chunks to `a`'s, merging small chunks so there are O(log n) of them. */
function mergeRows(a: readonly number[][], b: readonly number[][]): number[][] {
  const chunks = [...a, ...b].sort((x, y) => y.length - x.length);
  while (chunks.length >= 2 && chunks[chunks.length - 2]!.length <= 2 * chunks[chunks.length - 1]!.length) {
    const last = chunks.pop()!;
    const prev = chunks.pop()!;
    chunks.push(prev.concat(last));
    chunks.sort((x, y) => y.length - x.length);
  }
  return chunks;
}

function invalidStats(message: string): GramscoreError {
  return new GramscoreError(ErrorCode.INVALID_STATS, message);
}

/**
 * Creates a ROUGE metric (core `Metric`): rouge-score 0.1.2 (default) or ROUGE-1.5.5 (`mode:
 * "rouge155"`), any tokenizer, multi-reference policies, signatures, explanations. Statistics are
 * exact sums (and, with bootstrap, every segment's row), so merging is associative and commutative
 * and chunked scoring equals one pass.
 *
 * ```ts
 * const m = createRouge({ rougeTypes: ["rouge1", "rougeL"], stemmer: "porter" });
 * m.score(m.stats("the cats sat", ["the cat sat down"]), "segment").rouge1; // { precision: 1, recall: 0.75, fmeasure: 0.857… }
 * ```
 * @param context Resolves tokenizer names that are not built in (a registry passes its own).
 * @throws GramscoreError `INVALID_OPTION`, `UNKNOWN_TOKENIZER`.
 */
export function createRouge(options: RougeOptions = {}, context?: MetricContext): RougeMetric {
  return buildRouge(options, context, undefined);
}

/** @internal createRouge with the mode fixed by a descriptor. */
export function buildRouge(options: RougeOptions | undefined, context: MetricContext | undefined, forcedMode: RougeMode | undefined): RougeMetric {
  const { config, raw } = resolveConfig(options, forcedMode);
  const tokenizer = resolveTokenizer(raw, config.mode, context);
  const normalizer = resolveNormalizeOption(raw.normalize, config.mode === "rouge155" ? "ROUGE-1.5.5" : "ROUGE");
  const engine = new RougeEngine(config, tokenizer);
  const types = config.types.map((t) => t.key);
  const stride = engine.stride;
  const columns = engine.columns;
  const rouge155 = config.mode === "rouge155";
  const token = rouge155 && config.averaging === "token";
  const name = rouge155 ? "rouge155" : "rouge";

  const fields: (readonly [string, SignatureValue | undefined])[] = [["mode", config.mode], ...tokenizer.fields, ["multi", config.multiRef]];
  if (rouge155) {
    fields.push(["alpha", String(config.alpha)], ["avg", config.averaging]);
    if (config.lengthLimit > 0) fields.push(["limit", `${config.lengthLimit}w`]);
    if (config.byteLimit > 0) fields.push(["limit", `${config.byteLimit}b`]);
    if (config.emptyReference === "zero" && config.types.some((t) => t.kind === "w")) fields.push(["empty", "zero"]);
  }
  if (config.bootstrap) fields.push(["bs", config.bootstrap.samples], ["seed", config.bootstrap.seed], ["ci", String(config.bootstrap.confidence)]);
  fields.push(["version", signatureVersion(VERSION)]);
  const tail = formatSignature(fields);
  const signature = `${types.join("+")}|${tail}`;
  /** The signatures with the normalizer's `norm:` field, if there is one (the metric's own comes from `withNormalizer`). */
  const signed = (s: string): string => (normalizer === undefined ? s : signatureWithNormalizer(s, normalizer));
  const fullSignature = signed(signature);

  /** Turns column sums of `n` segments into P, R, F per type (3 values per type). */
  const corpusValues = (sums: ArrayLike<number>, n: number, out: Float64Array, level: ScoreLevel): void => {
    for (let ti = 0; ti < types.length; ti++) {
      const o = ti * stride;
      if (token && level === "corpus") {
        const m = sums[o + 3]!;
        const p = sums[o + 4]!;
        const h = sums[o + 5]!;
        const R = m > 0 ? h / m : 0;
        const P = p > 0 ? h / p : 0;
        const d = (1 - config.alpha) * P + config.alpha * R;
        out[ti * 3] = P;
        out[ti * 3 + 1] = R;
        out[ti * 3 + 2] = d > 0 ? (R * P) / d : 0;
      } else {
        out[ti * 3] = n > 0 ? sums[o]! / n : 0;
        out[ti * 3 + 1] = n > 0 ? sums[o + 1]! / n : 0;
        out[ti * 3 + 2] = n > 0 ? sums[o + 2]! / n : 0;
      }
    }
  };

  /** True when validateSegment would accept `seg` (a reference the engine has cached was checked when it was cached). */
  const isValid = (seg: unknown): seg is Segment => {
    if (!hasSegmentShape(seg) || findLoneSurrogate(seg.hyp) >= 0) return false;
    const refs = seg.refs;
    for (let r = 0; r < refs.length; r++) if (!engine.hasReference(refs[r]!) && findLoneSurrogate(refs[r]!) >= 0) return false;
    return true;
  };

  const toScore = (v: ArrayLike<number>, ti: number): RougeScore => ({
    precision: v[ti * 3]!,
    recall: v[ti * 3 + 1]!,
    fmeasure: v[ti * 3 + 2]!,
  });

  /** The metric users get: `metric`, or `metric` on normalized text. */
  let outer: RougeMetric;
  const metric: RougeMetric = {
    ...rougePairwise(engine, () => metric),
    name,
    higherIsBetter: true,
    mode: config.mode,
    types,

    empty(): RougeStats {
      const s: RougeStats = { count: 0, sums: Array.from({ length: columns }, () => []) };
      if (config.bootstrap) s.rows = [];
      return s;
    },

    stats(hyp: string, refs: readonly string[]): RougeStats {
      const references = checkSegment(hyp, refs);
      const row = engine.segment(hyp, references);
      const sums = new Array<number[]>(columns);
      for (let c = 0; c < columns; c++) sums[c] = exactOf(row[c]!);
      const s: RougeStats = { count: 1, sums };
      if (config.bootstrap) s.rows = [Array.from(row)];
      return s;
    },

    corpusStats(segments: Iterable<Segment>): RougeStats {
      if (config.bootstrap) {
        // Bootstrap keeps every row: the per-segment statistics it needs anyway.
        let total = metric.empty();
        let index = 0;
        for (const raw of segments) {
          const seg = validateSegment(raw, index++);
          total = metric.merge(total, metric.stats(seg.hyp, seg.refs));
        }
        return total;
      }
      const sums = new ExactColumns(columns);
      let count = 0;
      const deferText = engine.readsWholeTexts;
      const add = (raw: unknown): void => {
        if (deferText && hasSegmentShape(raw)) {
          // The engine reads every code unit and throws on a lone surrogate; then validateSegment
          // throws its own error for the record (or, if it finds none, the engine's stands).
          let row: Float64Array;
          try {
            row = engine.segment(raw.hyp, raw.refs);
          } catch (error) {
            validateSegment(raw, count);
            throw error;
          }
          sums.addRow(row);
        } else {
          // What validateSegment and checkSegment accept, checked without building their messages; a
          // reference the engine has cached was checked when it was cached. Else they throw their errors.
          const seg = isValid(raw) ? raw : validateSegment(raw, count);
          sums.addRow(engine.segment(seg.hyp, checkSegment(seg.hyp, seg.refs)));
        }
        count++;
      };
      // Arrays by index: no iterator results while the loop is not yet optimized.
      if (Array.isArray(segments)) for (let i = 0; i < segments.length; i++) add(segments[i]);
      else for (const raw of segments) add(raw);
      return { count, sums: sums.sums() };
    },

    merge(a: RougeStats, b: RougeStats): RougeStats {
      if (a.sums.length !== columns || b.sums.length !== columns) {
        throw invalidStats(`Cannot merge ROUGE statistics with ${a.sums.length} and ${b.sums.length} columns into a metric with ${columns}: they come from different options.`);
      }
      const sums = new Array<number[]>(columns);
      for (let c = 0; c < columns; c++) sums[c] = exactAdd(a.sums[c]!, b.sums[c]!);
      const s: RougeStats = { count: a.count + b.count, sums };
      if (config.bootstrap) s.rows = mergeRows(a.rows ?? [], b.rows ?? []);
      return s;
    },

    score(stats: RougeStats, level: ScoreLevel = "corpus"): RougeResult {
      const sums = new Float64Array(columns);
      for (let c = 0; c < columns; c++) sums[c] = exactValue(stats.sums[c]!);
      const values = new Float64Array(types.length * 3);
      corpusValues(sums, stats.count, values, level);
      const result: RougeResult = {};
      types.forEach((t, ti) => {
        result[t] = toScore(values, ti);
      });
      if (config.bootstrap && level === "corpus" && stats.count > 0 && stats.rows !== undefined) {
        const rows = canonicalRows(stats.rows, columns);
        const { samples, seed, confidence } = config.bootstrap;
        const [low, mid, high] = bootstrap(rows, columns, samples, seed, confidence, types.length * 3, (s, n, out) =>
          corpusValues(s, n, out, "corpus"),
        );
        types.forEach((t, ti) => {
          const r = result[t] as RougeTypeResult;
          r.low = toScore(low, ti);
          r.mid = toScore(mid, ti);
          r.high = toScore(high, ti);
        });
      }
      return result;
    },

    signature: () => signature,

    rows(key?: string): StatsRows<RougeStats> {
      const wanted = key ?? types[0]!;
      const dot = wanted.lastIndexOf(".");
      const measure = dot > 0 ? wanted.slice(dot + 1) : "f";
      const type = dot > 0 ? wanted.slice(0, dot) : wanted;
      const ti = types.indexOf(type);
      const mi = ["p", "r", "f"].indexOf(measure);
      if (ti < 0 || mi < 0) {
        throw new GramscoreError(
          ErrorCode.INVALID_OPTION,
          `This metric resamples ${types.map((t) => `${t}, ${t}.p, ${t}.r, ${t}.f`).join("; ")}, not ${describeValue(key)}.`,
        );
      }
      const at = ti * 3 + mi;
      const values = new Float64Array(types.length * 3);
      return {
        name: dot > 0 ? wanted : type,
        width: columns,
        float32: false,
        toRow(stats, out, offset) {
          for (let c = 0; c < columns; c++) out[offset + c] = exactValue(stats.sums[c]!);
        },
        score(sums, count) {
          corpusValues(sums, count, values, "corpus");
          return values[at]!;
        },
        scoreStats(stats) {
          const sums = new Float64Array(columns);
          for (let c = 0; c < columns; c++) sums[c] = exactValue(stats.sums[c]!);
          corpusValues(sums, stats.count, values, "corpus");
          return values[at]!;
        },
      };
    },

    typeSignature(type: string): string {
      if (!types.includes(type)) {
        throw new GramscoreError(ErrorCode.INVALID_OPTION, `This metric computes ${types.join(", ")}, not ${JSON.stringify(type)}.`);
      }
      return signed(`${type}|${tail}`);
    },

    summarize(result: RougeResult): Record<string, number> {
      const out: Record<string, number> = {};
      for (const t of types) {
        const r = result[t];
        if (r === undefined) continue;
        out[`${t}.p`] = r.precision;
        out[`${t}.r`] = r.recall;
        out[`${t}.f`] = r.fmeasure;
        for (const bound of ["low", "mid", "high"] as const) {
          const b = r[bound];
          if (b === undefined) continue;
          out[`${t}.p.${bound}`] = b.precision;
          out[`${t}.r.${bound}`] = b.recall;
          out[`${t}.f.${bound}`] = b.fmeasure;
        }
      }
      return out;
    },

    format(result: RougeResult, options: FormatOptions = {}): string {
      const width = options.width ?? (rouge155 ? 5 : 4);
      const f = (x: number) => formatFixed(x, width);
      const parts: string[] = [];
      for (const t of types) {
        const r = result[t];
        if (r === undefined) continue;
        let s = rouge155 ? `${t} R:${f(r.recall)} P:${f(r.precision)} F:${f(r.fmeasure)}` : `${t} P:${f(r.precision)} R:${f(r.recall)} F:${f(r.fmeasure)}`;
        if (r.low !== undefined && r.high !== undefined && config.bootstrap) {
          s += ` (F ${formatFixed(config.bootstrap.confidence * 100, 0)}%-conf.int. ${f(r.low.fmeasure)} - ${f(r.high.fmeasure)})`;
        }
        parts.push(s);
      }
      return parts.join(" | ");
    },

    parseStats(value: unknown): RougeStats {
      const v = value as Partial<RougeStats> | null;
      if (v === null || typeof v !== "object" || Array.isArray(v)) {
        throw invalidStats(`ROUGE statistics must be an object { count, sums${config.bootstrap ? ", rows" : ""} }, but got ${describeValue(value)}.`);
      }
      if (typeof v.count !== "number" || !Number.isInteger(v.count) || v.count < 0) {
        throw invalidStats(`ROUGE statistics need a non-negative integer count, but got ${describeValue(v.count)}.`);
      }
      if (!Array.isArray(v.sums) || v.sums.length !== columns) {
        throw invalidStats(
          `ROUGE statistics of ${fullSignature} have ${columns} columns (sums), but got ${Array.isArray(v.sums) ? `${v.sums.length}` : describeValue(v.sums)}.`,
        );
      }
      for (const s of v.sums) {
        if (!isExactSum(s)) throw invalidStats(`Every ROUGE statistics column must be an exact sum (a list of non-zero finite numbers in canonical form), but one is ${describeValue(s)}.`);
      }
      const out: RougeStats = { count: v.count, sums: v.sums.map((s) => [...s]) };
      if (config.bootstrap) {
        if (!Array.isArray(v.rows)) throw invalidStats("These ROUGE statistics lack the rows that bootstrap resampling needs; they were computed without bootstrap.");
        let n = 0;
        for (const chunk of v.rows) {
          if (!Array.isArray(chunk) || chunk.length % columns !== 0 || !chunk.every((x) => typeof x === "number" && Number.isFinite(x))) {
            throw invalidStats(`Every chunk of ROUGE bootstrap rows must be a list of finite numbers, a multiple of ${columns} long.`);
          }
          n += chunk.length / columns;
        }
        if (n !== v.count) throw invalidStats(`ROUGE statistics count ${v.count} segments but hold ${n} bootstrap rows.`);
        out.rows = v.rows.map((c) => [...c]);
      } else if (v.rows !== undefined) {
        throw invalidStats("These ROUGE statistics hold bootstrap rows, but this metric has no bootstrap: create it with the same options (bootstrap: true).");
      }
      return out;
    },

    scoreSegment(hypothesis: string, references: readonly string[]): RougeResult {
      return outer.score(outer.stats(hypothesis, references), "segment");
    },

    explain(hypothesis: string, references: readonly string[]): RougeExplanation {
      const refs = checkSegment(hypothesis, references);
      return explainSegment(engine, hypothesis, refs, fullSignature);
    },
  };
  outer = withNormalizer(metric, normalizer);
  return outer;
}
