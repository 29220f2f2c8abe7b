/**
 * Confidence intervals and paired significance tests on the command line (`score --paired-bs`,
 * `--paired-ar`, `--confidence`; `merge` with the same flags on shards written by `stats --rows`):
 * the per-segment statistics rows are gathered while the input is scored (in this thread or in the
 * worker threads of `--jobs`, joined in input order), then resampled by `@gramscore/significance`,
 * whose numbers and text are sacrebleu 2.6.0's for the same seed.
 */
import { ErrorCode, GramscoreError } from "@gramscore/core";
import type { Metric, StatsRows } from "@gramscore/core";
import { DEFAULT_SEED, concatRows, confidenceInterval, pairedTest, rowsOf } from "@gramscore/significance";
import type { Seed, SystemRows } from "@gramscore/significance";
import { usageError } from "../shared/errors.js";
import type { Report, SignificancePlan, SignificanceResult, SystemReport } from "../shared/report.js";
import type { InputRecord } from "../input/read.js";

/** The significance flags of `score` and `merge`, as commander parses them. */
export interface SignificanceFlags {
  pairedBs?: boolean;
  pairedAr?: boolean;
  confidence?: boolean;
  pairedBsN?: number;
  pairedArN?: number;
  confidenceN?: number;
  /** `--paired-ar-ci`: bootstrap CIs with AR too. */
  pairedArCi?: boolean;
  /** `--paired-ar-ci-n <n>`: their resamples (implies `--paired-ar-ci`). */
  pairedArCiN?: number;
  baseline?: string;
  seed?: string;
}

/**
 * sacrebleu 2.6.0's command-line defaults (not the 2,000 the issue first proposed): the point is
 * output identical to sacrebleu's for the same command (docs/decisions.md, Significance).
 */
export const SIGNIFICANCE_DEFAULTS = { confidence: 1000, bs: 1000, ar: 10000, arCi: 1000 } as const;

/** `--seed` or `SACREBLEU_SEED`: a non-negative integer or `none` (case-insensitive). */
function parseSeed(value: string, where: string): Seed {
  const v = value.trim();
  if (v.toLowerCase() === "none") return null;
  if (!/^\d+$/.test(v)) {
    throw usageError(`${where} must be a non-negative whole number or "none" (an unseeded run), but got ${JSON.stringify(value)}. The default is ${DEFAULT_SEED}, as sacrebleu's.`);
  }
  const n = Number(v);
  return Number.isSafeInteger(n) ? n : BigInt(v);
}

/**
 * The plan of the significance flags, or undefined when none is given.
 * @throws GramscoreError `USAGE` for flags that do not go together or bad values.
 */
export function significancePlan(flags: SignificanceFlags, env: Record<string, string | undefined>): SignificancePlan | undefined {
  const tests = [flags.pairedBs === true && "--paired-bs", flags.pairedAr === true && "--paired-ar", flags.confidence === true && "--confidence"].filter(
    (t): t is string => typeof t === "string",
  );
  const stray = (
    [
      ["--paired-bs-n", flags.pairedBsN, "--paired-bs"],
      ["--paired-ar-n", flags.pairedArN, "--paired-ar"],
      ["--paired-ar-ci", flags.pairedArCi, "--paired-ar"],
      ["--paired-ar-ci-n", flags.pairedArCiN, "--paired-ar"],
      ["--confidence-n", flags.confidenceN, "--confidence"],
      ["--baseline", flags.baseline, "--paired-bs or --paired-ar"],
    ] as const
  ).find(([flag, value, needs]) => value !== undefined && value !== false && !needs.split(" or ").some((n) => tests.includes(n)) && flag !== undefined);
  if (tests.length === 0) {
    if (stray !== undefined) throw usageError(`${stray[0]} goes with ${stray[2]}, which was not given.`);
    if (flags.seed !== undefined) throw usageError("--seed goes with --paired-bs, --paired-ar or --confidence, none of which was given.");
    return undefined;
  }
  if (tests.length > 1) {
    throw usageError(
      `${tests.join(" and ")} cannot be combined: run one procedure at a time (as sacrebleu). --paired-bs already gives each system's bootstrap mean and 95% CI; ` +
        "--paired-ar gives them with --paired-ar-ci.",
    );
  }
  if (stray !== undefined) throw usageError(`${stray[0]} goes with ${stray[2]}, but ${tests[0]} was given.`);
  const envSeed = env.SACREBLEU_SEED;
  const seed =
    flags.seed !== undefined ? parseSeed(flags.seed, "--seed") : envSeed !== undefined && envSeed !== "" ? parseSeed(envSeed, "SACREBLEU_SEED") : DEFAULT_SEED;
  if (flags.confidence === true) return { kind: "confidence", samples: flags.confidenceN ?? SIGNIFICANCE_DEFAULTS.confidence, seed };
  const test = flags.pairedBs === true ? "bs" : "ar";
  const arCi = flags.pairedArCiN ?? (flags.pairedArCi === true ? SIGNIFICANCE_DEFAULTS.arCi : 0);
  return {
    kind: "paired",
    test,
    samples: test === "bs" ? (flags.pairedBsN ?? SIGNIFICANCE_DEFAULTS.bs) : (flags.pairedArN ?? SIGNIFICANCE_DEFAULTS.ar),
    arConfidence: arCi,
    seed,
    baseline: flags.baseline,
  };
}

