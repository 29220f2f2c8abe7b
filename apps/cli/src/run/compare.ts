/**
 * `gramscore compare`: the baseline and the candidate are scored one after the other (each its own
 * input: a hypothesis file with the reference files, or a JSONL file of one system), every segment's
 * statistics rows and pairing key kept; the segments must pair up; then `compareSystems` of
 * `@gramscore/significance` runs the paired test per metric and gives the verdicts.
 */
import { compareSystems } from "@gramscore/significance";
import type { GateResult } from "@gramscore/significance";
import { usageError } from "../shared/errors.js";
import type { Report, SignificancePlan, SystemReport } from "../shared/report.js";
import type { PreparedMetric } from "./engine.js";
import { scoreInputFiles, type RunContext } from "./score-input.js";
import { checkPairing, type RowCollector } from "./significance.js";

/** What `compare` reads. */
export interface CompareFiles {
  /** The baseline's hypothesis file (with `refs`) or JSONL file (without). */
  readonly baseline: string;
  /** The candidate's, as the baseline's. */
  readonly candidate: string;
  /** Reference files, one per reference stream; empty for JSONL input. */
  readonly refs: readonly string[];
  readonly keepWhitespace?: boolean;
  /** False: no progress bar. */
  readonly progress?: boolean;
}

/** How the gate decides (see `compareSystems`). */
export interface GatePlan {
  readonly paired: Extract<SignificancePlan, { kind: "paired" }>;
  readonly pValue: number;
  /** One threshold for every metric, or one per metric name of `-m` (others 0). */
  readonly threshold: number | Readonly<Record<string, number>>;
}

interface Side {
  readonly report: Report;
  readonly system: SystemReport;
  readonly collector: RowCollector;
}

async function scoreSide(ctx: RunContext, metrics: readonly PreparedMetric[], files: CompareFiles, role: "baseline" | "candidate"): Promise<Side> {
  const file = files[role];
  const collect: { spec: { rows: boolean; digests: boolean; pairing: boolean }; collector?: RowCollector } = {
    spec: { rows: true, digests: false, pairing: true },
  };
  const flags = { input: [file], ...(files.keepWhitespace === true ? { keepWhitespace: true } : {}), ...(files.progress === false ? { progress: false } : {}) };
  const report = await scoreInputFiles(ctx, metrics, files.refs, flags, { read: 0, total: 0 }, undefined, collect);
  if (report.systems.length !== 1) {
    const names = report.systems.map((s) => s.name);
    throw usageError(
      `compare takes one system per input, but the ${role} ${file} holds ${names.length === 0 ? "no records" : `${names.length} systems (${names.join(", ")})`}. ` +
        "Give the baseline's and the candidate's records in two files (e.g. jq -c 'select(.system == \"A\")' all.jsonl > A.jsonl), " +
        "or compare several systems at once with gramscore score --paired-bs.",
      { role, file, systems: names },
    );
  }
  return { report, system: report.systems[0]!, collector: collect.collector! };
}

/** Thresholds named as on the command line (-m names), keyed by the metrics' own names. */
function byMetricName(given: Readonly<Record<string, number>>, metrics: readonly PreparedMetric[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, t] of Object.entries(given)) {
    const m = metrics.find((x) => x.name === name || x.metric.name === name);
    if (m === undefined) {
      throw usageError(`--threshold names ${name}, which is not one of the metrics compared (${metrics.map((x) => x.name).join(", ")}). Name a metric of -m, or give one number for all.`);
    }
    out[m.metric.name] = t;
  }
  return out;
}

/**
 * Scores both inputs with `metrics` and runs the gate.
 * @throws GramscoreError `USAGE` (an input of several systems, a threshold naming no metric of -m),
 *   `BAD_SYSTEMS` (segments that do not pair up), `LENGTH_MISMATCH`, and the input's errors.
 */
export async function compareFiles(ctx: RunContext, metrics: readonly PreparedMetric[], files: CompareFiles, plan: GatePlan): Promise<GateResult> {
  const baseline = await scoreSide(ctx, metrics, files, "baseline");
  const candidate = await scoreSide(ctx, metrics, files, "candidate");
  let baselineName = baseline.system.name;
  let candidateName = candidate.system.name;
  if (baselineName === candidateName) {
    baselineName = `${baselineName} (baseline)`;
    candidateName = `${candidateName} (candidate)`;
  }
  const named = [
    { ...baseline.system, name: baselineName },
    { ...candidate.system, name: candidateName },
  ];
  checkPairing(named, (s) => (s === named[0] ? baseline.collector.keys(baseline.system.name) : candidate.collector.keys(candidate.system.name)), "baseline and candidate inputs");
  const threshold = typeof plan.threshold === "number" ? plan.threshold : byMetricName(plan.threshold, metrics);
  const p = plan.paired;
  return compareSystems(
    metrics.map((m, k) => ({
      metric: m.metric,
      baseline: baseline.collector.systemRows(baseline.system.name, k, baseline.system.scores[k]!.stats),
      candidate: candidate.collector.systemRows(candidate.system.name, k, candidate.system.scores[k]!.stats),
    })),
    {
      test: p.test,
      samples: p.samples,
      seed: p.seed,
      ...(p.arConfidence > 0 ? { arConfidence: p.arConfidence } : {}),
      pValue: plan.pValue,
      threshold,
      baselineName,
      candidateName,
    },
  );
}
