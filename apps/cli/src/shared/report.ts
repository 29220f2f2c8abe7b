/**
 * What a run produces and the output floor prints: the report of a scoring run (metrics, systems,
 * their scores) and the result of a significance run. Types only, shared by run/ and output/.
 */
import type { Metric } from "@gramscore/core";
import type { ConfidenceInterval, PairedResult, Seed } from "@gramscore/significance";

/** The result of one segment. */
export interface SegmentScore {
  /** 0-based position of the segment within its system. */
  readonly index: number;
  readonly result: unknown;
  readonly summary: Record<string, number>;
}

/** One metric's result for one system. */
export interface MetricScore {
  /** Segments covered. */
  readonly count: number;
  /** Merged sufficient statistics. */
  readonly stats: unknown;
  /** `score(stats, "corpus")`. */
  readonly corpus: unknown;
  /** `summarize(corpus)`: the numbers tables show. */
  readonly summary: Record<string, number>;
  /** Per-segment results, when asked for. */
  readonly segments?: readonly SegmentScore[];
}

/** All results of one system. */
export interface SystemReport {
  readonly name: string;
  readonly count: number;
  /** One entry per metric of the report, in the same order (undefined when a shard lacked it). */
  readonly scores: readonly (MetricScore | undefined)[];
}

/** A metric as the report describes it. */
export interface MetricInfo {
  readonly name: string;
  readonly plugin: string;
  readonly signature: string;
  readonly higherIsBetter: boolean;
  readonly options: Record<string, unknown>;
  /** The metric instance (for its optional `format()`); not serialized. */
  readonly metric: Metric;
  /** Summary keys that are not scores (a CI half-width, a p-value): never marked as the best value. */
  readonly unrankedKeys?: readonly string[];
}

/** Everything `score`, `merge` and `demo` print. */
export interface Report {
  readonly metrics: readonly MetricInfo[];
  readonly systems: readonly SystemReport[];
  /** True when systems carry per-segment results. */
  readonly segments: boolean;
}

/** Something that takes per-segment results as they are scored (see output/segment-stream.ts). */
export interface SegmentSink {
  segment(system: string, index: number, results: readonly SegmentScore[]): void;
}


/** What a run with significance flags computes. */
export type SignificancePlan =
  | { readonly kind: "confidence"; readonly samples: number; readonly seed: Seed }
  | {
      readonly kind: "paired";
      readonly test: "bs" | "ar";
      readonly samples: number;
      /** Bootstrap resamples for AR confidence intervals (0: none). */
      readonly arConfidence: number;
      readonly seed: Seed;
      readonly baseline: string | undefined;
    };

/** The results of a significance run. */
export type SignificanceResult =
  | { readonly kind: "confidence"; readonly plan: SignificancePlan; readonly systems: readonly { system: string; intervals: ConfidenceInterval[] }[] }
  | { readonly kind: "paired"; readonly plan: SignificancePlan; readonly results: PairedResult[] };