// ---------------------------------------------------------------------------------------------
// Gathering rows (and segment digests) while the input is scored

/** What a {@link RowCollector} gathers: rows for resampling and/or per-segment digests for shards. */
export interface CollectSpec {
  /** Keep every segment's statistics row under each metric. */
  readonly rows: boolean;
  /** Keep a 64-bit digest of every segment's text (hypothesis and references). */
  readonly digests: boolean;
  /**
   * Keep what identifies every segment across systems (paired tests): a 64-bit digest of its source
   * (a JSONL record's `"src"`) or, without one, of its references; see {@link pairingKey}.
   */
  readonly pairing?: boolean;
}

/** One system's gathered data over a part of the input (what a worker sends back). */
export interface CollectedPart {
  /** Segments in the part. */
  readonly count: number;
  /** Per metric: `count × width` numbers. */
  readonly rows?: Float64Array[];
  /** Two 32-bit words per segment. */
  readonly digests?: Uint32Array;
  /** {@link PAIRING_WORDS} words per segment ({@link pairingKey}). */
  readonly keys?: Uint32Array;
}

interface Growing {
  data: Float64Array;
  used: number;
}

function grow(g: Growing, extra: number): void {
  if (g.used + extra <= g.data.length) return;
  const next = new Float64Array(Math.max(g.data.length * 2, g.used + extra, 256));
  next.set(g.data.subarray(0, g.used));
  g.data = next;
}

interface SystemData {
  /** Finished chunks, in input order. */
  chunks: CollectedPart[];
  /** The chunk being filled in this thread. */
  count: number;
  rows: Growing[] | undefined;
  digests: { data: Uint32Array; used: number } | undefined;
  keys: { data: Uint32Array; used: number } | undefined;
}

/** Words per segment of a pairing key: two of digest, the kind ({@link KEY_SOURCE}, {@link KEY_REFERENCES}), the input line. */
export const PAIRING_WORDS = 4;
/** A pairing key made from the segment's source. */
export const KEY_SOURCE = 1;
/** A pairing key made from the segment's references (no source given). */
export const KEY_REFERENCES = 2;

/**
 * What identifies a segment across the systems of a paired test, at `out[offset..offset+4)`: a
 * 64-bit digest of its source (a JSONL record's `"src"`) when it has one, else of its references
 * (the same {@link segmentDigest} with an empty hypothesis); the kind of digest; and the record's line
 * (for messages, not compared).
 */
export function pairingKey(record: InputRecord, out: Uint32Array, offset: number): void {
  if (record.src !== undefined) {
    segmentDigest("", [record.src], out, offset);
    out[offset + 2] = KEY_SOURCE;
  } else {
    segmentDigest("", record.refs, out, offset);
    out[offset + 2] = KEY_REFERENCES;
  }
  out[offset + 3] = record.line >>> 0;
}

function pushWords(g: { data: Uint32Array; used: number }, n: number): void {
  if (g.used + n <= g.data.length) return;
  const next = new Uint32Array(Math.max(g.data.length * 2, g.used + n));
  next.set(g.data);
  g.data = next;
}

/**
 * 64 bits of a segment's text (two 32-bit lanes of multiply-xor hashing over its UTF-16 code units,
 * each string ended by a separator no code unit equals). Not cryptographic: it identifies segments so
 * that `merge` can see the same segments in two shards.
 */
