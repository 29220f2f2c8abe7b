/**
 * Scoring the input of `score` and `stats` with metrics already created: in this thread, or in
 * worker threads with `--jobs` on large inputs (the same results); with a progress bar, and with the
 * statistics rows and segment digests gathered as records are scored when asked for.
 */
import { availableParallelism } from "node:os";
import { jobsMinBytes, usefulJobs } from "../shared/constants.js";
import type { ByteCounter, CliIO } from "../shared/io.js";
import { profile } from "../shared/profile.js";
import type { Report, SegmentSink } from "../shared/report.js";
import { openInput, inputPaths, type ReadFlags } from "../input/open.js";
import { recordBatches } from "../input/read.js";
import { inputBytes } from "../input/size.js";
import { startProgress } from "../output/progress.js";
import { scoreInput, type PreparedMetric } from "./engine.js";
import type { WorkerPool } from "./parallel.js";
import { RowCollector, type CollectSpec } from "./significance.js";

/** What a scoring run needs of the command's context (commands/kit.ts `Context` has it). */
export interface RunContext {
  readonly io: CliIO;
  /** Plugins of the config file and of `--plugin`: the workers load them too. */
  readonly config: { readonly plugins: readonly string[] };
  readonly pre: { readonly plugins: readonly string[]; readonly spmModel?: string | undefined };
  /** Workers started ahead for `--jobs`: taken (set to undefined) by the run that uses or drops them. */
  warmPool: Promise<WorkerPool> | undefined;
}

/** How the input is read and scored: {@link ReadFlags} with `--jobs`, `--segments` and `--no-progress`. */
export interface ScoreFlags extends ReadFlags {
  jobs?: number;
  segments?: boolean;
  progress?: boolean;
}

/**
 * Scores the input (`refs` with `flags.input`, else JSONL records) with `metrics`. `stream` takes
 * per-segment results as they come; `collect` gathers rows and digests (its `collector` is set to
 * the one used).
 */
export async function scoreInputFiles(
  ctx: RunContext,
  metrics: readonly PreparedMetric[],
  refs: readonly string[],
  flags: ScoreFlags,
  bytes: ByteCounter,
  stream?: { sink: SegmentSink; flush: () => Promise<void> },
  collect?: { spec: CollectSpec; collector?: RowCollector },
): Promise<Report> {
  // Statistics rows (significance) and segment digests (shards) are gathered as records are scored.
  const collector = collect === undefined ? undefined : new RowCollector(metrics.map((m) => m.metric), collect.spec);
  if (collect !== undefined) collect.collector = collector;
  const hooked = collector === undefined ? {} : { hook: collector, collect: collector.spec };
  const processors = availableParallelism();
  let jobs = usefulJobs(flags.jobs ?? 1, processors);
  if (flags.jobs !== undefined && jobs < flags.jobs) {
    ctx.io.stderr.write(
      `gramscore: note: --jobs ${flags.jobs} is far more than the ${processors} processor${processors === 1 ? "" : "s"} available; using ${jobs} ` +
        "(more threads only add memory and switching).\n",
    );
  }
  if (jobs > 1) {
    // Workers pay only on large inputs: below the bound, this thread scores (the same results). The
    // bound is read first, so that a bad GRAMSCORE_JOBS_MIN_BYTES is refused whatever the input.
    const bound = jobsMinBytes(ctx.io.env);
    const size = inputBytes(inputPaths(refs, flags), ctx.io.cwd);
    if (size !== undefined && size < bound) {
      jobs = 1;
      const pool = ctx.warmPool;
      ctx.warmPool = undefined;
      if (pool !== undefined) await (await pool.catch(() => undefined))?.close();
    }
  }
  if (jobs > 1) {
    const { JOB_UNIT, scoreParallel } = await import("./parallel.js");
    const units = openInput(ctx.io, refs, flags, bytes, JOB_UNIT);
    const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
    profile?.lap("set-up");
    const pool = ctx.warmPool;
    ctx.warmPool = undefined;
    try {
      return await scoreParallel(metrics, units, {
        jobs,
        cwd: ctx.io.cwd,
        plugins: [...ctx.config.plugins, ...ctx.pre.plugins],
        ...(ctx.pre.spmModel === undefined ? {} : { spmModel: ctx.pre.spmModel }),
        segments: flags.segments === true,
        onProgress: (n) => progress.update(n),
        ...(stream ?? {}),
        ...hooked,
        ...(pool === undefined ? {} : { pool }),
      });
    } finally {
      progress.stop();
    }
  }
  const batches = recordBatches(openInput(ctx.io, refs, flags, bytes));
  const progress = await startProgress(ctx.io, bytes, flags.progress !== false);
  profile?.lap("set-up");
  try {
    return await scoreInput(metrics, batches, { segments: flags.segments === true, onProgress: (n) => progress.update(n), ...(stream ?? {}), ...(collector === undefined ? {} : { hook: collector }) });
  } finally {
    progress.stop();
  }
}