export function segmentDigest(hyp: string, refs: readonly string[], out: Uint32Array, offset: number): void {
  let h1 = 0x9e3779b9;
  let h2 = 0x85ebca6b;
  const feed = (s: string, sep: number): void => {
    for (let i = 0; i < s.length; i++) {
      const c = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 0x9e3779b1);
      h2 = Math.imul(h2 ^ c, 0x5f356495);
      h2 = (h2 << 13) | (h2 >>> 19);
    }
    h1 = Math.imul(h1 ^ sep, 0x9e3779b1);
    h2 = Math.imul(h2 ^ sep, 0x5f356495);
  };
  feed(hyp, 0x10000);
  for (let r = 0; r < refs.length; r++) feed(refs[r]!, 0x10001 + r);
  h1 = Math.imul(h1 ^ (h1 >>> 16), 0x85ebca6b);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 0xc2b2ae35);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 0x85ebca6b);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 0xc2b2ae35);
  out[offset] = h1 >>> 0;
  out[offset + 1] = h2 >>> 0;
}

/**
 * Gathers, per system, every segment's statistics row under each metric and/or every segment's
 * digest, as the engine's `Tally` scores records (its record hook). Worker threads gather their part
 * and send it back ({@link take}); the main thread joins the parts in input order ({@link addPart}).
 */
export class RowCollector {
  private readonly resamplers: (StatsRows<unknown> | undefined)[];
  private readonly systems = new Map<string, SystemData>();

  /** @throws GramscoreError `NOT_RESAMPLABLE` (rows asked for a metric without them). */
  constructor(
    private readonly metrics: readonly Metric[],
    readonly spec: CollectSpec,
  ) {
    this.resamplers = metrics.map((m) => (spec.rows ? rowsOf(m) : undefined));
  }

  private data(system: string): SystemData {
    let d = this.systems.get(system);
    if (d === undefined) {
      d = {
        chunks: [],
        count: 0,
        rows: this.spec.rows ? this.metrics.map(() => ({ data: new Float64Array(0), used: 0 })) : undefined,
        digests: this.spec.digests ? { data: new Uint32Array(512), used: 0 } : undefined,
        keys: this.spec.pairing === true ? { data: new Uint32Array(1024), used: 0 } : undefined,
      };
      this.systems.set(system, d);
    }
    return d;
  }

  /** A record was scored: its statistics under each metric. */
  add(system: string, record: InputRecord, stats: readonly unknown[]): void {
    const d = this.data(system);
    if (d.rows !== undefined) {
      for (let k = 0; k < stats.length; k++) {
        const r = this.resamplers[k]!;
        const g = d.rows[k]!;
        grow(g, r.width);
        r.toRow(stats[k], g.data, g.used);
        g.used += r.width;
      }
    }
    if (d.digests !== undefined) {
      const g = d.digests;
      if (g.used + 2 > g.data.length) {
        const next = new Uint32Array(g.data.length * 2);
        next.set(g.data);
        g.data = next;
      }
      segmentDigest(record.hyp, record.refs, g.data, g.used);
      g.used += 2;
    }
    if (d.keys !== undefined) {
      pushWords(d.keys, PAIRING_WORDS);
      pairingKey(record, d.keys.data, d.keys.used);
      d.keys.used += PAIRING_WORDS;
    }
    d.count++;
  }

  private flush(d: SystemData): void {
    if (d.count === 0) return;
    const part: { count: number; rows?: Float64Array[]; digests?: Uint32Array; keys?: Uint32Array } = { count: d.count };
    if (d.rows !== undefined) {
      part.rows = d.rows.map((g) => g.data.slice(0, g.used));
      for (const g of d.rows) g.used = 0;
    }
    if (d.digests !== undefined) {
      part.digests = d.digests.data.slice(0, d.digests.used);
      d.digests.used = 0;
    }
    if (d.keys !== undefined) {
      part.keys = d.keys.data.slice(0, d.keys.used);
      d.keys.used = 0;
    }
    d.chunks.push(part);
    d.count = 0;
  }

  /** Everything gathered for `system` so far, as one part (and forgotten here). */
  take(system: string): CollectedPart | undefined {
    const d = this.systems.get(system);
    if (d === undefined) return undefined;
    this.flush(d);
    const chunks = d.chunks;
    d.chunks = [];
    if (chunks.length === 0) return undefined;
    if (chunks.length === 1) return chunks[0];
    return joinParts(chunks);
  }

  /** Adds a part gathered elsewhere (a worker), after what this collector holds for the system. */
  addPart(system: string, part: unknown): void {
    const d = this.data(system);
    this.flush(d);
    d.chunks.push(part as CollectedPart);
  }

  /** Segment digests of `system` in input order (two words per segment). */
  digests(system: string): Uint32Array {
    const part = this.take(system);
    if (part !== undefined) this.systems.get(system)!.chunks.push(part);
    return part?.digests ?? new Uint32Array(0);
  }

  /** Pairing keys of `system` in input order ({@link PAIRING_WORDS} words per segment; see {@link pairingKey}). */
  keys(system: string): Uint32Array {
    const part = this.take(system);
    if (part !== undefined) this.systems.get(system)!.chunks.push(part);
    return part?.keys ?? new Uint32Array(0);
  }

  /**
   * The rows of `system` under metric `k`, joined in input order by `concatRows`; `merged` is the
   * system's merged statistics (the score and signature come from it).
   */
  systemRows(system: string, k: number, merged: unknown): SystemRows {
    const d = this.data(system);
    this.flush(d);
    const metric = this.metrics[k]!;
    const resampler = this.resamplers[k]!;
    const parts: SystemRows[] = d.chunks.map((c) => ({
      name: resampler.name,
      count: c.count,
      width: resampler.width,
      rows: c.rows![k]!,
      score: Number.NaN,
      signature: "",
      resampler,
    }));
    if (parts.length === 0) parts.push({ name: resampler.name, count: 0, width: resampler.width, rows: new Float64Array(0), score: Number.NaN, signature: "", resampler });
    return concatRows(parts, metric, merged);
  }
}

function joinParts(chunks: readonly CollectedPart[]): CollectedPart {
  const count = chunks.reduce((n, c) => n + c.count, 0);
  const out: { count: number; rows?: Float64Array[]; digests?: Uint32Array; keys?: Uint32Array } = { count };
  if (chunks[0]!.rows !== undefined) {
    out.rows = chunks[0]!.rows.map((_, k) => {
      const all = new Float64Array(chunks.reduce((n, c) => n + c.rows![k]!.length, 0));
      let at = 0;
      for (const c of chunks) {
        all.set(c.rows![k]!, at);
        at += c.rows![k]!.length;
      }
      return all;
    });
  }
  if (chunks[0]!.digests !== undefined) {
    const all = new Uint32Array(count * 2);
    let at = 0;
    for (const c of chunks) {
      all.set(c.digests!, at);
      at += c.digests!.length;
    }
    out.digests = all;
  }
  if (chunks[0]!.keys !== undefined) {
    const all = new Uint32Array(count * PAIRING_WORDS);
    let at = 0;
    for (const c of chunks) {
      all.set(c.keys!, at);
      at += c.keys!.length;
    }
    out.keys = all;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Running the procedures

/** Rows of every system under metric `k`. */
export type RowsSource = (system: SystemReport, k: number) => SystemRows;

/** Pairing keys of a system ({@link PAIRING_WORDS} words per segment), or undefined when not known. */
export type KeysSource = (system: SystemReport) => Uint32Array | undefined;

/**
 * Refuses systems whose segments do not pair up: a paired test compares segment i of every system,
 * so each must have the same source (or, without sources, the same references) at every position.
 * Compares every system with the first; reports the first position that differs.
 * @throws GramscoreError `BAD_SYSTEMS` naming the system, the segment, its line and what differs.
 */
export function checkPairing(systems: readonly SystemReport[], keys: KeysSource, where = "input"): void {
  if (systems.length < 2) return;
  const first = systems[0]!;
  const base = keys(first);
  if (base === undefined) return;
  for (const s of systems.slice(1)) {
    const other = keys(s);
    if (other === undefined) continue;
    const n = Math.min(base.length, other.length) / PAIRING_WORDS;
    for (let i = 0; i < n; i++) {
      const a = i * PAIRING_WORDS;
      if (base[a] === other[a] && base[a + 1] === other[a + 1] && base[a + 2] === other[a + 2]) continue;
      const kindA = base[a + 2];
      const kindB = other[a + 2];
      const what =
        kindA !== kindB
          ? `one has a source ("src") and the other not (${kindA === KEY_SOURCE ? first.name : s.name}'s has one)`
          : kindA === KEY_SOURCE
            ? `their sources ("src") differ`
            : `their references differ (no "src" is given, so segments are matched by their references)`;
      const line = (k: Uint32Array) => (k[a + 3]! > 0 ? ` (line ${k[a + 3]})` : "");
      throw new GramscoreError(
        ErrorCode.BAD_SYSTEMS,
        `Paired tests compare the systems segment by segment, but segment ${i + 1} of system ${s.name}${line(other)} is not segment ${i + 1} of ` +
          `system ${first.name}${line(base)}: ${what}. The systems' records must be in the same segment order in the ${where} ` +
          "(sort each system's records the same way, e.g. by segment id, or give every record its source as \"src\").",
        { details: { system: s.name, baseline: first.name, segment: i + 1, line: other[a + 3], baselineLine: base[a + 3], differs: kindA !== kindB ? "kind" : kindA === KEY_SOURCE ? "src" : "refs" } },
      );
    }
  }
}

/**
 * Runs the planned procedure on every metric of the report (metrics in report order; systems in
 * report order, the baseline first unless --baseline names another).
 * With `keys`, paired tests first check that the systems' segments pair up ({@link checkPairing}).
 * @throws GramscoreError `BAD_SYSTEMS` (one system with a paired test, unknown baseline, segments
 *   that do not pair up), `LENGTH_MISMATCH` (systems of different lengths).
 */
export function runSignificance(plan: SignificancePlan, report: Report, rows: RowsSource, keys?: KeysSource): SignificanceResult {
  if (plan.kind === "confidence") {
    return {
      kind: "confidence",
      plan,
      systems: report.systems.map((s) => ({
        system: s.name,
        intervals: report.metrics.map((_, k) => confidenceInterval(rows(s, k), { samples: plan.samples, seed: plan.seed })),
      })),
    };
  }
  const names = report.systems.map((s) => s.name);
  if (report.systems.length < 2) {
    throw new GramscoreError(
      ErrorCode.BAD_SYSTEMS,
      `--paired-${plan.test} compares systems with a baseline, but the input holds one system (${names.join(", ")}). ` +
        "Give the baseline and the systems as hypothesis files (-i base.txt sysA.txt sysB.txt ref.txt) or as JSONL records with a \"system\" field; " +
        "for one system's confidence interval use --confidence.",
      { details: { systems: names } },
    );
  }
  if (plan.baseline !== undefined && !names.includes(plan.baseline)) {
    throw new GramscoreError(
      ErrorCode.BAD_SYSTEMS,
      `--baseline ${plan.baseline} is not one of the systems: ${names.join(", ")}. Name one of them (text input names systems by their hypothesis files as given, or by --system).`,
      { details: { baseline: plan.baseline, systems: names } },
    );
  }
  const counts = report.systems.map((s) => s.count);
  if (counts.some((c) => c !== counts[0])) {
    throw new GramscoreError(
      ErrorCode.LENGTH_MISMATCH,
      `Paired tests compare systems segment by segment, but the systems have different numbers of segments: ${report.systems.map((s) => `${s.name} ${s.count}`).join(", ")}. ` +
        "Give every system a hypothesis for every segment.",
      { details: { counts: Object.fromEntries(report.systems.map((s) => [s.name, s.count])) } },
    );
  }
  if (keys !== undefined) checkPairing(report.systems, keys);
  const results = report.metrics.map((_, k) =>
    pairedTest(
      report.systems.map((s) => ({ name: s.name, rows: rows(s, k) })),
      {
        test: plan.test,
        samples: plan.samples,
        seed: plan.seed,
        ...(plan.arConfidence > 0 ? { arConfidence: plan.arConfidence } : {}),
        ...(plan.baseline === undefined ? {} : { baseline: plan.baseline }),
      },
    ),
  );
  return { kind: "paired", plan, results };
}

/**
 * Rows of one system from its per-segment statistics (as `gramscore report`'s annotate hook receives
 * them), scored and signed from their merge, equal to `collectRows` over the same segments.
 * @throws GramscoreError `NOT_RESAMPLABLE`, `EMPTY_INPUT`.
 */
export function rowsFromStats(metric: Metric, stats: readonly unknown[]): SystemRows {
  const resampler = rowsOf(metric);
  const rows = new Float64Array(stats.length * resampler.width);
  let merged = metric.empty();
  stats.forEach((st, i) => {
    resampler.toRow(st, rows, i * resampler.width);
    merged = metric.merge(merged, st);
  });
  const part: SystemRows = { name: resampler.name, count: stats.length, width: resampler.width, rows, score: Number.NaN, signature: "", resampler };
  return concatRows([part], metric, merged);
}

/** The summary column a resampled score belongs to: `score`, else `<name>.f` (ROUGE), else the name. */
export function columnOfRows(name: string, columns: readonly string[]): string {
  if (columns.includes("score")) return "score";
  if (columns.includes(`${name}.f`)) return `${name}.f`;
  return name;
}
